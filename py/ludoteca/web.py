"""The JSON facade the browser's worker calls — the only module the page talks to.

One entry point, `handle(request_json) -> response_json`, so the worker passes strings
and nothing else crosses the Pyodide boundary. Every response carries the page's `view`:
an *observation* (never the full state: Bolonki colours stay here), the events of the last
move, the legal first steps of the next move and the public record.

Requests (``op`` and its fields):
- ``new``: ``game``, ``options``, ``seats`` (per player ``"human"`` or a bot level),
  ``seed`` (for throws and bots) → a fresh game
- ``load``: ``record`` (or ``link``, a shared link's code), ``seats``, ``seed`` → the game
  of a record, at its last move
- ``undo`` / ``redo`` → back to the last position where a person decided / forward again
- ``goto``: ``ply`` → the view after that move (replay); the game itself is unchanged
- ``truncate``: ``ply`` → continue playing from there (later moves are dropped)
- ``link`` → the shared-link code of the game (``records.encode_link``)
- ``history`` → every move so far with its player and events (for the move log)
- ``step``: ``partial`` → if ``partial`` is a complete move that cannot be extended, it is
  played; otherwise the view lists its next steps (``steps``) and whether it is already a
  legal move (``partial_complete``)
- ``play``: ``move`` → plays a complete move (also a chance outcome typed in by people)
- ``throw`` → at a chance node, draws the outcome from the seeded generator
- ``bot`` → the computer plays for the seat to move (``budget`` seconds)
- ``react`` → computer seats may act out of turn (a Bolonki challenge); the first does
- ``view`` → the current view
- ``levels``: ``game`` → the computer levels of a game
Errors answer ``{"ok": false, "error": {code, message, params}, "view": ...}`` and leave the
game as it was.
"""

from __future__ import annotations

import json
import random

from . import ai
from .core import CHANCE, IllegalMoveError, LudotecaError, OptionError, sample_chance
from .records import decode_link, encode_link, make_record, replay
from .registry import new_game

HUMAN = "human"


class Session:
    """One game being played: its states, the public record and the bots at the table."""

    def __init__(self, game, states, moves, seats, seed):
        self.game, self.states, self.moves = game, states, moves
        self.seed = seed
        self.rng = random.Random(seed)
        self.seats = _check_seats(game, seats)
        self.redo = []  # moves taken back, the next one last
        self._seat_bots()

    def _seat_bots(self):
        """(Re)build the bots and tell them the game so far: they remember what they saw."""
        seed = self.seed
        self.bots = {
            p: ai.bot_for(self.game, p, level, seed=None if seed is None else seed * 31 + p)
            for p, level in enumerate(self.seats) if level != HUMAN
        }
        for i, move in enumerate(self.moves):
            self._tell_bots(move, self.states[i + 1].events)

    @property
    def state(self):
        return self.states[-1]

    def play(self, move, keep_redo=False):
        child = self.state.apply(move)
        self.states.append(child)
        self.moves.append(move)
        self._tell_bots(move, child.events)
        if not keep_redo:
            self.redo.clear()

    def _tell_bots(self, move, events):
        for bot in self.bots.values():
            bot.observe(move, events)

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
        target = self._undo_target()
        if target is None:
            raise IllegalMoveError("nothing to undo", "nothing_to_undo")
        while len(self.states) > target + 1:
            self.states.pop()
            self.redo.append(self.moves.pop())
        self._seat_bots()

    def redo_moves(self):
        if not self.redo:
            raise IllegalMoveError("nothing to redo", "nothing_to_redo")
        while self.redo:
            self.play(self.redo.pop(), keep_redo=True)
            if self._person_decides(self.state):
                break

    def truncate(self, ply):
        """Continue playing from move `ply` of the game (the later moves are dropped)."""
        if type(ply) is not int or not 0 <= ply <= len(self.moves):
            raise OptionError(f"no move {ply!r} in this game", "bad_ply", ply=repr(ply))
        del self.states[ply + 1:], self.moves[ply:]
        self.redo.clear()
        self._seat_bots()

    def view(self, partial="", ply=None) -> dict:
        """The page's view of the game now, or (replay) of the position after move `ply`."""
        replaying = ply is not None
        state = self.states[ply] if replaying else self.state
        player = state.current_player
        steps = state.extensions(partial) if player != CHANCE and not replaying else []
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "seats": list(self.seats),
            "observation": state.observation(None),
            # a replayed move is a past one: only what may be remembered of it
            "events": state.remembered(state.events) if replaying else list(state.events),
            "current_player": player,
            "terminal": state.is_terminal,
            "returns": state.returns() if state.is_terminal else None,
            "chance": [o for o, _ in state.chance_outcomes()] if player == CHANCE else [],
            "partial": partial,
            "partial_complete": bool(partial) and state.is_legal(partial),
            "partial_facts": state.partial_facts(partial) if partial else {},
            "steps": [[step, complete] for step, complete in steps],
            "ply": ply if replaying else len(self.moves),
            "length": len(self.moves),
            "replay": replaying,
            "can_undo": self._undo_target() is not None,
            "can_redo": bool(self.redo),
            "record": make_record(self.game, self.moves),
        }


