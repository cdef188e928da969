"""Every game's lesson and puzzles, held to what they promise (docs/DESIGN.md, "Lessons, puzzles
and the classroom"): each lesson step is a real position whose goal some legal move meets
and some does not, its demonstration meets it, every rules section is taught, every word is
in both languages; every shipped puzzle is proven again here by the game's own exact
analysis, and its answer is as unique as it claims."""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from pathlib import Path

import pytest

import ludoteca
from conformance import moves_by_extensions
from ludoteca import registry
from ludoteca.core import IllegalMoveError
from ludoteca.spec import Teaching
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import FIELDS, LEVELS, answer, find, hint, judge, of_the_day, puzzles

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

# every game of the registry that teaches (the fixture game, Nim, too: it shows that a new
# game passes with its own content)
GAMES = [game for game, spec in ludoteca.GAMES.items() if spec.has(Teaching)]
CATALOGUE = game_catalogue()
STRINGS = {lang: merged_strings(lang, CATALOGUE) for lang in ("es", "en")}
STEPS = [(g, i) for g in GAMES for i in range(len(lesson(g)))]


@functools.cache
def data_files(spec) -> dict:
    """The game's data files as the engine would hold them once fetched (read once)."""
    return {name: spec.load_data(name, (ROOT / "web" / path).read_bytes())
            for name, path in spec.data_files.items()}


def step_moves(state) -> list:
    """Every legal move; where they are too many to list (Buku), every move built through
    `extensions`: a lesson's positions are small."""
    try:
        return state.legal_moves()
    except IllegalMoveError:
        return sorted(moves_by_extensions(state))


