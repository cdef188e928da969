"""Shared by the benchmarks: paths, the built site served locally, Chromium's flags."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from tools.chromium import ARGS as CHROMIUM_ARGS  # noqa: E402, F401 (after the path)
from tools.chromium import CHROMIUM  # noqa: E402, F401


def serve_dist():
    """Build dist/ and serve it with netlify.toml's headers; returns (server, base URL)."""
    from builder.paths import DIST
    from builder.site import build
    from tools.server import start

    info = build()
    server = start(DIST, ROOT / "netlify.toml")
    return server, f"http://127.0.0.1:{server.server_port}", info


def in_cpython_and_pyodide(code: str, todo, seconds: float) -> tuple:
    """Run `code`'s ``run(todo, seconds)`` here and in Pyodide under Node (the rules from the
    wheel just built): (CPython's answer, Pyodide's, the build's info)."""
    import json
    import subprocess

    from builder.site import build

    info = build()
    namespace = {}
    exec(code, namespace)
    cpython = namespace["run"](todo, seconds)
    wheel = ROOT / "dist" / info["wheels"]["ludoteca"]
    rooms = ROOT / "dist" / info["wheels"]["rooms"]
    node = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel), str(rooms)],
        input=code + f"\nprint(json.dumps(run({todo!r}, {seconds})))\n",
        capture_output=True, text=True, cwd=ROOT, check=True)
    return cpython, json.loads(node.stdout.strip().splitlines()[-1]), info


def median(values):
    return statistics.median(values) if values else float("nan")


BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bench-bare.js"></script>"""
BARE_JS = """import { loadPyodide } from "./%spyodide.mjs";
await loadPyodide({ indexURL: new URL("./%s", location.href).href });
performance.mark("pyodide:ready");
"""


# The same boot in a module worker, as Ludoteca runs it: what the worker itself costs.
BARE_WORKER_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide, worker</title>
<script type="module" src="bench-bare-worker-page.js"></script>"""
BARE_WORKER_PAGE_JS = """const worker = new Worker("bench-bare-worker.js", { type: "module" });
worker.onmessage = () => performance.mark("pyodide:ready");
"""
BARE_WORKER_JS = BARE_JS.replace('performance.mark("pyodide:ready")', 'postMessage("ready")')


def write_bare_page(info) -> str:
    """A bare Pyodide page beside the build (removed by the next build): the baseline.
    Also bench-bare-worker.html, the same boot in a module worker."""
    from builder.paths import DIST

    runtime = (info["pyodide"], info["pyodide"])
    (DIST / "bench-bare.html").write_text(BARE_HTML)
    (DIST / "bench-bare.js").write_text(BARE_JS % runtime)
    (DIST / "bench-bare-worker.html").write_text(BARE_WORKER_HTML)
    (DIST / "bench-bare-worker-page.js").write_text(BARE_WORKER_PAGE_JS)
    (DIST / "bench-bare-worker.js").write_text(BARE_WORKER_JS % runtime)
    return "bench-bare.html"
