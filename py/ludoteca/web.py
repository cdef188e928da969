"""The JSON facade the browser's worker calls — the only module the page talks to.

One entry point, `handle(request_json) -> response_json`, so the worker passes strings
and nothing else crosses the Pyodide boundary. Every response carries the page's `view`:
an *observation* (never the full state: Bolonki colours stay here), the events of the last
move, the legal first steps of the next move and the public record. So that the page
computes no rule, the view also says what each offered step is (``step_facts``), who made
the last move (``last_move``) and, in the answer that played a move, its ``frames``: the
observation after each step of it, for the page to animate (`core.State.apply_with_frames`).

Requests (``op`` and its fields):
- ``new``: ``game``, ``options``, ``seats`` (per player ``"human"`` or a bot level),
  ``seed`` (for throws and bots) → a fresh game
- ``load``: ``record`` (or ``link``, a shared link's code), ``seats``, ``seed``, ``game``
  (optional: the game the page expects; another game's record is ``wrong_game_link``) →
  the game of a record, at its last move, with the link's seats unless ``seats`` is given
- ``undo`` / ``redo`` → back to the last position where a person decided / forward again
- ``goto``: ``ply`` → the view after that move (replay); the game itself is unchanged
- ``truncate``: ``ply`` → continue playing from there (later moves are dropped)
- ``link`` → the shared-link code of the game and its seats (``records.encode_link``)
- ``history`` → every move so far with its player and events (for the move log)
- ``step``: ``partial`` → if ``partial`` is a complete move that cannot be extended, it is
  played; otherwise the view lists its next steps (``steps``) and whether it is already a
  legal move (``partial_complete``)
- ``play``: ``move`` → plays a complete move (also a chance outcome typed in by people)
- ``throw`` → at a chance node, draws the outcome from the seeded generator
- ``bot`` → the computer plays for the seat to move (``budget`` seconds, clamped into
  ``limits.BOT_BUDGET``)
- ``react`` → computer seats may act out of turn (a Bolonki challenge); the first does
- ``view`` → the current view
- ``levels``: ``game`` → the computer levels of a game
- ``analyse`` {ply, budget} → the review of the position after move ``ply`` and of the move
  made there (`analysis.review.Review.ply`); ``hint`` {budget} → the values of the moves
  offered now and the best ones. Both say what data file would make them exact
  (``needs``: ``{name, path}``, or null), which the page fetches and hands back:
- ``analysis_data``: ``name``, ``data`` (base64) → the engine keeps the game's data file (the solved
  Bakuk table) for every game's analysis and computer players from then on.
The view says too which data file a computer seat at the table plays by (``needs``).

Lessons and puzzles (`ludoteca.coach`) are games that start at their position:
- ``lesson``: ``game``, ``step`` (0-based) → the step's position, with ``coach`` (what the
  page shows: the step's id, index, count and the sections it teaches)
- ``lesson_demo`` → the step again, its demonstration played (with frames and verdict)
- ``puzzles``: ``game`` → ``[{id, difficulty}]``
- ``puzzle``: ``id``, or ``game`` and ``day`` ("YYYY-MM-DD", the puzzle of the day) → its
  position (after its prelude is played by ``bot``), with ``coach``
The print kit asks, with no game being played:
- ``opening``: ``game``, ``options`` → the opening ``observation`` (a board to print)
- ``puzzle_sheet``: ``game``, ``first``, ``count``, ``key`` → puzzles' positions for a
  worksheet; with ``key`` their answers and every move's value (the answer key)
The move that answers (the person's first after the prelude) comes back with a
``verdict`` (``correct``; a lesson's ``why`` not, a puzzle's ``best``, ``values`` and
``line``) and the game stops there: no steps are offered until the page asks again.
The bean lab (`ludoteca.bean_lab`; ``game`` names a game with beans):
- ``beans_facts`` → the lab's facts (the beans, each count of marked faces' value and odds)
- ``beans_verdict``: ``tallies`` (one per count of marked faces), ``bias`` (optional, a
  percent) → each count observed and expected, the chi-square test, its verdict and (with
  ``bias``) the throws that would show beans biased that much
- ``beans_throw``: ``count``, ``seed`` → throws on screen, drawn as the game draws them
- ``beans_code``: ``class``, ``group``, ``tallies`` → the group's result codes
- ``beans_read``: ``code`` (a code or a result link), ``class``, ``pooled`` → what it holds
  and whether it is new, a duplicate or an update of a part pooled before

Errors answer ``{"ok": false, "error": {code, message, params}, "view": ...}`` and leave the
game as it was. Requests, records and links are read within ``limits`` (size, nesting,
moves); ``seed`` is a whole number, ``session`` a short name.

Every answer comes from `Engine`, the one object that holds the games being played and the
data files loaded; `OPS` names the function that answers each request.
"""

from __future__ import annotations

import base64
import copy
import json
import math
import random

