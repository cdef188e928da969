"""The print kit's requests (`ludoteca.web`): an opening position to print for any options,
and a worksheet's puzzles — their answers only when the answer key asks for them, and never
a hidden fact (Bolonki's colours stay masked; only what the puzzle shows its person)."""

from __future__ import annotations

import pytest
from web_calls import call, fresh_sessions  # noqa: F401 (an autouse fixture)

from ludoteca import registry, web
from ludoteca.spec import Teaching
from ludoteca.teaching.puzzles import puzzles

# every game of the registry that teaches: its puzzles make worksheets
TEACHING_GAMES = [game for game, spec in registry.GAMES.items() if spec.has(Teaching)]


def test_opening_is_the_initial_observation_of_the_options_asked():
    answer = call(op="opening", game="bul", options={"length": 9})
    assert answer["ok"]
    game = registry.new_game("bul", length=9)
    assert answer["observation"] == game.initial_state().observation(None)
    assert answer["options"]["length"] == 9
    assert web.engine.sessions == {}  # nothing is being played


def test_opening_refuses_a_bad_option_with_its_code():
    answer = call(op="opening", game="bul", options={"length": 4})
    assert not answer["ok"] and answer["error"]["code"] == "bad_option"


@pytest.mark.parametrize("game_id", TEACHING_GAMES)
def test_a_worksheet_has_the_set_s_puzzles_in_order_without_answers(game_id):
    answer = call(op="puzzle_sheet", game=game_id, first=2, count=3)
    shelf = puzzles(game_id)
    assert len(shelf) >= 5, f"{game_id} has {len(shelf)} puzzles (`Teaching.puzzles`), not 5"
    assert [p["id"] for p in answer["puzzles"]] == [p["id"] for p in shelf[2:5]]
    assert answer["total"] == len(shelf)
    for item, puzzle in zip(answer["puzzles"], shelf[2:5], strict=True):
        game = registry.new_game(game_id, **puzzle["options"])
        assert item["observation"] == game.state_from_json(puzzle["state"]).observation(None)
        assert item["question"] == puzzle["question"]
        assert not {"best", "values", "line", "explain"} & item.keys()


@pytest.mark.parametrize("game_id", TEACHING_GAMES)
def test_the_answer_key_carries_best_moves_and_every_move_s_value(game_id):
    answer = call(op="puzzle_sheet", game=game_id, count=2, key=True)
    for item, puzzle in zip(answer["puzzles"], puzzles(game_id)[:2], strict=True):
        assert item["best"] == puzzle["best"] and item["values"] == puzzle["values"]
        assert item["kind"] == puzzle["kind"]


def test_a_bolonki_worksheet_shows_its_start_face_up_only_where_the_puzzle_shows_it():
    item = call(op="puzzle_sheet", game="bolonki", count=1)["puzzles"][0]
    puzzle = puzzles("bolonki")[0]
    assert item["shown"] == puzzle["shown"] and item["prelude"] == puzzle["prelude"]
    assert set(item["observation"]["pieces"].values()) == {"?"}  # face down at the question
    assert set(item["start"]["pieces"].values()) == {"?"}  # the colours come as `shown` only


def test_a_sheet_holds_at_most_a_dozen_and_refuses_bad_numbers():
    sheet = call(op="puzzle_sheet", game="bakuk", count=100)["puzzles"]
    assert len(sheet) == web.teaching.SHEET_PUZZLES
    for field, value in (("first", -1), ("count", "3"), ("count", 2.5)):
        answer = call(op="puzzle_sheet", game="bakuk", **{field: value})
        assert answer["error"]["code"] == "bad_request"
        assert answer["error"]["params"]["field"] == field
    assert call(op="puzzle_sheet", game="chess")["error"]["code"] == "unknown_game"


@pytest.mark.parametrize("game_id", TEACHING_GAMES)
def test_the_answer_key_says_what_each_best_move_does_from_the_engine_s_events(game_id):
    """The printed key explains each answer in a sentence: the page narrates the events the
    engine gives for each best move, played from the question's position (none on a worksheet)."""
    answer = call(op="puzzle_sheet", game=game_id, count=12, key=True)
    for item, puzzle in zip(answer["puzzles"], puzzles(game_id), strict=False):
        game = registry.new_game(game_id, **puzzle["options"])
        state = game.state_from_json(puzzle["state"])
        assert [a["move"] for a in item["answers"]] == puzzle["best"]
        for entry in item["answers"]:
            child = state.apply(entry["move"])
            assert entry["events"] == child.remembered(child.events) and entry["events"]
    assert "answers" not in call(op="puzzle_sheet", game=game_id, count=1)["puzzles"][0]
