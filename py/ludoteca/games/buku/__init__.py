"""Buku, JG's two-dimensional mancala on a chessboard (``docs/rules/buku.md``): its package.

Layers, each importing only those before it: `kernel` (geometry, path search, the random
walk, the turn on plain lists) → `rules` (State, Game, notation) → `heuristics`
(evaluation, path sampler, planner) → `analysis` → `bots` → `lessons` and `editing` (the
set-up mode) → this module's `SPEC`. The puzzles' search (`search`, `puzzles`,
`position_puzzle`) is imported only when asked for.
"""

from __future__ import annotations

import random

from ... import core
from ...spec import GameSpec, Lab, SetUp, Teaching
from . import kernel, rules
from .analysis import BukuAnalyst
from .bots import BeginnerBot, CasualBot, StrongBot


class BukuSpec(GameSpec, Teaching, SetUp, Lab):
    id = "buku"
    order = 4
    Game = rules.Game
    Analyst = BukuAnalyst
    levels = {"beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot}
    rules_sections = ("goal", "setup", "turn", "end")
    max_moves = None  # no bound in the rules: a game ends on a repeated position
    lesson_sections = {"setup": "Equipment and set-up", "move": "A move: three phases, in order",
                       "end": "End and result"}

    def lab_configs(self):
        return [({}, 2400)]

    def lessons(self) -> tuple:
        from . import lessons  # a room: imported when a lesson opens, not with the game

        return lessons.STEPS

    # the puzzles' search is for the build and the tests: imported when asked for
    def make_puzzles(self, data: dict) -> tuple:
        from . import puzzles

        return puzzles.make()


    def puzzle_hint(self, puzzle, state) -> dict:
        from .hints import hint  # a few lines: where to look, never the move
        return hint(puzzle, state)

    def prove_puzzle(self, puzzle: dict, data: dict) -> dict:
        """Every path of every line searched again (`puzzles.prove`); a teacher's position,
        which has no theme, as a capture puzzle (`position_puzzle.prove`)."""
        # the search is imported when a proof is asked for, not with the game: play starts
        # sooner
        if "theme" not in puzzle:
            from ...teaching.lessons import message
            from . import position_puzzle

            return {**position_puzzle.prove(puzzle["state"]),
                    "question": message("puzzle.buku.capture")}
        from . import puzzles

        return puzzles.prove(puzzle)

    def random_playout(self, state, rng) -> tuple:
        """The kernel's loop (`kernel.random_playout`): each player draws from a generator
        seeded by `rng` as the beginner bots of `GameSpec.random_playout` are, so both play
        the same game move for move."""
        rngs = [random.Random(rng.random()) for _ in range(state.num_players)]
        if state.is_terminal:
            return state.returns(), 0
        captured, plies = kernel.random_playout(
            state.board, state.captured, state.to_move, state.hand_bonus, dict(state.seen),
            rngs)
        return core.returns_by_score(captured), plies


    def check_frames(self, state, move, child, frames):
        """The line lifted, then a frame per piece laid, on the squares of the path."""
        path = next(e for e in child.events if e["type"] == "place")["path"]
        kinds = [f["kind"] for f in frames]
        assert kinds[:1 + len(path)] == ["lift"] + ["place"] * len(path), kinds
        assert [f["at"] for f in frames[1:1 + len(path)]] == path


SPEC = BukuSpec()
