"""The set-up mode's promise, over random teachers' clicks in every game: a position it calls
legal (no problems) is one every action works from — play it, ask for a hint there, copy
its link and open it, make it a puzzle. Each answers ok, or refuses in words with a named
reason (never a malformed request nor an engine fault). Clicks, counts set at once and
choices are drawn at random and sent as the page sends them."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import web
from ludoteca.games.bakuk import SPEC as BAKUK
from ludoteca.teaching import editor

WEB = Path(__file__).resolve().parents[2] / "web"
NOT_IN_WORDS = {"bad_request", "internal", "corrupt_state", "bad_option"}
OPTIONS = [("bakuk", {}), ("bakuk", {"players": 3}), ("buku", {}), ("bolonki", {}),
           ("bolonki", {"players": 3}), ("bul", {}), ("bul", {"variant": "puluc"}),
           ("bul", {"variant": "aj-sayil", "team_size": 2})]


def call(**request) -> dict:
    return json.loads(web.handle(json.dumps(request)))


@pytest.fixture(scope="module", autouse=True)
def solved_table():
    """Bakuk's table loaded, as the page loads it before a proof."""
    data = base64.b64encode((WEB / BAKUK.data_files["bakuk2"]).read_bytes()).decode()
    assert call(op="analysis_data", name="bakuk2", data=data)["ok"]
    yield
    web.engine.sessions.clear()


def in_words(answer: dict, what: str) -> None:
    if not answer["ok"]:
        assert answer["error"]["code"] not in NOT_IN_WORDS, (what, answer["error"])


def clicks(editing: dict):
    """One teacher's action on the draft shown: a click, a count typed, or a choice."""
    kinds = ["click"] + (["count"] if editing["counts"] else []) + \
        (["choice"] if editing["choices"] else [])
    return st.sampled_from(kinds).flatmap(lambda kind: {
        "click": st.fixed_dictionaries({"tool": st.sampled_from(editing["tools"]),
                                        "target": st.sampled_from(editing["targets"])}),
        "count": st.fixed_dictionaries({"target": st.sampled_from(editing["targets"]),
                                        "count": st.integers(0, 8)}),
        "choice": st.sampled_from(editing["choices"]).flatmap(
            lambda c: st.fixed_dictionaries({"name": st.just(c["name"]),
                                             "value": st.sampled_from(c["values"])})),
    }[kind])


def mended(game, options, editing, name):
    """The choice `name` set as a teacher sets it to make the position legal (the captures
    that make up the total): the first of its values that leaves no problem, if any."""
    for value in next(c["values"] for c in editing["choices"] if c["name"] == name):
        answer = call(op="edit", game=game, options=options, draft=editing["draft"],
                      name=name, value=value)
        if answer["ok"] and not answer["editing"]["problems"]:
            return {"name": name, "value": value}
    return None


def legal_positions(data, game, options, steps):
    """The drafts shown along a random run of clicks that have no problems."""
    editing = call(op="edit", game=game, options=options)["editing"]
    for _ in range(steps):
        edit = data.draw(clicks(editing))
        if editing["choices"] and data.draw(st.integers(0, 3)) == 0:
            name = data.draw(st.sampled_from([c["name"] for c in editing["choices"]]))
            edit = mended(game, options, editing, name) or edit
        answer = call(op="edit", game=game, options=options, draft=editing["draft"], **edit)
        in_words(answer, ("edit", edit))
        if answer["ok"]:
            editing = answer["editing"]
            if not editing["problems"]:
                yield editing["draft"]


