"""The `Teaching` capability: a game's lesson and puzzles (`ludoteca.lessons`,
`ludoteca.puzzles`, the coach and the print kit's worksheets).

A game that teaches inherits it beside `GameSpec` (``class BulSpec(GameSpec, Teaching)``)
and overrides what it has: its steps, how its puzzles are made and proven.
"""

from __future__ import annotations

import importlib


class Teaching:
    """The lesson, the puzzles and the notes for teachers of one game."""

    lesson_sections: dict = {}
    """The rules the lesson teaches: a short name -> the heading of its section in the
    game's normative rules file (``docs/rules/<id>.md``). Every one is taught by some step
    (`lessons.Step.teaches` names them)."""

    lesson_mechanic: str = "move"
    """The section (a key of `lesson_sections`) of the game's basic move — Bakuk's sowing,
    Buku's emptied line and path, Bul's throw and run down the road. The lesson's first step
    introduces it: it teaches that section and its words (``lesson.<game>.<step>.intro``)
    say how the move is done before its goal asks for one (issue 43, item 3: a Bakuk goal
    asked to sow before anything had said what sowing is)."""

    teacher_notes = True
    """Whether the game's page folder has notes for teachers (``notes.js``, its view's
    ``notes``): a teaching game has them; one that has none says False, and its teach page
    says they are missing (tests/unit/test_teacher_notes.py holds both to the folder)."""

    def lessons(self) -> tuple:
        """The steps of the game's lesson (`lessons.Step`), in order: each a position, a
        goal the engine checks on the person's move, a demonstration and the rules
        sections it teaches (every one of `lesson_sections` is taught by some step)."""
        return ()

    def puzzles(self) -> tuple:
        """The game's puzzles (dicts, see `ludoteca.puzzles`): by default those shipped in
        the module ``puzzle_set`` of its package (``PUZZLES``), which `make_puzzles` wrote
        (``python3 build.py puzzles``); none when there is no such module."""
        name = f"{type(self).__module__}.puzzle_set"
        try:  # imported when first asked for, not with the game: the engine starts sooner
            return importlib.import_module(name).PUZZLES
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            return ()

    def make_puzzles(self, data: dict) -> tuple:
        """The game's puzzles made from scratch and proven by its analysis (`data`: its
        data files, loaded), for ``python3 build.py puzzles`` to ship; () when the game
        makes its puzzles in `puzzles` itself."""
        return ()

    def prove_puzzle(self, puzzle: dict, data: dict) -> dict:
        """The proof of `puzzle` from scratch: ``{"best": [...], "values": {move: value}}``
        recomputed by the game's exact analysis (`data`: its data files, loaded), for the
        tests to compare with what is shipped."""
        raise NotImplementedError(f"{self.id} has no puzzles to prove")

    def puzzle_hint(self, puzzle: dict, state) -> dict:
        """A hint for `puzzle` at its question's position `state`: a message that points
        where to look without naming the answer (the person still finds the move). By
        default a general one; a game says more from its own rules (``<id>.hint.*``)."""
        return {"key": "coach.hint.puzzle", "params": {}}

    def puzzle_reasons(self, puzzle: dict, state) -> list:
        """Why `puzzle`'s answer is best, in words (the printed answer key): messages saying
        what the best move leaves on the board beside the best other move, from the game's
        own analysis, at its question's position `state`. None by default: the key then says
        what the move does (its events) and what each move is worth."""
        return []

    def puzzle_move_reasons(self, puzzle: dict, state) -> dict:
        """What each move of `puzzle` leads to, in words: ``{move: message}`` for the
        answer's fold "what each move leads to" (issue 43: the reasons name the best move and
        the best other only). Empty by default: the fold is not shown."""
        return {}
