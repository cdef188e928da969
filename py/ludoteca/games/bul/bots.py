"""Bul opponents: random, a greedy player and an expectimax searcher.

Both searchers look at whole turns: in the Verbeeck rule sets a turn is the use of two
values, so "one turn ahead" already chooses the best pair of moves. At a turn's end
the position is scored by `heuristics.evaluate`; the searcher (``strong``) plays by the
analysis' win chances (exact in endgames, else expectimax over the opponents' throws and
best replies, deepened while its time budget lasts). The game has no hidden facts, so the
bots read the state itself.
"""

from __future__ import annotations

import time

from ...ai import Bot, deepen
from ...core import CHANCE
from .analysis import BulAnalyst
from .heuristics import PAIRS, PROBABILITY, WIN, evaluate


class _Search:
    """Expectimax over whole turns, from `side`'s point of view."""

    def __init__(self, side: int, deadline: float):
        self.side = side
        self.deadline = deadline
        self.nodes = 0
        self.table = {}

    def after_move(self, state, turns: int) -> float:
        """The value of a state reached by a move: the same turn goes on, or the next
        turn begins (scored, or searched `turns` more turns)."""
        self.nodes += 1
        if self.nodes & 15 == 0 and time.perf_counter() > self.deadline:
            raise TimeoutError
        if state.is_terminal:
            return evaluate(state, self.side)
        key = (tuple(state.units), tuple(state.base), tuple(state.dead),
               tuple(state.retired), tuple(sorted(state.throws)), state.throws_pending,
               state.to_move, turns)
        if key in self.table:
            return self.table[key]
        if state.current_player != CHANCE:
            value = self.decide(state, turns)
        elif turns == 0:
            value = evaluate(state, self.side)
        else:
            value = self.throw(state, turns - 1)
        self.table[key] = value
        return value

    def throw(self, state, turns: int) -> float:
        if state.throws_pending == 2:
            return sum(p * self.decide(state.apply(str(a)).apply(str(b)), turns)
                       for a, b, p in PAIRS)
        return sum(p * self.decide(state.apply(str(v)), turns)
                   for v, p in PROBABILITY.items())

    def decide(self, state, turns: int) -> float:
        if state.is_terminal:
            return evaluate(state, self.side)
        values = [self.after_move(state.apply(m), turns) for m in state.legal_moves()]
        return max(values) if state.to_move % 2 == self.side else min(values)


class SearchBot(Bot):
    """Expectimax, one more turn at a time while the budget lasts."""

    level = "strong"
    max_turns = 3
    uses_budget = True
    by_analysis = True  # the analysis' win chances (exact in endgames) instead of the loop below

    def __init__(self, game, player: int, seed=None, data=None):
        super().__init__(game, player, seed, data)
        self.analyst = BulAnalyst(game, self.data)  # its solved endgames last the game

    def choose(self, state, budget: float = 1.0) -> str:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        if self.uses_budget and self.by_analysis:  # strong: plays by the analysis' win chances
            chances = self.analyst.analyse(state, 0.7 * budget)["moves"]
            top = max(chances.values())
            return self.rng.choice([m for m, p in chances.items() if p >= top - 1e-9])
        deadline = start + (0.7 * budget if self.uses_budget else 3600.0)
        side = state.to_move % 2

        def score(turns):
            search = _Search(side, deadline)
            return [(search.after_move(state.apply(m), turns), m) for m in moves]

        def give_up():  # the next, deeper search could not finish in the time left
            return 21 * time.perf_counter() - 20 * start > deadline

        best = deepen(range(self.max_turns), score, tolerance=1e-9, give_up=give_up,
                      decided=lambda top: abs(top) >= WIN / 2)  # decided either way
        return self.rng.choice(best or moves)


class CasualBot(SearchBot):
    """Plays the best-looking turn: takes what it can, keeps clear of what it sees."""

    level = "casual"
    max_turns = 1
    uses_budget = False
