"""How long the set-up mode takes to prove a Buku position as a capture puzzle
(`ludoteca.teaching.editor.proof`), in every position of random games: the figures the
test of it (tests/unit/test_buku_editing.py) no longer asserts.

    python bench/buku_proof.py [games] [seed]

Prints figures only."""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))

import ludoteca  # noqa: E402
from ludoteca.core import OptionError  # noqa: E402
from ludoteca.games.buku import SPEC  # noqa: E402
from ludoteca.games.buku.rules import random_move  # noqa: E402
from ludoteca.teaching import editor  # noqa: E402


def main(games: int = 5, seed: int = 4) -> None:
    rng = random.Random(seed)
    times, refused = [], 0
    for _ in range(games):
        state = ludoteca.new_game("buku").initial_state()
        for _ in range(40):
            state = state.apply(random_move(state, rng))
            if state.is_terminal:
                break
            began = time.perf_counter()
            try:
                editor.proof(SPEC, state, {})
            except OptionError:
                refused += 1
            times.append(time.perf_counter() - began)
    times.sort()
    print(f"{len(times)} positions ({refused} refused in words): median "
          f"{times[len(times) // 2] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]))
