"""Every rule of docs/rules/bul.md, one test each, driven by explicit throws and moves
(or an explicit position when reaching it by play would take dozens of moves)."""

import pytest

import ludoteca
from ludoteca import CHANCE, IllegalMoveError, OptionError
from ludoteca.games.bul.rules import RULE_SETS


def new(variant="puluc", **options):
    return ludoteca.new_game("bul", variant=variant, **options)


def play(game_or_state, moves):
    """Apply throws and moves in order, from a game's start or from a state."""
    state = game_or_state
    if isinstance(game_or_state, ludoteca.Game):
        state = game_or_state.initial_state()
    for move in moves:
        state = state.apply(move)
    return state


def position(variant, units, base, dead=None, retired=None, throws=(), to_move=0,
             **options):
    """A state from explicit facts: units are (row, pieces top first, heading)."""
    game = new(variant, **options)
    data = game.initial_state().to_json()
    players = game.num_players
    throws = list(throws)
    data.update(
        units=[{"row": r, "pieces": list(p), "heading": h} for r, p, h in units],
        base=list(base), dead=list(dead or [0] * players),
        retired=list(retired or [0] * players), throws=throws, thrown=throws, to_move=to_move,
        throws_pending=0 if throws else game.rules.throws_per_turn, terminal=False,
    )
    return game.state_from_json(data)


def units(state):
    return [(u["row"], u["pieces"], u["heading"]) for u in state.to_json()["units"]]


def event(state, kind):
    found = [e for e in state.events if e["type"] == kind]
    assert found, f"no {kind} event in {state.events}"
    return found[0]


# --- options --------------------------------------------------------------------------
@pytest.mark.parametrize("variant,length", [
    ("boolik", 13), ("buul", 13), ("puluc", 13), ("aj-sayil", 21), ("aj-tiwil", 21),
    ("aj-sinaanil", 21), ("aj-sakalil", 21), ("a-kaakil", 21)])
def test_default_length_depends_on_the_variant(variant, length):
    game = new(variant)
    assert game.options == {"variant": variant, "length": length, "team_size": 1}
    assert new(variant, length=9).options["length"] == 9


def test_default_variant_is_puluc():
    assert ludoteca.new_game("bul").options == {"variant": "puluc", "length": 13,
                                                "team_size": 1}


@pytest.mark.parametrize("variant", ["boolik", "buul", "puluc"])
def test_teams_only_in_verbeeck_rule_sets(variant):
    with pytest.raises(OptionError) as err:
        new(variant, team_size=2)
    assert err.value.code == "teams_not_allowed"
    assert new("aj-sayil", team_size=2).num_players == 4


def test_describe_options_offers_every_choice_with_the_rule_sets_default_length():
    import json

    options = ludoteca.new_game("bul").describe_options()
    assert options["variant"] == {"values": list(RULE_SETS), "default": "puluc"}
    assert len(options["variant"]["values"]) == 8
    length = options["length"]
    assert length["values"] == [None, 9, 11, 13, 15, 20, 21] and length["default"] is None
    assert length["defaults"] == {v: r.default_length for v, r in RULE_SETS.items()}
    assert options["team_size"]["values"] == [1, 2] and options["team_size"]["default"] == 1
    assert set(options["team_size"]["variants"]) == {v for v in RULE_SETS if v.startswith("a")}
    json.dumps(options)  # the build writes it as JSON for the page
    # every offered value is accepted by the engine (teams only where allowed)
    for variant in options["variant"]["values"]:
        for value in length["values"]:
            game = new(variant, length=value)
            assert game.length == (value or length["defaults"][variant])
        for size in options["team_size"]["values"]:
            if size == 1 or variant in options["team_size"]["variants"]:
                assert new(variant, team_size=size).num_players == 2 * size
            else:
                with pytest.raises(OptionError) as err:
                    new(variant, team_size=size)
                assert err.value.code == "teams_not_allowed"


@pytest.mark.parametrize("options", [
    {"length": 12}, {"length": 13.0}, {"length": "13"}, {"length": True},
    {"team_size": 3}, {"team_size": 2.0}, {"variant": "bul"}, {"colour": "red"}])
def test_bad_options_raise_option_error(options):
    with pytest.raises(OptionError):
        ludoteca.new_game("bul", **options)


