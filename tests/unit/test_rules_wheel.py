"""The rules wheel the site ships (builder/rules.py): every module's source, and beside it its
bytecode for the pinned Pyodide's Python (compiled by that Pyodide in Node), where zipimport
looks for it (the worker imports the rules from the wheel itself), so that a first visit
imports the rules without compiling them; RECORD lists every file."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.paths import DIST  # noqa: E402 (after the path)
from builder.site import build  # noqa: E402
from tools.wheel import build_wheel  # noqa: E402


def shipped_wheel() -> zipfile.ZipFile:
    info = build()
    return zipfile.ZipFile(DIST / info["wheels"]["ludoteca"])


def test_every_module_ships_with_bytecode_for_pyodides_python():
    names = set(shipped_wheel().namelist())
    sources = sorted(n for n in names if n.endswith(".py"))
    assert "ludoteca/web/__init__.py" in sources
    for source in sources:
        folder, _, module = source.rpartition("/")
        assert f"{folder}/{module[:-3]}.pyc" in names, source
    assert len([n for n in names if n.endswith(".pyc")]) == len(sources)


def test_the_bytecode_is_unchecked_hash_and_listed_in_record():
    wheel = shipped_wheel()
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    listed = {line.split(",")[0] for line in wheel.read(record).decode().splitlines()}
    for name in wheel.namelist():
        assert name in listed, name
        if name.endswith(".pyc"):
            flags = int.from_bytes(wheel.read(name)[4:8], "little")
            assert flags == 0b01, name  # a hash-based .pyc, never checked against its source


def test_a_wheel_is_the_same_bytes_for_the_same_files():
    compiled = {"ludoteca/web.pyc": b"\x00" * 16}
    first, second = build_wheel(ROOT, compiled), build_wheel(ROOT, dict(compiled))
    assert first == second
    assert "ludoteca/web.pyc" in zipfile.ZipFile(
        io.BytesIO(first[1])).namelist()
