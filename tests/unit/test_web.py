"""The JSON facade the worker calls: requests in, views out, errors that keep the game."""

from __future__ import annotations

import json

import pytest
from web_calls import call, fresh_sessions  # noqa: F401 (an autouse fixture)

from ludoteca import web


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


@pytest.mark.parametrize("game, options, step, code", [
    ("bakuk", {}, "d", "not_your_hole"),
    ("bul", {"variant": "puluc"}, "enter", "bad_throw"),
    ("buku", {}, "c:", "wrong_line"),
    ("bolonki", {}, "c3", "no_piece"),
    ("bolonki", {}, "b1-b5", "bad_jump"),
])
def test_a_forbidden_step_says_which_rule_it_breaks(game, options, step, code):
    call(op="new", game=game, options=options)
    before = call(op="view")["view"]
    answer = call(op="step", partial=step)
    assert answer["ok"] is False and answer["error"]["code"] == code
    assert answer["view"] == before


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
    levels = call(op="levels", game="bakuk")["levels"]  # weakest first; more may follow
    assert levels[:3] == ["beginner", "casual", "strong"]


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
    assert (facts["hand"], facts["bonus"]) == (9, True)  # rank 3's 8 pieces and the 65th
    assert facts["line_squares"][0] == "a3" and facts["path"] == []
    assert facts["board"][2] == [0] * 8  # the board as the move stands: rank 3 lifted
    start = call(op="view")["view"]
    assert start["partial_facts"] == {}
    answer = call(op="step", partial="3:c4")["view"]
    assert answer["partial_facts"]["hand"] == 8


# --- hostile requests: every one answers an error code, nothing escapes ------------------
def raw(text):
    return json.loads(web.handle(text))


@pytest.mark.parametrize("request_, code", [
    ({"op": "new", "game": "bul", "options": {"game_id": 1}}, "unknown_option"),
    ({"op": "new", "game": "bakuk", "options": {"self": 1}}, "unknown_option"),
    ({"op": "new", "game": "bakuk", "seats": ["casual", "human"], "seed": "x"}, "bad_request"),
    ({"op": "new", "game": "bakuk", "seats": ["casual", "human"], "seed": [1]}, "bad_request"),
    ({"op": "new", "game": "bakuk", "seats": ["casual", "human"], "seed": {"a": 1}},
     "bad_request"),
    ({"op": "new", "game": "bakuk", "seed": 1.5}, "bad_request"),
    ({"op": "view", "session": [1]}, "bad_request"),
    ({"op": "new", "game": "bakuk", "session": {"a": 1}}, "bad_request"),
    ({"op": "levels", "game": ["bakuk"]}, "unknown_game"),
    ({"op": "levels", "game": {"bakuk": 1}}, "unknown_game"),
    ({"op": "bot", "budget": None}, "not_bot_turn"),
    ({"op": "load", "record": {"game": "bakuk", "options": {"self": 2}, "moves": []}},
     "unknown_option"),
])
def test_requests_that_used_to_escape_answer_an_error_and_keep_the_game(request_, code):
    call(op="new", game="bakuk")
    call(op="play", move="a")
    before = call(op="view")["view"]
    answer = call(**request_)
    assert not answer["ok"] and answer["error"]["code"] == code
    assert call(op="view")["view"] == before


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"op": "new", "game": "bakuk", "options": ' + "{\"a\":" * 5000 + "1" + "}" * 5001,
    '{"op": "view", "x": NaN}',
    '{"op": "view", "x": Infinity}',
    '{"op": "new", "game": "bakuk", "seed": ' + "9" * 5000 + "}",
    '{"op": "view", "pad": "' + " " * 2_000_001 + '"}',
], ids=["deep list", "deep options", "NaN", "Infinity", "5000 digits", "2 MB"])
def test_deep_huge_or_non_json_requests_are_bad_requests(text):
    call(op="new", game="bakuk")
    before = call(op="view")["view"]
    answer = raw(text)
    assert answer["error"]["code"] == "bad_request"
    assert answer.get("view", before) == before
    assert call(op="view")["view"] == before


