"""The stylesheets parse as written: a stray brace makes the browser swallow the next rule
whole, silently (once it swallowed the reduced-motion rule). And the site gets them as one
sheet: build.py inlines what style.css imports, where it stands."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 (after the path)

SHEETS = sorted([*(ROOT / "web").rglob("*.css"), *(ROOT / "tests/fixtures/web").rglob("*.css")])


def brace_problems(css: str) -> list:
    """Where a `}` closes nothing, or a `{` is never closed (comments and strings aside)."""
    text = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group()), css, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'',
                  lambda m: " " * len(m.group()), text)
    depth, problems = 0, []
    for number, line in enumerate(text.splitlines(), 1):
        for char in line:
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth < 0:
                    problems.append(f"line {number}: a '}}' that closes nothing")
                    depth = 0
    if depth:
        problems.append(f"{depth} '{{' never closed")
    return problems


def test_the_check_finds_a_stray_brace():
    assert brace_problems("a { color: red; }\n}\n@media print { b { x: y } }")
    assert brace_problems("@media print { b { x: y }")
    assert not brace_problems('a::before { content: "}"; } /* } */')


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_stylesheet_balances_its_braces(sheet):
    assert brace_problems(sheet.read_text()) == []


def test_imports_are_inlined_where_they_stand_and_the_inlined_sheets_left_out():
    files = {"style.css": b'@import url("a/b.css");\n@import url("c.css");\nS\n',
             "a/b.css": b'@import url("../c2.css");\nB\n', "c.css": b"C\n", "c2.css": b"C2\n",
             "other.css": b"O\n"}
    assert build.inline_imports(files, "style.css") == {"a/b.css", "c.css", "c2.css"}
    assert files["style.css"].decode() == (
        "/* a/b.css */\n/* c2.css */\nC2\n\nB\n\n/* c.css */\nC\n\nS\n")
    with pytest.raises(SystemExit, match="imports gone.css"):
        build.inline_imports({"style.css": b'@import url("gone.css");'}, "style.css")


def test_the_site_has_one_stylesheet_with_every_games_sheet_in_it():
    catalogue = build.game_catalogue()
    files = {path: data for path, data in build.page_files(catalogue).items()
             if path.endswith(".css")}
    files.update(build.game_lists(catalogue))
    inlined = build.inline_imports(files, "style.css")
    sheets = {f"games/{game}/style.css" for game in catalogue}
    assert inlined == {"teach/rules.css", "teach/teacher.css", "teach/print.css",
                       "class/tournament.css", "labs/fairness.css", "games/index.css"} | sheets
    page = files["style.css"].decode()
    assert "@import" not in page
    for sheet in sorted(sheets):
        body = (build.page_folder(sheet.split("/")[1]) / "style.css").read_text()
        assert body in page, sheet
