"""Fuzzing `ludoteca.web.handle` as a hostile page, link or save would.

For every game, hypothesis plays sequences that mix legal moves with hostile requests (every
op the facade knows, fields of every JSON type, odd digits, tampered records and links).
After each request:
- the answer is `{ok: true, ...}` or `{ok: false, error: {code, message, params}}` with a
  code the page translates (``error.<code>`` in es.json AND en.json), never ``internal``;
- after an error every game is exactly as it was (moves, redo list, seats, state);
- no answer carries a face-down Bolonki colour: a colour turned up for a moment appears only
  in the frames of the move the answer just played (``face_up``), and in events only for a
  piece that left the board; observations show "?".
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import web
from ludoteca.records import decode_link

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)


def translated_codes() -> set:
    """The error codes with words in both languages, as the build ships the strings (the
    shared ones with every game's own)."""
    catalogue = game_catalogue()
    es, en = (merged_strings(lang, catalogue) for lang in ("es", "en"))
    return {k.removeprefix("error.") for k in es if k.startswith("error.") and k in en}


def facade_ops() -> list:
    """Every op the facade answers (its table): a new op is fuzzed at once."""
    return sorted(web.OPS)


TRANSLATED = translated_codes()
OPS = facade_ops()
GAMES = {  # game -> options tried (hostile ones come from the strategies)
    "bakuk": [{}, {"players": 3}],
    "bul": [{"variant": "puluc"}, {"variant": "aj-sinaanil", "team_size": 2, "length": 9}],
    "bolonki": [{}, {"players": 3, "max_moves": 30}],
    "buku": [{}],
}
FIELDS = ["game", "options", "seats", "seed", "record", "link", "ply", "partial", "move",
          "budget", "session"]
ODD_TEXTS = [
    "²", "²:enter", "challenge:²", "challenge:1", "challenge:9", "9" * 5000, "٣", "enter",
    "1", "5", "3:enter", "2:7", "2:7@3", "3:7b", "pass", "a", "f", "3:", "3:c4-c5", "h:",
    "b1-b2", "b1-b3-d5", "", "main", "other", "human", "beginner", "strong", "bakuk", "bul",
    "bolonki", "buku", "chess", "self", "game_id", "constructor", "__proto__", "toString",
    "1.", "1.AAAA", "2.abc",
]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(), st.floats(allow_nan=False),
    st.text(max_size=8), st.sampled_from(ODD_TEXTS),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["game", "options", "moves", "seats", "players", "variant", "self",
                         "game_id", "max_moves", "x"]) | st.text(max_size=4),
        inner, max_size=3),
    max_leaves=6,
)


def call(request) -> dict:
    text = web.handle(json.dumps(request))
    answer = json.loads(text)
    check_answer(answer, request)
    return answer


def check_answer(answer, request):
    assert isinstance(answer, dict) and answer.get("ok") in (True, False), answer
    if not answer["ok"]:
        error = answer["error"]
        assert set(error) == {"code", "message", "params"}, error
        assert error["code"] in TRANSLATED, f"{error} for {request}"
        assert error["code"] != "internal", f"{error} for {request}"
        assert isinstance(error["params"], dict)


def snapshot() -> dict:
    """Every game as it stands: moves, redo, seats and the last state, hidden facts too."""
    return {name: (list(s.moves), list(s.undone), list(s.seats), len(s.states),
                   json.dumps(s.state.to_json(), sort_keys=True))
            for name, s in web.engine.sessions.items()}


def check_no_hidden_colour(answer):
    """A colour turned up for a moment only in the frames of the move this answer played; in
    events only for a piece that left the board; Bolonki observations show every piece
    as "?". The set-up mode's draft (`editing`) is the teacher's own position, made to be
    seen whole: its colours are the teacher's, not a player's secret."""
    def walk(node, where):
        if where.startswith("answer.editing"):
            return
        if isinstance(node, dict):
            if "colour" in node or "owner" in node:
                assert node.get("type") == "reveal" and node.get("result") == "scored", (
                    f"a colour at {where}: {node}")
            if node.get("face_up"):
                assert "played" in answer and where.startswith("answer.view.frames"), (
                    f"a piece turned up at {where}")
            if node.get("game") == "bolonki" and isinstance(node.get("pieces"), dict) and (
                    not node.get("practice")) and "viewer" in node:
                assert set(node["pieces"].values()) <= {"?"}, f"pieces shown at {where}"
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(answer, "answer")
    if "link" in answer:
        record = decode_link(answer["link"])
        assert record["moves"] == answer["view"]["record"]["moves"]


def legal_request(rng, view) -> dict:
    """A request that plays on: a throw, an offered step, a whole move, a bot's move."""
    if view is None or view.get("terminal"):
        return {"op": "view"}
    if view["current_player"] == -1:
        if view["chance"] and rng.random() < 0.5:
            return {"op": "play", "move": rng.choice(view["chance"])}
        return {"op": "throw"}
    seat = view["seats"][view["current_player"]] if view["current_player"] is not None else None
    if seat not in (None, "human"):
        return {"op": "bot", "budget": 0.01}
    steps = [step for step, _ in view["steps"]]
    if not steps:
        return {"op": "react"}
    challenges = [step for step in steps if step.startswith("challenge")]
    if challenges and rng.random() < 0.5:  # a Bolonki piece turned up: often
        steps = challenges
    return {"op": "step", "partial": rng.choice(steps)}


