"""The `Analyst` capability: the computer's explanations of one game (docs/DESIGN.md, "Analysis").

Every game has one (`GameSpec.Analyst`, a subclass of this): the review, the hint and the
coach ask it for values, the review's graph and its notes. The defaults fit a game whose
analysis reads only the position and adds no notes of its own.
"""

from __future__ import annotations


class Analyst:
    """The computer's explanations of one game (docs/DESIGN.md, "Analysis"), holding the caches
    of whoever owns it — a session or a bot — and never module-wide ones.

    `data` is the engine's data files as loaded so far (name -> object, e.g. Bakuk's
    solved table); it is read when needed, so a file fetched later is used from then on.
    """

    def __init__(self, game, data=None):
        self.game = game
        self.data = {} if data is None else data

    def kind(self, state) -> str:
        """The scale of every value: ``"margin"``, ``"win_chance"`` or ``"score"``."""
        raise NotImplementedError

    def analyse(self, state, budget=None, **context) -> dict:
        """The analysis of a position that is not over (``ludoteca.analysis``)."""
        raise NotImplementedError

    def in_game(self, states, moves, ply, budget=None) -> dict:
        """The analysis of ``states[ply]`` within the game so far, for the review and the
        hint: by default the position alone. A game whose analysis reads the history
        (Bolonki: what everyone saw) or values the move made there (Buku: one of millions)
        overrides this."""
        return self.analyse(states[ply], budget)

    def outlook(self, state, analysis):
        """Where the game is heading for the review's graph, from player 0's (side A's)
        view, on the analysis' scale; at the end, the result on that scale. None when the
        game cannot be put on one scale."""
        return None

    def notes(self, states, moves, ply, analysis) -> dict:
        """What the review adds for this game at ``ply``, besides grades and luck:
        ``note`` (a message about the move made there, ``moves[ply]``, shown once the
        replay stands after it) and ``moments`` (``[{"ply", "weight", "tone", "message"}]``:
        key moments the review lists, heaviest first; ``ply`` is the position a click
        shows). Messages are ``{key, params}`` the page translates. Other fields are the
        game's own facts, for tests and tools."""
        return {}

    def line_plies(self, state) -> int:
        """How many moves the line that proves a move's value (`analysis.lines`) shows,
        the move itself first; 0: this game offers no line."""
        return 6

    def line_shown(self, steps: list) -> list:
        """The steps of a line worth showing (`analysis.lines`): by default all of them."""
        return steps

    def line_chapters(self, steps: list) -> list:
        """The indices of the steps of a shown line that matter (`analysis.lines`): the
        page's "Next" jumps from one to the next in a long line, and says how many there
        are. By default every step: a short line is read move by move."""
        return list(range(len(steps)))

    def line_outcome(self, state):
        """The throw a line follows at a chance node: the likeliest (the first of equals)."""
        outcomes = state.chance_outcomes()
        return max(outcomes, key=lambda pair: pair[1])[0]

    def needs(self):
        """The name of a data file (`GameSpec.data_files`) that would make this analysis
        exact and is not loaded yet, else None."""
        return None
