"""The runtime script the site serves (builder/runtime.py): Pyodide's own, headed by V8's
explicit compile hint, so the code cache the browser keeps with it holds the whole script
(web/worker.js primes it once a snapshot is stored); the stock script stays in dist/ for the
bench's bare page, never fetched by the site."""

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


def test_the_served_script_is_the_stock_one_headed_by_the_compile_hint():
    info = build_facts()
    eager = (DIST / info["pyodide"] / EAGER_SCRIPT).read_bytes()
    stock = (DIST / info["pyodide"] / STOCK_SCRIPT).read_bytes()
    # V8 reads the hint only as the file's very first line
    assert COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"
    assert eager == COMPILE_HINT + stock
    assert not stock.startswith(COMPILE_HINT)  # the bare page's stays as Pyodide ships it


def test_the_worker_loads_the_eager_script_and_the_stock_one_is_never_cached():
    info = build_facts()
    assert built_runtime()["script"] == info["pyodide"] + EAGER_SCRIPT
    build = precached()
    assert info["pyodide"] + EAGER_SCRIPT in build["files"]  # the first move needs it
    assert info["pyodide"] + STOCK_SCRIPT not in {**build["files"], **build["later"]}
