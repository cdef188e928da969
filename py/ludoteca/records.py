"""Game records: ``{"game", "options", "moves"}`` — the single source of saved games,
shared links and replays. Every move and chance outcome is kept in order, so a replay
never depends on a random generator."""

from __future__ import annotations

from .core import IllegalMoveError, OptionError
from .registry import new_game


def make_record(game, moves) -> dict:
    return {"game": game.id, "options": dict(game.options), "moves": list(moves)}


def replay(record) -> list:
    """All the states of a record, the initial one first.

    Raises `OptionError` (code ``corrupt_record``) naming the first bad move.
    """
    if not isinstance(record, dict):
        raise OptionError("a record must be an object", "corrupt_record")
    game_id, options, moves = record.get("game"), record.get("options", {}), record.get("moves")
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise OptionError("a record needs a game and its options", "corrupt_record")
    if not isinstance(moves, list):
        raise OptionError("a record's moves must be a list", "corrupt_record")
    game = new_game(game_id, **options)
    states = [game.initial_state()]
    for ply, move in enumerate(moves):
        try:
            states.append(states[-1].apply(move))
        except IllegalMoveError as exc:
            raise OptionError(
                f"move {ply + 1} ({move!r}) of the record cannot be played: {exc}",
                "corrupt_record", ply=ply + 1, move=repr(move),
            ) from None
    return states
