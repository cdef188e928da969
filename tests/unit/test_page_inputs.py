"""The page's readers of hostile input, run in Node (no browser needed): URL parameters
(web/links/params.js) and saved games (web/table/storage.js). Issue 13: `?toString=1` used to
stop the page, `?game=constructor` passed the check, a broken save locked the start."""

from __future__ import annotations

import json

import pytest
from page_modules import run_in_node

CATALOGUE = {
    "bakuk": {"options": {"players": {"values": [2, 3], "default": 2}},
              "levels": ["beginner", "casual", "strong"]},
    "bolonki": {"options": {"max_moves": {"values": [100, 400], "default": 400,
                                          "min": 10, "max": 2000}},
                "levels": ["beginner"]},
}

SCRIPT = r"""
const [params, storage] = await Promise.all([import("./links/params.js"),
  import("./table/storage.js")]);
const catalogue = JSON.parse(process.argv[2]);
const cases = JSON.parse(process.argv[3]);
const seats = (game, options) => options.players ?? 2;
const out = { params: {}, saves: {} };
for (const entry of cases.params) { // "?query" or "?query#page's game"
  const [search, pageGame] = entry.split("#");
  try {
    const r = params.readParams(search, catalogue, seats, pageGame);
    out.params[entry] = { game: r.game, options: r.options, seats: r.seats, level: r.level,
      lab: r.lab, problems: r.problems.map((p) => p.key + ":" + (p.params.name ?? "")) };
  } catch (error) {
    out.params[entry] = { threw: String(error) };
  }
}
const items = new Map();
globalThis.window = { localStorage: {
  getItem: (k) => (items.has(k) ? items.get(k) : null),
  setItem: (k, v) => items.set(k, String(v)),
  removeItem: (k) => items.delete(k),
} };
for (const [name, text] of Object.entries(cases.saves)) {
  items.clear();
  items.set("ludoteca.corrupt.bakuk.1", "an older broken save");
  if (text !== null) items.set("ludoteca.save.bakuk", text);
  let result;
  try {
    result = { loaded: storage.loadSavedGame("bakuk") };
  } catch (error) {
    storage.keepAside("bakuk");
    storage.keepAside("bakuk"); // twice: nothing left to move, nothing overwritten
    result = { threw: error.name };
  }
  result.kept = [...items.entries()].filter(([k]) => k.startsWith("ludoteca.corrupt.bakuk"))
    .map(([, v]) => v).sort();
  result.slot = items.get("ludoteca.save.bakuk") ?? null;
  out.saves[name] = result;
}
// a link opened over a save, then another link: both earlier games stay somewhere
items.clear();
items.set("ludoteca.save.bakuk", "first");
storage.keepForLater("bakuk");
items.set("ludoteca.save.bakuk", "second");
storage.keepForLater("bakuk");
storage.keepForLater("bakuk"); // the same game again: no copy of a copy
out.kept = [...items.entries()].filter(([k]) => k.startsWith("ludoteca.kept.bakuk"))
  .map(([k, v]) => [k === "ludoteca.kept.bakuk", v]).sort();
console.log(JSON.stringify(out));
"""

PARAMS = [
    "?toString=1", "?constructor=1", "?game=bakuk&__proto__=1", "?__proto__=1",
    "?game=constructor", "?game=toString", "?game=__proto__", "?game=bakuk&hasOwnProperty=2",
    "?game=bakuk&players=3&seats=human,strong,casual", "?game=bakuk&valueOf=1&level=toString",
    "?game=bolonki&max_moves=1500", "?seats=human,human#constructor", "?toString=1#__proto__",
    "?lab=beans", "?lab=__proto__", "?lab=../../x", "?lab=fairness&game=bolonki&max_moves=100",
]
# the game the address's #/ names stands for ?game= when the query names none
ON_A_GAME_PAGE = ["?seats=human,human#bakuk", "?players=3&seats=human,strong,casual#bakuk",
                  "?game=bolonki&max_moves=1500#bakuk", "?seats=human,nobody#bakuk"]

GOOD_SAVE = {"record": {"game": "bakuk", "options": {"players": 2}, "moves": ["a", "d"]},
             "seats": ["human", "casual"], "savedAt": "2026-01-01T00:00:00.000Z"}
