"""Bolonki bots: win rates between levels (2 and 4 players) and time per move.

    python bench/bots_bolonki.py [games_per_arrangement]

Every pairing is played with the seats swapped (each level plays each seat equally often).
After a challengeable move every eligible bot is asked, in turn order from the mover,
whether it challenges (as the page does); then the player to move chooses.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import ludoteca  # noqa: E402
from ludoteca.registry import bot_for  # noqa: E402

BUDGET = 1.0


def play(players: int, levels: list, seed: int, timings: dict) -> list:
    """One game; `levels[p]` is the level of seat p. Returns `returns()`."""
    game = ludoteca.new_game("bolonki", players=players)
    bots = [bot_for(game, p, lvl, seed=seed * 10 + p) for p, lvl in enumerate(levels)]
    state = game.initial_state()
    while not state.is_terminal:
        move = None
        for p in _challengers_in_turn_order(state):
            move = bots[p].challenge_decision(state)
            if move:
                break
        if move is None:
            bot = bots[state.current_player]
            start = time.perf_counter()
            move = bot.choose(state, BUDGET)
            timings.setdefault(bot.level, []).append(time.perf_counter() - start)
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, state.events)
    return state.returns()


def _challengers_in_turn_order(state) -> list:
    eligible = state.can_challenge()
    if not eligible:
        return []
    mover, n = state.last_player, state.num_players
    return [(mover + k) % n for k in range(1, n) if (mover + k) % n in eligible]


def duel(players: int, hero: str, other: str, games: int, timings: dict) -> tuple:
    """`hero` in one seat against `other` in the rest, every seat in turn."""
    wins = draws = losses = 0
    lengths = []
    for seat in range(players):
        for g in range(games):
            levels = [other] * players
            levels[seat] = hero
            result = play(players, levels, seed=1000 * seat + g, timings=timings)
            if result[seat] > 0:
                wins += 1
            elif max(result) == 0:
                draws += 1
            else:
                losses += 1
    return wins, draws, losses, lengths


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    timings = {}
    pairings = [
        (2, "casual", "beginner"), (2, "strong", "beginner"), (2, "strong", "casual"),
        (2, "beginner", "beginner"),
        (4, "casual", "beginner"), (4, "strong", "beginner"), (4, "strong", "casual"),
    ]
    for players, hero, other in pairings:
        start = time.perf_counter()
        wins, draws, losses, _ = duel(players, hero, other, games, timings)
        total = wins + draws + losses
        print(f"{players}p  {hero:8} vs {other:8}: {wins}/{total} won, {draws} drawn, "
              f"{losses} lost ({100 * wins / total:.0f}% wins; fair share "
              f"{100 / players:.0f}%)  [{time.perf_counter() - start:.0f} s]", flush=True)
    for level, times in sorted(timings.items()):
        times.sort()
        print(f"time per move {level:8}: mean {1000 * sum(times) / len(times):.2f} ms, "
              f"max {1000 * times[-1]:.2f} ms over {len(times)} moves")


if __name__ == "__main__":
    main()
