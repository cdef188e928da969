"""The JSON facade the worker calls: requests in, views out, errors that keep the game."""

from __future__ import annotations

import json

import pytest

from ludoteca import web


def call(**request):
    return json.loads(web.handle(json.dumps(request)))


@pytest.fixture(autouse=True)
def fresh_sessions():
    web._sessions.clear()
    yield
    web._sessions.clear()


def test_new_game_gives_a_view_with_first_steps():
    answer = call(op="new", game="bakuk", options={"players": 2}, seed=1)
    assert answer["ok"]
    view = answer["view"]
    assert view["steps"] == [["a", True], ["b", True], ["c", True]]
    assert view["current_player"] == 0 and not view["terminal"]
    assert view["record"] == {"game": "bakuk", "options": {"players": 2}, "moves": []}
    assert view["seats"] == ["human", "human"]


def test_a_complete_step_is_played():
    call(op="new", game="bakuk")
    answer = call(op="step", partial="b")
    assert answer["played"] == "b"
    assert answer["view"]["observation"]["holes"] == [7, 1, 7, 7, 7, 7]  # origin not skipped
    assert answer["view"]["events"][0] == {
        "type": "sow", "player": 0, "hole": "b", "seeds": 6,
        "path": ["c", "d", "e", "f", "a", "b"]}
    assert answer["view"]["record"]["moves"] == ["b"]


@pytest.mark.parametrize("request_", [
    {"op": "play", "move": "b"},          # out of turn: South just moved
    {"op": "play", "move": "zz"},         # garbage
    {"op": "play", "move": 3},            # not a string
    {"op": "step", "partial": "q"},       # no such step
    {"op": "bot"},                        # nobody is a computer
    {"op": "throw"},                      # no chance in Bakuk
    {"op": "fly"},                        # unknown request
    {"op": "bot", "budget": "soon"},      # malformed field
])
def test_bad_requests_are_refused_and_keep_the_game(request_):
    call(op="new", game="bakuk")
    call(op="play", move="a")
    before = call(op="view")["view"]
    answer = call(**request_)
    assert not answer["ok"]
    assert answer["error"]["code"] and answer["error"]["message"]
    assert answer["view"] == before
    assert call(op="view")["view"] == before


@pytest.mark.parametrize("request_, code", [
    ({"op": "new", "game": "chess"}, "unknown_game"),
    ({"op": "new", "game": "bakuk", "options": {"players": 4}}, "bad_option"),
    ({"op": "new", "game": "bakuk", "options": {"colour": "red"}}, "unknown_option"),
    ({"op": "new", "game": "bakuk", "options": [2]}, "bad_option"),
    ({"op": "new", "game": "bakuk", "seats": ["human"]}, "bad_seats"),
    ({"op": "new", "game": "bakuk", "seats": ["human", "grandmaster"]}, "bad_level"),
    ({"op": "load", "record": {"game": "bakuk", "options": {}, "moves": ["a", "a"]}},
     "corrupt_record"),
    ({"op": "load", "record": "not a record"}, "corrupt_record"),
])
def test_a_bad_new_game_keeps_the_old_one(request_, code):
    call(op="new", game="bakuk")
    call(op="play", move="c")
    before = call(op="view")["view"]
    answer = call(**request_)
    assert answer["error"]["code"] == code
    assert call(op="view")["view"] == before


def test_garbage_json_is_a_readable_error():
    answer = json.loads(web.handle("{not json"))
    assert answer == {"ok": False, "error": {
        "code": "bad_request", "message": answer["error"]["message"], "params": {"op": "?"}}}
    assert json.loads(web.handle("[1, 2]"))["error"]["code"] == "bad_request"


def test_nothing_before_a_game():
    assert call(op="view")["error"]["code"] == "no_game"


def test_the_computer_plays_its_seat():
    call(op="new", game="bakuk", seats=["strong", "human"], seed=5)
    answer = call(op="bot", budget=0.05)
    assert answer["ok"] and answer["played"] in "abc"
    assert answer["view"]["current_player"] == 1


def test_load_resumes_a_record_at_its_last_move():
    record = {"game": "bakuk", "options": {"players": 3}, "moves": ["a", "c", "e"]}
    view = call(op="load", record=record)["view"]
    assert view["ply"] == 3 and view["record"] == record
    assert view["current_player"] == 0


def test_levels_are_listed():
    assert call(op="levels", game="bakuk")["levels"] == ["beginner", "casual", "strong"]


def test_undo_goes_back_to_the_persons_last_decision_against_the_computer():
    call(op="new", game="bakuk", seats=["human", "casual"], seed=2)
    call(op="play", move="a")
    call(op="bot", budget=0.05)
    call(op="play", move="b" if "b" in [s for s, _ in call(op="view")["view"]["steps"]]
         else call(op="view")["view"]["steps"][0][0])
    call(op="bot", budget=0.05)
    view = call(op="undo")["view"]
    assert view["ply"] == 2 and view["current_player"] == 0 and view["can_redo"]
    view = call(op="undo")["view"]
    assert view["ply"] == 0 and view["record"]["moves"] == []
    assert call(op="undo")["error"]["code"] == "nothing_to_undo"
    view = call(op="redo")["view"]
    assert view["ply"] == 2 and view["record"]["moves"][0] == "a"
    call(op="redo")
    assert call(op="view")["view"]["ply"] == 4
    assert call(op="redo")["error"]["code"] == "nothing_to_redo"


