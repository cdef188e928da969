"""Bakuk's perfect level: it never loses a 2-player game from a position its table calls
a win, whatever the other side plays (random, casual or strong replies)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca import ai, new_game
from ludoteca.analysis import bakuk_table

TABLE_FILE = Path(__file__).resolve().parents[2] / "web" / "data" / "bakuk2.bin.gz"
GAME = new_game("bakuk")
SEEDS = {"beginner": 1, "casual": 2, "strong": 3}


@pytest.fixture(scope="module")
def table():
    return bakuk_table.load(TABLE_FILE.read_bytes())


def winning_positions(table, count, seed):
    """States reached by random play from the start where the mover's captures plus the
    table's margin beat the other's: a win with best play."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.initial_state()
        for _ in range(rng.randrange(2, 40)):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_terminal:
            continue
        me = state.to_move
        if state.captured[me] + table.margin(state.holes, me) > state.captured[1 - me]:
            found.append(state)
    return found


@pytest.mark.parametrize("level", ["beginner", "casual", "strong"])
def test_perfect_wins_every_won_position(table, level):
    for i, state in enumerate(winning_positions(table, 12, seed=SEEDS[level])):
        me = state.to_move
        perfect = ai.bot_for(GAME, me, "perfect", seed=i)
        other = ai.bot_for(GAME, 1 - me, level, seed=i)
        while not state.is_terminal:
            bot = perfect if state.to_move == me else other
            state = state.apply(bot.choose(state, budget=0.05))
        assert state.winner == me, (level, i, state.to_json())


def test_perfect_is_a_listed_level():
    assert ai.levels("bakuk")[-1] == "perfect"
