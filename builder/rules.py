"""The rules wheel the site ships: the ludoteca package (with, in a test process, the
fixture game's modules) and its bytecode for the pinned Pyodide's Python, compiled by that
Pyodide in Node, so that a first visit imports the rules without compiling them.

The rules are imported when a step runs, not with this module: `build.py test` puts the
fixture game on the path first (it joins `ludoteca.games` when that is imported)."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from builder.common import log, sha
from builder.paths import CACHE, ROOT
from builder.rooms import split
from builder.stdlib import NO_COLUMNS  # lines kept, columns not: a fifth smaller
from tools.wheel import build_wheel

# Run under the pinned Pyodide (tools/pyodide_run.mjs, the sources' wheel at /tmp/ludoteca.whl):
# each module compiled to an unchecked-hash .pyc (the same sources give the same bytes; Python
# reads it without comparing it with its source, made with it), named as zipimport looks for
# it: beside its source (ludoteca/web.pyc), not in __pycache__, for the worker imports the
# rules from the wheel itself (web/worker.js).
COMPILE_RULES = """
import ast, base64, importlib.util, json, pathlib, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
site = pathlib.Path("/tmp/sources")
zipfile.ZipFile("/tmp/ludoteca.whl").extractall(site)

def without_docstrings(tree):
    # each docstring left out (the engine never reads one): a tenth of the bytes; every other
    # statement keeps its line, so a traceback names the same lines
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \\
                and isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                and isinstance(first.value.value, str):
            docstring = body.pop(0)
            if not body:
                body.append(ast.copy_location(ast.Pass(), docstring))
    return tree

compiled = {}
for source in sorted((site / "ludoteca").rglob("*.py")):
    data = source.read_bytes()
    name = source.relative_to(site).as_posix()
    # co_filename names the module's file in the package (ludoteca/web/table.py): what a
    # traceback shows, with the line and the function (the source is not shipped)
    code = compile(without_docstrings(ast.parse(data, name)), name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)  # unchecked hash
    compiled[name[:-3] + ".pyc"] = base64.b64encode(pyc).decode()
print(json.dumps(compiled))
"""


def fixture_modules() -> dict:
    """The modules of the registered games whose package is not in py/ludoteca (the test
    suite's fixture game, in a test process): {path in the wheel: bytes}."""
    from ludoteca import registry  # when the build runs: see the module's docstring

    found = {}
    for game_id, spec in registry.GAMES.items():
        package = Path(sys.modules[type(spec).__module__].__file__).parent
        if package.is_relative_to(ROOT / "py"):
            continue
        for path in sorted(package.rglob("*.py")):
            found[f"ludoteca/games/{game_id}/{path.relative_to(package).as_posix()}"] = (
                path.read_bytes())
    return found


def compiled_rules(package: Path) -> dict:
    """The rules package's bytecode for the pinned Pyodide's Python ({path in the wheel:
    .pyc bytes}: CPython here is another version, whose bytecode Pyodide cannot read),
    compiled by that Pyodide in Node; cached in .build/ while the sources and the runtime
    are unchanged. A first visit imports the rules without compiling them."""
    _, sources = build_wheel(ROOT, extra=fixture_modules())
    runtime = json.loads((package / "package.json").read_text())["version"]
    key = sha(sources + COMPILE_RULES.encode() + b"no-columns")
    cached = CACHE / "bytecode" / f"{key[:16]}-{runtime}.json"
    if not cached.exists():
        log("compiling the rules for Pyodide's Python")
        with tempfile.TemporaryDirectory() as folder:
            wheel = Path(folder) / "rules.whl"
            wheel.write_bytes(sources)
            printed = subprocess.run(
                ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel)],
                input=COMPILE_RULES, cwd=ROOT, check=True, capture_output=True, text=True,
                env=NO_COLUMNS).stdout
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("*.json"):
            old.unlink()
        cached.write_text(printed.strip().splitlines()[-1])
    return {path: base64.b64decode(data) for path, data in json.loads(cached.read_text()).items()}


def rules_wheel(package: Path) -> tuple[str, bytes, dict, dict]:
    """(file name, bytes, its files, the rooms' files) of what the site ships: the wheel of the
    table's start — the bytecode for the Pyodide in `package` (node_modules/pyodide) of the
    modules a first move needs (builder/rooms.py), without their sources (zipimport reads
    the bytecode alone) — and the rooms' bytecode ({path in the zip: bytes}), zipped by the
    caller with the rooms' part of the standard library. The fixture game's modules too, in
    a test process."""
    _, sources = build_wheel(ROOT, extra=fixture_modules())
    with zipfile.ZipFile(io.BytesIO(sources)) as wheel:
        files = {name: wheel.read(name) for name in wheel.namelist()}
    start, rooms = split(compiled_rules(package), files)
    name, wheel = build_wheel(ROOT, start, fixture_modules(), sources=False)
    return name, wheel, start, rooms
