"""Bolonki analysis: scores from what the player could know (kind ``"score"``).

Never a hidden colour: the analysis reads the player's observation
(`state.observation(player)`, where face-down pieces show ``"?"``) and a perfect
`belief.Memory` of what everyone saw — the public set-up, every move, every piece turned up
by a reveal or a challenge: what the player *could* have known at each move, the
yardstick of the review. Without a history, only the observation is used (each face-down
piece could be any colour still on the board, in proportion).

Values (points: a square of progress toward a goal is 1, like the bots' scoring):
- a board move: `belief.move_value` by the player's belief;
- the player's own challenge: `RIGHT_GAIN` times the chance that the moved piece is not
  the mover's, minus `WRONG_COST` (a lost turn) times the chance that it is;
- ``"pass"``: 0.

The review's notes (`BolonkiAnalyst.notes`): for a challenge, whether it was right and what
the challenger could have known (``challenge``); for a board move, what the others could
have known right after it (``suspicion``: the chance, from the public facts before it, that
the piece was not the mover's) and what came of it. A move that looked suspicious
(`SUSPICIOUS`) which nobody challenged though they could is a key moment, weighed like a
grade by what the challenge was worth. Perfect memory of the public facts pins every
colour, so these chances read 0 % or 100 % in practice: "it could have been known". They
never say what a piece really was: for a move nobody challenged that is a hidden colour,
and the review runs during a game too.
"""

from __future__ import annotations

from ...spec import Analyst
from .belief import SCORE_VALUE, Memory, move_value
from .rules import challenge_player, parse_path

RIGHT_GAIN = 2.0  # a move undone: about the progress it made, and the mover's turn
WRONG_COST = 2.0  # the challenger's lost turn
SUSPICIOUS = 0.75  # a move this likely not the mover's piece is worth a challenge


def suspicion(memory, move, mover) -> float:
    """The chance, from what `memory` holds before `move` (a board move), that the piece it
    moves is not `mover`'s — what everyone could have known once it was made: a move says
    nothing of its piece's colour (perfect memory gives no credit to who moved it), so the
    belief before it is the belief after it, and a reveal it ends in is not yet counted."""
    return memory.not_movers(parse_path(move)[0], mover)


def knowing(state, player, memory=None) -> Memory:
    """What `player` could know of `state`: `memory` (public facts so far) seen by him,
    else what his observation shows."""
    view = state.observation(player)
    reader = memory.copy(player) if memory is not None else Memory.from_view(state.game, view)
    reader.sync(view)
    return reader


def belief_not_movers(state, player, memory=None) -> float:
    """The chance, as far as `player` could know, that the challengeable move's piece is
    not the mover's."""
    return knowing(state, player, memory).challenge_chance(state.observation(player))


class BolonkiAnalyst(Analyst):
    """Keeps the perfect memory of the game it last followed: a review goes forward, so
    each position costs one move, not the whole game again."""

    def __init__(self, game, data=None):
        super().__init__(game, data)
        self._followed = (None, [], None)  # (first state, moves remembered, Memory)

    def kind(self, state) -> str:
        return "score"

    def analyse(self, state, budget=None, memory=None, **context) -> dict:
        player = state.current_player
        reader = knowing(state, player, memory)
        view = state.observation(player)
        moves = {}
        for move in state.legal_moves():
            if move == "pass":
                moves[move] = 0.0
            elif challenge_player(move) is not None:
                if move == f"challenge:{player}":
                    p = reader.challenge_chance(view)
                    moves[move] = RIGHT_GAIN * p - WRONG_COST * (1 - p)
            else:
                moves[move] = move_value(reader, parse_path(move), player)
        return {"player": player, "kind": "score", "exact": False,
                "value": max(moves.values()), "moves": moves}

    def memory(self, states, moves, ply) -> Memory:
        """Perfect memory of the public facts of the first `ply` moves of the game."""
        root, seen, memory = self._followed
        if root is not states[0] or len(seen) > ply or seen != moves[:len(seen)]:
            seen, memory = [], Memory(states[0].game, 0)  # another game, or earlier
        for i in range(len(seen), ply):
            memory.observe(moves[i], states[i + 1].events)
        self._followed = (states[0], list(moves[:ply]), memory)
        return memory

    def in_game(self, states, moves, ply, budget=None) -> dict:
        return self.analyse(states[ply], budget, memory=self.memory(states, moves, ply))

    def line_plies(self, state) -> int:
        """No line: playing on from a move would turn up colours nobody has seen (a piece
        that reaches its goal shows its colour), and the analysis is what a player could
        know, not what will happen."""
        return 0

    def outlook(self, state, analysis):
        """Player 0's lead in points: 3 a piece brought out (2 players: plus the score of
        the position, from player 0's view)."""
        scored = state.scored
        ahead = SCORE_VALUE * (scored[0] - max(scored[1:]))
        if state.is_terminal or state.num_players > 2:
            return ahead
        value = analysis["value"]
        return ahead + (value if analysis["player"] == 0 else -value)

    def notes(self, states, moves, ply, analysis) -> dict:
        played = moves[ply] if ply < len(moves) else None
        if played is None or played == "pass":
            return {}
        memory = self.memory(states, moves, ply)
        names = [fact["name"] for fact in states[0].game.seat_facts()]
        challenger = challenge_player(played)
        if challenger is not None:
            challenge = {"player": challenger, "right": _challenge_right(states[ply + 1]),
                         "known": belief_not_movers(states[ply], challenger, memory)}
            message = _challenge_message(challenge, ply, names)
            return {"challenge": challenge, "note": message, "moments": [
                {"ply": ply, "weight": 1.0, "tone": "good" if challenge["right"] else "mistake",
                 "message": message}]}
        mover = states[ply].current_player
        after = moves[ply + 1] if ply + 1 < len(moves) else ""
        found = {"mover": mover, "chance": suspicion(memory, played, mover),
                 "challengeable": bool(states[ply + 1].can_challenge()),
                 "challenger": challenge_player(after)}
        missed = (found["challengeable"] and found["challenger"] is None
                  and ply + 1 < len(moves))  # the game went on: nobody will now
        params = {"ply": ply + 1, "move": played, "n": round(found["chance"] * 100),
                  "who": names[mover]}
        if found["challenger"] is not None:
            params["challenger"] = names[found["challenger"]]
            outcome = "right" if _challenge_right(states[ply + 2]) else "wrong"
        else:
            outcome = "closed" if not found["challengeable"] else "missed" if missed else "open"
        note = {"key": f"bolonki.review.known.{outcome}", "params": params}
        out = {"suspicion": found, "note": note}
        if found["chance"] >= SUSPICIOUS and missed:
            # the position after the move: where the challenge could have been made
            out["moments"] = [{"ply": ply + 1, "weight": 4 * found["chance"] - 2,
                               "tone": "missed", "message": note}]
        return out


def _challenge_right(after) -> bool:
    event = next((e for e in after.events if e["type"] == "challenge"), {})
    return event.get("result") == "succeeded"


def _challenge_message(challenge, ply, names) -> dict:
    key = "right" if challenge["right"] else "wrong"
    return {"key": f"bolonki.review.challenge.{key}",
            "params": {"ply": ply + 1, "who": names[challenge["player"]],
                       "n": round(challenge["known"] * 100)}}
