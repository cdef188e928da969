"""Solve 2-player Bakuk by retrograde analysis and write its table.

    python3 tools/bakuk_table.py [OUT]      (default: web/games/bakuk/data/bakuk2.bin.gz)

The table gives, for every board with an even number of seeds (0..36) and South (the
owner of ``a b c``) to move, the **margin**: the seeds South will still capture minus
those North will, under best play by both, under the rules as written (the game ends when
the player to move has no seeds; leftovers are not scored; a third repetition ends it).
North to move is the same position turned half-way round (``d e f`` become ``a b c``).
Layout and reading: `ludoteca.analysis.bakuk_table` (the module docstring).

Why this is exact — the cycles. Captures only remove seeds, so a move either captures
(the board drops to a smaller, already solved layer) or stays in the same layer; only
non-capturing moves can cycle, and nothing is captured along a cycle. Inside a layer the
game is: leave by an "exit" (a capture, or a move that leaves the opponent without
seeds) worth a known amount, or cycle for ever, which the repetition rule ends with
nothing more captured (0). For each threshold k = 36, 34, .., 2 we grow two sets, as in a
win/loss retrograde analysis: W (the mover can force a margin >= k) and L (the mover
cannot stop a margin <= -k). A position is in W when a move exits with >= k or leads to
a position in L; in L when every exit gives <= -k and every other move leads into W.
Positions first reached at threshold k get exactly +k or -k; what is left after k = 2
is 0 (each side can keep the other from gaining: cycling gives 0).

This value does not depend on the history: a side with a positive value wins it by
moves that strictly approach an exit (the attractor's order), so it never repeats a
position; a side with value 0 keeps >= 0 by keeping to value->=0 moves, and a repetition
gives 0. So the third repetition never changes a value from a position reached the first
time, which is what the table stores. tests/unit/test_analysis_bakuk.py checks the table
against searches written apart from this one: the literal rules with the full repetition
history (every position with at most 4 seeds), and plain fixed-point sweeps (every position
with at most 10 seeds, either mover), plus Bellman's equation on sampled positions of any size.

It takes a few minutes in CPython. The table is committed; `python3 bench/analysis.py
--build` rebuilds it, compares it with the committed one and prints its size and build time.
"""

from __future__ import annotations

import gzip
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludoteca.games.bakuk import SPEC  # noqa: E402
from ludoteca.games.bakuk.kernel import sow  # noqa: E402
from ludoteca.games.bakuk.table import (  # noqa: E402
    LAYER_OFFSET,
    MAX_SEEDS,
    encode,
    rank,
    turn,
)

DEFAULT_OUT = ROOT / "web" / SPEC.data_files["bakuk2"]
NONE = -999  # no exit at all


def boards(n: int):
    """Every board with `n` seeds, in the order of `rank` (lexicographic)."""
    for a in range(n, -1, -1):
        for b in range(n - a, -1, -1):
            for c in range(n - a - b, -1, -1):
                for d in range(n - a - b - c, -1, -1):
                    r = n - a - b - c - d
                    for e in range(r, -1, -1):
                        yield (a, b, c, d, e, r - e)


def solve_layer(n: int, values: list) -> None:
    """Fill `values` for layer `n` (lower layers are already filled)."""
    base = LAYER_OFFSET[n]
    size = LAYER_OFFSET[n + 2] - base
    best_exit = [NONE] * size
    open_moves = [0] * size  # non-capturing moves into the layer not yet known to be in W
    preds = [[] for _ in range(size)]
    done = [False] * size
    for i, board in enumerate(boards(n)):
        moves = [o for o in (0, 1, 2) if board[o]]
        if not moves:
            values[base + i] = 0
            done[i] = True
            continue
        top = NONE
        for origin in moves:
            after, taken = sow(board, origin)
            child = turn(after)
            if taken:
                v = taken - values[rank(child)]
            elif not (child[0] or child[1] or child[2]):
                v = 0  # the opponent has no seeds: the game ends, leftovers unscored
            else:
                preds[rank(child) - base].append(i)
                open_moves[i] += 1
                continue
            if v > top:
                top = v
        best_exit[i] = top

    by_exit = {}  # exit value -> positions, to seed W when the threshold reaches it
    waiting_l = {}  # -exit value -> positions with every inner move in W, exit <= 0
    for i in range(size):
        if not done[i]:
            by_exit.setdefault(best_exit[i], []).append(i)
            if open_moves[i] == 0 and best_exit[i] < 0:
                waiting_l.setdefault(-best_exit[i], []).append(i)

    for k in range(n, 0, -2):
        queue = deque()  # (position, value) newly decided at this threshold
        for i in by_exit.get(k, ()):
            if not done[i]:
                done[i] = True
                queue.append((i, k))
        for key in [key for key in waiting_l if key >= k]:
            for i in waiting_l.pop(key):
                if not done[i]:
                    done[i] = True
                    queue.append((i, -k))
        while queue:
            j, v = queue.popleft()
            values[base + j] = v
            for i in preds[j]:
                if done[i]:
                    continue
                if v < 0:  # j is lost for its mover: moving there wins k
                    done[i] = True
                    queue.append((i, k))
                    continue
                open_moves[i] -= 1
                if open_moves[i] == 0:
                    if best_exit[i] <= -k:
                        done[i] = True
                        queue.append((i, -k))
                    elif best_exit[i] < 0:
                        waiting_l.setdefault(-best_exit[i], []).append(i)
    for i in range(size):
        if not done[i]:
            values[base + i] = 0


def build() -> bytes:
    values = [0] * LAYER_OFFSET["total"]
    for n in range(0, MAX_SEEDS + 1, 2):
        solve_layer(n, values)
    return encode(values)


def main(argv=None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else DEFAULT_OUT
    start = time.perf_counter()
    raw = build()
    seconds = time.perf_counter() - start
    out.parent.mkdir(parents=True, exist_ok=True)
    packed = gzip.compress(raw, 9, mtime=0)
    out.write_bytes(packed)
    print(f"bakuk table: {len(raw)} bytes raw, {len(packed)} gzip, built in {seconds:.1f} s"
          f" -> {out}")


if __name__ == "__main__":
    main()
