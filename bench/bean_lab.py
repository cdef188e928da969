"""The bean lab's engine work: each op timed in CPython, and in the browser (Pyodide in the
worker) how long a person waits after a click — a throw entered until the tally and the
verdict are drawn again, a bias chosen until its throws are said. Prints; asserts nothing.

    python3 bench/bean_lab.py [repeats]
"""

from __future__ import annotations

import json
import sys
import time

from _common import CHROMIUM, CHROMIUM_ARGS, median, serve_dist
from ludoteca import web

TALLIES = [60, 250, 380, 240, 70]


def cpython(repeats):
    requests = {"verdict": {"op": "beans_verdict", "tallies": TALLIES},
                "verdict + bias 55": {"op": "beans_verdict", "tallies": TALLIES, "bias": 55},
                "verdict + bias 70": {"op": "beans_verdict", "tallies": TALLIES, "bias": 70},
                "throw x1000": {"op": "beans_throw", "count": 1000, "seed": 1},
                "code": {"op": "beans_code", "class": 5, "group": 3, "tallies": TALLIES},
                "read": {"op": "beans_read", "class": 5, "code": "B000-0000-0000-00"}}
    for name, request in requests.items():
        text = json.dumps({"game": "bul", **request})
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            web.handle(text)
            times.append(time.perf_counter() - start)
        print(f"CPython  {name:<20} {median(times) * 1000:7.1f} ms")


def browser(repeats):
    from playwright.sync_api import expect, sync_playwright

    server, base, _ = serve_dist()
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = chromium.new_page()
            page.goto(f"{base}/?lab=beans&lang=en")
            cell = page.locator('.lab-groups tbody tr[data-group="1"] td').first
            expect(page.locator(".lab-bias-text")).not_to_be_empty(timeout=120_000)
            clicks = []
            for n in range(1, repeats + 1):
                start = time.perf_counter()
                page.click("[data-action=mark-2]")
                expect(cell).to_have_text(str(n))
                expect(page.locator(".lab-table caption").first).to_contain_text(f" {n} throw")
                clicks.append(time.perf_counter() - start)
            print(f"browser  a throw entered, drawn  {median(clicks) * 1000:7.1f} ms "
                  f"(median of {repeats})")
            biases = []
            for bias in ["70", "55"] * (repeats // 2):
                before = page.locator(".lab-bias-text").inner_text()
                start = time.perf_counter()
                page.select_option("#lab-bias", bias)
                expect(page.locator(".lab-bias-text")).not_to_have_text(before)
                biases.append(time.perf_counter() - start)
            print(f"browser  a bias chosen, said     {median(biases) * 1000:7.1f} ms "
                  f"(median of {len(biases)})")
            chromium.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    cpython(count)
    browser(count)
