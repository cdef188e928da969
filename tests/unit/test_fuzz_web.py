"""Fuzzing `ludoteca.web.handle` as a hostile page, link or save would (issue 13).

For every game, hypothesis plays sequences that mix legal moves with hostile requests (every
op the facade knows, fields of every JSON type, odd digits, tampered records and links).
After each request:
- the answer is `{ok: true, ...}` or `{ok: false, error: {code, message, params}}` with a
  code the page translates (``error.<code>`` in es.json AND en.json), never ``internal``;
- after an error every game is exactly as it was (moves, redo list, seats, state);
- no answer carries a face-down Bolonki colour: a colour appears only in the events of the
  move the answer just played, or for a piece that left the board; observations show "?".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import web
from ludoteca.records import decode_link

ROOT = Path(__file__).resolve().parents[2]


def translated_codes() -> set:
    es, en = (json.loads((ROOT / f"web/i18n/{lang}.json").read_text()) for lang in ("es", "en"))
    return {k.removeprefix("error.") for k in es if k.startswith("error.") and k in en}


def facade_ops() -> list:
    """Every op `_dispatch` answers, read from its source: a new op is fuzzed at once."""
    source = Path(web.__file__).read_text()
    found = set()
    for line in source.splitlines():
        if re.search(r"\bop (==|in) ", line):
            found.update(re.findall(r'"([a-z_]+)"', line.split("op", 1)[1]))
    return sorted(found)


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
            for name, s in web._sessions.items()}


def check_no_hidden_colour(answer):
    """A colour only in the events of the move this answer played, or of a piece that left
    the board; Bolonki observations (frames too) show every piece as "?"."""
    played_events = answer.get("view", {}).get("events", []) if "played" in answer else []
    allowed = {id(event) for event in played_events}

    def walk(node, where):
        if isinstance(node, dict):
            if ("colour" in node or "owner" in node) and id(node) not in allowed:
                assert node.get("type") == "reveal" and node.get("result") == "scored", (
                    f"a colour at {where}: {node}")
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


def legal_request(data, view) -> dict:
    """A request that plays on: a throw, an offered step, a whole move, a bot's move."""
    if view is None or view.get("terminal"):
        return {"op": "view"}
    if view["current_player"] == -1:
        if view["chance"] and data.draw(st.booleans()):
            return {"op": "play", "move": data.draw(st.sampled_from(view["chance"]))}
        return {"op": "throw"}
    seat = view["seats"][view["current_player"]] if view["current_player"] is not None else None
    if seat not in (None, "human"):
        return {"op": "bot", "budget": 0.01}
    steps = [step for step, _ in view["steps"]]
    if not steps:
        return {"op": "react"}
    challenges = [step for step in steps if step.startswith("challenge")]
    if challenges and data.draw(st.booleans()):  # a Bolonki piece turned up: often
        steps = challenges
    return {"op": "step", "partial": data.draw(st.sampled_from(steps))}


PLAUSIBLE = {  # per field, values near the real ones (the random `values` reach the rest)
    "game": st.sampled_from(sorted(GAMES) + ["chess", "constructor"]),
    "options": st.sampled_from([opts for game in GAMES.values() for opts in game]
                               + [{"self": 1}, {"game_id": 1}, {"players": 9}]),
    "seats": st.lists(st.sampled_from(["human", "beginner", "wizard"]), max_size=5),
    "seed": st.integers(),
    "ply": st.integers(-2, 60),
    "partial": st.sampled_from(ODD_TEXTS),
    "move": st.sampled_from(ODD_TEXTS),
    "budget": st.sampled_from([-1, 0, 0.01, None, True, "1"]),
    "session": st.sampled_from(["main", "other", "x" * 41, ""]),
}


def hostile_request(data, view, links) -> dict:
    request = {"op": data.draw(st.sampled_from(OPS + ["fly", 3]))}
    for name in data.draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        plausible = PLAUSIBLE.get(name)
        request[name] = data.draw(values if plausible is None else st.one_of(plausible, values))
    if "link" in request and links and data.draw(st.booleans()):
        link = data.draw(st.sampled_from(links))
        at = data.draw(st.integers(0, len(link) - 1))
        request["link"] = link[:at] + data.draw(st.sampled_from(["", "A", "_", "²"])) + link[at:]
    if request["op"] == "bot" and not (type(request.get("budget")) in (int, float)
                                       and request["budget"] <= 0.05):
        request.pop("budget", None)  # a long budget only makes the test slow (clamped)
    if view is not None and data.draw(st.integers(0, 3)) == 0:  # a tampered record
        moves = list(view["record"]["moves"])
        if moves:
            moves[data.draw(st.integers(0, len(moves) - 1))] = data.draw(values)
        record = {**view["record"], "moves": moves + data.draw(st.lists(values, max_size=2))}
        request = {"op": "load", "record": record,
                   "game": data.draw(st.sampled_from([None, view["game"], "bakuk"]))}
    return request


def course_request(data, view, links) -> dict:
    """A legal change of course: undo, redo, replay, continue from a move, reopen a link."""
    length = view["length"] if view else 0
    choice = data.draw(st.sampled_from(["undo", "redo", "truncate", "goto", "history",
                                        "link", "load_record", "load_link"]))
    if choice in ("truncate", "goto"):
        return {"op": choice, "ply": data.draw(st.integers(0, length))}
    if choice == "load_record" and view:
        return {"op": "load", "record": view["record"], "game": view["game"]}
    if choice == "load_link" and links:
        return {"op": "load", "link": data.draw(st.sampled_from(links))}
    return {"op": choice if choice in OPS else "view"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_request_answers_in_words_and_an_error_changes_nothing(game_id, data):
    web._sessions.clear()
    options = data.draw(st.sampled_from(GAMES[game_id]))
    levels = ["human", "beginner"]
    start = {"op": "new", "game": game_id, "options": options,
             "seed": data.draw(st.integers(0, 10**6))}
    answer = call(start)
    players = len(answer["view"]["seats"])
    seats = data.draw(st.lists(st.sampled_from(levels), min_size=players, max_size=players))
    answer = call({**start, "seats": seats})
    view, links = answer["view"], []
    for _ in range(data.draw(st.integers(1, 16))):
        kind = data.draw(st.sampled_from(["legal"] * 5 + ["course"] * 2 + ["hostile"] * 3))
        request = (legal_request(data, view) if kind == "legal"
                   else course_request(data, view, links) if kind == "course"
                   else hostile_request(data, view, links))
        before = snapshot()
        answer = call(request)
        check_no_hidden_colour(answer)
        if "link" in answer:
            links.append(answer["link"])
        if not answer["ok"]:
            assert snapshot() == before, f"{request} changed a game"
            if "view" in answer:
                assert answer["view"] == call({"op": "view"})["view"]
        if web._sessions.get("main") is not None:
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
    web._sessions.clear()
    web.handle(json.dumps({"op": "new", "game": "bakuk"}))
    before = snapshot()
    answer = json.loads(web.handle(text))
    check_answer(answer, text)
    if not answer["ok"]:
        assert snapshot() == before
