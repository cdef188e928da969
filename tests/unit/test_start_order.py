"""Python's runtime is requested as early as the page can: index.html's first script is
engine-start.js, a classic script ahead of every stylesheet and module (an async module
script waits its turn behind the parser: the worker then started 60–150 ms later on a first
visit), and the page's modules take its worker over rather than start one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "web" / "index.html").read_text()


def head_elements() -> list:
    head = PAGE[PAGE.index("<head>"):PAGE.index("</head>")]
    head = re.sub(r"<!--.*?-->", "", head, flags=re.S)
    return re.findall(r"<(script|link)\b([^>]*)>", head)


def test_the_engine_is_started_by_the_first_script_before_any_stylesheet():
    elements = [(tag, attrs) for tag, attrs in head_elements()
                if tag == "script" or 'rel="stylesheet"' in attrs]
    tag, attrs = elements[0]
    assert tag == "script" and 'src="engine-start.js"' in attrs
    assert "type=" not in attrs and "async" not in attrs and "defer" not in attrs  # classic


def test_no_other_script_starts_a_worker():
    starters = [path.name for path in (ROOT / "web").rglob("*.js")
                if re.search(r"new\s+Worker\s*\(", path.read_text())]
    assert starters == ["engine-start.js"]
