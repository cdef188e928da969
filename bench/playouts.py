"""Random playouts per second, per game, in CPython and in Pyodide (under Node.js, the same
runtime the browser uses). Two ways for each game and option set:

- ``apply``: the beginner level's moves through the public API (`State.apply`), as a game
  in the page is played;
- ``kernel``: the game's `GameSpec.random_playout` (its kernel's own loop, the same random
  players), what a fast estimate or a fairness run samples.

Prints a table of playouts and moves (plies) per second; asserts nothing.

    python3 bench/playouts.py [seconds-per-measure]
"""

from __future__ import annotations

import subprocess
import sys
import time

from _common import ROOT, in_cpython_and_pyodide

PLAYOUT_CODE = r'''
import json, random, time
import ludoteca
from ludoteca import registry
from ludoteca.spec import GameSpec

def through_apply(game, rng):  # GameSpec's own random playout plays through State.apply
    return GameSpec.random_playout(registry.spec_of(game.id), game.initial_state(), rng)[1]

def by_kernel(game, rng):
    return registry.spec_of(game.id).random_playout(game.initial_state(), rng)[1]

def rate(play, game_id, options, seconds):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += play(game, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {"playouts_per_s": games / elapsed, "plies_per_s": plies / elapsed}

def run(cases, seconds):
    return {f"{g} {json.dumps(o, sort_keys=True)}": {
        "apply": rate(through_apply, g, o, seconds), "kernel": rate(by_kernel, g, o, seconds)}
        for g, o in cases}
'''


def cases():
    """Every registered game with the option sets that change how it plays (each rule set,
    each number of players): from the registry, as the conformance tests do."""
    sys.path.insert(0, str(ROOT / "py"))
    from ludoteca import registry

    found = []
    for game_id in registry.GAMES:
        for options in registry.option_sets(game_id):
            if set(options) <= {"variant", "players", "team_size"}:
                found.append((game_id, options))
    return found


def main(seconds: float) -> None:
    todo = cases()
    cpython, pyodide, info = in_cpython_and_pyodide(PLAYOUT_CODE, todo, seconds)
    print(f"Random playouts ({seconds:g} s each way), CPython {sys.version.split()[0]} vs "
          f"Pyodide {info['pyodide'].split('/')[1]} under Node {node_version()}: playouts and "
          "moves (plies) a second, through State.apply and by the game's kernel")
    print(f"{'game':40} {'way':6} {'CPython/s':>10} {'moves/s':>10} {'Pyodide/s':>10} "
          f"{'moves/s':>10} {'ratio':>6}")
    for case in cpython:
        for way in ("apply", "kernel"):
            c, p = cpython[case][way], pyodide[case][way]
            print(f"{case:40} {way:6} {c['playouts_per_s']:10.1f} {c['plies_per_s']:10.0f} "
                  f"{p['playouts_per_s']:10.1f} {p['plies_per_s']:10.0f} "
                  f"{c['playouts_per_s'] / p['playouts_per_s']:6.2f}")


def node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    started = time.perf_counter()
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
    print(f"(bench took {time.perf_counter() - started:.0f} s)")
