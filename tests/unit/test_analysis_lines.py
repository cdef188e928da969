"""Why a move is worth what it is (issue 43, item 1): the line that proves it, in every game.

- the line starts with the move itself, and every step after it is legal where it is made;
- with an exact analysis (2-player Bakuk's table, a Bul endgame) best play along the line
  reaches the value the analysis gives the move (Bakuk: the captures add up to it; Bul:
  each decision keeps the chance, each throw is the likeliest);
- the worker's ``why`` answers with the board of each step, shown as a replay is, and
  never explains a puzzle before its answer is shown;
- Bolonki offers no line (it would turn up colours nobody has seen).
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest

from ludoteca import new_game, web
from ludoteca.analysis.lines import line
from ludoteca.core import CHANCE, IllegalMoveError
from ludoteca.games.bakuk import SPEC as BAKUK
from ludoteca.registry import GAMES, analyst_for
from ludoteca.teaching.puzzles import puzzles

TABLE_FILE = Path(__file__).resolve().parents[2] / "web" / BAKUK.data_files["bakuk2"]


@pytest.fixture(scope="module")
def table():
    return BAKUK.load_data("bakuk2", TABLE_FILE.read_bytes())


def ask(**request):
    return json.loads(web.handle(json.dumps({"session": "lines-test", **request})))


def some_moves(analyst, state) -> list:
    """The legal moves, or where they are too many to list (Buku) those the analysis
    values."""
    try:
        return state.legal_moves()
    except IllegalMoveError:
        return sorted(analyst.analyse(state, 0.05)["moves"])


def random_position(game, rng, plies, analyst=None):
    analyst = analyst or analyst_for(game)
    state = game.initial_state()
    for _ in range(plies):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choice(outcomes)[0])
        else:
            state = state.apply(rng.choice(some_moves(analyst, state)))
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_starts_its_line_with_the_move_and_plays_legal_moves(game_id):
    """In every game offering lines: first the move itself, then legal moves only."""
    game = new_game(game_id)
    analyst = analyst_for(game)
    rng = random.Random(7)
    for _ in range(3):
        state = random_position(game, rng, rng.randint(0, 6))
        if state.is_terminal or state.current_player == CHANCE:
            continue
        move = rng.choice(some_moves(analyst, state))
        found = line(analyst, state, move, budget=0.05)
        if analyst.line_plies(state) == 0:
            assert found is None  # Bolonki: no line
            continue
        steps = found["steps"]
        assert steps[0]["move"] == move and steps[0]["player"] == state.current_player
        assert len(steps) <= analyst.line_plies(state)
        here = state
        for step in steps:
            if step["player"] == CHANCE:
                assert step["move"] in [o for o, _ in here.chance_outcomes()]
            else:
                assert here.is_legal(step["move"])
            here = here.apply(step["move"])
            assert step["events"] == here.remembered(here.events)
            assert step["state"].to_json() == here.to_json()


def test_bakuk_line_reaches_the_exact_value_of_every_move(table):
    """The table's line (to its last capture): the captures made along it are the move's
    value."""
    game = new_game("bakuk")
    analyst = analyst_for(game, {"bakuk2": table})
    rng = random.Random(3)
    checked = 0
    for _ in range(12):
        state = random_position(game, rng, rng.randint(0, 20))
        if state.is_terminal:
            continue
        me = state.to_move
        values = analyst.analyse(state)["moves"]
        for move, value in values.items():
            found = line(analyst, state, move)
            end = found["steps"][-1]["state"]  # its last capture: the rest adds nothing
            gained = [end.captured[p] - state.captured[p] for p in (0, 1)]
            assert gained[me] - gained[1 - me] == value
            checked += 1
    assert checked > 20


def test_bul_endgame_line_keeps_the_exact_chance(untimed):
    """A solved Bul endgame: after the move the chance is the move's value; each decision
    along the line keeps its side's chance, each throw is the likeliest."""
    shelf = [p for p in puzzles("bul") if p["kind"] == "win_chance"]
    game_puzzles = [p for p in shelf if p["options"].get("rules", "puluc") in ("puluc",
                                                                               "boolik", "buul")]
    tried = 0
    for puzzle in game_puzzles[:4]:
        game = new_game("bul", **puzzle["options"])
        state = game.state_from_json(puzzle["state"])
        analyst = analyst_for(game)
        first = analyst.analyse(state, 5.0)
        if not first["exact"]:
            continue
        move = puzzle["best"][0]
        found = line(analyst, state, move, budget=5.0)
        here = state
        for step in found["steps"][:-1]:
            before = here
            here = here.apply(step["move"])
            if here.is_terminal:
                break
            a = analyst.analyse(before, 5.0)
            if before.current_player == CHANCE:
                likeliest = max(a["chances"].values())
                assert a["chances"][step["move"]] == likeliest
            else:
                assert a["moves"][step["move"]] == pytest.approx(a["value"], abs=1e-9)
        tried += 1
    assert tried, "a Bul puzzle is an exact endgame"


