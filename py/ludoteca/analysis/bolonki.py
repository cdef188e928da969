"""Bolonki analysis: scores from what the player could know (kind ``"score"``).

Never a hidden colour: the analysis reads the player's observation
(`state.observation(player)`, where face-down pieces show ``"?"``) and a `Memory` of what
everyone saw — the public set-up, every move, every piece turned up by a reveal or a
challenge. A `Memory` fed with the whole game remembers perfectly (no forgetting, no
mix-ups): it is what the player *could* have known at each move, the yardstick of the
review. Without one, only the observation is used (each face-down piece could be any
colour still on the board, in proportion).

Values (points: a square of progress toward a goal is 1, like the bots' scoring):
- a board move: the expected progress of the player's colours moved (a piece brought out
  counts `SCORE_VALUE`), minus a little for pushing other players' pieces forward, from
  the belief about the moved piece's colour (`ai.bolonki.MemoryBot._value`);
- the player's own challenge: `RIGHT_GAIN` times the chance that the moved piece is not
  the mover's, minus `WRONG_COST` (a lost turn) times the chance that it is;
- ``"pass"``: 0. `belief_not_movers` gives the review that chance for every challenge,
  `suspicion` for every board move (whether challenged or not).

Perfect memory of a public set-up and public moves pins every colour: in practice these
chances are 0 or 1 ("it could have been known"). They are still read from the `Memory`
only, never from the state's pieces, so they stay right for any memory model.
"""

from __future__ import annotations

from ..ai.bolonki import MemoryBot
from ..games.bolonki import COLOURS, PLAYER_COLOURS, SQUARE_INDEX, parse_path

RIGHT_GAIN = 2.0  # a move undone: about the progress it made, and the mover's turn
WRONG_COST = 2.0  # the challenger's lost turn


class Memory(MemoryBot):
    """Perfect memory of the public facts of a game (no forgetting, no confusion)."""

    forget_per_move = 0.0
    forget_per_touch = 0.0
    confusion = 0.0
    mover_bias = 1.0
    noise = 0.0

    def __init__(self, game):
        super().__init__(game, 0, seed=0)


def kind_of(state) -> str:
    return "score"


def _knowing(state, player, memory):
    """A bot-shaped reader of the beliefs, seated as `player`."""
    reader = MemoryBot(state.game, player, seed=0)
    view = state.observation(player)
    if memory is not None:
        reader.belief = {sq: list(b) for sq, b in memory.belief.items()}
        reader.out = dict(memory.out)
    else:
        shown = view.get("start_colours") or {}
        reader.belief = {}
        reader._sync(view)
        prior = reader._prior()
        for square in view["pieces"]:
            colour = view["pieces"][square] if view["pieces"][square] in COLOURS else shown.get(
                square)
            reader.belief[SQUARE_INDEX[square]] = (
                [1.0 if c == colour else 0.0 for c in COLOURS] if colour else list(prior))
    reader._sync(view)
    return reader, view


def suspicion(memory, move, mover) -> float:
    """The chance, from what `memory` holds before `move` (a board move), that the piece it
    moves is not `mover`'s — what everyone could have known once it was made: a move says
    nothing of its piece's colour (perfect memory gives no credit to who moved it), so the
    belief before it is the belief after it, and a reveal it ends in is not yet counted."""
    start = parse_path(move)[0]
    belief = memory.belief.get(start) or memory._prior()
    theirs = PLAYER_COLOURS[memory.players][mover]
    mine = sum(b for b, c in zip(belief, COLOURS, strict=True) if c in theirs)
    return min(1.0, max(0.0, 1.0 - mine))


def belief_not_movers(state, player, memory=None) -> float:
    """The chance, as far as `player` could know, that the challengeable move's piece is
    not the mover's."""
    reader, view = _knowing(state, player, memory)
    return reader._not_movers(view)


def analyse(state, budget=None, memory=None, **context) -> dict:
    player = state.current_player
    reader, view = _knowing(state, player, memory)
    moves = {}
    for move in state.legal_moves():
        if move == "pass":
            moves[move] = 0.0
        elif move.startswith("challenge:"):
            if move == f"challenge:{player}":
                p = reader._not_movers(view)
                moves[move] = RIGHT_GAIN * p - WRONG_COST * (1 - p)
        else:
            moves[move] = reader._value(parse_path(move))
    return {"player": player, "kind": "score", "exact": False,
            "value": max(moves.values()), "moves": moves}