# --- section 1: the road --------------------------------------------------------------
def test_bases_count_as_rows_and_entering_lands_at_d_equal_t():
    state = play(new("puluc"), ["3", "enter", "2", "enter"])
    assert units(state) == [(4, [0], "out"), (11, [1], "out")]
    assert state.to_json()["base"] == [4, 4]
    assert event(state, "enter") == {"type": "enter", "player": 1, "value": 2, "from": 13,
                                     "to": 11, "path": [12, 11], "heading": "out"}


def test_rows_are_absolute_for_both_sides():
    state = play(new("puluc", length=9), ["1", "enter", "1", "enter", "1", "2", "2", "8"])
    assert units(state) == [(3, [0], "out"), (6, [1], "out")]


# --- section 2: the throw -------------------------------------------------------------
def test_throw_outcomes_and_probabilities():
    outcomes = new().initial_state().chance_outcomes()
    assert outcomes == [("1", 4 / 16), ("2", 6 / 16), ("3", 4 / 16), ("4", 1 / 16),
                        ("5", 1 / 16)]
    assert sum(p for _, p in outcomes) == 1


def test_a_throw_is_a_chance_node_for_the_player_to_move():
    state = new().initial_state()
    assert state.current_player == CHANCE and state.to_json()["to_move"] == 0
    state = state.apply("5")
    assert state.current_player == 0 and state.to_json()["throws"] == [5]
    assert state.events == [{"type": "throw", "player": 0, "value": 5, "marks": 0, "index": 0}]


@pytest.mark.parametrize("bad", ["0", "6", "enter", "pass", "", " 3", "3 ", "x", "1:2"])
def test_an_outcome_other_than_1_to_5_raises_bad_throw(bad):
    state = new("aj-sayil").initial_state()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as err:
        state.apply(bad)
    assert err.value.code == "bad_throw"
    assert state.to_json() == before


@pytest.mark.parametrize("bad", [3, None, 3.0, ["3"]])
def test_a_non_string_move_raises_not_a_string(bad):
    state = new().initial_state()
    with pytest.raises(IllegalMoveError) as err:
        state.apply(bad)
    assert err.value.code == "not_a_string"


# --- section 3: units, stacks and capture ---------------------------------------------
def test_capture_puts_the_mover_on_top_of_the_pile():
    state = play(new("puluc"), ["3", "enter", "5", "enter", "4", "4"])
    assert units(state) == [(8, [0, 1], "out")]
    assert event(state, "capture") == {"type": "capture", "player": 0, "controller": 0,
                                       "row": 8, "captured": [1], "pieces": [0, 1],
                                       "heading": "out"}


def test_a_stack_captures_a_stack_and_own_captives_become_companions():
    state = position("puluc", [(7, (0, 1), "out"), (9, (1, 0), "out")], base=[3, 3],
                     throws=[2], to_move=1)
    state = state.apply("9")  # B's pile at d=4 moves 2 to d=6: row 7, A's pile
    assert units(state) == [(7, [1, 0, 0, 1], "out")]
    assert event(state, "rescue") == {"type": "rescue", "controller": 1, "row": 7,
                                      "pieces": [1]}


def test_passing_over_pieces_is_free():
    state = position("puluc", [(3, (0,), "out"), (4, (1,), "out"), (5, (1,), "out")],
                     base=[4, 3], throws=[3])
    state = state.apply("3")
    assert units(state) == [(4, [1], "out"), (5, [1], "out"), (6, [0], "out")]


