"""One sound request of every operation the web facade declares (`ludoteca.web.OPS`), as
the page would send it, each answered `ok`: run under Pyodide with the site's slim standard
library (tests/pyodide/test_stdlib.py), it walks every path the page can take into the
engine, so a module one of them imports and the zip lacks shows up there.

Plain Python with no test imports: the text of this file is sent to Pyodide as it is.
`every_op()` returns ``{op: None | "error code: message"}``; an op without a request here
is reported as ``"no request"`` (a new op needs one)."""

import base64
import json
import random


def _ask(request):
    from ludoteca import web
    return json.loads(web.handle(json.dumps(request)))


def _play_out(session, limit=400):
    """A two-person game played to its end with random legal moves and throws."""
    from ludoteca import web
    rng = random.Random(3)
    view = _ask({"op": "view", "session": session})["view"]
    while not view["terminal"] and limit:
        state = web.engine.sessions[session].state
        view = _ask({"op": "play", "session": session,
                     "move": rng.choice(state.legal_moves())})["view"]
        limit -= 1
    return view


def every_op(data_root):
    """Every op once; `data_root`: the folder holding the games' data files (a solved table
    the page fetches and hands over with ``analysis_data``) at their paths in the site."""
    from pathlib import Path

    from ludoteca import registry, web
    answers = {}

    def ask(request):
        answer = _ask(request)
        op = request["op"]
        if op not in answers or answers[op] is not None:
            answers[op] = None if answer.get("ok") else (
                f"{answer['error']['code']}: {answer['error']['message']}")
        return answer

    # the table
    ask({"op": "levels", "game": "bakuk"})
    ask({"op": "new", "game": "bakuk", "seats": ["human", "beginner"], "seed": 5})
    ask({"op": "view"})
    view = ask({"op": "throw"})["view"]
    step = view["steps"][0][0]
    ask({"op": "step", "partial": step})
    ask({"op": "bot", "budget": 0.05})
    ask({"op": "undo"})
    ask({"op": "redo"})
    ask({"op": "history"})
    ask({"op": "goto", "ply": 1})
    link = ask({"op": "link"})["link"]
    ask({"op": "load", "link": link, "game": "bakuk"})
    ask({"op": "truncate", "ply": 1})
    ask({"op": "new", "game": "bolonki", "seats": ["human", "beginner"], "seed": 2})
    view = ask({"op": "view"})["view"]
    while view["current_player"] == -1 or not view["steps"]:
        view = _ask({"op": "throw" if view["current_player"] == -1 else "bot"})["view"]
    ask({"op": "play", "move": web.engine.sessions["main"].state.legal_moves()[0]})
    ask({"op": "react"})
    # analysis: the hint, the review and why a move, then Bakuk's solved table
    ask({"op": "new", "game": "bul", "seed": 1})
    ask({"op": "throw"})
    ask({"op": "hint", "budget": 0.05})
    ask({"op": "analyse", "ply": 0, "budget": 0.05})
    move = web.engine.sessions["main"].states[0].legal_moves()[0]
    ask({"op": "why", "ply": 0, "move": move, "budget": 0.05})
    for spec in registry.GAMES.values():
        for name, path in spec.data_files.items():
            data = (Path(data_root) / path).read_bytes()
            ask({"op": "analysis_data", "name": name, "data": base64.b64encode(data).decode()})
    # teaching: a lesson, puzzles, the print kit, the set-up mode
    ask({"op": "lesson", "game": "bakuk", "step": 0})
    ask({"op": "lesson_demo"})
    puzzles = ask({"op": "puzzles", "game": "bakuk"})["puzzles"]
    ask({"op": "puzzle", "id": puzzles[0]["id"]})
    ask({"op": "puzzle_answer"})
    ask({"op": "opening", "game": "bul", "options": {"length": 9}})
    ask({"op": "puzzle_sheet", "game": "bakuk", "count": 4, "key": True})
    ask({"op": "puzzle_set", "game": "bul", "rule_set": "puluc", "level": 1, "count": 2})
    editing = ask({"op": "edit", "game": "bakuk", "options": {}})["editing"]
    on = {"game": "bakuk", "options": {}, "draft": editing["draft"]}
    ask({"op": "edit_play", **on, "seed": 1})
    ask({"op": "edit_link", **on})
    ask({"op": "edit_prove", **on})
    # the classroom: a tournament, a pupil's match, a SCORM package
    t = ask({"op": "tournament_new", "names": ["Ana", "Bea", "Cai"], "game": "bakuk",
             "options": {}, "system": "round_robin", "boards": 1, "seed": 11})
    ask({"op": "tournament_view", "tournament": t["tournament"]})
    ask({"op": "match", "code": t["match_codes"][0]})
    ask({"op": "match_new", "code": t["match_codes"][0], "names": ["Ana", "Bea"],
         "session": "pupil"})
    result = _play_out("pupil")["match"]["result_code"]
    entered = ask({"op": "tournament_enter", "tournament": t["tournament"], "code": result})
    ask({"op": "tournament_clear", "tournament": entered["tournament"], "game": 0})
    ask({"op": "tournament_next", "tournament": entered["tournament"]})
    ask({"op": "scorm_package", "standard": "2004", "site": "https://a.example/ludoteca/",
         "activity": {"type": "puzzles", "game": "bakuk", "level": "hard", "count": 5},
         "title": "Bakuk", "lang": "es", "mastery": 0.6,
         "launch": {"index.html": "<!doctype html>", "launch.js": "//"}})
    # the labs
    ask({"op": "beans_facts", "game": "bul"})
    ask({"op": "beans_verdict", "game": "bul", "tallies": [7, 24, 30, 22, 9]})
    ask({"op": "beans_throw", "game": "bul", "count": 40, "seed": 11})
    codes = ask({"op": "beans_code", "game": "bul", "class": 1, "group": 1,
                 "tallies": [7, 24, 30, 22, 9]})["codes"]
    ask({"op": "beans_read", "game": "bul", "code": codes[0]["code"], "class": 1,
         "pooled": []})
    ask({"op": "fairness_lab", "game": "bakuk"})
    ask({"op": "fairness_config", "game": "bakuk", "options": {},
         "levels": ["beginner", "casual"]})
    ask({"op": "fairness_run", "game": "bakuk", "options": {},
         "levels": ["beginner", "beginner"], "seed": 1, "first": 0, "games": 1,
         "seconds": 5})
    for op in web.OPS:
        answers.setdefault(op, "no request")
    web.engine.sessions.clear()
    return answers
