"""The computer explains: one analysis protocol for every game (``docs/DESIGN.md``, "Analysis").

    a = analyse(state, budget=None)      # budget: seconds; None = the game's default

- ``a["player"]``: whose decision it is (at a Bul throw: the player who throws), None at
  the end of the game.
- ``a["kind"]``: the scale of every value —
  ``"margin"`` (Bakuk, 2 players: seeds the player will still capture minus the other's,
  best play by both), ``"win_chance"`` (Bul: probability that the player's side wins,
  0..1), ``"score"`` (a heuristic: Bakuk with 3 players, Buku, Bolonki).
- ``a["exact"]``: True when every value is proven (Bakuk's table), else an estimate.
- ``a["value"]``: the best the player can reach from here, from the player's view.
- ``a["moves"]``: ``{move: value}`` for every legal move at a decision (Buku: for the
  candidates its search considers — a Buku turn has millions of moves); at a chance
  node ``{outcome: value}``, with ``a["chances"]`` = ``{outcome: probability}``.
  At a decision ``value == max(moves.values())``; at a chance node
  ``value == sum(chances[o] * moves[o])``. At the end of the game ``moves`` is empty
  and ``value`` is None.

Each game's analysis is its `spec.Analyst` (``games/<id>/analysis.py``), which holds the
caches of whoever owns it. Analysis never reads hidden information: Bolonki's uses only
what the player to move has observed. `data` holds the data files the engine has loaded:
with Bakuk's solved table (``{"bakuk2": table}``) 2-player Bakuk is exact, without it
searched.

`grade(kind, loss)` names a decision by what it gave away (`GRADES`, thresholds per
scale in `THRESHOLDS`); the review (`analysis.review`) builds on it.
"""

from __future__ import annotations

from ..registry import analyst_for

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")

# What a decision may give away (best value minus the value of the move made, on the
# analysis' scale) and still get each grade; more than the last bound is a blunder.
THRESHOLDS = {
    "margin": (0, 2, 4, 8),  # seeds (Bakuk margins are even)
    "win_chance": (0.005, 0.03, 0.08, 0.2),  # probability of winning
    "score": (0.05, 0.5, 1.5, 4.0),  # score points: about one piece / seed per point
}


def analyse(state, budget=None, data=None, **context) -> dict:
    """The analysis of `state` (see the module docstring), by a new analyst of its game.
    `context` is what a game's analysis may use beside the state: ``include`` (Buku:
    moves to value too), ``memory`` (Bolonki: what the player remembers)."""
    return analyse_with(analyst_for(state.game, data), state, budget, **context)


def analyse_with(analyst, state, budget=None, **context) -> dict:
    """The analysis of `state` by `analyst` (at the end of the game: no moves, no value)."""
    if state.is_terminal:
        return {"player": None, "kind": analyst.kind(state), "exact": True, "value": None,
                "moves": {}}
    return analyst.analyse(state, budget, **context)


def grade(kind: str, loss: float) -> str:
    """The grade of a decision that gave away `loss` (>= 0) on scale `kind`."""
    for name, bound in zip(GRADES, THRESHOLDS[kind], strict=False):
        if loss <= bound + 1e-9:
            return name
    return GRADES[-1]
