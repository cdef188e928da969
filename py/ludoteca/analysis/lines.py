"""Why a move is worth what it is: the line that proves it (issue 43, item 1).

``line(analyst, state, move, value)`` plays `move` from `state`, then what best play by
everyone does after it, by the game's own analysis (`spec.Analyst`): at each decision the
first of the best moves (`review.best_moves`), at a throw the outcome the analyst names
(`Analyst.line_outcome`: by default the likeliest). It stops at the end of the game or
after `plies` moves (`Analyst.line_plies`: 0 means the game offers no line, e.g. Bolonki,
where playing on would show colours nobody knows); the game may show less of it
(`Analyst.line_shown`: Bakuk stops after the last capture, the rest changes nothing).

Each step is ``{move, player, events, state}``: who made it and what it did, as the move
log keeps it (`State.remembered`), so the page says it in the game's own words; ``state``
is the position after it, for the board (the caller turns it into a view). The line's
``value`` is the analysis' value of `move` for its player (what the summary says); with an
exact analysis, best play along the line reaches exactly that value (the tests prove it).
Shared code: it asks the analyst and never names a game.
"""

from __future__ import annotations

from ..core import CHANCE
from . import analyse_with

MOST_PLIES = 300  # no line is longer, whatever a caller asks


def line(analyst, state, move: str, budget=None, plies=None) -> dict | None:
    """The line after `move` from `state`: ``{steps, player, kind}``; None when the game
    offers no line (`Analyst.line_plies` is 0). `move` must be legal (the caller checks)."""
    from .review import best_moves  # review imports this module's package

    plies = analyst.line_plies(state) if plies is None else plies
    if plies <= 0:
        return None
    player = state.current_player
    steps = []
    here, step = state, move
    while step is not None and len(steps) < min(plies, MOST_PLIES):
        mover = here.current_player
        here = here.apply(step)
        steps.append({"move": step, "player": mover,
                      "events": here.remembered(here.events), "state": here})
        if here.is_terminal:
            break
        if here.current_player == CHANCE:
            step = analyst.line_outcome(here)
        else:
            best = best_moves(analyse_with(analyst, here, budget))
            step = best[0] if best else None
    return {"steps": analyst.line_shown(steps), "player": player, "kind": analyst.kind(state)}
