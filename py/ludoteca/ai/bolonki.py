"""Bolonki opponents: a random player and two players with a simulated, fallible memory.

A bot never reads the colours of face-down pieces. It knows the public set-up, is told of
every move and its public events (`observe`), and may look at `state.observation(player)`
in `choose`. Since the set-up and every move are public, perfect memory could track every
colour; these bots instead keep a *belief* for each piece (a probability for each colour)
that fades like human memory:

- every observed move blurs every belief a little toward "any colour left" (time passes),
- a piece that is moved blurs more (it is touched, and attention is elsewhere),
- now and then a moved piece is mixed up with a piece near where it landed (a false
  memory: the two beliefs swap),
- a piece turned up for everyone (reveal or challenge) is remembered sharply again,
- a player is a little more likely to have moved one of his own colours,
- and the beliefs are kept consistent with what is left: as many pieces of each colour on
  the board as have not been brought out (a person counts too).
A bot also remembers which arrangements of pieces it has seen and avoids repeating them,
so that two bots do not push one piece to and fro until the game is drawn.

The level is the strength of that memory. From its belief a bot scores each legal move
(expected progress of its own colours toward their goals, expected scoring at a goal edge,
pushing other players' pieces back) and challenges a move when it believes with enough
confidence that the moved piece is not the mover's.

Other seats may challenge too: after every move the facade (`web._react`) asks each
computer seat's `react(state)` (which is `challenge_decision`), in turn order from the
player to move; `choose` covers the player to move, whose own challenge is among his
choices.
"""

from __future__ import annotations

import time

from ..games.bolonki import (
    COLOURS,
    GOAL,
    NEIGHBOURS,
    PIECES_PER_COLOUR,
    PLAYER_COLOURS,
    SQUARE_INDEX,
    board_moves,
    colours_in_play,
    goal_distance,
    parse_path,
    start_layout,
)
from . import Bot

SCORE_VALUE = 3.0  # bringing a piece out, against 1 per square of progress
REVEAL_COST = 0.3  # a piece sent back wastes the move, but shows its colour to everyone
HINDER_WEIGHT = 0.3  # pushing another player's piece back (he may challenge and undo it)
REPEAT_PENALTY = 1.5  # per earlier time a position was seen: a loop of moves wastes the game


def _one_hot(colour: str) -> list:
    return [1.0 if c == colour else 0.0 for c in COLOURS]


class RandomBot(Bot):
    """Random moves of its own seat (the state's list also holds other players' challenges)."""

    level = "beginner"
    challenge_rate = 0.05

    def _own_moves(self, view) -> list:
        occupied = [SQUARE_INDEX[sq] for sq in view["pieces"]]
        moves = board_moves(occupied) or ["pass"]
        if self.player in view["can_challenge"]:
            moves.append(f"challenge:{self.player}")
        return moves

    def react(self, state):
        return self.challenge_decision(state)

    def challenge_decision(self, state):
        view = state.observation(self.player)
        if self.player in view["can_challenge"] and self.rng.random() < self.challenge_rate:
            return f"challenge:{self.player}"
        return None

    def choose(self, state, budget: float = 1.0) -> str:
        return self.rng.choice(self._own_moves(state.observation(self.player)))


