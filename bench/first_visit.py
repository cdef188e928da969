"""The first visit's weight and the offline start-up, beside a bare Pyodide page.

- First visit: every byte a fresh browser fetches until the first move is possible,
  compressed as Netlify would send it (gzip level 6 here; Netlify's brotli is smaller),
  in all and by kind (runtime, stdlib, wheel, data, code, strings, other); and its time to
  the first move beside a bare Pyodide page's cold boot in the same round (paired ratio).
- Offline start: after one visit, network off, reload → first move possible (service
  worker cache), beside a bare Pyodide page reloaded from the HTTP cache.
Prints medians; asserts nothing.

    python3 bench/first_visit.py [runs]
"""

from __future__ import annotations

import sys
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, median, serve_dist, write_bare_page
from cold_start import first_visit_bytes as bytes_of
from cold_start import mark, paired_ratio

KINDS = ("runtime", "stdlib", "wheel", "data", "code", "strings", "other")


def kind_of(path: str) -> str:
    """What a fetched file is, for the bytes by kind."""
    if path.startswith("/pyodide/"):
        return "stdlib" if path.endswith(".zip") else "runtime"
    if path.startswith("/wheels/"):
        return "wheel"
    if path.startswith("/i18n/") or path.endswith((".webmanifest",)):
        return "strings"
    if path.endswith((".js", ".mjs", ".css", ".html")) or path == "/":
        return "code"
    if path.endswith((".json", ".bin", ".gz")):
        return "data"
    return "other"


def first_visit_bytes(browser, base) -> tuple:

    context = browser.new_context()
    page = context.new_page()
    paths = []
    page.on("request", lambda r: paths.append(urlparse(r.url).path))
    page.goto(f"{base}/#/bakuk")
    mark(page, "ludoteca:first-move-possible")
    context.close()
    return bytes_of(paths), {kind: bytes_of([p for p in paths if kind_of(p) == kind])
                             for kind in KINDS}


def main(runs: int) -> None:
    server, base, info = serve_dist()
    bare_page = write_bare_page(info)
    offline, bare_warm, first, bare_cold = [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        (raw, wire), kinds = first_visit_bytes(browser, base)
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{base}/#/bakuk")
            first.append(mark(page, "ludoteca:first-move-possible"))
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            context.set_offline(True)
            page.reload()
            offline.append(mark(page, "ludoteca:first-move-possible"))
            context.close()

            context = browser.new_context()
            page = context.new_page()
            # no context.route here: it would switch Chromium's HTTP cache off
            page.goto(f"{base}/{bare_page}")
            bare_cold.append(mark(page, "pyodide:ready"))
            page.reload()
            bare_warm.append(mark(page, "pyodide:ready"))
            context.close()
        browser.close()
    server.shutdown()
    print(f"First visit to /#/bakuk until the first move is possible: {raw / 1e6:.2f} MB raw, "
          f"{wire / 1e6:.2f} MB over the wire (gzip -6)")
    print("  by kind, MB raw / over the wire: " + ", ".join(
        f"{kind} {kinds[kind][0] / 1e6:.2f}/{kinds[kind][1] / 1e6:.2f}"
        for kind in KINDS if kinds[kind][0]))
    print(f"First visit, first move possible (median of {runs}): {median(first):.2f} s; "
          f"bare Pyodide cold boot {median(bare_cold):.2f} s; paired ratio "
          f"{paired_ratio(first, bare_cold):.2f}x")
    print(f"Offline start from the service worker's cache (median of {runs}): "
          f"{median(offline):.2f} s to the first move possible")
    print(f"Bare Pyodide page from the HTTP cache (median of {runs}): "
          f"{median(bare_warm):.2f} s to Python ready")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