from . import bean_lab, editor, fairness, match_codes, registry, tournament
from .analysis.review import Review
from .coach import LessonCoach, PuzzleCoach
from .core import CHANCE, IllegalMoveError, LudotecaError, OptionError, sample_chance
from .lessons import step_at
from .limits import BOT_BUDGET, MAX_GAME_MOVES, MAX_REQUEST_CHARS, MAX_SESSIONS, parse_json
from .puzzles import find as find_puzzle
from .puzzles import of_the_day, puzzles
from .records import LINK_VERSION, decode_link, encode_link, make_record, replay

HUMAN = "human"
ANALYSIS_BUDGET = (0.005, 5.0)  # seconds a review's position or a hint may take


class Session:
    """One game being played: its states, the public record, the bots at the table and its
    review (whose analyst's caches last the game). `data`: the engine's data files."""

    match = None  # a class tournament's game (`match_codes.read_match`), else None

    def __init__(self, game, states, moves, seats, seed, data, coach=None, own_start=False):
        self.game, self.states, self.moves = game, states, moves
        self.coach = coach  # a lesson step or a puzzle on the table (`ludoteca.coach`)
        # whether the game began at a position of its own, kept in its record
        self.own_start = own_start or coach is not None
        self.spec = registry.spec_of(game.id)
        self.seed = seed
        self.data = data
        self.rng = random.Random(seed)
        self.seats = _check_seats(game, seats)
        self.undone = []  # moves taken back (to redo), the next one last
        self.frames = []  # the frames of the last move played (see `view`)
        # True only while answering the request that made the last move: only then does
        # the view carry its frames (with a Bolonki colour seen for a moment)
        self.just_played = False
        self.review = Review(registry.analyst_for(game, data))
        self._seat_bots()

    def _seat_bots(self):
        """(Re)build the bots and tell them the game so far: they remember what they saw."""
        seed = self.seed
        self.bots = {
            p: registry.bot_for(self.game, p, level,
                                seed=None if seed is None else seed * 31 + p, data=self.data)
            for p, level in enumerate(self.seats) if level != HUMAN
        }
        for i, move in enumerate(self.moves):
            self._tell_bots(move, self.states[i + 1].events)

    @property
    def state(self):
        return self.states[-1]

    def play(self, move, keep_redo=False):
        if len(self.moves) >= MAX_GAME_MOVES:
            raise IllegalMoveError(f"a game has at most {MAX_GAME_MOVES} moves",
                                   "too_many_moves", limit=MAX_GAME_MOVES)
        child, self.frames = self.state.apply_with_frames(move)
        self.states.append(child)
        self.moves.append(move)
        self._tell_bots(move, child.events)
        self.just_played = True
        if not keep_redo:
            self.undone.clear()

    def _tell_bots(self, move, events):
        for bot in self.bots.values():
            bot.observe(move, events)

    def scripted(self) -> bool:
        """Whether the next move is the coach's (a puzzle's prelude), not a person's."""
        return self.coach is not None and len(self.moves) < len(self.coach.script)

    def judged(self) -> bool:
        """Whether the coach has judged the person's answer: the game stops there."""
        return self.coach is not None and len(self.moves) > len(self.coach.script)

    def verdict(self):
        """The coach's verdict on the move just played, when it was the answer."""
        if self.coach is None or len(self.moves) != len(self.coach.script) + 1:
            return None
        return self.coach.judge(self.states[-2], self.moves[-1], self.state)

    def record(self) -> dict:
        return make_record(self.game, self.moves, self.states[0] if self.own_start else None)

    def _person_decides(self, state) -> bool:
        player = state.current_player
        return player is not None and player != CHANCE and self.seats[player] == HUMAN

    def _undo_target(self):
        """The index of the last earlier state where a person decided, or None."""
        return next((i for i in range(len(self.states) - 2, -1, -1)
                     if self._person_decides(self.states[i])), None)

    def undo(self):
        """Back to the last position where a person decided. Throws are never undone into
        other throws: undo stops just after a throw, never before it."""
        target = None if self.coach is not None else self._undo_target()
        if target is None:
            raise IllegalMoveError("nothing to undo", "nothing_to_undo")
        while len(self.states) > target + 1:
            self.states.pop()
            self.undone.append(self.moves.pop())
        self._seat_bots()

    def redo(self):
        """Forward again through the moves undone, up to the next decision of a person."""
        if not self.undone:
            raise IllegalMoveError("nothing to redo", "nothing_to_redo")
        while self.undone:
            self.play(self.undone.pop(), keep_redo=True)
            if self._person_decides(self.state):
                break
        self.just_played = False  # moves seen before: no flash of what they showed

    def truncate(self, ply):
        """Continue playing from move `ply` of the game (the later moves are dropped)."""
        self.check_ply(ply)
        del self.states[ply + 1:], self.moves[ply:]
        self.undone.clear()
        self._seat_bots()

    def check_ply(self, ply) -> int:
        if type(ply) is not int or not 0 <= ply <= len(self.moves):
            raise OptionError(f"no move {ply!r} in this game", "bad_ply", ply=repr(ply))
        return ply

    def needs(self, name):
        """``{name, path}`` of data file `name` when it is not loaded yet, else None."""
        if name is None or name in self.data:
            return None
        return {"name": name, "path": self.spec.data_files[name]}

    def view(self, partial="", ply=None) -> dict:
        """The page's view of the game now, or (replay) of the position after move `ply`."""
        replaying = ply is not None
        state = self.states[ply] if replaying else self.state
        player = state.current_player
        frozen = replaying or self.judged() or (self.scripted() and ply is None)
        steps = state.extensions(partial) if player != CHANCE and not frozen else []
        ply = ply if replaying else len(self.moves)
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "seats": list(self.seats),
            "observation": state.observation(None),
            # what the page may keep of the move (`State.remembered`): what it showed only
            # for a moment (a Bolonki piece turned up) is in its frames, sent once
            "events": state.remembered(state.events),
            "current_player": player,
            "terminal": state.is_terminal,
            "returns": state.returns() if state.is_terminal else None,
            "chance": [o for o, _ in state.chance_outcomes()] if player == CHANCE else [],
            "partial": partial,
            "partial_complete": bool(partial) and state.is_legal(partial),
            "partial_facts": state.partial_facts(partial) if partial else {},
            "steps": [[step, complete] for step, complete in steps],
            # what each step is (a value, a unit, a square...): no view parses notation
            "step_facts": state.step_facts(partial, steps) if steps else {},
            # what a click on each board element would ask, offered or not (`State.targets`);
            # at a throw too: a click there is answered with the rule (a throw is due)
            "targets": state.targets(partial) if player is not None and not frozen else {},
            # the move that led here: who made it (-1: a throw) and what it was
            "last_move": {"ply": ply, "player": self.states[ply - 1].current_player,
                          "move": self.moves[ply - 1]} if ply else None,
            # the observation after each step of the move just played, to animate it
            "frames": self.frames if self.just_played and not replaying else [],
            "ply": ply,
            "length": len(self.moves),
            "replay": replaying,
            "can_undo": self.coach is None and self._undo_target() is not None,
            "can_redo": self.coach is None and bool(self.undone),
            # a coached game's record would show its start (a Bolonki puzzle's colours): the
            # page has no use for it (such a game is not saved, nor shared from there)
            "record": self.record() if self.coach is None else None,
            # a coached game: the coach plays the next move (a puzzle's prelude), or has
            # judged the answer (nothing more is offered)
            "scripted": self.scripted() and not replaying,
            "judged": self.judged(),
            # what a puzzle shows its person before its first move, to memorise (Bolonki's
            # colours, face up until the prelude is watched face down)
            "shown": self.coach.puzzle.get("shown") if ply == 0 and isinstance(
                self.coach, PuzzleCoach) else None,
            # a data file a computer seat plays by, not loaded yet: the page fetches it
            "needs": self.needs(self.spec.seat_data(self.game, self.seats)),
            # a tournament's game: its round and number, and at its end the result code
            "match": self.match_view() if self.match else None,
        }

    def match_view(self) -> dict:
        state = self.state
        code = (match_codes.result_code(self.match, state.returns())
                if state.is_terminal else None)
        return {"round": self.match["round"], "game": self.match["game"],
                "code": self.match["code"], "result_code": code}


