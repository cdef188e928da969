"""Buku: one test per rule of docs/rules/buku.md, on explicit positions."""

from __future__ import annotations

import json

import pytest

import ludoteca
from ludoteca.games.buku import kernel
from ludoteca.games.buku import rules as buku

GAME = ludoteca.new_game("buku")
SQ = kernel.SQUARE_INDEX


def position(pieces: dict, to_move: int = 0, white_captured: int = 0):
    """A state with `pieces` ({"c4": 2, ...}, other squares empty), loaded through JSON so
    that it is checked like any saved game. Black holds the rest of the 65 pieces."""
    state = GAME.initial_state()
    state.board = [0] * 64
    for name, count in pieces.items():
        state.board[SQ[name]] = count
    state.hand_bonus = 0
    state.to_move = to_move
    state.captured = [white_captured, 65 - white_captured - sum(state.board)]
    state.seen = {kernel.position_key(state.board, to_move): 1}
    return GAME.state_from_json(state.to_json())


def pieces_on(state, name: str) -> int:
    return state.board[SQ[name]]


def error_of(state, move):
    before = state.to_json()
    with pytest.raises(ludoteca.IllegalMoveError) as info:
        state.apply(move)
    assert state.to_json() == before  # a refused move changes nothing
    return info.value


def complete_moves(state, partial=""):
    """Every legal move extending `partial` (only for small hands)."""
    moves = []
    for step, done in state.extensions(partial):
        if done:
            moves.append(step)
        moves.extend(complete_moves(state, step))
    return moves


# --- equipment and set-up -------------------------------------------------------------


def test_setup_one_piece_per_square_and_65th_piece_held_for_white():
    s = GAME.initial_state()
    data = s.to_json()
    assert data["board"] == [[1] * 8 for _ in range(8)]
    assert data["hand_bonus"] == 1 and data["captured"] == [0, 0]
    assert data["current_player"] == 0 and data["terminal"] is False
    assert data["winner"] is None and data["game"] == "buku"


def test_a1_is_dark_and_belongs_to_black_light_squares_to_white():
    assert kernel.owner(SQ["a1"]) == 1 and kernel.owner(SQ["h8"]) == 1
    assert kernel.owner(SQ["b1"]) == 0 and kernel.owner(SQ["a2"]) == 0
    assert bin(kernel.LIGHT).count("1") == bin(kernel.DARK).count("1") == 32


def test_board_json_is_rank_first_file_first():
    s = position({"b1": 2, "a2": 1}, to_move=1)
    assert s.to_json()["board"][0][1] == 2 and s.to_json()["board"][1][0] == 1


# --- phase 1: empty a line of your own --------------------------------------------------


def test_white_lifts_ranks_and_black_lifts_files():
    s = GAME.initial_state()
    assert [step for step, _ in s.extensions("")] == [f"{r}:" for r in "12345678"]
    assert error_of(s, "e:" + "-".join(["a1"] * 9)).code == "wrong_line"
    t = s.apply("1:a2-b2-c2-d2-e2-f2-g2-h2-h3")
    assert [step for step, _ in t.extensions("")] == [f"{f}:" for f in "abcdefgh"]
    assert error_of(t, "3:a1").code == "wrong_line"
    assert t.events[0]["squares"] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]


def test_lifting_takes_every_piece_of_the_line():
    s = position({"a3": 2, "c3": 1, "h3": 3, "d4": 2}, to_move=0)
    t = s.apply("3:a1-a2-a3-a4-a5-a6")
    assert t.events[0] == {"type": "lift", "player": 0, "line": "3", "orientation": "rank",
                           "squares": [f + "3" for f in "abcdefgh"],
                           "counts": [2, 0, 1, 0, 0, 0, 0, 3], "pieces": 6, "bonus": 0,
                           "hand": 6}
    assert [pieces_on(t, f + "3") for f in "bcdefgh"] == [0] * 7
    assert pieces_on(t, "a3") == 1  # emptied, then the path passed over it


