"""Bakuk's computer levels, measured: each level against the one below, both seats, in
2-player games, plus the strong level against two beginners with 3 players. Prints win
rates and time per move; asserts nothing.

    python3 bench/bots_bakuk.py [games-per-seat] [budget-seconds]
"""

from __future__ import annotations

import sys
import time

import _common  # noqa: F401  (puts py/ on the path)
import ludoteca
from ludoteca.registry import bot_for


def match(levels, games, budget):
    """Wins, draws and losses of levels[0] over `games` games per seat; move times."""
    players = len(levels)
    game = ludoteca.new_game("bakuk", players=players)
    won = drawn = lost = 0
    times = []
    for seat in range(players):
        for g in range(games):
            order = levels[1:seat + 1] + [levels[0]] + levels[seat + 1:]
            bots = [bot_for(game, p, order[p], seed=1000 * g + p) for p in range(players)]
            state = game.initial_state()
            while not state.is_terminal:
                started = time.perf_counter()
                move = bots[state.current_player].choose(state, budget)
                if state.current_player == seat:
                    times.append(time.perf_counter() - started)
                state = state.apply(move)
            result = state.returns()[seat]
            won, drawn, lost = won + (result == 1), drawn + (result == 0), lost + (result == -1)
    return won, drawn, lost, times


def main(games, budget):
    print(f"Bakuk bots, {games} games per seat, budget {budget} s a move (CPython)")
    for levels in (["casual", "beginner"], ["strong", "beginner"], ["strong", "casual"],
                   ["strong", "beginner", "beginner"]):
        won, drawn, lost, times = match(levels, games, budget)
        total = won + drawn + lost
        label = " vs ".join(levels)
        score = 100 * (won + drawn / 2) / total
        mean = sum(times) / len(times)
        print(f"  {label:34} won {won}/{total} drawn {drawn} ({score:.0f}%), "
              f"mean move {mean:.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20,
         float(sys.argv[2]) if len(sys.argv) > 2 else 0.2)
