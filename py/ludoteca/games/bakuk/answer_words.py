"""Why a Bakuk puzzle's answer is best, in words a 12-year-old reads (issue 43): for each of
South's best move and the best of the others, what it captures now and North's best answer
and what that captures ("Con a te llevas 4; Norte juega e y se lleva 4."); where best play
then leads (``end``, each move's exact margin) the answer lists beside.

Everything said is the solved table's (2 players), shipped with the puzzle: its ``values``
(each move's exact margin from here: the seeds South captures from now on minus North's, both
playing their best), its ``line`` (best play after the best move) and its ``replies`` (best
play after each other move, `puzzles.replies`). Nothing is searched here: the table is not
loaded for a puzzle. Every sentence is a message (``bakuk.key.*``) for the page to say.
"""

from __future__ import annotations

from ...teaching.lessons import message

SAID = 2  # the best move and the best of the others (as Bul's key): a third made a phone's
# answer push the board it speaks of half off the screen; what each is worth is listed below


def reasons(puzzle: dict, state) -> list:
    """A message for the best move of `puzzle` (at its question's position `state`) and one
    for the best of the others (the first in hole order among equals). None for a puzzle
    without the table's answers to the other moves (``replies``: shipped, or proven with a
    teacher's position)."""
    if state.num_players != 2 or "replies" not in puzzle:
        return []
    values = puzzle["values"]
    best = puzzle["best"][0]
    order = [best] + sorted((m for m in values if m not in puzzle["best"]),
                            key=lambda m: (-values[m], m))
    said = []
    for move in order[:SAID]:
        line = puzzle["replies"].get(move)  # a teacher's puzzle has one for every move
        if move == best and line is None:
            line = puzzle.get("line", [])
        said.append(_move_said(state, move, line, values[move], values[best], best))
    # said in one paragraph: the two side by side, as short as a phone's answer needs
    return [message("bakuk.key.both", best=said[0], other=said[1])] if len(said) == 2 else said


def each_move(puzzle: dict, state) -> dict:
    """Every move of `puzzle` said as its reasons say the best two (what it takes now, North's
    best answer), ``{move: message}``, best first; empty where the table's answers to the
    other moves are not shipped (as `reasons`)."""
    if state.num_players != 2 or "replies" not in puzzle:
        return {}
    values = puzzle["values"]
    best = puzzle["best"][0]
    said = {}
    for move in sorted(values, key=lambda m: (-values[m], m)):
        line = puzzle["replies"].get(move)
        if move == best and line is None:
            line = puzzle.get("line", [])
        if line is None and move not in puzzle["best"]:
            continue  # no answer shipped for it: nothing true to say
        said[move] = _move_said(state, move, line or [], values[move], values[best], best)
    return said


def _move_said(state, move: str, line: list, value: int, top: int, best: str) -> dict:
    """One move: what it takes, North's answer, and the end from here (a move worth less than
    the best says so, naming the best)."""
    me = state.to_move
    after = state.apply(move)
    now = after.captured[me] - state.captured[me]
    params = {"hole": move, "now": _count("bakuk.key.now", now)}
    if after.is_terminal or not line:
        params["then"] = message("bakuk.key.then.end")
    else:
        answer = after.apply(line[0])
        took = answer.captured[1 - me] - after.captured[1 - me]
        params["then"] = _count("bakuk.key.then", took, hole=line[0])
    params["end"] = _end(value)
    if value < top:
        return message("bakuk.key.worse", **params, best=best)
    return message("bakuk.key.best", **params)


def _count(prefix: str, n: int, **params) -> dict:
    """``prefix.take`` with the seeds taken, or ``prefix.none``."""
    if n:
        return message(f"{prefix}.take", n=n, **params)
    return message(f"{prefix}.none", **params)


def _end(value: int) -> dict:
    """Where best play leads from here: ahead, behind or level with North."""
    if value > 0:
        return message("bakuk.key.end.ahead", n=value)
    if value < 0:
        return message("bakuk.key.end.behind", n=-value)
    return message("bakuk.key.end.even")
