"""Bolonki, Yetem's memory race for 2 to 4 (``shared/rules/bolonki.md``): its package.

Layers, each importing only those before it: `rules` (State, Game; the colours are the
hidden facts) → `belief` (what a player may know of them: a memory built from public facts,
and the worth of a move by it) → `analysis` → `bots` → this module's `SPEC`.
"""

from __future__ import annotations

import json

from ...core import OptionError
from ...spec import GameSpec
from . import rules
from .analysis import BolonkiAnalyst
from .bots import MemoryBot, RandomBot, StrongBot


class BolonkiSpec(GameSpec):
    id = "bolonki"
    order = 2
    Game = rules.Game
    Analyst = BolonkiAnalyst
    levels = {"beginner": RandomBot, "casual": MemoryBot, "strong": StrongBot}
    rules_sections = ("goal", "setup", "turn", "reveal", "challenge", "end")

    def check_frames(self, state, move, child, frames):
        """A hop per landing square of a jump chain but the last; a reveal when one came."""
        events = {e["type"]: e for e in child.events}
        if "move" not in events:
            return
        path = events["move"]["path"]
        assert [f["at"] for f in frames if f["kind"] == "hop"] == path[1:-1]
        assert ("reveal" in [f["kind"] for f in frames]) == ("reveal" in events)

    def check_observations(self, game, observations):
        """Every face-down piece shows "?"; the set-up only before the first move."""
        if game.options["practice"]:
            return
        for view in observations:
            assert set(view["pieces"].values()) <= {rules.HIDDEN}, "a face-down colour shown"
            assert "start_colours" not in view or view["move_count"] == 0

    def check_remembered(self, events):
        """A piece turned face down again keeps no colour in the log."""
        for event in events:
            if event["type"] == "challenge" or (
                    event["type"] == "reveal" and event["result"] != "scored"):
                assert "colour" not in event and "owner" not in event, event

    def shuffled_hidden(self, state, rng):
        """The same position with the face-down colours shuffled among the pieces."""
        if state.game.options["practice"]:
            return None
        data = json.loads(json.dumps(state.to_json()))
        squares = list(data["pieces"])
        colours = [data["pieces"][sq] for sq in squares]
        rng.shuffle(colours)
        data["pieces"] = dict(zip(squares, colours, strict=True))
        try:
            return state.game.state_from_json(data)
        except OptionError:
            return None  # the shuffle broke a fact the state keeps (a challengeable move)


SPEC = BolonkiSpec()
