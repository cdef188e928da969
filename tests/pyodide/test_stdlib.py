"""The slim standard library the worker loads (builder/stdlib.py) is enough: under Pyodide
in Node with that zip and nothing else of Python's library, the engine's life as the
worker lives it — booted to make a memory snapshot, every ludoteca module imported, one
sound request of every op of the web facade (tests/pyodide/every_op.py), then restored
from the snapshot and every op again — needs no module the zip lacks. A module of the
stock zip that anything tried to import is named (even when the code caught its
ImportError), so a new import fails here with its name, to be added to builder/stdlib.txt.

Needs Node.js and the pinned Pyodide, as tests/pyodide/test_pyodide.py."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from builder.paths import DIST
    from built_site import build_facts

    info = build_facts()  # with npm ci of the pinned runtime when missing
    folder = tmp_path_factory.mktemp("stdlib")  # its own copies: tests run side by side
    copies = {}
    for name, path in (("wheel", info["wheels"]["ludoteca"]), ("stdlib", info["stdlib"]),
                       ("rooms", info["wheels"]["rooms"])):
        copies[name] = folder / Path(path).name
        copies[name].write_bytes((DIST / path).read_bytes())
    return info, copies


def engine_life(wheel: Path, stdlib: Path, rooms: Path, start: str = "table") -> list:
    """tools/pyodide_stdlib.mjs's report of each phase (table, boot, restored), from `start`
    ("boot": the table's phase left out)."""
    node = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_stdlib.mjs"), str(wheel), str(stdlib),
         str(ROOT / "web"), str(ROOT / "tests" / "pyodide" / "every_op.py"), str(rooms), start],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert node.returncode == 0, node.stderr[-3000:]
    return [json.loads(line) for line in node.stdout.splitlines()
            if line.startswith('{"phase"')]


@pytest.fixture(scope="module")
def slim_life(built) -> list:
    """The engine's life with the slim zip, run once for both tests that read it (the table's
    phase, every op): under `python3 build.py test` once for all the workers (its shared
    folder, made for that run), as tests/pyodide/test_pyodide.py's `under_pyodide` — the
    first worker to ask runs it, another reads its answer rather than run Pyodide again."""
    _, copies = built
    shared = os.environ.get("LUDOTECA_TEST_SHARED")
    if not shared:
        return engine_life(copies["wheel"], copies["stdlib"], copies["rooms"])
    answer = Path(shared) / "slim-life.json"
    with open(Path(shared) / "slim-life.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not answer.exists():  # a failed run leaves none: the next worker runs it again
            answer.write_text(json.dumps(
                engine_life(copies["wheel"], copies["stdlib"], copies["rooms"])))
    return json.loads(answer.read_text())


def test_the_worker_loads_the_slim_standard_library_and_it_is_precached(built):
    """The worker's runtime names the slim zip, and the service worker precaches it (offline
    after one visit) and not the stock one, which no page of the site loads."""
    from builder.paths import DIST
    from builder.stdlib import SLIM, STOCK

    info, _ = built
    assert SLIM and Path(info["stdlib"]).name.startswith("python_stdlib.slim-")
    assert json.dumps(info["stdlib"]) in (DIST / "worker.js").read_text()
    line = next(line for line in (DIST / "sw.js").read_text().splitlines()
                if line.startswith("const BUILD = "))
    precached = json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))["files"]
    assert info["stdlib"] in precached
    assert info["pyodide"] + STOCK not in precached
    assert (DIST / info["pyodide"] / STOCK).exists()  # for the benchmarks' bare page


