"""The rules run the same under Pyodide's Python (3.14, the browser's) as here: seeded
random games of every game give the same records and final states in both runtimes, the
conformance checks (tests/conformance.py) pass there too, and the fairness lab's shipped
samples play again to the same tallies (32-bit, another Python). One run of Node answers
them all: a boot of Pyodide is ~4 CPU-s.

Needs Node.js and the pinned Pyodide (node_modules/pyodide, installed by build.py), which
is why these tests live apart from tests/unit."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GAME_CODE = r'''
import json, random, sys
import ludoteca
from ludoteca import registry
from ludoteca.core import CHANCE, sample_chance

def seeded_games():
    out = {}
    for game_id in sorted(ludoteca.GAMES):
        game = ludoteca.new_game(game_id)
        rng = random.Random(7)
        bots = [registry.bot_for(game, p, "beginner", seed=p) for p in range(game.num_players)]
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
def wheel(tmp_path_factory):
    sys.path.insert(0, str(ROOT))
    from builder.paths import DIST
    from built_site import build_facts

    info = build_facts()  # with npm ci of the pinned runtime when missing
    shipped = DIST / info["wheels"]["ludoteca"]  # the table's start, bytecode only
    folder = tmp_path_factory.mktemp("wheel")  # its own copies: tests run side by side
    path = folder / shipped.name
    path.write_bytes(shipped.read_bytes())
    # the rooms (builder/rooms.py) beside it, joined by in_pyodide
    (folder / ROOMS).write_bytes((DIST / info["wheels"]["rooms"]).read_bytes())
    return path


ROOMS = "ludoteca-rooms.zip"


def in_pyodide(wheel, code: str):
    """Run `code` under Pyodide in Node, the rooms beside `wheel` joined; what it printed
    last, read as JSON."""
    node = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel), str(wheel.parent / ROOMS)],
        input=code, capture_output=True, text=True, cwd=ROOT, timeout=600,
    )
    assert node.returncode == 0, node.stderr[-2000:]
    return json.loads(node.stdout.strip().splitlines()[-1])


# The fairness lab's seeded games: each game's first shipped configuration, its first
# FAIRNESS_GAMES games played again (Pyodide is slower than CPython, and ten make the point).
FAIRNESS_GAMES = 10
FAIRNESS_CODE = r'''
def shipped_samples(count):
    from ludoteca.labs import fairness
    out = {}
    for game_id in registry.GAMES:
        if not fairness.shipped(game_id):  # the test suite's fixture game ships none
            continue
        result = fairness.shipped(game_id)[0]
        game = registry.new_game(game_id, **result["options"])
        games = min(result["sample"]["games"], count)
        out[game_id] = {"games": games, "tally": fairness.play(
            game, result["levels"], result["seed"], 0, games)}
    return out
'''

# The conformance checks, one short game per option set (Pyodide is slower than CPython),
# the seeded games and the fairness samples: one run of Node, one boot of Pyodide for all.
ALL_RUN = """
out = {}
for game_id, options in all_cases():
    key = game_id + " " + json.dumps(options, sort_keys=True)
    out[key] = simulate(game_id, options, seed=11, max_plies=24)
import importlib, ludoteca.rooms
files = {name: importlib.import_module(name).__file__ for name in ludoteca.rooms.modules()
         if name.startswith("ludoteca.")}
print(json.dumps({"python": sys.version[:4], "conformance": out, "games": seeded_games(),
                  "files": files, "fairness": shipped_samples(FAIRNESS_GAMES)}))
"""


@pytest.fixture(scope="module")
def under_pyodide(wheel):
    """What the conformance checks, the seeded games and the fairness samples gave under
    Pyodide: one run for all
    the test workers under `python3 build.py test` (its folder shared by them, made for that
    run): the first worker to ask runs it, and a worker given the other test reads its answer
    rather than boot Pyodide a second time."""
    code = ((ROOT / "tests" / "conformance.py").read_text() + GAME_CODE + FAIRNESS_CODE
            + f"FAIRNESS_GAMES = {FAIRNESS_GAMES}\n" + ALL_RUN)
    shared = os.environ.get("LUDOTECA_TEST_SHARED")
    if not shared:
        return in_pyodide(wheel, code)
    answer = Path(shared) / "under-pyodide.json"
    with open(Path(shared) / "under-pyodide.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not answer.exists():  # a failed run leaves none: the next worker runs it again
            answer.write_text(json.dumps(in_pyodide(wheel, code)))
    return json.loads(answer.read_text())


def test_seeded_games_match_in_cpython_and_pyodide(under_pyodide):
    namespace = {}
    exec(GAME_CODE, namespace)
    here = json.loads(json.dumps(namespace["seeded_games"]()))
    there = under_pyodide["games"]
    assert set(there) == set(here) and len(here) >= 1
    for game_id in here:
        assert there[game_id]["python"] == "3.14"  # the browser's Python, not this one
        assert there[game_id]["moves"] == here[game_id]["moves"], game_id
        assert there[game_id]["final"] == here[game_id]["final"], game_id


def test_conformance_checks_pass_under_pyodide(under_pyodide):
    there = dict(under_pyodide["conformance"])
    assert under_pyodide["python"] == "3.14"
    sys.path.insert(0, str(ROOT / "tests"))
    import conformance

    cases = conformance.all_cases()
    assert len(there) == len(cases)
    for game_id, options in cases:  # and they played the very same games
        here = conformance.simulate(game_id, options, seed=11, max_plies=24)
        key = game_id + " " + json.dumps(options, sort_keys=True)
        assert there[key] == json.loads(json.dumps(here)), key


def test_every_rules_module_is_imported_from_the_wheels_bytecode(under_pyodide, wheel):
    """As the worker imports them (web/worker.js): the wheel itself on sys.path, each module
    read from the .pyc build.py compiled — not compiled at import; the table's from the
    wheel, the rooms' (builder/rooms.py) from their own zip."""
    files = under_pyodide["files"]
    assert "ludoteca.web" in files and "ludoteca.web.teaching" in files and len(files) >= 20
    for name, file in files.items():
        assert file.startswith(("/tmp/ludoteca.whl/ludoteca/",
                                "/tmp/ludoteca-rooms.zip/ludoteca/")), name
        assert file.endswith(".pyc"), (name, file)
    assert files["ludoteca.web.table"].startswith("/tmp/ludoteca.whl/")
    assert files["ludoteca.games.bul.lessons"].startswith("/tmp/ludoteca-rooms.zip/")


def test_shipped_samples_replay_the_same_under_pyodide(under_pyodide):
    """The fairness lab's seeded games are the same in the browser's Python as in the
    build's: each game's first shipped configuration, its first games played again, gives
    the tally shipped with the game."""
    from ludoteca import registry
    from ludoteca.labs import fairness

    there = under_pyodide["fairness"]
    assert set(there) == {g for g in registry.GAMES if fairness.shipped(g)}
    assert {"bakuk", "bul", "bolonki", "buku"} <= set(there)
    for game_id, answer in there.items():
        result = fairness.shipped(game_id)[0]
        assert answer["games"] == min(result["sample"]["games"], FAIRNESS_GAMES)
        here = fairness.play(registry.new_game(game_id, **result["options"]),
                             result["levels"], result["seed"], 0, answer["games"])
        assert answer["tally"] == json.loads(json.dumps(here)), game_id
        if answer["games"] == result["sample"]["games"]:
            assert here == result["sample"]
