"""One test per rule of docs/rules/bakuk.md, on explicit positions."""

import pytest

import ludoteca
from ludoteca.games.bakuk.kernel import HOLES

TOTAL = 36


def position(holes, captured, to_move=0, players=None):
    """A state with this board, scores and player to move, seen once."""
    players = players or len(captured)
    game = ludoteca.new_game("bakuk", players=players)
    key = ",".join(map(str, holes)) + "/" + str(to_move)
    return game.state_from_json({
        "game": "bakuk", "players": players, "holes": list(holes),
        "captured": list(captured), "to_move": to_move, "seen": {key: 1},
    })


def event(state, kind):
    """The one event of this type the last move produced."""
    found = [e for e in state.events if e["type"] == kind]
    assert len(found) == 1, state.events
    return found[0]


def board_total(state):
    return sum(state.holes) + sum(state.captured)


# --- equipment and set-up ---------------------------------------------------------

def test_setup_six_seeds_in_every_hole():
    for players in (2, 3):
        state = ludoteca.new_game("bakuk", players=players).initial_state()
        assert list(state.holes) == [6] * 6
        assert list(state.captured) == [0] * players
        assert board_total(state) == TOTAL


def test_setup_player_zero_moves_first():
    for players in (2, 3):
        state = ludoteca.new_game("bakuk", players=players).initial_state()
        assert state.current_player == 0
        assert not state.is_terminal


def test_setup_default_is_two_players():
    game = ludoteca.new_game("bakuk")
    assert game.num_players == 2
    assert game.initial_state().to_json()["players"] == 2


def test_setup_owners_two_players():
    state = ludoteca.new_game("bakuk").initial_state()
    assert state.to_json()["owners"] == [0, 0, 0, 1, 1, 1]
    assert state.legal_moves() == ["a", "b", "c"]
    assert state.apply("a").legal_moves() == ["d", "e", "f"]


def test_setup_owners_three_players_adjacent_pairs():
    state = ludoteca.new_game("bakuk", players=3).initial_state()
    assert state.to_json()["owners"] == [0, 0, 1, 1, 2, 2]
    assert state.legal_moves() == ["a", "b"]
    state = state.apply("a")
    assert state.legal_moves() == ["c", "d"]
    state = state.apply("c")
    assert state.legal_moves() == ["e", "f"]


# --- a move ---------------------------------------------------------------------

def test_move_takes_all_seeds_from_the_origin():
    state = position([0, 3, 0, 0, 0, 1], [16, 16])
    after = state.apply("b")
    assert after.holes[1] == 0
    assert after.events[0] == {"type": "sow", "player": 0, "hole": "b", "seeds": 3,
                               "path": ["c", "d", "e"]}


def test_sowing_starts_at_the_next_hole_counter_clockwise():
    state = position([0, 0, 1, 0, 0, 1], [17, 17])
    after = state.apply("c")  # c's next hole is d, across the board
    assert list(after.holes) == [0, 0, 0, 1, 0, 1]
    state = position([0, 0, 1, 0, 0, 1], [17, 17], to_move=1)
    after = state.apply("f")  # f's next hole is a: the cycle closes
    assert list(after.holes) == [1, 0, 1, 0, 0, 0]


def test_sowing_is_a_single_lap_no_relay():
    # the last seed falls into d (now 6 seeds): the move ends there, d is not sown on
    state = position([0, 0, 1, 5, 0, 0], [15, 15])
    after = state.apply("c")
    assert list(after.holes) == [0, 0, 0, 6, 0, 0]
    assert list(after.captured) == [15, 15]
    assert after.current_player == 1
    assert [e["type"] for e in after.events] == ["sow"]


def test_six_seeds_do_not_skip_the_emptied_origin():
    state = ludoteca.new_game("bakuk").initial_state()
    after = state.apply("a")
    assert list(after.holes) == [1, 7, 7, 7, 7, 7]  # the 6th seed goes back into a
    assert after.events[0]["path"] == ["b", "c", "d", "e", "f", "a"]


def test_seven_or_more_seeds_go_round_through_the_origin():
    state = position([7, 1, 0, 0, 0, 0], [14, 14])
    after = state.apply("a")
    assert after.events[0]["path"] == ["b", "c", "d", "e", "f", "a", "b"]
    # a skipping engine would end in c (=2) and capture; here b holds 3: no capture
    assert list(after.holes) == [1, 3, 1, 1, 1, 1]
    assert list(after.captured) == [14, 14]


