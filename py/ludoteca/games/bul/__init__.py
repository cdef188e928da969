"""The Bul family (``docs/rules/bul.md``): Boolik, Bu'ul, Puluc and Verbeeck's five Mopan
rule sets, one engine: its package.

Layers, each importing only those before it: `kernel` (the beans, the eight rule sets, the
road and a turn's moves on plain data) → `rules` (State, Game: notation, facts, JSON) →
`heuristics` (threats and the worth of a position) → `analysis` (win chances, exact in
endgames) → `endgame` (exact win chances turn by turn, for puzzles) → `bots`, `lessons`,
`puzzles`, `editing` (the set-up mode) → this module's `SPEC`.
"""

from __future__ import annotations

from ...ai import RandomBot
from ...core import OptionError
from ...spec import GameSpec, Lab, SetUp, Teaching
from . import kernel, rules
from .analysis import BulAnalyst
from .bots import CasualBot, SearchBot


class BulSpec(GameSpec, Teaching, SetUp, Lab):
    id = "bul"
    order = 1
    Game = rules.Game
    Analyst = BulAnalyst
    levels = {"beginner": RandomBot, "casual": CasualBot, "strong": SearchBot}
    rules_sections = ("goal", "setup", "throw", "move", "capture")
    rule_set_option = "variant"  # the eight rule sets, of two families
    max_moves = 4 * kernel.MAX_TURNS  # a turn: a throw and its moves, four at most
    lesson_mechanic = "throw"  # throw the beans, run that many rows down the road
    lesson_sections = {"road": "1. The road", "throw": "2. The throw",
                       "capture": "3. Units, stacks and capture (all variants)",
                       "maya": "4. The three Maya-rules variants",
                       "verbeeck": "5. The Verbeeck variants",
                       "teams": "6. Turn order and team play"}

    def rule_set_families(self):
        """Each rule set's family, as the rules facts give it: ``maya`` or ``verbeeck``."""
        return {variant: facts["family"]
                for variant, facts in self.Game.rules_facts()["variants"].items()}

    def lessons(self) -> tuple:
        from . import lessons  # a room: imported when a lesson opens, not with the game

        return lessons.STEPS

    def make_puzzles(self, data) -> tuple:
        from . import puzzles  # made and proven at build and test time: not with the game

        return puzzles.make()


    def puzzle_hint(self, puzzle, state) -> dict:
        from .hints import hint  # a few lines: where to look, never the move
        return hint(puzzle, state)

    def puzzle_reasons(self, puzzle, state) -> list:
        from .answer_words import reasons  # the answer key's "why", from the beans' odds
        return reasons(puzzle, state)

    def puzzle_move_reasons(self, puzzle, state) -> dict:
        from .answer_words import each_move  # what every move leaves in the enemy's reach
        return each_move(puzzle, state)

    def prove_puzzle(self, puzzle, data) -> dict:
        """The exact win chances of every move (`endgame.solve`), from scratch; a position
        the solver cannot prove at once is refused in words (`puzzles.check_provable`)."""
        from . import puzzles

        game = self.Game(**puzzle["options"])
        puzzles.check_provable(game.state_from_json(puzzle["state"]))
        try:
            return puzzles.prove(game, puzzle["state"])
        except ValueError:  # more positions than the solver lists
            raise OptionError("bul: the endgame is too big to prove", "bul_puzzle_too_big",
                              length=puzzles.PROVEN_LENGTH) from None

    @property
    def bean_lab(self):
        """The class's bean experiment (`ludoteca.bean_lab`): a room, imported when the lab
        opens, not with the game."""
        from . import beans_lab

        return beans_lab
    lab_compare = ("variant", "length")

    def lab_configs(self):
        """Every rule set on every road length, and the team game of each Verbeeck rule
        set: enough games for ±2 points on each."""
        configs = []
        for variant, rule_set in kernel.RULE_SETS.items():
            for length in kernel.LENGTHS:
                configs.append(({"variant": variant, "length": length}, 2400))
            if rule_set.verbeeck:
                configs.append(({"variant": variant, "team_size": 2}, 2400))
        return configs

    def lab_fair_share(self, game):
        """Two sides, whatever the number of players: a fair game gives side A half."""
        return 1 / 2


    def random_playout(self, state, rng):
        """The kernel's own loop (`kernel.random_playout`) on a private copy of `state`:
        the beginners' game move for move, without states, notation or events kept."""
        return kernel.random_playout(state._copy(), state.game.road, rng)

    def check_frames(self, state, move, child, frames):
        """A man or unit on its way shows on every row it passes, in order."""
        events = {e["type"]: e for e in child.events}
        walk = events.get("move") or events.get("enter")
        if walk is None:
            return
        rows = [f["at"] for f in frames if f["kind"] == "pass-row"]
        assert rows == walk["path"], (rows, walk["path"])
        assert all(f["observation"]["moving"] for f in frames if f["kind"] == "pass-row")


SPEC = BulSpec()
