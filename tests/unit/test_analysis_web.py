"""The worker's analysis ops: analyse one ply, hint, install the Bakuk table."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from ludoteca import web
from ludoteca.games.bakuk import SPEC

TABLE = Path(__file__).resolve().parents[2] / "web" / SPEC.data_files["bakuk2"]


def ask(**request):
    return json.loads(web.handle(json.dumps({"session": "analysis-test", **request})))


@pytest.fixture
def no_table(monkeypatch):
    """An engine that has loaded no data file yet (the games started from now on)."""
    monkeypatch.setattr(web.engine, "data", {})


def test_bakuk_asks_for_its_table_then_answers_exactly(no_table):
    ask(op="new", game="bakuk", seed=1)
    ask(op="play", move="a")
    first = ask(op="analyse", ply=0, budget=0.05)
    assert first["ok"] and first["needs"] == {"name": "bakuk2", "path": SPEC.data_files["bakuk2"]}
    assert first["analysis"]["exact"] is False and first["analysis"]["played"] == "a"
    data = base64.b64encode(TABLE.read_bytes()).decode()
    assert ask(op="analysis_data", name="bakuk2", data=data)["ok"]
    again = ask(op="analyse", ply=0)
    assert again["needs"] is None
    review = again["analysis"]
    assert review["exact"] and review["kind"] == "margin"
    assert review["grade"] == "inaccuracy" and review["loss"] == 4  # a: -2, best c: +2
    assert review["best"] == ["c"]
    assert ask(op="analyse", ply=1)["analysis"]["ply"] == 1


def test_bad_table_data_is_refused_and_the_game_is_kept(no_table):
    ask(op="new", game="bakuk")
    answer = ask(op="analysis_data", name="bakuk2", data="not base64!")
    assert not answer["ok"] and answer["error"]["code"] == "bad_request"
    assert web.engine.data == {}
    assert ask(op="view")["view"]["length"] == 0


def test_a_ply_outside_the_game_is_a_clear_error():
    ask(op="new", game="bul")
    answer = ask(op="analyse", ply=3)
    assert not answer["ok"] and answer["error"]["code"] == "bad_ply"


def test_bul_review_reports_the_luck_of_a_throw():
    ask(op="new", game="bul", seed=4)
    ask(op="throw")
    review = ask(op="analyse", ply=0, budget=0.02)["analysis"]
    assert review["kind"] == "win_chance" and review["played"] in review["chances"]
    assert review["luck"] == pytest.approx(review["played_value"] - review["value"])
    assert "grade" not in review


def test_bolonki_hint_and_review_carry_no_hidden_colour():
    ask(op="new", game="bolonki", seed=2)
    ask(op="play", move="d1-d2")
    ask(op="play", move="challenge:1")
    hint = ask(op="hint")["hint"]
    assert hint["best"] and set(hint["best"]) <= set(hint["moves"])
    review = ask(op="analyse", ply=1)["analysis"]
    assert review["challenge"] == {"player": 1, "right": False,
                                   "known": pytest.approx(0.0, abs=0.01)}
    text = json.dumps([hint, review])
    for colour in ('"B"', '"Y"', '"R"', '"G"'):
        assert colour not in text


def test_a_perfect_seat_asks_for_its_table(no_table):
    view = ask(op="new", game="bakuk", seats=["human", "perfect"])["view"]
    assert view["needs"] == {"name": "bakuk2", "path": SPEC.data_files["bakuk2"]}
    assert ask(op="new", game="bakuk", seats=["human", "strong"])["view"]["needs"] is None
    three = ask(op="new", game="bakuk", options={"players": 3},
                seats=["human", "perfect", "strong"])["view"]
    assert three["needs"] is None  # 3 players: no table; perfect plays like strong
