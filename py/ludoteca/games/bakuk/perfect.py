"""Bakuk's ``perfect`` level (2 players): plays by the solved table.

Among the moves of best margin it must also make progress: with several moves keeping a
winning margin, one may only go round in circles (the third repetition would then end the
game before the margin is won). So when its margin is positive it searches the positions
its best moves and any reply can reach without a capture, and plays the move that forces
a capture (or the end) soonest while keeping the margin — the attractor order of the
retrograde analysis, recomputed locally. Without the table (not fetched yet) or with
3 players it plays like ``strong``.
"""

from __future__ import annotations

from collections import deque

from ...ai import Bot
from .analysis import solved_table, table_moves
from .bots import SearchBot
from .kernel import HOLES, sow

MAX_NODES = 200_000  # beyond this the local search gives up and any best move is played


class PerfectBot(Bot):
    level = "perfect"

    def __init__(self, game, player: int, seed=None, data=None):
        super().__init__(game, player, seed, data)
        self._fallback = SearchBot(game, player)  # without the table, or 3 players
        self._fallback.rng = self.rng

    def choose(self, state, budget: float = 1.0) -> str:
        table = solved_table(state, self.data)
        if table is None:
            return self._fallback.choose(state, budget)
        moves = table_moves(state, table)
        top = max(moves.values())
        best = sorted(m for m, v in moves.items() if v == top)
        if top > 0 and len(best) > 1:
            fastest = progress_move(table, state, best, top)
            if fastest is not None:
                return fastest
        return self.rng.choice(best)


def _canon(board, mover):
    return tuple(board) if mover == 0 else (board[3], board[4], board[5],
                                             board[0], board[1], board[2])


def _history_ends(state):
    """Positions (canonical) that a move would make for the third time."""
    ends = set()
    for key, count in state.seen.items():  # (board..., player to move) -> times
        if count >= 2:
            ends.add(_canon(key[:6], key[6]))
    return ends


def _ranks(graph) -> dict:
    """Each node's plies to a goal with best play (mine the fewest, his the most), or none
    if he can keep me from one: the attractor of the goals, searched backwards from them in
    order of rank. A node of mine is ranked by its first successor ranked; one of his once
    every successor is, and the last one ranked has the highest rank."""
    predecessors, unranked, rank, queue = {}, {}, {}, deque()
    for node, succ in graph.items():
        mine = node[1]
        if mine and "goal" in succ or not mine and not succ:
            rank[node] = 1
            queue.append(node)
        if not mine:
            unranked[node] = len(succ)  # a "bad" reply is never ranked: nor is the node
        for s in succ:
            if s not in ("goal", "bad"):
                predecessors.setdefault(s, []).append(node)
    while queue:
        node = queue.popleft()
        for before in predecessors.get(node, ()):
            if before in rank:
                continue
            if not before[1]:  # his: ranked once all his replies are
                unranked[before] -= 1
                if unranked[before]:
                    continue
            rank[before] = rank[node] + 1
            queue.append(before)
    return rank


def progress_move(table, state, best, k):
    """Among `best` (all worth margin `k` > 0), the move that forces an exit worth >= k
    in the fewest plies, or None if the local search is too large or finds none."""
    ends = _history_ends(state)
    root = _canon(state.holes, state.to_move)

    def options(board):  # (origin, child canonical board, exit value or None)
        out = []
        for origin in (0, 1, 2):
            if board[origin]:
                after, taken = sow(board, origin)
                child = _canon(after, 1)
                if taken or not (child[0] or child[1] or child[2]):
                    out.append((origin, child, taken - table.margin(child)))
                elif child in ends:
                    out.append((origin, child, 0))
                else:
                    out.append((origin, child, None))
        return out

    # explore: "mine" = my turn (moves keeping >= k), "theirs" = every reply
    graph = {}  # (board, mine) -> list of successor nodes, or "goal"
    stack = [(root, True)]
    while stack:
        node = stack.pop()
        if node in graph:
            continue
        if len(graph) > MAX_NODES:
            return None
        board, mine = node
        succ = []
        for _, child, value in options(board):
            if mine:
                if value is None and -table.margin(child) >= k:
                    succ.append((child, False))
                elif value is not None and value >= k:
                    succ.append("goal")
            elif value is None:
                succ.append((child, True))
            elif child in ends:  # he can end the game by repetition: no progress here
                succ.append("bad")
        graph[node] = succ
        stack.extend(s for s in succ if s not in ("goal", "bad"))
    rank = _ranks(graph)
    scored = []
    for origin, child, value in options(root):
        move = HOLES[origin if state.to_move == 0 else origin + 3]
        if move not in best:
            continue
        if value is not None:
            scored.append((0 if value >= k else 10**9, move))
        else:
            r = rank.get((child, False))
            scored.append((10**9 if r is None else r, move))
    scored.sort()
    return scored[0][1] if scored and scored[0][0] < 10**9 else None
