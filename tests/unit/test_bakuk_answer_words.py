"""Bakuk's puzzle answers say why, in words (issue 43): for each of South's moves, what it
captures, North's best answer and what that captures, and where best play leads from here,
all from the solved table (the shipped ``line`` and ``replies``, proven again here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from web_calls import call, fresh_sessions  # noqa: F401 (an autouse fixture)

from ludoteca import new_game
from ludoteca.games.bakuk import SPEC
from ludoteca.games.bakuk import puzzles as made
from ludoteca.games.bakuk.analysis import table_moves
from ludoteca.teaching.puzzles import puzzles

ROOT = Path(__file__).resolve().parents[2]
TABLE_FILE = ROOT / "web" / SPEC.data_files["bakuk2"]
GAME = new_game("bakuk")
SHELF = puzzles("bakuk")
STRINGS = {lang: json.loads((ROOT / "web" / "games" / "bakuk" / f"strings.{lang}.json")
                            .read_text(encoding="utf-8")) for lang in ("es", "en")}


@pytest.fixture(scope="module")
def table():
    return SPEC.load_data("bakuk2", TABLE_FILE.read_bytes())


def say(message: dict, lang: str) -> str:
    """A message in words, as the page says it (kit/seats.js `say`, i18n's ``.one`` form)."""
    params = {name: say(value, lang) if isinstance(value, dict) else value
              for name, value in message["params"].items()}
    key = message["key"]
    if params.get("n") == 1 and f"{key}.one" in STRINGS[lang]:
        key = f"{key}.one"
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), STRINGS[lang][key])


def state_of(puzzle):
    return GAME.state_from_json(puzzle["state"])


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_the_replies_are_best_play_after_each_other_move(puzzle, table):
    """Each move not among the best has the table's best play after it, as the best has its
    ``line``: North's answer is one that keeps North's exact margin."""
    state = state_of(puzzle)
    assert puzzle["replies"] == made.replies(state, table, puzzle["best"])
    for move, line in puzzle["replies"].items():
        after = state.apply(move)
        if line:
            values = table_moves(after, table)
            assert values[line[0]] == max(values.values()), (puzzle["id"], move)
        else:
            assert after.is_terminal, (puzzle["id"], move)


def moves_said(said: list) -> list:
    """The per-move messages of the reasons (one paragraph, ``bakuk.key.both``, of two)."""
    assert len(said) == 1
    return [said[0]["params"]["best"], said[0]["params"]["other"]]


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_the_best_move_and_the_best_other_are_said_with_their_captures_and_north_s_answer(
        puzzle):
    state = state_of(puzzle)
    said = SPEC.puzzle_reasons(puzzle, state)
    assert said[0]["key"] == "bakuk.key.both"
    best_said, other_said = moves_said(said)
    best = puzzle["best"][0]
    others = [m for m in puzzle["values"] if m not in puzzle["best"]]
    other = max(others, key=lambda m: (puzzle["values"][m], -ord(m)))
    assert [best_said["params"]["hole"], other_said["params"]["hole"]] == [best, other]
    assert best_said["key"] == "bakuk.key.best"
    assert other_said["key"] == "bakuk.key.worse" and other_said["params"]["best"] == best
    for message in (best_said, other_said):
        move = message["params"]["hole"]
        after = state.apply(move)
        taken = after.captured[0] - state.captured[0]
        now = message["params"]["now"]
        assert now == ({"key": "bakuk.key.now.take", "params": {"n": taken}} if taken
                       else {"key": "bakuk.key.now.none", "params": {}}), puzzle["id"]
        line = puzzle["line"] if move == best else puzzle["replies"][move]
        then = message["params"]["then"]
        if not line:
            assert then["key"] == "bakuk.key.then.end"
        else:
            took = after.apply(line[0]).captured[1] - after.captured[1]
            assert then["params"]["hole"] == line[0]
            assert then["key"] == ("bakuk.key.then.take" if took else "bakuk.key.then.none")
            assert then["params"].get("n", 0) == took
        value = puzzle["values"][move]
        end = message["params"]["end"]
        assert end["key"] == ("bakuk.key.end.ahead" if value > 0 else "bakuk.key.end.behind"
                              if value < 0 else "bakuk.key.end.even")
        assert end["params"].get("n", 0) == abs(value)
    for lang in ("es", "en"):  # every key there, nothing left in braces
        assert "{" not in say(said[0], lang)


def test_a_puzzle_s_reasons_read_as_a_pupil_reads_them():
    """bakuk-2 (holes 2 3 3 | 0 1 3): c takes 6 and North's answer takes nothing; a takes 4
    but North takes 4 back."""
    puzzle = next(p for p in SHELF if p["id"] == "bakuk-2")
    said = SPEC.puzzle_reasons(puzzle, state_of(puzzle))
    assert say(said[0], "es") == ("Con c te llevas 6; Norte juega d y no se lleva nada. "
                                  "Con a te llevas 4; Norte juega e y se lleva 4.")
    assert say(said[0], "en") == ("With c you take 6; North's d takes nothing. "
                                  "With a you take 4; North's e takes 4.")


def test_a_puzzle_without_the_table_s_replies_has_no_reasons():
    """A teacher's own puzzle is proven by the table in the page, which ships no replies:
    the answer then says what each move is worth, as before."""
    puzzle = {k: v for k, v in SHELF[0].items() if k != "replies"}
    assert SPEC.puzzle_reasons(puzzle, state_of(puzzle)) == []


def test_the_answer_key_carries_the_reasons():
    answer = call(op="puzzle_sheet", game="bakuk", count=3, key=True)
    assert all(item["reasons"] and item["reasons"][0]["key"] == "bakuk.key.both"
               for item in answer["puzzles"]), answer


def test_a_teacher_s_position_says_why_as_a_shipped_puzzle_does(table):
    """A teacher's position (a link) is proven in the page with the table, which now gives
    best play after every move: its answer says why in the same words as the shipped
    puzzle of that position."""
    from ludoteca import web
    from ludoteca.records import encode_link, make_record

    shipped = next(p for p in SHELF if p["id"] == "bakuk-2")
    state = state_of(shipped)
    web.engine.data["bakuk2"] = table
    try:
        link = encode_link(make_record(GAME, [], state))
        opened = call(op="puzzle", id=link, session="teacher")
        assert opened["ok"], opened
        verdict = call(op="puzzle_answer", session="teacher")["verdict"]
    finally:
        web.engine.data.pop("bakuk2", None)
    assert verdict["reasons"] == SPEC.puzzle_reasons(shipped, state)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_move_of_a_puzzle_is_said_as_the_best_two_are(lang):
    """Issue 43: the answer said why of the best move and the best other only; the answer's
    fold says every move's take and North's best answer, best first, the best two as the
    reasons say them."""
    from ludoteca.games.bakuk.answer_words import each_move

    for puzzle in SHELF[:12]:
        state = GAME.state_from_json(puzzle["state"])
        said = each_move(puzzle, state)
        values = puzzle["values"]
        assert list(said) == sorted(values, key=lambda m: (-values[m], m))  # every move
        for move, message in said.items():
            words = say(message, lang)
            assert re.match({"es": r"Con (\w) ", "en": r"With (\w),? "}[lang], words), words
            assert move in words
