"""What the engine tells Bul's page so that it computes no rule: the beans, this turn's and
the last turn's throws, the sides (bases and directions), each unit's way, the men on the
road, and what a click on a base or a unit would ask (`targets`)."""

import json

import pytest

import ludoteca
from ludoteca import CHANCE, OptionError, web


def new(variant="puluc", **options):
    return ludoteca.new_game("bul", variant=variant, **options)


def play(state, moves):
    for move in moves:
        state = state.apply(move)
    return state


def position(variant, units, base, throws, dead=None, to_move=0, **options):
    """A state from explicit facts (units: (row, pieces top first, heading))."""
    game = new(variant, **options)
    data = game.initial_state().to_json()
    data.update(units=[{"row": r, "pieces": list(p), "heading": h} for r, p, h in units],
                base=list(base), throws=list(throws), thrown=list(throws), to_move=to_move,
                throws_pending=0, dead=list(dead or [0] * game.num_players),
                retired=[0] * game.num_players)
    return game.state_from_json(data)


def test_the_beans_and_their_falls():
    facts = new().initial_state().observation(None)
    assert facts["beans"] == 4 and facts["falls"] == 16
    odds = facts["throw_odds"]
    assert [o["ways"] for o in odds] == [len(o["falls"]) for o in odds] == [4, 6, 4, 1, 1]
    for o in odds:
        assert all(len(fall) == 4 and sum(fall) == o["marks"] for fall in o["falls"])
    assert sum(o["ways"] for o in odds) == facts["falls"]
    rules = ludoteca.new_game("bul").rules_facts()
    assert (rules["beans"], rules["falls"], rules["throw_odds"]) == (4, 16, odds)


def test_the_rules_panel_is_told_the_bases_rows_at_every_length():
    bases = ludoteca.new_game("bul").rules_facts()["base_rows"]
    assert bases == {str(n): [1, n] for n in (9, 11, 13, 15, 20, 21)}


def test_this_turns_throws_say_which_are_used_and_the_last_turn_stays_known():
    state = play(new("aj-sayil").initial_state(), ["3", "1"])
    facts = state.observation(None)
    assert facts["turn_throws"] == [{"value": 3, "marks": 3, "used": False},
                                    {"value": 1, "marks": 1, "used": False}]
    assert facts["last_throws"] is None
    state = state.apply("1:enter")
    assert [t["used"] for t in state.observation(None)["turn_throws"]] == [False, True]
    state = state.apply("3:2")  # the man on row 2 moves on: the turn is over
    facts = state.observation(None)
    assert facts["turn_throws"] == []
    assert facts["last_throws"] == {"player": 0, "values": [3, 1], "marks": [3, 1]}
    assert state.to_json()["last_turn"] == {"player": 0, "thrown": [3, 1]}
    again = state.game.state_from_json(state.to_json())
    assert again.observation(None) == facts


def test_a_pass_keeps_the_values_it_lost_as_the_last_throws():
    # boolik, 9 rows: A's piles on rows 3 and 5 and his base all land on his own men
    state = play(new("boolik", length=9).initial_state(),
                 ["2", "enter", "1", "enter", "3", "enter", "3", "8", "1", "4", "1", "enter",
                  "2"])
    assert state.legal_moves() == ["pass"]
    after = state.apply("pass")
    assert after.observation(None)["last_throws"] == {"player": 0, "values": [2],
                                                      "marks": [2]}


def test_equal_values_count_one_use_each():
    state = play(new("aj-sayil").initial_state(), ["2", "2", "2:enter"])
    assert [t["used"] for t in state.observation(None)["turn_throws"]] == [False, True]


def test_the_game_end_keeps_the_last_throws():
    state = position("aj-sayil", [(5, (0,), "out"), (9, (1, 3, 3, 3, 3, 3), "home")],
                     base=[4, 0, 5, 0], dead=[0, 4, 0, 0], throws=[4, 1], team_size=2)
    state = state.apply("4:5@0")
    facts = state.observation(None)
    assert state.is_terminal and facts["turn_throws"] == []
    assert facts["last_throws"]["values"] == [4, 1]


@pytest.mark.parametrize("length", [9, 13, 21])
def test_the_sides_say_their_players_bases_and_way_out(length):
    sides = new("aj-sayil", length=length, team_size=2).initial_state().observation(None)["sides"]
    assert sides == [
        {"side": 0, "players": [0, 2], "base_row": 1, "far_row": length, "out_direction": 1},
        {"side": 1, "players": [1, 3], "base_row": length, "far_row": 1, "out_direction": -1}]


