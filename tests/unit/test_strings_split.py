"""Each language's strings in parts (builder/strings.py): a start-up part the home page and
the table show, and a part per room fetched when it opens. Every key lands in exactly one
part, a plural form with its key, and the build stops when start-up code names a key of a
room's part."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)
from builder.paths import DIST  # noqa: E402
from builder.strings import ROOMS, check_startup_keys, room_of, split_strings  # noqa: E402
from built_site import build_facts  # noqa: E402

GAMES = list(game_catalogue())


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_built_parts_hold_every_key_once_and_plural_forms_with_their_key(lang):
    build_facts()
    whole = merged_strings(lang, game_catalogue())
    parts = {None: json.loads((DIST / "i18n" / f"{lang}.json").read_text())}
    for room in ROOMS:
        parts[room] = json.loads((DIST / "i18n" / f"{lang}.{room}.json").read_text())
    seen = [key for part in parts.values() for key in part]
    assert sorted(seen) == sorted(whole)  # each key once, none lost
    for part in parts.values():
        for key in part:
            base, _, form = key.rpartition(".")
            if form in ("zero", "one", "two", "few", "many", "other") and base in whole:
                assert base in part, f"{key} is apart from {base}"
    # the rooms' strings are most of them: the start-up part is the smaller
    assert len(json.dumps(parts[None])) < len(json.dumps(whole)) / 2


def test_the_rule_sends_a_rooms_keys_to_its_part_and_the_rest_to_start_up():
    assert room_of("lesson.bakuk.1.goal", GAMES) == "lessons"
    assert room_of("bul.notes.why.p1", GAMES) == "notes"
    assert room_of("bul.lab.throw", GAMES) == "labs"
    assert room_of("print.paper", GAMES) == "print"
    assert room_of("tournament.round", GAMES) == "class"
    assert room_of("rules.bul.intro", GAMES) == "rules"
    assert room_of("teach.link", GAMES) is None  # the set-up's link into the room
    assert room_of("engine.ready", GAMES) is None
    assert room_of("presenter.notes", GAMES) is None


def test_start_up_code_naming_a_rooms_key_stops_the_build():
    files = {"i18n/es.json": json.dumps({"engine.ready": "Listo.", "teach.heading": "Notas",
                                         "teach.heading.one": "Nota"}).encode(),
             "index.html": b'<p data-i18n="engine.ready"></p>'}
    split_strings(files, GAMES)
    assert json.loads(files["i18n/es.json"]) == {"engine.ready": "Listo."}
    assert set(json.loads(files["i18n/es.notes.json"])) == {"teach.heading", "teach.heading.one"}
    sources = {"table/table.js": b't("engine.ready")', "teach/teacher.js": b't("teach.heading")'}
    check_startup_keys(files, sources, {"table/table.js"}, GAMES)  # the room's code: fine
    with pytest.raises(SystemExit, match="teach.heading"):
        check_startup_keys(files, sources, {"table/table.js", "teach/teacher.js"}, GAMES)
    made = {"table/table.js": b"t(`teach.${part}`)"}  # a key made in a template, too
    with pytest.raises(SystemExit, match="teach"):
        check_startup_keys(files, made, {"table/table.js"}, GAMES)


def test_a_room_naming_a_part_it_does_not_fetch_stops_the_build():
    files = {"i18n/es.json": json.dumps({"engine.ready": "Listo.", "teach.heading": "Notas",
                                         "print.title": "Imprimir"}).encode(),
             "index.html": b""}
    split_strings(files, GAMES)
    sources = {"teach/teacher.js": b'export const STRINGS = ["notes"];\nt("teach.heading")',
               "teach/sheet.js": b't("print.title")'}
    rooms = {"teach/teacher.js": {"teach/teacher.js"}}
    check_startup_keys(files, sources, set(), GAMES, rooms)  # its own part: fine
    rooms = {"teach/teacher.js": {"teach/teacher.js", "teach/sheet.js"}}
    with pytest.raises(SystemExit, match="print.title"):  # the print kit's, not fetched
        check_startup_keys(files, sources, set(), GAMES, rooms)
