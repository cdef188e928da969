"""The rules run the same under Pyodide's Python (3.14, the browser's) as here: seeded
random games of every game give the same records and final states in both runtimes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GAME_CODE = r'''
import json, random, sys
import ludoteca
from ludoteca import ai
from ludoteca.core import CHANCE, sample_chance

def seeded_games():
    out = {}
    for game_id in sorted(ludoteca.GAME_MODULES):
        game = ludoteca.new_game(game_id)
        rng = random.Random(7)
        bots = [ai.bot_for(game, p, "beginner", seed=p) for p in range(game.num_players)]
        state, moves = game.initial_state(), []
        while not state.is_terminal and len(moves) < 300:
            player = state.current_player
            move = sample_chance(state, rng) if player == CHANCE else bots[player].choose(state)
            moves.append(move)
            state = state.apply(move)
        out[game_id] = {"moves": moves, "final": state.to_json(), "python": sys.version[:4]}
    return out
'''


@pytest.fixture(scope="module")
def wheel():
    sys.path.insert(0, str(ROOT))
    import build
    from tools.wheel import build_wheel

    build.pyodide_package()  # npm ci of the pinned runtime when missing
    name, data = build_wheel(ROOT)
    path = ROOT / ".build" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    return path


def test_seeded_games_match_in_cpython_and_pyodide(wheel):
    namespace = {}
    exec(GAME_CODE, namespace)
    here = json.loads(json.dumps(namespace["seeded_games"]()))
    node = subprocess.run(
        ["node", str(ROOT / "bench" / "pyodide_run.mjs"), str(wheel)],
        input=GAME_CODE + "\nprint(json.dumps(seeded_games()))\n",
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert node.returncode == 0, node.stderr[-2000:]
    there = json.loads(node.stdout.strip().splitlines()[-1])
    assert set(there) == set(here) and len(here) >= 1
    for game_id in here:
        assert there[game_id]["python"] == "3.14"  # the browser's Python, not this one
        assert there[game_id]["moves"] == here[game_id]["moves"], game_id
        assert there[game_id]["final"] == here[game_id]["final"], game_id
