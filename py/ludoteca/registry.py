"""Which games exist: every package ``ludoteca/games/<id>/`` whose ``SPEC`` is a
`spec.GameSpec`. Everything that lists the games derives from `GAMES` (the facade, the
build's catalogue, the rules panel, the tests and the benchmarks), so a new game is its two
folders — this package and its page folder ``web/games/<id>/`` — and nothing else.

The games are found by listing the subpackages of `ludoteca.games` (which works the same
from a folder, a wheel or zipimport), and listed in the order of their `GameSpec.order`.
A game's package is imported when it is first asked for: the browser's engine starts with
the rules of none, and the page asks for one game; listing them all imports them all.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

from . import games
from .core import OptionError


class Registry(Mapping):
    """game id -> its `GameSpec`, in the home page's order (a read-only mapping)."""

    def __init__(self, package):
        self._package = package
        self._ids = None  # the subpackages found, once looked for
        self._specs = {}  # the specs imported so far

    def _found(self) -> list:
        if self._ids is None:
            found = pkgutil.iter_modules(self._package.__path__)
            self._ids = sorted(module.name for module in found if module.ispkg)
        return self._ids

    def __contains__(self, game_id) -> bool:
        return isinstance(game_id, str) and game_id in self._found()

    def __getitem__(self, game_id):
        if game_id not in self:
            raise KeyError(game_id)
        if game_id not in self._specs:
            spec = importlib.import_module(f"{self._package.__name__}.{game_id}").SPEC
            if spec.id != game_id:
                raise ImportError(f"the package games/{game_id} declares the game {spec.id!r}")
            self._specs[game_id] = spec
        return self._specs[game_id]

    def __iter__(self):
        specs = [self[game_id] for game_id in self._found()]
        return iter(spec.id for spec in sorted(specs, key=lambda spec: (spec.order, spec.id)))

    def __len__(self) -> int:
        return len(self._found())


GAMES = Registry(games)
"""game id -> its `GameSpec`, in the home page's order."""


def spec_of(game_id) -> object:
    """The `GameSpec` of `game_id`; an unknown game is an `OptionError`."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise OptionError(f"unknown game {game_id!r}", "unknown_game", game=repr(game_id))
    return GAMES[game_id]


def game_class(game_id: str):
    return spec_of(game_id).Game


def new_game(game_id: str, /, **options):  # "/": an option named "game_id" is refused
    """`new_game("bakuk", players=3)`: a game with its options checked."""
    return game_class(game_id)(**options)


def levels(game_id: str) -> list:
    """The computer levels of a game, weakest first."""
    return list(spec_of(game_id).levels)


def bot_for(game, player: int, level: str, seed=None, data=None):
    """A computer player of `level` for seat `player`. `data`: the engine's data files
    loaded so far (a level that plays by a solved table reads it there)."""
    table = spec_of(game.id).levels
    if level not in table:
        raise OptionError(
            f"{game.id}: no computer level {level!r}; levels: {list(table)}",
            "bad_level", game=game.id, level=repr(level), allowed=list(table),
        )
    return table[level](game, player, seed, data)


def analyst_for(game, data=None):
    """A new `spec.Analyst` of `game` (its caches are its owner's)."""
    return spec_of(game.id).Analyst(game, data)


def data_owner(name):
    """The `GameSpec` whose data file is called `name`, else None."""
    return next((spec for spec in GAMES.values() if name in spec.data_files), None)


def option_sets(game_id: str) -> list:
    """A few option sets that together cover every choice of every option of a game (each
    value at least once; for the option that seats the players, every value): what the
    tests and benchmarks run each game with. Combinations the game refuses are left out."""
    cls = game_class(game_id)
    described = cls.describe_options()
    found = [{}]
    for name, spec in described.items():
        for value in spec["values"]:
            if value == spec["default"] or value is None:
                continue
            for extra in ({}, *enablers(cls, name)):
                options = {**extra, name: value}
                try:
                    cls(**options)
                except OptionError:
                    continue
                found.append(options)
                break
    return found


def enablers(cls, name: str) -> list:
    """Other options that may make a value of `name` allowed: each rule set of the game
    (`GameSpec.rule_set_option`, in its order; Bul: teams need a Verbeeck rule set) — the
    caller keeps the first the game accepts. None for the rule set option itself, or a game
    without rule sets."""
    option = spec_of(cls.id).rule_set_option
    if option is None or option == name:
        return []
    return [{option: value} for value in cls.describe_options()[option]["values"]]