def test_65th_piece_joins_whites_first_hand_only():
    s = GAME.initial_state()
    assert s.hand("4") == 9
    assert error_of(s, "4:a1-a2-a3-a4-a5-a6-a7-a8").code == "too_few_squares"
    t = s.apply("4:a1-a2-a3-a4-a5-a6-a7-a8-b8")
    assert t.events[0]["bonus"] == 1 and t.events[0]["hand"] == 9
    assert t.hand_bonus == 0 and sum(t.board) == 65
    assert t.hand("c") == 7  # Black's hand has no bonus (c4 was emptied)
    u = t.apply("c:c1-c2-c3-c4-c5-c6-c7")
    assert u.events[0]["bonus"] == 0
    assert u.hand("4") == sum(u.board[24:32]) == 2  # nor White's second hand


def test_an_empty_line_may_be_emptied_with_an_empty_hand():
    s = position({"d4": 2, "b1": 3}, to_move=0)  # b1 is White's, raised to 3 by Black
    assert ("5:", True) in s.extensions("")
    assert s.extensions("5:") == []
    t = s.apply("5:")
    assert t.events[1] == {"type": "place", "player": 0, "path": []}
    assert error_of(s, "5:d5").code == "too_many_squares"


# --- phase 2: the path ------------------------------------------------------------------


def test_path_must_use_the_whole_hand():
    s = position({"a3": 1, "b3": 1, "d4": 2}, to_move=0)
    assert error_of(s, "3:a1").code == "too_few_squares"
    assert error_of(s, "3:a1-a2-a3").code == "too_many_squares"
    assert s.is_legal("3:a1-a2")


def test_path_steps_are_orthogonal():
    s = GAME.initial_state()
    err = error_of(s, "3:a1-b2-b3-b4-b5-b6-b7-b8-c8")
    assert err.code == "not_adjacent" and err.params["square"] == "b2"
    assert error_of(s, "3:a1-a3-a4-a5-a6-a7-a8-b8-c8").code == "not_adjacent"


def test_path_never_uses_a_square_twice():
    s = GAME.initial_state()
    err = error_of(s, "3:a1-a2-b2-b1-a1-a2-a3-a4-a5")
    assert err.code == "repeated_square"


def test_path_may_cross_the_emptied_line():
    s = GAME.initial_state()
    t = s.apply("3:a3-b3-c3-d3-e3-f3-g3-h3-h4")
    assert [pieces_on(t, f + "3") for f in "abcdefgh"] == [1] * 8
    assert pieces_on(t, "h4") == 2


def test_path_places_one_piece_per_square_in_order():
    s = GAME.initial_state()
    t = s.apply("3:c4-c5-d5-d6-e6-f6-g6-h6-h7")
    assert t.events[1]["path"] == ["c4", "c5", "d5", "d6", "e6", "f6", "g6", "h6", "h7"]
    assert all(pieces_on(t, n) == 2 for n in t.events[1]["path"])
    assert sum(t.board) == 65


def test_bad_notation_is_refused_with_a_code():
    s = GAME.initial_state()
    for move in ["", "3", "3:c4,c5", "3:C4", "3:c4--c5", "3:c4-", ":c4", "33:c4", " 3:c4"]:
        assert error_of(s, move).code in {"bad_syntax", "wrong_line"}, move
    assert error_of(s, "3:i4-i5").code == "off_board"
    assert error_of(s, "3:a9").code == "off_board"
    assert error_of(s, "9:a1").code == "wrong_line"
    assert error_of(s, 34).code == "not_a_string"
    assert error_of(s, None).code == "not_a_string"
    assert not s.is_legal(34) and not s.is_legal("3:zz")


def test_legal_moves_is_not_enumerated():
    with pytest.raises(ludoteca.IllegalMoveError) as info:
        GAME.initial_state().legal_moves()
    assert info.value.code == "use_extensions"
    assert "extensions" in str(info.value)


# --- phase 3: captures ------------------------------------------------------------------


