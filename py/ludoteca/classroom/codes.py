"""Short codes a class reads aloud or types: a group's bean tallies sent to the teacher's page,
a tournament game's result. No network: the code is the message.

A code is a kind letter, the format's symbol (`FORMAT`), whole numbers packed into
Crockford's base 32 (digits and capitals without I, L, O, U, so nothing reads as another
symbol), and one check symbol (Luhn mod 32, which catches every single mistyped symbol and
every swap of two neighbours but 0 and Z). It is shown in groups of four (``B1K2-9QXA-7M``);
reading it back ignores case, spaces and hyphens and takes O for 0 and I or L for 1, as
people type them.

A teacher's projector and a pupil's tablet may run different versions of Ludoteca for a
while (each tab keeps its version until it is reloaded), so a code says which format wrote
it and is read only by that format: a code of another format is refused in words
(``code_version``), never misread. Codes made before codes carried a format are told by
their length (each kind names the lengths it had, `unversioned_length`); every format's codes
must keep lengths those never had (they are longer), because a Ludoteca from before formats
refuses a code only by its length. What
a code names (a game and its options, a lab's beans) it names by `stable_number`, never by
a place in a list that an update may reorder.

The check symbol catches mistakes, not a determined forger: whoever wants to trust a code
further checks what it says against what they know (a tournament's own pairings).
"""

from __future__ import annotations

import zlib

from ..core import LudotecaError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_READ_AS = {"O": "0", "I": "1", "L": "1"}
MAX_CODE_CHARS = 40
"""Symbols a code may have once read: far more than any code Ludoteca makes."""
FORMAT = 1
"""The format of the codes this version makes, written as the symbol after the kind letter.
It goes up whenever what a code holds changes (a field, a width, what a number names):
every code of the format before is then refused (``code_version``), never misread."""


class CodeError(LudotecaError):
    """A code that cannot be read: mistyped, cut short, of another kind or version, or
    tampered with."""


def length(widths: list[int]) -> int:
    """Symbols in a code holding values of `widths` bits: the kind letter, the format's
    symbol, the values and the check symbol."""
    return 3 + -(-sum(widths) // 5)


def unversioned_length(widths: list[int]) -> int:
    """Symbols in a code of `widths` as Ludoteca made them before codes carried a format
    (a kind letter, the values, a check symbol): such a code is of another version."""
    return 2 + -(-sum(widths) // 5)


def stable_number(text: str, bits: int) -> int:
    """The number of `bits` bits that names `text` in a code: the same on every device and
    every Python (CRC-32 of the text salted with the format; never `hash()`, which changes
    from run to run). Two texts may share a number: whoever names things with it tests that
    the things they name do not (and, should a new one collide, the format goes up)."""
    return zlib.crc32(f"ludoteca-codes-{FORMAT}:{text}".encode()) % (1 << bits)


def encode(kind: str, values: list[int], widths: list[int]) -> str:
    """The code of `kind` (one letter of ALPHABET) holding `values`, each in `widths` bits."""
    if len(kind) != 1 or kind not in ALPHABET or len(values) != len(widths):
        raise ValueError("a code is one kind letter and one width per value")
    number = 0
    for value, width in zip(values, widths, strict=True):
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        number = number << width | value
    body = kind + ALPHABET[FORMAT] + _base32(number, length(widths) - 3)
    return _grouped(body + _check_symbol(body))


def decode(text: str, kind: str, widths: list[int], older_lengths=()) -> list[int]:
    """The values a code of `kind` holds; CodeError (code `code_*`) says why it is refused.
    `older_lengths`: the lengths this kind's codes had before they carried a format.

    The check symbol is read first (a mistyped code is a mistyped code), then the kind,
    then the format, and only then the values: a whole code of another version is refused
    as such (``code_version``), not as too short, too long or holding too much."""
    body = read(text)
    checked = _check_symbol(body[:-1]) == body[-1]
    if len(body) != length(widths) and len(body) not in older_lengths:
        # no length this kind ever had: cut short or too long — unless it is a whole code
        # (its check symbol good) of another kind or of a later format of any length
        if checked and body[0] != kind:
            raise CodeError("the code is of another kind", "code_kind")
        if checked and body[1] != ALPHABET[FORMAT]:
            raise CodeError("the code is of another format", "code_version")
        raise CodeError("the code has the wrong length", "code_length",
                        length=len(body), expected=length(widths))
    if not checked:
        raise CodeError("the check symbol does not match", "code_check")
    if body[0] != kind:
        raise CodeError("the code is of another kind", "code_kind")
    if len(body) != length(widths) or body[1] != ALPHABET[FORMAT]:
        raise CodeError("the code is of another format", "code_version")
    number = 0
    for symbol in body[2:-1]:
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
    if not 3 <= len(symbols) <= MAX_CODE_CHARS:
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
