"""The CPU a visit of the kind every end-to-end test makes costs, in each browser the project
launches: Debian's full Chromium (the benchmarks', what people run) and its headless shell
(the tests'), the latter with the tests' flags and without WASM_CACHING (tools/chromium.py).
Why the tests use the shell: most of the suite's time is this cost, paid per test.

A visit: in a profile that has the site cached and the engine's snapshot stored (service
workers blocked, as in the tests' warm profile), a new tab opens a game, the engine is
restored, and the page waits a moment after the first move is possible. The CPU is every
process of that browser (read from /proc, Linux only), by kind. Prints medians; asserts
nothing.

    python3 bench/visit_cpu.py [visits]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections import Counter

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, serve_dist
from cold_start import mark
from tools.chromium import HEADLESS_SHELL, TEST_ARGS

TICKS = os.sysconf("SC_CLK_TCK")
SETTLE_S = 1.5  # after the first move is possible: the page's last drawing and idle work


def kind_of(cmdline: str) -> str:
    for flag, kind in (("--type=renderer", "page and engine"), ("--type=gpu", "GPU"),
                       ("--type=utility", "utility")):
        if flag in cmdline:
            return kind
    return "browser"


def processes() -> dict:
    """{pid: (parent pid, command line, CPU seconds)} of every process now running."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
            cmdline = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        found[int(pid)] = (int(fields[1]), cmdline, (int(fields[11]) + int(fields[12])) / TICKS)
    return found


def cpu_by_process(root_pid: int) -> dict:
    """{pid: (kind, CPU seconds)} of `root_pid` and every process under it."""
    found = processes()
    children = {}
    for pid, (parent, _, _) in found.items():
        children.setdefault(parent, []).append(pid)
    tree, todo = {}, [root_pid]
    while todo:
        pid = todo.pop()
        if pid in found:
            tree[pid] = (kind_of(found[pid][1]), found[pid][2])
        todo.extend(children.get(pid, []))
    return tree


def spent(before: dict, after: dict) -> Counter:
    by_kind = Counter()
    for pid, (kind, cpu) in after.items():
        by_kind[kind] += cpu - before.get(pid, (kind, 0))[1]
    return by_kind


def launched_root(before: set) -> int:
    """The first process of a browser launched since the pids `before` were read (the oldest
    new one whose parent is not new: Debian's launcher script, or the browser itself)."""
    new = {pid: parent for pid, (parent, _, _) in processes().items() if pid not in before}
    return min(pid for pid, parent in new.items() if parent not in new)


def visits(p, executable: str, args: list, base: str, count: int) -> list:
    with tempfile.TemporaryDirectory() as profile:
        before = set(processes())
        context = p.chromium.launch_persistent_context(
            profile, executable_path=executable, args=args, service_workers="block",
            reduced_motion="reduce", locale="es-ES")  # as the tests' (tests/e2e/conftest.py)
        root = launched_root(before)
        page = context.new_page()
        page.goto(f"{base}/#/bakuk")
        mark(page, "ludoteca:snapshot-stored")  # the profile now holds what the tests' does
        page.close()
        results = []
        for _ in range(count):
            time.sleep(1)
            before = cpu_by_process(root)
            page = context.new_page()
            page.goto(f"{base}/#/bakuk")
            ready = mark(page, "ludoteca:first-move-possible")
            time.sleep(SETTLE_S)
            results.append((ready, spent(before, cpu_by_process(root))))
            page.close()
        context.close()
        return results


def main(count: int) -> None:
    server, base, _ = serve_dist()
    with sync_playwright() as p:
        for name, executable, args in (
                ("full Chromium", CHROMIUM, CHROMIUM_ARGS),
                ("headless shell, the tests' flags", HEADLESS_SHELL, TEST_ARGS),
                ("headless shell, without WASM_CACHING", HEADLESS_SHELL, CHROMIUM_ARGS)):
            if not os.path.exists(executable):
                print(f"{name}: {executable} is not installed")
                continue
            results = visits(p, executable, args, base, count)
            kinds = sorted({k for _, by_kind in results for k in by_kind})
            parts = ", ".join(f"{k} {statistics.median(r[1][k] for r in results):.2f}"
                              for k in kinds)
            total = statistics.median(sum(r[1].values()) for r in results)
            ready = statistics.median(r[0] for r in results)
            print(f"{name}: {total:.2f} CPU-s per visit ({parts}); first move possible "
                  f"{ready:.2f} s; median of {count}")
    server.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
