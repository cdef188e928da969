"""Cold start in Chromium: navigation → first board drawn and → first move possible on
Ludoteca's game page, beside a bare Pyodide page's navigation → Python ready, measured in
the same run against the same local server. Each run is a fresh browser context (empty
cache). Prints medians; asserts nothing.

    python3 bench/cold_start.py [runs] [game]
"""

from __future__ import annotations

import sys

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, median, serve_dist, write_bare_page


def mark(page, name, timeout=120_000):
    page.wait_for_function(f"() => performance.getEntriesByName({name!r}).length > 0",
                           timeout=timeout, polling=20)
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime") / 1000


def main(runs: int, game: str) -> None:
    server, base, info = serve_dist()
    bare_page = write_bare_page(info)
    board, first_move, bare = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{base}/#/{game}")
            board.append(mark(page, "ludoteca:board-drawn"))
            first_move.append(mark(page, "ludoteca:first-move-possible"))
            context.close()

            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{base}/{bare_page}")
            bare.append(mark(page, "pyodide:ready"))
            context.close()
        browser.close()
    server.shutdown()
    ready = median(first_move)
    print(f"Cold start, {game}, median of {runs} fresh contexts (localhost, headless Chromium):")
    print(f"  navigation -> first board drawn:      {median(board):6.2f} s")
    print(f"  navigation -> first move possible:    {ready:6.2f} s")
    print(f"  bare Pyodide page -> Python ready:    {median(bare):6.2f} s")
    print(f"  ratio first move / bare Pyodide:      {ready / median(bare):6.2f}")


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    main(runs, sys.argv[2] if len(sys.argv) > 2 else "bakuk")