def test_a_square_of_your_colour_reaching_3_is_captured():
    s = position({"b2": 2, "a5": 1, "a7": 1, "d4": 2}, to_move=1)  # b2 dark: Black's
    t = s.apply("a:b1-b2")
    assert t.events[2] == {"type": "capture", "player": 1, "squares": ["b2"], "counts": [3],
                           "total": 3}
    assert pieces_on(t, "b2") == 0 and t.captured[1] == s.captured[1] + 3


def test_only_your_own_colour_is_captured():
    s = position({"c2": 2, "a5": 1, "d4": 2}, to_move=1)  # c2 light: White's
    t = s.apply("a:c2")
    assert pieces_on(t, "c2") == 3 and t.captured == s.captured
    assert [e["type"] for e in t.events] == ["lift", "place"]
    u = t.apply("1:")  # White moves next: his 3 on c2 is captured
    assert u.captured[0] == t.captured[0] + 3


def test_all_captures_are_taken_at_once_also_off_the_path():
    # White's b1 and d1 were raised to 3 by Black; White's path raises g2 from 2 to 3.
    s = position({"b1": 3, "d1": 3, "g2": 2, "a8": 2, "h6": 1, "f6": 1}, to_move=0)
    t = s.apply("6:g3-g2")
    capture = t.events[2]
    assert capture["squares"] == ["b1", "d1", "g2"] and capture["counts"] == [3, 3, 3]
    assert capture["total"] == 9 and t.captured[0] == s.captured[0] + 9
    assert pieces_on(t, "g3") == 1 and pieces_on(t, "a8") == 2  # a 2 stays


def test_a_square_reaching_4_is_captured_whole():
    s = position({"b1": 3, "a8": 2, "h2": 1}, to_move=0)  # b1: White's 3
    t = s.apply("2:b1")
    assert t.events[2]["counts"] == [4] and t.captured[0] == s.captured[0] + 4


def test_lifting_your_own_3_puts_it_in_hand_instead():
    s = position({"b1": 3, "a8": 2}, to_move=0)
    t = s.apply("1:a2-a3-a4")
    assert [e["type"] for e in t.events] == ["lift", "place"]
    assert t.captured == s.captured


# --- end of the game --------------------------------------------------------------------


def test_no_square_with_2_ends_and_pieces_go_to_their_owners():
    # After Black's move no square holds 2: a2, b3 (light) -> White; a1, d4 (dark) -> Black.
    s = position({"a1": 2, "b3": 1, "d4": 1}, to_move=1)
    t = s.apply("a:a2-a1")
    end = t.events[-1]
    assert t.board[SQ["a1"]] == 1 and t.board[SQ["a2"]] == 1
    assert end["type"] == "end" and end["reason"] == "no_twos"
    assert end["distributed"] == [2, 2] and end["pieces"] == 4
    assert end["player"] == 1 and end["receiver"] is None  # each to his own squares
    assert t.is_terminal and t.current_player is None and t.end_reason == "no_twos"
    assert sum(t.captured) == 65 and t.to_json()["captured"] == end["captured"]
    assert t.to_json()["board"][0][0] == 1  # the board still shows the last position


def test_a_move_that_leaves_the_board_unchanged_gives_everything_to_the_opponent():
    s = position({"a1": 2, "c3": 2, "e5": 1}, to_move=0, white_captured=30)
    t = s.apply("4:")  # an empty rank, nothing of White's at 3
    end = t.events[-1]
    assert end["reason"] == "unchanged" and end["distributed"] == [0, 5]
    assert end["player"] == 0 and end["receiver"] == 1 and end["pieces"] == 5
    assert t.captured == [30, 35] and t.winner == 1 and t.returns() == [-1, 1]


def test_putting_a_lifted_piece_back_is_also_an_unchanged_board():
    s = position({"a1": 2, "c5": 1, "e6": 2}, to_move=0, white_captured=40)
    t = s.apply("5:c5")
    assert t.events[-1]["reason"] == "unchanged"
    assert t.captured == [40, 25] and t.winner == 0


