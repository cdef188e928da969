"""The review of a game, one position at a time (what the page's review and hints show).

`review_ply(states, moves, ply, budget)` analyses the position after `ply` moves
(``states[ply]``) and the move made there (``moves[ply]``, if any):

- the analysis (`analyse`): ``player``, ``kind``, ``exact``, ``value``, ``moves``,
  ``chances``;
- ``outlook``: where the game is heading, from player 0's (side A's) view, for the graph:
  Bakuk (2 players) the final capture margin with best play (captures so far + margin);
  Bul side A's win chance; Buku the score; Bolonki the score plus 3 points per piece
  brought out, ahead of the best other player; None when it cannot be put on one scale
  (Bakuk with 3 players). At the end: the result on the same scale;
- for the move made: ``played``, ``played_value``, ``best`` (the moves of best value),
  ``loss`` (best value minus the move's) and ``grade`` (`analysis.grade`, thresholds in
  `analysis.THRESHOLDS`), at a decision of the player to move;
- at a throw (Bul): ``luck`` = the thrower's side's win chance after the throw minus before
  it (GNU Backgammon's luck); the review adds them up per side;
- Bolonki: ``challenge`` for a challenge made here: who, whether it was right (the piece
  was not the mover's) and ``known``, the chance, from what was shown so far, that it
  was not — what the challenger could have known;
- Bolonki: ``suspicion`` for a board move made here (not a pass, not a challenge): what
  the other players could have known right after it, ``{"mover": p, "chance": x,
  "challengeable": bool, "challenger": c | None}`` — ``chance`` is the chance, from the
  public facts of the moves before it (a perfect `Memory`: the set-up, every move, every
  piece turned up), that the piece moved was not the mover's, i.e. that a challenge would
  have been right; ``challengeable`` whether anyone could challenge it (not after a reveal
  or the last move of the game); ``challenger`` who did (the next move of the record), else
  None. It never says what the piece really was: for a move nobody challenged that is a
  hidden colour, and the review runs during a game too. (Perfect memory of this game's
  public facts pins every colour, so ``chance`` is 0 or 1 in practice: "it could have
  been known".) The move's ``challenge.known`` at the next ply is the same chance.
"""

from __future__ import annotations

from ..core import CHANCE
from . import analyse, grade

SCORED_POINTS = 3.0  # Bolonki: a piece brought out, in the analysis' points


def review_ply(states: list, moves: list, ply: int, budget=None) -> dict:
    state = states[ply]
    game_id = state.game.id
    played = moves[ply] if ply < len(moves) else None
    context = {}
    if game_id == "buku" and played is not None:
        context["include"] = [played]
    if game_id == "bolonki":
        context["memory"] = bolonki_memory(states, moves, ply)
    a = analyse(state, budget, **context)
    out = {"ply": ply, **a, "terminal": state.is_terminal, "outlook": outlook(state, a)}
    if state.is_terminal:
        out["returns"] = state.returns()
        return out
    if played is None:
        out["best"] = _best(a)
        return out
    out["played"] = played
    if game_id == "bolonki" and played.startswith("challenge:"):
        out["challenge"] = _challenge(states, ply, played, context["memory"])
    elif game_id == "bolonki" and played != "pass":
        out["suspicion"] = _suspicion(states, moves, ply, played, context["memory"])
    if played in a["moves"]:
        out["played_value"] = a["moves"][played]
        if state.current_player == CHANCE:
            out["luck"] = a["moves"][played] - a["value"]
        else:
            out["best"] = _best(a)
            out["loss"] = max(0.0, a["value"] - a["moves"][played])
            out["grade"] = grade(a["kind"], out["loss"])
    return out


def hint(state, budget=None, memory=None) -> dict:
    """The values of the moves offered now and the best of them."""
    context = {"memory": memory} if memory is not None else {}
    a = analyse(state, budget, **context)
    return {**a, "best": _best(a) if a["moves"] else []}


def _best(a) -> list:
    top = a["value"]
    tolerance = 1e-9 if a["kind"] != "score" else 1e-6
    return sorted(m for m, v in a["moves"].items() if v >= top - tolerance)


def outlook(state, a):
    """The graph's value: player 0's (side A's) prospects (module docstring)."""
    game_id = state.game.id
    if game_id == "bul":
        if state.is_terminal:
            return 0.5 if state.winner is None else float(state.winner == 0)
        return a["value"] if a["player"] % 2 == 0 else 1.0 - a["value"]
    if state.num_players > 2 and game_id == "bakuk":
        return None
    if game_id == "bakuk":
        ahead = state.captured[0] - state.captured[1]
        if state.is_terminal:
            return ahead
        return ahead + (a["value"] if a["player"] == 0 else -a["value"])
    if game_id == "bolonki":
        scored = state.scored
        ahead = SCORED_POINTS * (scored[0] - max(scored[1:]))
        if state.is_terminal or state.num_players > 2:
            return ahead
        return ahead + (a["value"] if a["player"] == 0 else -a["value"])
    if state.is_terminal:  # buku: the final piece margin
        returns = state.returns()
        return float(returns[0] - returns[1])
    return a["value"] if a["player"] == 0 else -a["value"]


_memory = (None, [], None)  # (first state, moves remembered, Memory): a review goes forward


def bolonki_memory(states, moves, ply):
    """Perfect memory of the public facts of the first `ply` moves. The last one made is
    kept and carried forward, so a review ply by ply costs one move each, not the game."""
    from .bolonki import Memory

    global _memory
    root, seen, memory = _memory
    if root is not states[0] or len(seen) > ply or seen != moves[:len(seen)]:
        seen, memory = [], Memory(states[0].game)  # another game, or an earlier position
    for i in range(len(seen), ply):
        memory.observe(moves[i], states[i + 1].events)
    _memory = (states[0], list(moves[:ply]), memory)
    return memory


def _challenge(states, ply, played, memory) -> dict:
    from .bolonki import belief_not_movers

    challenger = int(played.split(":")[1])
    event = next((e for e in states[ply + 1].events if e["type"] == "challenge"), {})
    return {"player": challenger, "right": event.get("result") == "succeeded",
            "known": belief_not_movers(states[ply], challenger, memory)}


def _suspicion(states, moves, ply, played, memory) -> dict:
    """What the others could have known of the board move `played` (module docstring)."""
    from .bolonki import suspicion

    mover = states[ply].current_player
    after = moves[ply + 1] if ply + 1 < len(moves) else ""
    challenger = int(after.split(":")[1]) if after.startswith("challenge:") else None
    return {"mover": mover, "chance": suspicion(memory, played, mover),
            "challengeable": bool(states[ply + 1].can_challenge()), "challenger": challenger}
