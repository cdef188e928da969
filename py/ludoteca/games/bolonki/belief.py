"""What a Bolonki player may know of the face-down pieces, shared by the computer players
and the analysis: a `Memory` of beliefs (a probability for each colour, per piece) built
from public facts only, and the worth of a move by such a belief (`move_value`).

A memory never reads the colour of a face-down piece. It knows the public set-up, is told
of every move and its public events (`observe`), and follows the board (`sync`). Its
traits make it fade like human memory (a bot's level is its memory's strength):

- every observed move blurs every belief a little toward "any colour left" (time passes:
  `forget_per_move`),
- a piece that is moved blurs more (it is touched, and attention is elsewhere:
  `forget_per_touch`),
- now and then a moved piece is mixed up with a piece near where it landed (a false memory:
  the two beliefs swap, `confusion`),
- a piece turned up for everyone (reveal or challenge) is remembered sharply again,
- a player is a little more likely to have moved one of his own colours (`mover_bias`),
- and the beliefs are kept consistent with what is left: as many pieces of each colour on
  the board as have not been brought out (a person counts too).

With every trait at its default the memory is perfect (no forgetting, no mix-ups): what a
player *could* have known, the review's yardstick. Perfect memory of a public set-up and
public moves pins every colour.
"""

from __future__ import annotations

from .kernel import (
    COLOURS,
    GOAL,
    NEIGHBOURS,
    PIECES_PER_COLOUR,
    PLAYER_COLOURS,
    colours_in_play,
    goal_distance,
    start_layout,
)
from .rules import SQUARE_INDEX

SCORE_VALUE = 3.0  # bringing a piece out, against 1 per square of progress
REVEAL_COST = 0.3  # a piece sent back wastes the move, but shows its colour to everyone
HINDER_WEIGHT = 0.3  # pushing another player's piece back (he may challenge and undo it)


def _one_hot(colour: str) -> list:
    return [1.0 if c == colour else 0.0 for c in COLOURS]


