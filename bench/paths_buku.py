"""How long Buku's `extensions()` takes: the path search must never offer a dead end, and
must answer fast. Plays casual-vs-casual games and, in every position, builds moves for
the longest lines step by step, mostly hugging the path already laid (the steps that make
pockets and dead ends), timing every call.

    python bench/paths_buku.py [games] [seed]

Prints figures only (no timed assertions)."""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))

import ludoteca  # noqa: E402
from ludoteca.games.buku import kernel
from ludoteca.registry import bot_for  # noqa: E402


def hugging_choice(state, steps, partial, rng):
    """Mostly the step with the fewest free neighbours: the one most likely to trap."""
    if rng.random() < 0.2 or partial.endswith(":"):
        return rng.choice(steps)
    used = {kernel.SQUARE_INDEX[n] for n in partial.split(":")[1].split("-")}

    def freedom(step):
        square = kernel.SQUARE_INDEX[step[0].rsplit("-", 1)[-1].rsplit(":", 1)[-1]]
        return sum(1 for n in kernel.NEIGHBOURS[square] if n not in used and n != square)

    return min(steps, key=freedom)


def main(games: int, seed: int):
    game = ludoteca.new_game("buku")
    rng = random.Random(seed)
    times, worst, hands = [], (0.0, ""), []
    for g in range(games):
        bots = [bot_for(game, p, "casual", seed=seed + 2 * g + p) for p in (0, 1)]
        state = game.initial_state()
        while not state.is_terminal:
            lines = sorted(kernel.player_lines(state.to_move), key=state.hand, reverse=True)
            for line in lines[:3]:
                hands.append(state.hand(line))
                partial = line + ":"
                while True:
                    start = time.perf_counter()
                    steps = state.extensions(partial)
                    took = time.perf_counter() - start
                    times.append(took)
                    worst = max(worst, (took, partial))
                    if not steps:
                        break
                    partial, done = hugging_choice(state, steps, partial, rng)
                    if done:
                        assert state.is_legal(partial)
                        break
            state = state.apply(bots[state.to_move].choose(state, 0.05))
    times.sort()
    print(f"{len(times)} extensions() calls over {games} games; hands up to {max(hands)}, "
          f"mean hand {sum(hands) / len(hands):.1f}")
    print(f"time per call: mean {sum(times) / len(times) * 1000:.2f} ms, "
          f"99th pct {times[int(len(times) * 0.99)] * 1000:.2f} ms, "
          f"max {worst[0] * 1000:.2f} ms (at {worst[1]!r})")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*(args + [20, 0][len(args):]))
