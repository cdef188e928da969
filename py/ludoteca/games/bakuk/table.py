"""The solved table of 2-player Bakuk: its layout, and looking a position up.

Made by ``tools/bakuk_table.py`` (read its docstring for why the values are exact) and
committed in the game's page folder as ``web/games/bakuk/data/bakuk2.bin.gz``; the page
fetches it only when an analysis, a hint or the perfect level needs it, and the engine
keeps what `read` makes of it (`GameSpec.load_data`).

Layout: one byte per board with an even number of seeds ``n`` (0, 2, .., 36) on it and
South (owner of ``a b c``) to move; layers by increasing ``n``; inside a layer the boards
``(a, b, c, d, e, f)`` in decreasing lexicographic order (``(n,0,0,0,0,0)`` first). The
byte is ``margin // 2 + 18`` (margins are even, -36..36): the seeds South still captures
minus North's, with best play by both. North to move is looked up with the board turned
half-way round (`turn`). About 5.6 million bytes raw; gzip packs them well.
"""

from __future__ import annotations

import zlib
from math import comb

from ...core import OptionError

MAX_SEEDS = 36
LAYER_OFFSET = {}
_offset = 0
for _n in range(0, MAX_SEEDS + 1, 2):
    LAYER_OFFSET[_n] = _offset
    _offset += comb(_n + 5, 5)
LAYER_OFFSET[MAX_SEEDS + 2] = LAYER_OFFSET["total"] = _offset
BIAS = MAX_SEEDS // 2


def turn(board) -> tuple:
    """The board seen from the other side: ``d e f a b c``."""
    return (board[3], board[4], board[5], board[0], board[1], board[2])


def rank(board) -> int:
    """The index of a board (even seed count, South to move) in the table."""
    n = sum(board)
    index = LAYER_OFFSET[n]
    left = n
    for i in range(5):
        h = board[i]
        parts = 5 - i  # holes after this one
        # the boards before this one with the earlier holes equal hold more than h in
        # hole i: at most left - h - 1 seeds spread over the later holes
        index += comb(left - h - 1 + parts, parts) if left > h else 0
        left -= h
    return index


def encode(values) -> bytes:
    out = bytearray(len(values))
    for i, v in enumerate(values):
        if v % 2 or not -MAX_SEEDS <= v <= MAX_SEEDS:
            raise ValueError(f"margin {v} cannot be stored")
        out[i] = v // 2 + BIAS
    return bytes(out)


class Table:
    """Margins for the mover, looked up by board and mover (2 players)."""

    def __init__(self, raw: bytes):
        if len(raw) != LAYER_OFFSET["total"]:
            raise _not_a_table()
        self.raw = raw

    def margin(self, board, to_move: int = 0) -> int:
        """Seeds the player to move still captures minus the other's, best play."""
        b = tuple(board) if to_move == 0 else turn(board)
        return (self.raw[rank(b)] - BIAS) * 2

    def covers(self, board) -> bool:
        return sum(board) % 2 == 0 and sum(board) <= MAX_SEEDS and min(board) >= 0


def read(data: bytes) -> Table:
    """The table in the fetched file (gzip) or in its raw bytes; anything else is refused
    (code ``bad_data_file``): the bytes come from outside."""
    raw = bytes(data)
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = zlib.decompress(raw, 31)
        except zlib.error:
            raise _not_a_table() from None
    return Table(raw)


def _not_a_table() -> OptionError:
    return OptionError("not a Bakuk table", "bad_data_file")
