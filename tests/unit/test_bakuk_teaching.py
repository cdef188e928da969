"""Bakuk's lesson and puzzles, held to what they say (beyond the checks every game's
teaching gets in test_lessons_puzzles.py): each step's position is what its words claim and
its reasons name the holes and counts the engine sees; each puzzle's answer, margin,
difficulty, theme and proving line are what the solved table and a count of captures say."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca import new_game
from ludoteca.games.bakuk import SPEC
from ludoteca.games.bakuk import puzzles as made
from ludoteca.games.bakuk.analysis import table_moves
from ludoteca.games.bakuk.foresight import DEEPEST, capture_values, separates, sight
from ludoteca.games.bakuk.kernel import HOLES, TOTAL_SEEDS, position_key, sow
from ludoteca.games.bakuk.lessons import CYCLE, STEPS
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import puzzles

ROOT = Path(__file__).resolve().parents[2]
TABLE_FILE = ROOT / "web" / SPEC.data_files["bakuk2"]
GAME = new_game("bakuk")
SHELF = puzzles("bakuk")


@pytest.fixture(scope="module")
def table():
    return SPEC.load_data("bakuk2", TABLE_FILE.read_bytes())


def step(step_id):
    return next(s for s in lesson("bakuk") if s.id == step_id)


def verdicts(step_id):
    found = step(step_id)
    state = found.state()
    return state, {move: found.why_not(state, move) for move in state.legal_moves()}


def last_hole(state, move):
    origin = HOLES.index(move)
    return HOLES[(origin + state.holes[origin]) % 6]


def captured_now(state, move):
    return sow(state.holes, HOLES.index(move))[1]


# --- the lesson --------------------------------------------------------------------------
def test_the_lesson_is_the_specs_and_every_position_is_a_legal_one():
    assert lesson("bakuk") == STEPS
    for found in STEPS:
        state = found.state()
        assert sum(state.holes) + sum(state.captured) == TOTAL_SEEDS
        assert all(n % 2 == 0 for n in state.captured), found.id  # captures come in 2s and 4s
        if found.id != "three":
            assert state.num_players == 2 and state.to_move == 0, found.id  # the person: South


def test_your_last_seed_is_told_where_it_fell_when_it_stays_in_your_row():
    state, why = verdicts("rows")
    for move, reason in why.items():
        last = last_hole(state, move)
        assert (reason is None) == (last in "def"), move
        if reason:
            assert reason["params"] == {"hole": last}
    assert why["c"]["params"]["hole"] == "a"  # c's 4 seeds go round into South's own a


def test_counting_seeds_to_f_names_how_many_were_sown_and_where_the_last_fell():
    state, why = verdicts("one_by_one")
    assert why["a"] is None
    for move in "bc":
        assert why[move]["params"] == {"n": state.holes[HOLES.index(move)], "origin": move,
                                       "hole": last_hole(state, move), "target": "f"}


def test_only_a_hole_of_six_or_more_seeds_sows_back_into_itself():
    state, why = verdicts("round")
    for move, reason in why.items():
        seeds = state.holes[HOLES.index(move)]
        assert (reason is None) == (seeds >= 6)
        if reason:
            assert reason["params"] == {"origin": move, "n": seeds}


@pytest.mark.parametrize("step_id", ["two", "own_row", "three"])
def test_a_move_that_captures_nothing_is_told_what_its_last_hole_holds(step_id):
    state, why = verdicts(step_id)
    for move, reason in why.items():
        if reason and reason["key"] == "lesson.bakuk.why.no_capture":
            assert captured_now(state, move) == 0
            child = state.apply(move)
            assert reason["params"]["hole"] == last_hole(state, move)
            assert reason["params"]["n"] == child.holes[HOLES.index(reason["params"]["hole"])]
            assert reason["params"]["n"] not in (2, 4)


def test_a_capture_in_the_other_row_is_not_one_at_home():
    state, why = verdicts("own_row")
    assert why["a"] is None and state.apply("a").events[1]["holes"] == ["b"]  # b: 3 + 1 = 4
    assert why["b"]["key"] == "lesson.bakuk.why.across_only"
    assert why["b"]["params"] == {"holes": "e"}


def test_the_chain_step_is_the_rules_files_example_and_says_where_a_chain_stops():
    state, why = verdicts("chain")
    assert list(state.holes) == [1, 1, 3, 2, 4, 1]  # docs/rules/bakuk.md, "A move"
    capture = state.apply("b").events[1]
    assert capture["holes"] == ["c", "d", "e"] and capture["total"] == 10
    assert why["b"] is None
    for move in "ac":
        params = why[move]["params"]
        child = state.apply(move)
        assert child.events[1]["holes"] == [params["hole"]]
        assert params["next"] == HOLES[(HOLES.index(params["hole"]) + 1) % 6]
        assert params["n"] == child.holes[HOLES.index(params["next"])] not in (2, 4)


def test_the_biggest_catch_runs_its_chain_on_into_souths_own_row():
    state, why = verdicts("most")
    most = max(captured_now(state, m) for m in state.legal_moves())
    assert state.apply("c").events[1]["holes"] == ["f", "a", "b"]
    for move, reason in why.items():
        assert (reason is None) == (captured_now(state, move) == most)
        if reason:
            assert reason["params"] == {"n": captured_now(state, move), "best": most}


def test_with_three_players_the_person_owns_c_and_d_and_captures_from_d():
    found = step("three")
    state = found.state()
    assert found.options == {"players": 3} and state.to_move == 1
    assert sorted(state.legal_moves()) == ["c", "d"]
    assert found.passes(state, "d") and not found.passes(state, "c")


def test_the_game_ends_when_north_has_no_seeds_and_leftovers_count_for_nobody():
    state, why = verdicts("finish")
    child = state.apply("c")
    assert child.end_reason == "no_seeds" and child.winner == 0
    assert sum(child.holes[3:]) == 0 and sum(child.holes[:3]) > 0  # South's seeds stay
    assert child.captured == (state.captured[0] + 4, state.captured[1])
    for move, reason in why.items():
        if reason:
            assert reason["params"] == {"holes": ", ".join(state.apply(move).legal_moves())}


def test_ending_the_game_behind_is_not_a_win():
    behind = GAME.state_from_json({"game": "bakuk", "players": 2,
                                   "holes": [1, 1, 1, 1, 2, 0], "captured": [12, 18],
                                   "to_move": 0, "seen": {"1,1,1,1,2,0/0": 1}})
    why = step("finish").why_not(behind, "c")
    assert why == {"key": "lesson.bakuk.why.not_won", "params": {"mine": 16, "theirs": 18}}


def test_the_repetition_step_is_reached_by_going_round_the_circle_twice():
    state = step("repetition").state()
    turned = GAME.state_from_json({**state.to_json(), "seen": {"1,0,1,0,1,1/0": 1}})
    for move in CYCLE:  # the circle, from the same board afresh: back where it began
        turned = turned.apply(move)
        assert [e["type"] for e in turned.events] == ["sow"]  # nothing captured
    assert turned.holes == state.holes and turned.captured == state.captured
    assert state.seen[position_key(state.holes, 0)] == 2
    after = state.apply("a")
    assert after.end_reason == "repetition" and after.winner == 0
    _, why = verdicts("repetition")
    assert why == {"a": None, "c": {"key": "lesson.bakuk.why.not_third", "params": {"n": 1}}}


# --- the puzzles -------------------------------------------------------------------------
def puzzle_state(puzzle):
    return GAME.state_from_json(puzzle["state"])


def test_there_are_enough_puzzles_of_every_difficulty_and_theme_each_board_once():
    for difficulty in (1, 2, 3):
        assert sum(p["difficulty"] == difficulty for p in SHELF) >= 20
    themes = {p["question"]["key"] for p in SHELF}
    assert themes == {f"puzzle.bakuk.{t}" for t in ("take", "quiet", "trap")}
    boards = [tuple(p["state"]["holes"]) for p in SHELF]
    assert len(boards) == len(set(boards))
    assert [p["id"] for p in SHELF] == [f"bakuk-{n}" for n in range(1, len(SHELF) + 1)]


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_a_puzzle_is_a_fresh_two_player_position_with_a_choice_of_three(puzzle):
    state = puzzle_state(puzzle)
    assert puzzle["options"] == {"players": 2} and puzzle["kind"] == "margin"
    assert state.to_move == 0 and state.seen == {position_key(state.holes, 0): 1}
    assert sorted(state.legal_moves()) == ["a", "b", "c"]
    assert state.to_json() == puzzle["state"]


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_the_answer_keeps_the_tables_margin_and_every_other_move_loses_two_or_more(
        puzzle, table):
    state = puzzle_state(puzzle)
    values = table_moves(state, table)
    assert values == puzzle["values"]
    top = max(values.values())
    assert puzzle["best"] == sorted(m for m, v in values.items() if v == top)
    wrong = [m for m in values if m not in puzzle["best"]]
    assert wrong and all(values[m] <= top - 2 for m in wrong)
    for move, value in values.items():  # a move's worth: what it takes, less North's margin
        board, taken = sow(state.holes, HOLES.index(move))
        assert value == taken - table.margin(board, 1)


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_difficulty_is_how_far_ahead_one_must_count_captures(puzzle):
    state = puzzle_state(puzzle)
    plies = sight(state, puzzle["best"])
    assert made.DIFFICULTY_OF_SIGHT[plies] == puzzle["difficulty"]
    for horizon in range(plies, DEEPEST + 1):
        assert separates(capture_values(state, horizon), puzzle["best"]), horizon
    if plies > 1:  # a shorter count points elsewhere (or nowhere)
        assert not separates(capture_values(state, plies - 1), puzzle["best"])


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_the_question_says_what_the_answer_captures_at_once(puzzle):
    state = puzzle_state(puzzle)
    now = {m: captured_now(state, m) for m in state.legal_moves()}
    most = max(now.values())
    best_most = max(now[m] for m in puzzle["best"])
    kind = puzzle["question"]["key"].rpartition(".")[2]
    expected = "quiet" if most == 0 else "take" if best_most == most else "trap"
    assert kind == expected
    if puzzle["difficulty"] == 1:  # the biggest capture now is the answer
        assert kind == "take"


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_the_line_is_best_play_after_the_answer(puzzle, table):
    state = puzzle_state(puzzle).apply(puzzle["best"][0])
    for move in puzzle["line"]:
        values = table_moves(state, table)
        assert values[move] == max(values.values()), (puzzle["id"], move)
        state = state.apply(move)
    assert state.is_terminal or len(puzzle["line"]) == made.LINE_PLIES


def test_counting_captures_one_ply_ahead_is_what_each_move_takes_at_once():
    state = step("chain").state()
    assert capture_values(state, 1) == {"a": 2, "b": 10, "c": 2}
    # two plies: after b North has only f, whose seed makes a 2 and takes it back
    assert capture_values(state, 2)["b"] == 10 - 2


def test_the_generator_is_seeded_and_keeps_only_what_it_promises(table, monkeypatch):
    monkeypatch.setattr(made, "GAMES", 12)
    first = made.candidates(table, random.Random(made.SEED))
    again = made.candidates(table, random.Random(made.SEED))
    assert [(s.holes, b) for s, b in first] == [(s.holes, b) for s, b in again]
    assert first
    for state, best in first:
        values = table_moves(state, table)
        assert state.to_move == 0 and len(values) == 3 and len(best) < 3
        assert best == sorted(m for m, v in values.items() if v == max(values.values()))
