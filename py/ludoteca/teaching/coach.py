"""A coached game: a lesson step or a puzzle on the table. The game starts at the step's or
the puzzle's position; the moves of its `script` (a puzzle's prelude) are played first, as
a computer's would be; then the person's next move is judged — and the game stops there,
until the person tries again or goes on.

The page never receives what judges: not the step's check, not the puzzle's values (until
the answer) and not the position's hidden facts (a Bolonki puzzle's colours)."""

from __future__ import annotations

from .. import registry
from .lessons import Step
from .puzzles import answer, hint, judge


class LessonCoach:
    def __init__(self, step: Step, index: int, count: int):
        self.step, self.index, self.count = step, index, count
        self.script = ()

    def shown(self):
        """What the person sees before the first move, to memorise: nothing here."""
        return None

    def judge(self, state, move, child) -> dict:
        why = self.step.goal(state, move, child)
        return {"correct": why is None, "move": move, "why": why}

    def describe(self) -> dict:
        step = self.step
        return {"kind": "lesson", "game": step.game, "step": step.id, "index": self.index,
                "count": self.count, "teaches": list(step.teaches)}


class PuzzleCoach:
    """A shipped puzzle (`index` of `count`), or a teacher's position (`custom`)."""

    def __init__(self, puzzle: dict, index: int, count: int, custom: bool = False):
        self.puzzle, self.index, self.count, self.custom = puzzle, index, count, custom
        self.script = tuple(puzzle.get("prelude", ()))
        self.revealed = False  # whether the answer is shown: only then are lines explained

    def shown(self):
        """What the puzzle shows before its first move, to memorise (Bolonki's colours)."""
        return self.puzzle.get("shown")

    def judge(self, state, move, child) -> dict:
        """A wrong move is only said wrong (the person may try again); a right one comes
        with the whole answer."""
        verdict = judge(self.puzzle, move)
        self.revealed = self.revealed or verdict["correct"]
        return self._explained(verdict) if verdict["correct"] else verdict

    def answer(self, move=None) -> dict:
        """The whole answer, asked for (*Ver la solución*), `move` the last one tried."""
        self.revealed = True
        return self._explained(answer(self.puzzle, move))

    def _explained(self, verdict) -> dict:
        """The answer says whether a line can show why (the worker's ``why``; not in a game
        whose line would show what nobody has seen)."""
        puzzle = self.puzzle
        game = registry.new_game(puzzle["game"], **puzzle["options"])
        state = game.state_from_json(puzzle["state"])
        explained = {**verdict, "why": registry.analyst_for(game).line_plies(state) > 0}
        if "values" in verdict:  # the whole answer: why the best is best, in the game's
            # words, as the printed answer key says it (issue 43: shown on screen too)
            spec = registry.spec_of(puzzle["game"])
            explained["reasons"] = spec.puzzle_reasons(puzzle, state)
            # and what each move leads to, in a fold under them
            explained["each"] = spec.puzzle_move_reasons(puzzle, state)
        return explained

    def describe(self) -> dict:
        puzzle = self.puzzle
        described = {"kind": "puzzle", "game": puzzle["game"], "id": puzzle["id"],
                     "index": self.index, "count": self.count,
                     "difficulty": puzzle.get("difficulty"), "question": puzzle["question"],
                     "prelude": len(self.script), "custom": self.custom,
                     "hint": hint(puzzle)}  # where to look, never the move
        if "shown" in puzzle:  # what the person is shown before the prelude (Bolonki's
            described["shown"] = dict(puzzle["shown"])  # colours, as the memorising shows)
        return described
