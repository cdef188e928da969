"""Where the build's inputs and outputs are, and the names of the page's entry files: a file
moved inside web/ is one line here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# LUDOTECA_DIST lets several checkouts or helpers build side by side without racing.
DIST = Path(os.environ.get("LUDOTECA_DIST") or ROOT / "dist").resolve()
CACHE = ROOT / ".build"
WEB = ROOT / "web"
# The test suite's fixture game (tests/fixtures/): its Python package joins the registry of a
# process that has tests/fixtures/py on its path (the tests'), and its page folder joins the
# site built by such a process; never the site `build.py` or `serve` build.
FIXTURES = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(ROOT / "py"))  # the rules: the build asks them for the catalogue

# The page's files the build reads, bundles or writes by name: paths in web/ and in dist/.
PAGE = "index.html"
ENGINE_START = "engine/engine-start.js"  # index.html's first script, written into it
STYLESHEET = "style.css"  # the page's one stylesheet, with those it imports inlined
SERVICE_WORKER = "sw.js"  # its precache list written in by the build
# The page's modules: app.js and those it imports, directly or not; the engine's worker and
# what it imports (snapshot.js, and Pyodide's loader: "pyodide", the runtime's pyodide.mjs).
PAGE_ENTRY = "app.js"
WORKER_ENTRY = "worker.js"
# Modules the build writes, which the page's and the worker's modules import.
BUILD_INFO = "build-info.js"  # the build's facts
WORKER_RUNTIME = "worker-runtime.js"  # the engine's runtime, rules and snapshot
