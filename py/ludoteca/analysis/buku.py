"""Buku analysis: scores from the strong bot's search (kind ``"score"``, never exact).

A Buku turn has millions of moves, so ``moves`` holds the candidates the strong bot
considers — a few sampled paths for every line — plus any move named in `include` (the
review adds the move that was played). Each is worth the bot's evaluation after it
(captures so far, mine minus the other's, plus what stands ready to be captured), minus
the other player's best sampled answer. A move that ends the game is worth its final
margin of pieces (the bot's win bonus is taken off, so every value reads as pieces).
"""

from __future__ import annotations

import time

from ..ai.buku import WIN, StrongBot, evaluate, play_out
from ..games import buku as rules

DEFAULT_BUDGET = 0.5


def kind_of(state) -> str:
    return "score"


def _pieces(value: float) -> float:
    """The bot's value without its win bonus: a margin of pieces."""
    if value > WIN / 2:
        return value - WIN
    if value < -WIN / 2:
        return value + WIN
    return value


def analyse(state, budget=None, include=(), **context) -> dict:
    budget = DEFAULT_BUDGET if budget is None else budget
    start = time.perf_counter()
    me = state.to_move
    bot = StrongBot(state.game, me, seed=0)  # a fixed seed: the same position, same answer
    candidates = bot._sample(state, me, start + 0.3 * budget)
    candidates.sort(key=lambda c: c[0], reverse=True)
    rescored = bot._look_ahead(state, me, candidates, start + budget)
    moves = {rules.move_text(line, path): _pieces(v) for v, line, path in rescored}
    for move in include:
        if move not in moves and state.is_legal(move):
            line, path = state.check_move(move)
            after, caps, end = play_out(state.board, state.captured, me, line, path)
            if end is None:
                value = -bot._best_answer(after, caps, 1 - me)
            else:
                value = evaluate(after, caps, end, me, 1 - me)
            moves[move] = _pieces(value)
    return {"player": me, "kind": "score", "exact": False,
            "value": max(moves.values()), "moves": moves}
