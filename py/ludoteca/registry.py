"""Which games exist: one declaration per game, from which everything that lists the
games derives (the rules and bot tables here and in `ai`, the build's catalogue, the
page's list of views and stylesheets, the rules panel, the tests and the benchmarks).

A game is declared by one `GameEntry` in `GAMES`. By convention its other files are
``games/<id>.py`` (rules), ``ai/<id>.py`` (bots, a ``LEVELS`` table), ``analysis/<id>.py``
(its ``analyse`` and ``kind_of``), ``web/games/<id>.js`` (the view),
``web/games/<id>.css`` (its stylesheet) and ``web/img/<id>.svg`` (the home page's picture),
and its strings, the rules text among them, are the keys ``<id>.…`` and ``rules.<id>.…``
of ``web/i18n/*.json``.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from .core import OptionError


class GameEntry(NamedTuple):
    rules: str  # the rules module (its ``Game`` class)
    bots: str  # the bots module (its ``LEVELS`` table, weakest first)
    analysis: str  # the analysis module (``analyse``, ``kind_of``: see ludoteca.analysis)
    rules_sections: tuple  # the rules panel's sections, in order (keys rules.<id>.<section>)

    def view(self, game_id: str) -> str:
        """The page's view module, relative to web/."""
        return f"games/{game_id}.js"

    def stylesheet(self, game_id: str) -> str:
        return f"games/{game_id}.css"


GAMES = {  # in the order the home page shows them
    "bul": GameEntry("ludoteca.games.bul", "ludoteca.ai.bul",
                     "ludoteca.analysis.bul",
                     ("goal", "setup", "throw", "move", "capture")),
    "bolonki": GameEntry("ludoteca.games.bolonki", "ludoteca.ai.bolonki",
                         "ludoteca.analysis.bolonki",
                         ("goal", "setup", "turn", "reveal", "challenge", "end")),
    "bakuk": GameEntry("ludoteca.games.bakuk", "ludoteca.ai.bakuk",
                       "ludoteca.analysis.bakuk",
                       ("goal", "setup", "turn", "capture", "end")),
    "buku": GameEntry("ludoteca.games.buku", "ludoteca.ai.buku",
                      "ludoteca.analysis.buku",
                      ("goal", "setup", "turn", "end")),
}

GAME_MODULES = {game_id: entry.rules for game_id, entry in GAMES.items()}
"""game id -> rules module (derived from `GAMES`)."""


def game_class(game_id: str):
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise OptionError(f"unknown game {game_id!r}", "unknown_game", game=repr(game_id))
    return importlib.import_module(GAMES[game_id].rules).Game


def new_game(game_id: str, /, **options):  # "/": an option named "game_id" is refused
    """`new_game("bakuk", players=3)`: a game with its options checked."""
    return game_class(game_id)(**options)


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
    """Other options that make a value of `name` allowed (Bul: teams need a Verbeeck
    rule set), read from the game's own description."""
    described = cls.describe_options()
    allowed = described.get(name, {}).get("variants")
    return [{"variant": v} for v in allowed] if allowed else []