PLAUSIBLE = {  # per field, values near the real ones (the drawn `values` reach the rest)
    "game": lambda rng: rng.choice(sorted(GAMES) + ["chess", "constructor"]),
    "options": lambda rng: rng.choice([opts for game in GAMES.values() for opts in game]
                                      + [{"self": 1}, {"game_id": 1}, {"players": 9}]),
    "seats": lambda rng: [rng.choice(["human", "beginner", "wizard"])
                          for _ in range(rng.randint(0, 5))],
    "seed": lambda rng: rng.choice([0, -1, 7, 2**31, 2**70]),
    "ply": lambda rng: rng.randint(-2, 60),
    "partial": lambda rng: rng.choice(ODD_TEXTS),
    "move": lambda rng: rng.choice(ODD_TEXTS),
    "budget": lambda rng: rng.choice([-1, 0, 0.01, None, True, "1"]),
    "session": lambda rng: rng.choice(["main", "other", "x" * 41, ""]),
}


def hostile_request(rng, pool, view, links) -> dict:
    """Every op with fields of any JSON type: `pool` holds values hypothesis drew up front."""
    request = {"op": rng.choice(OPS + ["fly", 3])}
    for name in rng.sample(FIELDS, rng.randint(0, 4)):
        plausible = PLAUSIBLE.get(name)
        request[name] = (plausible(rng) if plausible and rng.random() < 0.5
                         else rng.choice(pool))
    if "link" in request and links and rng.random() < 0.5:
        link = rng.choice(links)
        at = rng.randrange(len(link))
        request["link"] = link[:at] + rng.choice(["", "A", "_", "²"]) + link[at:]
    if request["op"] in ("bot", "analyse", "hint"):  # thinking ops: hostile budgets kept,
        budget = request.get("budget")  # long ones cut (clamped, they only make it slow)
        if budget is None or (type(budget) in (int, float) and math.isfinite(budget)
                              and budget > 0.05):
            request["budget"] = 0.05
    if view is not None and view["record"] and rng.random() < 0.25:  # a tampered record
        moves = list(view["record"]["moves"])
        if moves:
            moves[rng.randrange(len(moves))] = rng.choice(pool)
        record = {**view["record"], "moves": moves + rng.sample(pool, rng.randint(0, 2))}
        request = {"op": "load", "record": record,
                   "game": rng.choice([None, view["game"], "bakuk"])}
    return request


def course_request(rng, view, links) -> dict:
    """A legal change of course: undo, redo, replay, continue from a move, reopen a link."""
    length = view["length"] if view else 0
    choice = rng.choice(["undo", "redo", "truncate", "goto", "history", "link", "load_record",
                         "load_link"])
    if choice in ("truncate", "goto"):
        return {"op": choice, "ply": rng.randint(0, length)}
    if choice == "load_record" and view and view["record"]:
        return {"op": "load", "record": view["record"], "game": view["game"]}
    if choice == "load_link" and links:
        return {"op": "load", "link": rng.choice(links)}
    return {"op": choice if choice in OPS else "view"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.integers(0, 1), seed=st.integers(0, 10**6), seats=st.integers(0, 15),
       plan=st.integers(0, 2**32), pool=st.lists(values, min_size=4, max_size=8))
def test_every_request_answers_in_words_and_an_error_changes_nothing(
        game_id, options, seed, seats, plan, pool):
    """Hypothesis draws everything up front; the requests are then chosen by a generator
    seeded with `plan`, because what can be asked depends on the game each request leaves
    (a throw drawn without a seed, a computer's move in a time budget), and hypothesis must
    replay the same draws whatever the game did."""
    web.engine.sessions.clear()
    rng = random.Random(plan)
    options = GAMES[game_id][options % len(GAMES[game_id])]
    start = {"op": "new", "game": game_id, "options": options, "seed": seed}
    answer = call(start)
    players = len(answer["view"]["seats"])
    seats = [("human", "beginner")[(seats >> p) & 1] for p in range(players)]
    answer = call({**start, "seats": seats})
    view, links = answer["view"], []
    for _ in range(rng.randint(1, 16)):
        kind = rng.choice(["legal"] * 5 + ["course"] * 2 + ["hostile"] * 3)
        request = (legal_request(rng, view) if kind == "legal"
                   else course_request(rng, view, links) if kind == "course"
                   else hostile_request(rng, pool, view, links))
        before = snapshot()
        answer = call(request)
        check_no_hidden_colour(answer)
        if "link" in answer:
            links.append(answer["link"])
        if not answer["ok"]:
            assert snapshot() == before, f"{request} changed a game"
            if "view" in answer:
                assert answer["view"] == call({"op": "view"})["view"]
        if web.engine.sessions.get("main") is not None:
            answer = call({"op": "view"})
            check_no_hidden_colour(answer)
            view = answer["view"]
    history = call({"op": "history"})
    check_no_hidden_colour(history)
    check_no_hidden_colour(call({"op": "link"}))


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(
    st.text(max_size=40),
    st.builds(lambda v: json.dumps(v), values),
    st.builds(lambda op, v: json.dumps({"op": op, "x": v}), st.sampled_from(OPS), values),
    st.builds(lambda n: "[" * n + "]" * n, st.integers(0, 3000)),
    st.builds(lambda n: '{"op":"view","a":' + "{\"b\":" * n + "1" + "}" * (n + 1),
              st.integers(0, 3000)),
    st.sampled_from(["NaN", '{"op": "bot", "budget": NaN}', '{"op": "view"} x', "\ud800"]),
))
def test_any_text_answers_in_words(text):
    web.engine.sessions.clear()
    web.handle(json.dumps({"op": "new", "game": "bakuk"}))
    before = snapshot()
    answer = json.loads(web.handle(text))
    check_answer(answer, text)
    if not answer["ok"]:
        assert snapshot() == before
