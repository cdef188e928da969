"""Bakuk opponents: random, a shallow searcher, and an iterative-deepening alpha-beta
searcher that uses its whole time budget.

The search works on the kernel's plain tuples (`kernel.sow`), not on `State` objects: it
is the hot loop. (The ``perfect`` level, by the solved table, is in `perfect`.)
Its value is the mover's future captures minus the others' (with 3 players the others are
assumed to play against the searcher, a "paranoid" search). The repetition guard is left
out of the search: it only ends games that are already drawn out.
"""

from __future__ import annotations

import time

from ...ai import Bot, deepen
from .kernel import HOLES, OWNED, sow

WIN_BONUS = 1000  # an ending that decides the game outweighs any seed count
clock = time.perf_counter  # the budget's clock: one name, so a test can count steps instead


class _Search:
    def __init__(self, owned, me, players, deadline):
        self.owned, self.me, self.players, self.deadline = owned, me, players, deadline
        self.nodes = 0
        self.table = {}

    def value(self, holes, to_move, depth, alpha, beta, scores):
        """Best reachable (my captures - best other's captures), from `scores` on."""
        self.nodes += 1
        if self.nodes & 1023 == 0 and clock() > self.deadline:
            raise TimeoutError
        moves = [i for i in self.owned[to_move] if holes[i]]
        if not moves:  # the game ends here
            return self._final(scores)
        if depth == 0:
            return self._static(scores)
        key = (holes, to_move, depth, scores)
        if key in self.table:
            return self.table[key]
        alpha0, beta0 = alpha, beta  # only a value strictly inside these is exact
        maximizing = to_move == self.me
        best = -10**9 if maximizing else 10**9
        nxt = (to_move + 1) % self.players
        for origin in moves:
            board, taken = sow(holes, origin)
            new_scores = scores
            if taken:
                new_scores = scores[:to_move] + (scores[to_move] + taken,) + scores[to_move + 1:]
            v = self.value(board, nxt, depth - 1, alpha, beta, new_scores)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if alpha0 < best < beta0:
            self.table[key] = best
        return best

    def _static(self, scores):
        mine = scores[self.me]
        return mine - max(s for p, s in enumerate(scores) if p != self.me)

    def _final(self, scores):
        margin = self._static(scores)
        return margin + (WIN_BONUS if margin > 0 else -WIN_BONUS if margin < 0 else 0)


class SearchBot(Bot):
    """Alpha-beta to a fixed depth, or deepening until the time budget runs out."""

    level = "strong"
    max_depth = 40
    uses_budget = True

    def choose(self, state, budget: float = 1.0) -> str:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        players = state.num_players
        owned = OWNED[players]
        holes = state.holes
        me = state.to_move
        deadline = clock() + (budget if self.uses_budget else 3600)

        def score(depth):
            search = _Search(owned, me, players, deadline)
            scored = []
            for m in moves:
                board, taken = sow(holes, HOLES.index(m))
                scores = tuple(taken if p == me else 0 for p in range(players))
                scored.append((search.value(board, (me + 1) % players, depth - 1,
                                            -10**9, 10**9, scores), m))
            return scored

        # a decided result (a win bonus) is final: deeper search changes nothing
        best = deepen(range(1, self.max_depth + 1), score,
                      decided=lambda top: abs(top) >= WIN_BONUS // 2)
        return self.rng.choice(best or moves)


class CasualBot(SearchBot):
    """Looks two moves ahead: takes what it sees, misses deeper traps."""

    level = "casual"
    max_depth = 2
    uses_budget = False