def check_message(message) -> None:
    """A message the page can say in both languages, every placeholder filled."""
    assert set(message) == {"key", "params"}, message
    for lang, strings in STRINGS.items():
        assert message["key"] in strings, f"{message['key']} missing in {lang}"
        wanted = set(re.findall(r"{(\w+)}", strings[message["key"]]))
        assert wanted <= set(message["params"]), (message, lang)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_has_six_to_twelve_steps(game_id):
    steps = len(lesson(game_id))
    assert 6 <= steps <= 12, f"{game_id}'s lesson has {steps} steps (`Teaching.lessons`)"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rules_section_is_taught_by_some_step(game_id):
    sections = set(registry.spec_of(game_id).lesson_sections)
    taught = {section for step in lesson(game_id) for section in step.teaches}
    assert taught == sections, f"not taught: {sections - taught}; unknown: {taught - sections}"
    ids = [step.id for step in lesson(game_id)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_introduces_the_games_move_before_any_goal_needs_it(game_id):
    """Issue 43, item 3: Bakuk's first goal asked to sow before anything said what sowing is.
    The first step teaches the game's basic move (`Teaching.lesson_mechanic`), says how it is
    done in its own words (``.intro``) before its goal asks for it, and only that step does:
    a later step's intro would mean a goal before it needed a move not yet introduced."""
    spec = registry.spec_of(game_id)
    steps = lesson(game_id)
    assert spec.lesson_mechanic in spec.lesson_sections, spec.lesson_mechanic
    first = steps[0]
    assert spec.lesson_mechanic in first.teaches, (
        f"{game_id}'s first step, {first.id}, does not teach {spec.lesson_mechanic!r}")
    check_message({"key": f"lesson.{game_id}.{first.id}.intro", "params": {}})
    later = [s.id for s in steps[1:] if f"lesson.{game_id}.{s.id}.intro" in STRINGS["es"]]
    assert not later, f"the move is introduced after a goal asked for it: {later}"


@pytest.mark.parametrize(("game_id", "index"), STEPS)
def test_a_step_is_met_by_its_demonstration_and_by_some_moves_not_all(game_id, index):
    step = lesson(game_id)[index]
    state = step.state()
    assert not state.is_terminal and state.current_player != ludoteca.core.CHANCE
    assert step.game == game_id and state.game.id == game_id
    assert step.passes(state, step.demo), step.why_not(state, step.demo)
    verdicts = {move: step.why_not(state, move) for move in step_moves(state)}
    assert any(why is None for why in verdicts.values())
    assert any(why is not None for why in verdicts.values()), "every move passes"
    for why in verdicts.values():
        if why is not None:
            check_message(why)
    assert step.state().to_json() == state.to_json(), "a step's position is a value"
    for part in ("title", "goal", "hint"):
        check_message({"key": f"lesson.{game_id}.{step.id}.{part}", "params": {}})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_has_at_least_sixty_puzzles(game_id):
    count = len(puzzles(game_id))
    assert count >= 60, f"{game_id} has {count} puzzles (`Teaching.puzzles`), not 60"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_puzzle_has_its_own_id_and_the_fields_of_a_puzzle(game_id):
    shelf = puzzles(game_id)
    ids = [p["id"] for p in shelf]
    assert len(ids) == len(set(ids))
    for puzzle in shelf:
        assert set(FIELDS) <= set(puzzle), puzzle["id"]
        assert puzzle["id"].startswith(f"{game_id}-") and puzzle["game"] == game_id
        assert puzzle["difficulty"] in (1, 2, 3)
        check_message(puzzle["question"])


# one test a puzzle: the proofs (a few seconds each for Bul's) spread over the test workers
@pytest.mark.parametrize("puzzle_id", [p["id"] for g in GAMES for p in puzzles(g)])
def test_every_puzzle_is_proven_again_by_the_games_exact_analysis(puzzle_id):
    puzzle = find(puzzle_id)
    game_id = puzzle["game"]
    spec = registry.spec_of(game_id)
    data = data_files(spec)
    game = registry.new_game(game_id, **puzzle["options"])
    state = game.state_from_json(puzzle["state"])
    try:
        assert set(puzzle["values"]) == set(state.legal_moves()), puzzle["id"]
    except IllegalMoveError:  # too many to list (Buku): the best of each first step
        assert all(state.is_legal(move) for move in puzzle["values"]), puzzle["id"]
    assert puzzle["best"] and set(puzzle["best"]) <= set(puzzle["values"])
    proof = spec.prove_puzzle(puzzle, data)
    assert sorted(proof["best"]) == sorted(puzzle["best"]), puzzle["id"]
    for move, value in puzzle["values"].items():
        assert math.isclose(proof["values"][move], value, abs_tol=1e-9), (puzzle["id"], move)
    if "prelude" in puzzle:  # the question's position is where the prelude leads
        start = game.state_from_json(puzzle["start"])
        for move in puzzle["prelude"]:
            start = start.apply(move)
        assert start.to_json() == state.to_json(), puzzle["id"]
    line = state.apply(puzzle["best"][0])
    for move in puzzle.get("line", []):
        line = line.apply(move)  # the proving line is playable


@pytest.mark.parametrize("game_id", GAMES)
def test_a_puzzle_is_found_by_its_id_and_a_day_picks_one_for_everybody(game_id):
    first = puzzles(game_id)[0]
    assert find(first["id"]) == first
    day = of_the_day(game_id, "2026-12-04")
    assert day == of_the_day(game_id, "2026-12-04") and day in puzzles(game_id)
    days = {of_the_day(game_id, f"2026-12-{d:02}")["id"] for d in range(1, 29)}
    assert len(days) > 1


@pytest.mark.parametrize("bad", [None, 3, "", "nim-0", "nim-x", "chess-1", "nim", "-1"])
def test_an_unknown_puzzle_id_is_refused_in_words(bad):
    with pytest.raises(ludoteca.core.OptionError) as refused:
        find(bad)
    assert refused.value.code == "unknown_puzzle"


@pytest.mark.parametrize("day", [None, "", "2026-13", "20261204xx", "2026/12/04", 20261204])
def test_a_day_that_is_not_a_date_is_refused(day):
    with pytest.raises(ludoteca.core.OptionError) as refused:
        of_the_day("nim", day)
    assert refused.value.code == "bad_day"


def test_a_right_answer_shows_every_moves_value_and_a_wrong_one_gives_nothing_away():
    # (this pinned the old verdict, which gave every value on a wrong try: issue 43 item 2)
    puzzle = puzzles("nim")[0]
    right, wrong = puzzle["best"][0], next(m for m in puzzle["values"] if m not in puzzle["best"])
    assert judge(puzzle, right)["correct"] and not judge(puzzle, wrong)["correct"]
    assert judge(puzzle, right)["values"] == puzzle["values"]
    assert judge(puzzle, right)["best"] == puzzle["best"]
    assert judge(puzzle, wrong) == {"correct": False, "move": wrong}  # try again
    shown = answer(puzzle, wrong)  # asked for: Ver la solución
    assert not shown["correct"] and shown["values"] == puzzle["values"]
    assert shown["best"] == puzzle["best"] and shown["value"] == puzzle["values"][wrong]
    assert answer(puzzle)["move"] is None and answer(puzzle)["best"] == puzzle["best"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_puzzle_of_the_day_is_by_level_the_same_for_everybody(game_id):
    shelf = puzzles(game_id)
    for level in LEVELS:
        day = of_the_day(game_id, "2026-12-04", level)
        assert day == of_the_day(game_id, "2026-12-04", level) and day in shelf
        if any(p["difficulty"] == level for p in shelf):
            assert all(of_the_day(game_id, f"2026-12-{d:02}", level)["difficulty"] == level
                       for d in range(1, 29))
    levels = {p["difficulty"] for p in shelf}
    if len(levels) == 3:  # three levels: on most days their puzzles differ
        differ = sum(len({of_the_day(game_id, f"2026-12-{d:02}", lv)["id"] for lv in LEVELS}) == 3
                     for d in range(1, 29))
        assert differ == 28


@pytest.mark.parametrize("level", [0, 4, "2", 2.0, True, [1]])
def test_a_level_that_is_not_one_is_refused(level):
    with pytest.raises(ludoteca.core.OptionError) as refused:
        of_the_day("nim", "2026-12-04", level)
    assert refused.value.code == "bad_level"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_puzzle_has_a_hint_in_both_languages_that_never_names_its_answer(game_id):
    spec = registry.spec_of(game_id)
    for puzzle in puzzles(game_id):
        message = hint(puzzle)
        check_message(message)
        said = json.dumps(message["params"])
        for best in puzzle["best"]:
            assert f'"{best}"' not in said, (puzzle["id"], best)  # no param names the move
            for lang, strings in STRINGS.items():  # nor does the sentence (a notation long
                if len(best) >= 3:  # enough to tell from a word: Buku's paths, Bul's 5:3)
                    assert best not in strings[message["key"]], (puzzle["id"], lang, best)
    # a game without its own hints still has the sensible default
    assert Teaching.puzzle_hint(spec, puzzles(game_id)[0], None)["key"] == "coach.hint.puzzle"
