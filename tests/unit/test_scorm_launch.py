"""A SCORM package's launch page (web/scorm/, issue 44) as the build writes it into dist/scorm/:
a plain classic script that a learning platform serves from any path (no module syntax, no
address but the framed site's), with its own words in both languages written in from
web/i18n, since it cannot load the site's files."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.paths import WEB  # noqa: E402 (after the path)
from builder.site import scorm_strings  # noqa: E402


def written() -> tuple:
    files = {"scorm/launch.js": (WEB / "scorm" / "launch.js").read_bytes()}
    strings = {}
    for lang in ("es", "en"):
        files[f"i18n/{lang}.json"] = (WEB / "i18n" / f"{lang}.json").read_bytes()
        strings[lang] = {k: v for k, v in json.loads(files[f"i18n/{lang}.json"]).items()
                         if k.startswith("scorm.")}
    scorm_strings(files)
    return files["scorm/launch.js"].decode(), strings


def test_the_build_writes_every_launch_string_in_both_languages():
    script, strings = written()
    line = next(line for line in script.splitlines() if "const STRINGS" in line)
    table = json.loads(line.split(" = ", 1)[1].rstrip(";"))
    assert table == strings
    assert strings["es"].keys() == strings["en"].keys() and len(strings["es"]) >= 10
    # every key the script names is in the table (the one made of a type: each type's)
    named = set(re.findall(r'"(scorm\.[a-z_.]+[a-z_])"', script))
    named |= {f"scorm.recorded.{kind}" for kind in ("lesson", "puzzles", "game")}
    assert named <= set(strings["es"]), named - set(strings["es"])


def test_the_launch_script_is_a_classic_script_that_fetches_nothing_of_its_own():
    script, _ = written()
    assert not re.search(r"^\s*(import|export)\b", script, re.M)
    assert "http://" not in script and "https://" not in script
    assert script.count("fetch(") == 1  # the probe of the framed site, only
    page = (WEB / "scorm" / "index.html").read_text()
    assert re.findall(r'<script src="([^"]+)"', page) == ["activity.js", "launch.js"]