def test_a_new_move_after_undo_forgets_the_redo():
    call(op="new", game="bakuk")
    call(op="play", move="a")
    call(op="play", move="d")
    call(op="undo")
    assert call(op="view")["view"]["can_redo"]
    call(op="play", move="e")
    assert not call(op="view")["view"]["can_redo"]


def test_replay_looks_back_without_changing_the_game():
    call(op="new", game="bakuk")
    for move in ["a", "d", "b"]:
        call(op="play", move=move)
    now = call(op="view")["view"]
    past = call(op="goto", ply=1)["view"]
    assert past["replay"] and past["ply"] == 1 and past["length"] == 3
    assert past["observation"]["holes"] == [1, 7, 7, 7, 7, 7] and past["steps"] == []
    assert call(op="view")["view"] == now
    assert call(op="goto", ply=9)["error"]["code"] == "bad_ply"
    view = call(op="truncate", ply=1)["view"]
    assert view["record"]["moves"] == ["a"] and view["current_player"] == 1


def test_a_shared_link_opens_the_same_game():
    call(op="new", game="bakuk", options={"players": 3})
    for move in ["a", "c", "e", "b"]:
        call(op="play", move=move)
    answer = call(op="link")
    before = answer["view"]
    opened = call(op="load", link=answer["link"])["view"]
    assert opened["record"] == before["record"]
    assert opened["observation"] == before["observation"]
    tampered = answer["link"][:-3] + ("x" if answer["link"][-3] != "x" else "y") + "ab"
    error = call(op="load", link=tampered)
    assert error["error"]["code"] == "bad_link"
    assert error["view"]["record"] == before["record"]


def test_history_lists_every_move_with_its_player_and_events():
    call(op="new", game="bakuk")
    for move in ["a", "d"]:
        call(op="play", move=move)
    history = call(op="history")["history"]
    assert [(h["ply"], h["move"], h["player"]) for h in history] == [(1, "a", 0), (2, "d", 1)]
    assert history[0]["events"][0]["type"] == "sow"


def test_history_and_replay_of_bolonki_keep_no_face_down_colour():
    import random

    call(op="new", game="bolonki", seed=3)
    rng = random.Random(3)
    flips = 0
    for _ in range(200):
        view = call(op="view")["view"]
        if view["terminal"]:
            break
        moves = [s for s, complete in view["steps"] if complete] or [view["steps"][0][0]]
        challenge = [m for m in moves if m.startswith("challenge")]
        move = challenge[0] if challenge and rng.random() < 0.5 else rng.choice(moves)
        answer = call(op="step", partial=move)
        while "played" not in answer:  # a piece chosen: take its first complete step
            steps = answer["view"]["steps"]
            answer = call(op="step", partial=next((s for s, c in steps if c), steps[0][0]))
        flips += any(e["type"] in ("reveal", "challenge") for e in answer["view"]["events"])
    assert flips >= 1
    history = call(op="history")["history"]
    for entry in history:
        for event in entry["events"]:
            if event["type"] == "challenge" or (
                    event["type"] == "reveal" and event.get("result") != "scored"):
                assert "colour" not in event and "owner" not in event
    for ply in range(len(history) + 1):
        for event in call(op="goto", ply=ply)["view"]["events"]:
            if event["type"] == "challenge":
                assert "colour" not in event


def test_undo_never_rethrows_the_beans():
    call(op="new", game="bul", options={"variant": "puluc"}, seats=["human", "casual"], seed=9)
    thrown = call(op="throw")["played"]
    view = call(op="view")["view"]
    move = view["steps"][0][0]
    call(op="step", partial=move)
    while call(op="view")["view"]["current_player"] not in (0, None):
        current = call(op="view")["view"]["current_player"]
        call(op="throw" if current == -1 else "bot", budget=0.05)
    if call(op="view")["view"]["current_player"] == 0:
        call(op="throw")
    view = call(op="undo")["view"]
    # back to the person's decision after the first throw, with that same throw
    assert view["record"]["moves"] == [thrown]
    assert view["current_player"] == 0 and view["steps"]
    assert not view["can_undo"]  # undoing further would mean throwing again
    assert call(op="undo")["error"]["code"] == "nothing_to_undo"
    assert call(op="view")["view"]["record"]["moves"] == [thrown]


def test_a_buku_move_being_built_shows_the_hand_the_engine_counts():
    call(op="new", game="buku")
    facts = call(op="step", partial="3:")["view"]["partial_facts"]
    assert facts == {"hand": 9, "bonus": True}  # rank 3's 8 pieces and the 65th
    start = call(op="view")["view"]
    assert start["partial_facts"] == {}
    answer = call(op="step", partial="3:c4")["view"]
    assert answer["partial_facts"]["hand"] == 8