def _check_seats(game, seats):
    if seats is None:
        return [HUMAN] * game.num_players
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise OptionError(
            f"seats must list {game.num_players} players", "bad_seats",
            players=game.num_players,
        )
    levels = registry.levels(game.id)
    for seat in seats:
        if seat != HUMAN and seat not in levels:
            raise OptionError(f"unknown seat {seat!r}", "bad_level", level=repr(seat))
    return list(seats)


def _bad_field(name, value, why):
    return OptionError(f"{name}={value!r}: {why}", "bad_request", op="?", field=name)


def _seed(req):
    """The seed of throws and bots: absent/null, or a whole number."""
    seed = req.get("seed")
    if seed is not None and type(seed) is not int:
        raise _bad_field("seed", seed, "a seed is a whole number")
    return seed


def _seconds(req, default: float, bounds: tuple) -> float:
    """The request's ``budget`` of seconds, clamped into `bounds` (never endless)."""
    budget = req.get("budget")
    if budget is None:
        return default
    if type(budget) not in (int, float) or not math.isfinite(budget):
        raise _bad_field("budget", budget, "a budget is a number of seconds")
    low, high = bounds
    return min(max(float(budget), low), high)


def _budget(req) -> float:
    """A computer player's thinking time in seconds, clamped into BOT_BUDGET."""
    return _seconds(req, 1.0, BOT_BUDGET)


def _session_name(req) -> str:
    name = req.get("session", "main")
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise _bad_field("session", name, "a session is named by a short string")
    return name


