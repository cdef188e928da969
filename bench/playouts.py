"""Random playouts per second, per game, in CPython and in Pyodide (under Node.js, the same
runtime the browser uses). Prints a table; asserts nothing.

    python3 bench/playouts.py [seconds-per-measure]
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from _common import ROOT

PLAYOUT_CODE = r'''
import json, random, time
import ludoteca
from ludoteca import registry
from ludoteca.core import CHANCE, sample_chance

def playouts(game_id, options, seconds):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(1)
    bots = [registry.bot_for(game, p, "beginner", seed=p) for p in range(game.num_players)]
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        while not state.is_terminal:
            player = state.current_player
            move = (sample_chance(state, rng) if player == CHANCE
                    else bots[player].choose(state, 0.01))
            state = state.apply(move)
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"playouts_per_s": games / elapsed, "plies_per_s": plies / elapsed}

def run(cases, seconds):
    return {f"{g} {json.dumps(o, sort_keys=True)}": playouts(g, o, seconds) for g, o in cases}
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
    import build

    info = build.build()
    todo = cases()
    namespace = {}
    exec(PLAYOUT_CODE, namespace)
    cpython = namespace["run"](todo, seconds)
    wheel = ROOT / "dist" / info["wheels"]["ludoteca"]
    node = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel)],
        input=PLAYOUT_CODE + f"\nprint(json.dumps(run({todo!r}, {seconds})))\n",
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    pyodide = json.loads(node.stdout.strip().splitlines()[-1])
    print(f"Random playouts ({seconds:.0f} s each), CPython {sys.version.split()[0]} vs "
          f"Pyodide {info['pyodide'].split('/')[1]} under Node {node_version()}")
    print(f"{'game':40} {'CPython/s':>10} {'Pyodide/s':>10} {'ratio':>6}")
    for case in cpython:
        c, p = cpython[case]["playouts_per_s"], pyodide[case]["playouts_per_s"]
        print(f"{case:40} {c:10.1f} {p:10.1f} {c / p:6.2f}")


def node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    started = time.perf_counter()
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
    print(f"(bench took {time.perf_counter() - started:.0f} s)")
