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
