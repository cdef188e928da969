"""Teaching: lessons, puzzles, the print kit and the set-up mode.

Lessons and puzzles (`ludoteca.teaching.coach`) are games that start at their position:
- ``lesson``: ``game``, ``step`` (0-based) → the step's position, with ``coach`` (what the
  page shows: the step's id, index, count and the sections it teaches)
- ``lesson_demo`` → the step again, its demonstration played (with frames and verdict)
- ``puzzles``: ``game``, ``rule_set`` (optional: only that rule set's) → ``[{id,
  difficulty}]``
- ``puzzle_set``: ``game``, ``rule_set``, ``level`` (1..3), ``ids``, ``count`` (each
  optional but the game) → ``ids``: the set's puzzles in play order (`puzzle_set`)
- ``puzzle``: ``id``, or ``game``, ``day`` ("YYYY-MM-DD", the puzzle of the day) and
  ``level`` (1..3, optional); ``rule_set`` (optional: the day's puzzle of that rule set —
  a teacher's plan for Puluc stays with Puluc) → its
  position (after its prelude is played by ``bot``), with ``coach`` (with its ``hint``:
  where to look, never the move); a teacher's position (a link for an ``id``) may carry
  the teacher's ``question`` (their own words, at most QUESTION_MOST characters; without
  it the game's own question)
- ``puzzle_answer`` → the puzzle's answer (``verdict``: ``best``, ``values``, ``line``),
  the last try judged against it
The move that answers (the person's first after the prelude) comes back with a
``verdict`` (``correct``; a lesson's ``why`` not; a right puzzle answer's ``best``,
``values`` and ``line``, a wrong one's nothing more: the person may try again) and the
game stops there: no steps are offered until the page asks again.

The print kit asks, with no game being played:
- ``opening``: ``game``, ``options`` → the opening ``observation`` (a board to print)
- ``puzzle_sheet``: ``game``, ``first``, ``count``, ``key``, ``rule_set`` (optional: that
  rule set's puzzles only, named back as ``rule_set``; the whole set when it has none,
  ``rule_set`` null) → puzzles' positions for a worksheet; with ``key`` their
  answers and every move's value (the answer key); with ``graded`` (and the class's
  ``options``) ``count`` chosen easy to hard instead of from number ``first`` (`graded`)

The set-up mode (`ludoteca.teaching.editor`): the ``draft`` travels with each request:
- ``edit``: ``game``, ``options``, and ``draft`` with ``tool`` and ``target`` (a click),
  ``target`` and ``count`` (a place's count set at once, when ``editing.counts``) or
  ``name`` and ``value`` (a choice); or ``link`` (a game's last position); or neither (the
  opening) → the draft as the page shows it (``editing``)
- ``edit_play``: ``game``, ``options``, ``draft``, ``seats``, ``seed`` → a game from there
- ``edit_link``: ``game``, ``options``, ``draft`` → the link of that position
- ``edit_prove``: ``game``, ``options``, ``draft`` → whether it is a puzzle (``proof``)
"""

from __future__ import annotations

import copy

from .. import registry
from ..core import IllegalMoveError, LudotecaError, OptionError
from ..records import LINK_VERSION, decode_link, encode_link, make_record, replay
from ..teaching import editor
from ..teaching.coach import LessonCoach, PuzzleCoach
from ..teaching.lessons import step_at
from ..teaching.puzzles import find as find_puzzle
from ..teaching.puzzles import graded, of_the_day, puzzle_set, shelf
from . import fields
from .analysis import data_needed
from .session import Session, keep, played

SHEET_PUZZLES = 12  # at most this many puzzles on one sheet
QUESTION_MOST = 200  # characters of a teacher's own question
SET_MOST = 100  # puzzles in a set, as a package may hold (classroom.scorm.MAX_PUZZLES)


# --- lessons and puzzles ----------------------------------------------------------------------
def op_lesson(engine, req):
    """Step ``step`` (0-based) of ``game``'s lesson, on the table."""
    game_id = req.get("game")
    spec = registry.spec_of(game_id)
    index = req.get("step")
    step = step_at(game_id, index)
    count = len(spec.lessons())
    state = step.state()
    session = Session(state.game, [state], [], None, fields.seed(req), engine.data,
                      coach=LessonCoach(step, index, count))
    return {**keep(engine, req, session), "coach": session.coach.describe()}