def test_an_empty_line_with_captures_changes_the_board_and_play_goes_on():
    s = position({"b1": 3, "a1": 2}, to_move=0)
    t = s.apply("5:")
    assert t.events[-1]["type"] == "capture" and not t.is_terminal
    assert t.current_player == 1


def test_third_occurrence_of_a_position_ends_the_game_scored_by_owners():
    s = position({"b1": 1, "h8": 1, "d4": 2}, to_move=0)
    cycle = ["1:c1", "h:h7", "1:b1", "h:h8"]
    states = [s]
    for move in cycle * 2:
        states.append(states[-1].apply(move))
    last = states[-1]
    assert last.is_terminal and last.end_reason == "repetition"
    assert all(not st.is_terminal for st in states[:-1])
    assert last.events[-1]["distributed"] == [1, 3]  # b1 White's; h8, d4 Black's
    assert sum(last.captured) == 65


def test_unchanged_board_is_checked_before_the_repetition_safeguard():
    s = position({"b1": 1, "h8": 1, "d4": 2}, to_move=1)
    data = s.to_json()
    after = s._copy()
    after.to_move = 0
    # the board after "a:" has been seen twice already
    data["seen"][kernel.position_key(after.board, after.to_move)] = 2
    s = GAME.state_from_json(data)
    t = s.apply("a:")  # a third occurrence, but first of all an unchanged board
    assert t.end_reason == "unchanged" and t.events[-1]["distributed"] == [4, 0]
    assert t.events[-1]["receiver"] == 0


def test_most_captures_wins_and_returns_are_plus_minus_one():
    s = position({"a1": 2, "c3": 2, "e5": 1}, to_move=0, white_captured=33)
    t = s.apply("4:")
    assert t.captured == [33, 32] and t.winner == 0 and t.returns() == [1, -1]
    assert s.returns() == [0, 0] and s.winner is None


def test_nothing_can_be_played_after_the_end():
    t = position({"a1": 2, "c3": 2}, to_move=0).apply("4:")
    assert t.extensions("") == [] and t.extensions("4:") == []
    assert error_of(t, "4:").code == "game_over"
    assert not t.is_legal("4:")


# --- building a move in steps -------------------------------------------------------------


def test_extensions_go_line_then_start_square_then_next_squares():
    s = GAME.initial_state()
    assert s.extensions("") == [(f"{r}:", False) for r in "12345678"]
    starts = s.extensions("3:")
    assert len(starts) == 64 and ("3:c4", False) in starts
    assert s.extensions("3:c4") == [("3:c4-b4", False), ("3:c4-c3", False),
                                    ("3:c4-c5", False), ("3:c4-d4", False)]
    assert s.extensions("3:c4-c5-d5-d6-e6-f6-g6-h6") == [("3:c4-c5-d5-d6-e6-f6-g6-h6-h5", True),
                                                         ("3:c4-c5-d5-d6-e6-f6-g6-h6-h7", True)]
    assert s.extensions("3:c4-c5-d5-d6-e6-f6-g6-h6-h7") == []  # complete


def test_extensions_of_anything_else_are_empty():
    s = GAME.initial_state()
    for partial in ["3", "3:c4-", "e:", "3:c4-e4", "3:c4-c5-c4", "3:z9", "x"]:
        assert s.extensions(partial) == [], partial
    with pytest.raises(ludoteca.IllegalMoveError):
        s.extensions(5)


def test_hand_of_one_completes_on_the_start_square():
    s = position({"c3": 1, "d4": 2}, to_move=0)
    starts = s.extensions("3:")
    assert len(starts) == 64 and all(done for _, done in starts)


def test_extensions_avoid_a_dead_end_corner():
    # After a2-b2-b1, a1 is a dead end (a2 and b1 are used): with more pieces to place it
    # must not be offered; as the very last piece it may be.
    s = GAME.initial_state()  # hand 9
    assert s.extensions("3:a2-b2-b1") == [("3:a2-b2-b1-c1", False)]
    assert s.extensions("3:a3-a2-b2-c2-d2-d1-c1-b1") == [("3:a3-a2-b2-c2-d2-d1-c1-b1-a1", True)]


