"""The computer explains: one analysis protocol for every game (``DESIGN.md``, "Analysis").

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

Analysis never reads hidden information: Bolonki's uses only what the player to move
has observed (`analysis.bolonki`). A solved table (Bakuk) is installed with
`bakuk_table.load(bytes)` when the page has fetched it; without it Bakuk is searched.

`grade(kind, loss)` names a decision by what it gave away (`GRADES`, thresholds per
scale in `THRESHOLDS`); the review (`analysis.review`) builds on it.
"""

from __future__ import annotations

import importlib

from ..registry import GAMES

MODULES = {game_id: entry.analysis for game_id, entry in GAMES.items()}

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")

# What a decision may give away (best value minus the value of the move made, on the
# analysis' scale) and still get each grade; more than the last bound is a blunder.
THRESHOLDS = {
    "margin": (0, 2, 4, 8),  # seeds (Bakuk margins are even)
    "win_chance": (0.005, 0.03, 0.08, 0.2),  # probability of winning
    "score": (0.05, 0.5, 1.5, 4.0),  # score points: about one piece / seed per point
}


def analyse(state, budget=None, **context) -> dict:
    """The analysis of `state` (see the module docstring). `context` is what a game's
    analysis may use beside the state: ``include`` (Buku: moves to value too),
    ``memory`` (Bolonki: what the player remembers); other games ignore it."""
    game_id = state.game.id
    if game_id not in MODULES:
        raise ValueError(f"no analysis for {game_id!r}")
    if state.is_terminal:
        return {"player": None, "kind": kind_of(state), "exact": True, "value": None,
                "moves": {}}
    return importlib.import_module(MODULES[game_id]).analyse(state, budget, **context)


def kind_of(state) -> str:
    return importlib.import_module(MODULES[state.game.id]).kind_of(state)


def grade(kind: str, loss: float) -> str:
    """The grade of a decision that gave away `loss` (>= 0) on scale `kind`."""
    for name, bound in zip(GRADES, THRESHOLDS[kind], strict=False):
        if loss <= bound + 1e-9:
            return name
    return GRADES[-1]