def op_lesson_demo(session, req):
    """The lesson step from its position again, its demonstration played."""
    if not isinstance(session.coach, LessonCoach):
        raise IllegalMoveError("no lesson step on the table", "not_a_lesson")
    del session.states[1:], session.moves[:]
    session.play(session.coach.step.demo)
    answer = played(session, session.coach.step.demo)
    # the computer met the goal, not the learner: the verdict says so (shown, never credited)
    answer["verdict"] = {**answer["verdict"], "shown": True}
    return {**answer, "demo": True}


def op_puzzles(engine, req):
    """The puzzles of ``game``: ``[{id, difficulty}]``, in order."""
    every, _ = _kept(req.get("game"), req.get("rule_set"))
    return {"puzzles": [{"id": p["id"], "difficulty": p["difficulty"]} for p in every]}


def op_puzzle_set(engine, req):
    """The ids of the puzzle set the page's ``?puzzle=set`` address names."""
    ids, count = req.get("ids"), req.get("count")
    if ids is not None and not (isinstance(ids, list) and len(ids) <= SET_MOST):
        raise OptionError(f"not a list of puzzles: {str(ids)[:40]}", "unknown_puzzle",
                          id=str(ids)[:40])
    if count is not None and (type(count) is not int or not 0 < count <= SET_MOST):
        raise OptionError(f"not a count: {count!r}", "bad_option", option="count",
                          value=str(count)[:10])
    return {"ids": puzzle_set(req.get("game"), req.get("rule_set"), req.get("level"), ids,
                              count)}


def _kept(game_id, rule_set) -> tuple:
    """(the puzzles of `rule_set`, it) — or, when the rule set has none (Bul's Boolik), the
    game's whole set and None: a sheet or a "next" is never empty for want of them."""
    own = shelf(game_id, rule_set)
    return (own, rule_set) if own or rule_set is None else (shelf(game_id), None)


def op_puzzle(engine, req):
    """Puzzle ``id`` — or the puzzle of ``day`` for ``game``, or a teacher's position (a
    link for an ``id``: the engine proves it) — on the table."""
    if "day" in req:
        puzzle = of_the_day(req.get("game"), req.get("day"), req.get("level"),
                            req.get("rule_set"))
    elif isinstance(req.get("id"), str) and req["id"].startswith(LINK_VERSION + "."):
        puzzle = _position_puzzle(engine, req["id"])
        if "needs" in puzzle:
            return puzzle
        asked = " ".join((fields.text(req, "question", None, QUESTION_MOST) or "").split())
        if asked:  # the teacher's own words, shown as written
            puzzle["question"] = {"key": "coach.question.teacher", "params": {"text": asked}}
    else:
        puzzle = find_puzzle(req.get("id"))
    # the series it counts in: the game's whole set (the progress counts every puzzle
    # solved of it), whatever rule set the day's puzzle was drawn from
    series = [p["id"] for p in shelf(puzzle["game"])]
    if "rule_set" in req:  # a rule set the game has not is refused, even with an id
        shelf(puzzle["game"], req.get("rule_set"))
    custom = puzzle["id"] not in series
    if custom:
        series = [puzzle["id"]]
    game = registry.new_game(puzzle["game"], **puzzle["options"])
    start = game.state_from_json(puzzle.get("start", puzzle["state"]))
    session = Session(game, [start], [], None, fields.seed(req), engine.data,
                      coach=PuzzleCoach(puzzle, series.index(puzzle["id"]), len(series), custom))
    return {**keep(engine, req, session), "coach": session.coach.describe()}


def op_puzzle_answer(session, req):
    """The answer of the puzzle on the table (*Ver la solución*), with the person's last
    try judged against it when there was one: asked for, never sent with a wrong try."""
    if not isinstance(session.coach, PuzzleCoach):
        raise IllegalMoveError("no puzzle on the table", "not_a_puzzle")
    answered = len(session.moves) > len(session.coach.script)
    return {"verdict": session.coach.answer(session.moves[-1] if answered else None)}


def _position_puzzle(engine, link) -> dict:
    """The puzzle of a teacher's position (a link's last position), proven now."""
    states = replay(decode_link(link))
    state = states[-1]
    spec = registry.spec_of(state.game.id)
    needs = data_needed(engine, spec)
    if needs:
        return {"needs": needs}
    proof = editor.proof(spec, state, engine.data)
    question = proof.get("question") or {"key": "coach.question.best", "params": {}}
    return {**proof, "id": link, "question": question}