class Memory:
    """Beliefs about the colour of each piece on the board, seen by `viewer`."""

    forget_per_move = 0.0
    forget_per_touch = 0.0
    confusion = 0.0
    mover_bias = 1.0

    def __init__(self, game, viewer: int, rng=None, **traits):
        for name, value in traits.items():
            if not hasattr(type(self), name):
                raise TypeError(f"a memory has no trait {name!r}")
            setattr(self, name, value)
        self.viewer = viewer
        self.rng = rng  # for mix-ups (a memory that never mixes up needs none)
        self.players = game.num_players
        self.in_play = colours_in_play(self.players)
        self.out = {c: 0 for c in self.in_play}
        self.belief = {sq: _one_hot(c) for sq, c in start_layout(self.players).items()}

    def copy(self, viewer: int) -> Memory:
        """The same beliefs, as seen by `viewer`."""
        twin = Memory.__new__(Memory)
        twin.__dict__.update(self.__dict__)
        twin.viewer = viewer
        twin.out = dict(self.out)
        twin.belief = {sq: list(b) for sq, b in self.belief.items()}
        return twin

    @classmethod
    def from_view(cls, game, view: dict) -> Memory:
        """A memory of what `view` (an observation) shows alone: the set-up while it is
        shown, else each face-down piece is any colour still on the board, in proportion."""
        memory = cls(game, view["viewer"])
        memory.sync(view)
        shown = view.get("start_colours") or {}
        prior = memory.prior()
        memory.belief = {}
        for square, seen in view["pieces"].items():
            colour = seen if seen in COLOURS else shown.get(square)
            memory.belief[SQUARE_INDEX[square]] = _one_hot(colour) if colour else list(prior)
        return memory

    # --- remembering --------------------------------------------------------------------
    def prior(self) -> list:
        """What an unremembered piece could be: the colours still on the board."""
        left = [PIECES_PER_COLOUR - self.out[c] if c in self.out else 0 for c in COLOURS]
        total = sum(left) or 1
        return [x / total for x in left]

    @staticmethod
    def _blur(belief: list, prior: list, amount: float) -> list:
        return [(1 - amount) * b + amount * p for b, p in zip(belief, prior, strict=True)]

    def observe(self, move: str, events: list) -> None:
        """Told of a move and its public events."""
        moved = None
        for event in events:
            kind = event["type"]
            if kind == "move":
                moved = self._observe_move(event)
            elif kind in ("reveal", "challenge"):
                self._observe_flip(event)
        prior = self.prior()
        if self.forget_per_move:
            for square, belief in self.belief.items():
                self.belief[square] = self._blur(belief, prior, self.forget_per_move)
        if moved is not None and moved in self.belief:
            self._maybe_confuse(moved)
        self._balance()

    def _observe_move(self, event):
        path = [SQUARE_INDEX[sq] for sq in event["path"]]
        start, end = path[0], path[-1]
        belief = self.belief.pop(start, None) or self.prior()
        belief = self._blur(belief, self.prior(), self.forget_per_touch)
        if event["player"] != self.viewer and self.mover_bias != 1.0:
            theirs = PLAYER_COLOURS[self.players][event["player"]]  # people mostly move theirs
            belief = [b * (self.mover_bias if c in theirs else 1.0)
                      for b, c in zip(belief, COLOURS, strict=True)]
            total = sum(belief) or 1.0
            belief = [b / total for b in belief]
        self.belief[end] = belief
        return end if event["player"] != self.viewer else None

    def _observe_flip(self, event):
        square, colour = SQUARE_INDEX[event["square"]], event["colour"]
        self.belief.pop(square, None)
        if event["type"] == "reveal" and event["result"] == "scored":
            if colour in self.out:
                self.out[colour] += 1
            return
        self.belief[SQUARE_INDEX[event["to"]]] = _one_hot(colour)

    def _balance(self, rounds: int = 3):
        """Scale the beliefs so each colour's total is its number of pieces left on the
        board, and each piece's beliefs add up to 1 (a few rounds of Sinkhorn scaling)."""
        left = [PIECES_PER_COLOUR - self.out[c] if c in self.out else 0 for c in COLOURS]
        beliefs = self.belief
        for _ in range(rounds):
            totals = [sum(b[k] for b in beliefs.values()) for k in range(len(COLOURS))]
            scale = [want / total if total > 1e-12 else 0.0
                     for want, total in zip(left, totals, strict=True)]
            for square, b in beliefs.items():
                row = [x * f for x, f in zip(b, scale, strict=True)]
                size = sum(row)
                beliefs[square] = [x / size for x in row] if size > 1e-12 else self.prior()

    def _maybe_confuse(self, square):
        if not self.confusion or self.rng.random() >= self.confusion:
            return
        near = [sq for sq in NEIGHBOURS[square] if sq in self.belief]
        if near:
            other = self.rng.choice(near)
            self.belief[square], self.belief[other] = self.belief[other], self.belief[square]

    def sync(self, view):
        """Follow the board if a move was missed (e.g. a memory made for a loaded game)."""
        self.out = {c: view["out"].get(c, 0) for c in self.in_play}
        squares = {SQUARE_INDEX[sq] for sq in view["pieces"]}
        for square in list(self.belief):
            if square not in squares:
                del self.belief[square]
        for square in squares - set(self.belief):
            self.belief[square] = self.prior()

    # --- what it tells ------------------------------------------------------------------
    def chances(self, square: int) -> list:
        """The belief about the piece on `square` (per colour of `COLOURS`)."""
        return self.belief.get(square) or self.prior()

    def not_movers(self, square: int, mover: int) -> float:
        """The belief that the piece on `square` is not one of `mover`'s colours."""
        theirs = PLAYER_COLOURS[self.players][mover]
        mine = sum(b for b, c in zip(self.chances(square), COLOURS, strict=True) if c in theirs)
        return min(1.0, max(0.0, 1.0 - mine))

    def challenge_chance(self, view) -> float:
        """The belief that the piece of the challengeable move (`view`'s last move) is not
        the mover's: a challenge's chance of being right."""
        last = view["last_move"]
        return self.not_movers(SQUARE_INDEX[last["to"]], last["player"])


def move_value(memory: Memory, path: list, player: int) -> float:
    """The expected worth for `player` of moving the piece along `path` (square indices),
    by `memory`'s belief: progress of his colours toward their goals (a piece brought out
    counts `SCORE_VALUE`), less a little for pushing other players' pieces forward."""
    start, end = path[0], path[-1]
    mine = PLAYER_COLOURS[memory.players][player]
    belief = dict(zip(COLOURS, memory.chances(start), strict=True))
    reveal = [c for c in mine if end in GOAL[c]]
    if reveal:  # turned up at once: scored if it is the right colour, else wasted
        p_score = sum(belief[c] for c in reveal)
        return SCORE_VALUE * p_score - REVEAL_COST * (1 - p_score)
    value = 0.0
    for colour in memory.in_play:
        gain = goal_distance(start, colour) - goal_distance(end, colour)
        if colour in mine:
            value += belief[colour] * gain
        else:
            value -= HINDER_WEIGHT * belief[colour] * gain
    return value
