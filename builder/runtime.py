"""Python's runtime in the browser: the Pyodide package pinned in package-lock.json (npm ci
when it, esbuild or the tests' axe-core is not installed at its pinned version) and
micropip's wheel, which that package does not ship."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from builder.common import log, run
from builder.paths import CACHE, ROOT

# The runtime's files the site serves, from node_modules/pyodide.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
MICROPIP = "micropip==0.11.1"

# The runtime's script for a restore: Pyodide's own, headed by V8's explicit compile hint (a
# comment to any other browser). Every function of it is compiled at once, so the code cache
# the browser keeps with it holds the whole script: web/worker.js primes that cache once a
# snapshot is stored, and a repeat visit then deserializes the script instead of compiling
# it on the engine's critical path. Without the hint the primed cache held the top level
# only (20 KB of 1.7 MB), and being there it was never replaced by a fuller one. A first
# start (no snapshot yet) loads the stock script: compiling all of it then cost the first
# visit 0.3 s. The service worker precaches both (the eager one, 0.26 MB gzipped, after the
# first move). It cannot make the eager copy from the stock one: the browser keeps no code
# cache for a response made in the service worker (tried: the primed cache was never
# consumed).
STOCK_SCRIPT = "pyodide.asm.mjs"
EAGER_SCRIPT = "pyodide.asm.eager.mjs"
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"  # must be the file's first line


def eager_script(stock: bytes) -> bytes:
    return COMPILE_HINT + stock


def npm_packages_missing() -> list:
    """The packages of package-lock.json (pyodide; esbuild, which bundles the page; axe-core
    for the tests) not installed at their pinned version."""
    locked = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    missing = []
    for path, info in locked.items():
        installed = ROOT / path / "package.json"
        if info.get("optional"):
            continue  # esbuild's binary for each platform: only this machine's is installed
        if path and (not installed.exists() or
                     json.loads(installed.read_text()).get("version") != info.get("version")):
            missing.append(path.removeprefix("node_modules/"))
    return missing


def pyodide_package() -> Path:
    """node_modules/pyodide as pinned in package-lock.json (npm ci when any pinned package,
    pyodide, esbuild or the tests' axe-core, is not)."""
    missing = npm_packages_missing()
    if missing:
        log(f"npm ci ({', '.join(missing)})")
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
    return ROOT / "node_modules" / "pyodide"


def micropip_wheel() -> Path:
    """micropip's wheel for Pyodide's Python (the npm package does not ship it)."""
    folder = CACHE / "micropip"
    wheels = sorted(folder.glob("micropip-*.whl")) if folder.exists() else []
    if not wheels:
        log(f"pip download {MICROPIP}")
        run(sys.executable, "-m", "pip", "download", MICROPIP, "--no-deps", "--quiet",
            "--python-version", "3.14", "--only-binary=:all:", "-d", str(folder))
        wheels = sorted(folder.glob("micropip-*.whl"))
    return wheels[-1]
