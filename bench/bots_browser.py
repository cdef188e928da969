"""Computer players' time per move in the browser (Pyodide in the page's worker), per game
and level: games between computer seats on the real page, timing each request from the
page to the worker and back. Prints medians and maxima; asserts nothing.

    python3 bench/bots_browser.py [moves-per-game] [level]
"""

from __future__ import annotations

import sys

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, serve_dist


def playable_games(info) -> list:
    """The games of the build's catalogue (derived from the game registry)."""
    return list(info["games"])


def main(moves: int, level: str) -> None:
    server, base, info = serve_dist()
    print(f"Bot time per move in Chromium (level {level}, budget 0.8 s, {moves} moves a game)")
    print(f"{'game':10} {'seats':>5} {'median s':>9} {'max s':>7}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game in playable_games(info):
            context = browser.new_context(reduced_motion="reduce")
            page = context.new_page()
            levels = info["games"][game]["levels"]
            chosen = level if level in levels else levels[-1]
            page.goto(f"{base}/?game={game}&level={chosen}#/{game}")
            page.wait_for_selector("select[data-seat]")
            seats = page.locator("select[data-seat]").count()
            page.goto(f"{base}/?game={game}&seats={','.join([chosen] * seats)}#/{game}")
            page.wait_for_function(
                f"""() => performance.getEntriesByName('ludoteca:bot-move').length >= {moves}
                          || document.querySelector('#turn.over')""", timeout=600_000)
            times = sorted(page.evaluate(
                "() => performance.getEntriesByName('ludoteca:bot-move').map(m => m.duration)"))
            context.close()
            if times:
                print(f"{game:10} {seats:5d} {times[len(times) // 2] / 1000:9.3f} "
                      f"{times[-1] / 1000:7.3f}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    moves_per_game = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    main(moves_per_game, sys.argv[2] if len(sys.argv) > 2 else "strong")
