"""The commands of Ludoteca's one entry point, `build.py`:

    python build.py          build the static site into dist/
    python build.py serve    build, then serve dist/ on http://localhost:8000
    python build.py test     install what the tests need, build, lint, run every test
    python build.py bench    build, then run the benchmarks in bench/ (they print figures)
    python build.py puzzles [game ...]   make each game's puzzles afresh, proven by its
                             analysis, into its package's puzzle_set.py (shipped, committed)
    python build.py fairness [game ...]  play each game's fairness-lab configurations afresh
                             (seeded) into its package's fairness_set.py (shipped, committed)
    python build.py scorm --what lesson|puzzles|game --game G [...]   a SCORM package for a
                             school's platform (`python build.py scorm --help`, README "On
                             your school's platform"; builder/scorm.py)

What dist/ holds: see builder/site.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from builder.common import log, run
from builder.content import make_fairness, make_puzzles
from builder.paths import DIST, FIXTURES, ROOT
from builder.scorm import make_scorm
from builder.site import build
from tools.server import start

# Tests run in parallel worker processes (pytest-xdist), two a core and one more: an
# end-to-end test spends much of its time waiting (a piece shown for a moment, a countdown,
# a snapshot made in idle time), when another worker can use the core. Measured on 2 cores:
# 3 workers 15 min 24 s, 5 workers 11 min 47 s (13 min 12 s beside a busy process).
TEST_WORKERS = 2 * (os.cpu_count() or 1) + 1


def serve(port: int = 8000) -> None:
    build()
    server = start(DIST, ROOT / "netlify.toml", host="127.0.0.1", port=port)
    print(f"Ludoteca: http://localhost:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()


def test_requirements() -> list:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    return [r for r in extras["test"] + extras["dev"] if not r.startswith("ludoteca")]


def ensure_chromium() -> None:
    """Debian's Chromium (the benchmarks') and its headless shell (the tests')."""
    # imported once `test` has installed Playwright, whose driver tools.chromium reads
    from tools.chromium import CHROMIUM, HEADLESS_SHELL

    if Path(CHROMIUM).exists() and Path(HEADLESS_SHELL).exists():
        return
    log("installing Debian's chromium (Playwright cannot download its own here)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", "-qq", env=env)
    run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium",
        "chromium-headless-shell", "fonts-dejavu-core", env=env)


@contextlib.contextmanager
def shared_test_site():
    """One server of dist/ for every test worker, and a folder they share: the first worker
    to need a browser profile with the site cached primes it there, and the others copy it
    (tests/e2e/conftest.py) — a profile holds the site's files and engine snapshot for one
    origin, so one origin for all the workers saves each a cold start. Yields pytest's
    environment."""
    server = start(DIST, ROOT / "netlify.toml")
    shared = tempfile.mkdtemp(prefix="ludoteca-tests-")
    try:
        yield {**os.environ, "LUDOTECA_TEST_SITE": f"http://127.0.0.1:{server.server_port}",
               "LUDOTECA_TEST_SHARED": shared}
    finally:
        server.shutdown()
        shutil.rmtree(shared, ignore_errors=True)


def test(pytest_args: list) -> int:
    started = time.perf_counter()
    sys.path.insert(0, str(FIXTURES / "py"))  # the test site has the fixture game too

    def phase(name: str) -> None:  # each phase's time, so a slow one shows where it is
        log(f"{name} (at {time.perf_counter() - started:.1f} s)")

    phase("installing test requirements")
    run(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        *test_requirements())
    ensure_chromium()
    phase("build")
    info = build()
    phase("ruff check")
    run(sys.executable, "-m", "ruff", "check", ".")
    phase(f"pytest, {TEST_WORKERS} workers")
    # the defaults first: arguments given after `test` (`-n 0`…) override them
    # tests/suite_order.py: the longest tests first in every worker's share; tests/hang_watch.py:
    # a test stuck for ten minutes ends its worker, named, rather than the run never ending
    parallel = ["-n", str(TEST_WORKERS), "--dist", "worksteal", "-p", "suite_order",
                "-p", "hang_watch"]
    with shared_test_site() as env:
        # the build's facts, for the tests that read dist/ (tests/built_site.py)
        Path(env["LUDOTECA_TEST_SHARED"], "build-info.json").write_text(json.dumps(info))
        # each worker compiles and rewrites every test module it collects: with the bytecode
        # kept (__pycache__, ignored by git and by the wheel), a second run's collection takes
        # a third of the CPU (3 s a worker, not 9) — and every worker waits for the slowest
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT / "tests"), env.get("PYTHONPATH")]))
        code = subprocess.run([sys.executable, "-m", "pytest", *parallel, *pytest_args],
                              cwd=ROOT, env=env).returncode
    phase(f"done, pytest exit code {code}")
    if code == 5:
        log("pytest collected no tests: that is a failure")
        return 1
    return code


def bench(names: list) -> int:
    build()
    scripts = sorted((ROOT / "bench").glob("*.py"))
    for script in scripts:
        if script.name.startswith("_") or (names and script.stem not in names):
            continue
        log(f"bench/{script.name}")
        code = subprocess.run([sys.executable, str(script)], cwd=ROOT).returncode
        if code:
            return code
    return 0


def main(argv: list) -> int:
    command = argv[0] if argv else "build"
    if command == "build":
        build()
        return 0
    if command == "serve":
        serve(int(argv[1]) if len(argv) > 1 else 8000)
        return 0
    if command == "test":
        return test(argv[1:])
    if command == "bench":
        return bench(argv[1:])
    if command == "puzzles":
        return make_puzzles(argv[1:])
    if command == "fairness":
        return make_fairness(argv[1:])
    if command == "scorm":
        return make_scorm(argv[1:])
    print(__doc__)
    return 2
