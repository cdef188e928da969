"""Fuzzing `ludoteca.web.handle` as a hostile page, link or save would.

Every field of every operation: each op declares the fields it reads (`web.FIELDS`, checked
to cover every op of `web.OPS`, so a new op is fuzzed at once), and hypothesis sends each of
them hostile values (wrong types, huge and negative numbers, NaN-like strings, nested junk,
missing fields, unknown games, options and ids), with and without a game open.

For every game, hypothesis also plays sequences that mix legal moves with hostile requests
(every op the facade knows, fields of every JSON type, odd digits, tampered records and links).
After each request:
- the answer is `{ok: true, ...}` or `{ok: false, error: {code, message, params}}` with a
  code the page translates (``error.<code>`` in es.json AND en.json), never ``internal``:
  ``internal`` is the engine's own fault (a fault inside a game's rules answers it, and
  logs it), never a hostile request's;
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
FIELDS = sorted({name for names in web.FIELDS.values() for name in names})
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


# --- every field of every operation ---------------------------------------------------------
def test_every_op_declares_the_fields_it_reads():
    """The fuzz below reads its fields from `web.FIELDS`: an op without them is not fuzzed."""
    assert set(web.FIELDS) == set(web.OPS)
    for op, names in web.FIELDS.items():
        assert isinstance(names, tuple) and all(isinstance(n, str) for n in names), op
        reads_session = web.OPS[op][1] or "session" in names
        assert reads_session == ("session" in names), f"{op} reads a session: declare it"


def _made(*requests) -> dict:
    """What a fresh engine answers the last of `requests` (real codes, links, drafts to
    send as they are or tampered with)."""
    engine = web.Engine()
    for request in requests:
        answer = json.loads(engine.handle(json.dumps(request)))
        assert answer["ok"], answer
    return answer


_GAME = _made({"op": "new", "game": "bakuk", "options": {"players": 3}})["view"]
_LINK = _made({"op": "new", "game": "bul", "seats": ["human", "beginner"]},
              {"op": "throw"}, {"op": "link"})["link"]
_CLASS = _made({
    "op": "tournament_new", "names": ["Ana", "Bea", "Cai", "Dan"], "game": "bakuk",
    "options": {}, "system": "swiss", "boards": 2, "rounds": 2, "seed": 3})
_TOURNAMENT = _CLASS["tournament"]
_EDITING = [_made({"op": "edit", "game": game})["editing"] for game in sorted(GAMES)]
_DRAFTS = [editing["draft"] for editing in _EDITING]
_SETUP = {  # the set-up mode's real tools, targets, choices and their values
    "tool": sorted({tool for editing in _EDITING for tool in editing["tools"]}),
    "target": sorted({str(t) for editing in _EDITING for t in editing["targets"]}),
    "name": sorted({c["name"] for editing in _EDITING for c in editing["choices"]}),
    "value": [v for editing in _EDITING for c in editing["choices"] for v in c["values"]],
}


def _tampered(draft) -> list:
    """`draft` with one field changed at a time: wrapped, null, negative, a string, and (in
    a list or object) one item changed so."""
    found = []
    for key, value in draft.items():
        found += [{**draft, key: odd} for odd in ([value], None, -1, 10**9, "x")]
        if isinstance(value, list) and value:
            found += [{**draft, key: [odd, *value[1:]]} for odd in (None, -1, "x", [])]
        if isinstance(value, dict) and value:
            first = next(iter(value))
            found += [{**draft, key: {**value, first: odd}} for odd in (None, -1, "x")]
    return found
REAL = {  # per field, real values (a request of real ones may be answered: that is fine)
    "game": sorted(GAMES) * 3 + ["chess", "constructor", "__proto__", "", "nim"],
    "options": [{}] * 4 + [{"players": 3}, {"variant": "puluc"}, {"players": 99}, {"self": 1},
                           {"variant": ["x"]}, {"max_moves": -1}],
    "seats": [["human", "human"], ["beginner", "human"], ["wizard"], [{"a": 1}, None]],
    "seed": [0, -1, 7, 2**31, 2**70, -(2**70)],
    "ply": [0, 1, -1, 10**12],
    "partial": ODD_TEXTS, "move": ODD_TEXTS,
    "code": ODD_TEXTS + _CLASS["match_codes"] * 12 + ["M-AAAA-AAAA", "T-0000"],
    "budget": [-1, 0, 0.01, 10**30, "NaN", "Infinity"],
    "session": ["main"] * 6 + ["other", "x" * 41, ""],
    "record": [_GAME["record"], {**_GAME["record"], "moves": ["a", "zz"]},
               {**_GAME["record"], "options": []}, {**_GAME["record"], "start": {"x": 1}},
               {"game": "bul", "options": {}, "moves": [1, None]}],
    "link": [_LINK, _LINK[:-3], "1.AAAA", "2.abc", "1." + "A" * 300, "x"],
    "step": [0, 1, -1, 10**9, 1.0, "0"],
    "id": ["bakuk-1", "bul-0", "nim-1", "1.AAAA", "-", "bakuk-", _LINK],
    "day": ["2026-01-01", "2026-13-45", "0000-00-00", "²²²²-²²-²²", "2026-1-1"],
    "first": [0, 3, -1, 10**12, 2**64], "count": [0, 1, 12, -1, 10**12],
    "question": ODD_TEXTS + ["x" * 201, "  ¿Cuál?  "],
    "games": [0, 1, -1, 10**9], "key": [True, False, 1, "true"],
    "draft": [*_DRAFTS, *(tampered for draft in _DRAFTS for tampered in _tampered(draft)),
              {}, {"holes": [4] * 6}, {"holes": "x", "captured": None, "to_move": 9},
              {"board": [[1]], "captured": [0], "to_move": 0, "hand_bonus": "x"},
              {"pieces": {"a1": "?"}, "players": 2, "max_moves": 1, "to_move": 0}],
    "tool": _SETUP["tool"] + ["x", None], "target": _SETUP["target"] + ["z9", 0],
    "name": _SETUP["name"] + ["bakuk2", "x"], "value": _SETUP["value"] + [99, "x", None],
    "tournament": [_TOURNAMENT] * 5 + [{**_TOURNAMENT, "rounds": "x"}, {**_TOURNAMENT, "tag": -1},
                   {**_TOURNAMENT, "game": "chess"}, {**_TOURNAMENT, "version": 99},
                   {**_TOURNAMENT, "names": [1, 2]}],
    "names": [["Ana", "Bea"], ["Ana"], ["Ana", "Ana"], ["", None], ["x" * 500, "y"]],
    "system": ["swiss", "round_robin", "knockout"], "boards": [1, 0, 33, -1],
    "rounds": [1, 0, 40], "tallies": [[1, 2, 3, 4, 5], [0, 0, 0, 0, 0], [-1] * 5, [10**9] * 5],
    "bias": [1, 50, 99, 0, 101], "class": [1, 0, 10**6], "group": [1, 0, 10**6],
    "pooled": [[], [{"group": 1, "part": 1, "tallies": [1, 2, 3, 4, 5]}], [{"group": "x"}]],
    "levels": [["beginner", "beginner"], ["beginner"], ["x", "y"]],
    "seconds": [0.05, -1, "NaN", 10**30], "tally": [{}, {"wins": [1, 2]}, {"games": -1}],
    "baseline": [{}, {"tally": {"wins": [1, 1]}, "fair": 0.5}, {"tally": {}, "fair": 2}],
    "data": ["", "AAAA", "not base64!", "H4sIAAAAAAAA"],
}
SLOW = {"budget": 0.05, "seconds": 0.05}  # thinking fields: a valid number is cut to this


def hostile_field(name):
    real = REAL.get(name)
    return values if real is None else st.one_of(values, st.sampled_from(real))


ABSENT = object()


def field_value(name) -> st.SearchStrategy:
    """Mostly a real value (so that the request reaches its later fields), else absent or
    hostile: each field in its turn is the hostile one."""
    real = st.sampled_from(REAL.get(name, [None]))
    return st.sampled_from(["real"] * 3 + ["absent", "hostile"]).flatmap(
        lambda kind: real if kind == "real" else st.just(ABSENT) if kind == "absent"
        else values)


def op_request(op) -> st.SearchStrategy:
    """A request for `op`: each of its fields real, absent or hostile."""
    names = web.FIELDS[op]
    return st.tuples(*(field_value(name) for name in names)).map(lambda drawn: {
        "op": op, **{n: v for n, v in zip(names, drawn, strict=True) if v is not ABSENT}})


def cut_slow(request) -> dict:
    """Budgets and slice times stay hostile, but a valid long one is cut (it only makes the
    request slow: it is clamped, never endless)."""
    for name, short in SLOW.items():
        value = request.get(name)
        if type(value) in (int, float) and math.isfinite(value) and value > short:
            request[name] = short
    if request["op"] == "fairness_run":
        request.setdefault("seconds", SLOW["seconds"])
    return request


@pytest.mark.parametrize("op", sorted(web.OPS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), table=st.sampled_from([None, "bakuk", "bul", "bolonki", "buku"]),
       bot_first=st.booleans())
def test_hostile_fields_of_every_op_are_refused_in_words(op, data, table, bot_first):
    """Each field of `op` hostile, with or without a game open: the answer is a named refusal
    or an answer, never ``internal``; a refusal leaves every game as it was, and an op that
    reads no session (it names none) never changes one."""
    web.engine.sessions.clear()
    if table is not None:
        view = call({"op": "new", "game": table, "seed": 1})["view"]
        seats = ["beginner" if bot_first and p == 0 else "human"
                 for p in range(len(view["seats"]))]
        call({"op": "new", "game": table, "seed": 1, "seats": seats})
    request = cut_slow(data.draw(op_request(op)))
    before = snapshot()
    answer = call(request)
    if not answer["ok"] or "session" not in web.FIELDS[op]:
        assert snapshot() == before, f"{request} changed a game"


# --- a fault of the engine is the engine's ---------------------------------------------------
def test_a_fault_inside_a_games_rules_is_internal_and_logged(monkeypatch, capsys):
    """A KeyError inside a game's rules is no refusal of the person's request: it answers
    ``internal`` (not ``bad_request``) and its traceback is logged on stderr (the console)."""
    web.engine.sessions.clear()
    call({"op": "new", "game": "bakuk"})
    state_class = type(web.engine.sessions["main"].state)

    def broken(self, *args, **kwargs):
        raise KeyError("a hole the rules forgot")

    monkeypatch.setattr(state_class, "apply_with_frames", broken)
    before = snapshot()
    answer = json.loads(web.handle(json.dumps({"op": "play", "move": "a"})))
    assert answer["ok"] is False and answer["error"]["code"] == "internal"
    assert "KeyError" in answer["error"]["message"]
    assert snapshot() == before
    logged = capsys.readouterr().err
    assert "internal error answering 'play'" in logged
    assert "Traceback" in logged and "a hole the rules forgot" in logged
    assert answer["error"]["code"] in TRANSLATED  # the page words it: the engine's fault


@pytest.mark.parametrize("op", ["edit", "edit_play", "edit_link", "edit_prove"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), which=st.integers(0, len(_DRAFTS) - 1))
def test_a_games_own_draft_tampered_is_refused_in_words(op, data, which):
    """The set-up mode's fields reach deeper with a draft of the request's own game: its
    opening's draft, or that draft with one field made hostile, edited by real or hostile
    tools, targets and choices."""
    web.engine.sessions.clear()
    draft = _DRAFTS[which]
    request = {"op": op, "game": draft["game"],
               "draft": data.draw(st.sampled_from([draft, *_tampered(draft)]))}
    for name in ("tool", "target", "count", "name", "value"):
        if data.draw(st.booleans()):
            request[name] = data.draw(hostile_field(name))
    call(request)