def test_each_unit_says_its_side_and_the_way_it_travels():
    # boolik: B's man captures A's on row 5 and turns home (toward row 13: higher rows)
    state = play(new("boolik").initial_state(), ["2", "enter", "4", "enter", "2", "3", "4", "9"])
    facts = state.observation(None)
    assert [u["pieces"] for u in facts["units"]] == [[1, 0]]
    assert facts["unit_facts"] == [{"side": 1, "direction": 1}]
    state = play(new("puluc").initial_state(), ["2", "enter", "3", "enter"])
    assert state.observation(None)["unit_facts"] == [{"side": 0, "direction": 1},
                                                     {"side": 1, "direction": -1}]
    assert state.observation(None)["men_on_road"] == [1, 1]


def test_a_unit_on_its_way_says_its_side_and_direction():
    state = play(new("puluc").initial_state(), ["3"])
    _, frames = state.apply_with_frames("enter")
    walking = [f["observation"]["moving"] for f in frames if f["kind"] == "pass-row"]
    assert [m["row"] for m in walking] == [2, 3, 4]
    assert all(m["side"] == 0 and m["direction"] == 1 for m in walking)


def test_targets_in_the_one_throw_rule_sets_name_the_base_and_own_units():
    state = position("puluc", [(4, (0,), "out"), (8, (1,), "out")], base=[4, 4], throws=[2])
    assert state.targets("") == {"base:0": "enter", "unit:4@0": "4"}
    before = play(new("puluc").initial_state(), [])
    assert before.targets("") == {"base:0": "enter"}  # a throw is due: the engine says so


def test_targets_in_the_two_throw_rule_sets_name_a_value():
    # one movable man: the base may not enter with either value; the man may use both
    state = position("aj-sayil", [(5, (0,), "out")], base=[4, 5], throws=[2, 3])
    assert state.targets("") == {"base:0": "2:enter", "unit:5@0": "2:5"}
    assert state.targets("3:") == {"base:0": "3:enter", "unit:5@0": "3:5"}
    assert state.is_legal("3:5") and not state.is_legal("3:enter")


def test_targets_with_teams_name_the_controller_and_refuse_a_teammates_unit():
    state = position("aj-sayil", [(5, (0,), "out"), (5, (2,), "out")], base=[4, 5, 4, 5],
                     throws=[2, 3], to_move=2, team_size=2)
    targets = state.targets("")
    assert targets == {"base:2": "2:enter", "unit:5@0": "2:5@0", "unit:5@2": "2:5@2"}
    with pytest.raises(ludoteca.IllegalMoveError) as err:
        state.apply(targets["unit:5@0"])
    assert err.value.code == "blocked"


def test_the_value_chosen_first_is_a_partial_fact():
    state = position("aj-sayil", [(5, (0,), "out")], base=[4, 5], throws=[2, 3])
    assert state.partial_facts("3:") == {"value": 3}
    assert state.partial_facts("4:") == state.partial_facts("x:") == {}


def test_no_targets_once_the_game_is_over():
    state = position("aj-sayil", [(5, (0,), "out"), (9, (1,), "home")], base=[4, 0],
                     dead=[0, 4], throws=[4, 1])
    state = state.apply("4:5")
    assert state.is_terminal and state.targets("") == {}


@pytest.mark.parametrize("change", [
    {"thrown": [3]},  # the unused 2 was never thrown
    {"thrown": [2, 3, 1]},  # more than a turn's throws
    {"last_turn": {"player": 5, "thrown": [2]}},
    {"last_turn": {"player": 0, "thrown": []}},
])
def test_corrupt_throw_records_are_refused(change):
    state = position("aj-sayil", [(5, (0,), "out")], base=[4, 5], throws=[2])
    data = {**state.to_json(), **change}
    with pytest.raises(OptionError):
        state.game.state_from_json(data)


def test_the_page_is_told_the_targets_at_a_throw_too():
    answer = json.loads(web.handle(json.dumps({"session": "bul-targets", "op": "new",
                                               "game": "bul", "seats": ["human", "human"]})))
    view = answer["view"]
    assert view["current_player"] == CHANCE and view["steps"] == []
    assert view["targets"] == {"base:0": "enter"}
