"""Bul's words for a move (web/games/bul/words.js) read its notation once: `readMove` gives
the parts that the log's words (`moveText`) and the deed that opens *why*'s sentence
(`moveDeed`) both say (issue 43: `moveDeed` had a pattern of its own beside `moveText`'s).
Every move of random games of every rule set, team play too, is read; the log's words are
what they were (the notation's words in the reader's language, numbers kept)."""

from __future__ import annotations

import json
import random
import re

from page_modules import KIT, run_in_node

import ludoteca
from conformance import play, uniform_move
from ludoteca.games.bul.rules import RULE_SETS

SCRIPT = r"""
const words = await import("./games/bul/words.js");
const moves = JSON.parse(process.argv[2]);
const t = (key, fields = {}) => `<${key}${fields.row ? `:${fields.row}` : ""}${
  fields.value ? `=${fields.value}` : ""}>`;
console.log(JSON.stringify(moves.map((move) => [
  move, words.readMove(move), words.moveText({ move }, { t }), words.moveDeed(move, { t })])));
"""


def moves_of_every_rule_set() -> list:
    """The moves (not the throws) of one random game of each rule set and team size."""
    moves = set()
    for variant, rules in sorted(RULE_SETS.items()):
        for team_size in (1, 2) if rules.verbeeck else (1,):
            game = ludoteca.new_game("bul", variant=variant, team_size=team_size)
            rng = random.Random(variant)
            chooser = lambda s, rng=rng: uniform_move(s, rng)  # noqa: E731
            states, played = play(game.initial_state(), chooser, 400)
            moves.update(m for s, m in zip(states, played, strict=False)
                         if s.current_player is not None and s.current_player >= 0)
    return sorted(moves)


def test_one_reading_of_bul_s_notation_for_the_log_and_the_deeds(tmp_path):
    moves = moves_of_every_rule_set()
    assert any(":" in m for m in moves) and any("@" in m for m in moves)  # two throws, teams
    assert "enter" in "".join(moves)
    (tmp_path / "build-info.js").write_text("export const BUILD = { games: {} };\n")
    out = run_in_node(tmp_path, ("games/bul/words.js", *KIT),
                      SCRIPT, json.dumps(moves))
    for move, read, text, deed in out:
        assert read is not None, move  # every move the engine makes is read
        value, word, row = read["value"], read["word"], read["row"]
        assert (value + ":" if value else "") + (word or row + ("b" if read["back"] else "")) \
            + read["controller"] == move
        assert deed and deed.startswith("<bul.deed."), (move, deed)  # a deed for every move
        # the log's words: the notation's words said, numbers and seats as they were
        expected = re.sub(r"\b(enter|pass)\b|\b(\d+)b\b",
                          lambda m: f"<bul.move.{m[1]}>" if m[1] else f"<bul.move.back:{m[2]}>",
                          move)
        assert text == expected, (move, text)