def test_twelve_seeds_refill_the_origin_and_capture_there():
    # the 12th seed falls back into a, which then holds 2: a and then every hole is taken
    state = position([12, 0, 0, 0, 0, 0], [0, 24])
    after = state.apply("a")
    assert list(after.holes) == [0] * 6
    assert list(after.captured) == [12, 24]
    capture = event(after, "capture")
    assert capture["holes"] == ["a", "b", "c", "d", "e", "f"]
    assert capture["seeds"] == [2] * 6


# --- capture --------------------------------------------------------------------

@pytest.mark.parametrize("before, taken", [(1, 2), (3, 4)])
def test_capture_when_last_hole_holds_two_or_four_on_the_opponents_side(before, taken):
    holes = [0, 0, 1, before, 0, 1]
    state = position(holes, [TOTAL - sum(holes) - 10, 10])
    after = state.apply("c")
    assert after.holes[3] == 0
    assert after.captured[0] == TOTAL - sum(holes) - 10 + taken
    assert after.events[-1] == {"type": "capture", "player": 0, "holes": ["d"],
                                "seeds": [taken], "total": taken}


@pytest.mark.parametrize("before, taken", [(1, 2), (3, 4)])
def test_capture_in_the_movers_own_holes_too(before, taken):
    holes = [1, before, 0, 0, 0, 1]
    state = position(holes, [10, TOTAL - sum(holes) - 10])
    after = state.apply("a")
    assert list(after.holes[:2]) == [0, 0]
    assert after.captured[0] == 10 + taken


@pytest.mark.parametrize("before", [0, 2, 4, 5])
def test_no_capture_unless_last_hole_holds_exactly_two_or_four(before):
    holes = [0, 0, 1, before, 2, 1]  # e holds 2 but the last seed does not reach it
    state = position(holes, [TOTAL - sum(holes) - 10, 10])
    after = state.apply("c")
    assert after.holes[3] == before + 1
    assert after.holes[4] == 2
    assert after.captured == state.captured
    assert [e["type"] for e in after.events] == ["sow"]


def test_capture_chain_goes_forward_through_unsown_holes():
    # a sows b and c; c=2 is taken, then d=2 and e=4 (not sown this turn)
    holes = [2, 1, 1, 2, 4, 1]
    state = position(holes, [13, 12])
    after = state.apply("a")
    assert after.events[-1]["holes"] == ["c", "d", "e"]
    assert after.events[-1]["seeds"] == [2, 2, 4]
    assert list(after.captured) == [21, 12]


def test_capture_chain_does_not_go_backwards():
    # b also ends with 2 seeds, but it lies behind the last hole c
    holes = [2, 1, 1, 3, 0, 0]
    state = position(holes, [15, 14])
    after = state.apply("a")
    assert list(after.holes) == [0, 2, 0, 3, 0, 0]
    assert list(after.captured) == [17, 14]


def test_capture_chain_stops_at_first_hole_holding_neither_two_nor_four():
    # chain from c: c=2 taken, d=3 stops it; e=2 and f=4 lie beyond the stop and stay
    state = position([0, 1, 1, 3, 2, 4], [12, 13])
    after = state.apply("b")
    assert after.events[-1]["holes"] == ["c"]
    assert list(after.holes) == [0, 0, 0, 3, 2, 4]
    assert list(after.captured) == [14, 13]


def test_capture_chain_runs_round_the_board_across_the_cycle():
    # North sows d into e (=2); the chain goes e f and on through a b c, stopping at d=0
    state = position([2, 4, 2, 1, 1, 4], [11, 11], to_move=1)
    after = state.apply("d")
    capture = event(after, "capture")
    assert capture["holes"] == ["e", "f", "a", "b", "c"]
    assert capture["seeds"] == [2, 4, 2, 4, 2]
    assert list(after.holes) == [0] * 6
    assert list(after.captured) == [11, 25]


def test_capture_chain_never_wraps_past_its_start():
    # 12 seeds from c: every hole ends with 2, the last one c itself; the chain takes
    # the six holes once each, c first, and does not come round to c again
    state = position([0, 0, 12, 0, 0, 0], [12, 12])
    after = state.apply("c")
    capture = event(after, "capture")
    assert capture["holes"] == ["c", "d", "e", "f", "a", "b"]
    assert capture["seeds"] == [2] * 6
    assert capture["total"] == 12
    assert list(after.captured) == [24, 12]
    assert board_total(after) == TOTAL


def test_capture_documented_example():
    # rules: `a1 b1 c3 d2 e4 f1`, South sows b -> c=4, d=2, e=4 captured, f=1 stops
    state = position([1, 1, 3, 2, 4, 1], [12, 12])
    after = state.apply("b")
    assert list(after.holes) == [1, 0, 0, 0, 0, 1]
    assert list(after.captured) == [22, 12]
    assert after.events[-1] == {"type": "capture", "player": 0, "holes": ["c", "d", "e"],
                                "seeds": [4, 2, 4], "total": 10}


