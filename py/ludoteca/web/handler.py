"""The `Engine`: what the worker's Python holds (the games being played, the data files
loaded) and the one place a request becomes an answer; `OPS` and `FIELDS`, the requests of
every area (`table`, `analysis`, `teaching`, `classroom`, `labs`) in one table.

Who is at fault decides the answer's code:
- the person's request: the engine's own refusals, a `LudotecaError` with a code (an illegal
  move, a bad option, a mistyped code, a field of the wrong kind, `ludoteca.web.fields`) —
  answered with that code, which the page words;
- the engine's: anything else (a ``KeyError`` inside a game's rules, a bug) — answered as
  ``internal``, and its traceback printed to ``sys.stderr``. In the browser's worker that is
  Pyodide's standard error, which `loadPyodide` (web/worker.js sets no ``stderr``) writes
  with ``console.error``: the worker's console shows it.
The game stays as it was in every case.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
from collections.abc import Mapping

from ..core import LudotecaError, OptionError
from ..limits import MAX_REQUEST_CHARS, parse_json
from . import fields, table

ROOM_AREAS = ("analysis", "teaching", "classroom", "labs")
"""The areas imported when one of their ops is first asked, not with this module: they are
rooms (builder/rooms.py), shipped apart from the table's start and fetched after it; the
worker holds back an op the table does not answer until they are in (web/worker.js)."""


def areas() -> tuple:
    """Every area's module: the table's, then the rooms' (imported now)."""
    return (table, *(importlib.import_module(f"{__package__}.{name}") for name in ROOM_AREAS))


class ByOp(Mapping):
    """op -> one of each area's tables (`attribute`: ``OPS`` or ``FIELDS``): the table's
    ops answered without importing a room; any other op imports the rooms' areas."""

    def __init__(self, attribute: str):
        self._attribute, self._every = attribute, None

    def _all(self) -> dict:
        if self._every is None:
            self._every = {op: value for area in areas()
                           for op, value in getattr(area, self._attribute).items()}
        return self._every

    def __getitem__(self, op):
        own = getattr(table, self._attribute)
        return own[op] if op in own else self._all()[op]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


OPS = ByOp("OPS")
"""op -> (the function that answers it, whether it is about a game being played)"""
FIELDS = ByOp("FIELDS")
"""op -> the request fields it reads (the fuzz test sends hostile values to each)"""
TABLE_OPS = tuple(table.OPS)
"""The ops answered with the table's start alone (the worker asks no rooms for them)."""


class Engine:
    """The games being played (`sessions`, by name) and the data files loaded (`data`: name
    -> object, shared by every game's analysis and bots)."""

    def __init__(self):
        self.sessions = {}
        self.data = {}

    def forget_games(self) -> None:
        """Drop every game (a restored memory snapshot starts with none open)."""
        self.sessions.clear()

    def session(self, req):
        session = self.sessions.get(fields.session_name(req))
        if session is None:
            raise OptionError("no game has been started", "no_game")
        return session

    def handle(self, request_json: str) -> str:
        """Answer one JSON request with one JSON response (see `ludoteca.web`).

        Nothing escapes: a refusal answers its code; any other exception is the engine's
        fault, answered ``internal`` and logged (see the module docstring)."""
        req = None
        try:
            req = parse_json(request_json, MAX_REQUEST_CHARS)
            if not isinstance(req, dict):
                raise OptionError("a request must be an object", "bad_request", op="?")
            return json.dumps({"ok": True, **self.dispatch(req)})
        except LudotecaError as exc:
            error = exc.to_json()
        except Exception as exc:  # an engine fault, or memory/recursion exhausted: say so
            log_fault(exc, req)
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
        session.check_match_allows(op)
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


def log_fault(exc, req) -> None:
    """Print an engine fault and the request's op to stderr (the worker's console). It
    cannot fail: a fault that cannot be printed is not logged."""
    try:
        op = req.get("op") if isinstance(req, dict) else None
        print(f"ludoteca: internal error answering {op!r}:", file=sys.stderr)
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    except Exception:
        pass


def _text(exc) -> str:
    try:
        return f"{type(exc).__name__}: {exc}"[:500]
    except Exception:
        return type(exc).__name__
