"""Buku analysis: scores from the strong player's search (kind ``"score"``, never exact).

A Buku turn has millions of moves, so ``moves`` holds the candidates the planner considers
(`heuristics.Planner`, as the strong bot uses it) — a few sampled paths for every line —
plus any move named in `include` (the review adds the move that was played). Each is worth
the evaluation after it (captures so far, mine minus the other's, plus what stands ready to
be captured), minus the other player's best sampled answer. A move that ends the game is
worth its final margin of pieces (the win bonus is taken off, so every value reads as
pieces).
"""

from __future__ import annotations

import random
import time

from ...spec import Analyst
from .heuristics import WIN, Planner, evaluate
from .kernel import play_out
from .rules import move_text

DEFAULT_BUDGET = 0.5
PATHS_PER_LINE = 40  # as the strong player samples


def _pieces(value: float) -> float:
    """An evaluation without its win bonus: a margin of pieces."""
    if value > WIN / 2:
        return value - WIN
    if value < -WIN / 2:
        return value + WIN
    return value


class BukuAnalyst(Analyst):
    def kind(self, state) -> str:
        return "score"

    def analyse(self, state, budget=None, include=(), **context) -> dict:
        budget = DEFAULT_BUDGET if budget is None else budget
        start = time.perf_counter()
        me = state.to_move
        planner = Planner(random.Random(0), PATHS_PER_LINE)  # the same position, same answer
        candidates = planner.sample(state, me, start + 0.3 * budget)
        candidates.sort(key=lambda c: c[0], reverse=True)
        rescored = planner.look_ahead(state, me, candidates, start + budget)
        moves = {move_text(line, path): _pieces(v) for v, line, path in rescored}
        for move in include:
            if move not in moves and state.is_legal(move):
                line, path = state.check_move(move)
                played = play_out(state.board, state.captured, me, line, path)
                if played.end is None:
                    value = -planner.best_answer(played.board, played.captured, 1 - me)
                else:
                    value = evaluate(played, me, 1 - me)
                moves[move] = _pieces(value)
        return {"player": me, "kind": "score", "exact": False,
                "value": max(moves.values()), "moves": moves}

    def in_game(self, states, moves, ply, budget=None) -> dict:
        """The move made here is valued too: it is rarely among the sampled ones."""
        played = moves[ply:ply + 1]
        return self.analyse(states[ply], budget, include=played)

    def line_plies(self, state) -> int:
        """The move, the other's best answer and the reply: each costs a search."""
        return 3

    def outlook(self, state, analysis):
        """White's margin of pieces: the score, or at the end the final one."""
        if state.is_terminal:
            returns = state.returns()
            return float(returns[0] - returns[1])
        value = analysis["value"]
        return value if analysis["player"] == 0 else -value