def test_no_landing_on_own_piece_rule_13():
    state = position("puluc", [(3, (0,), "out")], base=[4, 5], throws=[2])
    assert state.legal_moves() == ["3"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("enter")
    assert err.value.code == "blocked_by_own"


def test_enemy_top_is_a_capture_even_over_own_captives():
    state = position("boolik", [(6, (1, 0), "home")], base=[4, 4], throws=[5])
    state = state.apply("enter")
    assert units(state) == [(6, [0, 1, 0], "home")]


def test_nothing_is_captured_in_a_base():
    # B's man at d=1 (row 20) gets home to row 21, where A's man stands in the far camp
    state = position("aj-sayil", [(20, (1,), "home"), (21, (0,), "home")], base=[4, 4],
                     throws=[1, 2], to_move=1)
    state = state.apply("1:20")
    assert units(state) == [(21, [0], "home")] and state.to_json()["base"] == [4, 5]
    assert [e["type"] for e in state.events] == ["move", "home"]


def test_square_left_counts_as_empty_for_its_own_landing():
    # boolik, L=13 (n=11): d=9 (row 10) throws 4: 10, 11 | 10, 9 -> its own square.
    state = position("boolik", [(10, (0,), "out")], base=[4, 5], throws=[4])
    assert "10" in state.legal_moves()
    state = state.apply("10")
    assert units(state) == [(10, [0], "home")]


def test_moving_is_compulsory_and_pass_only_when_no_legal_use():
    # boolik: units at d=9 and d=10, throw 3: d=10 -> 13 -> 9 (own), d=9 -> 12 -> 10 (own)
    state = position("boolik", [(10, (0,), "out"), (11, (0,), "out")], base=[0, 5],
                     dead=[3, 0], throws=[3])
    assert state.legal_moves() == ["pass"]
    after = state.apply("pass")
    assert after.events == [{"type": "pass", "player": 0, "lost": [3]}]
    assert after.current_player == CHANCE and after.to_json()["to_move"] == 1
    moving = position("puluc", [(3, (0,), "out")], base=[4, 5], throws=[1])
    with pytest.raises(IllegalMoveError) as err:
        moving.apply("pass")
    assert err.value.code == "must_move"


def test_a_side_with_no_free_piece_loses():
    state = position("puluc", [(5, (0,), "out"), (9, (1, 0, 0, 0), "out")], base=[0, 0],
                     dead=[1, 4], throws=[4])
    state = state.apply("5")
    assert state.is_terminal and state.current_player is None
    assert state.winner == 0 and state.returns() == [1, -1]
    assert event(state, "end") == {"type": "end", "winner": 0, "reason": "no_free_men",
                                   "taken": [4, 1]}
    assert state.legal_moves() == [] and state.to_json()["throws"] == []
    with pytest.raises(IllegalMoveError) as err:
        state.apply("1")
    assert err.value.code == "game_over"


# --- section 4: boolik ------------------------------------------------------------------
def test_boolik_bounce_example_from_the_rules():
    state = position("boolik", [(10, (0,), "out")], base=[4, 5], throws=[4])
    move = event(state.apply("10"), "move")
    assert move["path"] == [11, 12, 11, 10] and move["to"] == 10
    assert move["heading"] == "home" and move["bounce"] is True


@pytest.mark.parametrize("throw,row", [("1", 12), ("2", 11), ("3", 10), ("5", 8)])
def test_boolik_wall_at_the_last_space_turns_home(throw, row):
    state = position("boolik", [(11, (0,), "out")], base=[4, 5], throws=[int(throw)])
    state = state.apply("11")
    assert units(state) == [(row, [0], "home")]


def test_boolik_pieces_never_enter_the_enemy_base():
    for throw in range(1, 6):
        state = position("boolik", [(11, (0,), "out"), (12, (0,), "home")], base=[3, 5],
                         throws=[throw])
        for move in state.legal_moves():
            assert all(2 <= row <= 12 for row, _, _ in units(state.apply(move)))


def test_boolik_capture_turns_home():
    state = play(new("boolik"), ["2", "enter", "4", "enter", "2", "3", "4", "9"])
    assert units(state) == [(5, [1, 0], "home")]


def test_boolik_home_discards_captives_and_companions():
    state = position("boolik", [(4, (0, 1, 0), "home")], base=[3, 4], throws=[5])
    state = state.apply("4")
    view = state.to_json()
    assert view["base"] == [4, 4] and view["dead"] == [1, 1] and view["units"] == []
    assert event(state, "home") == {"type": "home", "player": 0, "row": 1,
                                    "pieces": [0, 1, 0], "returned": [0],
                                    "discarded": [1, 0]}
    assert event(state, "discard")["pieces"] == [1, 0]


def test_home_needs_no_exact_throw():
    state = position("boolik", [(3, (0,), "home")], base=[4, 5], throws=[5])
    state = state.apply("3")
    assert event(state, "move")["path"] == [2, 1] and state.to_json()["base"] == [5, 5]


# --- section 4: buul ------------------------------------------------------------------
def test_buul_capture_turns_home():
    state = play(new("buul"), ["3", "enter", "5", "enter", "4", "4"])
    assert units(state) == [(8, [0, 1], "home")]


def test_buul_home_returns_companions_and_discards_captives():
    state = position("buul", [(4, (0, 1, 0), "home")], base=[3, 4], throws=[3])
    state = state.apply("4")
    assert state.to_json()["base"] == [5, 4] and state.to_json()["dead"] == [0, 1]
    assert event(state, "free") == {"type": "free", "row": 1, "pieces": [0]}


def test_buul_reaching_the_enemy_base_frees_every_captive():
    state = position("buul", [(5, (1, 0), "home"), (8, (1, 0, 1), "home"),
                              (12, (0,), "out")], base=[2, 2], throws=[2])
    state = state.apply("12")
    assert units(state) == [(5, [1], "home"), (8, [1, 1], "home")]
    assert state.to_json()["base"] == [5, 2]
    assert event(state, "dissolve")["row"] == 13
    assert event(state, "free-captives") == {
        "type": "free-captives", "side": 0,
        "pieces": [{"row": 5, "player": 0}, {"row": 8, "player": 0}]}


# --- section 4: puluc -----------------------------------------------------------------
def test_puluc_captor_keeps_moving_out():
    state = play(new("puluc"), ["3", "enter", "5", "enter", "4", "4", "1", "enter",
                                "3", "8"])
    assert units(state) == [(11, [0, 1], "out"), (12, [1], "out")]


def test_puluc_reaching_the_enemy_base_dissolves():
    state = position("puluc", [(11, (0, 1, 0), "out")], base=[3, 4], throws=[2])
    state = state.apply("11")
    view = state.to_json()
    assert view["units"] == [] and view["base"] == [5, 4] and view["dead"] == [0, 1]
    assert event(state, "dissolve") == {"type": "dissolve", "player": 0, "row": 13,
                                        "pieces": [0, 1, 0], "returned": [0, 0],
                                        "discarded": [1]}
    assert event(state, "move")["path"] == [12, 13]


# --- section 5: Verbeeck common rules (aj-sayil) ---------------------------------------
def test_verbeeck_two_throws_before_moving():
    state = play(new("aj-sayil"), ["3"])
    assert state.current_player == CHANCE and state.to_json()["throws"] == [3]
    assert state.to_json()["throws_pending"] == 1
    state = state.apply("1")
    assert event(state, "throw")["index"] == 1
    assert state.current_player == 0 and state.legal_moves() == ["3:enter", "1:enter"]


def test_verbeeck_values_used_in_either_order_never_summed():
    first = play(new("aj-sayil"), ["3", "1", "1:enter", "3:2"])
    second = play(new("aj-sayil"), ["3", "1", "3:enter", "1:4"])
    assert units(first) == units(second) == [(5, [0], "out")]
    assert first.current_player == CHANCE and first.to_json()["to_move"] == 1


def test_verbeeck_equal_values_each_use_consumes_one():
    state = play(new("aj-sayil"), ["2", "2", "2:enter"])
    assert state.legal_moves() == ["2:3"] and state.to_json()["throws"] == [2]
    state = state.apply("2:3")
    assert units(state) == [(5, [0], "out")] and state.to_json()["to_move"] == 1


def test_verbeeck_values_are_used_one_after_the_other():
    state = position("aj-sayil", [(5, (0,), "out")], base=[4, 5], throws=[2, 3])
    assert state.legal_moves() == ["2:5", "3:5"]
    state = state.apply("3:5")
    assert state.legal_moves() == ["2:8"] and state.current_player == 0


def test_verbeeck_pass_after_the_first_value_when_the_second_has_no_use():
    # player 2's last man burns with 3; his teammate has no unit to help: 1 is lost
    state = position("a-kaakil", [(8, (2,), "out")], base=[5, 5, 0, 5],
                     dead=[0, 0, 4, 0], throws=[3, 1], to_move=2, team_size=2)
    state = state.apply("3:8@2")
    assert state.legal_moves() == ["pass"] and state.current_player == 2
    state = state.apply("pass")
    assert state.events == [{"type": "pass", "player": 2, "lost": [1]}]
    assert state.to_json()["to_move"] == 1 and state.current_player == CHANCE


def test_verbeeck_pass_is_the_only_move_when_no_value_has_a_use():
    # player 0 has no men; his teammate 2 has one in his base and none on the road
    state = position("aj-sayil", [], base=[0, 5, 1, 5], dead=[5, 0, 4, 0], throws=[3, 1],
                     team_size=2)
    assert state.legal_moves() == ["pass"]
    state = state.apply("pass")
    assert state.events == [{"type": "pass", "player": 0, "lost": [3, 1]}]
    assert state.to_json()["to_move"] == 2 and state.current_player == CHANCE


def test_one_movable_man_per_player():
    state = play(new("aj-sayil"), ["3", "2", "3:enter"])
    assert state.legal_moves() == ["2:4"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("2:enter")
    assert err.value.code == "one_movable_man"


def test_one_movable_man_home_with_the_first_value_then_enter_with_the_second():
    state = position("aj-sayil", [(3, (0,), "home")], base=[4, 5], throws=[4, 2])
    assert state.legal_moves() == ["4:3", "2:3"]
    state = state.apply("4:3")
    assert event(state, "home")["returned"] == [0]
    assert state.legal_moves() == ["2:enter"]


def test_one_movable_man_capture_frees_the_slot_for_the_victim():
    # B's man at row 18 (d=3) moves 3: d=6 is row 15, A's man
    state = position("aj-sayil", [(15, (0,), "out"), (18, (1,), "out")], base=[4, 4],
                     throws=[3, 1], to_move=1)
    state = state.apply("3:18")
    assert units(state) == [(15, [1, 0], "home")]
    state = play(state, ["1:15", "2", "5"])  # B goes on; A throws 2 and 5
    assert "2:enter" in state.legal_moves() and "5:enter" in state.legal_moves()


def test_round_trip_far_camp_is_a_turning_point():
    # L=21, n=19: d=18 (row 19) + 2 = 20 = n+1: the far camp (row 21), heading home
    state = position("aj-sayil", [(19, (0,), "out")], base=[4, 5], throws=[2, 5])
    state = state.apply("2:19")
    assert units(state) == [(21, [0], "home")]
    state = state.apply("5:21")
    assert units(state) == [(16, [0], "home")]


def test_round_trip_bounce_beyond_the_far_camp():
    state = position("aj-sayil", [(19, (0,), "out")], base=[4, 5], throws=[5, 1])
    state = state.apply("5:19")  # d=18+5=23 > 20: 2*20-23 = 17 -> row 18
    move = event(state, "move")
    assert move["path"] == [20, 21, 20, 19, 18] and move["heading"] == "home"
    assert units(state) == [(18, [0], "home")]


def test_round_trip_home_walk_back_and_arrival():
    state = position("aj-sayil", [(3, (0, 1, 1), "home")], base=[4, 3], throws=[3, 1])
    state = state.apply("3:3")
    view = state.to_json()
    assert view["base"] == [5, 3] and view["dead"] == [0, 2]


def test_verbeeck_capture_turns_home_at_once():
    state = play(new("aj-sayil", length=9), ["3", "1", "3:enter", "1:4", "2", "1",
                                             "1:enter", "2:8"])
    # A's man at row 5 (d=4); B entered at row 8 (d=1) and moved 2 to row 6; A's turn
    state = play(state, ["1", "2", "1:5"])
    assert units(state) == [(6, [0, 1], "home")]
    state = state.apply("2:6")
    assert units(state) == [(4, [0, 1], "home")]


def test_verbeeck_home_keeps_captives_and_frees_companions():
    state = position("aj-sayil", [(4, (0, 1, 2, 1, 0), "home")], base=[3, 3, 4, 5],
                     throws=[4, 1], team_size=2)
    state = state.apply("4:4@0")
    view = state.to_json()
    assert view["base"] == [5, 3, 5, 5] and view["dead"] == [0, 2, 0, 0]
    assert event(state, "free")["pieces"] == [2, 0]


# --- section 5: aj-tiwil --------------------------------------------------------------
def test_tiwil_captor_leaves_the_road_with_its_prey():
    state = position("aj-tiwil", [(6, (0,), "out"), (10, (1,), "out")], base=[4, 4],
                     throws=[4, 1])
    state = state.apply("4:6")
    view = state.to_json()
    assert view["units"] == [] and view["retired"] == [1, 0] and view["dead"] == [0, 1]
    assert event(state, "retire") == {"type": "retire", "player": 0, "row": 10,
                                      "prey": [1]}
    assert state.legal_moves() == ["1:enter"]  # the slot is free again


def test_tiwil_end_the_team_that_took_more_wins():
    state = position("aj-tiwil", [(6, (0,), "out"), (10, (1,), "out")], base=[0, 0],
                     dead=[2, 3], retired=[2, 1], throws=[4, 1])
    state = state.apply("4:6")
    assert state.is_terminal and state.winner == 0 and state.returns() == [1, -1]
    assert event(state, "end")["reason"] == "eagle_count"
    assert event(state, "end")["taken"] == [4, 2]


def test_tiwil_end_equal_takes_is_a_draw():
    state = position("aj-tiwil", [(6, (0,), "out"), (10, (1,), "out")], base=[0, 0],
                     dead=[3, 2], retired=[1, 2], throws=[4, 1])
    state = state.apply("4:6")
    assert state.is_terminal and state.winner is None and state.returns() == [0, 0]


def test_tiwil_team_capture_on_a_shared_space_takes_two():
    state = position("aj-tiwil", [(6, (0,), "out"), (10, (1,), "out"), (10, (3,), "out")],
                     base=[4, 4, 5, 4], throws=[4, 1], team_size=2)
    state = state.apply("4:6@0")
    view = state.to_json()
    assert view["dead"] == [0, 1, 0, 1] and view["retired"] == [1, 0, 0, 0]
    assert event(state, "capture")["captured"] == [3, 1]


# --- section 5: aj-sinaanil -----------------------------------------------------------
def test_sinaanil_backward_capture():
    state = position("aj-sinaanil", [(6, (1,), "out"), (9, (0,), "out")], base=[4, 4],
                     throws=[3, 2])
    assert "3:9b" in state.legal_moves() and "2:9b" not in state.legal_moves()
    state = state.apply("3:9b")
    assert units(state) == [(6, [0, 1], "home")]
    move = event(state, "move")
    assert move["backward"] is True and move["path"] == [8, 7, 6]


def test_sinaanil_backward_move_must_capture_and_stay_on_the_road():
    state = position("aj-sinaanil", [(3, (0,), "out"), (12, (1,), "out")], base=[4, 4],
                     throws=[2, 1])
    assert state.legal_moves() == ["2:3", "1:3"]
    with pytest.raises(IllegalMoveError) as err:
        state.apply("1:3b")
    assert err.value.code == "no_backward_capture"
    camp = position("aj-sinaanil", [(20, (1,), "out"), (21, (0,), "home")], base=[4, 4],
                    throws=[1, 2])
    assert "1:21b" not in camp.legal_moves()  # backward from the far camp leaves the road


def test_sinaanil_carrier_heading_home_captures_backward():
    state = position("aj-sinaanil", [(5, (0, 1), "home"), (8, (3, 2), "home")],
                     base=[4, 4, 4, 4], throws=[3, 1], team_size=2)
    assert "3:5b@0" in state.legal_moves()
    state = state.apply("3:5b@0")
    assert units(state) == [(8, [0, 1, 3, 2], "home")]


# --- section 5: aj-sakalil ------------------------------------------------------------
def test_sakalil_captures_do_not_turn_the_unit():
    state = position("aj-sakalil", [(6, (0,), "out"), (10, (1,), "out")], base=[4, 4],
                     throws=[4, 1])
    state = state.apply("4:6")
    assert units(state) == [(10, [0, 1], "out")]
    assert units(state.apply("1:10")) == [(11, [0, 1], "out")]


def test_sakalil_leaves_the_road_at_the_far_end():
    state = position("aj-sakalil", [(19, (0, 1, 2, 3), "out")], base=[4, 4, 4, 4],
                     throws=[2, 1], team_size=2)
    state = state.apply("2:19@0")
    view = state.to_json()
    assert view["units"] == [] and view["base"] == [5, 4, 5, 4]
    assert view["dead"] == [0, 1, 0, 1]
    assert event(state, "dissolve")["row"] == 21
    assert state.legal_moves() == ["1:enter"]


# --- section 5: a-kaakil --------------------------------------------------------------
@pytest.mark.parametrize("length,rows", [(21, [11]), (20, [10, 11]), (9, [5]),
                                         (13, [7]), (11, [6]), (15, [8])])
def test_fire_spaces_odd_and_even_roads(length, rows):
    assert new("a-kaakil", length=length).initial_state().to_json()["fire"] == rows
    assert new("aj-sayil", length=length).initial_state().to_json()["fire"] == []


def test_fire_burns_a_unit_ending_on_it():
    state = position("a-kaakil", [(14, (0, 1), "home")], base=[4, 4], throws=[3, 1])
    state = state.apply("3:14")
    view = state.to_json()
    assert view["units"] == [] and view["dead"] == [1, 1]
    assert event(state, "burn") == {"type": "burn", "row": 11, "pieces": [0, 1]}


def test_fire_passing_over_is_harmless():
    state = position("a-kaakil", [(9, (0,), "out")], base=[4, 5], throws=[4, 1])
    assert units(state.apply("4:9")) == [(13, [0], "out")]


def test_fire_entering_straight_onto_it_on_a_short_road():
    state = play(new("a-kaakil", length=9), ["4", "4"])
    assert state.legal_moves() == ["4:enter"]
    state = state.apply("4:enter")
    assert event(state, "burn")["row"] == 5 and state.to_json()["dead"] == [1, 0]
    assert state.legal_moves() == ["4:enter"]  # the slot is free again


def test_fire_even_road_both_central_spaces_burn():
    for start, throw in ((7, 3), (7, 4)):
        state = position("a-kaakil", [(start, (0,), "out")], base=[4, 5],
                         throws=[throw, 1], length=20)
        assert state.apply(f"{throw}:{start}").to_json()["dead"] == [1, 0]


# --- section 6: teams -----------------------------------------------------------------
def test_team_turn_order_0_2_1_3():
    state = new("aj-sayil", team_size=2).initial_state()
    seen = []
    for _ in range(4):
        player = state.to_json()["to_move"]
        seen.append(player)
        row = 2 if player % 2 == 0 else 20
        state = play(state, ["1", "2", "1:enter", f"2:{row}@{player}"])
    assert seen == [0, 2, 1, 3] and state.to_json()["to_move"] == 0


def test_team_moves_name_the_controller_and_enter_stays_plain():
    state = play(new("aj-sayil", team_size=2), ["1", "2", "1:enter"])
    assert state.legal_moves() == ["2:2@0"]


def test_team_mates_share_a_space_as_separate_units():
    state = play(new("aj-sayil", team_size=2), ["3", "1", "3:enter", "1:4@0",
                                                "1", "4", "4:enter"])
    assert units(state) == [(5, [0], "out"), (5, [2], "out")]
    assert state.legal_moves() == ["1:5@2"]


def test_team_enemy_capture_on_a_shared_space_takes_all_latest_first():
    state = position("aj-sayil", [(5, (0,), "out"), (5, (2,), "out"), (9, (1,), "out")],
                     base=[4, 4, 4, 5], throws=[4, 1], to_move=1, team_size=2)
    state = state.apply("4:9@1")
    assert units(state) == [(5, [1, 2, 0], "home")]


def test_team_a_bounce_onto_its_own_square_arrives_latest():
    state = position("aj-sayil", [(19, (0,), "out"), (19, (2,), "out")],
                     base=[4, 5, 4, 5], throws=[4, 1], team_size=2)
    state = state.apply("4:19@0")  # d=18+4=22 -> 18: back on row 19, now the latest
    assert units(state) == [(19, [2], "out"), (19, [0], "home")]


def test_team_player_without_men_moves_a_teammates_unit():
    state = position("aj-sinaanil", [(5, (0,), "out"), (9, (1,), "out")],
                     base=[4, 4, 0, 5], dead=[0, 0, 5, 0], throws=[4, 2], to_move=2,
                     team_size=2)
    assert state.legal_moves() == ["4:5@0", "2:5@0"]
    state = state.apply("4:5@0")
    assert units(state) == [(9, [0, 1], "home")]
    assert event(state, "move")["player"] == 2 and event(state, "move")["controller"] == 0


def test_team_helper_judged_before_each_value():
    # player 2's last man burns with the first value; with the second he moves 0's unit
    state = position("a-kaakil", [(5, (0,), "out"), (8, (2,), "out")],
                     base=[4, 5, 0, 5], dead=[0, 0, 4, 0], throws=[3, 1], to_move=2,
                     team_size=2)
    state = state.apply("3:8@2")
    assert event(state, "burn")["pieces"] == [2]
    assert state.legal_moves() == ["1:5@0"]


def test_team_returns_per_player():
    state = position("aj-sayil", [(5, (0,), "out"), (9, (1, 3, 3, 3, 3, 3), "home")],
                     base=[4, 0, 5, 0], dead=[0, 4, 0, 0], throws=[4, 1], team_size=2)
    state = state.apply("4:5@0")
    assert state.is_terminal and state.winner == 0 and state.returns() == [1, -1, 1, -1]


# --- section 8: the JSON view ---------------------------------------------------------
def test_json_view_matches_the_rules_example():
    state = play(new("boolik"), ["2", "enter", "4", "enter", "2", "3", "4", "9"])
    view = state.to_json()
    example = {"game": "bul", "variant": "boolik", "length": 13, "team_size": 1,
               "units": [{"row": 5, "pieces": [1, 0], "heading": "home"}],
               "base": [4, 4], "dead": [0, 0], "retired": [0, 0], "throws": [],
               "current_player": -1, "terminal": False, "winner": None}
    assert {k: view[k] for k in example} == example
    assert view["to_move"] == 0 and view["throws_pending"] == 1


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_every_variant_plays_by_notation(variant):
    verbeeck = RULE_SETS[variant].verbeeck
    state = play(new(variant), ["2", "2"] if verbeeck else ["2"])
    assert state.legal_moves() == (["2:enter"] if verbeeck else ["enter"])
    steps = [("2:", False)] if verbeeck else [("enter", True)]
    assert state.extensions("") == steps




# --- errors say why -------------------------------------------------------------------
@pytest.mark.parametrize("move,code", [
    ("4:5", "no_such_value"), ("5", "not_a_throw_now"), ("x", "bad_notation"),
    ("2:", "bad_notation"), ("2:9", "no_unit_there"), ("2:enter", "one_movable_man"),
    ("pass", "must_move"), ("2:5b", "bad_notation"), ("2:5@0", "bad_notation"),
    ("3:5bb", "bad_notation")])
def test_illegal_moves_raise_a_code_and_leave_the_state_alone(move, code):
    state = position("aj-sayil", [(5, (0,), "out")], base=[4, 5], throws=[2, 3])
    before = state.to_json()
    assert not state.is_legal(move)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(move)
    assert err.value.code == code and err.value.to_json()["params"]["move"] == move
    assert state.to_json() == before


def test_entering_from_an_empty_base_raises_base_empty():
    state = position("puluc", [(5, (0,), "out"), (9, (1, 0, 0, 0, 0), "out")],
                     base=[0, 4], throws=[2])
    with pytest.raises(IllegalMoveError) as err:
        state.apply("enter")
    assert err.value.code == "base_empty"


def test_team_extensions_build_value_then_unit():
    state = position("aj-sayil", [(5, (0,), "out"), (5, (2,), "out")], base=[4, 5, 4, 5],
                     throws=[2, 3], to_move=2, team_size=2)
    assert state.extensions("") == [("2:", False), ("3:", False)]
    assert state.extensions("3:") == [("3:5@2", True)]
    for move, code in (("3:5", "bad_notation"), ("3:5@0", "blocked"), ("3:5@3", "blocked")):
        with pytest.raises(IllegalMoveError) as err:
            state.apply(move)
        assert err.value.code == code


def test_step_facts_say_what_each_step_is():
    state = ludoteca.new_game("bul", variant="aj-sayil").initial_state().apply("3").apply("3")
    steps = state.extensions("")
    assert state.step_facts("", steps) == {"3:": {"kind": "value", "value": 3}}
    facts = state.step_facts("3:", state.extensions("3:"))
    assert facts == {"3:enter": {"kind": "enter", "value": 3, "player": 0, "to": 4}}
    after = state.apply("3:enter")
    facts = after.step_facts("3:", after.extensions("3:"))
    assert facts["3:4"] == {"kind": "unit", "value": 3, "row": 4, "controller": 0,
                            "backward": False, "to": 7, "outcome": "land"}
