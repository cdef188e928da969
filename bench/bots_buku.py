"""Buku bots against each other: win rates per seat and time per move.

    python bench/bots_buku.py [games_per_seat] [budget_seconds]

Prints figures only (no timed assertions)."""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))

import ludoteca  # noqa: E402
from ludoteca.registry import bot_for  # noqa: E402


def play(game, levels, seed, budget):
    bots = [bot_for(game, p, levels[p], seed=seed * 2 + p) for p in (0, 1)]
    state = game.initial_state()
    times = [[], []]
    while not state.is_terminal:
        player = state.current_player
        start = time.perf_counter()
        move = bots[player].choose(state, budget)
        times[player].append(time.perf_counter() - start)
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, state.events)
    return state, times


def match(level, against, games, budget):
    game = ludoteca.new_game("buku")
    wins, seat_wins, moves, all_times, reasons = 0, [0, 0], 0, [], {}
    for seat in (0, 1):
        for i in range(games):
            levels = [against, against]
            levels[seat] = level
            state, times = play(game, levels, seed=1000 * seat + i, budget=budget)
            won = state.winner == seat
            wins += won
            seat_wins[seat] += won
            moves += len(times[0]) + len(times[1])
            all_times.extend(times[seat])
            reasons[state.end_reason] = reasons.get(state.end_reason, 0) + 1
    all_times.sort()
    print(f"{level} vs {against}: won {wins}/{2 * games} "
          f"(as White {seat_wins[0]}/{games}, as Black {seat_wins[1]}/{games}); "
          f"moves/game {moves / (2 * games):.1f}; "
          f"{level} time/move mean {sum(all_times) / len(all_times) * 1000:.0f} ms, "
          f"max {all_times[-1] * 1000:.0f} ms; ends {reasons}", flush=True)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    budget = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    match("casual", "beginner", games, budget)
    match("strong", "beginner", games, budget)
    match("strong", "casual", games, budget)
