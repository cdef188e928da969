"""The `SetUp` capability: the set-up mode, where a teacher places the pieces
(`ludoteca.editor`).

A game with a set-up mode inherits it beside `GameSpec` and names its set-up module
(`SetUp.editing`); the hooks here hand the editor's questions to that module. Shared code
asks ``spec.has(SetUp)`` before offering the mode.
"""

from __future__ import annotations

import importlib


class SetUp:
    """The set-up mode of one game, delegated to its module `editing`."""

    @property
    def editing(self):
        """The game's set-up module: ``editing`` in the game's package, imported when the
        set-up mode first asks (a room, builder/rooms.py: not with the game).

        It holds ``TOOLS`` (the tools a click on the board edits with: strings
        ``<id>.setup.tool.<name>``) and functions of the game and a draft (a state's JSON,
        maybe not legal yet): ``targets`` (the board elements a click edits, named as the
        view's steps), ``edit(game, draft, tool, target)`` and ``choose(game, draft, name,
        value)`` (new drafts, the draft never changed), ``choices`` (what the teacher
        chooses beside the board: name -> its values, strings ``<id>.setup.choice.<name>``),
        ``problems`` (why the draft is not a legal position, as messages; [] when it is) and
        ``state`` (the state of a legal draft); optionally ``chosen`` (each choice's value,
        by default the draft's field of that name) and ``observation`` (the board drawn from
        a draft, by default its state's), and, for a board whose places hold counts (seeds,
        pieces), ``set_count(game, draft, target, count)`` (a place's count set at once, one
        edit instead of many clicks) with ``most(game, draft, target)`` (the largest count
        it may be set to)."""
        return importlib.import_module(f"{type(self).__module__}.editing")

    @property
    def setup_counts(self) -> bool:
        """Whether a place's count can be set at once."""
        return bool(self.editing) and hasattr(self.editing, "set_count")

    def setup_set(self, game, draft: dict, target: str, count: int) -> dict:
        return self.editing.set_count(game, draft, target, count)

    def setup_most(self, game, draft: dict, target: str) -> int:
        return self.editing.most(game, draft, target)

    @property
    def setup_tools(self) -> tuple:
        return tuple(self.editing.TOOLS) if self.editing else ()

    def setup_targets(self, game, draft: dict) -> list:
        return self.editing.targets(game, draft)

    def setup_edit(self, game, draft: dict, tool: str, target: str) -> dict:
        return self.editing.edit(game, draft, tool, target)

    def setup_choices(self, game, draft: dict) -> dict:
        return self.editing.choices(game, draft)

    def setup_choose(self, game, draft: dict, name: str, value) -> dict:
        return self.editing.choose(game, draft, name, value)

    def setup_chosen(self, game, draft: dict) -> dict:
        if hasattr(self.editing, "chosen"):
            return self.editing.chosen(game, draft)
        return {name: draft.get(name) for name in self.setup_choices(game, draft)}

    def setup_problems(self, game, draft: dict) -> list:
        return self.editing.problems(game, draft)

    def setup_state(self, game, draft: dict):
        return self.editing.state(game, draft)

    def setup_observation(self, game, draft: dict) -> dict:
        if hasattr(self.editing, "observation"):
            return self.editing.observation(game, draft)
        return game.State._from_json(game, draft).observation(None)
