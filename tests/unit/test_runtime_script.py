"""The runtime script a restore loads (builder/runtime.py): Pyodide's own, headed by V8's
explicit compile hint, so the code cache the browser keeps with it holds the whole script
(web/worker.js primes it once a snapshot is stored). A first start loads the stock script
(all of it compiled at once cost it 0.3 s); the service worker precaches both."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.paths import DIST  # noqa: E402 (after the path)
from builder.runtime import COMPILE_HINT, EAGER_SCRIPT, STOCK_SCRIPT  # noqa: E402
from built_site import build_facts  # noqa: E402


def built_runtime() -> dict:
    worker = (DIST / "worker.js").read_text()
    return json.loads(re.search(r"var RUNTIME = (\{.*?\});", worker, re.S).group(1))


def precached() -> dict:
    sw = (DIST / "sw.js").read_text()
    return json.loads(re.search(r"^const BUILD = (\{.*\});$", sw, re.M).group(1))


def test_the_eager_script_is_the_stock_one_headed_by_the_compile_hint():
    info = build_facts()
    eager = (DIST / info["pyodide"] / EAGER_SCRIPT).read_bytes()
    stock = (DIST / info["pyodide"] / STOCK_SCRIPT).read_bytes()
    # V8 reads the hint only as the file's very first line
    assert COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"
    assert eager == COMPILE_HINT + stock
    assert not stock.startswith(COMPILE_HINT)  # the bare page's stays as Pyodide ships it


def test_a_first_start_loads_the_stock_script_a_restore_the_eager_one_both_precached():
    info = build_facts()
    runtime = built_runtime()
    assert runtime["script"] == info["pyodide"] + STOCK_SCRIPT  # a first start's
    assert runtime["eager"] == info["pyodide"] + EAGER_SCRIPT  # a restore's and the primer's
    files = precached()["files"]  # at install: offline, a start of either kind
    assert info["pyodide"] + STOCK_SCRIPT in files and info["pyodide"] + EAGER_SCRIPT in files