SAVES = {
    "good": json.dumps(GOOD_SAVE),
    "none": None,
    "issue_13": '{"record": {"game": "bakuk"}, "seats": []}',
    "not_json": "{record",
    "null": "null",
    "list": "[1, 2]",
    "other_game": json.dumps({**GOOD_SAVE, "record": {**GOOD_SAVE["record"], "game": "bul"}}),
    "moves_not_strings": json.dumps({**GOOD_SAVE, "record": {**GOOD_SAVE["record"],
                                                              "moves": ["a", 3]}}),
    "options_list": json.dumps({**GOOD_SAVE, "record": {**GOOD_SAVE["record"],
                                                         "options": [2]}}),
    "no_seats": json.dumps({"record": GOOD_SAVE["record"]}),
    "seats_not_strings": json.dumps({**GOOD_SAVE, "seats": [None, {}]}),
    "proto": '{"__proto__": {"record": 1}, "record": {"game": "bakuk"}, "seats": ["human"]}',
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    cases = json.dumps({"params": PARAMS + ON_A_GAME_PAGE, "saves": SAVES})
    modules = ("links/params.js", "table/storage.js", "kit/i18n.js", "kit/store.js")
    return run_in_node(tmp_path_factory.mktemp("page"), modules, SCRIPT, json.dumps(CATALOGUE),
                       cases)


@pytest.mark.parametrize("search", PARAMS)
def test_url_parameters_named_like_object_properties_are_unknown(results, search):
    read = results["params"][search]
    assert "threw" not in read, read
    assert read["game"] in (None, "bakuk", "bolonki")
    if "game=bakuk" not in search and "game=bolonki" not in search:
        assert read["game"] is None


def test_odd_names_are_reported_and_real_ones_still_work(results):
    assert results["params"]["?game=constructor"]["problems"] == ["params.bad_value:game"]
    assert "params.unknown:__proto__" in results["params"]["?game=bakuk&__proto__=1"][
        "problems"]
    assert results["params"]["?game=bakuk&valueOf=1&level=toString"]["level"] is None
    good = results["params"]["?game=bakuk&players=3&seats=human,strong,casual"]
    assert good["options"] == {"players": 3} and good["seats"] == ["human", "strong", "casual"]
    assert results["params"]["?game=bolonki&max_moves=1500"]["options"] == {"max_moves": 1500}


def test_the_set_up_in_the_query_is_for_the_game_page_it_opens(results):
    read = results["params"]
    assert read["?seats=human,human#bakuk"]["game"] == "bakuk"
    assert read["?seats=human,human#bakuk"]["seats"] == ["human", "human"]
    three = read["?players=3&seats=human,strong,casual#bakuk"]
    assert three["options"] == {"players": 3} and three["problems"] == []
    assert three["seats"] == ["human", "strong", "casual"]
    assert read["?game=bolonki&max_moves=1500#bakuk"]["game"] == "bolonki"  # the query's own
    assert read["?seats=human,nobody#bakuk"]["problems"] == ["params.bad_value:seats"]
    assert read["?seats=human,human#constructor"]["seats"] is None


def test_a_whole_save_loads(results):
    loaded = results["saves"]["good"]["loaded"]
    assert loaded == {"record": GOOD_SAVE["record"], "seats": GOOD_SAVE["seats"]}
    assert results["saves"]["none"]["loaded"] is None


@pytest.mark.parametrize("name", [n for n in SAVES if n not in ("good", "none")])
def test_a_broken_save_is_refused_and_kept_aside_without_overwriting(results, name):
    result = results["saves"][name]
    assert result.get("threw") in ("SyntaxError",), result
    assert result["slot"] is None  # the slot is free for a new game
    assert result["kept"] == sorted(["an older broken save", SAVES[name]])


def test_keeping_a_saved_game_for_later_never_overwrites_an_earlier_one(results):
    assert results["kept"] == [[False, "first"], [True, "second"]]


def test_a_lab_is_a_page_name_and_its_game_options_are_read(results):
    assert results["params"]["?lab=beans"]["lab"] == "beans"
    # a name, never a path: the page list (pages.js) is then asked whether it exists
    assert results["params"]["?lab=../../x"]["lab"] is None
    assert results["params"]["?lab=../../x"]["problems"] == ["params.bad_value:lab"]
    fairness = results["params"]["?lab=fairness&game=bolonki&max_moves=100"]
    assert (fairness["lab"], fairness["game"], fairness["options"]) == (
        "fairness", "bolonki", {"max_moves": 100})
