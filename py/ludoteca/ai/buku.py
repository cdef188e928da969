"""Buku opponents. A Buku turn has millions of moves, so no bot lists them:

- ``beginner`` plays a random legal move, built step by step (`games.buku.random_move`).
- ``casual`` samples a few paths for every line, each walked greedily towards squares
  worth reaching (its own 2s become 3s and are captured; the other player's 2s are
  avoided, since a 3 there is his next capture), and keeps the move whose result scores
  best (`evaluate`).
- ``strong`` samples more paths, then looks one reply ahead for its best candidates: the
  other player answers each with the same sampler, and the candidate whose best answer
  hurts least is played. It stops when its time budget runs out.

The sampler and the look-ahead work on plain lists (`play_out`), not on `State` objects.
The repetition safeguard is left out of the look-ahead: it only ends games going in circles.
"""

from __future__ import annotations

import time

from ..games import buku as rules
from . import Bot

WIN = 1000  # an ending that decides the game outweighs any count of pieces

# What one more piece on a square is worth to the mover, by whose square it is and how
# many pieces it holds after the line is lifted: a 2 of his own becomes a capture of 3;
# a 2 of the other player's becomes a 3 that the other player takes next turn.
OWN_GAIN = (0.1, 0.8, 3.0, 1.0, 1.0)
OTHER_GAIN = (-0.1, -0.8, -3.0, -1.0, -1.0)

# How much a square of 2 is worth to its owner after a move: it is one piece from a
# capture, but the other player may lift its line first.
THREAT_MOVER = 0.6  # the mover's own 2s: the other player moves first and may break them
THREAT_NEXT = 1.0  # the 2s of the player about to move: he can take them at once


def play_out(board: list, captured: list, player: int, line: str, path: list) -> tuple:
    """(board, captured, end) after `player` plays `line`/`path` on the plain lists
    `board` and `captured` (not changed); `end` is None or (reason, shares)."""
    after = board[:]
    for s in rules.line_squares(player, line):
        after[s] = 0
    for s in path:
        after[s] += 1
    taken = 0
    own = rules.OWN_SQUARES[player]
    for s in range(rules.SQUARES):
        if after[s] >= rules.CAPTURE_AT and own >> s & 1:
            taken += after[s]
            after[s] = 0
    caps = captured[:]
    caps[player] += taken
    end = None
    if after == board:
        shares = [0, 0]
        shares[1 - player] = sum(after)
        end = ("unchanged", shares)
    elif max(after) < 2:
        shares = [0, 0]
        for s, pieces in enumerate(after):
            shares[rules.OWNERS[s]] += pieces
        end = ("no_twos", shares)
    return after, caps, end


def evaluate(board: list, captured: list, end, me: int, to_move: int) -> float:
    """How good the position is for `me`: captures so far, plus what stands on the board
    ready to be captured, minus what the other player has ready."""
    if end is not None:
        final = [captured[p] + end[1][p] for p in (0, 1)]
        margin = final[me] - final[1 - me]
        return margin + (WIN if margin > 0 else -WIN)
    score = captured[me] - captured[1 - me]
    for s, pieces in enumerate(board):
        if pieces < 2:
            continue
        mine = rules.OWNERS[s] == me
        if pieces >= rules.CAPTURE_AT:  # the player to move takes it unless he lifts it
            value = pieces
        else:
            value = pieces * (THREAT_NEXT if rules.OWNERS[s] == to_move else THREAT_MOVER)
        score += value if mine else -value
    return score


