"""Ludoteca: the rules of Bul, Bolonki, Bakuk and Buku as one pure-Python package.

A ``ludoteca/games/`` folder elsewhere on ``sys.path`` adds games (`pkgutil.extend_path`,
here and in `ludoteca.games`): the test suite's fixture game joins the real ones that way.
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)

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
