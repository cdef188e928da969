"""A teacher's position as a puzzle (`ludoteca.teaching.editor.proof`): capture as many
pieces as you can with one move, the shipped puzzles' ``capture`` theme, proven by searching
every path of every line (`search.best_captures`, branch and bound: fast at any hand).

The exchange theme is not offered here: when the other player's answer may end the game,
every path of every answer is played, which takes minutes in the positions teachers make.

Refused, in words (`OptionError`), when no move captures anything, and when more than
`puzzles.MOST_BEST` moves capture the most: a puzzle has few right answers, and listing
every one of thousands of equal paths would be slow."""

from __future__ import annotations

from ...core import OptionError
from .kernel import LINE_SLICE
from .puzzles import MOST_BEST, _proof, _read
from .search import _WalkSearch, best_captures, capture_terms


class _TooMany(Exception):
    """More best paths than a puzzle may have."""


def prove(state: dict) -> dict:
    """``{"best", "values"}`` of the position `state` (a state's JSON) as a capture puzzle."""
    board, player, _ = _read(state)
    first = best_captures(board, player)
    most = max(value for value, _ in first.values())
    if most == 0:
        raise OptionError("no move captures anything", "buku_nothing_captured")
    by_line = dict(first)
    found = 0
    for line, (value, _) in first.items():
        if value < most:
            continue
        try:
            paths = _best_paths(board, player, line, most, MOST_BEST - found)
        except _TooMany:
            raise OptionError(f"more than {MOST_BEST} moves capture {most}",
                              "buku_too_many_best", most=most, limit=MOST_BEST) from None
        found += len(paths)
        by_line[line] = (most, paths)
    return _proof(by_line)


def _best_paths(board: list, player: int, line: str, most: int, room: int) -> list:
    """Every path of `line` capturing `most` (the most any move captures), sorted; raises
    `_TooMany` as soon as there are more than `room`."""
    base, gains = capture_terms(board, player, line)
    count = 0

    def counted(path, value):
        nonlocal count
        if value >= most:
            count += 1
            if count > room:
                raise _TooMany
        return value

    hand = sum(board[LINE_SLICE[line]])
    # only paths worth more than `floor` are kept: exactly those worth `most`
    _, paths = _WalkSearch(gains, hand, base, ties=True, leaf=counted).run(floor=most - 0.5)
    return sorted(paths)