def test_a_link_nested_deep_inside_is_a_bad_link():
    import base64
    import zlib

    payload = b"[" * 3000 + b"]" * 3000
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(payload) + packer.flush() + zlib.crc32(payload).to_bytes(4, "big")
    link = "1." + base64.urlsafe_b64encode(body).rstrip(b"=").decode()
    assert call(op="load", link=link)["error"]["code"] == "bad_link"


@pytest.mark.parametrize("budget, clamped", [
    (1e9, 10.0), (10**30, 10.0), (-5, 0.05), (0, 0.05), (0.3, 0.3), (None, 1.0)])
def test_a_bot_budget_is_clamped_to_a_sane_range(monkeypatch, budget, clamped):
    from ludoteca.games.bakuk import bots as bakuk_ai

    asked = []
    monkeypatch.setattr(bakuk_ai.SearchBot, "choose",
                        lambda self, state, budget=1.0: asked.append(budget) or "a")
    call(op="new", game="bakuk", seats=["strong", "human"], seed=1)
    assert call(op="bot", budget=budget)["played"] == "a"
    assert asked == [clamped]


@pytest.mark.parametrize("budget", ["NaN", "Infinity", "-Infinity", "[]", "{}", "\"soon\"",
                                    "true"])
def test_a_budget_that_is_no_number_is_refused_at_once(budget):
    call(op="new", game="bakuk", seats=["strong", "human"], seed=1)
    answer = raw('{"op": "bot", "budget": ' + budget + "}")
    assert answer["error"]["code"] == "bad_request"
    assert call(op="view")["view"]["record"]["moves"] == []


@pytest.mark.parametrize("budget", [float("nan"), float("inf"), -float("inf")])
def test_a_non_finite_budget_from_python_is_refused(budget):
    with pytest.raises(ValueError):
        web.fields.budget({"budget": budget})


def test_the_error_handler_itself_cannot_fail(monkeypatch):
    call(op="new", game="bakuk")

    def broken_view(self, *args, **kwargs):
        raise RuntimeError("the view broke")

    monkeypatch.setattr(web.Session, "view", broken_view)
    answer = call(op="play", move="zz")  # an error whose view cannot be drawn
    assert answer["ok"] is False and answer["error"]["code"] == "bad_notation"
    answer = call(op="view")  # the view breaks while answering: the engine says so
    assert answer["ok"] is False and answer["error"]["code"] == "internal"

    def unwritable(*args, **kwargs):
        raise ludoteca_error_with(object())

    monkeypatch.setattr(web.engine, "dispatch", unwritable)
    answer = call(op="view")
    assert answer == {"ok": False, "error": {"code": "odd_params", "message": "odd_params",
                                             "params": {"message": "odd_params"}}}


def ludoteca_error_with(param):
    from ludoteca.core import LudotecaError

    return LudotecaError("params that JSON cannot write", "odd_params", thing=param)


def test_too_many_sessions_are_refused():
    for n in range(8):
        assert call(op="new", game="bakuk", session=f"s{n}")["ok"]
    answer = call(op="new", game="bakuk", session="one more")
    assert answer["error"]["code"] == "bad_request"
    assert call(op="new", game="bul", session="s3")["ok"]  # an existing one is replaced


def test_a_game_cannot_grow_past_the_move_limit(monkeypatch):
    monkeypatch.setattr(web.session, "MAX_GAME_MOVES", 2)
    call(op="new", game="bakuk")
    call(op="play", move="a")
    call(op="play", move="d")
    answer = call(op="play", move="b")
    assert answer["error"]["code"] == "too_many_moves"
    assert answer["view"]["record"]["moves"] == ["a", "d"]


@pytest.mark.parametrize("request_", [
    {"op": "play", "move": "challenge:²"},
    {"op": "play", "move": "challenge:" + "1" * 5000},
    {"op": "step", "partial": "challenge:²"},
])
def test_odd_digits_in_a_bolonki_move_are_illegal_moves(request_):
    call(op="new", game="bolonki")
    call(op="play", move="b1-b2")
    answer = call(**request_)
    assert answer["error"]["code"] in ("bad_notation", "illegal_step")


