"""Buku: properties over random games (random moves built step by step)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play, random_move
from ludoteca.games.buku import rules as buku
from ludoteca.registry import bot_for

GAME = ludoteca.new_game("buku")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MAX_PLIES = 400


def pieces_accounted(state) -> int:
    if state.is_terminal:
        return sum(state.captured)  # at the end everything has been handed out
    return sum(state.board) + sum(state.captured) + state.hand_bonus


def varied_move(state, rng, shun_empty: bool) -> str:
    """A random move; with `shun_empty`, empty lines (which usually end the game at once)
    are mostly avoided, so games run long and end in every way."""
    move = buku.random_move(state, rng)
    for _ in range(20):
        if not (shun_empty and move.endswith(":") and rng.random() < 0.95):
            break
        move = buku.random_move(state, rng)
    return move


def random_game(seed: int, bot_level=None):
    """The states of a game of random moves (White may be a bot of `bot_level`)."""
    rng = random.Random(seed)
    shun_empty = seed % 3 != 0
    white_bot = bot_for(GAME, 0, bot_level, seed=seed) if bot_level else None

    def choose(state):
        if white_bot and state.current_player == 0:
            return white_bot.choose(state, 0.05)
        return varied_move(state, rng, shun_empty)

    return play(GAME.initial_state(), choose, MAX_PLIES - 1)[0]


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_65_pieces_always_accounted_for(seed):
    for state in random_game(seed):
        assert pieces_accounted(state) == 65
        assert min(state.board) >= 0


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_random_games_end_and_scores_add_up(seed):
    states = random_game(seed)
    last = states[-1]
    assert last.is_terminal
    assert last.end_reason in buku.END_REASONS
    assert last.events[-1]["type"] == "end"
    assert sum(last.captured) == 65 and last.winner in (0, 1)
    assert sorted(last.returns()) == [-1, 1]
    assert all(not s.is_terminal for s in states[:-1])


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_every_extension_sequence_completes_into_a_legal_move(seed):
    rng = random.Random(seed)
    for state in random_game(seed)[:-1]:
        move = random_move(state, rng)  # each step checked against is_legal on the way
        assert state.extensions(move) == []  # a whole hand laid: nothing more to add
        assert pieces_accounted(state.apply(move)) == 65


@settings(max_examples=8, deadline=None)
@given(SEEDS)
def test_games_against_a_bot_end_with_legal_moves(seed):
    states = random_game(seed, bot_level="casual")
    assert states[-1].is_terminal
    for state in states:
        assert pieces_accounted(state) == 65


def test_random_games_end_both_ways_and_vary_in_length():
    # (A third occurrence of a position is too rare in random play: it has its own test.)
    games = [random_game(seed) for seed in range(1, 40) if seed % 3]
    assert {g[-1].end_reason for g in games} >= {"no_twos", "unchanged"}
    assert max(len(g) for g in games) > 30