# --- the print kit: what a sheet of paper shows, with no game being played ------------------
def op_opening(engine, req):
    """The opening position of ``game`` with ``options`` (a board to print), as everyone may
    see it: ``observation``, and ``options`` with every default filled in."""
    game = registry.new_game(req.get("game"), **fields.options(req))
    return {"observation": game.initial_state().observation(None),
            "options": dict(game.options)}


def op_puzzle_sheet(engine, req):
    """Puzzles of ``game`` for a worksheet: ``count`` (at most SHEET_PUZZLES) from number
    ``first`` (0-based) of its set. Each: ``id``, ``difficulty``, ``question``, ``options``,
    the question's ``observation`` and, for a puzzle that starts earlier (Bolonki: watch,
    then answer), the ``start`` observation, what it ``shown`` face up there and the
    ``prelude``'s moves. With ``key`` true (the answer key, printed apart) each also has
    its ``best`` moves, every move's ``values`` in the analysis' ``kind``, the ``line`` that
    proves it, ``explain`` (messages), ``reasons`` (why the best move is best, in words: the
    game's `Teaching.puzzle_reasons`) and ``answers``: per best move, the ``events`` it makes
    from the question's position (as everyone sees them), for the page to say in words, and
    ``line_said``: the line's moves the same way, each with who plays it."""
    # read only: nothing here changes them
    every, rule_set = _kept(req.get("game"), req.get("rule_set"))
    first = fields.whole(req, "first", 0, 2**63, 0)
    count = fields.whole(req, "count", 0, 2**63, 6)
    if fields.flag(req, "graded"):  # a class's worksheet: easy to hard, the class's options
        # with every default filled in: the road of 13 rows Puluc is played on, unless named
        played = registry.new_game(req.get("game"), **fields.options(req)).options
        chosen = graded(every, min(count, SHEET_PUZZLES), played)
    else:
        chosen = every[first:first + min(count, SHEET_PUZZLES)]
    sheet = []
    for puzzle in chosen:
        game = registry.new_game(puzzle["game"], **puzzle["options"])
        item = {"id": puzzle["id"], "difficulty": puzzle["difficulty"],
                "question": copy.deepcopy(puzzle["question"]), "options": dict(game.options),
                "observation": game.state_from_json(puzzle["state"]).observation(None),
                "prelude": list(puzzle.get("prelude", []))}
        if "start" in puzzle:
            item["start"] = game.state_from_json(puzzle["start"]).observation(None)
            item["shown"] = dict(puzzle.get("shown", {}))
        if fields.flag(req, "key"):
            item.update(best=list(puzzle["best"]), values=dict(puzzle["values"]),
                        kind=puzzle["kind"], line=list(puzzle.get("line", [])),
                        explain=copy.deepcopy(puzzle.get("explain", [])),
                        answers=_answers(game, puzzle), line_said=_line_said(game, puzzle),
                        reasons=registry.spec_of(puzzle["game"]).puzzle_reasons(
                            puzzle, game.state_from_json(puzzle["state"])))
        sheet.append(item)
    return {"puzzles": sheet, "total": len(every), "rule_set": rule_set}


def _answers(game, puzzle) -> list:
    """Each best move of ``puzzle`` and the events it makes: the engine says what happens,
    the page only says it (the game's own narration)."""
    state = game.state_from_json(puzzle["state"])
    answers = []
    for move in puzzle["best"]:
        child = state.apply(move)
        answers.append({"move": move, "events": child.remembered(child.events)})
    return answers


def _line_said(game, puzzle) -> list:
    """The ``line`` after the first best move, move by move: who plays it (``player``, -1 for
    chance) and the ``events`` it makes, as everyone sees them: the page says the line in
    the game's words (a pupil read "d, a, e, b" as notation; issue 43)."""
    if not puzzle.get("line"):
        return []
    state = game.state_from_json(puzzle["state"]).apply(puzzle["best"][0])
    said = []
    for move in puzzle["line"]:
        player = state.current_player
        state = state.apply(move)
        said.append({"move": move, "player": player, "events": state.remembered(state.events)})
    return said