# --- three players ----------------------------------------------------------------

def test_three_players_turn_order_zero_one_two():
    state = ludoteca.new_game("bakuk", players=3).initial_state()
    order = []
    for move in ("a", "c", "e", "b"):
        order.append(state.current_player)
        state = state.apply(move)
    assert order == [0, 1, 2, 0]


def test_three_players_capture_goes_to_the_mover():
    # player 2 sows f into a: a=2 is player 0's hole, player 2 takes it
    state = position([1, 3, 1, 1, 0, 1], [10, 10, 9], to_move=2)
    after = state.apply("f")
    assert list(after.captured) == [10, 10, 11]
    assert after.current_player == 0


def test_three_players_may_only_sow_own_holes():
    state = position([1, 1, 1, 1, 1, 1], [10, 10, 10], to_move=1)
    assert state.legal_moves() == ["c", "d"]
    for move in "abef":
        assert not state.is_legal(move)


# --- end and result ---------------------------------------------------------------

def test_end_when_player_to_move_has_no_seeds():
    # South sows a: North then has nothing to sow and the game is over
    state = position([1, 0, 0, 0, 0, 0], [17, 18])
    after = state.apply("a")
    assert after.is_terminal
    assert after.current_player is None
    assert after.legal_moves() == []
    assert after.events[-1] == {"type": "end", "reason": "no_seeds", "winner": 1,
                                "captured": [17, 18]}


def test_end_only_looks_at_the_player_to_move():
    # North has no seeds, but South is to move and has some: play goes on
    state = position([1, 1, 0, 0, 0, 0], [17, 17])
    assert not state.is_terminal
    assert state.current_player == 0
    # three players: only player 1 is empty, and it is player 0's turn
    state = position([1, 0, 0, 0, 1, 0], [11, 11, 12], players=3)
    assert not state.is_terminal
    assert position([1, 0, 0, 0, 1, 0], [11, 11, 12], to_move=1).is_terminal


def test_end_leftover_seeds_are_not_scored():
    # South's last move leaves 2 seeds on his side; they would make him win if scored
    state = position([2, 0, 0, 0, 0, 0], [17, 17])
    after = state.apply("a")
    assert after.is_terminal
    assert list(after.holes) == [0, 1, 1, 0, 0, 0]  # the leftovers stay where they are
    assert list(after.captured) == [17, 17]
    assert after.winner is None
    assert sum(after.holes) + sum(after.captured) == TOTAL


def test_end_repetition_guard_third_occurrence_ends_the_game():
    # a1 d1 with South to move comes back after six plies: a d b e c f
    cycle = ["a", "d", "b", "e", "c", "f"]
    state = position([1, 0, 0, 1, 0, 0], [17, 17])
    for lap in (1, 2):
        for move in cycle:
            assert not state.is_terminal, (lap, move)
            state = state.apply(move)
        assert list(state.holes) == [1, 0, 0, 1, 0, 0]
        assert state.current_player == (0 if lap == 1 else None)
    assert state.is_terminal
    assert state.to_json()["end_reason"] == "repetition"
    assert state.events[-1] == {"type": "end", "reason": "repetition", "winner": None,
                                "captured": [17, 17]}
    assert list(state.holes) == [1, 0, 0, 1, 0, 0]  # leftovers unscored
    assert state.returns() == [0, 0]


def test_end_repetition_counts_board_and_player_to_move_together():
    # the same board seen twice with North to move is another position
    game = ludoteca.new_game("bakuk")
    data = position([1, 0, 0, 1, 0, 0], [17, 17]).to_json()
    data["seen"] = {"1,0,0,1,0,0/0": 2, "1,0,0,1,0,0/1": 3}
    assert not game.state_from_json(data).is_terminal
    data["seen"] = {"1,0,0,1,0,0/0": 3}
    state = game.state_from_json(data)
    assert state.is_terminal
    assert state.to_json()["end_reason"] == "repetition"


def test_end_repetition_is_counted_from_a_loaded_history():
    # two earlier occurrences recorded: playing into the position a third time ends it
    state = position([0, 0, 1, 0, 0, 1], [17, 17])
    data = state.to_json()
    data["seen"]["0,0,0,1,0,1/1"] = 2
    state = state.game.state_from_json(data)
    after = state.apply("c")
    assert list(after.holes) == [0, 0, 0, 1, 0, 1]
    assert after.is_terminal
    assert after.events[-1]["reason"] == "repetition"


def test_result_most_captured_seeds_wins():
    state = position([0, 0, 0, 0, 0, 0], [19, 17], to_move=1)
    assert state.is_terminal
    assert state.winner == 0
    assert state.returns() == [1, -1]
    assert state.to_json()["winner"] == 0


