"""Bolonki, Yetem's memory race for 2 to 4 (``docs/rules/bolonki.md``): its package.

Layers, each importing only those before it: `kernel` (the board, its moves and what a
move does, on square indices) → `rules` (State, Game; the colours are the hidden facts) →
`belief` (what a player may know of them: a memory built from public facts,
and the worth of a move by it) → `analysis` → `bots`; the teaching: `positions` (hand-made
positions) → `lessons`, and `puzzle_draft` (how a memory puzzle is drawn) → `puzzles`
(proven by the analysis); `editing` (the set-up mode) → this module's `SPEC`.
"""

from __future__ import annotations

import json
import random

from ...core import OptionError
from ...spec import GameSpec, Lab, SetUp, Teaching
from . import kernel, rules
from .analysis import BolonkiAnalyst
from .bots import MemoryBot, RandomBot, StrongBot


class BolonkiSpec(GameSpec, Teaching, SetUp, Lab):
    id = "bolonki"
    _puzzles = None  # made on first use (`puzzles`)
    order = 2
    Game = rules.Game
    Analyst = BolonkiAnalyst
    levels = {"beginner": RandomBot, "casual": MemoryBot, "strong": StrongBot}
    rules_sections = ("goal", "setup", "turn", "reveal", "challenge", "end")
    max_moves = rules.MAX_MOVES_RANGE[1]  # every move counts, a challenge or a pass too
    lesson_sections = {"setup": "Equipment and set-up", "move": "A move (compulsory)",
                       "reveal": "Reveal at the goal edge", "challenge": 'Challenge ("desconfiar")',
                       "end": "End and result", "hidden": "Hidden information"}

    lab_compare = ("players",)

    def lab_option_names(self):
        """Only the number of players: the move limit is a safeguard, and the practice
        game shows the colours (no memory is tested)."""
        return ("players",)

    def lab_configs(self):
        return [({"players": 2}, 2400), ({"players": 3}, 2400), ({"players": 4}, 2400)]

    def lessons(self) -> tuple:
        from . import lessons  # a room: imported when a lesson opens, not with the game

        return lessons.STEPS

    def puzzles(self) -> tuple:
        """Memory puzzles made from their seeds (`puzzles.make`) when first asked for, then
        kept by this object: nothing is shipped, nothing is made at import."""
        if self._puzzles is None:
            from . import puzzles  # a room, as the lessons

            self._puzzles = puzzles.make()
        return self._puzzles


    def puzzle_hint(self, puzzle, state) -> dict:
        from .hints import hint  # a few lines: where to look, never the move
        return hint(puzzle, state)

    def prove_puzzle(self, puzzle, data) -> dict:
        from . import puzzles

        return puzzles.prove_puzzle(puzzle)


    def random_playout(self, state, rng) -> tuple:
        """The beginners' game from `state`, played by the kernel: each player draws
        `kernel.random_own_move` (uniform among his board moves, or a pass, and his own
        challenge when he may) with a generator seeded as the beginner bot's is (one
        ``rng.random()`` per player, in seat order); nobody challenges out of turn — the
        moves `GameSpec.random_playout` plays through `State.apply`, drawn alike."""
        rngs = [random.Random(rng.random()) for _ in range(state.num_players)]
        position = kernel.Position(state.num_players, state.max_moves)
        state.copy_position(position)  # a bare copy to play on: the state stays as it was
        plies = kernel.random_playout(position, rngs)
        return position.returns(), plies

    def check_frames(self, state, move, child, frames):
        """A hop per landing square of a jump chain but the last; a piece turned up (its
        colour in ``face_up``, the only one) exactly when the move turned one up, then where
        it went."""
        kinds = [f["kind"] for f in frames]
        events = {e["type"]: e for e in child.events}
        if "move" in events:
            path = events["move"]["path"]
            assert [f["at"] for f in frames if f["kind"] == "hop"] == path[1:-1]
        flip = events.get("reveal") or events.get("challenge")
        shown = [f for f in frames if "face_up" in f["observation"]]
        if flip is None:
            assert not shown, kinds
            return
        assert [f["kind"] for f in shown] == [flip["type"]], kinds
        assert shown[0]["observation"]["face_up"] == {flip["square"]: flip["colour"]}
        assert shown[0]["at"] == flip["square"]
        assert flip["square"] in shown[0]["observation"]["pieces"]
        assert kinds[-1] == flip["result"] and frames[-1]["at"] == (flip["to"] or flip["square"])

    def check_observations(self, game, observations):
        """Every face-down piece shows "?"; the set-up only before the first move; at most
        one piece turned up (``face_up``, in a frame of the move that turned it up)."""
        for view in observations:
            assert len(view.get("face_up", {})) <= 1 and set(view.get("face_up", {})) <= set(
                view["pieces"])
            if game.options["practice"]:
                continue
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