# --- the set-up mode: the draft travels with each request -----------------------------------
def op_edit(engine, req):
    """A draft edited: ``tool`` on ``target``, or the choice ``name`` set to ``value``; with
    neither, the opening position (or, with ``link``, a game's last position) as a draft."""
    game, spec = editor.game_and_spec(req.get("game"), fields.options(req))
    if "link" in req:
        state = replay(decode_link(req["link"]))[-1]
        if state.game.id != game.id:
            raise OptionError("a link of another game", "wrong_game_link",
                              game=state.game.id, expected=game.id)
        game = state.game
        draft = editor.start(game, spec, state)
    elif "draft" not in req:
        draft = editor.start(game, spec)
    else:
        draft = _draft(req, game, spec)
        if "tool" in req:
            draft = editor.edited(game, spec, draft, req.get("tool"), req.get("target"))
        elif "count" in req:
            draft = editor.counted(game, spec, draft, req.get("target"), req.get("count"))
        elif "name" in req:
            draft = editor.chosen(game, spec, draft, req.get("name"), req.get("value"))
    return {"editing": editor.described(game, spec, draft), "options": dict(game.options)}


def _draft(req, game, spec) -> dict:
    """The request's ``draft``: a state's JSON that the set-up mode can read (it may not be
    legal yet). It is hostile input with no fixed schema (each game's state has its own), so
    it is checked by reading it as the set-up mode will: a draft that cannot be read is a
    corrupt state, before any edit is made of it."""
    draft = req.get("draft")
    if not isinstance(draft, dict):
        raise OptionError("a draft is a state's JSON", "corrupt_state", game=game.id)
    try:
        editor.described(game, spec, draft)
    except LudotecaError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise OptionError(f"corrupt draft: {exc}", "corrupt_state", game=game.id) from None
    return draft


def op_edit_play(engine, req):
    """Play on from a legal draft (a new game, everybody a person unless ``seats`` say)."""
    game, spec = editor.game_and_spec(req.get("game"), fields.options(req))
    state = _position(game, spec, _draft(req, game, spec))
    session = Session(game, [state], [], req.get("seats"), fields.seed(req), engine.data,
                      own_start=True)
    return keep(engine, req, session)


def op_edit_link(engine, req):
    """The link of a legal draft's position: the game from there, and a puzzle of it."""
    game, spec = editor.game_and_spec(req.get("game"), fields.options(req))
    state = _position(game, spec, _draft(req, game, spec))
    return {"link": encode_link(make_record(game, [], state))}


def op_edit_prove(engine, req):
    """Whether a legal draft is a puzzle: its best moves, every move's value, ``clear``."""
    game, spec = editor.game_and_spec(req.get("game"), fields.options(req))
    state = _position(game, spec, _draft(req, game, spec))
    needs = data_needed(engine, spec)
    if needs:
        return {"needs": needs}
    try:
        proof = editor.proof(spec, state, engine.data)
    except NotImplementedError:
        raise OptionError(f"{game.id} cannot prove a position", "no_proof",
                          game=game.id) from None
    return {"proof": proof, "link": encode_link(make_record(game, [], state))}


def _position(game, spec, draft):
    """The legal state of a draft; a draft that cannot become one is a corrupt state."""
    try:
        return editor.position(game, spec, draft)
    except LudotecaError:  # a refusal in words (`illegal_setup`), not a corrupt draft
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise OptionError(f"corrupt draft: {exc}", "corrupt_state", game=game.id) from None


OPS = {
    "lesson": (op_lesson, False), "lesson_demo": (op_lesson_demo, True),
    "puzzles": (op_puzzles, False), "puzzle_set": (op_puzzle_set, False),
    "puzzle": (op_puzzle, False),
    "puzzle_answer": (op_puzzle_answer, True),
    "opening": (op_opening, False), "puzzle_sheet": (op_puzzle_sheet, False),
    "edit": (op_edit, False), "edit_play": (op_edit_play, False),
    "edit_link": (op_edit_link, False), "edit_prove": (op_edit_prove, False),
}

DRAFTED = ("game", "options", "draft")  # what every request on a draft reads
FIELDS = {
    "lesson": ("game", "step", "seed", "session"), "lesson_demo": ("session",),
    "puzzles": ("game", "rule_set"), "puzzle_set": ("game", "rule_set", "level", "ids", "count"),
    "puzzle": ("id", "game", "day", "level", "rule_set", "question", "seed", "session"),
    "puzzle_answer": ("session",),
    "opening": ("game", "options"), "puzzle_sheet": ("game", "first", "count", "key", "rule_set"),
    "edit": (*DRAFTED, "link", "tool", "target", "count", "name", "value"),
    "edit_play": (*DRAFTED, "seats", "seed", "session"),
    "edit_link": DRAFTED, "edit_prove": DRAFTED,
}
