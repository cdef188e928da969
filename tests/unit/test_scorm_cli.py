"""`python3 build.py scorm` (builder/scorm.py): each kind of package from the command line,
from a built site given by --dist (here a small stand-in with the launch page's two files);
mistakes refused in words with no zip written; every argument documented in the README."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.scorm import make_scorm, parser  # noqa: E402 (after the path)


@pytest.fixture
def dist(tmp_path):
    site = tmp_path / "dist"
    for name, text in {"index.html": "<!doctype html>", "app.js": "//", "sw.js": "//",
                       "pyodide/pyodide.asm.wasm": "wasm", "games/bul/x.svg": "<svg/>",
                       "scorm/index.html": "<!doctype html><title>launch</title>",
                       "scorm/launch.js": "// launch"}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    return site


def activity(archive) -> dict:
    text = archive.read("activity.js").decode()
    return json.loads(text.removeprefix("window.LUDOTECA_SCORM = ").removesuffix(";\n"))


def test_a_linked_lesson_package(dist, tmp_path):
    code = make_scorm(["--what", "lesson", "--game", "bakuk", "--site",
                       "https://ludoteca.example/", "--dist", str(dist), "--out", str(tmp_path)])
    assert code == 0
    archive = zipfile.ZipFile(tmp_path / "ludoteca-bakuk-lesson-scorm12-linked.zip")
    assert sorted(archive.namelist()) == ["activity.js", "imsmanifest.xml", "index.html",
                                          "launch.js"]
    assert archive.read("index.html") == (dist / "scorm/index.html").read_bytes()
    found = activity(archive)
    assert found["site"] == "https://ludoteca.example/" and found["standard"] == "1.2"
    assert found["title"] == "Bakuk — lección" and found["mastery"] is None


def test_a_self_contained_puzzle_set_holds_the_site(dist, tmp_path):
    out = tmp_path / "bul.zip"
    assert make_scorm(["--what", "puzzles", "--game", "bul", "--level", "easy", "--count", "1",
                       "--option", "variant=puluc",
                       "--mastery", "80", "--standard", "2004", "--kind", "self-contained",
                       "--lang", "en", "--dist", str(dist), "--out", str(out)]) == 0
    archive = zipfile.ZipFile(io.BytesIO(out.read_bytes()))
    names = set(archive.namelist())
    assert {"site/index.html", "site/app.js", "site/pyodide/pyodide.asm.wasm",
            "site/games/bul/x.svg"} <= names
    assert not any(n.startswith("site/scorm/") for n in names)  # the launch page is the root's
    found = activity(archive)
    assert found["site"] == "site/" and found["mastery"] == 0.8 and found["lang"] == "en"
    assert found["activity"] == {"type": "puzzles", "game": "bul", "level": "easy",
                                 "ids": None, "count": 1, "options": {"variant": "puluc"}}
    assert found["title"] == "Bul — 1 puzzle"
    assert b"<imsss:minNormalizedMeasure>0.8<" in archive.read("imsmanifest.xml")


def test_a_game_against_the_computer_takes_seats_and_options(dist, tmp_path):
    out = tmp_path / "g.zip"
    assert make_scorm(["--what", "game", "--game", "bul", "--option", "length=9", "--seats",
                       "human,strong", "--site", "https://a.example/x/", "--title", "Carrera",
                       "--dist", str(dist), "--out", str(out)]) == 0
    found = activity(zipfile.ZipFile(out))
    assert found["activity"] == {"type": "game", "game": "bul", "seats": "human,strong",
                                 "options": {"length": "9"}}
    assert found["title"] == "Carrera"
    default = tmp_path / "d.zip"  # no seats: a pupil against the casual computer
    assert make_scorm(["--what", "game", "--game", "bakuk", "--option", "players=3", "--site",
                       "https://a.example/", "--dist", str(dist), "--out", str(default)]) == 0
    assert activity(zipfile.ZipFile(default))["activity"]["seats"] == "human,casual,casual"


@pytest.mark.parametrize("bad", [
    ["--what", "lesson", "--game", "chess", "--site", "https://a.example/"],
    ["--what", "lesson", "--game", "bakuk"],  # linked without the site's address
    ["--what", "puzzles", "--game", "bul", "--count", "500", "--site", "https://a.example/"],
    ["--what", "puzzles", "--game", "bul", "--ids", "bul-1,bul-999", "--site", "http://a/"],
    ["--what", "game", "--game", "bul", "--option", "length=99", "--site", "http://a/"],
    ["--what", "game", "--game", "bul", "--seats", "casual,casual", "--site", "http://a/"],
    ["--what", "lesson", "--game", "bul", "--mastery", "120", "--site", "http://a/"],
])
def test_a_mistake_is_refused_in_words_and_writes_nothing(dist, tmp_path, capsys, bad):
    out = tmp_path / "x.zip"
    assert make_scorm([*bad, "--dist", str(dist), "--out", str(out)]) == 2
    assert not out.exists()
    assert capsys.readouterr().err.startswith("scorm: ")


def test_a_site_without_the_launch_page_is_said(dist, tmp_path):
    (dist / "scorm/launch.js").unlink()
    with pytest.raises(SystemExit, match="launch.js"):
        make_scorm(["--what", "lesson", "--game", "bul", "--site", "http://a/", "--dist",
                    str(dist), "--out", str(tmp_path)])


def test_every_argument_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### On your school's platform", 1)[1].split("\n### ", 1)[0]
    arguments = {a for action in parser()._actions for a in action.option_strings
                 if a.startswith("--") and a != "--help"}
    documented = set(re.findall(r"^\| `(--[a-z]+)` \|", section, re.M))
    assert arguments == documented
    assert "#### What the gradebook shows" in section


def test_build_py_runs_the_command():
    shown = subprocess.run([sys.executable, "build.py", "scorm", "--help"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout
    assert "--what" in shown and "--kind" in shown
