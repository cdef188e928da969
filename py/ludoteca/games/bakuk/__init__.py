"""Bakuk, the 2×3 mancala of the Jbala (``docs/rules/bakuk.md``): its package.

Layers, each importing only those before it: `kernel` (the move on plain tuples) →
`rules` (State, Game) → `table` (the solved table's layout) → `analysis` → `bots` →
`perfect` (the level that plays by the table) → `lessons`, `foresight` and `puzzles` (the
teaching: the lesson's steps, and the puzzles the table proves) → this module's `SPEC`.
The shipped puzzles are data, `puzzle_set` (written by ``python3 build.py puzzles bakuk``).
"""

from __future__ import annotations

from ...ai import RandomBot
from ...core import OptionError, returns_by_score
from ...spec import GameSpec, Lab, SetUp, Teaching
from . import kernel, rules, table
from .analysis import TABLE, BakukAnalyst, solved_table
from .bots import CasualBot, SearchBot
from .perfect import PerfectBot


class BakukSpec(GameSpec, Teaching, SetUp, Lab):
    id = "bakuk"
    order = 3
    Game = rules.Game
    Analyst = BakukAnalyst
    levels = {"beginner": RandomBot, "casual": CasualBot, "strong": SearchBot,
              "perfect": PerfectBot}
    rules_sections = ("goal", "setup", "turn", "capture", "end")
    max_moves = None  # no bound in the rules: a game ends on a repeated position
    lesson_sections = {"setup": "Equipment and set-up", "move": "A move", "end": "End and result"}
    data_files = {TABLE: "games/bakuk/data/bakuk2.bin.gz"}

    def load_data(self, name, raw):
        if name != TABLE:
            return super().load_data(name, raw)
        return table.read(raw)

    def random_playout(self, state, rng):
        """The kernel's loop (`kernel.play_out`): the random player's moves, drawn from the
        same rng calls as `RandomBot` makes, on plain tuples."""
        if state.is_terminal:
            return state.returns(), 0
        _, captured, plies, _ = kernel.play_out(state.holes, state.captured, state.to_move,
                                                state.num_players, state.seen, rng)
        return returns_by_score(list(captured)), plies

    def lessons(self) -> tuple:
        from . import lessons  # a room: imported when a lesson opens, not with the game

        return lessons.STEPS

    def make_puzzles(self, data) -> tuple:
        from . import puzzles  # a room, as the lessons

        return puzzles.make(data[TABLE])


    def puzzle_hint(self, puzzle, state) -> dict:
        from .hints import hint  # a few lines: where to look, never the move
        return hint(puzzle, state)

    def puzzle_reasons(self, puzzle, state) -> list:
        from .answer_words import reasons  # the answer's "why", from the table's lines
        return reasons(puzzle, state)

    def puzzle_move_reasons(self, puzzle, state) -> dict:
        from .answer_words import each_move  # every move's take and North's answer
        return each_move(puzzle, state)

    def prove_puzzle(self, puzzle, data) -> dict:
        if puzzle["options"].get("players", 2) != 2:  # the solved table is of 2 players
            raise OptionError("only 2-player positions are proven", "bakuk_no_proof_3")
        from . import puzzles

        proof = puzzles.prove(puzzle["state"], data[TABLE])
        # a teacher's position: best play after every move, for the answer's *why* (the
        # shipped puzzles carry theirs; `answer_words`)
        state = self.Game(**puzzle["options"]).state_from_json(puzzle["state"])
        return {**proof, "replies": puzzles.replies(state, data[TABLE], ())}

    def seat_data(self, game, seats):
        """The perfect level plays 2-player Bakuk by the solved table."""
        return TABLE if game.num_players == 2 and "perfect" in seats else None

    def lab_configs(self):
        return [({"players": 2}, 2400), ({"players": 3}, 2400)]

    lab_compare = ("players",)

    def lab_exact(self, game, data):
        """2 players: the solved table's margin of the start for the first player (the
        seeds he captures minus the other's, both playing perfectly); None without it."""
        state = game.initial_state()
        table = solved_table(state, data)
        if table is None:
            return None
        margin = table.margin(state.holes, state.to_move)
        return {"kind": "margin", "value": margin,
                "winner": None if margin == 0 else (0 if margin > 0 else 1)}


    def check_frames(self, state, move, child, frames):
        """The hole emptied, then a frame per seed sown, with every seed still there."""
        sow = next(e for e in child.events if e["type"] == "sow")
        kinds = [f["kind"] for f in frames]
        assert kinds[:1 + sow["seeds"]] == ["lift"] + ["sow"] * sow["seeds"], kinds
        assert [f["at"] for f in frames[1:1 + sow["seeds"]]] == sow["path"]
        counts = {sum(f["observation"]["holes"]) + f["observation"].get("hand", 0)
                  for f in frames[:sow["seeds"]]}
        assert len(counts) == 1, "seeds appeared or vanished while sowing"


SPEC = BakukSpec()
