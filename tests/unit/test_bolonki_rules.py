"""Bolonki: one test per rule of docs/rules/bolonki.md, on explicit positions."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.games.bolonki import kernel
from ludoteca.games.bolonki import rules as bolonki


def new(players=2, **options):
    return ludoteca.new_game("bolonki", players=players, **options)


def position(pieces, players=2, to_move=0, **fields):
    """A state with exactly `pieces` (square -> colour) on the board; the other pieces of
    each colour count as brought out."""
    game = new(players, **{k: fields.pop(k) for k in ("max_moves", "practice") if k in fields})
    data = game.initial_state().to_json()
    colours = bolonki.colours_in_play(players)
    data["pieces"] = dict(pieces)
    data["out"] = {c: 6 - list(pieces.values()).count(c) for c in colours}
    data["scored"] = [sum(data["out"][c] for c in own) for own in bolonki.PLAYER_COLOURS[players]]
    data["to_move"] = to_move
    data.update(fields)
    return game.state_from_json(data)


def board_moves_from(state, square):
    return sorted(m for m in state.legal_moves() if m.split("-")[0] == square)


# Keeps every player with pieces left (so nobody has won) and far from the action.
KEEP_2P = {"a1": "B", "a3": "Y", "h8": "R", "h6": "G"}


# --- set-up -----------------------------------------------------------------------------
def test_setup_two_players_uses_all_24_pieces_on_the_non_corner_edge_squares():
    pieces = new(2).initial_state().to_json()["pieces"]
    assert len(pieces) == 24
    for squares, colour in (("bcdefg", "B"), ("bcdefg", "R")):
        rank = "1" if colour == "B" else "8"
        assert all(pieces[f + rank] == colour for f in squares)
    assert all(pieces["a" + r] == "Y" for r in "234567")
    assert all(pieces["h" + r] == "G" for r in "234567")
    assert not {"a1", "h1", "a8", "h8"} & set(pieces)


def test_setup_three_players_leaves_the_east_group_out():
    state = new(3).initial_state()
    pieces = state.to_json()["pieces"]
    assert len(pieces) == 18 and "G" not in pieces.values()
    assert state.to_json()["scored"] == [0, 0, 0]


def test_setup_four_players_one_colour_each_and_player_0_moves_first():
    state = new(4).initial_state()
    assert len(state.to_json()["pieces"]) == 24
    assert bolonki.PLAYER_COLOURS[4] == ("B", "Y", "R", "G")
    assert bolonki.PLAYER_COLOURS[2] == ("BY", "RG")
    assert state.current_player == 0


def test_goals_are_the_opposite_edges_corners_included():
    sq = bolonki.SQUARE_INDEX
    assert {sq["a8"], sq["h8"], sq["d8"]} <= kernel.GOAL["B"]
    assert {sq["h1"], sq["h8"], sq["h4"]} <= kernel.GOAL["Y"]
    assert {sq["a1"], sq["h1"], sq["e1"]} <= kernel.GOAL["R"]
    assert {sq["a1"], sq["a8"], sq["a5"]} <= kernel.GOAL["G"]
    assert sq["d7"] not in kernel.GOAL["B"]


def test_turn_order_is_clockwise_0_1_2_3():
    state = new(4).initial_state()
    seen = []
    for move in ("c1-c2", "a3-b3", "c8-c7", "h3-g3", "d1-d2"):
        seen.append(state.current_player)
        state = state.apply(move)
    assert seen == [0, 1, 2, 3, 0]


# --- steps and jumps --------------------------------------------------------------------
def test_step_to_each_of_the_eight_empty_neighbours():
    state = position({**KEEP_2P, "d4": "B"})
    assert board_moves_from(state, "d4") == sorted(
        f"d4-{to}" for to in ("c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"))


def test_no_step_onto_an_occupied_square():
    state = position({**KEEP_2P, "d4": "B", "d5": "R"})
    assert "d4-d5" not in state.legal_moves()
    assert not state.is_legal("d4-d5")


def test_any_piece_may_be_moved_own_or_not():
    state = new(2).initial_state()
    assert state.is_legal("c8-c7")  # player 0 moves a red piece
    assert state.is_legal("h3-g3")  # and a green one


def test_jump_over_an_adjacent_piece_in_each_of_the_eight_directions():
    around = {"c3": "R", "c4": "R", "c5": "R", "d3": "R", "d5": "G", "e3": "G", "e4": "G",
              "e5": "G"}
    state = position({"a1": "B", "a3": "Y", "d4": "B", **around})
    jumps = [m for m in board_moves_from(state, "d4") if len(m.split("-")) == 2]
    assert sorted(jumps) == sorted(
        f"d4-{to}" for to in ("b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"))


def test_no_jump_over_an_empty_square_or_onto_a_piece():
    state = position({**KEEP_2P, "d4": "B", "e4": "R", "f4": "G"})
    assert not state.is_legal("d4-d6")  # nothing on d5
    assert not state.is_legal("d4-f4")  # f4 is occupied
    assert state.is_legal("d4-d5")


def test_jump_chain_every_landing_square_in_order():
    state = position({**KEEP_2P, "b1": "B", "b2": "R", "c4": "G"})
    assert state.is_legal("b1-b3")
    assert state.is_legal("b1-b3-d5")
    after = state.apply("b1-b3-d5")
    assert after.to_json()["pieces"]["d5"] == "B" and "b1" not in after.to_json()["pieces"]


def test_a_chain_being_built_names_its_squares_for_the_page():
    state = position({**KEEP_2P, "b1": "B", "b2": "R", "c4": "G"})
    assert state.partial_facts("b1") == {"path": ["b1"]}
    assert state.partial_facts("b1-b3-d5") == {"path": ["b1", "b3", "d5"]}
    assert state.partial_facts("challenge:1") == {}


def test_chain_may_not_land_twice_on_the_same_square():
    state = position({**KEEP_2P, "d4": "B", "e4": "R", "g4": "G"})
    assert state.is_legal("d4-f4-h4")
    assert not state.is_legal("d4-f4-h4-f4")
    assert "d4-f4-h4-f4" not in state.legal_moves()


def test_chain_start_square_counts_as_visited():
    ring = {"e4": "R", "f5": "R", "e6": "G", "d5": "G"}
    state = position({**KEEP_2P, "d4": "B", **ring})
    assert state.is_legal("d4-f4-f6-d6")
    assert not state.is_legal("d4-f4-f6-d6-d4")
    assert not state.is_legal("d4-f4-d4")
    assert all(m.split("-")[-1] != "d4" for m in board_moves_from(state, "d4"))


def test_every_prefix_of_a_chain_is_a_legal_move():
    state = new(2).initial_state().apply("c1-c2").apply("c8-c7").apply("b1-d3")
    legal = set(state.legal_moves())
    chains = [m for m in legal if len(m.split("-")) > 2]
    assert chains
    for chain in chains:
        parts = chain.split("-")
        for k in range(2, len(parts)):
            assert "-".join(parts[:k]) in legal


def test_a_step_and_jumps_do_not_mix():
    state = position({**KEEP_2P, "d4": "B", "d6": "R"})
    assert state.is_legal("d4-d5")
    assert not state.is_legal("d4-d5-d7")


def test_nothing_is_captured():
    state = position({**KEEP_2P, "d4": "B", "d5": "R"})
    after = state.apply("d4-d6")
    assert after.to_json()["pieces"]["d5"] == "R"
    assert len(after.to_json()["pieces"]) == len(state.to_json()["pieces"])


def test_move_is_built_in_steps():
    state = position({**KEEP_2P, "b1": "B", "b2": "R", "c4": "G"})
    assert ("b1", False) in state.extensions("")
    assert ("b1-b3", True) in state.extensions("b1")
    assert ("b1-b3-d5", True) in state.extensions("b1-b3")
    assert state.extensions("b1-b3-d5") == []


def test_challenge_is_a_single_step():
    state = new(4).initial_state().apply("c1-c2")
    steps = dict(state.extensions(""))
    assert steps["challenge:2"] is True and steps["challenge:1"] is True
    assert not any(s.startswith("challenge") and s[-1] == ":" for s in steps)


# --- reveal at the goal edge ------------------------------------------------------------
def test_reveal_scores_the_mover_colour_whose_goal_is_that_edge():
    state = position({**KEEP_2P, "d7": "B"})
    after = state.apply("d7-d8")
    view = after.to_json()
    assert "d8" not in view["pieces"] and "d7" not in view["pieces"]
    assert view["out"]["B"] == state.to_json()["out"]["B"] + 1
    assert view["scored"][0] == state.to_json()["scored"][0] + 1
    reveal = after.events[1]
    assert reveal == {"type": "reveal", "player": 0, "square": "d8", "colour": "B",
                      "owner": 0, "result": "scored", "to": None}
    assert view["challengeable"] is None


def test_reveal_returns_another_players_piece_to_the_move_start():
    state = position({**KEEP_2P, "d6": "R", "d7": "G"})
    after = state.apply("d6-d8")
    assert after.to_json()["pieces"]["d6"] == "R"
    assert "d8" not in after.to_json()["pieces"]
    assert after.events[1]["result"] == "returned" and after.events[1]["to"] == "d6"
    assert after.events[1]["colour"] == "R" and after.events[1]["owner"] == 1
    assert after.to_json()["challengeable"] is None and after.current_player == 1


def test_reveal_returns_the_movers_other_colour_in_two_players():
    state = position({**KEEP_2P, "d7": "Y", "g4": "B"})
    after = state.apply("d7-d8")  # yellow's goal is file h, not rank 8
    assert after.to_json()["pieces"]["d7"] == "Y"
    assert after.events[1]["result"] == "returned"
    after = state.apply("g4-h4")  # blue on yellow's goal edge
    assert after.to_json()["pieces"]["g4"] == "B"
    assert after.events[1]["result"] == "returned"


def test_corner_belongs_to_both_goal_edges():
    state = position({**KEEP_2P, "g7": "Y", "h8": "G"})
    assert state.apply("g7-g8").events[1]["result"] == "returned"  # rank 8 is blue's
    after = position({"a1": "B", "a3": "Y", "h5": "R", "h6": "G", "g7": "Y"}).apply("g7-h8")
    assert after.events[1]["result"] == "scored"  # h8 is on yellow's file h


def test_reveal_only_at_a_goal_edge_of_the_movers_colours():
    state = position({**KEEP_2P, "d7": "B"}, to_move=1)
    after = state.apply("d7-d8")  # player 1's goals are rank 1 and file a
    assert [e["type"] for e in after.events] == ["move"]
    assert after.to_json()["pieces"]["d8"] == "B"
    assert after.to_json()["challengeable"] == "d7-d8"


def test_only_the_last_square_of_a_chain_counts_for_the_reveal():
    state = position({**KEEP_2P, "b6": "R", "c7": "G", "e7": "G"})
    after = state.apply("b6-d8-f6")  # passes through d8 but ends on f6
    assert [e["type"] for e in after.events] == ["move"]
    assert after.to_json()["pieces"]["f6"] == "R"


def test_plain_step_and_jump_events_hold_no_colour():
    state = position({**KEEP_2P, "d4": "B", "d5": "R"})
    for move in ("d4-c4", "d4-d6"):
        events = state.apply(move).events
        assert events == [{"type": "move", "player": 0, "move": move,
                           "path": move.split("-"), "jump": move == "d4-d6"}]


# --- challenge --------------------------------------------------------------------------
def test_challenge_move_is_legal_for_each_eligible_player_beside_the_next_players_moves():
    state = new(4).initial_state().apply("c1-c2")
    legal = state.legal_moves()
    assert {"challenge:1", "challenge:2", "challenge:3"} <= set(legal)
    assert "challenge:0" not in legal  # not the mover
    assert "a3-b3" in legal and state.current_player == 1
    assert state.to_json()["challengeable"] == "c1-c2"
    assert state.to_json()["can_challenge"] == [1, 2, 3]


def test_failed_challenge_piece_stays_and_the_challenger_who_was_next_loses_that_turn():
    state = new(2).initial_state().apply("c1-c2")  # player 0 moved his own blue piece
    after = state.apply("challenge:1")
    view = after.to_json()
    assert view["pieces"]["c2"] == "B"
    assert after.events[0] == {"type": "challenge", "player": 1, "mover": 0, "square": "c2",
                               "colour": "B", "owner": 0, "result": "failed", "to": "c2"}
    assert after.events[1] == {"type": "skip", "player": 1}
    assert view["barred"] == [False, True] and view["skip_next"] == [False, False]
    assert after.current_player == 0  # in 2-player the mover moves twice in a row


def test_failed_challenge_either_colour_of_the_mover_counts_as_his():
    state = new(2).initial_state().apply("a3-b3")  # yellow is player 0's too
    assert state.apply("challenge:1").events[0]["result"] == "failed"


def test_successful_challenge_sends_the_piece_back_and_play_goes_on_with_the_next_player():
    state = new(2).initial_state().apply("c8-c7")  # player 0 moved a red piece
    after = state.apply("challenge:1")
    view = after.to_json()
    assert view["pieces"]["c8"] == "R" and "c7" not in view["pieces"]
    assert after.events == [{"type": "challenge", "player": 1, "mover": 0, "square": "c7",
                             "colour": "R", "owner": 1, "result": "succeeded", "to": "c8"}]
    assert after.current_player == 1 and view["barred"] == [False, False]
    assert view["challengeable"] is None


def test_failed_challenger_who_is_not_next_skips_his_next_turn():
    state = new(4).initial_state().apply("c1-c2")
    after = state.apply("challenge:3")
    view = after.to_json()
    assert view["skip_next"] == [False, False, False, True]
    assert view["barred"] == [False, False, False, True]
    assert after.current_player == 1
    after = after.apply("a3-b3").apply("c8-c7")  # players 1 and 2
    assert {"type": "skip", "player": 3} in after.events
    assert after.current_player == 0  # player 3's turn was used up
    assert after.to_json()["skip_next"] == [False] * 4
    assert after.to_json()["barred"][3] is True  # he has not moved yet


def test_barred_player_may_not_challenge_until_he_moves():
    state = new(2).initial_state().apply("c1-c2").apply("challenge:1")
    state = state.apply("d8-d7")  # player 0 moves again (a red piece!)
    assert state.to_json()["challengeable"] is None  # nobody may challenge it
    assert "challenge:1" not in state.legal_moves()
    state = state.apply("h3-g3")  # player 1 moves: no longer barred
    assert state.to_json()["barred"] == [False, False]
    assert "challenge:1" in state.apply("e1-e2").legal_moves()


def test_barred_player_is_left_out_of_the_challengers_with_more_players():
    state = new(4).initial_state().apply("c1-c2").apply("challenge:3")
    state = state.apply("a3-b3")
    assert state.to_json()["can_challenge"] == [0, 2]


def test_challenge_only_before_the_next_move():
    state = new(2).initial_state().apply("c8-c7").apply("h3-g3")
    assert state.to_json()["challengeable"] == "h3-g3"
    assert "challenge:1" not in state.legal_moves()
    assert not state.is_legal("challenge:1")
    assert state.is_legal("challenge:0")


def test_a_move_settled_by_a_reveal_cannot_be_challenged():
    state = position({**KEEP_2P, "d6": "R", "d7": "G"})
    after = state.apply("d6-d8")
    assert after.to_json()["challengeable"] is None
    assert not any(m.startswith("challenge") for m in after.legal_moves())


def test_a_challenge_settles_the_move():
    state = new(4).initial_state().apply("c1-c2").apply("challenge:2")
    assert not any(m.startswith("challenge") for m in state.legal_moves())


def test_skip_chain_uses_up_every_lost_turn_on_the_way():
    state = new(3).initial_state().apply("c1-c2").apply("challenge:2")  # 2 skips next
    assert state.to_json()["skip_next"] == [False, False, True]
    state = state.apply("a3-b3")  # player 1 moves; player 2's turn is used up
    assert {"type": "skip", "player": 2} in state.events and state.current_player == 0
    state = state.apply("challenge:0")  # player 0, about to move, fails: his turn is spent
    assert state.events[1:] == [{"type": "skip", "player": 0}]
    assert state.current_player == 1  # player 1 moves twice in a row
    assert state.to_json()["skip_next"] == [False, False, False]


# --- pass -------------------------------------------------------------------------------
def test_pass_only_without_a_board_move_and_it_counts_as_a_move():
    state = new(2).initial_state().apply("c1-c2").apply("challenge:1")  # 1 barred
    assert "pass" not in state.legal_moves() and not state.is_legal("pass")
    blocked = state._copy()
    blocked.to_move = 1
    blocked.challengeable = False
    blocked.pieces = {i: "R" for i in range(64)}  # a full board: nothing can move
    blocked.occupied = kernel.ALL
    assert blocked.legal_moves() == ["pass"]
    after = blocked.apply("pass")
    assert after.events == [{"type": "pass", "player": 1}]
    assert after.to_json()["barred"] == [False, False]  # a pass counts as his move
    assert after.to_json()["challengeable"] is None and after.current_player == 0


# --- end and result ---------------------------------------------------------------------
def test_bringing_out_all_pieces_wins_at_once():
    state = position({"d7": "B", "h5": "R", "h6": "G"})  # player 0 has 11 out
    after = state.apply("d7-d8")
    assert after.is_terminal and after.current_player is None
    assert after.to_json()["winner"] == 0 and after.returns() == [1, -1]
    assert after.events[-1] == {"type": "end", "reason": "all_out", "winner": 0,
                                "scored": [12, 10]}
    assert after.legal_moves() == [] and after.to_json()["challengeable"] is None


def test_three_players_six_pieces_win():
    state = position({"d7": "B", "h5": "R", "a4": "Y"}, players=3)
    after = state.apply("d7-d8")
    assert after.returns() == [1, -1, -1]


def test_max_moves_ends_in_a_draw_counting_challenges():
    state = new(2, max_moves=10).initial_state()
    for move in ("c1-c2", "challenge:1", "d1-d2", "c8-c7", "e1-e2", "d8-d7", "f1-f2",
                 "e8-e7", "g1-g2"):
        state = state.apply(move)
    assert not state.is_terminal and state.to_json()["move_count"] == 9
    after = state.apply("f8-f7")
    assert after.is_terminal and after.to_json()["winner"] is None
    assert after.returns() == [0, 0]
    assert after.events[-1]["reason"] == "max_moves"
    assert after.to_json()["challengeable"] is None  # the last move cannot be challenged


def test_a_winning_last_move_beats_the_move_limit():
    state = position({"d7": "B", "h5": "R", "h6": "G"}, max_moves=10, move_count=9)
    after = state.apply("d7-d8")
    assert after.to_json()["winner"] == 0 and after.events[-1]["reason"] == "all_out"


# --- hidden information -----------------------------------------------------------------
def test_observation_shows_every_piece_face_down():
    state = new(2).initial_state().apply("c8-c7").apply("challenge:1")  # a flip
    for player in (0, 1, None):
        view = state.observation(player)
        assert set(view["pieces"].values()) == {"?"}
        assert set(view["pieces"]) == set(state.to_json()["pieces"])
        assert view["viewer"] == player
    assert state.observation(0)["last_move"] == {
        "player": 1, "move": "challenge:1", "from": None, "to": None}


def test_observation_last_move_gives_the_squares():
    view = new(2).initial_state().apply("c1-c2").observation(1)
    assert view["last_move"] == {"player": 0, "move": "c1-c2", "from": "c1", "to": "c2"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_gives_the_public_start_layout_only_before_the_first_move(players):
    state = new(players).initial_state()
    for player in (*range(players), None):
        view = state.observation(player)
        assert view["start_colours"] == state.to_json()["pieces"]  # the set-up, by edge
        assert set(view["pieces"].values()) == {"?"}
    assert "start_colours" not in state.to_json()  # observation only, not the saved state
    for move in ("c1-c2", "b1-b2"):
        later = state.apply(move)
        assert "start_colours" not in later.observation(0)
        assert "start_colours" not in later.apply("challenge:1").observation(None)


def test_start_layout_comes_from_the_rules_not_from_the_hidden_pieces():
    # a saved game at move 0 with other pieces still shows the rules' set-up
    state = position({"d4": "B", "e5": "R", "a3": "Y", "h6": "G"})
    assert state.observation(0)["start_colours"] == new(2).initial_state().to_json()["pieces"]


def test_practice_game_shows_the_colours():
    state = new(2, practice=True).initial_state()
    assert state.observation(0)["pieces"]["b1"] == "B"


# --- options and bad input --------------------------------------------------------------
@pytest.mark.parametrize("options", [
    {"players": 5}, {"players": 1}, {"players": True}, {"max_moves": 9},
    {"max_moves": 2001}, {"max_moves": 40.0}, {"max_moves": True}, {"practice": 1},
    {"practice": "yes"}, {"colour": "red"},
])
def test_bad_options_are_refused(options):
    with pytest.raises(ludoteca.OptionError) as err:
        new(**{"players": 2, **options})
    assert err.value.code in ("bad_option", "unknown_option")


def test_options_defaults_and_range():
    assert new().options == {"players": 2, "max_moves": 400, "practice": False}
    assert new(max_moves=10).options["max_moves"] == 10
    assert new(max_moves=2000).options["max_moves"] == 2000


@pytest.mark.parametrize("move", [
    "", "b1", "b1-", "b1-b1", "z9-b2", "B1-B2", "c1-c3", "challenge:0", "challenge:01",
    "challenge:", "challenge:9", "pass", "c1-c2-", "c2-c3", "challenge:-1", " c1-c2",
])
def test_bad_moves_raise_and_leave_the_state_unchanged(move):
    state = new(2).initial_state().apply("c8-c7")
    before = state.to_json()
    assert not state.is_legal(move)
    with pytest.raises(ludoteca.IllegalMoveError):
        state.apply(move)
    assert state.to_json() == before


@pytest.mark.parametrize("move,code", [
    ("e9-e8", "bad_notation"), ("challenge:1", "cannot_challenge"), ("pass", "must_move"),
    ("d4-d5", "no_piece"), ("d1-e1", "occupied"), ("b1-b3", "bad_jump"),
    ("c2-e4-c2", "revisit"), ("c2-c4-e6", "bad_jump"),
])
def test_illegal_moves_say_why(move, code):
    state = new(2).initial_state().apply("c1-c2").apply("d8-d7")
    with pytest.raises(ludoteca.IllegalMoveError) as err:
        state.apply(move)
    assert err.value.code == code


@pytest.mark.parametrize("move", [None, 3, ["c1-c2"], b"c1-c2"])
def test_non_string_moves_raise_not_a_string(move):
    state = new(2).initial_state()
    with pytest.raises(ludoteca.IllegalMoveError) as err:
        state.apply(move)
    assert err.value.code == "not_a_string"
    assert not state.is_legal(move)


def test_moves_after_the_end_are_refused():
    state = position({"d7": "B", "h5": "R", "h6": "G"}).apply("d7-d8")
    with pytest.raises(ludoteca.IllegalMoveError) as err:
        state.apply("h5-g5")
    assert err.value.code == "game_over"


@pytest.mark.parametrize("change", [
    {"pieces": {"b1": "B"}},
    {"pieces": {"z9": "B"}},
    {"out": {"B": -1, "Y": 0, "R": 0, "G": 0}},
    {"barred": [0, 0]},
    {"skip_next": [False, True]},
    {"to_move": 2},
    {"to_move": True},
    {"challengeable": "c1-c2"},
    {"move_count": 401},
    {"players": 3},
    {"scored": [1, 0]},
    {"last_move": {"player": 0, "move": "c1-c2", "from": "c1", "to": "c3"}},
    {"last_move": "c1-c2"},
])
def test_corrupt_json_is_refused(change):
    game = new(2)
    data = game.initial_state().to_json()
    data.update(change)
    with pytest.raises(ludoteca.OptionError) as err:
        game.state_from_json(data)
    assert err.value.code == "corrupt_state"


def test_state_json_round_trip_keeps_a_challengeable_move():
    game = new(4)
    state = game.initial_state().apply("c1-c2").apply("challenge:3").apply("a3-b3")
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.legal_moves() == state.legal_moves()


def test_describe_options_offers_a_few_max_moves_values():
    options = ludoteca.new_game("bolonki").describe_options()
    assert options["players"] == {"values": [2, 3, 4], "default": 2}
    assert options["max_moves"]["default"] == 400 and 400 in options["max_moves"]["values"]
    assert (options["max_moves"]["min"], options["max_moves"]["max"]) == (10, 2000)
    assert options["practice"] == {"values": [False, True], "default": False}


def test_step_facts_say_what_each_step_is():
    state = ludoteca.new_game("bolonki").initial_state().apply("c1-c2")
    jump = state.step_facts("b1", state.extensions("b1"))
    assert jump["b1-d3"] == {"kind": "jump", "from": "b1", "to": "d3", "over": "c2"}
    assert jump["b1-a1"] == {"kind": "step", "from": "b1", "to": "a1"}


# --- what the page is told ----------------------------------------------------------------
def test_targets_say_what_a_click_on_each_square_asks():
    state = position({**KEEP_2P, "b1": "B", "b2": "R", "c4": "G"})
    assert len(state.targets("")) == 64 and state.targets("")["e5"] == "e5"
    assert state.targets("b1")["b3"] == "b1-b3" and state.targets("b1")["h1"] == "b1-h1"
    assert state.targets("b1-b3")["d5"] == "b1-b3-d5"
    assert state.targets("challenge:1") == {}
    for step in (state.targets("b1")["h1"], state.targets("")["e5"]):  # not legal: refused
        with pytest.raises(ludoteca.IllegalMoveError):
            state.apply(step)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_carries_the_colours_symbols_and_pieces_per_colour(players):
    view = new(players).initial_state().observation(None)
    in_play = "".join(bolonki.PLAYER_COLOURS[players])
    assert [c for colours in view["player_colours"] for c in colours] == list(in_play)
    assert set(view["colour_symbols"]) == set(view["start_edges"]) == set(in_play)
    assert view["colour_symbols"]["B"] == "circle" and view["pieces_per_colour"] == 6
    assert view["start_edges"]["B"] == "south" and view["goal_edges"]["B"] == "north"


def test_a_practice_game_has_nothing_to_memorise():
    assert "start_colours" not in new(2, practice=True).initial_state().observation(None)


def frames_of(state, move):
    return state.apply_with_frames(move)[1]


def kinds_and_places(frames):
    return [(f["kind"], f["at"]) for f in frames]


def test_a_jump_chain_is_framed_hop_by_hop_with_the_piece_face_down():
    state = position({**KEEP_2P, "b1": "B", "b2": "R", "c4": "G"})
    frames = frames_of(state, "b1-b3-d5")
    assert kinds_and_places(frames) == [("hop", "b3"), ("move", "d5")]
    assert frames[0]["observation"]["pieces"]["b3"] == "?"
    assert "b1" not in frames[0]["observation"]["pieces"]
    assert not any("face_up" in f["observation"] for f in frames)


def test_a_reveal_is_framed_turned_up_then_out_or_back():
    state = position({**KEEP_2P, "d7": "B", "c7": "R"})
    frames = frames_of(state, "d7-d8")  # blue on Blue's goal: out
    assert kinds_and_places(frames) == [("move", "d8"), ("reveal", "d8"), ("scored", "d8")]
    assert frames[1]["observation"]["face_up"] == {"d8": "B"}
    assert frames[1]["observation"]["pieces"]["d8"] == "?"  # the face-down view, turned up
    assert "d8" not in frames[2]["observation"]["pieces"]
    frames = frames_of(state, "c7-c8")  # red: back to c7, face down again
    assert kinds_and_places(frames) == [("move", "c8"), ("reveal", "c8"), ("returned", "c7")]
    assert frames[1]["observation"]["face_up"] == {"c8": "R"}
    assert "face_up" not in frames[2]["observation"]
    assert frames[2]["observation"]["pieces"]["c7"] == "?"


def test_a_challenge_is_framed_turned_up_then_where_it_goes():
    state = new(2).initial_state().apply("c8-c7")
    frames = frames_of(state, "challenge:1")  # red, moved by Blue/Yellow: back to c8
    assert kinds_and_places(frames) == [("challenge", "c7"), ("succeeded", "c8")]
    assert frames[0]["observation"]["face_up"] == {"c7": "R"}
    assert "c8" in frames[1]["observation"]["pieces"] and "face_up" not in frames[1][
        "observation"]
    frames = frames_of(new(2).initial_state().apply("c1-c2"), "challenge:1")
    assert kinds_and_places(frames) == [("challenge", "c2"), ("failed", "c2")]
    assert frames[0]["observation"]["face_up"] == {"c2": "B"}


def test_the_first_moves_frames_no_longer_show_the_set_up():
    frames = frames_of(new(2).initial_state(), "c1-c2")
    assert all("start_colours" not in f["observation"] for f in frames)
