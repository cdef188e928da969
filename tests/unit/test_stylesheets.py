"""The stylesheets parse as written: a stray brace makes the browser swallow the next rule
whole, silently (once it swallowed the reduced-motion rule). And the site gets them as one
sheet: the build (builder/bundle.py) inlines what style.css imports, where it stands. Shared
sheets name no game: what is a game's own is in its folder's style.css, or a hook its view
sets (issue 42)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.bundle import inline_imports  # noqa: E402 (after the path)
from builder.catalogue import game_catalogue, game_lists, page_files, page_folder  # noqa: E402
from ludoteca import registry  # noqa: E402

SHEETS = sorted([*(ROOT / "web").rglob("*.css"), *(ROOT / "tests/fixtures/web").rglob("*.css")])
# every sheet of the page but the games' own (web/games/<id>/)
SHARED_SHEETS = [sheet for sheet in SHEETS if sheet.is_relative_to(ROOT / "web")
                 and not sheet.is_relative_to(ROOT / "web" / "games")]


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
    assert inline_imports(files, "style.css") == {"a/b.css", "c.css", "c2.css"}
    assert files["style.css"].decode() == (
        "/* a/b.css */\n/* c2.css */\nC2\n\nB\n\n/* c.css */\nC\n\nS\n")
    with pytest.raises(SystemExit, match="imports gone.css"):
        inline_imports({"style.css": b'@import url("gone.css");'}, "style.css")


def test_the_site_has_one_stylesheet_with_every_games_sheet_in_it():
    catalogue = game_catalogue()
    files = {path: data for path, data in page_files(catalogue).items()
             if path.endswith(".css")}
    files.update(game_lists(catalogue))
    inlined = inline_imports(files, "style.css")
    sheets = {f"games/{game}/style.css" for game in catalogue}
    assert inlined == {"teach/rules.css", "teach/teacher.css", "teach/print.css",
                       "class/tournament.css", "labs/fairness.css", "games/index.css",
                       "links/scorm-dialog.css"} | sheets
    page = files["style.css"].decode()
    assert "@import" not in page
    for sheet in sorted(sheets):
        body = (page_folder(sheet.split("/")[1]) / "style.css").read_text()
        assert body in page, sheet


def games_named(css: str, games) -> list:
    """The games of `games` a sheet names in its rules (a selector, a class, an attribute's
    value: `[data-game="bul"]`, `.rd-bul-road`), as a whole word; its comments aside."""
    rules = re.sub(r"/\*.*?\*/", " ", css, flags=re.S)
    return [game for game in games
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(game)}(?![A-Za-z0-9])", rules)]


def test_the_check_finds_a_game_named_in_a_rule():
    games = ["bul", "nim"]
    assert games_named('[data-game="bul"] .board-area { display: grid; }', games) == ["bul"]
    assert games_named(".rules-figure .rd-nim-heap { width: 1rem; }", games) == ["nim"]
    assert games_named("/* Bul's road, a nim heap */ .fair { font-variant-numeric: tabular-nums;"
                       " animation: none; }", games) == []


@pytest.mark.parametrize("sheet", SHARED_SHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_stylesheets_name_no_game(sheet):
    assert SHARED_SHEETS and registry.GAMES
    assert games_named(sheet.read_text(), registry.GAMES) == []