def test_bolonki_offers_no_line():
    game = new_game("bolonki")
    state = game.initial_state()
    assert line(analyst_for(game), state, state.legal_moves()[0]) is None
    ask(op="new", game="bolonki", seed=2)
    move = ask(op="view")["view"]["steps"]
    assert move


def test_why_answers_every_step_with_its_board(table):
    web.engine.data["bakuk2"] = table
    ask(op="new", game="bakuk", seed=1)
    ask(op="play", move="a")
    answer = ask(op="why", ply=0, move="a", budget=0.05)
    assert answer["ok"], answer
    why = answer["why"]
    assert why["exact"] and why["kind"] == "margin" and why["value"] == -2
    assert why["player"] == 0 and why["steps"][0]["move"] == "a"
    first = why["steps"][0]["view"]
    assert first["last_move"] == {"ply": 1, "player": 0, "move": "a"}
    assert first["steps"] == [] and first["replay"] is True
    assert first["observation"] == ask(op="goto", ply=1)["view"]["observation"]
    best = ask(op="why", ply=0, move="c")["why"]
    assert best["value"] == 2 and best["steps"][0]["move"] == "c"
    scores = best["steps"][-1]["view"]["observation"]["scores"]  # its captures: the value
    start = ask(op="goto", ply=0)["view"]["observation"]["scores"]
    assert (scores[0] - start[0]) - (scores[1] - start[1]) == 2
    refused = ask(op="why", ply=0, move="z")
    assert not refused["ok"] and refused["error"]["code"] == "illegal_move"


def test_why_tells_the_table_data_it_needs(monkeypatch):
    monkeypatch.setattr(web.engine, "data", {})
    ask(op="new", game="bakuk", seed=1)
    answer = ask(op="why", ply=0, move="b")
    assert answer["ok"] and answer["needs"]["name"] == "bakuk2"
    assert answer["why"]["exact"] is False and len(answer["why"]["steps"]) <= 6
    data = base64.b64encode(TABLE_FILE.read_bytes()).decode()
    assert ask(op="analysis_data", name="bakuk2", data=data)["ok"]
    exact = ask(op="why", ply=0, move="b")["why"]
    assert exact["exact"] is True
    # a long line's chapters, marked on its steps: the move and its answer, the captures,
    # the end
    marked = [i for i, step in enumerate(exact["steps"]) if step["chapter"]]
    assert len(exact["steps"]) > 12 and marked[0] == 0
    assert marked[-1] == len(exact["steps"]) - 1 and len(marked) < len(exact["steps"])


def test_a_puzzle_is_explained_only_once_its_answer_is_shown(table):
    web.engine.data["bakuk2"] = table
    puzzle = puzzles("bakuk")[0]
    ask(op="puzzle", id=puzzle["id"])
    best = puzzle["best"][0]
    early = ask(op="why", ply=0, move=best)
    assert not early["ok"] and early["error"]["code"] == "coach_turn"
    assert ask(op="puzzle_answer")["ok"]
    why = ask(op="why", ply=0, move=best)["why"]
    assert why["value"] == puzzle["values"][best] and why["kind"] == puzzle["kind"]
    assert why["steps"][0]["move"] == best


def test_a_long_bakuk_line_is_read_by_its_chapters(table):
    """The table's line can run to ~70 moves: its chapters are the move itself and its
    answer, each capture and the end (what the margin is made of), in order; a short line
    has every step. The
    worker marks them on the steps it answers with."""
    analyst = BAKUK.Analyst(new_game("bakuk"), {"bakuk2": table})
    state = new_game("bakuk").initial_state()
    steps = max((line(analyst, state, move)["steps"] for move in state.legal_moves()), key=len)
    assert len(steps) > 12  # an opening's line is a long one
    chapters = analyst.line_chapters(steps)
    captures = [i for i, step in enumerate(steps)
                if any(event["type"] == "capture" for event in step["events"])]
    assert chapters == sorted({0, 1, *captures, len(steps) - 1})
    assert len(chapters) < len(steps)
    assert analyst.line_chapters(steps[:5]) == list(range(5))
    for game in GAMES:  # the default: every step of a line is read
        if game != "bakuk":
            assert analyst_for(new_game(game)).line_chapters([{}] * 4) == [0, 1, 2, 3]