def _check_seats(game, seats):
    if seats is None:
        return [HUMAN] * game.num_players
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise OptionError(
            f"seats must list {game.num_players} players", "bad_seats",
            players=game.num_players,
        )
    levels = ai.levels(game.id)
    for seat in seats:
        if seat != HUMAN and seat not in levels:
            raise OptionError(f"unknown seat {seat!r}", "bad_level", level=repr(seat))
    return list(seats)


_sessions: dict = {}


def _op_new(req):
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise OptionError("options must be an object", "bad_option")
    game = new_game(req.get("game"), **options)
    return Session(game, [game.initial_state()], [], req.get("seats"), req.get("seed"))


def _op_load(req):
    record = decode_link(req["link"]) if "link" in req else req.get("record")
    states = replay(record)
    return Session(states[0].game, states, list(record["moves"]), req.get("seats"),
                   req.get("seed"))


def _session(req) -> Session:
    session = _sessions.get(req.get("session", "main"))
    if session is None:
        raise OptionError("no game has been started", "no_game")
    return session


def _dispatch(req) -> dict:
    op = req.get("op")
    if op == "levels":
        return {"levels": ai.levels(req.get("game"))}
    if op in ("new", "load"):
        session = _op_new(req) if op == "new" else _op_load(req)
        _sessions[req.get("session", "main")] = session  # only once it is sound
        return {"view": session.view()}
    session = _session(req)
    if op == "view":
        return {"view": session.view()}
    if op == "step":
        partial = req.get("partial", "")
        if not isinstance(partial, str):
            raise IllegalMoveError("a step must be a string", "not_a_string")
        state = session.state
        if state.is_legal(partial) and not state.extensions(partial):
            session.play(partial)
            return {"view": session.view(), "played": partial}
        steps = state.extensions(partial)
        if partial and not steps and not state.is_legal(partial):
            raise IllegalMoveError(f"{partial!r} does not start a legal move", "illegal_step",
                                   move=partial)
        return {"view": session.view(partial)}
    if op == "play":
        move = req.get("move")
        session.play(move)
        return {"view": session.view(), "played": move}
    if op == "throw":
        if session.state.current_player != CHANCE:
            raise IllegalMoveError("nothing to throw now", "not_chance")
        move = sample_chance(session.state, session.rng)
        session.play(move)
        return {"view": session.view(), "played": move}
    if op == "undo":
        session.undo()
        return {"view": session.view()}
    if op == "redo":
        session.redo_moves()
        return {"view": session.view()}
    if op == "goto":  # replay: look at an earlier position, the game stays as it is
        ply = req.get("ply")
        if type(ply) is not int or not 0 <= ply <= len(session.moves):
            raise OptionError(f"no move {ply!r} in this game", "bad_ply", ply=repr(ply))
        return {"view": session.view(ply=ply)}
    if op == "truncate":
        session.truncate(req.get("ply"))
        return {"view": session.view()}
    if op == "history":  # every move with who made it and its events: for the log
        return {"history": [
            {"ply": i + 1, "move": move, "player": session.states[i].current_player,
             "events": session.states[i + 1].remembered(session.states[i + 1].events)}
            for i, move in enumerate(session.moves)]}
    if op == "link":
        return {"link": encode_link(make_record(session.game, session.moves)),
                "view": session.view()}
    if op == "react":
        return _react(session)
    if op == "bot":
        player = session.state.current_player
        if player not in session.bots:
            raise IllegalMoveError("it is not a computer player's turn", "not_bot_turn")
        budget = float(req.get("budget", 1.0))
        move = session.bots[player].choose(session.state, budget)
        session.play(move)
        return {"view": session.view(), "played": move}
    raise OptionError(f"unknown request {op!r}", "bad_request", op=repr(op))


def _react(session) -> dict:
    """Let the computer seats act out of turn (a Bolonki challenge), in turn order from
    the seat after the player to move; the first that acts plays."""
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


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (see the module docstring)."""
    req = None
    try:
        req = json.loads(request_json)
        if not isinstance(req, dict):
            raise OptionError("a request must be an object", "bad_request", op="?")
        return json.dumps({"ok": True, **_dispatch(req)})
    except LudotecaError as exc:
        error = exc.to_json()
    except ValueError as exc:  # malformed JSON or a malformed field of a request
        error = {"code": "bad_request", "message": str(exc), "params": {"op": "?"}}
    answer = {"ok": False, "error": error}
    session = _sessions.get(req.get("session", "main")) if isinstance(req, dict) else None
    if session is not None:
        answer["view"] = session.view()
    return json.dumps(answer)
