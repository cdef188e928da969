"""Bul bots against random play, per rule set: win rates and time per move.

    python bench/bots_bul.py [games_per_seat] [level ...] [only=variant,variant]

Each level plays `games_per_seat` games as side A and as many as side B against the
random beginner (default rule-set lengths, 1 player a side), with a 1 s budget per move.
Prints the win rate (draws count half) and the mean and longest time per move.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import ludoteca  # noqa: E402
from ludoteca.games.bul.rules import RULE_SETS  # noqa: E402
from ludoteca.registry import bot_for  # noqa: E402


def play(game, levels, seed, budget):
    rng = random.Random(seed)
    bots = [bot_for(game, p, levels[p % 2], seed=seed * 10 + p)
            for p in range(game.num_players)]
    state, times = game.initial_state(), []
    while not state.is_terminal:
        if state.current_player == ludoteca.CHANCE:
            move = ludoteca.sample_chance(state, rng)
        else:
            bot = bots[state.current_player]
            start = time.perf_counter()
            move = bot.choose(state, budget)
            if bot.level != "beginner":
                times.append(time.perf_counter() - start)
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, state.events)
    return state.winner, times


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    only = [a[5:].split(",") for a in sys.argv[2:] if a.startswith("only=")]
    levels = [a for a in sys.argv[2:] if not a.startswith("only=")] or ["casual", "strong"]
    setups = [(v, 1) for v in RULE_SETS] + [("aj-sayil", 2)]
    if only:
        setups = [(v, t) for v, t in setups if v in only[0]]
    print(f"{'rule set':<14} {'teams':>5} {'level':<7} {'win %':>6} {'mean s':>7} "
          f"{'max s':>6}  (vs random, {games} games a seat)")
    for variant, team_size in setups:
        game = ludoteca.new_game("bul", variant=variant, team_size=team_size)
        for level in levels:
            score, times = 0.0, []
            for seat in (0, 1):
                for g in range(games):
                    pair = [level, "beginner"] if seat == 0 else ["beginner", level]
                    winner, t = play(game, pair, seed=g * 2 + seat, budget=1.0)
                    score += 1.0 if winner == seat else 0.5 if winner is None else 0.0
                    times += t
            mean = sum(times) / max(1, len(times))
            print(f"{variant:<14} {team_size:>5} {level:<7} {100 * score / (2 * games):6.1f} "
                  f"{mean:7.3f} {max(times, default=0):6.2f}", flush=True)


if __name__ == "__main__":
    main()
