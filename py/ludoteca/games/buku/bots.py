"""Buku opponents. A Buku turn has millions of moves, so no bot lists them:

- ``beginner`` plays a random legal move, built step by step (`rules.random_move`).
- ``casual`` samples a few paths for every line (`heuristics.Planner`) and keeps the move
  whose result scores best (`heuristics.evaluate`).
- ``strong`` samples more paths, then looks one reply ahead for its best candidates: the
  candidate whose best answer hurts least is played. It stops when its time budget runs
  out.
"""

from __future__ import annotations

import time

from ...ai import Bot
from .heuristics import Planner
from .rules import move_text, random_move


class BeginnerBot(Bot):
    """A random legal move, built step by step."""

    level = "beginner"

    def choose(self, state, budget: float = 1.0) -> str:
        return random_move(state, self.rng)


class CasualBot(Bot):
    """Samples paths for every line and keeps the move with the best-looking result."""

    level = "casual"
    paths_per_line = 6
    replies = False
    share_for_sampling = 1.0  # of the budget

    def choose(self, state, budget: float = 1.0) -> str:
        start = time.perf_counter()
        deadline = start + budget * 0.8  # headroom for the last look-ahead and the page
        sample_until = start + budget * 0.8 * self.share_for_sampling
        me = state.to_move
        planner = Planner(self.rng, self.paths_per_line)
        candidates = planner.sample(state, me, sample_until)
        candidates.sort(key=lambda c: c[0], reverse=True)
        if self.replies:
            candidates = planner.look_ahead(state, me, candidates, deadline)
        best = candidates[0][0]
        top = [c for c in candidates if c[0] >= best - 1e-9]
        _, line, path = self.rng.choice(top)
        return move_text(line, path)


class StrongBot(CasualBot):
    """More samples, then one reply of look-ahead for the best of them, within budget."""

    level = "strong"
    paths_per_line = 40
    replies = True
    share_for_sampling = 0.3
