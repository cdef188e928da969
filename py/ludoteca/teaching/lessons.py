"""Lessons: each game teaches itself on the board, one step at a time.

A step is a real position the engine sets up (`Step.state`), a goal in one sentence and a
check of the person's move against that goal, made by the engine on the move and what it
did (`Step.why_not` returns None when the move meets the goal, else the reason as a message
``{key, params}`` the page translates). Each step has a demonstration, a move that meets
its goal, and names the rules sections it teaches (`GameSpec.rules_sections`).

The words are the page's: ``lesson.<game>.<step id>.title``, ``.goal`` and ``.hint`` in the
game's strings files, so this module needs no language (`lesson(game_id)`).

    >>> from ludoteca.teaching.lessons import lesson
    >>> step = lesson("bakuk")[0]
    >>> state = step.state()
    >>> step.passes(state, step.demo)
    True

A game lists its steps in `GameSpec.lessons()`. A step every legal move passes teaches
nothing: the tests hold each one to at least one passing and one failing move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import OptionError
from ..registry import new_game, spec_of


def message(key: str, **params) -> dict:
    """A sentence for the page to translate: ``{key, params}``."""
    return {"key": key, "params": params}


@dataclass(frozen=True)
class Step:
    """One step of `game`'s lesson, called `id` (unique in the lesson).

    `setup(game)` returns the step's position in a game made with `options`; `goal(state,
    move, child)` returns None when `move` (played from `state` to `child`) meets the goal,
    else why not, as a `message`. `demo` is a move that meets it."""

    game: str
    id: str
    teaches: tuple
    setup: Callable
    goal: Callable
    demo: str
    options: dict = field(default_factory=dict)

    def state(self):
        """The step's position (a fresh value each time)."""
        return self.setup(new_game(self.game, **self.options))

    def why_not(self, state, move):
        """None when `move` meets the goal from `state`; else the reason, a message. An
        illegal move raises `IllegalMoveError` (the rules' own reason)."""
        return self.goal(state, move, state.apply(move))

    def passes(self, state, move) -> bool:
        return self.why_not(state, move) is None


def lesson(game_id: str) -> tuple:
    """The steps of `game_id`'s lesson, in order."""
    return tuple(spec_of(game_id).lessons())


def step_at(game_id: str, index) -> Step:
    """Step `index` (0-based) of the lesson; anything else is an `OptionError`."""
    steps = lesson(game_id)
    if type(index) is not int or not 0 <= index < len(steps):
        raise OptionError(f"{game_id} has no lesson step {index!r}", "bad_lesson_step",
                          step=repr(index), count=len(steps))
    return steps[index]
