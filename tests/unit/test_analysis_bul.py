"""Bul's win chances: the protocol on random positions of every rule set, and, on
endgames solved exactly, each throw's value is the odds-weighted mean of the best values
after each outcome (analysed on their own)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance import play, uniform_move
from ludoteca import new_game
from ludoteca.analysis import analyse
from ludoteca.core import CHANCE

ODDS = {"1": 4 / 16, "2": 6 / 16, "3": 4 / 16, "4": 1 / 16, "5": 1 / 16}
VARIANTS = ["boolik", "buul", "puluc", "aj-sayil", "aj-tiwil", "aj-sinaanil",
            "aj-sakalil", "a-kaakil"]


def play_randomly(state, rng, plies):
    """`plies` random legal moves and throws from `state` (fewer if the game ends)."""
    return play(state, lambda s: uniform_move(s, rng), plies)[0][-1]


def random_position(variant, seed, plies):
    rng = random.Random(seed)
    state = new_game("bul", variant=variant).initial_state()
    return play_randomly(state, rng, plies)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(0, 80))
def test_protocol_on_random_positions(variant, seed, plies):
    state = random_position(variant, seed, plies)
    a = analyse(state, budget=0.02)
    if state.is_terminal:
        assert a["moves"] == {} and a["value"] is None
        return
    assert a["kind"] == "win_chance"
    assert all(0.0 <= v <= 1.0 for v in a["moves"].values())
    if state.current_player == CHANCE:
        assert a["player"] == state.to_move
        assert a["chances"] == ODDS
        assert a["value"] == pytest.approx(sum(ODDS[o] * a["moves"][o] for o in ODDS))
    else:
        assert a["player"] == state.current_player
        assert set(a["moves"]) == set(state.legal_moves())
        assert a["value"] == max(a["moves"].values())


def endgame(variant="boolik", length=9, seed=0):
    """One man a side left (the others dead), a few random plies in."""
    game = new_game("bul", variant=variant, length=length)
    data = game.initial_state().to_json()
    data["base"], data["dead"] = [1, 1], [4, 4]
    state = game.state_from_json(data)
    rng = random.Random(seed)
    return play_randomly(state, rng, rng.randrange(0, 12))


def endgames_at_a_throw(count=5, seeds=40) -> list:
    """The first `count` seeds of `endgame` whose position waits for a throw: each is a case
    of its own (six exact analyses, seconds each), so parallel workers share them."""
    found = []
    for seed in range(seeds):
        state = endgame(seed=seed)
        if not state.is_terminal and state.current_player == CHANCE:
            found.append(seed)
    return found[:count]


THROW_SEEDS = endgames_at_a_throw()


def test_five_endgames_wait_for_a_throw():
    assert len(THROW_SEEDS) == 5


@pytest.mark.parametrize("seed", THROW_SEEDS)
def test_a_throw_is_worth_the_odds_weighted_mean_of_the_best_after_each_outcome(untimed, seed):
    state = endgame(seed=seed)
    a = analyse(state, budget=5.0)
    assert a["exact"]
    after = {o: analyse(state.apply(o), budget=5.0) for o in ODDS}
    for o, b in after.items():
        assert b["exact"] and b["player"] == a["player"]
        best = b["value"] if b["value"] is not None else a["moves"][o]
        assert a["moves"][o] == pytest.approx(best, abs=1e-8), o
    assert a["value"] == pytest.approx(
        sum(ODDS[o] * after[o]["value"] for o in ODDS if after[o]["value"] is not None)
        + sum(ODDS[o] * a["moves"][o] for o in ODDS if after[o]["value"] is None),
        abs=1e-8)


def test_a_move_is_worth_what_the_position_after_it_is_worth(untimed):
    state = endgame(seed=3)
    while state.current_player == CHANCE:
        state = state.apply("3")
    a = analyse(state, budget=5.0)
    for move, value in a["moves"].items():
        child = state.apply(move)
        if child.is_terminal:
            assert value in (0.0, 0.5, 1.0)
            continue
        b = analyse(child, budget=5.0)
        same_side = b["player"] % 2 == a["player"] % 2
        assert value == pytest.approx(b["value"] if same_side else 1 - b["value"], abs=1e-8)
