"""The review of a game, one position at a time (what the page's review and hints show).

A `Review` belongs to one game being played (the facade's session owns it), with its
game's `spec.Analyst`, whose caches last from one position to the next. ``ply(states,
moves, ply, budget)`` analyses the position after `ply` moves (``states[ply]``) and the move
made there (``moves[ply]``, if any):

- the analysis (`ludoteca.analysis`): ``player``, ``kind``, ``exact``, ``value``,
  ``moves``, ``chances``;
- ``outlook``: where the game is heading, from player 0's (side A's) view, for the graph
  (`Analyst.outlook`; None when it cannot be put on one scale). At the end: the result on
  the same scale;
- for the move made: ``played``, ``played_value``, ``side`` (the side of the player who
  made it, from the seats), ``best`` (the moves of best value), ``loss`` (best value minus
  the move's) and ``grade`` (`analysis.grade`, thresholds in `analysis.THRESHOLDS`), at a
  decision of the player to move;
- at a throw: ``luck`` = the thrower's side's value after the throw minus before it (GNU
  Backgammon's luck); the page adds them up per side;
- what the game adds (`Analyst.notes`): a ``note`` on the move and key ``moments``, as
  messages, and the game's own facts (Bolonki: ``challenge``, ``suspicion``).
"""

from __future__ import annotations

from ..core import CHANCE
from . import analyse_with, grade


class Review:
    """The review and hints of one game, by `analyst` (a `spec.Analyst` of that game)."""

    def __init__(self, analyst):
        self.analyst = analyst

    def _analyse(self, states, moves, ply, budget):
        state = states[ply]
        if state.is_terminal:
            return analyse_with(self.analyst, state)
        return self.analyst.in_game(states, moves, ply, budget)

    def ply(self, states: list, moves: list, ply: int, budget=None) -> dict:
        state = states[ply]
        played = moves[ply] if ply < len(moves) else None
        a = self._analyse(states, moves, ply, budget)
        out = {"ply": ply, **a, "terminal": state.is_terminal,
               "outlook": self.analyst.outlook(state, a),
               # whether a line can show why a move here is worth what it is (`lines`)
               "line": not state.is_terminal and self.analyst.line_plies(state) > 0}
        if state.is_terminal:
            out["returns"] = state.returns()
            return out
        if played is None:
            out["best"] = best_moves(a)
            return out
        out["played"] = played
        out["side"] = state.game.seat_facts()[a["player"]]["side"]
        if played in a["moves"]:
            out["played_value"] = a["moves"][played]
            if state.current_player == CHANCE:
                out["luck"] = a["moves"][played] - a["value"]
            else:
                out["best"] = best_moves(a)
                out["loss"] = max(0.0, a["value"] - a["moves"][played])
                out["grade"] = grade(a["kind"], out["loss"])
        out.update(self.analyst.notes(states, moves, ply, a))
        return out

    def hint(self, states: list, moves: list, budget=None) -> dict:
        """The values of the moves offered now, the best of them, and why (`reason`)."""
        a = self._analyse(states, moves, len(moves), budget)
        best = best_moves(a) if a["moves"] else []
        return {**a, "best": best, "reason": reason(states[-1], a, best),
                "line": self.analyst.line_plies(states[-1]) > 0}


def reason(state, a, best):
    """Why the best move is best, for a learner: what it does (its events, as the move log
    keeps them) and, against the next best move (what that one does), by how much it is
    better on the analysis' scale. None when there is nothing to compare."""
    if not best:
        return None
    others = sorted(((v, m) for m, v in a["moves"].items() if m not in best), reverse=True)

    def done(move):  # what the move does, as the log says it (nothing hidden)
        child = state.apply(move)
        return {"move": move, "player": state.current_player,
                "events": child.remembered(child.events)}

    return {"best": done(best[0]),
            "next": done(others[0][1]) if others else None,
            "gap": a["moves"][best[0]] - others[0][0] if others else None}


def best_moves(a) -> list:
    """The moves of best value in analysis `a` (a heuristic's values within rounding)."""
    top = a["value"]
    tolerance = 1e-9 if a["kind"] != "score" else 1e-6
    return sorted(m for m, v in a["moves"].items() if v >= top - tolerance)
