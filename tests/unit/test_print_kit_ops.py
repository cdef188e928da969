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


# --- a class's worksheet: easy to hard, of the class's options (issue 43) ---------------------
KIT_COUNTS = {"bul": 4, "bakuk": 6, "bolonki": 4, "buku": 4}  # web/games/<id>/print.js


@pytest.mark.parametrize("game_id", TEACHING_GAMES)
@pytest.mark.parametrize("count", [1, 3, 4, 6, 12])
def test_a_graded_worksheet_goes_from_easy_to_hard_and_spans_the_levels(game_id, count):
    sheet = call(op="puzzle_sheet", game=game_id, count=count, graded=True)
    levels = [p["difficulty"] for p in sheet["puzzles"]]
    shelf = puzzles(game_id)
    assert len(levels) == min(count, len(shelf))
    assert levels == sorted(levels), levels  # never a hard one before an easy one
    assert levels[0] == min(p["difficulty"] for p in shelf)  # it starts easy
    have = {p["difficulty"] for p in shelf}
    assert set(levels) == set(sorted(have)[:count]), levels  # every level, as far as it goes
    ids = [p["id"] for p in sheet["puzzles"]]
    assert len(set(ids)) == len(ids)
    # the answer key is of the same puzzles, in the same order
    key = call(op="puzzle_sheet", game=game_id, count=count, graded=True, key=True)
    assert [p["id"] for p in key["puzzles"]] == ids


def test_the_bul_plan_s_worksheet_is_puluc_on_the_road_the_class_plays_easy_first():
    """The defect seen: Puluc's worksheet began with two puzzles of a road of 9 rows (the
    class plays 13, the rules' own) and had no hard one: the set's first four."""
    sheet = call(op="puzzle_sheet", game="bul", count=KIT_COUNTS["bul"], graded=True,
                 rule_set="puluc", options={"variant": "puluc"})["puzzles"]
    assert [p["options"]["length"] for p in sheet] == [13] * 4
    assert [p["difficulty"] for p in sheet] == [1, 1, 2, 3]
    assert all(p["question"]["key"] == "puzzle.bul.odds" for p in sheet)
    # another road asked for: its puzzles where there are some
    nine = call(op="puzzle_sheet", game="bul", count=4, graded=True, rule_set="puluc",
                options={"variant": "puluc", "length": 9})["puzzles"]
    assert [p["options"]["length"] for p in nine] == [9] * 4


def test_a_graded_sheet_mixes_the_kinds_of_question_a_level_has():
    sheet = call(op="puzzle_sheet", game="bakuk", count=KIT_COUNTS["bakuk"], graded=True,
                 options={"players": 2})["puzzles"]
    kinds = {p["question"]["key"] for p in sheet}
    assert kinds == {p["question"]["key"] for p in puzzles("bakuk")}, kinds


def test_a_graded_sheet_refuses_options_the_game_has_not():
    answer = call(op="puzzle_sheet", game="bul", count=4, graded=True, options={"length": 4})
    assert answer["error"]["code"] == "bad_option"


def _said(message: dict, strings: dict) -> str:
    """A message as the page says it (say() in kit/seats.js), for the tests' eyes."""
    params = {name: _said(value, strings) if isinstance(value, dict) else str(value)
              for name, value in message.get("params", {}).items()}
    key = message["key"]
    if params.get("n") == "1" and f"{key}.one" in strings:
        key = f"{key}.one"
    text = strings[key]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", value)
    return text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_s_answer_key_says_why_in_words_not_only_win_chances(lang):
    """Issue 43: Bul's medium and hard answers were explained by win chances only. Each now
    says what the move leaves for the enemy's next turn beside the best other move, from the
    beans' odds ("Negro can capture your pile on row 6: once in 16 throws"), in both
    languages, every key of the strings there."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "web"
    strings = {**json.loads((root / f"i18n/{lang}.json").read_text()),
               **json.loads((root / f"games/bul/strings.{lang}.json").read_text())}
    for rule_set in ("puluc", "aj-sakalil", "buul"):
        answer = call(op="puzzle_sheet", game="bul", count=6, key=True, graded=True,
                      rule_set=rule_set)
        assert answer["ok"], answer
        for puzzle in answer["puzzles"]:
            if puzzle["difficulty"] == 1:
                continue
            said = [_said(reason, strings) for reason in puzzle["reasons"]]
            if puzzle["reasons"] == [{"key": "bul.key.wins", "params": {}}]:
                continue  # the turn wins the game: said so, nothing is left to compare
            assert len(said) >= 2, (puzzle["id"], said)  # the move, then the best other one
            assert all("{" not in text and "%" not in text for text in said), said
    # the medium Puluc puzzle of the class's sheet: 9 leaves the man on row 6 within one
    # throw in 16 of Black's beans; 6 would leave him on row 8, in six throws in 16
    sheet = call(op="puzzle_sheet", game="bul", count=6, key=True, graded=True,
                 rule_set="puluc")["puzzles"]
    puzzle = next(p for p in sheet if p["id"] == "bul-67")
    after, other = (_said(reason, strings) for reason in puzzle["reasons"][:2])
    if lang == "es":
        assert "fila 6" in after and "1 de cada 16 tiradas" in after, after
        assert "fila 8" in other and "6 de cada 16 tiradas" in other, other
    else:
        assert "row 6" in after and "once in 16 throws" in after, after
        assert "row 8" in other and "6 times in 16 throws" in other, other


def test_a_game_without_reasons_answers_none():
    answer = call(op="puzzle_sheet", game="buku", count=2, key=True)
    assert all(puzzle["reasons"] == [] for puzzle in answer["puzzles"])


@pytest.mark.parametrize("game_id", TEACHING_GAMES)
def test_the_answer_key_gives_the_line_move_by_move_for_the_page_to_say(game_id):
    """Issue 43: Bakuk's key ended "…lo mejor posible: d, a, e, b, f, a", read as a code. The
    engine gives each move of the line after the best move with who plays it and the events
    it makes (as everyone sees them), for the page to say in the game's words."""
    for graded in (False, True):
        answer = call(op="puzzle_sheet", game=game_id, count=12, key=True, graded=graded)
        for item in answer["puzzles"]:
            puzzle = next(p for p in puzzles(game_id) if p["id"] == item["id"])
            game = registry.new_game(game_id, **puzzle["options"])
            state = game.state_from_json(puzzle["state"])
            assert [said["move"] for said in item["line_said"]] == item["line"]
            if item["line"]:
                state = state.apply(item["best"][0])
            for said in item["line_said"]:
                assert said["player"] == state.current_player
                state = state.apply(said["move"])
                assert said["events"] == state.remembered(state.events)