def test_extensions_avoid_a_pocket_too_small_for_the_hand():
    # f8-f7-g7-h7 walls off the pocket h8, g8: with 5 pieces left after h7, h8 is a trap.
    s = GAME.initial_state()  # hand 9
    assert s.extensions("3:f8-f7-g7-h7") == [("3:f8-f7-g7-h7-h6", False)]
    # With 2 pieces left the pocket is just big enough.
    steps = s.extensions("3:d7-d6-e6-f6-f7-g7-h7")
    assert steps == [("3:d7-d6-e6-f6-f7-g7-h7-h6", False), ("3:d7-d6-e6-f6-f7-g7-h7-h8", False)]


def test_long_hand_from_a_full_rank():
    # Rank 5 holds the most a line can: 2 on Black's squares, 3 on White's: a hand of 20.
    full = {f + "5": (3 if kernel.owner(SQ[f + "5"]) == 0 else 2) for f in "abcdefgh"}
    s = position(full, to_move=0)
    assert s.hand("5") == kernel.MAX_HAND == 20
    partial = "5:"
    for _ in range(20):
        steps = s.extensions(partial)
        assert steps
        partial = steps[-1][0]
    assert s.is_legal(partial) and s.extensions(partial) == []


def test_small_hands_have_exactly_the_expected_moves():
    s = position({"a1": 2, "c3": 1, "h3": 1}, to_move=0)  # hand 2 on rank 3
    moves = complete_moves(s, "3:")
    assert len(moves) == 2 * 112 and len(set(moves)) == len(moves)  # 112 adjacent pairs
    assert all(s.is_legal(m) for m in moves)


# --- saved games ------------------------------------------------------------------------


def test_corrupt_json_is_refused():
    good = position({"a1": 2, "c3": 1}).to_json()
    bad_edits = [
        lambda d: d.update(game="bakuk"),
        lambda d: d.update(board=d["board"][:7]),
        lambda d: d["board"][0].__setitem__(0, -1),
        lambda d: d["board"][0].__setitem__(0, True),
        lambda d: d["board"][0].__setitem__(0, 9),  # more than play ever leaves
        lambda d: d.update(captured=[0, 0]),  # pieces do not add up to 65
        lambda d: d.update(hand_bonus=1),
        lambda d: d.update(to_move=2),
        lambda d: d.update(end_reason="boredom"),
        lambda d: d.update(seen={}),
        lambda d: d.update(seen="x"),
        lambda d: d.pop("board"),
    ]
    for edit in bad_edits:
        data = {**good, "board": [row[:] for row in good["board"]], "seen": dict(good["seen"])}
        edit(data)
        with pytest.raises(ludoteca.OptionError) as info:
            GAME.state_from_json(data)
        assert info.value.code == "corrupt_state"
    with pytest.raises(ludoteca.OptionError):
        GAME.state_from_json("not a dict")


def test_json_round_trip_keeps_history_and_end():
    s = GAME.initial_state().apply("3:c4-c5-d5-d6-e6-f6-g6-h6-h7")
    t = GAME.state_from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.extensions("c:") == s.extensions("c:")
    end = position({"a1": 2, "c3": 2}).apply("4:")
    assert GAME.state_from_json(end.to_json()).to_json() == end.to_json()


def test_an_answer_searches_paths_once(monkeypatch):
    from ludoteca import web

    def call(**request):
        return json.loads(web.handle(json.dumps({"session": "buku-paths", **request})))

    calls = []
    search = buku.path_steps
    monkeypatch.setattr(buku, "path_steps", lambda *a: calls.append(a) or search(*a))
    call(op="new", game="buku")
    call(op="step", partial="3:")
    calls.clear()
    answer = call(op="step", partial="3:c4")
    assert answer["view"]["steps"] and len(calls) == 1
