"""Bakuk's kernel: the one statement of a move, on plain tuples, used by everyone — the
rules (`rules.State.apply`), the searchers, the analysis, the perfect player and the
solver of the table (``tools/bakuk_table.py``).

Holes are indices 0..5 (``a``..``f``) in sowing order; a board is a tuple of six counts.
The sowing order is stated once, in `sowing_path`; `SOWN` is derived from it, so a move
adds a precomputed row of increments instead of walking seed by seed.
"""

from __future__ import annotations

HOLES = "abcdef"
SEEDS_PER_HOLE = 6
TOTAL_SEEDS = 6 * SEEDS_PER_HOLE
CAPTURED_COUNTS = (2, 4)  # a hole holding this after the last seed (or next in the chain)
OWNED = {  # players -> the holes (indices) each player owns
    2: ((0, 1, 2), (3, 4, 5)),
    3: ((0, 1), (2, 3), (4, 5)),
}
REPETITIONS_TO_END = 3
ROWS = ((5, 4, 3), (0, 1, 2))
"""The board as South sees it, row by row from the far side: North's ``f e d``, then South's
``a b c`` (the rules: ``d`` faces ``c``); sowing runs a→f, counter-clockwise."""


def sowing_path(origin: int, seeds: int) -> list:
    """The holes the `seeds` taken from `origin` fall in, one by one: from the next hole
    counter-clockwise, round and round, the emptied origin included."""
    return [(origin + k) % 6 for k in range(1, seeds + 1)]


def _sown(origin: int, seeds: int) -> tuple:
    add = [0] * 6
    path = sowing_path(origin, seeds)
    for hole in path:
        add[hole] += 1
    add[origin] -= seeds  # the origin is emptied first
    return tuple(add), (path[-1] if path else origin)


SOWN = [[_sown(origin, seeds) for seeds in range(TOTAL_SEEDS + 1)] for origin in range(6)]
"""SOWN[origin][seeds] = (what the sowing adds to each hole, the hole of the last seed)."""

NEXT = (1, 2, 3, 4, 5, 0)


def capture_chain(board: list, last: int) -> list:
    """Take the seeds of the chain that starts at `last` (the hole of the last seed): each
    hole holding 2 or 4, forward, never wrapping past the start. Empties them in `board`
    (a list) and returns ``[(hole, seeds), ...]``."""
    taken = []
    hole = last
    for _ in range(6):
        seeds = board[hole]
        if seeds != 2 and seeds != 4:
            break
        taken.append((hole, seeds))
        board[hole] = 0
        hole = NEXT[hole]
    return taken


def sow_and_capture(holes: tuple, origin: int) -> tuple:
    """(board after the whole move from hole `origin`, its capture chain as
    ``[(hole, seeds)]``)."""
    add, last = SOWN[origin][holes[origin]]
    board = [holes[0] + add[0], holes[1] + add[1], holes[2] + add[2],
             holes[3] + add[3], holes[4] + add[4], holes[5] + add[5]]
    chain = capture_chain(board, last)
    return tuple(board), chain


def sow(holes: tuple, origin: int) -> tuple:
    """(board after the whole move from hole `origin`, seeds captured): the searchers'
    form of `sow_and_capture`."""
    board, chain = sow_and_capture(holes, origin)
    return board, (sum(seeds for _, seeds in chain) if chain else 0)


def position_key(holes: tuple, to_move: int) -> tuple:
    """What the repetition rule compares: the board and the player to move."""
    return holes + (to_move,)


def play_out(holes: tuple, captured: tuple, to_move: int, players: int, seen: dict,
             rng) -> tuple:
    """A random game played on from a position to its end, each move drawn as the random
    player draws it (``rng.choice`` of the player's non-empty holes, in hole order): returns
    ``(holes, captured, plies, end_reason)``. `seen` (position key -> times, positions since
    the last capture) is not changed. The position must not be over already."""
    owned = OWNED[players]
    captured = list(captured)
    seen = dict(seen)
    plies = 0
    choice = rng.choice
    while True:
        moves = [i for i in owned[to_move] if holes[i]]
        if not moves:
            return holes, tuple(captured), plies, "no_seeds"
        holes, chain = sow_and_capture(holes, choice(moves))
        plies += 1
        if chain:
            captured[to_move] += sum(seeds for _, seeds in chain)
            seen = {}  # fewer seeds on the board: no earlier position can come back
        to_move = (to_move + 1) % players
        key = position_key(holes, to_move)
        times = seen.get(key, 0) + 1
        seen[key] = times
        if times >= REPETITIONS_TO_END:
            return holes, tuple(captured), plies, "repetition"