class MemoryBot(RandomBot):
    """Plays from a belief about each piece's colour that fades like human memory."""

    level = "casual"
    forget_per_move = 0.006  # every piece, every observed move
    forget_per_touch = 0.08  # the moved piece, once per move
    confusion = 0.15  # chance that a moved piece is mixed up with a neighbour
    mover_bias = 1.3  # how much more likely a player moved one of his own colours
    challenge_confidence = 0.75  # belief that the piece isn't the mover's needed to challenge
    noise = 0.5  # random spread added to each move's score

    def __init__(self, game, player, seed=None):
        super().__init__(game, player, seed)
        self.players = game.num_players
        self.mine = PLAYER_COLOURS[self.players][player]
        self.in_play = colours_in_play(self.players)
        self.out = {c: 0 for c in self.in_play}
        self.belief = {sq: _one_hot(c) for sq, c in start_layout(self.players).items()}
        self.seen = {frozenset(self.belief): 1}  # arrangements of pieces -> times seen

    # --- memory -------------------------------------------------------------------
    def _prior(self) -> list:
        """What an unremembered piece could be: the colours still on the board."""
        left = [PIECES_PER_COLOUR - self.out[c] if c in self.out else 0 for c in COLOURS]
        total = sum(left) or 1
        return [x / total for x in left]

    @staticmethod
    def _blur(belief: list, prior: list, amount: float) -> list:
        return [(1 - amount) * b + amount * p for b, p in zip(belief, prior, strict=True)]

    def observe(self, move: str, events: list) -> None:
        moved = None
        for event in events:
            kind = event["type"]
            if kind == "move":
                moved = self._observe_move(event)
            elif kind in ("reveal", "challenge"):
                self._observe_flip(event)
        prior = self._prior()
        for square, belief in self.belief.items():
            self.belief[square] = self._blur(belief, prior, self.forget_per_move)
        if moved is not None and moved in self.belief:
            self._maybe_confuse(moved)
        self._balance()
        key = frozenset(self.belief)
        self.seen[key] = self.seen.get(key, 0) + 1

    def _observe_move(self, event):
        path = [SQUARE_INDEX[sq] for sq in event["path"]]
        start, end = path[0], path[-1]
        belief = self.belief.pop(start, None) or self._prior()
        belief = self._blur(belief, self._prior(), self.forget_per_touch)
        if event["player"] != self.player:  # people mostly move their own pieces
            theirs = PLAYER_COLOURS[self.players][event["player"]]
            belief = [b * (self.mover_bias if c in theirs else 1.0)
                      for b, c in zip(belief, COLOURS, strict=True)]
            total = sum(belief) or 1.0
            belief = [b / total for b in belief]
        self.belief[end] = belief
        return end if event["player"] != self.player else None

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
                beliefs[square] = [x / size for x in row] if size > 1e-12 else self._prior()

    def _maybe_confuse(self, square):
        if self.rng.random() >= self.confusion:
            return
        near = [sq for sq in NEIGHBOURS[square] if sq in self.belief]
        if near:
            other = self.rng.choice(near)
            self.belief[square], self.belief[other] = self.belief[other], self.belief[square]

    def _sync(self, view):
        """Follow the board if a move was missed (e.g. a bot made for a loaded game)."""
        self.out = {c: view["out"].get(c, 0) for c in self.in_play}
        squares = {SQUARE_INDEX[sq] for sq in view["pieces"]}
        for square in list(self.belief):
            if square not in squares:
                del self.belief[square]
        for square in squares - set(self.belief):
            self.belief[square] = self._prior()

    # --- decisions ----------------------------------------------------------------
    def _not_movers(self, view) -> float:
        """Belief that the piece of the challengeable move is not the mover's."""
        last = view["last_move"]
        belief = self.belief.get(SQUARE_INDEX[last["to"]], self._prior())
        theirs = PLAYER_COLOURS[self.players][last["player"]]
        return 1.0 - sum(b for b, c in zip(belief, COLOURS, strict=True) if c in theirs)

    def challenge_decision(self, state):
        view = state.observation(self.player)
        if self.player not in view["can_challenge"]:
            return None
        self._sync(view)
        if self._not_movers(view) >= self.challenge_confidence:
            return f"challenge:{self.player}"
        return None

    def choose(self, state, budget: float = 1.0) -> str:
        deadline = time.perf_counter() + 0.8 * budget
        view = state.observation(self.player)
        self._sync(view)
        if self.player in view["can_challenge"] and (
                self._not_movers(view) >= self.challenge_confidence):
            return f"challenge:{self.player}"
        occupied = frozenset(self.belief)
        moves = board_moves(occupied)
        if not moves:
            return "pass"
        best, best_value = moves[0], float("-inf")
        for i, move in enumerate(moves):
            if i % 64 == 63 and time.perf_counter() > deadline:
                break  # out of time: the best so far
            path = parse_path(move)
            value = self._value(path) + self.rng.uniform(0, self.noise)
            after = occupied - {path[0]} | {path[-1]}
            value -= REPEAT_PENALTY * self.seen.get(after, 0)
            if value > best_value:
                best, best_value = move, value
        return best

    def _value(self, path) -> float:
        """Expected worth of moving the piece along `path`, by this bot's belief."""
        start, end = path[0], path[-1]
        belief = dict(zip(COLOURS, self.belief[start], strict=True))
        reveal = [c for c in self.mine if end in GOAL[c]]
        if reveal:  # turned up at once: scored if it is the right colour, else wasted
            p_score = sum(belief[c] for c in reveal)
            return SCORE_VALUE * p_score - REVEAL_COST * (1 - p_score)
        value = 0.0
        for colour in self.in_play:
            gain = goal_distance(start, colour) - goal_distance(end, colour)
            if colour in self.mine:
                value += belief[colour] * gain
            else:
                value -= HINDER_WEIGHT * belief[colour] * gain
        return value


class StrongBot(MemoryBot):
    """Good memory: rarely mixes pieces up and keeps track of what it touched."""

    level = "strong"
    forget_per_move = 0.0005
    forget_per_touch = 0.01
    confusion = 0.01
    challenge_confidence = 0.7
    noise = 0.2


LEVELS = {"beginner": RandomBot, "casual": MemoryBot, "strong": StrongBot}
