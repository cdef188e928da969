"""The fairness lab's figures: how many games a minute its live run plays (the lab level at
every seat, each game's default options; CPython, and Pyodide under Node.js — the runtime
the browser's worker uses), the size of the shipped results, and how strong the lab level
is against the named levels (a few hundred games against each, half of them with each
seat order; CPython). Prints; asserts nothing.

    python3 bench/fairness.py [seconds-per-measure] [games-per-level]
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

from _common import ROOT, in_cpython_and_pyodide

RATE_CODE = r'''
import json, time
from ludoteca import registry
from ludoteca.labs import fairness

def rate(game_id, options, seconds):
    spec = registry.spec_of(game_id)
    game = registry.new_game(game_id, **options)
    levels = [spec.lab_level] * game.num_players
    games, index, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        tally = fairness.play(game, levels, 1, index, 1000, seconds=0.3)  # a page's slice
        games += tally["games"]
        index += tally["games"]
    return 60 * games / (time.perf_counter() - start)

def run(cases, seconds):
    return {f"{g} {json.dumps(o, sort_keys=True)}": rate(g, o, seconds) for g, o in cases}
'''

STRONG_BUDGET = 0.02  # seconds a move for the levels that think by the clock


def cases():
    """Each game's default options, and Bul's slowest rule set (two throws a turn)."""
    sys.path.insert(0, str(ROOT / "py"))
    from ludoteca import registry

    return [(game_id, {}) for game_id in registry.GAMES] + [("bul", {"variant": "aj-sayil"})]


def speeds(seconds: float) -> None:
    todo = cases()
    cpython, pyodide, info = in_cpython_and_pyodide(RATE_CODE, todo, seconds)
    print(f"The lab's live run: games a minute ({seconds:g} s each, slices of 0.3 s), "
          f"CPython {sys.version.split()[0]} vs Pyodide {info['pyodide'].split('/')[1]}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a loaded "
          "machine gives fewer)")
    print(f"{'game':40} {'CPython/min':>12} {'Pyodide/min':>12}")
    for case in cpython:
        print(f"{case:40} {cpython[case]:12.0f} {pyodide[case]:12.0f}")


def sizes() -> None:
    from ludoteca import registry, web
    from ludoteca.labs import fairness

    print("\nShipped results: the module in the wheel, and the lab's first answer (JSON)")
    print(f"{'game':10} {'configurations':>15} {'games':>8} {'module bytes':>13} "
          f"{'answer bytes':>13}")
    for game_id in registry.GAMES:
        spec = registry.spec_of(game_id)
        module = sys.modules[type(spec).__module__].__file__.replace(
            "__init__.py", "fairness_set.py")
        shipped = fairness.shipped(game_id)
        answer = web.handle(json.dumps({"op": "fairness_lab", "game": game_id}))
        with open(module, "rb") as file:
            size = len(file.read())
        print(f"{game_id:10} {len(shipped):15} {sum(r['tally']['games'] for r in shipped):8} "
              f"{size:13} {len(answer.encode()):13}")


def strength(games: int) -> None:
    """The lab level against every named level, `games` games each (half of them the lab
    level starts): its score, wins + half the draws, with Wilson's interval."""
    from ludoteca import registry
    from ludoteca.core import CHANCE, sample_chance
    from ludoteca.games.bakuk import table
    from ludoteca.labs.stats import wilson_interval

    data = {"bakuk2": table.read((ROOT / "web/games/bakuk/data/bakuk2.bin.gz").read_bytes())}
    print(f"\nThe lab level against the named levels ({games} games each, 2 players, default "
          f"options; the clock levels at {STRONG_BUDGET} s a move): the lab level's score")
    for game_id in registry.GAMES:
        spec = registry.spec_of(game_id)
        for level in spec.levels:
            started = time.perf_counter()
            score = 0.0
            for i in range(games):
                rng = random.Random(f"strength/{level}/{i}")
                lab_seat = i % 2
                game = registry.new_game(game_id)
                seats = [level, level]
                seats[lab_seat] = spec.lab_level
                bots = [registry.bot_for(game, p, seats[p], seed=rng.random(), data=data)
                        for p in range(2)]
                state = game.initial_state()
                while not state.is_terminal:
                    player = state.current_player
                    if player == CHANCE:
                        move = sample_chance(state, rng)
                    else:
                        fixed = seats[player] in spec.lab_levels  # thinks a fixed amount
                        move = bots[player].choose(state, 3600 if fixed else STRONG_BUDGET)
                    state = state.apply(move)
                    for bot in bots:
                        bot.observe(move, state.events)
                    if player != CHANCE and not state.is_terminal and (
                            state.current_player != CHANCE):
                        state = react(state, bots)
                result = state.returns()[lab_seat]
                score += 1 if result > 0 else 0.5 if result == 0 else 0
            low, high = wilson_interval(round(score), games)
            print(f"  {game_id:8} {spec.lab_level} vs {level:9} {score / games:6.1%} "
                  f"(95 %: {low:.1%}–{high:.1%}) in {time.perf_counter() - started:5.0f} s")


def react(state, bots):
    """The computer seats may act out of turn (a Bolonki challenge), as at the table."""
    for offset in range(state.num_players):
        seat = (state.current_player + offset) % state.num_players
        move = bots[seat].react(state)
        if move is not None and state.is_legal(move):
            state = state.apply(move)
            for bot in bots:
                bot.observe(move, state.events)
            break
    return state


if __name__ == "__main__":
    started = time.perf_counter()
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    speeds(seconds)
    sizes()
    strength(int(sys.argv[2]) if len(sys.argv) > 2 else 200)
    print(f"(bench took {time.perf_counter() - started:.0f} s)")
