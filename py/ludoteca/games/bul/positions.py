"""A Bul position made from its pieces, for the lesson's steps and the puzzles: the state of
`game` (its rule set, road and teams) with `units` (``(row, pieces, heading)``) on the road,
the men in each player's base, dead and retired, and whose turn it is with what thrown."""

from __future__ import annotations


def position(game, units, base, dead, retired, to_move, throws=(), throws_pending=0):
    options = game.options
    return game.state_from_json({
        "game": "bul", "variant": options["variant"], "length": options["length"],
        "team_size": options["team_size"],
        "units": [{"row": row, "pieces": list(pieces), "heading": heading}
                  for row, pieces, heading in units],
        "base": list(base), "dead": list(dead), "retired": list(retired),
        "throws": list(throws), "throws_pending": throws_pending, "to_move": to_move,
        "terminal": False})
