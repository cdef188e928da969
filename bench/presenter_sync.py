"""How long a move takes to reach the projector's window: a presenter's window and its
projector's (two pages of one browser, as a teacher has them), a Bakuk game between two
people clicked in the presenter's; for each move, the time from its line in the presenter's
move list to the same line in the projector's (the message, the projector's engine playing
the move, its redraw). Reduced motion: no animation counted. Prints median and maximum;
asserts nothing.

    python3 bench/presenter_sync.py [moves]
"""

from __future__ import annotations

import statistics
import sys

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, serve_dist

# Each page notes, on its own clock made absolute (timeOrigin + now), when each move's line
# appears in its move list.
NOTE_LINES = """() => {
  window.__lines = {};
  new MutationObserver(() => {
    for (const li of document.querySelectorAll('#log li')) {
      window.__lines[li.dataset.ply] ??= performance.timeOrigin + performance.now();
    }
  }).observe(document.getElementById('log'), { childList: true });
}"""


def main(moves: int) -> None:
    server, base, _ = serve_dist()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(reduced_motion="reduce")
        page = context.new_page()
        page.goto(f"{base}/?seats=human,human#/bakuk")
        page.wait_for_function("() => !document.querySelector('#new-game').disabled",
                               timeout=120_000)
        page.wait_for_selector("#board [data-step]", timeout=120_000)
        with context.expect_page() as opened:
            page.click("#present-open")
        projector = opened.value
        projector.wait_for_selector('#board[aria-busy="false"] [data-step]', timeout=120_000)
        page.wait_for_selector('#presenter-status[data-connected="true"]')
        page.evaluate(NOTE_LINES)
        projector.evaluate(NOTE_LINES)
        for ply in range(1, moves + 1):
            page.wait_for_selector('#board[aria-busy="false"] [data-step]', timeout=60_000)
            if page.locator("#turn.over").count():
                break
            page.locator("#board [data-step]").first.click()
            projector.wait_for_function(f"() => window.__lines['{ply}']", timeout=60_000)
        shown = page.evaluate("() => window.__lines")
        mirrored = projector.evaluate("() => window.__lines")
        browser.close()
    server.shutdown()
    delays = [mirrored[ply] - shown[ply] for ply in shown if ply in mirrored]
    print(f"Presenter → projector, a move's line in both move lists ({len(delays)} moves)")
    if delays:
        print(f"median {statistics.median(delays):.0f} ms, max {max(delays):.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