class Engine:
    """What the worker's Python holds: the games being played (`sessions`, by name) and the
    data files loaded (`data`: name -> object, shared by every game's analysis and bots)."""

    def __init__(self):
        self.sessions = {}
        self.data = {}

    def forget_games(self) -> None:
        """Drop every game (a restored memory snapshot starts with none open)."""
        self.sessions.clear()

    def session(self, req) -> Session:
        session = self.sessions.get(_session_name(req))
        if session is None:
            raise OptionError("no game has been started", "no_game")
        return session

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON response (see the module docstring).

        Nothing escapes: a request the rules refuse answers its error; anything else (a
        field of an unexpected type, a limit passed) answers ``bad_request``; a fault of the
        engine itself answers ``internal``. The game stays as it was in every case."""
        req = None
        try:
            req = parse_json(request_json, MAX_REQUEST_CHARS)
            if not isinstance(req, dict):
                raise OptionError("a request must be an object", "bad_request", op="?")
            return json.dumps({"ok": True, **self.dispatch(req)})
        except LudotecaError as exc:
            error = exc.to_json()
        except (ValueError, TypeError, KeyError) as exc:  # malformed JSON or field
            error = {"code": "bad_request", "message": _text(exc), "params": {"op": "?"}}
        except Exception as exc:  # an engine fault, or memory/recursion exhausted: say so
            error = {"code": "internal", "message": _text(exc),
                     "params": {"message": _text(exc)}}
        return self._error_answer(error, req)

    def dispatch(self, req) -> dict:
        op = req.get("op")
        if not isinstance(op, str) or op not in OPS:
            raise OptionError(f"unknown request {op!r}", "bad_request", op=repr(op))
        answer, needs_session = OPS[op]
        if not needs_session:
            return answer(self, req)
        session = self.session(req)
        session.just_played = False
        return answer(session, req)

    def _error_answer(self, error, req) -> str:
        """The error answer, with the unchanged game's view when there is one. It cannot
        fail: if the view or the error's params cannot be written, the answer goes
        without them."""
        try:
            text = json.dumps({"ok": False, "error": error})
        except Exception:
            code = error.get("code") if isinstance(error, dict) else None
            code = code if isinstance(code, str) and code.isidentifier() else "internal"
            return json.dumps({"ok": False, "error": {"code": code, "message": code,
                                                      "params": {"message": code}}})
        try:
            name = req.get("session", "main") if isinstance(req, dict) else None
            session = self.sessions.get(name) if isinstance(name, str) else None
            if session is None:
                return text
            session.just_played = False
            return json.dumps({"ok": False, "error": error, "view": session.view()})
        except Exception:
            return text


def _text(exc) -> str:
    try:
        return f"{type(exc).__name__}: {exc}"[:500]
    except Exception:
        return type(exc).__name__


# --- the requests that need no game --------------------------------------------------------
def op_new(engine, req):
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    game = registry.new_game(req.get("game"), **options)
    session = Session(game, [game.initial_state()], [], req.get("seats"), _seed(req),
                      engine.data)
    return _open(engine, req, session)


def op_load(engine, req):
    """The game of a record or link. With ``game`` the page says which game it expects: a
    record of another game is refused (``wrong_game_link``). The request's ``seats`` win
    over those a link keeps; with neither everybody is a person."""
    record = decode_link(req["link"]) if "link" in req else req.get("record")
    expected = req.get("game")
    if expected is not None and not isinstance(expected, str):
        raise _bad_field("game", expected, "the expected game is named by its id")
    if expected is not None and isinstance(record, dict) and record.get("game") != expected:
        raise OptionError(f"the link is a {record.get('game')!r} game, not {expected!r}",
                          "wrong_game_link", game=str(record.get("game")),
                          expected=str(expected))
    states = replay(record)
    seats = req.get("seats")
    if seats is None:
        seats = record.get("seats")
    session = Session(states[0].game, states, list(record["moves"]), seats, _seed(req),
                      engine.data, own_start="start" in record)
    return _open(engine, req, session)


def _open(engine, req, session) -> dict:
    """Keep a new game under the request's session name, once it is sound."""
    name = _session_name(req)
    if name not in engine.sessions and len(engine.sessions) >= MAX_SESSIONS:
        raise _bad_field("session", name, f"at most {MAX_SESSIONS} games at once")
    engine.sessions[name] = session
    return {"view": session.view()}


def op_lesson(engine, req):
    """Step ``step`` (0-based) of ``game``'s lesson, on the table."""
    game_id = req.get("game")
    registry.spec_of(game_id)
    index = req.get("step")
    step = step_at(game_id, index)
    count = len(registry.spec_of(game_id).lessons())
    state = step.state()
    session = Session(state.game, [state], [], None, _seed(req), engine.data,
                      coach=LessonCoach(step, index, count))
    return {**_open(engine, req, session), "coach": session.coach.describe()}


def op_puzzles(engine, req):
    """The puzzles of ``game``: ``[{id, difficulty}]``, in order."""
    return {"puzzles": [{"id": p["id"], "difficulty": p["difficulty"]}
                        for p in puzzles(req.get("game"))]}


def op_puzzle(engine, req):
    """Puzzle ``id`` — or the puzzle of ``day`` for ``game``, or a teacher's position (a
    link for an ``id``: the engine proves it) — on the table."""
    if "day" in req:
        puzzle = of_the_day(req.get("game"), req.get("day"))
    elif isinstance(req.get("id"), str) and req["id"].startswith(LINK_VERSION + "."):
        puzzle = _position_puzzle(engine, req["id"])
        if "needs" in puzzle:
            return puzzle
    else:
        puzzle = find_puzzle(req.get("id"))
    shelf = [p["id"] for p in puzzles(puzzle["game"])]
    custom = puzzle["id"] not in shelf
    if custom:
        shelf = [puzzle["id"]]
    game = registry.new_game(puzzle["game"], **puzzle["options"])
    start = game.state_from_json(puzzle.get("start", puzzle["state"]))
    session = Session(game, [start], [], None, _seed(req), engine.data,
                      coach=PuzzleCoach(puzzle, shelf.index(puzzle["id"]), len(shelf), custom))
    return {**_open(engine, req, session), "coach": session.coach.describe()}


