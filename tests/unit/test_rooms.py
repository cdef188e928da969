"""The engine's start without its rooms (builder/rooms.py, ludoteca/rooms.py): importing the
web facade and playing a first move at every game imports no room's module — a room
imported at module level would bring its bytes and its compile time into every first
visit — and the build stops, naming the import, when a module-level import would; a room's
op imports its area when first asked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.rooms import is_room, table_modules  # noqa: E402 (after the path)

# in a Python of its own: this one has imported the rooms already
FIRST_MOVES = """
import json, sys
sys.path.insert(0, "py")
import ludoteca.web as web
from ludoteca import registry
from ludoteca.core import CHANCE
before = sorted(name for name in sys.modules if name.startswith("ludoteca"))
for game in registry.GAMES:
    for level in registry.levels(game):
        answer = json.loads(web.handle(json.dumps(
            {"op": "new", "game": game, "seats": [level, level], "seed": 1})))
        assert answer["ok"], answer
        for _ in range(3):
            state = web.engine.sessions["main"].state
            if state.is_terminal or answer["view"]["needs"]:
                break
            op = "throw" if state.current_player == CHANCE else "bot"
            answer = json.loads(web.handle(json.dumps({"op": op, "budget": 0.02})))
            assert answer["ok"], answer
after = sorted(name for name in sys.modules if name.startswith("ludoteca"))
answer = json.loads(web.handle(json.dumps({"op": "lesson", "game": "bul", "step": 0})))
print(json.dumps({"before": before, "after": after, "lesson": answer["ok"],
                  "rooms": sorted(name for name in sys.modules if name.startswith("ludoteca"))}))
"""


@pytest.fixture(scope="module")
def first_moves():
    python = subprocess.run([sys.executable, "-c", FIRST_MOVES], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert python.returncode == 0, python.stderr[-2000:]
    return json.loads(python.stdout.strip().splitlines()[-1])


def test_the_facade_and_first_moves_import_no_room(first_moves):
    assert "ludoteca.web.table" in first_moves["before"]
    assert "ludoteca.games.bul.bots" in first_moves["after"]
    assert [name for name in first_moves["after"] if is_room(name)] == []


def test_a_rooms_op_imports_its_area_when_asked(first_moves):
    assert first_moves["lesson"]
    assert "ludoteca.web.teaching" in first_moves["rooms"]
    assert "ludoteca.games.bul.lessons" in first_moves["rooms"]


def sources() -> dict:
    package = ROOT / "py"
    return {path.relative_to(package).as_posix(): path.read_bytes()
            for path in (package / "ludoteca").rglob("*.py")}


def test_the_split_follows_the_module_level_imports():
    table = table_modules(sources())
    assert {"ludoteca.web.table", "ludoteca.games.bakuk.perfect", "ludoteca.rooms"} <= table
    assert not {"ludoteca.web.teaching", "ludoteca.games.bul.lessons"} & table


def test_a_room_imported_at_the_tables_start_stops_the_build():
    files = sources()
    files["ludoteca/web/session.py"] += b"\nfrom ..teaching import coach\n"
    with pytest.raises(SystemExit) as stopped:
        table_modules(files)
    assert "ludoteca.web.session imports ludoteca.teaching" in str(stopped.value)
    # an import inside a function waits for its call: no leak
    files = sources()
    files["ludoteca/web/session.py"] += b"\ndef later():\n    from ..teaching import coach\n"
    assert "ludoteca.teaching" not in table_modules(files)
