"""Buku's kernel: the path search offers exactly the squares from which a path can be
completed, its random walk and its playout loop draw exactly what the beginner draws
through `State.apply`, and the walks it finds on the way are real ones."""

from __future__ import annotations

import itertools
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
SQ = kernel.SQUARE_INDEX


def walk_by_path_steps(hand: int, rng) -> list:
    """The random walk as the rules state it: each square drawn among `path_steps`."""
    path = []
    while len(path) < hand:
        path.append(rng.choice(kernel.path_steps(path, hand)))
    return path


def test_a_pocket_entered_in_its_middle_holds_only_two_squares():
    # a2, c2, d1 used: the pocket a1-b1-c1 entered at b1 has two dead ends, so a walk
    # from b1 can take one more square, not two (3 squares, but not in a row).
    used = sum(1 << SQ[n] for n in "d1-d2-c2-c3-c4-b4-a4-a3-a2-b2-b1".split("-"))
    assert kernel.can_walk(SQ["b1"], used, 1)
    assert not kernel.can_walk(SQ["b1"], used, 2)


def test_every_offered_step_matches_brute_force_on_small_hands():
    # Against a plain exhaustive search on many prefixes: no false step, no missing step.
    def brute(head, used, k):
        if k == 0:
            return True
        return any(brute(n, used | {n}, k - 1) for n in kernel.NEIGHBOURS[head] if n not in used)

    prefixes = [[SQ[n] for n in p.split("-")] for p in [
        "a2-b2-b1", "a3-b3-c3-c2", "b1-b2-b3-a3", "d4-d5-e5-e4-e3-d3-c3-c4-c5",
        "h8-g8-g7-h7", "a1-a2-b2-c2-c1", "e1-e2-f2-g2-g1", "b7-b8-a8", "f8-f7-g7-h7",
        "d1-d2-c2-c3-c4-b4-a4-a3-a2-b2", "c1-c2-c3-b3-a3", "e4-e5-d5-c5-c4-c3-d3-e3-f3-f4"]]
    for prefix, extra in itertools.product(prefixes, range(1, 8)):
        hand = len(prefix) + extra
        mask = sum(1 << s for s in prefix)
        got = kernel.path_steps(prefix, hand)
        want = [n for n in kernel.NEIGHBOURS[prefix[-1]]
                if not mask >> n & 1 and brute(n, set(prefix) | {n}, extra - 1)]
        assert sorted(got) == sorted(want), (prefix, hand)


def test_can_walk_knows_the_whole_board_has_long_walks():
    for start in (SQ["a1"], SQ["d4"], SQ["h8"], SQ["b7"]):
        assert kernel.can_walk(start, 1 << start, 63)
    assert not kernel.can_walk(SQ["a1"], 1 << SQ["a1"], 64)

@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=1, max_value=kernel.MAX_HAND))
def test_random_walks_of_any_hand_never_dead_end(seed, hand):
    path = walk_by_path_steps(hand, random.Random(seed))  # rng.choice([]) would raise
    assert len(set(path)) == hand
    assert all(b in kernel.NEIGHBOURS[a] for a, b in zip(path, path[1:], strict=False))


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
