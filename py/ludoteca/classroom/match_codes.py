"""The two short codes of a class tournament (`ludoteca.tournament`), made with
`ludoteca.codes` so a mistyped symbol is refused, in words, before anything is read.

- A **match code** (kind ``M``, shown on the teacher's projector beside each game of the
  round): the tournament's tag, the round, the game's number in the round, the game and its
  options. A pupil types it on any device: the game starts with the tournament's options and
  two people at the table — the device needs nothing else.
- A **result code** (kind ``T``, shown by the device at game over, computed by the engine
  from the game's returns): the tag, the round, the game's number and its result. The
  teacher types it in; the teacher's page refuses a code of another tournament or round, or
  of a game already entered (`tournament.enter`).
"""

from __future__ import annotations

from .. import registry
from ..core import OptionError
from . import codes
from .tournament import DRAW, FIRST_WON, SECOND_WON

TAG_BITS, ROUND_BITS, GAME_BITS = 12, 5, 4
GAME_ID_BITS, OPTIONS_BITS, RESULT_BITS = 3, 10, 2
MATCH_WIDTHS = [TAG_BITS, ROUND_BITS, GAME_BITS, GAME_ID_BITS, OPTIONS_BITS]
RESULT_WIDTHS = [TAG_BITS, ROUND_BITS, GAME_BITS, RESULT_BITS]
MATCH_KIND, RESULT_KIND = "M", "T"


def game_number(game_id: str) -> int:
    """The game's place among the site's games (what a match code holds)."""
    ids = list(registry.GAMES)
    if game_id not in ids or ids.index(game_id) >= 1 << GAME_ID_BITS:
        raise OptionError(f"unknown game {game_id!r}", "unknown_game", game=repr(game_id))
    return ids.index(game_id)


def options_number(game_id: str, options: dict) -> int:
    """The game's options as one number: each option's place among the values a set-up
    form offers, in mixed radix. The game must seat exactly two players."""
    game = registry.new_game(game_id, **options)
    if game.num_players != 2:
        raise OptionError("a tournament game is for two players", "tournament_two_players")
    number = 0
    for name, spec in registry.game_class(game_id).describe_options().items():
        values = spec["values"]
        value = game.options[name]
        place = next((i for i, v in enumerate(values) if type(v) is type(value) and v == value),
                     None)
        if place is None:
            raise OptionError(f"{name}={value!r} is not offered in a tournament",
                              "tournament_option", option=name)
        number = number * len(values) + place
    if number >= 1 << OPTIONS_BITS:
        raise OptionError("these options do not fit in a match code", "tournament_option",
                          option="?")
    return number


def options_of(game_id: str, number: int) -> dict:
    """The options `options_number` wrote as `number`."""
    described = registry.game_class(game_id).describe_options()
    options = {}
    for name, spec in reversed(described.items()):
        values = spec["values"]
        options[name] = values[number % len(values)]
        number //= len(values)
    if number:
        raise codes.CodeError("the code holds more than it may", "code_check")
    return dict(reversed(options.items()))


def match_code(tag: int, round_number: int, game: int, game_id: str, options: dict) -> str:
    """The code a pupil types to play game `game` (0-based) of round `round_number`."""
    return codes.encode(MATCH_KIND, [tag, round_number, game, game_number(game_id),
                                     options_number(game_id, options)], MATCH_WIDTHS)


def read_match(text: str) -> dict:
    """What a match code holds: ``{tag, round, game, game_id, options}``; CodeError if it
    is mistyped, OptionError if it names no game of this site."""
    tag, round_number, game, game_index, number = codes.decode(text, MATCH_KIND, MATCH_WIDTHS)
    ids = list(registry.GAMES)
    if game_index >= len(ids) or round_number == 0:
        raise codes.CodeError("the code names no game of this site", "code_check")
    game_id = ids[game_index]
    options = options_of(game_id, number)
    registry.new_game(game_id, **options)  # a combination the game refuses is refused here
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
    tag, round_number, game, result = codes.decode(text, RESULT_KIND, RESULT_WIDTHS)
    if result not in (FIRST_WON, DRAW, SECOND_WON) or round_number == 0:
        raise codes.CodeError("the code holds no result", "code_check")
    return {"tag": tag, "round": round_number, "game": game, "result": result}
