"""Bakuk's perfect level: it never loses a 2-player game from a position its table calls
a win, whatever the other side plays (random, casual or strong replies)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conformance import play
from ludoteca import new_game, registry
from ludoteca.games.bakuk import SPEC
from ludoteca.games.bakuk.perfect import _ranks

TABLE_FILE = Path(__file__).resolve().parents[2] / "web" / SPEC.data_files["bakuk2"]
GAME = new_game("bakuk")
SEEDS = {"beginner": 1, "casual": 2, "strong": 3}


@pytest.fixture(scope="module")
def table():
    return SPEC.load_data("bakuk2", TABLE_FILE.read_bytes())


def winning_positions(table, count, seed):
    """States reached by random play from the start where the mover's captures plus the
    table's margin beat the other's: a win with best play."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        states, _ = play(GAME.initial_state(), lambda s: rng.choice(s.legal_moves()),
                         rng.randrange(2, 40))
        state = states[-1]
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
        perfect = registry.bot_for(GAME, me, "perfect", seed=i, data={"bakuk2": table})
        other = registry.bot_for(GAME, 1 - me, level, seed=i)
        while not state.is_terminal:
            bot = perfect if state.to_move == me else other
            state = state.apply(bot.choose(state, budget=0.05))
        assert state.winner == me, (level, i, state.to_json())


def test_perfect_is_a_listed_level():
    assert registry.levels("bakuk")[-1] == "perfect"


def ranks_by_relaxation(graph) -> dict:
    """The plies-to-a-goal fixed point the straightforward way: relax every node until
    nothing changes (mine: 1 + the least successor, a goal being 0; his: 1 + the greatest,
    once all are ranked and none is "bad")."""
    rank, changed = {}, True
    while changed:
        changed = False
        for node, succ in graph.items():
            if node[1]:
                ranks = [0 if s == "goal" else rank.get(s) for s in succ]
                ranks = [r for r in ranks if r is not None]
                r = 1 + min(ranks) if ranks else None
            else:
                ranks = [None if s == "bad" else rank.get(s) for s in succ]
                r = None if None in ranks else 1 + max(ranks, default=0)
            if r is not None and (node not in rank or r < rank[node]):
                rank[node], changed = r, True
    return rank


@pytest.mark.parametrize("seed", range(40))
def test_progress_ranks_are_the_fixed_point_of_best_play(seed):
    """The perfect level's backward search for the fastest progress (`_ranks`) gives every
    node of a random game graph (cycles, duplicate edges, dead ends, goals, "bad" replies)
    the same rank as relaxing to the fixed point."""
    rng = random.Random(seed)
    nodes = [(n, mine) for n in range(rng.randint(1, 30)) for mine in (True, False)]
    graph = {}
    for node in nodes:
        succ = [rng.choice(nodes) for _ in range(rng.randint(0, 4))]
        succ = [s for s in succ if s[1] != node[1]]  # turns alternate
        if node[1] and rng.random() < 0.2:
            succ.append("goal")
        if not node[1] and rng.random() < 0.1:
            succ.append("bad")
        graph[node] = succ
    assert _ranks(graph) == ranks_by_relaxation(graph)