# --- the print kit: what a sheet of paper shows, with no game being played ------------------
SHEET_PUZZLES = 12  # at most this many puzzles on one sheet


def op_opening(engine, req):
    """The opening position of ``game`` with ``options`` (a board to print), as everyone may
    see it: ``observation``, and ``options`` with every default filled in."""
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    game = registry.new_game(req.get("game"), **options)
    return {"observation": game.initial_state().observation(None),
            "options": dict(game.options)}


def op_puzzle_sheet(engine, req):
    """Puzzles of ``game`` for a worksheet: ``count`` (at most SHEET_PUZZLES) from number
    ``first`` (0-based) of its set. Each: ``id``, ``difficulty``, ``question``, ``options``,
    the question's ``observation`` and, for a puzzle that starts earlier (Bolonki: watch,
    then answer), the ``start`` observation, what it ``shown`` face up there and the
    ``prelude``'s moves. With ``key`` true (the answer key, printed apart) each also has
    its ``best`` moves, every move's ``values`` in the analysis' ``kind``, the ``line`` that
    proves it and ``explain`` (messages)."""
    shelf = registry.spec_of(req.get("game")).puzzles()  # read only: nothing here changes it
    first, count = req.get("first", 0), req.get("count", 6)
    for name, value in (("first", first), ("count", count)):
        if type(value) is not int or value < 0:
            raise _bad_field(name, value, "a whole number, 0 or more")
    sheet = []
    for puzzle in shelf[first:first + min(count, SHEET_PUZZLES)]:
        game = registry.new_game(puzzle["game"], **puzzle["options"])
        item = {"id": puzzle["id"], "difficulty": puzzle["difficulty"],
                "question": copy.deepcopy(puzzle["question"]), "options": dict(game.options),
                "observation": game.state_from_json(puzzle["state"]).observation(None),
                "prelude": list(puzzle.get("prelude", []))}
        if "start" in puzzle:
            item["start"] = game.state_from_json(puzzle["start"]).observation(None)
            item["shown"] = dict(puzzle.get("shown", {}))
        if req.get("key") is True:
            item.update(best=list(puzzle["best"]), values=dict(puzzle["values"]),
                        kind=puzzle["kind"], line=list(puzzle.get("line", [])),
                        explain=copy.deepcopy(puzzle.get("explain", [])))
        sheet.append(item)
    return {"puzzles": sheet, "total": len(shelf)}


def _position_puzzle(engine, link) -> dict:
    """The puzzle of a teacher's position (a link's last position), proven now."""
    states = replay(decode_link(link))
    state = states[-1]
    spec = registry.spec_of(state.game.id)
    needs = _data_needed(engine, spec)
    if needs:
        return {"needs": needs}
    proof = editor.proof(spec, state, engine.data)
    question = proof.get("question") or {"key": "coach.question.best", "params": {}}
    return {**proof, "id": link, "question": question}


def _data_needed(engine, spec):
    """``{name, path}`` of a data file of the game's exact analysis not loaded yet."""
    name = spec.Analyst(spec.Game(), engine.data).needs()
    return None if name is None else {"name": name, "path": spec.data_files[name]}


# --- the set-up mode (`ludoteca.editor`): the draft travels with each request ---------------
def op_edit(engine, req):
    """A draft edited: ``tool`` on ``target``, or the choice ``name`` set to ``value``; with
    neither, the opening position (or, with ``link``, a game's last position) as a draft."""
    game, spec = editor.game_and_spec(req.get("game"), req.get("options") or {})
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
        draft = _draft(req)
        if "tool" in req:
            draft = editor.edited(game, spec, draft, req.get("tool"), req.get("target"))
        elif "name" in req:
            draft = editor.chosen(game, spec, draft, req.get("name"), req.get("value"))
    return {"editing": editor.described(game, spec, draft), "options": dict(game.options)}


def _draft(req) -> dict:
    draft = req.get("draft")
    if not isinstance(draft, dict):
        raise OptionError("a draft is a state's JSON", "corrupt_state", game="?")
    return draft


def op_edit_play(engine, req):
    """Play on from a legal draft (a new game, everybody a person unless ``seats`` say)."""
    game, spec = editor.game_and_spec(req.get("game"), req.get("options") or {})
    state = _checked(editor.position, game, spec, _draft(req))
    session = Session(game, [state], [], req.get("seats"), _seed(req), engine.data,
                      own_start=True)
    return _open(engine, req, session)


def op_edit_link(engine, req):
    """The link of a legal draft's position: the game from there, and a puzzle of it."""
    game, spec = editor.game_and_spec(req.get("game"), req.get("options") or {})
    state = _checked(editor.position, game, spec, _draft(req))
    return {"link": encode_link(make_record(game, [], state))}


