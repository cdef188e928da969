"""The engine the site ships (builder/rules.py, builder/rooms.py): the wheel of the table's
start and the rooms' zip hold each module's bytecode for the pinned Pyodide's Python
(compiled by that Pyodide in Node), where zipimport looks for it, and no source — zipimport
reads the bytecode alone, and a first visit imports the rules without compiling them;
RECORD lists every file of the wheel. Each module is in one of the two, by its role."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.paths import DIST  # noqa: E402 (after the path)
from builder.rooms import is_room, module_name  # noqa: E402
from built_site import build_facts  # noqa: E402
from tools.wheel import build_wheel  # noqa: E402


def shipped() -> tuple[zipfile.ZipFile, zipfile.ZipFile]:
    info = build_facts()
    return (zipfile.ZipFile(DIST / info["wheels"]["ludoteca"]),
            zipfile.ZipFile(DIST / info["wheels"]["rooms"]))


def modules_of(archive: zipfile.ZipFile) -> set:
    return {module_name(name[:-1]) for name in archive.namelist()
            if name.startswith("ludoteca/") and name.endswith(".pyc")}


def test_every_module_ships_as_bytecode_alone_in_one_of_the_two():
    wheel, rooms = shipped()
    sources = {module_name(path.relative_to(ROOT / "py").as_posix())
               for path in (ROOT / "py" / "ludoteca").rglob("*.py")}
    start, later = modules_of(wheel), modules_of(rooms)
    assert not start & later
    assert sources <= start | later
    for archive in (wheel, rooms):
        assert not [name for name in archive.namelist() if name.endswith(".py")
                    and name.startswith("ludoteca/")]


def test_the_start_holds_the_table_and_the_rooms_the_rest():
    start, later = (modules_of(archive) for archive in shipped())
    assert {"ludoteca.web", "ludoteca.web.table", "ludoteca.rooms", "ludoteca.games.bul.rules",
            "ludoteca.games.bakuk.perfect", "ludoteca.games.bolonki.bots"} <= start
    assert {"ludoteca.web.teaching", "ludoteca.classroom.scorm", "ludoteca.labs.fairness",
            "ludoteca.games.bul.lessons", "ludoteca.games.buku.puzzle_set",
            "ludoteca.games.bakuk.editing"} <= later
    assert [name for name in start if is_room(name)] == []


def test_the_bytecode_is_unchecked_hash_named_by_module_and_listed_in_record():
    wheel, rooms = shipped()
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    listed = {line.split(",")[0] for line in wheel.read(record).decode().splitlines()}
    for archive in (wheel, rooms):
        for name in archive.namelist():
            if archive is wheel:
                assert name in listed, name
            if name.endswith(".pyc"):
                data = archive.read(name)
                flags = int.from_bytes(data[4:8], "little")
                assert flags == 0b01, name  # a hash-based .pyc, never checked against a source
                # co_filename: the module's file in the package, what a traceback names
                assert name[:-1].encode() in data, name


def test_a_wheel_is_the_same_bytes_for_the_same_files():
    compiled = {"ludoteca/web.pyc": b"\x00" * 16}
    first, second = build_wheel(ROOT, compiled), build_wheel(ROOT, dict(compiled))
    assert first == second
    assert "ludoteca/web.pyc" in zipfile.ZipFile(
        io.BytesIO(first[1])).namelist()