def test_result_equal_captures_is_a_draw():
    state = position([0, 0, 0, 0, 0, 0], [18, 18])
    assert state.is_terminal
    assert state.winner is None
    assert state.returns() == [0, 0]
    assert state.to_json()["winner"] is None


def test_result_not_decided_while_playing():
    state = position([1, 0, 0, 1, 0, 0], [30, 4])
    assert state.winner is None
    assert state.returns() == [0, 0]


@pytest.mark.parametrize("captured, winner, returns", [
    ([20, 10, 6], 0, [1, -1, -1]),
    ([6, 10, 20], 2, [-1, -1, 1]),
    ([15, 15, 6], None, [0, 0, -1]),
    ([6, 15, 15], None, [-1, 0, 0]),
    ([12, 12, 12], None, [0, 0, 0]),
])
def test_result_three_players(captured, winner, returns):
    state = position([0] * 6, captured, to_move=1)
    assert state.is_terminal
    assert state.winner == winner
    assert state.returns() == returns


# --- notation ---------------------------------------------------------------------

def test_notation_moves_are_letters_of_own_non_empty_holes():
    state = position([3, 0, 2, 1, 0, 0], [15, 15])
    assert state.legal_moves() == ["a", "c"]
    assert state.is_legal("a") and state.is_legal("c")
    for move in ("b", "d", "A", "a ", "ab", "", "g", "0"):
        assert not state.is_legal(move)
    assert position([3, 0, 2, 1, 0, 0], [15, 15], to_move=1).legal_moves() == ["d"]


def test_notation_every_letter_names_its_hole_index():
    for index, letter in enumerate(HOLES):
        holes = [0] * 6
        holes[index] = 1
        owner = 0 if index < 3 else 1
        other = [0] * 6
        other[(index + 3) % 6] = 1  # the opponent keeps a seed so the game goes on
        board = [a + b for a, b in zip(holes, other, strict=True)]
        state = position(board, [17, 17], to_move=owner)
        after = state.apply(letter)
        assert after.holes[index] == 0
        assert after.holes[(index + 1) % 6] == board[(index + 1) % 6] + 1


def test_notation_no_chance_and_one_step_moves():
    state = ludoteca.new_game("bakuk").initial_state()
    assert state.chance_outcomes() == []
    assert state.extensions("") == [("a", True), ("b", True), ("c", True)]
    # no hidden information: every seat and a spectator see the same view
    views = [state.observation(p) for p in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    assert {k: views[0][k] for k in ("holes", "captured")} == {
        "holes": [6] * 6, "captured": [0, 0]}


# --- JSON view ------------------------------------------------------------------

def test_json_view_core_fields_initial():
    view = ludoteca.new_game("bakuk").initial_state().to_json()
    core = {"game": "bakuk", "players": 2, "holes": [6, 6, 6, 6, 6, 6], "captured": [0, 0],
            "current_player": 0, "terminal": False, "winner": None}
    assert {k: view[k] for k in core} == core


def test_json_view_core_fields_three_players_and_terminal():
    view = ludoteca.new_game("bakuk", players=3).initial_state().to_json()
    assert view["players"] == 3
    assert view["captured"] == [0, 0, 0]
    view = position([0, 1, 0, 0, 0, 0], [20, 15], to_move=1).to_json()
    assert view["current_player"] is None
    assert view["terminal"] is True
    assert view["winner"] == 0
    assert view["holes"] == [0, 1, 0, 0, 0, 0]


def test_json_view_is_plain_json():
    import json

    state = ludoteca.new_game("bakuk", players=3).initial_state().apply("b")
    view = state.to_json()
    assert json.loads(json.dumps(view)) == view


def test_the_page_is_told_the_board_it_draws():
    """Where each hole stands (South's a b c near, North's f e d far, d facing c), what a
    click on each asks and the rules panel's facts: the page draws them, computes none."""
    state = ludoteca.new_game("bakuk").initial_state()
    view = state.observation(None)
    assert view["hole_names"] == list("abcdef")
    assert view["rows"] == [["f", "e", "d"], ["a", "b", "c"]]
    assert state.targets("") == {h: h for h in "abcdef"}
    assert all(state.is_legal(step) == (step in "abc") for step in state.targets("").values())
    facts = ludoteca.new_game("bakuk").rules_facts()
    assert facts["seeds_per_hole"] == 6 and facts["rows"] == view["rows"]
    assert facts["owned"] == {"2": [["a", "b", "c"], ["d", "e", "f"]],
                              "3": [["a", "b"], ["c", "d"], ["e", "f"]]}
