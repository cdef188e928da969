"""The presenter's link and the comparison of two windows' tables, run in Node: a channel id
read from an address is hostile input; a game one move on is played, any other is loaded."""

from __future__ import annotations

import json

from page_modules import run_in_node

SCRIPT = r"""
const link = await import("./class/present-link.js");
const same = await import("./class/same-game.js");
const cases = JSON.parse(process.argv[2]);
const made = Array.from({ length: 50 }, () => link.newChannelId());
const table = (moves, extra = {}) => ({ game: "bakuk", coach: null, seats: ["human", "human"],
  record: { game: "bakuk", options: { players: 2 }, moves }, moves, ...extra });
console.log(JSON.stringify({
  ids: cases.ids.map((id) => link.isChannelId(id)),
  made: made.every((id) => link.isChannelId(id) && id.length === 4 && !/[01OIL]/.test(id)),
  on: [
    same.movesOn(table(["a"]), table(["a", "d"])),
    same.movesOn(table(["a"]), table(["a", "d", "b"])),
    same.movesOn(table(["a"]), table(["b", "d"])),
    same.movesOn(table(["a", "d"]), table(["a"])),
    same.movesOn(table([]), table(["a"], { seats: ["human", "casual"] })),
    same.movesOn(null, table(["a"])),
  ],
  same: [
    same.sameGame(table(["a"]), table(["a"], { replay: 0, lang: "en" })),
    same.sameGame(table(["a"]), table(["a"], { coach: { kind: "puzzle", value: "x" } })),
  ],
}));
"""


def test_channel_ids_and_the_comparison_of_two_tables(tmp_path):
    ids = ["K3F9", "ABCD2345", "abcd", "K3", "K3F9K3F9K3F9K", "K3F9&x=1", "<b>", "", "__proto__"]
    out = run_in_node(tmp_path, ("class/present-link.js", "class/same-game.js"), SCRIPT,
                      json.dumps({"ids": ids}))
    assert out["ids"] == [True, True, False, False, False, False, False, False, False]
    assert out["made"] is True
    assert out["on"] == [1, 2, 0, 0, 0, 0]
    assert out["same"] == [True, False]
