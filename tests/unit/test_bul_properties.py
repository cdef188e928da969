"""Properties of the Bul engine under random play, for every rule set."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play, uniform_move
from ludoteca import IllegalMoveError, OptionError
from ludoteca.games.bul.rules import LENGTHS, MEN_PER_PLAYER, RULE_SETS

SETUPS = [(variant, length, team_size)
          for variant, rules in RULE_SETS.items()
          for length in LENGTHS
          for team_size in ((1, 2) if rules.verbeeck else (1,))]
MAX_PLIES = 20000


def playout(game, seed):
    """The moves and states of one random game."""
    rng = random.Random(seed)
    states, moves = play(game.initial_state(), lambda s: uniform_move(s, rng), MAX_PLIES)
    return moves, states


def men_of_each_player(view):
    men = [b + d + r for b, d, r in zip(view["base"], view["dead"], view["retired"],
                                        strict=True)]
    for unit in view["units"]:
        for player in unit["pieces"]:
            men[player] += 1
    return men


setups = st.sampled_from(SETUPS)
seeds = st.integers(0, 2**32 - 1)


@pytest.mark.parametrize("variant,length,team_size", SETUPS)
def test_every_variant_at_every_length_ends_under_random_play(variant, length, team_size):
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    moves, states = playout(game, seed=length * 7 + team_size)
    final = states[-1]
    assert final.is_terminal, f"no end after {len(moves)} plies"
    assert final.current_player is None and final.legal_moves() == []
    winner = final.winner
    expected = [0] * game.num_players if winner is None else [
        1 if p % 2 == winner else -1 for p in range(game.num_players)]
    assert final.returns() == expected
    assert final.events[-1]["type"] == "end"


@settings(max_examples=25, deadline=None)
@given(setups, seeds)
def test_pieces_are_always_accounted_for(setup, seed):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    _, states = playout(game, seed)
    for state in states:
        view = state.to_json()
        assert men_of_each_player(view) == [MEN_PER_PLAYER] * game.num_players
        assert sum(len(u["pieces"]) for u in view["units"]) + sum(view["base"]) + sum(
            view["dead"]) + sum(view["retired"]) == 5 * game.num_players
        rows = [u["row"] for u in view["units"]]
        assert rows == sorted(rows)
        assert not set(rows) & set(view["fire"])


@settings(max_examples=20, deadline=None)
@given(setups, seeds)
def test_apply_never_mutates_and_json_round_trips(setup, seed):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal:
        before = copy.deepcopy(state.to_json())
        legal = state.legal_moves()
        loaded = game.state_from_json(copy.deepcopy(before))
        assert loaded.to_json() == before and loaded.legal_moves() == legal
        assert loaded.current_player == state.current_player
        move = uniform_move(state, rng)
        child = state.apply(move)
        assert state.to_json() == before and state.legal_moves() == legal
        assert loaded.apply(move).to_json() == child.to_json()
        state = child
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


@settings(max_examples=15, deadline=None)
@given(setups, seeds)
def test_records_round_trip(setup, seed):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    moves, states = playout(game, seed)
    record = ludoteca.make_record(game, moves)
    assert record["options"] == {"variant": variant, "length": length,
                                 "team_size": team_size}
    replayed = ludoteca.replay(record)
    assert [s.to_json() for s in replayed] == [s.to_json() for s in states]
    assert [s.events for s in replayed] == [s.events for s in states]


@settings(max_examples=15, deadline=None)
@given(setups, seeds, st.lists(st.one_of(st.text(max_size=6), st.integers(), st.none()),
                               max_size=6))
def test_garbage_moves_raise_and_change_nothing(setup, seed, garbage):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    _, states = playout(game, seed)
    state = random.Random(seed).choice(states)
    before = state.to_json()
    for move in garbage:
        if state.is_legal(move):
            continue
        with pytest.raises(IllegalMoveError):
            state.apply(move)
        assert state.to_json() == before


@settings(max_examples=40, deadline=None)
@given(setups, seeds, st.sampled_from(["units", "base", "dead", "retired", "throws",
                                        "throws_pending", "to_move", "terminal"]),
       st.one_of(st.integers(-3, 25), st.none(), st.booleans(), st.text(max_size=3),
                 st.lists(st.integers(-1, 6), max_size=5)))
def test_corrupt_json_raises_option_error_or_loads_a_valid_state(setup, seed, key, value):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    _, states = playout(game, seed)
    data = random.Random(seed).choice(states).to_json()
    data[key] = value
    try:
        state = game.state_from_json(data)
    except OptionError as err:
        assert err.code == "corrupt_state"
        return
    view = state.to_json()  # it loaded: it must be a real, playable position
    assert men_of_each_player(view) == [MEN_PER_PLAYER] * game.num_players
    assert state.is_terminal or state.legal_moves()


@pytest.mark.parametrize("change", [
    lambda d: d.update(base=[5, 4]),
    lambda d: d.update(units=[{"row": 5, "pieces": [0], "heading": "sideways"}], base=[4, 5]),
    lambda d: d.update(units=[{"row": 1, "pieces": [0], "heading": "out"}], base=[4, 5]),
    lambda d: d.update(units=[{"row": 5, "pieces": [0], "heading": "out"},
                              {"row": 5, "pieces": [1], "heading": "out"}], base=[4, 4]),
    lambda d: d.update(units=[{"row": 5, "pieces": [True], "heading": "out"}], base=[4, 5]),
    lambda d: d.update(throws=[6], throws_pending=0),
    lambda d: d.update(throws=[], throws_pending=0),
    lambda d: d.update(to_move=2),
    lambda d: d.update(terminal=True),
    lambda d: d.update(variant="boolik"),
    lambda d: d.update(length=11),
    lambda d: d.update(retired=[1, 0], base=[4, 5]),
    lambda d: d.pop("units"),
    lambda d: d.update(game="bakuk"),
])
def test_corrupt_states_are_refused(change):
    game = ludoteca.new_game("bul", variant="puluc")
    data = game.initial_state().to_json()
    change(data)
    with pytest.raises(OptionError) as err:
        game.state_from_json(data)
    assert err.value.code == "corrupt_state"


@pytest.mark.parametrize("variant,units", [
    ("a-kaakil", [{"row": 11, "pieces": [0], "heading": "out"}]),
    ("aj-tiwil", [{"row": 11, "pieces": [0, 1], "heading": "home"}]),
    ("aj-sakalil", [{"row": 11, "pieces": [0, 1], "heading": "home"}]),
    ("aj-sayil", [{"row": 11, "pieces": [0, 1], "heading": "out"}]),
    ("aj-sayil", [{"row": 5, "pieces": [0], "heading": "out"},
                  {"row": 11, "pieces": [0, 1], "heading": "home"}]),
])
def test_corrupt_verbeeck_positions_are_refused(variant, units):
    game = ludoteca.new_game("bul", variant=variant)
    data = game.initial_state().to_json()
    data["units"] = units
    data["base"] = [5 - sum(u["pieces"].count(p) for u in units) for p in (0, 1)]
    with pytest.raises(OptionError):
        game.state_from_json(data)
