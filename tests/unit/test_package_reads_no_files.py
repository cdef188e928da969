"""The rules package reads no file of its own: web/worker.js restores the interpreter from a
memory snapshot (every ludoteca module imported) without unpacking the package's files again.
A package that came to read a data file, or its own source, would find nothing there."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "ludoteca"
# The ways a module reaches files beside it.
READS_FILES = re.compile(
    r"\bopen\(|__file__|importlib\.resources|pkgutil\.get_data|\bPath\(|\bos\.path\b")


def test_the_package_holds_only_python_modules():
    others = [p.relative_to(PACKAGE) for p in PACKAGE.rglob("*")
              if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts]
    assert others == []


def test_no_module_reaches_for_a_file():
    found = [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if READS_FILES.search(line)]
    assert found == []
