"""Buku's knowledge of a position, shared by the computer players and the analysis: how
good a position looks (`evaluate`), a sampler of good-looking paths (`Sampler`) and the
search built on them (`Planner`).

A Buku turn has millions of moves, so nothing lists them: the planner samples a few paths
for every line, each walked greedily towards squares worth reaching (its own 2s become 3s
and are captured; the other player's 2s are avoided, since a 3 there is his next capture),
scores the result of each (`evaluate`), and may look one reply ahead: the other player
answers each candidate with the same sampler, and the candidate whose best answer hurts
least is the best. It works on the kernel's plain lists (`kernel.play_out`), not on
`State` objects; the repetition safeguard is left out of the look-ahead: it only ends
games going in circles.
"""

from __future__ import annotations

import time

from .kernel import (
    CAPTURE_AT,
    NEIGHBOURS,
    OWNERS,
    SQUARES,
    can_walk,
    hand_of,
    line_squares,
    play_out,
    player_lines,
)

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


def evaluate(played, me: int, to_move: int) -> float:
    """How good the position after a move (`kernel.Played`) is for `me`, `to_move` to
    move: captures so far, plus what stands on the board ready to be captured, minus what
    the other player has ready; at the end, the final margin and a win or loss."""
    if played.end is not None:
        final = played.final_captures()
        margin = final[me] - final[1 - me]
        return margin + (WIN if margin > 0 else -WIN)
    captured = played.captured
    score = captured[me] - captured[1 - me]
    for s, pieces in enumerate(played.board):
        if pieces < 2:
            continue
        mine = OWNERS[s] == me
        if pieces >= CAPTURE_AT:  # the player to move takes it unless he lifts it
            value = pieces
        else:
            value = pieces * (THREAT_NEXT if OWNERS[s] == to_move else THREAT_MOVER)
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
                 for pieces, owner in zip(board, OWNERS, strict=True)]
        for s in line_squares(player, line):
            gains[s] = OWN_GAIN[0] if OWNERS[s] == player else OTHER_GAIN[0]
        return gains

    def path(self, hand: int, gains: list, noise: float) -> list:
        """A legal path of `hand` squares, each step chosen by what it and its best next
        step are worth, plus noise; only steps that can still be completed are taken."""
        rng = self.rng
        starts = sorted(range(SQUARES),
                        key=lambda s: gains[s] + rng.random() * (noise + 1.0), reverse=True)
        path = [starts[0]]
        used = 1 << starts[0]
        while len(path) < hand:
            remaining = hand - len(path)
            options = []
            for n in NEIGHBOURS[path[-1]]:
                if used >> n & 1:
                    continue
                ahead = [gains[m] for m in NEIGHBOURS[n] if not used >> m & 1 and m != n]
                score = gains[n] + (0.5 * max(ahead) if ahead and remaining > 1 else 0)
                options.append((score + rng.random() * noise, n))
            options.sort(reverse=True)
            for _, n in options:
                if can_walk(n, used | (1 << n), remaining - 1):
                    path.append(n)
                    used |= 1 << n
                    break
            else:  # cannot happen: the start square always has a full walk
                raise AssertionError("dead end in a path that should be completable")
        return path


class Planner:
    """The search for a good move of one player: samples (`sample`), then one reply of
    look-ahead for the best of them (`look_ahead`). `rng` decides among equal paths."""

    def __init__(self, rng, paths_per_line: int):
        self.rng = rng
        self.paths_per_line = paths_per_line

    def sample(self, state, me: int, deadline: float) -> list:
        """[(value after the move, line, path)] for `paths_per_line` paths of every line
        (fewer if `deadline`, a `time.perf_counter()` time, passes)."""
        board, captured = state.board, state.captured
        sampler = Sampler(board, me, self.rng)
        found = {}
        lines = [(line, state.hand(line)) for line in player_lines(me)]
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
                played = play_out(board, captured, me, line, path)
                found[key] = evaluate(played, me, 1 - me)
            round_ += 1
            if round_ >= self.paths_per_line or time.perf_counter() > deadline:
                break
        return [(value, line, list(path)) for (line, path), value in found.items()]

    def look_ahead(self, state, me: int, candidates: list, deadline: float) -> list:
        """Re-score the best candidates by the other player's best sampled answer."""
        rescored = []
        for value, line, path in candidates:
            if time.perf_counter() > deadline and rescored:
                break
            played = play_out(state.board, state.captured, me, line, path)
            if played.end is not None:
                rescored.append((value, line, path))
                continue
            rescored.append((-self.best_answer(played.board, played.captured, 1 - me), line,
                             path))
        rescored.sort(key=lambda c: c[0], reverse=True)
        return rescored

    def best_answer(self, board: list, captured: list, player: int) -> float:
        """The best value `player` finds with one greedy path for each of his lines."""
        sampler = Sampler(board, player, self.rng)
        best = -10 * WIN
        for line in player_lines(player):
            hand = hand_of(board, player, line, 0)  # after the first move: no 65th piece
            path = sampler.path(hand, sampler.gains(line), 0.0) if hand else []
            played = play_out(board, captured, player, line, path)
            best = max(best, evaluate(played, player, 1 - player))
        return best