def test_the_start_ships_the_costliest_modules_as_bytecode_and_no_frozen_one(built):
    """The start's zip: each module stdlib.txt marks `# bytecode` as a .pyc alone, made by
    Pyodide's Python (the magic number of the rules' own .pyc) with an unchecked hash (no
    source to check it against); each other module of the start as its source; none
    marked `# frozen` (Pyodide imports them from its binary: the next test runs every op
    with this zip) or `# rooms`."""
    import zipfile

    from builder import stdlib

    _, copies = built
    names = set(zipfile.ZipFile(copies["stdlib"]).namelist())
    wheel = zipfile.ZipFile(copies["wheel"])
    magic = wheel.read(next(n for n in wheel.namelist() if n.endswith(".pyc")))[:4]
    modules = {stdlib.module_of(name): name for name in names if stdlib.module_of(name)}
    compiled = {module for module, name in modules.items() if name.endswith(".pyc")}
    assert len(stdlib.bytecode()) >= 20 and compiled == stdlib.bytecode()
    for module in compiled:
        data = zipfile.ZipFile(copies["stdlib"]).read(modules[module])
        assert data[:4] == magic, module
        assert int.from_bytes(data[4:8], "little") == 0b01, module  # hash-based, unchecked
        assert modules[module][:-1] not in names  # no source beside it
    assert not (stdlib.frozen() | stdlib.rooms_only()) & set(modules)
    assert {"os", "io", "codecs", "abc", "_collections_abc", "zipimport"} <= stdlib.frozen()
    assert set(modules) == stdlib.listed() - stdlib.frozen() - stdlib.rooms_only()


def test_every_op_runs_with_the_slim_standard_library(slim_life):
    phases = slim_life
    for phase in phases:
        assert phase["missing"] == [], (
            f"{phase['phase']}: imported but not in the slim standard library: "
            f"{', '.join(phase['missing'])} (add to builder/stdlib.txt)")
        assert phase["errors"] == [], phase["errors"]
        assert phase["failed"] == {}, f"{phase['phase']}: ops that failed: {phase['failed']}"
        assert "/lib/ludoteca.whl" in phase["path"]
    assert [phase["phase"] for phase in phases] == ["table", "boot", "restored"]


def test_a_module_the_zip_lacks_is_named(built, tmp_path):
    """The check itself: a zip without http.client (which xml.sax.saxutils, imported by the
    SCORM maker, imports in turn) is caught, by name, at the boot (which imports every module;
    the table's phase, which needs no SCORM, is left out: a Python fewer to start)."""
    from builder import stdlib

    _, copies = built
    stock = (ROOT / "node_modules" / "pyodide" / stdlib.STOCK).read_bytes()
    lacking = tmp_path / "lacking.zip"
    lacking.write_bytes(stdlib.cut(stock, stdlib.listed() - {"http.client"}))
    phases = engine_life(copies["wheel"], lacking, copies["rooms"], start="boot")
    assert [phase["phase"] for phase in phases] == ["boot"]  # no restore after that
    assert phases[0]["missing"] == ["http.client"]


def test_the_build_names_an_engine_import_the_list_lacks():
    from builder import stdlib

    stock = (ROOT / "node_modules" / "pyodide" / stdlib.STOCK).read_bytes()
    stdlib.check_engine_imports(stock, stdlib.listed())  # today's list: nothing missing
    with pytest.raises(SystemExit) as stopped:
        stdlib.check_engine_imports(stock, stdlib.listed() - {"zipfile"})
    assert "py/ludoteca/classroom/scorm.py imports zipfile" in str(stopped.value)


def test_the_table_starts_without_the_rooms(slim_life):
    """Under Pyodide with the start's wheel alone (the rooms' zip not joined yet, as in the
    browser until the game is playable): every game plays a first move against each of its
    computer levels, and no room's module (builder/rooms.py) was imported for it."""
    from builder.rooms import is_room

    table = slim_life[0]
    assert table["phase"] == "table"
    assert table["errors"] == [] and table["failed"] == {}, (table["errors"], table["failed"])
    assert "ludoteca.web" in table["engine"] and "ludoteca.games.bul.rules" in table["engine"]
    assert [name for name in table["engine"] if is_room(name)] == []
    assert "/lib/ludoteca-rooms.zip" not in table["path"]
