"""Hand-made Bolonki positions for the lesson and the puzzles: a state with exactly the
given pieces on the board, every other piece of each colour counted as brought out (so
the scores add up, as `rules.State` checks when it loads a position)."""

from __future__ import annotations

from .kernel import PIECES_PER_COLOUR, PLAYER_COLOURS, colours_in_play


def position_json(game, pieces: dict, to_move: int = 0, move_count: int = 0) -> dict:
    """The JSON of a position of `game` with `pieces` (square name -> colour letter) on the
    board, `to_move` to play, `move_count` moves made, no move to challenge."""
    players = game.num_players
    out = {c: PIECES_PER_COLOUR - list(pieces.values()).count(c)
           for c in colours_in_play(players)}
    data = game.initial_state().to_json()
    data.update(pieces=dict(pieces), out=out, to_move=to_move, move_count=move_count,
                scored=[sum(out[c] for c in own) for own in PLAYER_COLOURS[players]])
    return game.state_from_json(data).to_json()  # checked by the rules, in their own form


def position(game, pieces: dict, to_move: int = 0, move_count: int = 0):
    """The state of `position_json`."""
    return game.state_from_json(position_json(game, pieces, to_move, move_count))
