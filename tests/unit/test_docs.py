"""The project's own documents: every game's normative rules file is in the repository
(`docs/rules/<id>.md`), the sections its lesson teaches are headings there, and nothing points
to a document a clone does not hold."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ludoteca import registry

ROOT = Path(__file__).resolve().parents[2]
RULES_FOLDERS = (ROOT / "docs" / "rules", ROOT / "tests" / "fixtures" / "docs" / "rules")


def rules_file(game_id: str) -> Path | None:
    """The game's rules file: the project's, or the fixture game's beside its folders."""
    return next((folder / f"{game_id}.md" for folder in RULES_FOLDERS
                 if (folder / f"{game_id}.md").exists()), None)


def headings(text: str) -> list:
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_has_its_rules_file(game_id):
    path = rules_file(game_id)
    assert path is not None, (f"{game_id} has no normative rules file: write "
                              f"docs/rules/{game_id}.md (its rules, notation and JSON view)")
    assert f"game id `{game_id}`" in path.read_text()


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_sections_a_lesson_teaches_are_headings_of_the_rules_file(game_id):
    path = rules_file(game_id)
    assert path is not None, f"{game_id} has no rules file"
    found = headings(path.read_text())
    for name, heading in registry.spec_of(game_id).lesson_sections.items():
        assert any(h == heading or h.startswith(heading + " (") for h in found), (
            f"{game_id}'s lesson teaches {name!r}, section {heading!r}, "
            f"which is not a heading of {path.relative_to(ROOT)}")


def tracked_files() -> list:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).exists()]


TEXT_SUFFIXES = {".py", ".js", ".md", ".json", ".toml", ".css", ".html", ".mjs", ".txt"}
OUTSIDE = re.compile(r"shared/(rules|seeds|DESIGN|STACK)|\.\./shared\b")
DOC_PATH = re.compile(r"\bdocs/[\w./-]+\.md\b")


def test_nothing_points_outside_the_repository_or_to_a_missing_document():
    outside, missing = [], []
    for path in tracked_files():
        if path.suffix not in TEXT_SUFFIXES or path == Path(__file__).resolve():
            continue
        text = path.read_text(errors="replace")
        name = path.relative_to(ROOT)
        outside += [f"{name}: {m.group()}" for m in OUTSIDE.finditer(text)]
        missing += [f"{name}: {m.group()}" for m in DOC_PATH.finditer(text)
                    if not (ROOT / m.group()).exists()]
    assert not outside, "documents a clone does not hold:\n" + "\n".join(outside)
    assert not missing, "documents that do not exist:\n" + "\n".join(missing)
