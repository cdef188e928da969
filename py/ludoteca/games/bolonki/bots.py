"""Bolonki opponents: a random player and two players with a simulated, fallible memory
(`belief.Memory`: what a level can do is how well it remembers).

A bot never reads the colours of face-down pieces: its memory is told the public set-up,
every move and its public events (`observe`), and `choose` may look at
`state.observation(player)`. From its belief a bot scores each legal move
(`belief.move_value`: expected progress of its own colours toward their goals, expected
scoring at a goal edge, pushing other players' pieces back) and challenges a move when it
believes with enough confidence that the moved piece is not the mover's. It also remembers
which arrangements of pieces it has seen and avoids repeating them, so that two bots do not
push one piece to and fro until the game is drawn.

Other seats may challenge too: after every move the facade asks each computer seat's
`react(state)` (which is `challenge_decision`), in turn order from the player to move;
`choose` covers the player to move, whose own challenge is among his choices.
"""

from __future__ import annotations

import time

from ...ai import Bot
from .belief import Memory, move_value
from .kernel import CHALLENGE, PASS, BoardMoves, mask_of, random_own_move
from .rules import SQUARE_INDEX, notation

REPEAT_PENALTY = 1.5  # per earlier time a position was seen: a loop of moves wastes the game


class RandomBot(Bot):
    """Random moves of its own seat (the state's list also holds other players' challenges):
    `kernel.random_own_move`, uniform among its board moves (a pass when there is none) and
    its own challenge when it may make one — what the random playouts draw too. Out of turn
    it challenges at `challenge_rate`."""

    level = "beginner"
    challenge_rate = 0.05

    def react(self, state):
        return self.challenge_decision(state)

    def challenge_decision(self, state):
        view = state.observation(self.player)
        if self.player in view["can_challenge"] and self.rng.random() < self.challenge_rate:
            return f"challenge:{self.player}"
        return None

    def choose(self, state, budget: float = 1.0) -> str:
        view = state.observation(self.player)
        moves = BoardMoves(mask_of(SQUARE_INDEX[sq] for sq in view["pieces"]))
        move = random_own_move(self.rng, moves, self.player in view["can_challenge"])
        if move is PASS:
            return "pass"
        if move is CHALLENGE:
            return f"challenge:{self.player}"
        return notation(move)


class MemoryBot(RandomBot):
    """Plays from a belief about each piece's colour that fades like human memory."""

    level = "casual"
    memory_traits = {
        "forget_per_move": 0.006,  # every piece, every observed move
        "forget_per_touch": 0.08,  # the moved piece, once per move
        "confusion": 0.15,  # chance that a moved piece is mixed up with a neighbour
        "mover_bias": 1.3,  # how much more likely a player moved one of his own colours
    }
    challenge_confidence = 0.75  # belief that the piece isn't the mover's needed to challenge
    noise = 0.5  # random spread added to each move's score

    def __init__(self, game, player, seed=None, data=None):
        super().__init__(game, player, seed, data)
        self.memory = Memory(game, player, self.rng, **self.memory_traits)
        self.seen = {frozenset(self.memory.belief): 1}  # arrangements of pieces -> times seen

    def observe(self, move: str, events: list) -> None:
        self.memory.observe(move, events)
        key = frozenset(self.memory.belief)
        self.seen[key] = self.seen.get(key, 0) + 1

    def challenge_decision(self, state):
        view = state.observation(self.player)
        if self.player not in view["can_challenge"]:
            return None
        self.memory.sync(view)
        if self.memory.challenge_chance(view) >= self.challenge_confidence:
            return f"challenge:{self.player}"
        return None

    def choose(self, state, budget: float = 1.0) -> str:
        deadline = time.perf_counter() + 0.8 * budget
        view = state.observation(self.player)
        self.memory.sync(view)
        if self.player in view["can_challenge"] and (
                self.memory.challenge_chance(view) >= self.challenge_confidence):
            return f"challenge:{self.player}"
        occupied = frozenset(self.memory.belief)
        moves = BoardMoves(mask_of(occupied))
        if not moves:
            return "pass"
        best, best_value = None, float("-inf")
        for i, path in enumerate(moves):
            if i % 64 == 63 and time.perf_counter() > deadline:
                break  # out of time: the best so far
            value = move_value(self.memory, path, self.player) + self.rng.uniform(0, self.noise)
            after = occupied - {path[0]} | {path[-1]}
            value -= REPEAT_PENALTY * self.seen.get(after, 0)
            if value > best_value:
                best, best_value = path, value
        return notation(best)


class StrongBot(MemoryBot):
    """Good memory: rarely mixes pieces up and keeps track of what it touched."""

    level = "strong"
    memory_traits = {"forget_per_move": 0.0005, "forget_per_touch": 0.01, "confusion": 0.01,
                     "mover_bias": 1.3}
    challenge_confidence = 0.7
    noise = 0.2
