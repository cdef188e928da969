"""Buku's kernel: its random walk and its playout loop draw exactly what the beginner draws
through `State.apply`, and the walks it finds on the way are real ones."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play
from ludoteca import registry
from ludoteca.games.buku import kernel
from ludoteca.games.buku import rules as buku
from ludoteca.spec import GameSpec

GAME = ludoteca.new_game("buku")
SPEC = registry.spec_of("buku")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def walk_by_path_steps(hand: int, rng) -> list:
    """The random walk as the rules state it: each square drawn among `path_steps`."""
    path = []
    while len(path) < hand:
        path.append(rng.choice(kernel.path_steps(path, hand)))
    return path


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=kernel.MAX_HAND))
def test_random_path_draws_as_path_steps_does(seed, hand):
    assert kernel.random_path(hand, random.Random(seed)) == walk_by_path_steps(
        hand, random.Random(seed))


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.integers(min_value=2, max_value=40))
def test_a_walk_found_is_a_real_walk(seed, k):
    rng = random.Random(seed)
    used = 0
    for square in rng.sample(range(kernel.SQUARES), rng.randrange(0, 30)):
        used |= 1 << square
    head = rng.choice([s for s in range(kernel.SQUARES) if not used >> s & 1])
    used |= 1 << head
    walk = kernel._witness(head, used, k)
    assert (walk is not None) == kernel.can_walk(head, used, k)
    if walk:  # [] only when the full search proved it
        assert len(walk) == k and len(set(walk)) == k
        assert all(not used >> s & 1 for s in walk)
        assert all(b in kernel.NEIGHBOURS[a] for a, b in zip([head, *walk], walk, strict=False))


def beginners_game(state, seed: int) -> tuple:
    """(states, moves) of two beginner bots playing on from `state` through `apply`, seeded
    as `GameSpec.random_playout` seeds them."""
    rng = random.Random(seed)
    bots = [registry.bot_for(GAME, p, "beginner", seed=rng.random()) for p in (0, 1)]
    return play(state, lambda s: bots[s.current_player].choose(s, 0.01))


def some_position(seed: int, plies: int):
    rng = random.Random(seed)
    states, _ = play(GAME.initial_state(), lambda s: buku.random_move(s, rng), plies)
    return states[-1]


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=12))
def test_the_kernels_playout_is_the_beginners_game_move_for_move(seed, plies):
    start = some_position(seed, plies)
    states, moves = beginners_game(start, seed)
    rng = random.Random(seed)
    rngs = [random.Random(rng.random()) for _ in (0, 1)]
    if start.is_terminal:
        assert moves == []
        return
    drawn = []
    captured, count = kernel.random_playout(start.board, start.captured, start.to_move,
                                            start.hand_bonus, dict(start.seen), rngs, drawn)
    assert [buku.move_text(line, path) for line, path in drawn] == moves
    assert count == len(moves) and captured == states[-1].captured


@settings(max_examples=20, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=12))
def test_the_specs_playout_ends_as_the_apply_path_does(seed, plies):
    start = some_position(seed, plies)
    by_kernel = SPEC.random_playout(start, random.Random(seed))
    through_apply = GameSpec.random_playout(SPEC, start, random.Random(seed))
    assert by_kernel == through_apply
    states, moves = beginners_game(start, seed)
    assert by_kernel == (states[-1].returns(), len(moves))
