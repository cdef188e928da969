"""Buku's move list says a move in one short sentence (web/games/buku/words.js `logWords`;
issue 43: the path's notation and two sentences read a move in four or five lines): who, the
line emptied, how many pieces (the 65th said) and the path's ends, then the capture and the
end as the log says them. Every move of random games, with the engine's events, in the
strings the site ships in both languages: no path's notation, no placeholder left, the
engine's numbers and squares in the words."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from page_modules import KIT, run_in_node

import ludoteca
from ludoteca.games.buku.rules import random_move

WEB = Path(__file__).resolve().parents[2] / "web"

SCRIPT = r"""
const words = await import("./games/buku/words.js");
const [entries, strings] = JSON.parse(process.argv[2]);
const t = (key, fields = {}) => {
  const form = fields.n === 1 && strings[`${key}.one`] ? `${key}.one` : key;
  return (strings[form] ?? `<${key}>`).replace(/\{(\w+)\}/g, (_, k) => String(fields[k]));
};
const players = [{ name: "P0" }, { name: "P1" }];
console.log(JSON.stringify(entries.map((entry) => [
  words.logWords(entry, { t, players }), words.narrate(entry, { t, players })])));
"""


def entries(games=6, seed=11) -> list:
    """Each move of `games` random games: its player, notation and the engine's events."""
    out = []
    for attempt in range(games):
        rng = random.Random(seed + attempt)
        state = ludoteca.new_game("buku").initial_state()
        while not state.is_terminal:
            player, move = state.current_player, random_move(state, rng)
            state = state.apply(move)
            out.append({"player": player, "move": move, "events": state.events})
    return out


def test_a_buku_move_is_one_short_sentence_in_the_list(tmp_path):
    moves = entries()
    assert any(e["type"] == "lift" and e.get("bonus") for m in moves for e in m["events"])
    for lang in ("es", "en"):
        strings = {**json.loads((WEB / "i18n" / f"{lang}.json").read_text()),
                   **json.loads((WEB / "games" / "buku" / f"strings.{lang}.json").read_text())}
        (tmp_path / "build-info.js").write_text("export const BUILD = { games: {} };\n")
        out = run_in_node(tmp_path, ("games/buku/words.js", *KIT),
                          SCRIPT, json.dumps([moves, strings]))
        for entry, (listed, logged) in zip(moves, out, strict=True):
            text = " ".join(listed)
            assert "<" not in text and "{" not in text, text
            assert not re.search(r"[1-8a-h]:[a-h]\d-", text), text
            assert text.startswith(f"P{entry['player']}: "), text
            place = next(e for e in entry["events"] if e["type"] == "place")
            if place["path"]:
                assert place["path"][0] in text and place["path"][-1] in text, text
                assert str(len(place["path"])) in text, text
            lift = next(e for e in entry["events"] if e["type"] == "lift")
            if lift.get("bonus"):
                assert "65" in text, text
            # the capture and the end are the log's own sentences; the whole is shorter
            assert listed[1:] == logged[2:], (listed, logged)
            assert len(text) < len(" ".join(logged)), (text, logged)
