"""Where the test suite's CPU goes: runs `python3 build.py test` with the arguments given
(default: two end-to-end files, a sample that `build.py bench` runs in half a minute; give
`tests/e2e` for the whole of them, about 13 minutes on 2 cores) and, while it runs, reads
every process's CPU time from /proc (Linux only) three times a second: the total by kind of
process (Chromium's renderers, its browser and GPU processes, Playwright's driver, pytest),
and the renderers' by thread (the page's main thread, the engine's worker, the thread pool
that rasters, the compositor). A process or thread that starts and ends between two looks
is missed: a floor, not a sum. Prints CPU-seconds; asserts nothing. (Issue 43: the suite is
CPU-bound on 2 cores.)

    python3 bench/suite_cpu.py [pytest arguments...]      e.g. tests/e2e
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
LOOK_EVERY_S = 0.3
SAMPLE = ["tests/e2e/test_table.py", "tests/e2e/test_bakuk_page.py"]


def kind_of(cmdline: str) -> str:
    if "chrom" in cmdline or "headless_shell" in cmdline:
        for flag, kind in (("--type=renderer", "renderer"), ("--type=gpu", "GPU process"),
                           ("--type=utility", "utility"), ("--type=zygote", "zygote")):
            if flag in cmdline:
                return f"Chromium {kind}"
        return "Chromium browser"
    if "playwright" in cmdline and "node" in cmdline:
        return "Playwright's driver"
    if cmdline.split(" ")[0].endswith("node"):
        return "Node (the build's)"
    if "python" in cmdline:
        return "Python (pytest, build.py)"
    return "other"


def ticks_of(stat: str) -> tuple:
    """(CPU ticks, start time) of a /proc stat line."""
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12]), fields[19]


class Sampler:
    """Adds up the CPU each process (and each renderer's thread) uses from its start."""

    def __init__(self):
        self.by_kind, self.by_thread = Counter(), Counter()
        self.last, self.kinds = {}, {}
        self.before = {key for key, _ in self.processes()}  # not counted: ran before

    @staticmethod
    def processes():
        """((pid, start time), CPU ticks) of every process running now."""
        for pid in (pid for pid in os.listdir("/proc") if pid.isdigit()):
            try:
                ticks, started = ticks_of(Path(f"/proc/{pid}/stat").read_text())
            except (OSError, ValueError):  # ended meanwhile
                continue
            yield (pid, started), ticks

    def look(self):
        for key, ticks in self.processes():
            pid, started = key
            if key in self.before:
                continue
            try:
                if key not in self.kinds:
                    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                    self.kinds[key] = kind_of(cmdline.decode(errors="replace"))
                kind = self.kinds[key]
                self.by_kind[kind] += ticks - self.last.get(key, 0)
                self.last[key] = ticks
                if kind == "Chromium renderer":
                    self.look_at_threads(pid, started)
            except (OSError, ValueError):  # ended meanwhile
                continue

    def look_at_threads(self, pid: str, started: str):
        for tid in os.listdir(f"/proc/{pid}/task"):
            stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
            name = ("main thread (the page's)" if tid == pid else
                    stat[stat.index("(") + 1:stat.rindex(")")].rstrip("0123456789"))
            ticks, _ = ticks_of(stat)
            key = (pid, started, tid)
            self.by_thread[name] += ticks - self.last.get(key, 0)
            self.last[key] = ticks


def main(args: list) -> int:
    sampler = Sampler()
    done = threading.Event()

    def sample():
        while not done.is_set():
            sampler.look()
            time.sleep(LOOK_EVERY_S)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    began = time.perf_counter()
    tests = [] if any(not arg.startswith("-") for arg in args) else SAMPLE  # none named
    code = subprocess.run([sys.executable, "build.py", "test", *args, *tests],
                          cwd=ROOT).returncode
    done.set()
    watcher.join()
    sampler.look()
    wall = time.perf_counter() - began
    total = sum(sampler.by_kind.values()) / TICKS
    print(f"\nsuite_cpu: {wall:.0f} s of wall time, {total:.0f} CPU-s "
          f"({os.cpu_count()} cores; pytest exit code {code})")
    for kind, ticks in sampler.by_kind.most_common():
        print(f"  {ticks / TICKS:8.1f} CPU-s  {kind}")
    print("  Chromium's renderers, by thread:")
    for name, ticks in sampler.by_thread.most_common(8):
        print(f"  {ticks / TICKS:8.1f} CPU-s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