def op_edit_prove(engine, req):
    """Whether a legal draft is a puzzle: its best moves, every move's value, ``clear``."""
    game, spec = editor.game_and_spec(req.get("game"), req.get("options") or {})
    state = _checked(editor.position, game, spec, _draft(req))
    needs = _data_needed(engine, spec)
    if needs:
        return {"needs": needs}
    try:
        proof = editor.proof(spec, state, engine.data)
    except NotImplementedError:
        raise OptionError(f"{game.id} cannot prove a position", "no_proof",
                          game=game.id) from None
    return {"proof": proof, "link": encode_link(make_record(game, [], state))}


def _checked(make, game, spec, draft):
    """A draft read as hostile input: anything malformed is a corrupt state."""
    try:
        return make(game, spec, draft)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise OptionError(f"corrupt draft: {exc}", "corrupt_state", game=game.id) from None


def op_levels(engine, req):
    game = req.get("game")
    if not isinstance(game, str):
        raise OptionError(f"unknown game {game!r}", "unknown_game", game=repr(game))
    return {"levels": registry.levels(game)}


def op_analysis_data(engine, req):
    """A data file the page fetched (a game's, `GameSpec.data_files`), base64."""
    name, data = req.get("name"), req.get("data")
    spec = registry.data_owner(name) if isinstance(name, str) else None
    if spec is None or not isinstance(data, str):
        raise _bad_field("data", "...", "a game's data file, base64")
    engine.data[name] = spec.load_data(name, base64.b64decode(data, validate=True))
    return {"loaded": name}


# --- the bean lab (`ludoteca.bean_lab`) ----------------------------------------------------
def op_beans_facts(engine, req):
    return {"lab": bean_lab.facts(bean_lab.lab_of(req.get("game")))}


def op_beans_verdict(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"verdict": bean_lab.verdict(lab, req.get("tallies"), req.get("bias"))}


def op_beans_throw(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"throws": bean_lab.throws(lab, req.get("count"), _seed(req))}


def op_beans_code(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"codes": bean_lab.make_codes(lab, req.get("class"), req.get("group"),
                                         req.get("tallies"))}


def op_beans_read(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"read": bean_lab.read_code(lab, req.get("code"), req.get("class"),
                                       req.get("pooled"))}


# --- the requests on a game ----------------------------------------------------------------
def op_view(session, req):
    return {"view": session.view()}


def op_step(session, req):
    partial = req.get("partial", "")
    if not isinstance(partial, str):
        raise IllegalMoveError("a step must be a string", "not_a_string")
    state = session.state
    _check_person_may_move(session)
    if state.is_legal(partial) and not state.extensions(partial):
        session.play(partial)
        return _played(session, partial)
    steps = state.extensions(partial)
    if partial and not steps and not state.is_legal(partial):
        try:  # the rule it breaks, in the game's own words (a forbidden click's reason)
            state.apply(partial)
        except IllegalMoveError as reason:
            if reason.code != "illegal_move":
                raise
        raise IllegalMoveError(f"{partial!r} does not start a legal move", "illegal_step",
                               move=partial)
    return {"view": session.view(partial)}


def _check_person_may_move(session) -> None:
    """In a coached game a person moves only to answer, and only once."""
    if session.judged() or session.scripted():
        raise IllegalMoveError("the answer is given, or the lesson is showing a move",
                               "coach_turn")


def op_play(session, req):
    move = req.get("move")
    _check_person_may_move(session)
    session.play(move)
    return _played(session, move)


def _played(session, move) -> dict:
    """The answer to a move a person made: with the coach's verdict when it answered."""
    answer = {"view": session.view(), "played": move}
    verdict = session.verdict()
    if verdict is not None:
        answer["verdict"] = verdict
    return answer


def op_lesson_demo(session, req):
    """The lesson step from its position again, its demonstration played."""
    if not isinstance(session.coach, LessonCoach):
        raise IllegalMoveError("no lesson step on the table", "not_a_lesson")
    del session.states[1:], session.moves[:]
    session.play(session.coach.step.demo)
    return {**_played(session, session.coach.step.demo), "demo": True}


def op_throw(session, req):
    _check_person_may_move(session)
    if session.state.current_player != CHANCE:
        raise IllegalMoveError("nothing to throw now", "not_chance")
    move = sample_chance(session.state, session.rng)
    session.play(move)
    return {"view": session.view(), "played": move}


def op_undo(session, req):
    session.undo()
    return {"view": session.view()}


def op_redo(session, req):
    session.redo()
    return {"view": session.view()}


def op_goto(session, req):
    """Replay: the view after move ``ply``; the game stays as it is."""
    return {"view": session.view(ply=session.check_ply(req.get("ply")))}


def op_truncate(session, req):
    if session.coach is not None:
        raise IllegalMoveError("a lesson or a puzzle is tried again, not continued",
                               "coach_turn")
    session.truncate(req.get("ply"))
    return {"view": session.view()}


def op_history(session, req):
    """Every move with who made it and its events: for the log."""
    return {"history": [
        {"ply": i + 1, "move": move, "player": session.states[i].current_player,
         "events": session.states[i + 1].remembered(session.states[i + 1].events)}
        for i, move in enumerate(session.moves)]}


