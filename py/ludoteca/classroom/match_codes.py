"""The two short codes of a class tournament (`ludoteca.tournament`), made with
`ludoteca.codes` so a mistyped symbol is refused, in words, before anything is read.

- A **match code** (kind ``M``, 11 symbols, shown on the teacher's projector beside each
  game of the round): the tournament's tag, the round, the game's number in the round and
  the game with its options. A pupil types it on any device: the game starts with the
  tournament's options and two people at the table — the device needs nothing else.
- A **result code** (kind ``T``, 8 symbols, shown by the device at game over, computed by
  the engine from the game's returns): the tag, the round, the game's number and its
  result. The teacher types it in; the teacher's page refuses a code of another tournament
  or round, or of a game already entered (`tournament.enter`).

The game and its options are one number, `options_number`: a stable number of their names
and values (`codes.stable_number` of ``bul{"length":13,"team_size":1,"variant":"puluc"}``),
not their places in the home page's order or a set-up form's list. Reading it back tries
every combination the games' set-up forms offer (`offered`) and takes the one with that
number: a game or an option's value added, or the lists reordered, changes no code, and a
code naming a combination this version does not have is refused (``code_unknown_game``).
The tests check that no two combinations share a number.
"""

from __future__ import annotations

import itertools
import json

from .. import registry
from ..core import OptionError
from . import codes
from .tournament import DRAW, FIRST_WON, SECOND_WON

TAG_BITS, ROUND_BITS, GAME_BITS = 12, 5, 4
OPTIONS_BITS, RESULT_BITS = 19, 2  # the options fill the match code's last symbol
MATCH_WIDTHS = [TAG_BITS, ROUND_BITS, GAME_BITS, OPTIONS_BITS]
RESULT_WIDTHS = [TAG_BITS, ROUND_BITS, GAME_BITS, RESULT_BITS]
MATCH_KIND, RESULT_KIND = "M", "T"
# the codes before codes carried a format: the game as its place in the home page's order
# (3 bits) and the options as places in each option's list (10 bits)
UNVERSIONED_MATCH = [codes.unversioned_length([TAG_BITS, ROUND_BITS, GAME_BITS, 3, 10])]
UNVERSIONED_RESULT = [codes.unversioned_length(RESULT_WIDTHS)]


def combination_number(game_id: str, options: dict) -> int:
    """The number that names a game with these options (each option its set-up form
    offers, by name and value): the same whatever the order of the games or the values."""
    text = game_id + json.dumps(options, sort_keys=True, separators=(",", ":"))
    return codes.stable_number(text, OPTIONS_BITS)


def offered():
    """Every ``(game_id, options)`` a match code may name: each game's every combination of
    the values its set-up form offers (some a game refuses, or seat more than two)."""
    for game_id in registry.GAMES:
        described = registry.game_class(game_id).describe_options()
        for values in itertools.product(*(spec["values"] for spec in described.values())):
            yield game_id, dict(zip(described, values, strict=True))


def options_number(game_id: str, options: dict) -> int:
    """The number a match code holds for the game and its options (see the module's
    docstring). The game must seat exactly two players, and each option take a value its
    set-up form offers."""
    game = registry.new_game(game_id, **options)
    if game.num_players != 2:
        raise OptionError("a tournament game is for two players", "tournament_two_players")
    chosen = {}
    for name, spec in registry.game_class(game_id).describe_options().items():
        value = game.options[name]
        if not any(type(v) is type(value) and v == value for v in spec["values"]):
            raise OptionError(f"{name}={value!r} is not offered in a tournament",
                              "tournament_option", option=name)
        chosen[name] = value
    return combination_number(game.id, chosen)


def playable(game_id: str, options: dict) -> bool:
    """Whether a tournament can play the game with these options (`options_number` would
    write them): the game takes them and seats two."""
    try:
        return registry.new_game(game_id, **options).num_players == 2
    except OptionError:
        return False


def game_and_options(number: int) -> tuple:
    """The game and options `options_number` wrote as `number`: ``(game_id, options)``."""
    for game_id, options in offered():
        if combination_number(game_id, options) == number and playable(game_id, options):
            return game_id, options
    raise codes.CodeError("the code names a game this version does not have",
                          "code_unknown_game")


def match_code(tag: int, round_number: int, game: int, game_id: str, options: dict) -> str:
    """The code a pupil types to play game `game` (0-based) of round `round_number`."""
    return codes.encode(MATCH_KIND, [tag, round_number, game,
                                     options_number(game_id, options)], MATCH_WIDTHS)


def read_match(text: str) -> dict:
    """What a match code holds: ``{tag, round, game, game_id, options}``; CodeError if it
    is mistyped, of another version or names no game of this one."""
    tag, round_number, game, number = codes.decode(text, MATCH_KIND, MATCH_WIDTHS,
                                                   UNVERSIONED_MATCH)
    if round_number == 0:
        raise codes.CodeError("the code names round 0", "code_check")
    game_id, options = game_and_options(number)
    return {"tag": tag, "round": round_number, "game": game, "game_id": game_id,
            "options": options, "code": _grouped(codes.read(text))}


def _grouped(symbols: str) -> str:
    """A code in groups of four, as `codes.encode` shows it."""
    return "-".join(symbols[i:i + 4] for i in range(0, len(symbols), 4))


def result_of(returns: list) -> int:
    """The result the engine's returns say: the first player won, a draw, the second won."""
    if returns[0] > returns[1]:
        return FIRST_WON
    return DRAW if returns[0] == returns[1] else SECOND_WON


def result_code(match: dict, returns: list) -> str:
    """The code the device shows at the end of the game of `match` (`read_match`)."""
    return codes.encode(RESULT_KIND, [match["tag"], match["round"], match["game"],
                                      result_of(returns)], RESULT_WIDTHS)


def read_result(text: str) -> dict:
    """What a result code holds: ``{tag, round, game, result}``; CodeError if mistyped (and
    ``code_match``: a match code typed where its result goes)."""
    if codes.read(text)[0] == MATCH_KIND:
        raise codes.CodeError("a match code, not a result code", "code_match")
    tag, round_number, game, result = codes.decode(text, RESULT_KIND, RESULT_WIDTHS,
                                                   UNVERSIONED_RESULT)
    if result not in (FIRST_WON, DRAW, SECOND_WON) or round_number == 0:
        raise codes.CodeError("the code holds no result", "code_check")
    return {"tag": tag, "round": round_number, "game": game, "result": result}
