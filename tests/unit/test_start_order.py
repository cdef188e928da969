"""Python's runtime is requested as early as the page can: index.html's first script is
engine-start.js, a classic script ahead of every stylesheet and module (an async module
script waits its turn behind the parser: the worker would start later on a first visit),
written into the built page (no request before it runs) and allowed there by its
hash in the site's Content-Security-Policy; the page's modules take its worker over rather
than start one."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "web" / "index.html").read_text()
sys.path.insert(0, str(ROOT))

# after the path:
from builder.bundle import ENGINE_START_TAG, inline_engine_start, script_hash  # noqa: E402
from builder.paths import DIST  # noqa: E402
from built_site import build_facts  # noqa: E402


def head_elements() -> list:
    head = PAGE[PAGE.index("<head>"):PAGE.index("</head>")]
    head = re.sub(r"<!--.*?-->", "", head, flags=re.S)
    return re.findall(r"<(script|link)\b([^>]*)>", head)


def test_the_engine_is_started_by_the_first_script_before_any_stylesheet():
    elements = [(tag, attrs) for tag, attrs in head_elements()
                if tag == "script" or 'rel="stylesheet"' in attrs]
    tag, attrs = elements[0]
    assert tag == "script" and 'src="engine/engine-start.js"' in attrs
    assert "type=" not in attrs and "async" not in attrs and "defer" not in attrs  # classic


def test_no_other_script_starts_a_worker():
    starters = [path.name for path in (ROOT / "web").rglob("*.js")
                if re.search(r"new\s+Worker\s*\(", path.read_text())]
    assert starters == ["engine-start.js"]


def test_the_built_page_runs_engine_start_inline_allowed_by_its_hash():
    build_facts()
    page = (DIST / "index.html").read_text()
    script = (ROOT / "web" / "engine" / "engine-start.js").read_text()
    head = re.sub(r"<!--.*?-->", "", page[:page.index("</head>")], flags=re.S)
    first = re.search(r"<script>(.*?)</script>", head, re.S)
    assert first and first.group(1) == script
    assert head.index("<script>") < head.index('rel="stylesheet"')
    assert not (DIST / "engine" / "engine-start.js").exists()
    policy = tomllib.loads((ROOT / "netlify.toml").read_text())["headers"][0]["values"][
        "Content-Security-Policy"]
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert script_hash(script) in script_src.split()
    assert "'unsafe-inline'" not in policy  # no other inline script may run


def test_the_build_stops_when_the_policy_does_not_allow_the_inline_script():
    files = {"index.html": f"<head>{ENGINE_START_TAG}</head>".encode(),
             "engine/engine-start.js": b"new Worker('worker.js'); // changed"}
    with pytest.raises(SystemExit) as stop:
        inline_engine_start(files)
    assert script_hash("new Worker('worker.js'); // changed") in str(stop.value)
