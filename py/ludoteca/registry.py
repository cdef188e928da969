"""Which games exist, by id."""

from __future__ import annotations

import importlib

from .core import OptionError

GAME_MODULES = {
    "bakuk": "ludoteca.games.bakuk",
    "bul": "ludoteca.games.bul",
    "buku": "ludoteca.games.buku",
    "bolonki": "ludoteca.games.bolonki",
}


def game_class(game_id: str):
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        raise OptionError(f"unknown game {game_id!r}", "unknown_game", game=repr(game_id))
    return importlib.import_module(GAME_MODULES[game_id]).Game


def new_game(game_id: str, **options):
    """`new_game("bakuk", players=3)`: a game with its options checked."""
    return game_class(game_id)(**options)
