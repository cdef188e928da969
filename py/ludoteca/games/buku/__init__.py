"""Buku, JG's two-dimensional mancala on a chessboard (``shared/rules/buku.md``): its package.

Layers, each importing only those before it: `kernel` (geometry, path search, the move on
plain lists) → `rules` (State, Game, notation) → `heuristics` (evaluation, path sampler,
planner) → `analysis` → `bots` → this module's `SPEC`.
"""

from __future__ import annotations

from ...spec import GameSpec
from . import rules
from .analysis import BukuAnalyst
from .bots import BeginnerBot, CasualBot, StrongBot


class BukuSpec(GameSpec):
    id = "buku"
    order = 4
    Game = rules.Game
    Analyst = BukuAnalyst
    levels = {"beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot}
    rules_sections = ("goal", "setup", "turn", "end")

    def check_frames(self, state, move, child, frames):
        """The line lifted, then a frame per piece laid, on the squares of the path."""
        path = next(e for e in child.events if e["type"] == "place")["path"]
        kinds = [f["kind"] for f in frames]
        assert kinds[:1 + len(path)] == ["lift"] + ["place"] * len(path), kinds
        assert [f["at"] for f in frames[1:1 + len(path)]] == path


SPEC = BukuSpec()