def op_link(session, req):
    return {"link": encode_link(session.record(), session.seats),
            "view": session.view()}


def op_react(session, req):
    """Let the computer seats act out of turn (a Bolonki challenge), in turn order
    starting with the player to move; the first that acts plays."""
    state = session.state
    if state.is_terminal or state.current_player == CHANCE:
        return {"view": session.view()}
    n = state.num_players
    for offset in range(n):
        player = (state.current_player + offset) % n
        bot = session.bots.get(player)
        move = bot.react(state) if bot else None
        if move is not None and state.is_legal(move):
            session.play(move)
            return {"view": session.view(), "played": move}
    return {"view": session.view()}


def op_bot(session, req):
    if session.scripted():  # a puzzle's prelude: the coach's next move
        move = session.coach.script[len(session.moves)]
        session.play(move)
        return {"view": session.view(), "played": move}
    player = session.state.current_player
    if player not in session.bots:
        raise IllegalMoveError("it is not a computer player's turn", "not_bot_turn")
    move = session.bots[player].choose(session.state, _budget(req))
    session.play(move)
    return {"view": session.view(), "played": move}


def op_analyse(session, req):
    """The review of the position after move ``ply`` and of the move made there."""
    ply = session.check_ply(req.get("ply"))
    budget = _seconds(req, 0.05, ANALYSIS_BUDGET)
    return {"analysis": session.review.ply(session.states, session.moves, ply, budget),
            "needs": session.needs(session.review.analyst.needs())}


def op_hint(session, req):
    """The values of the moves offered now and the best ones."""
    budget = _seconds(req, 0.05, ANALYSIS_BUDGET)
    return {"hint": session.review.hint(session.states, session.moves, budget),
            "needs": session.needs(session.review.analyst.needs())}


# --- a class tournament (`ludoteca.tournament`): the tournament travels with each request ---
def _described(t) -> dict:
    """The teacher's view of tournament `t`: its standings and the round's match codes."""
    number = len(t["rounds"])
    codes_now = [match_codes.match_code(t["tag"], number, game, t["game"], t["options"])
                 for game in range(len(t["rounds"][-1]["pairs"]))]
    return {**tournament.described(t), "match_codes": codes_now}


def _tournament(req) -> dict:
    t = tournament.check(req.get("tournament"))
    match_codes.options_number(t["game"], t["options"])  # a game this site can pair
    return t


def op_tournament_new(engine, req):
    """A tournament: ``names``, ``game``, ``options``, ``system``, ``boards``, ``rounds``
    (Swiss), ``seed`` (draws its tag) → its first round paired."""
    game, options = req.get("game"), req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    match_codes.options_number(game, options)
    options = dict(registry.new_game(game, **options).options)
    tag = random.Random(_seed(req)).randrange(1 << match_codes.TAG_BITS)
    return _described(tournament.new(req.get("names"), game, options, req.get("system"),
                                     req.get("boards"), tag, req.get("rounds")))


def op_tournament_view(engine, req):
    return _described(_tournament(req))


def op_tournament_enter(engine, req):
    """A result ``code`` typed in: refused (in words) if mistyped, of another tournament or
    round, or of a game already entered."""
    t = _tournament(req)
    result = match_codes.read_result(req.get("code"))
    if result["tag"] != t["tag"]:
        raise OptionError("the code is of another tournament", "result_other_tournament")
    t = tournament.enter(t, result["round"], result["game"], result["result"])
    return {**_described(t), "entered": result}


def op_tournament_clear(engine, req):
    return _described(tournament.clear(_tournament(req), req.get("game")))


def op_tournament_next(engine, req):
    return _described(tournament.next_round(_tournament(req)))


def op_match(engine, req):
    """What a match ``code`` holds (the page opens that game's page with it)."""
    match = match_codes.read_match(req.get("code"))
    return {"match": {k: match[k] for k in ("round", "game", "game_id", "code")}}


def op_match_new(engine, req):
    """A tournament's game from its match ``code``: two people, the tournament's options —
    or, with ``record``, that game resumed (a record of other options is refused)."""
    match = match_codes.read_match(req.get("code"))
    expected = req.get("game")
    if expected is not None and expected != match["game_id"]:
        raise OptionError(f"the code is a {match['game_id']!r} game", "wrong_game_link",
                          game=match["game_id"], expected=str(expected))
    game = registry.new_game(match["game_id"], **match["options"])
    states, moves = [game.initial_state()], []
    record = req.get("record")
    if record is not None:
        if not isinstance(record, dict) or record.get("game") != game.id or \
                registry.new_game(game.id, **(record.get("options") or {})).options != \
                game.options or "start" in record:
            raise OptionError("the saved game is not this match's", "corrupt_save")
        states, moves = replay(record), list(record["moves"])
    session = Session(states[0].game, states, moves, None, _seed(req), engine.data)
    session.match = match
    return _open(engine, req, session)
# --- the fairness lab (`ludoteca.fairness`) ------------------------------------------------
def op_fairness_lab(engine, req):
    """What the lab shows of ``game`` at once: its lab levels and options, the comparison's
    axes and the shipped results (with what they say)."""
    return {"lab": fairness.lab_of(registry.spec_of(req.get("game")).id)}