@pytest.mark.parametrize("move", ["²", "²:enter", "9" * 5000])
def test_odd_digits_in_a_bul_move_are_illegal_moves(move):
    call(op="new", game="bul", options={"variant": "puluc"})
    call(op="play", move="2")
    assert call(op="play", move=move)["error"]["code"] == "bad_notation"
    record = {"game": "bul", "options": {}, "moves": ["2", move]}
    error = call(op="load", record=record)["error"]
    assert error["code"] == "corrupt_record" and "int()" not in error["message"]


# --- Bolonki: a colour seen for a moment never comes back --------------------------------
def bolonki_game_ending_in_a_challenge():
    """A Bolonki record whose last move is a challenge (the challenged piece turned up and
    back face down), found by playing seeded random moves."""
    import random

    import ludoteca

    game = ludoteca.new_game("bolonki")
    for seed in range(100):
        rng, state, moves = random.Random(seed), game.initial_state(), []
        while not state.is_terminal and len(moves) < 80:
            legal = state.legal_moves()
            challenges = [m for m in legal if m.startswith("challenge")]
            move = challenges[0] if challenges and rng.random() < 0.3 else rng.choice(legal)
            state, moves = state.apply(move), moves + [move]
            if move.startswith("challenge"):
                return moves
    raise AssertionError("no challenge in 100 games")


def event_colours(answer):
    return [e for e in answer["view"]["events"] if "colour" in e or "owner" in e]


def face_up(answer):
    return [f["observation"]["face_up"] for f in answer["view"]["frames"]
            if "face_up" in f["observation"]]


def test_a_challenged_colour_shows_once_and_never_again():
    moves = bolonki_game_ending_in_a_challenge()
    call(op="new", game="bolonki")
    for move in moves:
        answer = call(op="play", move=move)
    assert face_up(answer)  # the move just made shows the piece to everyone, in its frames
    assert not event_colours(answer)  # the events, which the page keeps, do not
    assert not face_up(call(op="view"))
    assert not event_colours(call(op="view"))
    assert not event_colours(call(op="undo"))
    assert not event_colours(call(op="redo"))
    assert not event_colours(call(op="truncate", ply=len(moves)))
    assert not event_colours(call(op="load", record={"game": "bolonki", "options": {},
                                                     "moves": moves}))
    link = call(op="link")["link"]
    assert not event_colours(call(op="load", link=link))
    assert not event_colours(call(op="play", move="zz"))  # an error's view
    assert call(op="view")["view"]["record"]["moves"] == moves


# --- a link of another game, links that keep their seats ----------------------------------
def test_a_link_of_another_game_is_refused_and_the_game_stays():
    call(op="new", game="bolonki")
    link = call(op="link")["link"]
    call(op="new", game="bakuk")
    call(op="play", move="a")
    before = call(op="view")["view"]
    answer = call(op="load", link=link, game="bakuk")
    assert answer["error"]["code"] == "wrong_game_link"
    assert answer["error"]["params"] == {"game": "bolonki", "expected": "bakuk"}
    assert call(op="view")["view"] == before
    assert call(op="load", link=link, game="bolonki")["ok"]


def test_a_link_keeps_its_seats_unless_the_request_names_them():
    call(op="new", game="bakuk", seats=["human", "strong"])
    call(op="play", move="a")
    link = call(op="link")["link"]
    web.engine.sessions.clear()
    assert call(op="load", link=link)["view"]["seats"] == ["human", "strong"]
    assert call(op="load", link=link, seats=["casual", "human"])["view"]["seats"] == [
        "casual", "human"]
    record = {"game": "bakuk", "options": {"players": 2}, "moves": ["a"],
              "seats": ["human", "wizard"]}
    assert call(op="load", record=record)["error"]["code"] == "bad_level"
