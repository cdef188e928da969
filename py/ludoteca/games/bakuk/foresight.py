"""How far ahead one must look to find a Bakuk puzzle's answer.

A person counts captures: "I take 4, then he takes 2, then I...". `capture_values` is that
count made exact for a fixed number of plies (the move itself is the first): a minimax of
the seeds each side captures within the horizon, nothing beyond it. `sight` is the
shortest horizon from which this count ranks every best move above every other, and keeps
doing so at every longer horizon up to `DEEPEST` — so a person who looks that far ahead and
counts well finds the answer, and looking further does not mislead.

The repetition rule is left out: it ends a game only after a long circle of moves, far
beyond these horizons.
"""

from __future__ import annotations

from .kernel import HOLES, OWNED, sow

DEEPEST = 8


def capture_values(state, plies: int, memo=None) -> dict:
    """{move: seeds the mover captures minus the other's within `plies` plies} (2 players)."""
    memo = {} if memo is None else memo
    me = state.to_move
    values = {}
    for move in state.legal_moves():
        board, taken = sow(state.holes, HOLES.index(move))
        values[move] = taken - _best_count(board, 1 - me, plies - 1, memo)
    return values


def _best_count(board, mover, plies, memo) -> int:
    """The mover's best capture margin within `plies` plies; 0 when he cannot move (the
    game is over) or the horizon is reached."""
    if plies == 0:
        return 0
    key = (board, mover, plies)
    found = memo.get(key)
    if found is not None:
        return found
    best = None
    for origin in OWNED[2][mover]:
        if board[origin]:
            after, taken = sow(board, origin)
            value = taken - _best_count(after, 1 - mover, plies - 1, memo)
            if best is None or value > best:
                best = value
    best = 0 if best is None else best
    memo[key] = best
    return best


def separates(values: dict, best) -> bool:
    """Whether every move of `best` counts more than every other move."""
    others = [v for m, v in values.items() if m not in best]
    return not others or min(values[m] for m in best) > max(others)


def sight(state, best, deepest: int = DEEPEST):
    """The fewest plies from which counting captures finds `best` at every horizon up to
    `deepest`; None if it does not at `deepest` itself."""
    memo = {}
    found = None
    for plies in range(deepest, 0, -1):
        if not separates(capture_values(state, plies, memo), best):
            break
        found = plies
    return found