@pytest.mark.parametrize(("game", "options"), OPTIONS, ids=[f"{g}-{o}" for g, o in OPTIONS])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(data=st.data(), steps=st.integers(1, 30))
def test_every_action_works_from_every_position_called_legal(game, options, data, steps):
    on = {"game": game, "options": options}
    tried = 0
    for draft in legal_positions(data, game, options, steps):
        if tried == 2:  # the actions are slower than a click: two positions a run
            break
        tried += 1
        play = call(op="edit_play", **on, draft=draft, seed=1)
        assert play["ok"], play["error"]
        in_words(call(op="hint", budget=0.02), "hint")
        link = call(op="edit_link", **on, draft=draft)
        assert link["ok"], link["error"]
        assert call(op="load", link=link["link"])["ok"]
        in_words(call(op="edit_prove", **on, draft=draft), "prove")


@pytest.mark.parametrize("captured", [[12, 15], [15, 12], [1, 3], [11, 0]])
def test_bakuk_odd_captures_are_never_legal_and_say_why(captured):
    """Captures come in 2s and 4s: 12 and 15 (36 with 9 on the board) is no position."""
    game, spec = editor.game_and_spec("bakuk", {})
    board = 36 - sum(captured)
    draft = {**editor.start(game, spec), "captured": captured,
             "holes": [board - 5, 1, 1, 1, 1, 1]}
    problems = spec.setup_problems(game, draft)
    odd = [m for m in problems if m["key"] == "bakuk.setup.problem.odd_captured"]
    assert [m["params"]["n"] for m in odd] == [n for n in captured if n % 2]
    answer = call(op="edit_prove", game="bakuk", options={}, draft=draft)
    assert answer["error"]["code"] == "illegal_setup"


def test_bakuk_three_players_are_refused_a_proof_in_words():
    game, spec = editor.game_and_spec("bakuk", {"players": 3})
    answer = call(op="edit_prove", game="bakuk", options={"players": 3},
                  draft=editor.start(game, spec))
    assert answer["error"]["code"] == "bakuk_no_proof_3"


@pytest.mark.parametrize(("game", "target", "count"), [("bakuk", "c", 27), ("buku", "d4", 3)])
def test_a_count_is_set_at_once_in_one_edit(game, target, count):
    editing = call(op="edit", game=game, options={})["editing"]
    assert editing["counts"]
    answer = call(op="edit", game=game, options={}, draft=editing["draft"], target=target,
                  count=count)
    observation = answer["editing"]["observation"]
    held = (observation["holes"]["abcdef".index(target)] if game == "bakuk" else
            observation["board"][int(target[1]) - 1]["abcdefgh".index(target[0])])
    assert held == count


@pytest.mark.parametrize("count", [-1, 37, 2.5, True, "3", None])
def test_a_count_out_of_range_is_refused_in_words(count):
    editing = call(op="edit", game="bakuk", options={})["editing"]
    answer = call(op="edit", game="bakuk", options={}, draft=editing["draft"], target="a",
                  count=count)
    assert answer["error"]["code"] == "bad_setup_count"


def test_games_without_counts_refuse_one():
    editing = call(op="edit", game="bolonki", options={})["editing"]
    assert not editing["counts"]
    answer = call(op="edit", game="bolonki", options={}, draft=editing["draft"], target="d4",
                  count=1)
    assert answer["error"]["code"] == "bad_setup_edit"


def test_a_teachers_puzzle_carries_the_teachers_question_as_written():
    game, spec = editor.game_and_spec("bakuk", {})
    draft = {**editor.start(game, spec), "holes": [1, 1, 2, 1, 3, 0], "captured": [14, 14]}
    link = call(op="edit_link", game="bakuk", options={}, draft=draft)["link"]
    asked = call(op="puzzle", id=link, question="  ¿Qué hoyo   deja a Norte sin nada? ")
    assert asked["coach"]["question"] == {"key": "coach.question.teacher",
                                          "params": {"text": "¿Qué hoyo deja a Norte sin nada?"}}
    assert asked["coach"]["custom"] and asked["coach"]["difficulty"] is None
    plain = call(op="puzzle", id=link)  # no question: the game's own
    assert plain["coach"]["question"]["key"] == "coach.question.best"
    assert call(op="puzzle", id=link, question="x" * 201)["error"]["code"] == "bad_request"
