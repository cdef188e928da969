"""Short codes a class reads aloud or types: a group's bean tallies sent to the teacher's page,
a tournament game's result. No network: the code is the message.

A code is a kind letter, whole numbers packed into Crockford's base 32 (digits and capitals
without I, L, O, U, so nothing reads as another symbol), and one check symbol (Luhn mod 32,
which catches every single mistyped symbol and every swap of two neighbours but 0 and Z).
It is shown in groups of four (``B4K2-9QXA-7M``); reading it back ignores case, spaces and
hyphens and takes O for 0 and I or L for 1, as people type them.

The check symbol catches mistakes, not a determined forger: whoever wants to trust a code
further checks what it says against what they know (a tournament's own pairings).
"""

from __future__ import annotations

from ..core import LudotecaError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_READ_AS = {"O": "0", "I": "1", "L": "1"}
MAX_CODE_CHARS = 40
"""Symbols a code may have once read: far more than any code Ludoteca makes."""


class CodeError(LudotecaError):
    """A code that cannot be read: mistyped, cut short, of another kind or tampered with."""


def encode(kind: str, values: list[int], widths: list[int]) -> str:
    """The code of `kind` (one letter of ALPHABET) holding `values`, each in `widths` bits."""
    if len(kind) != 1 or kind not in ALPHABET or len(values) != len(widths):
        raise ValueError("a code is one kind letter and one width per value")
    number = 0
    for value, width in zip(values, widths, strict=True):
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        number = number << width | value
    body = kind + _base32(number, -(-sum(widths) // 5))
    return _grouped(body + _check_symbol(body))


def decode(text: str, kind: str, widths: list[int]) -> list[int]:
    """The values a code of `kind` holds; CodeError (code `code_*`) says why it is refused."""
    body = read(text)
    if len(body) != 2 + -(-sum(widths) // 5):
        raise CodeError("the code has the wrong length", "code_length",
                        length=len(body), expected=2 + -(-sum(widths) // 5))
    if _check_symbol(body[:-1]) != body[-1]:
        raise CodeError("the check symbol does not match", "code_check")
    if body[0] != kind:
        raise CodeError("the code is of another kind", "code_kind")
    number = 0
    for symbol in body[1:-1]:
        number = number << 5 | _VALUE[symbol]
    if number >> sum(widths):
        raise CodeError("the code holds more than it may", "code_check")
    values = []
    for width in reversed(widths):
        values.append(number & (1 << width) - 1)
        number >>= width
    return values[::-1]


def read(text: str) -> str:
    """A code as typed, as its symbols: CodeError if it holds anything a code cannot."""
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS * 2:
        raise CodeError("a code is a short text", "code_length", length=0, expected=0)
    symbols = "".join(_READ_AS.get(c, c) for c in text.upper() if c not in " -\t\n")
    bad = next((c for c in symbols if c not in _VALUE), None)
    if bad is not None:
        raise CodeError(f"{bad!r} is not in a code", "code_symbol", symbol=bad)
    if not 2 <= len(symbols) <= MAX_CODE_CHARS:
        raise CodeError("the code has the wrong length", "code_length",
                        length=len(symbols), expected=0)
    return symbols


def _base32(number: int, length: int) -> str:
    symbols = []
    for _ in range(length):
        symbols.append(ALPHABET[number & 31])
        number >>= 5
    return "".join(reversed(symbols))


def _check_symbol(body: str) -> str:
    """Luhn mod 32: every second symbol from the right is doubled (its digits summed in
    base 32), so a changed symbol or two swapped neighbours change the sum."""
    total = 0
    for position, symbol in enumerate(reversed(body)):
        value = _VALUE[symbol]
        if position % 2 == 0:
            value *= 2
            value = value // 32 + value % 32
        total += value
    return ALPHABET[(32 - total % 32) % 32]


def _grouped(body: str) -> str:
    return "-".join(body[i:i + 4] for i in range(0, len(body), 4))
