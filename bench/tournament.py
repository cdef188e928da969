"""The class tournament's Swiss pairing: the longest a round takes to pair (CPython), for
fields of 8 to 32 pupils played to the last round with random results. The pairing stops
after a fixed count of tries (`tournament.PAIRING_STEPS`), never after a time."""

from __future__ import annotations

import random
import time

import _common  # noqa: F401 (puts py/ on the path)
from ludoteca.classroom import tournament
from ludoteca.core import OptionError


def play_out(n: int, seed: int) -> tuple:
    """Rounds paired and the slowest pairing (seconds) of one Swiss tournament of `n`."""
    rng = random.Random(seed)
    t = tournament.new([str(i) for i in range(n)], "bakuk", {}, tournament.SWISS, 16, 1,
                       rounds=n - 1)
    slowest = 0.0
    while True:
        for game in range(len(t["rounds"][-1]["pairs"])):
            t = tournament.enter(t, len(t["rounds"]), game, rng.choice([0, 1, 2]))
        start = time.perf_counter()
        try:
            t = tournament.next_round(t)
        except OptionError:
            return len(t["rounds"]), max(slowest, time.perf_counter() - start)
        slowest = max(slowest, time.perf_counter() - start)


def main() -> None:
    print("Swiss pairing, slowest round (CPython), 5 tournaments each:")
    for n in (8, 15, 16, 24, 31, 32):
        runs = [play_out(n, seed) for seed in range(5)]
        rounds = sorted({r for r, _ in runs})
        print(f"  {n:2} pupils: rounds paired {rounds} of {n - 1}, "
              f"slowest {max(s for _, s in runs) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
