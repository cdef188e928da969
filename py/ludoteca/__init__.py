"""Ludoteca: the rules of Bul, Bolonki, Bakuk and Buku as one pure-Python package."""

from .core import (
    CHANCE,
    Game,
    IllegalMoveError,
    LudotecaError,
    OptionError,
    State,
    sample_chance,
)
from .records import make_record, replay
from .registry import GAMES, new_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "Game", "State", "LudotecaError", "IllegalMoveError", "OptionError",
    "GAMES", "new_game", "make_record", "replay", "sample_chance",
]
