"""Properties of Bakuk that hold in every position, checked on random playouts; and the
kernel's own playout plays the very game the rules do."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play
from ludoteca.games.bakuk import SPEC

TOTAL = 36
MAX_PLIES = 2000  # far beyond any real game; the repetition guard ends cycles

# a playout is steered by a list of choices: choice i picks legal move (i mod n)
players_st = st.sampled_from([2, 3])
choices_st = st.lists(st.integers(min_value=0, max_value=5), min_size=0, max_size=80)


def playout(players, choices):
    """All states and moves of a game played by `choices` (cycled; move 0 without any)."""
    state = ludoteca.new_game("bakuk", players=players).initial_state()
    plies = iter(range(MAX_PLIES))

    def choose(state):
        legal = state.legal_moves()
        return legal[choices[next(plies) % len(choices)] % len(legal)] if choices else legal[0]

    return play(state, choose, MAX_PLIES)


@settings(max_examples=60, deadline=None)
@given(players_st, choices_st)
def test_seeds_are_always_accounted_for(players, choices):
    for state in playout(players, choices)[0]:
        assert sum(state.holes) + sum(state.captured) == TOTAL
        assert min(state.holes) >= 0
        assert len(state.captured) == players
        captured = sum(e["total"] for e in state.events if e["type"] == "capture")
        sown = [e for e in state.events if e["type"] == "sow"]
        assert len(sown) == (1 if state.events else 0)
        if sown:
            assert sown[0]["seeds"] == len(sown[0]["path"])
        assert captured <= sum(state.captured)


@settings(max_examples=60, deadline=None)
@given(players_st, st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=400))
def test_every_game_ends(players, choices):
    states, moves = playout(players, choices)
    final = states[-1]
    assert final.is_terminal, f"no end after {len(moves)} plies"
    assert final.current_player is None
    assert final.legal_moves() == []
    assert final.events[-1]["type"] == "end"
    assert final.events[-1]["reason"] in ("no_seeds", "repetition")
    assert sorted(final.returns()) in ([-1, 1], [0, 0], [-1, -1, 1], [-1, 0, 0], [0, 0, 0])
    assert sum(1 for s in states if s.is_terminal) == 1


@settings(max_examples=40, deadline=None)
@given(players_st, st.integers(0, 10**9), st.integers(0, 30))
def test_the_kernels_random_playout_is_the_random_players_game(players, seed, start):
    """From any position, `random_playout` (the kernel's loop) plays the game the random
    player plays through `State.apply` with the same random numbers: the same plies and
    result."""
    rng = random.Random(seed)
    state = ludoteca.new_game("bakuk", players=players).initial_state()
    state = play(state, lambda s: rng.choice(s.legal_moves()), start)[0][-1]
    same = random.Random(seed + 1)
    states, moves = play(state, lambda s: same.choice(s.legal_moves()), MAX_PLIES)
    returns, plies = SPEC.random_playout(state, random.Random(seed + 1))
    assert (plies, returns) == (len(moves), states[-1].returns())
