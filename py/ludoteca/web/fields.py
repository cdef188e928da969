"""Reading a request's fields: every field is checked before use, so a value of the wrong
kind is refused with a named error (an `OptionError` whose code the page translates) before
any rule sees it, and what fails past these checks is the engine's fault (``internal``, see
`ludoteca.web.handler`).

An operation reads a field through one of these readers, or hands it to the module that
checks it as its own input: a game id to `registry.spec_of`, options to the game, seats to
`session.check_seats`, a ply to `Session.check_ply`, a move to the rules, a record to
`records.replay`, a link to `records.decode_link`, a tournament to `tournament.check`, a code
to `ludoteca.classroom.codes`, a draft to the set-up mode. The fuzz test
(tests/unit/test_fuzz_web.py) sends hostile values to every field of every request.

Each reader takes the request and the field's name; an absent field takes the `default`
given (a field without one is required), and ``null`` counts as absent only where the
default is None.
"""

from __future__ import annotations

import math

from ..core import OptionError
from ..limits import BOT_BUDGET

REQUIRED = object()  # the default of a field that must be present
MAX_SESSION_NAME = 40  # characters of a session's name


def bad_field(name, value, why) -> OptionError:
    """The refusal of field `name` (code ``bad_request``, the field named in its params)."""
    return OptionError(f"{name}={_shown(value)}: {why}", "bad_request", op="?", field=name)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _read(req, name, default):
    """The field's value, its default when absent; a required field absent is refused."""
    value = req.get(name, default)
    if value is REQUIRED:
        raise bad_field(name, None, "this request needs it")
    return value


def text(req, name, default=REQUIRED, most=None):
    """A string (of at most `most` characters, when given)."""
    value = _read(req, name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, str) or most is not None and len(value) > most:
        raise bad_field(name, value, f"a text of at most {most} characters")
    return value


def whole(req, name, low: int, high: int, default=REQUIRED):
    """A whole number from `low` to `high` (true and false are not numbers)."""
    value = _read(req, name, default)
    if value is None and default is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise bad_field(name, value, f"a whole number from {low} to {high}")
    return value


def flag(req, name, default=False) -> bool:
    """True only when the field is true (the print kit's ``key``: anything else is no)."""
    return req.get(name, default) is True


def options(req) -> dict:
    """A game's options: an object, or nothing (any false value) for the defaults."""
    value = req.get("options") or {}
    if not isinstance(value, dict):
        raise OptionError("options must be an object", "bad_option")
    return value


def seed(req):
    """The seed of throws and bots: absent/null, or a whole number."""
    value = req.get("seed")
    if value is not None and type(value) is not int:
        raise bad_field("seed", value, "a seed is a whole number")
    return value


def seconds(req, default: float, bounds: tuple) -> float:
    """The request's ``budget`` of seconds, clamped into `bounds` (never endless)."""
    value = req.get("budget")
    if value is None:
        return default
    if type(value) not in (int, float) or not math.isfinite(value):
        raise bad_field("budget", value, "a budget is a number of seconds")
    low, high = bounds
    return min(max(float(value), low), high)


def budget(req) -> float:
    """A computer player's thinking time in seconds, clamped into BOT_BUDGET."""
    return seconds(req, 1.0, BOT_BUDGET)


def session_name(req) -> str:
    """The name of the game a request is about (``main`` unless it says)."""
    name = req.get("session", "main")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_SESSION_NAME:
        raise bad_field("session", name, "a session is named by a short string")
    return name
