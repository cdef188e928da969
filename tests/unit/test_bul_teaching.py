"""Bul's lesson and puzzles, held to what is special to them: each step's position shows
the rule it teaches and its reasons name the right rows and counts; the exact solver the
puzzles are proven by agrees with the analysis' own; each shipped puzzle's best move beats
the next by the margin claimed, at the difficulty claimed, in a position of its own."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conformance import play, uniform_move
from ludoteca import new_game
from ludoteca.core import CHANCE
from ludoteca.games.bul import analysis, endgame
from ludoteca.games.bul import puzzles as bul_puzzles
from ludoteca.games.bul.kernel import RULE_SETS, marks_up
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import puzzles

ROOT = Path(__file__).resolve().parents[2]
STEPS = {step.id: step for step in lesson("bul")}
SHELF = puzzles("bul")


def events(state, move, kind):
    return [e for e in state.apply(move).events if e["type"] == kind]


def row_of_black_man(state):
    return next(row for row, pieces, _ in state.units if pieces[0] % 2 == 1)


# --- the lesson ---------------------------------------------------------------------------------
@pytest.mark.parametrize("step_id", list(STEPS))
def test_a_step_is_reds_decision_right_after_a_throw(step_id):
    state = STEPS[step_id].state()
    assert state.current_player == 0 and state.throws and not state.throws_pending
    assert list(state.thrown) == list(state.throws)  # nothing used yet this turn


def test_each_steps_rule_set_is_the_one_its_sections_are_about():
    for step in STEPS.values():
        rules = RULE_SETS[step.options["variant"]]
        if "maya" in step.teaches:
            assert not rules.verbeeck, step.id
        if "verbeeck" in step.teaches:
            assert rules.verbeeck, step.id
        assert ("teams" in step.teaches) == (step.options.get("team_size") == 2), step.id


def test_the_new_man_lands_on_the_space_the_throw_counts_from_the_base():
    state = STEPS["enter"].state()
    (entered,) = events(state, "enter", "enter")
    assert entered["to"] == state.throws[0] + 1  # the base is row 1
    why = STEPS["enter"].why_not(state, "3")
    assert why["params"] == {"start": 3, "to": 3 + state.throws[0]}


def test_reading_the_throw_no_marked_face_is_a_five_that_reaches_the_black_man():
    step = STEPS["throw"]
    state = step.state()
    assert state.throws == [5] and marks_up(5) == 0
    assert events(state, step.demo, "capture")[0]["row"] == row_of_black_man(state)
    why = step.why_not(state, "enter")
    assert why["key"] == "lesson.bul.why.missed"
    assert why["params"] == {"to": 6, "target": row_of_black_man(state)}


def test_capturing_the_pile_rescues_the_red_man_and_not_capturing_leaves_him_there():
    step = STEPS["stack"]
    state = step.state()
    (rescue,) = events(state, step.demo, "rescue")
    assert rescue["pieces"] == [0]
    assert step.why_not(state, "enter")["params"] == {"row": row_of_black_man(state)}


def test_boolik_bounces_off_the_wall_onto_the_black_man():
    step = STEPS["wall"]
    state = step.state()
    (move,) = events(state, step.demo, "move")
    assert move["bounce"] and move["to"] == row_of_black_man(state)
    assert max(move["path"]) == state.game.length - 1  # the last road space, at the wall


def test_carrying_the_captive_home_kills_it_and_the_reason_counts_the_rows_left():
    step = STEPS["carry"]
    state = step.state()
    (home,) = events(state, step.demo, "home")
    assert home["discarded"] == [1]
    row = next(row for row, pieces, _ in state.units if pieces == (0, 1))
    assert state.throws[0] > row - 1  # past the base: no exact throw needed
    assert step.why_not(state, "enter")["params"] == {"row": row, "n": row - 1}


def test_the_freeing_run_frees_every_red_captive_and_the_reason_counts_them():
    step = STEPS["free"]
    state = step.state()
    held = sum(p == 0 for _, pieces, _ in state.units for p in pieces[1:])
    (freed,) = events(state, step.demo, "free-captives")
    assert len(freed["pieces"]) == held == 2
    assert step.why_not(state, "enter") == {"key": "lesson.bul.why.still_captives",
                                             "params": {"n": held}}


def test_two_values_are_two_moves_never_their_sum():
    step = STEPS["two"]
    state = step.state()
    assert sorted(state.legal_moves()) == ["2:4", "3:4"]
    assert step.why_not(state, "2:4")["params"] == {"to": 6, "target": 7}
    after = state.apply("2:4")
    assert after.legal_moves() == ["3:6"]  # the 3 is still a move of its own


def test_a_man_home_with_one_value_lets_the_other_enter_a_new_man():
    step = STEPS["one_man"]
    state = step.state()
    assert not any(m.endswith("enter") for m in state.legal_moves())  # one movable man
    after = state.apply(step.demo)
    assert "1:enter" in after.legal_moves()
    short = state.apply("1:3")
    assert not any(m.endswith("enter") for m in short.legal_moves())
    assert step.why_not(state, "1:3")["params"] == {"row": 2}


def test_stopping_on_the_fire_burns_and_jumping_it_does_not():
    step = STEPS["fire"]
    state = step.state()
    (burn,) = events(state, "2:5", "burn")
    assert burn["row"] in state.game.fire_rows
    assert step.why_not(state, "2:5")["params"] == {"row": burn["row"]}
    (move,) = events(state, step.demo, "move")
    assert set(move["path"]) & state.game.fire_rows and move["to"] not in state.game.fire_rows


def test_the_scorpion_captures_backwards_and_only_backwards():
    step = STEPS["scorpion"]
    state = step.state()
    assert step.demo.endswith("b") and events(state, step.demo, "move")[0]["backward"]
    forward = [m for m in state.legal_moves() if not m.endswith("b")]
    assert forward and all(step.why_not(state, m) is not None for m in forward)


def test_a_player_with_no_men_moves_his_teammates_man():
    step = STEPS["team"]
    state = step.state()
    assert state.base[0] == 0 and not state.controlled_by(0)
    (capture,) = events(state, step.demo, "capture")
    assert capture["player"] == 0 and capture["controller"] == 2


def test_every_counted_reason_has_its_singular_in_both_languages():
    for lang in ("es", "en"):
        strings = json.loads((ROOT / "web/games/bul" / f"strings.{lang}.json").read_text())
        for key, text in strings.items():
            if key.startswith("lesson.bul.why.") and "{n}" in text:
                assert f"{key}.one" in strings, (lang, key)


# --- the exact solver -------------------------------------------------------------------------
def endgame_start(options, men):
    game = new_game("bul", **options)
    return bul_puzzles._endgame_start(game, men)


@pytest.mark.parametrize(("options", "men"), [
    ({"variant": "aj-sakalil", "length": 9}, (1, 1)),  # mirror images kept once
    ({"variant": "puluc", "length": 9}, (2, 1)),  # two men against one: no mirror
    ({"variant": "aj-sakalil", "length": 9, "team_size": 2}, (1, 1, 0, 0)),
])
def test_the_turn_solver_agrees_with_the_analysis_value_iteration(options, men):
    root = endgame_start(options, men)
    truth = analysis.solve(root, 10**6)
    solution = endgame.solve(root)
    assert truth is not None and solution is not None
    rng = random.Random(7)
    states, _ = play(root, lambda s: uniform_move(s, rng), 300)
    for state in states:  # each iteration stops within a few 1e-9 of the true values
        assert solution.chance(state) == pytest.approx(truth[analysis.key(state)], abs=1e-7)


def test_a_puzzle_of_one_man_a_side_is_what_the_analyst_says(untimed):
    puzzle = next(p for p in SHELF if p["options"]["variant"] == "aj-sakalil"
                  and p["options"]["team_size"] == 1 and p["options"]["length"] == 9)
    game = new_game("bul", **puzzle["options"])
    found = analysis.BulAnalyst(game).analyse(game.state_from_json(puzzle["state"]),
                                              budget=5.0)
    assert found["exact"]
    for move, value in puzzle["values"].items():
        assert found["moves"][move] == pytest.approx(value, abs=1e-7)


# --- the puzzles ----------------------------------------------------------------------------------
def margin(puzzle):
    top = max(puzzle["values"].values())
    rest = [v for v in puzzle["values"].values() if v < top - bul_puzzles.TIE]
    return top - max(rest)


@pytest.mark.parametrize("puzzle", SHELF, ids=[p["id"] for p in SHELF])
def test_the_best_move_beats_the_next_by_five_points_at_the_difficulty_claimed(puzzle):
    game = new_game("bul", **puzzle["options"])
    state = game.state_from_json(puzzle["state"])
    assert margin(puzzle) >= bul_puzzles.MARGIN
    top = max(puzzle["values"].values())
    assert all(puzzle["values"][m] >= top - bul_puzzles.TIE for m in puzzle["best"])
    shows_at_once = any(events(state, m, "capture") for m in puzzle["best"]) or any(
        events(state, m, "burn") for m in puzzle["values"] if m not in puzzle["best"])
    if puzzle["difficulty"] == 1:
        assert shows_at_once
    else:
        assert not shows_at_once
        assert (margin(puzzle) >= bul_puzzles.CLEAR) == (puzzle["difficulty"] == 2)


@pytest.mark.parametrize("puzzle", SHELF, ids=[p["id"] for p in SHELF])
def test_a_puzzle_is_reds_turn_asked_in_the_words_of_its_rule_set(puzzle):
    game = new_game("bul", **puzzle["options"])
    state = game.state_from_json(puzzle["state"])
    start = game.state_from_json(puzzle["start"])
    assert state.to_move % 2 == 0 and start.current_player == CHANCE
    assert start.throws_pending == game.rules.throws_per_turn and not start.throws
    thrown = [int(v) for v in puzzle["prelude"]]
    kind = puzzle["question"]["key"].rpartition(".")[2]
    if game.rules.verbeeck:
        assert kind == ("team" if game.team_size == 2 else "order")
        assert puzzle["question"]["params"] == {"a": thrown[0], "b": thrown[1]}
    else:
        assert kind == "odds" and puzzle["question"]["params"] == {"value": thrown[0]}
    after = state.apply(puzzle["best"][0])
    for move in puzzle["line"]:  # the line ends the mover's turn
        assert after.to_move == state.to_move
        after = after.apply(move)
    assert after.is_terminal or after.current_player == CHANCE


def test_no_two_puzzles_share_a_position_and_every_kind_and_difficulty_is_there():
    seen = set()
    for puzzle in SHELF:
        position = json.dumps([puzzle["options"], puzzle["state"]["units"],
                               puzzle["state"]["base"]], sort_keys=True)
        assert position not in seen, puzzle["id"]
        seen.add(position)
    counts = {}
    for puzzle in SHELF:
        key = (puzzle["question"]["key"], puzzle["difficulty"])
        counts[key] = counts.get(key, 0) + 1
    for kind in ("order", "odds", "team"):
        for difficulty in (1, 2, 3):
            assert counts.get((f"puzzle.bul.{kind}", difficulty)), (kind, difficulty)
    # easiest first in each batch: the first puzzles shipped, then the groups added after
    # them (`puzzles.ADDED`, numbered after so that no id given out changes)
    added = sum(sum(group.quota) for group in bul_puzzles.ADDED)
    for batch in (SHELF[:len(SHELF) - added], SHELF[len(SHELF) - added:]):
        assert [p["difficulty"] for p in batch] == sorted(p["difficulty"] for p in batch)