def op_fairness_config(engine, req):
    """A configuration of ``game`` with ``options`` (and ``levels``, the lab level at each
    seat if absent): its full options, key, fair share and shipped result (or null)."""
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    levels = req.get("levels")
    if levels is not None and not (isinstance(levels, list) and all(
            isinstance(level, str) for level in levels)):
        raise OptionError("levels are named", "bad_lab_levels", players="?")
    return {"config": fairness.config_of(registry.spec_of(req.get("game")).id, options,
                                         levels)}


def op_fairness_run(engine, req):
    """A slice of a lab run: games ``first``.. of the run seeded ``seed`` between
    ``levels`` (one per seat) with ``options``, at most ``games`` of them and, with
    ``seconds``, no longer than that. With ``tally`` (the run's so far) the answer's tally
    is the sum; with ``baseline`` (a tally of the game as it was) it says whether the change
    made it fairer (``verdict``)."""
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    game = registry.new_game(req.get("game"), **options)
    spec = registry.spec_of(game.id)
    levels = req.get("levels")
    if not isinstance(levels, list) or len(levels) != game.num_players or not all(
            isinstance(level, str) and level in spec.lab_levels for level in levels):
        raise OptionError(f"the lab seats {game.num_players} of {list(spec.lab_levels)}",
                          "bad_lab_levels", players=game.num_players)
    seed, first, count = req.get("seed", 0), req.get("first", 0), req.get("games", 1)
    for name, value, high in (("seed", seed, 2**31), ("first", first, 10**9),
                              ("games", count, fairness.MAX_GAMES_PER_REQUEST)):
        if type(value) is not int or not 0 <= value <= high:
            raise _bad_field(name, value, f"a whole number from 0 to {high}")
    seconds = req.get("seconds")  # how long the slice may play: clamped, never endless
    if seconds is not None:
        if type(seconds) not in (int, float) or not math.isfinite(seconds):
            raise _bad_field("seconds", seconds, "a number of seconds")
        low, high = fairness.SLICE_SECONDS
        seconds = min(max(float(seconds), low), high)
    played = fairness.play(game, levels, seed, first, max(count, 1), engine.data, seconds)
    tally = played
    if req.get("tally") is not None:
        tally = fairness.merge(fairness.check_tally(req["tally"], game.num_players), played)
    fair = spec.lab_fair_share(game)
    answer = {"played": played["games"], "tally": tally,
              "summary": fairness.summary(tally, fair)}
    if req.get("baseline") is not None:
        before = _baseline(req["baseline"])
        answer["verdict"] = fairness.compare(before, answer["summary"])
    return answer


def _baseline(baseline) -> dict:
    """The summary of a run's baseline ``{tally, fair}`` (the game before a change)."""
    if not isinstance(baseline, dict) or not isinstance(baseline.get("tally"), dict):
        raise OptionError("a baseline is a tally and its fair share", "bad_tally")
    fair = baseline.get("fair")
    wins = baseline["tally"].get("wins")
    if type(fair) not in (int, float) or not 0 < fair <= 1 or not isinstance(wins, list):
        raise OptionError("a baseline is a tally and its fair share", "bad_tally")
    return fairness.summary(fairness.check_tally(baseline["tally"], len(wins)), fair)


OPS = {  # op -> (the function that answers it, whether it is about a game being played)
    "new": (op_new, False), "load": (op_load, False), "levels": (op_levels, False),
    "analysis_data": (op_analysis_data, False),
    "lesson": (op_lesson, False), "puzzles": (op_puzzles, False), "puzzle": (op_puzzle, False),
    "lesson_demo": (op_lesson_demo, True),
    "edit": (op_edit, False), "edit_play": (op_edit_play, False),
    "edit_link": (op_edit_link, False), "edit_prove": (op_edit_prove, False),
    "beans_facts": (op_beans_facts, False), "beans_verdict": (op_beans_verdict, False),
    "beans_throw": (op_beans_throw, False), "beans_code": (op_beans_code, False),
    "beans_read": (op_beans_read, False),
    "view": (op_view, True), "step": (op_step, True), "play": (op_play, True),
    "throw": (op_throw, True), "bot": (op_bot, True), "react": (op_react, True),
    "undo": (op_undo, True), "redo": (op_redo, True), "goto": (op_goto, True),
    "truncate": (op_truncate, True), "history": (op_history, True), "link": (op_link, True),
    "analyse": (op_analyse, True), "hint": (op_hint, True),
    "opening": (op_opening, False), "puzzle_sheet": (op_puzzle_sheet, False),
    "tournament_new": (op_tournament_new, False), "tournament_view": (op_tournament_view, False),
    "tournament_enter": (op_tournament_enter, False),
    "tournament_clear": (op_tournament_clear, False),
    "tournament_next": (op_tournament_next, False),
    "match": (op_match, False), "match_new": (op_match_new, False),
    "fairness_lab": (op_fairness_lab, False), "fairness_run": (op_fairness_run, False),
    "fairness_config": (op_fairness_config, False),
}

engine = Engine()
handle = engine.handle
