"""The stylesheets parse as written: a stray brace makes the browser swallow the next rule
whole, silently (once it swallowed the reduced-motion rule)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted((ROOT / "web").rglob("*.css"))


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
