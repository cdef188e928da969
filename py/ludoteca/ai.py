"""What every computer player shares: the `Bot` base, the random player and the
searchers' loop of iterative deepening. A game's own players live in its package
(``games/<id>/bots.py``, its ``LEVELS`` table); `registry.bot_for` seats one.

A bot sees only what its seat may see: the observation of its player and the public moves
and events, fed to it by `observe` as the game goes on. Levels are named for people:
``beginner`` (random legal moves), then stronger ones per game (``casual``, ``strong``).
"""

from __future__ import annotations

import random


class Bot:
    """A computer player for one seat. Subclasses override `choose`."""

    level = "beginner"

    def __init__(self, game, player: int, seed=None, data=None):
        self.game = game
        self.player = player
        self.rng = random.Random(seed)
        # the engine's data files loaded so far (a solved table): read when needed
        self.data = {} if data is None else data

    def observe(self, move: str, events: list) -> None:
        """Told of every move applied in the game (public facts only)."""

    def choose(self, state, budget: float = 1.0) -> str:
        """A legal move for `state`, whose player to move is this bot's, within
        about `budget` seconds."""
        return self.rng.choice(state.legal_moves())

    def react(self, state):
        """A move this bot makes out of turn (a Bolonki challenge), or None."""
        return None


class RandomBot(Bot):
    level = "beginner"


def deepen(depths, score, decided, tolerance: float = 0.0, give_up=None):
    """The searchers' one loop of iterative deepening: for each depth in turn,
    `score(depth)` gives ``[(value, move)]`` (raising TimeoutError when the time is up);
    returns the best moves of the deepest search that finished (None if none did).
    Stops early once `decided(top value)` (deeper search changes nothing) or, after a
    finished depth, `give_up()` says the next one could not finish in time."""
    best = None
    for depth in depths:
        try:
            scored = score(depth)
        except TimeoutError:
            break
        top = max(v for v, _ in scored)
        best = [m for v, m in scored if v >= top - tolerance]
        if decided(top) or (give_up is not None and give_up()):
            break
    return best
