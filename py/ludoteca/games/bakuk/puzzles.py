"""Bakuk's puzzles: 2-player positions whose best moves the solved table proves.

A puzzle is a position from a game, South to move, right after a capture (or at the
start), so its history is itself alone. Its answer is every move that keeps the table's
margin; every other move loses at least 2 seeds (margins are even). It is graded by
`foresight.sight`, how many plies one must count captures ahead to tell the answer apart,
and themed by what the answer captures at once:

- ``take``: a best move makes the biggest capture there is;
- ``quiet``: no move captures anything now;
- ``trap``: the best moves capture less now than some other move.

`make` plays seeded games (each side mixing the table's best moves with random ones, so the
positions look like real games), keeps the positions a person can solve by counting, and
picks an even spread over difficulty, theme and seeds on the board. `prove` is the table's
verdict on one puzzle, from scratch: the tests hold the shipped data to it.
"""

from __future__ import annotations

import random

from ...teaching.lessons import message
from .analysis import TABLE, BakukAnalyst, table_moves
from .foresight import sight
from .kernel import HOLES, position_key, sow
from .perfect import progress_move
from .rules import Game

SEED = 3  # the generator's games; the same seed makes the same puzzles
GAMES = 1200
PER_DIFFICULTY = 24
LINE_PLIES = 8
REPLY_PLIES = 4  # of a wrong move's line: North's answer and what follows, for *why*
DIFFICULTY_OF_SIGHT = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3}
"""Plies to count ahead -> difficulty; a puzzle needing more is beyond counting."""


def prove(state_json: dict, table) -> dict:
    """{"best", "values"}: every move's exact margin for the mover, and the moves that
    keep the best of them."""
    game = Game(players=2)
    analysis = BakukAnalyst(game, {TABLE: table}).analyse(game.state_from_json(state_json))
    if not analysis["exact"]:
        raise ValueError("the solved table does not answer for this position")
    values = analysis["moves"]
    top = max(values.values())
    return {"best": sorted(m for m, v in values.items() if v == top), "values": values}


def theme(state, best) -> str:
    """What the answer does at once: ``take``, ``quiet`` or ``trap`` (module docstring)."""
    captures = {m: sow(state.holes, HOLES.index(m))[1] for m in state.legal_moves()}
    most = max(captures.values())
    if most == 0:
        return "quiet"
    return "take" if any(captures[m] == most for m in best) else "trap"


def perfect_line(state, table, plies: int = LINE_PLIES) -> list:
    """Best play from `state` for up to `plies` plies (or to the end): each side keeps its
    table margin; a side ahead heads for its gain soonest (`perfect.progress_move`), else
    takes the biggest capture among its best moves (then the first in hole order)."""
    line = []
    while len(line) < plies and not state.is_terminal:
        values = table_moves(state, table)
        top = max(values.values())
        best = sorted(m for m, v in values.items() if v == top)
        move = progress_move(table, state, best, top) if top > 0 and len(best) > 1 else None
        if move is None:
            move = max(best, key=lambda m: (sow(state.holes, HOLES.index(m))[1], -ord(m)))
        line.append(move)
        state = state.apply(move)
    return line


def replies(state, table, best) -> dict:
    """{move: the line after it, both sides at their best (`perfect_line`)} for every move
    not among `best`: North's exact answer to each wrong move, for the answer's *why*
    (`answer_words`; the best move's line is the puzzle's ``line``)."""
    return {move: perfect_line(state.apply(move), table, REPLY_PLIES)
            for move in sorted(state.legal_moves()) if move not in best}


def _fresh(state) -> bool:
    """Whether the position's history is itself alone (after a capture, or the start)."""
    return state.seen == {position_key(state.holes, state.to_move): 1}


def candidates(table, rng) -> list:
    """[(state, best)]: positions of seeded games, South to move and fresh, with all three
    holes to choose from (a guess between two is no puzzle) and some move not among the
    best; each board once, in the order the games reach them."""
    game = Game(players=2)
    found, boards = [], set()
    for _ in range(GAMES):
        skill = rng.uniform(0.3, 0.95)  # how often a side plays one of the table's best
        state = game.initial_state()
        while not state.is_terminal:
            values = table_moves(state, table)
            top = max(values.values())
            best = sorted(m for m, v in values.items() if v == top)
            if (state.to_move == 0 and _fresh(state) and len(values) == 3
                    and len(best) < 3 and state.holes not in boards):
                boards.add(state.holes)
                found.append((state, best))
            pool = best if rng.random() < skill else sorted(values)
            state = state.apply(rng.choice(pool))
    return found


def _graded(table, rng) -> list:
    """[(difficulty, theme, seeds on the board, state, best, sight)] for every candidate a
    person can solve by counting captures."""
    graded = []
    for state, best in candidates(table, rng):
        plies = sight(state, best)
        if plies in DIFFICULTY_OF_SIGHT:
            graded.append((DIFFICULTY_OF_SIGHT[plies], theme(state, best), sum(state.holes),
                           state, best, plies))
    return graded


def _spread(graded: list, difficulty: int, count: int) -> list:
    """`count` puzzles of `difficulty`, taken in turn from each group of theme and seeds
    on the board (by tens), each group in the order the games found them."""
    groups = {}
    for entry in graded:
        if entry[0] == difficulty:
            groups.setdefault((entry[1], entry[2] // 10), []).append(entry)
    queues = [groups[key] for key in sorted(groups)]
    picked = []
    while len(picked) < count and any(queues):
        for queue in queues:
            if queue and len(picked) < count:
                picked.append(queue.pop(0))
    return picked


def make(table) -> tuple:
    """The puzzles, proven by the table, easiest first."""
    graded = _graded(table, random.Random(SEED))
    puzzles = []
    for difficulty in (1, 2, 3):
        for _, kind, _, state, best, _ in _spread(graded, difficulty, PER_DIFFICULTY):
            state_json = state.to_json()
            proof = prove(state_json, table)
            assert proof["best"] == best
            puzzles.append({
                "id": f"bakuk-{len(puzzles) + 1}", "game": "bakuk", "options": {"players": 2},
                "state": state_json, **proof, "kind": "margin", "difficulty": difficulty,
                "question": message(f"puzzle.bakuk.{kind}"),
                "line": perfect_line(state.apply(best[0]), table),
                "replies": replies(state, table, best)})
    return tuple(puzzles)