class Sampler:
    """Builds good-looking paths for one player on one board, at random."""

    def __init__(self, board: list, player: int, rng):
        self.board, self.player, self.rng = board, player, rng

    def gains(self, line: str) -> list:
        """What a piece on each square is worth to the player after lifting `line`."""
        player, board = self.player, self.board
        gains = [OWN_GAIN[min(pieces, 4)] if owner == player else OTHER_GAIN[min(pieces, 4)]
                 for pieces, owner in zip(board, rules.OWNERS, strict=True)]
        for s in rules.line_squares(player, line):
            gains[s] = OWN_GAIN[0] if rules.OWNERS[s] == player else OTHER_GAIN[0]
        return gains

    def path(self, hand: int, gains: list, noise: float) -> list:
        """A legal path of `hand` squares, each step chosen by what it and its best next
        step are worth, plus noise; only steps that can still be completed are taken."""
        rng = self.rng
        starts = sorted(range(rules.SQUARES),
                        key=lambda s: gains[s] + rng.random() * (noise + 1.0), reverse=True)
        path = [starts[0]]
        used = 1 << starts[0]
        while len(path) < hand:
            remaining = hand - len(path)
            options = []
            for n in rules.NEIGHBOURS[path[-1]]:
                if used >> n & 1:
                    continue
                ahead = [gains[m] for m in rules.NEIGHBOURS[n] if not used >> m & 1 and m != n]
                score = gains[n] + (0.5 * max(ahead) if ahead and remaining > 1 else 0)
                options.append((score + rng.random() * noise, n))
            options.sort(reverse=True)
            for _, n in options:
                if rules.can_walk(n, used | (1 << n), remaining - 1):
                    path.append(n)
                    used |= 1 << n
                    break
            else:  # cannot happen: the start square always has a full walk
                raise AssertionError("dead end in a path that should be completable")
        return path


class BeginnerBot(Bot):
    """A random legal move, built step by step."""

    level = "beginner"

    def choose(self, state, budget: float = 1.0) -> str:
        return rules.random_move(state, self.rng)


class CasualBot(Bot):
    """Samples paths for every line and keeps the move with the best-looking result."""

    level = "casual"
    paths_per_line = 6
    replies = False
    share_for_sampling = 1.0  # of the budget

    def choose(self, state, budget: float = 1.0) -> str:
        start = time.perf_counter()
        deadline = start + budget * 0.8  # headroom for the last look-ahead and the page
        sample_until = start + budget * 0.8 * self.share_for_sampling
        me = state.to_move
        candidates = self._sample(state, me, sample_until)
        candidates.sort(key=lambda c: c[0], reverse=True)
        if self.replies:
            candidates = self._look_ahead(state, me, candidates, deadline)
        best = candidates[0][0]
        top = [c for c in candidates if c[0] >= best - 1e-9]
        _, line, path = self.rng.choice(top)
        return rules.move_text(line, path)

    def _sample(self, state, me: int, deadline: float) -> list:
        """[(value after the move, line, path)] for a few paths of every line."""
        board, captured = state.board, state.captured
        sampler = Sampler(board, me, self.rng)
        found = {}
        lines = [(line, state.hand(line)) for line in rules.player_lines(me)]
        round_ = 0
        while True:
            for line, hand in lines:
                if hand == 0 and round_ > 0:
                    continue  # an empty line has a single move
                noise = 0.0 if round_ == 0 else 0.5 + round_ % 4
                path = sampler.path(hand, sampler.gains(line), noise) if hand else []
                key = (line, tuple(path))
                if key in found:
                    continue
                after, caps, end = play_out(board, captured, me, line, path)
                found[key] = evaluate(after, caps, end, me, 1 - me)
            round_ += 1
            if round_ >= self.paths_per_line or time.perf_counter() > deadline:
                break
        return [(value, line, list(path)) for (line, path), value in found.items()]

    def _look_ahead(self, state, me: int, candidates: list, deadline: float) -> list:
        """Re-score the best candidates by the other player's best sampled answer."""
        rescored = []
        for value, line, path in candidates:
            if time.perf_counter() > deadline and rescored:
                break
            after, caps, end = play_out(state.board, state.captured, me, line, path)
            if end is not None:
                rescored.append((value, line, path))
                continue
            rescored.append((-self._best_answer(after, caps, 1 - me), line, path))
        rescored.sort(key=lambda c: c[0], reverse=True)
        return rescored

    def _best_answer(self, board: list, captured: list, player: int) -> float:
        """The best value `player` finds with one greedy path for each of his lines."""
        sampler = Sampler(board, player, self.rng)
        best = -10 * WIN
        for line in rules.player_lines(player):
            hand = sum(board[s] for s in rules.line_squares(player, line))
            path = sampler.path(hand, sampler.gains(line), 0.0) if hand else []
            after, caps, end = play_out(board, captured, player, line, path)
            best = max(best, evaluate(after, caps, end, player, 1 - player))
        return best


class StrongBot(CasualBot):
    """More samples, then one reply of look-ahead for the best of them, within budget."""

    level = "strong"
    paths_per_line = 40
    replies = True
    share_for_sampling = 0.3


LEVELS = {"beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot}
