"""What one step of play costs the page's own thread, in each game: two people play on (the
first step offered each time, throws for Bul), and Chromium's trace of the page's main thread
gives, per step, its whole work and the part of it that is layout.

Three looks of the same page are compared in one run: as shipped; with the drawing at 100% of
the board's height, as it was before board-size.js sized it in pixels (a percentage height
made Chromium lay the whole drawing out again whenever anything beside the board changed);
and with that and the `:has()` rules of before too (style.css and bul.css chose a game's
layout and the folded set-up with `:has()`, which made Chromium style the whole table again
on every change of the board). Full Chromium, a 1280x720 window, animations off (reduced
motion: the steps, not the showing of moves). Prints medians of the rounds; asserts nothing.

    python3 bench/step_cpu.py [steps] [rounds]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, serve_dist
from tests.e2e.helpers import open_game, progress, start_game

GAMES = ["bakuk", "bul", "bolonki", "buku"]
AT_100_PERCENT = "body.at-table .board svg { position: static; width: 100%; height: 100%; }"
# the old selectors, with declarations that change nothing: matching them is the cost
WITH_HAS = AT_100_PERCENT + """
body.at-table #play:has(> #setup-box:not([open])) > .play-head { position: absolute; }
.board-area:has(.buku-board), .board-area:has(.bul-board) { min-width: 0; }
#play:has(.bul-board) { --p0: #b4441c; }"""
LOOKS = [("as shipped", ""), ("at 100% height", AT_100_PERCENT),
         ("and :has()", WITH_HAS)]
TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink"]
WARM_UP_STEPS = 4  # the first steps of a game draw what later steps keep


def main_thread_work(trace_file: Path) -> tuple:
    """(all its tasks, layout) in ms, on the page's main thread of `trace_file`."""
    events = json.loads(trace_file.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    timed = [e for e in events if (e.get("pid"), e.get("tid")) in mains and "dur" in e]
    busiest = statistics.mode((e["pid"], e["tid"]) for e in timed)
    mine = [e for e in timed if (e["pid"], e["tid"]) == busiest]
    tasks = sum(e["dur"] for e in mine if e["name"] == "RunTask") / 1000
    layout = sum(e["dur"] for e in mine if e["name"] == "LocalFrameView::performLayout") / 1000
    return tasks, layout


def one_round(context, base: str, game: str, steps: int, css: str) -> tuple:
    page = context.new_page()
    if css:  # the page's Content-Security-Policy allows no injected style: bypassed here
        context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    open_game(page, base, game)
    if css:
        page.add_style_tag(content=css)
    start_game(page, seats=["human"] * page.locator("select[data-seat]").count())
    for _ in range(WARM_UP_STEPS):
        progress(page)
    with tempfile.TemporaryDirectory() as folder:
        trace = Path(folder) / "trace.json"
        browser = context.browser
        browser.start_tracing(page=page, path=str(trace), categories=TRACED)
        done = 0
        while done < steps and not progress(page)["over"]:
            done += 1
        browser.stop_tracing()
        tasks, layout = main_thread_work(trace)
    page.close()
    return tasks / max(done, 1), layout / max(done, 1)


def main(steps: int, rounds: int) -> None:
    server, base, _ = serve_dist()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # one context for the run: the engine boots once, and restores its snapshot after
        context = browser.new_context(reduced_motion="reduce", locale="es-ES",
                                      service_workers="block")
        print(f"ms of the page's main thread per step ({steps} steps, median of {rounds}): "
              "all its work / layout")
        for game in GAMES:
            row = []
            for name, css in LOOKS:
                results = [one_round(context, base, game, steps, css) for _ in range(rounds)]
                tasks = statistics.median(r[0] for r in results)
                layout = statistics.median(r[1] for r in results)
                row.append(f"{name} {tasks:5.1f} / {layout:4.1f}")
            print(f"{game:8s} " + "; ".join(row))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30,
         int(sys.argv[2]) if len(sys.argv) > 2 else 3)
