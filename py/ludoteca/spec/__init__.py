"""What shared code asks of a game: its `GameSpec` and the capabilities it opts into.

A game is one package, ``ludoteca/games/<id>/``, whose ``__init__`` exports ``SPEC``, an
instance of a `GameSpec` subclass (the registry finds it there). Shared code — the facade
(`ludoteca.web`), the review (`ludoteca.analysis.review`), the build's catalogue, the
conformance suite — never compares a game's id: it asks these hooks.

Each capability is a small class in its own module, with defaults that fit a game without
more than the feature itself; a game's spec inherits those it has and overrides what
differs (``class BakukSpec(GameSpec, Teaching, SetUp, Lab)``):

- `GameSpec` (`rules`): what every game has — its rules, levels, rules panel, rule sets,
  longest game, data files, playout and the conformance suite's checks;
- `Analyst` (`analyst`): the computer's explanations, one per session or bot;
- `Teaching` (`teaching`): the lesson, the puzzles, the notes for teachers;
- `SetUp` (`set_up`): the set-up mode, where a teacher places the pieces;
- `Lab` (`lab`): the fairness lab and the bean lab.

Shared code asks ``spec.has(SetUp)`` whether a game has a capability. The model is
python-chess's variants (small classes with flags and hooks) and OpenSpiel's one-file game
registered once.
"""

from __future__ import annotations

from .analyst import Analyst
from .lab import LAB_BUDGET, Lab
from .rules import GameSpec
from .set_up import SetUp
from .teaching import Teaching

__all__ = ["LAB_BUDGET", "Analyst", "GameSpec", "Lab", "SetUp", "Teaching"]
