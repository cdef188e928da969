"""The name a browser keeps the engine's memory snapshot under (builder/site.py's snapshot_key):
made of what the snapshot holds — the runtime, the rules wheel, the rooms' zip (the snapshot
is made once they are in: builder/rooms.py), the worker's code — so a new
build that changes only the page keeps returning visitors' snapshots, and one that changes
the engine never restores an old one."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.paths import DIST  # noqa: E402 (after the path)
from builder.site import snapshot_key  # noqa: E402
from built_site import build_facts  # noqa: E402

PYODIDE = "pyodide/314.0.7/"
WHEELS = {"ludoteca": "wheels/abc/ludoteca-0.1.0-py3-none-any.whl",
          "rooms": "wheels/fed/ludoteca-rooms.zip",
          "micropip": "wheels/micropip-0.11.1-py3-none-any.whl"}
HASHES = {
    "app.js": "1", "style.css": "2", "i18n/es.json": "3", "worker.js": "4",
    PYODIDE + "pyodide.asm.wasm": "6", PYODIDE + "python_stdlib.zip": "7",
    WHEELS["ludoteca"]: "8", WHEELS["micropip"]: "9", WHEELS["rooms"]: "10",
}


def key_with(path: str, digest: str = "changed") -> str:
    return snapshot_key({**HASHES, path: digest}, PYODIDE, WHEELS)


def test_a_build_that_changes_only_the_page_keeps_the_snapshot():
    kept = snapshot_key(HASHES, PYODIDE, WHEELS)
    for page_file in ("app.js", "style.css", "i18n/es.json", "board-new.js"):
        assert key_with(page_file) == kept, page_file


def test_a_build_that_changes_the_engine_names_a_new_snapshot():
    old = snapshot_key(HASHES, PYODIDE, WHEELS)
    # worker.js: the hash of its sources, snapshot.js's among them (test_page_bundle.py)
    for engine_file in ("worker.js", PYODIDE + "pyodide.asm.wasm",
                        PYODIDE + "python_stdlib.zip", WHEELS["ludoteca"], WHEELS["rooms"]):
        assert key_with(engine_file) != old, engine_file
    # a new rules wheel has a new path (its hash is in it): the old one is gone
    new_wheel = {**WHEELS, "ludoteca": "wheels/def/ludoteca-0.1.0-py3-none-any.whl"}
    hashes = {**{p: h for p, h in HASHES.items() if p != WHEELS["ludoteca"]},
              new_wheel["ludoteca"]: "8"}
    assert snapshot_key(hashes, PYODIDE, new_wheel) != old


def test_the_built_worker_names_its_snapshot_by_the_key():
    info = build_facts()
    worker = (DIST / "worker.js").read_text()
    runtime = json.loads(re.search(r"var RUNTIME = (\{.*?\});", worker, re.S).group(1))
    assert runtime["version"] == info["version"]
    assert runtime["snapshot"] == snapshot_key(info["files"], info["pyodide"], info["wheels"])
    assert runtime["snapshot"] != runtime["version"]
    assert runtime["rooms"] == info["wheels"]["rooms"]  # fetched once the table plays
