"""How long a shared link gets: games between computer players of every game (and Bul
rule set), encoded as `records.encode_link` does for "Copy link". Prints the length of the
link's code and of a whole URL on a typical host; asserts nothing.

    python3 bench/link_lengths.py [games-per-case]
"""

from __future__ import annotations

import random
import statistics
import sys

import _common  # noqa: F401  (puts py/ on the path)
import ludoteca
from ludoteca import registry
from ludoteca.core import CHANCE, sample_chance
from ludoteca.records import encode_link

HOST = "https://ludoteca.example.org/#/GAME?g="
CASES = [("bakuk", {}), ("bakuk", {"players": 3}), ("buku", {}), ("bolonki", {}),
         ("bolonki", {"players": 4})] + [
    ("bul", {"variant": v}) for v in ("puluc", "boolik", "buul", "aj-sayil", "aj-tiwil",
                                      "aj-sinaanil", "aj-sakalil", "a-kaakil")]


def play(game, seed):
    rng = random.Random(seed)
    bots = [registry.bot_for(game, p, "casual", seed=seed + p) for p in range(game.num_players)]
    state, moves = game.initial_state(), []
    while not state.is_terminal:
        player = state.current_player
        move = sample_chance(state, rng) if player == CHANCE else bots[player].choose(state, 0.05)
        for bot in bots:
            bot.observe(move, [])
        state = state.apply(move)
        moves.append(move)
    return ludoteca.make_record(game, moves)


def main(games: int) -> None:
    print(f"Shared-link length over {games} games of casual computer players per case")
    print(f"{'case':34} {'moves (max)':>11} {'code median':>11} {'code max':>9} {'URL max':>8}")
    for game_id, options in CASES:
        game = ludoteca.new_game(game_id, **options)
        records = [play(game, seed) for seed in range(games)]
        codes = [len(encode_link(r)) for r in records]
        longest = max(len(r["moves"]) for r in records)
        url = len(HOST.replace("GAME", game_id)) + max(codes)
        label = f"{game_id} {options}" if options else game_id
        print(f"{label:34} {longest:11d} {statistics.median(codes):11.0f} {max(codes):9d} "
              f"{url:8d}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
