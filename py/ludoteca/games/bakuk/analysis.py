"""Bakuk analysis: exact margins from the solved table (2 players), else a search.

2 players, table loaded (the engine's data file ``bakuk2``): kind ``"margin"``, exact. A
move's value is the seeds it captures minus the opponent's margin after it, from the table.
The table's values hold for a position reached for the first time (the repetition rule
never changes them: see ``tools/bakuk_table.py``); the one fact of this game's history that
does change a move's worth is taken in: a move that makes a position for the third time
ends the game at once, so it is worth the seeds it captures (always 0: a capture makes a
new position).

2 players without the table: kind ``"margin"``, not exact: an alpha-beta search of
future captures (mine minus the other's) deepened while `budget` lasts.
3 players: kind ``"score"``, not exact: the same search, each player counting his future
captures minus the best of the others' ("paranoid": the others play against him).
"""

from __future__ import annotations

import time

from ...spec import Analyst
from .kernel import HOLES, OWNED, position_key, sow

DEFAULT_BUDGET = 0.3
MAX_DEPTH = 30
TABLE = "bakuk2"  # the data file of the solved table (`BakukSpec.data_files`)
SHORT_LINE = 12  # a line of this many moves or fewer is read move by move (no chapters)


def solved_table(state, data):
    """The solved table when it is loaded and answers for `state` (2 players), else None."""
    table = data.get(TABLE) if state.num_players == 2 else None
    return table if table is not None and table.covers(state.holes) else None


def table_moves(state, table) -> dict:
    """{move: exact margin} for the player to move (2 players)."""
    player = state.to_move
    moves = {}
    for move in state.legal_moves():
        board, taken = sow(state.holes, HOLES.index(move))
        if state.seen.get(position_key(board, 1 - player), 0) >= 2:  # a third time: the end
            moves[move] = taken
        else:
            moves[move] = taken - table.margin(board, 1 - player)
    return moves


def search_moves(state, budget: float) -> dict:
    """{move: estimated value} by iterative deepening until `budget` seconds pass."""
    players = state.num_players
    owned = OWNED[players]
    me = state.to_move
    holes = state.holes
    deadline = time.perf_counter() + budget
    moves = {m: 0 for m in state.legal_moves()}
    for depth in range(1, MAX_DEPTH + 1):
        search = _Search(owned, players, deadline)
        try:
            found = {}
            for m in moves:
                board, taken = sow(holes, HOLES.index(m))
                gains = tuple(taken if p == me else 0 for p in range(players))
                found[m] = search.value(board, (me + 1) % players, me, depth - 1, gains)
        except TimeoutError:
            break
        moves = found
        if search.complete:
            break  # every line reached the end: deeper changes nothing
    return moves


class _Search:
    """Minimax of future captures for `me` (mine minus the best other's), paranoid."""

    def __init__(self, owned, players, deadline):
        self.owned, self.players, self.deadline = owned, players, deadline
        self.nodes = 0
        self.complete = True
        self.memo = {}

    def value(self, holes, to_move, me, depth, gains):
        self.nodes += 1
        if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise TimeoutError
        mine = gains[me] - max(g for p, g in enumerate(gains) if p != me)
        moves = [i for i in self.owned[to_move] if holes[i]]
        if not moves:
            return mine
        if depth == 0:
            self.complete = False
            return mine
        key = (holes, to_move, depth, gains)
        if key in self.memo:
            return self.memo[key]
        nxt = (to_move + 1) % self.players
        values = []
        for origin in moves:
            board, taken = sow(holes, origin)
            g = gains
            if taken:
                g = gains[:to_move] + (gains[to_move] + taken,) + gains[to_move + 1:]
            values.append(self.value(board, nxt, me, depth - 1, g))
        best = max(values) if to_move == me else min(values)
        self.memo[key] = best
        return best


class BakukAnalyst(Analyst):
    def kind(self, state) -> str:
        return "margin" if state.num_players == 2 else "score"

    def analyse(self, state, budget=None, **context) -> dict:
        table = solved_table(state, self.data)
        if table is not None:
            moves, exact = table_moves(state, table), True
        else:
            moves, exact = search_moves(state, DEFAULT_BUDGET if budget is None else budget), False
        return {"player": state.to_move, "kind": self.kind(state), "exact": exact,
                "value": max(moves.values()), "moves": moves}

    def line_plies(self, state) -> int:
        """With the solved table the line goes on to the end (cheap, and its captures add up
        to the value the summary says); a search's line only as far as it sees well."""
        return 300 if solved_table(state, self.data) is not None else 6

    def line_shown(self, steps: list) -> list:
        """Up to the last capture (the move and its answer at least): after it the seeds
        only go round until the game ends, and the margin no longer changes."""
        captures = [i for i, step in enumerate(steps)
                    if any(event["type"] == "capture" for event in step["events"])]
        return steps[:max(2, captures[-1] + 1 if captures else 0)]

    def line_chapters(self, steps: list) -> list:
        """The table's line runs to the last capture, up to ~70 moves nobody steps through:
        the move itself and the answer to it, each capture and the end are what the margin
        is made of. A short line (a search's) is read move by move."""
        if len(steps) <= SHORT_LINE:
            return list(range(len(steps)))
        captures = [i for i, step in enumerate(steps)
                    if any(event["type"] == "capture" for event in step["events"])]
        return sorted({0, 1, *captures, len(steps) - 1})

    def outlook(self, state, analysis):
        """The final capture margin of player 0 with best play: captures so far plus the
        margin still to come (2 players; 3 cannot be put on one scale)."""
        if state.num_players > 2:
            return None
        ahead = state.captured[0] - state.captured[1]
        if state.is_terminal:
            return ahead
        to_come = analysis["value"]
        return ahead + (to_come if analysis["player"] == 0 else -to_come)

    def needs(self):
        return TABLE if self.game.num_players == 2 and TABLE not in self.data else None
