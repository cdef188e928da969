"""The sizes Ludoteca accepts from outside — requests, shared links, records — named in one
place, and the JSON reader that enforces them before any parser can be made to work hard.

Every limit is far above what a real game needs (each game's spec says the longest game its
rules allow, `spec.GameSpec.max_moves`) and far below what would hang or exhaust a phone.
This module is low in the layers: it knows no game; a test holds every game's longest to it.
"""

from __future__ import annotations

import json
import re

from .core import OptionError

MAX_GAME_MOVES = 5000
"""Moves in a game, a record or a link: more than any game's `GameSpec.max_moves` (the
longest, Bul's 1,000 turns, is 4,000 moves); a game whose rules set no bound (Bakuk and Buku
end on a repeated position) ends long before."""

MAX_LINK_CHARS = 200_000
"""Characters of a shared link's code (compressed). The longest game (4,000 moves) needs
~10,000."""

MAX_LINK_BYTES = 400_000
"""Bytes of a link's JSON once inflated (checked while inflating: no inflation bomb)."""

MAX_REQUEST_CHARS = 2_000_000
"""Characters of one request to `web.handle` (a record of MAX_GAME_MOVES long moves fits)."""

MAX_JSON_DEPTH = 16
"""Nesting of arrays and objects in a request or a link; real ones use 4. Checked before
parsing, so a deeply nested text never reaches a recursive parser."""

BOT_BUDGET = (0.05, 10.0)
"""Seconds a computer player may think: any asked budget is clamped into this range."""

MAX_SESSIONS = 8
"""Games kept at once (the page plays one; analysis may use another)."""

# A string runs to its closing quote or, unterminated, to the end of the text: every match
# succeeds where it starts, and the possessive repeat never backtracks, so one pass is linear
# (a pattern that can fail makes each later quote start another scan to the end: quadratic).
_STRING = re.compile(r'"(?:[^"\\]|\\(?:.|\Z))*+(?:"|\Z)', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth_exceeds(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether arrays/objects in the JSON `text` nest deeper than `limit` (strings, which may
    hold brackets, are skipped; a malformed text may count too deep, it is refused anyway)."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > limit:
            return True
    return False


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text, max_chars: int):
    """The value of a JSON text within the limits, else an `OptionError` ``bad_request``
    (saying which limit, or why the text is no JSON): a refusal of what came from outside.

    NaN and Infinity, which Python's reader accepts and JSON does not, are refused too."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = text.decode("utf-8")
        if not isinstance(text, str):
            raise ValueError("not a JSON text")
        if len(text) > max_chars:
            raise ValueError(f"longer than {max_chars} characters")
        if json_depth_exceeds(text):
            raise ValueError(f"nested deeper than {MAX_JSON_DEPTH} levels")
        # a malformed text, a number of too many digits, NaN: each a ValueError
        return json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        raise OptionError(f"not a JSON text within the limits: {exc}", "bad_request",
                          op="?") from None
