"""A test that never ends would hold the whole run until CI's limit: a Playwright call with no
timeout of its own (an evaluate awaiting a promise, a CDP command) can wait forever, and
pytest-xdist then waits for that worker with the others idle (seen twice: a run that stopped
with every process asleep). This plugin (`python3 build.py test` loads it, `-p hang_watch`)
watches the phase of the test each worker is in (pytest's PYTEST_CURRENT_TEST): when one
phase has not moved for HANG_S, it prints every thread's and every greenlet's stack (the
Playwright sync API runs the test in a greenlet of its own) and ends the worker, so that
xdist reports that test as crashed, by name, and the run goes on. Not a time limit on a test:
the longest take about a minute on a loaded machine; this is ten times that."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
import traceback

HANG_S = float(os.environ.get("LUDOTECA_HANG_S", "600"))  # the override: to see it work
LOOK_EVERY_S = 10


def stacks() -> str:
    parts = [f"--- thread {ident}\n{''.join(traceback.format_stack(frame))}"
             for ident, frame in sys._current_frames().items()]
    try:
        import greenlet  # Playwright's sync API runs on it
    except ImportError:
        return "\n".join(parts)
    parts += [f"--- greenlet\n{''.join(traceback.format_stack(g.gr_frame))}"
              for g in gc.get_objects()
              if isinstance(g, greenlet.greenlet) and g.gr_frame is not None]
    return "\n".join(parts)


def watch(config) -> None:
    seen, since = None, time.monotonic()
    while True:
        time.sleep(LOOK_EVERY_S)
        now = os.environ.get("PYTEST_CURRENT_TEST")
        if now != seen:
            seen, since = now, time.monotonic()
        elif now and time.monotonic() - since > HANG_S:
            # pytest holds the worker's stderr for the test: give it back to say this
            config.pluginmanager.getplugin("capturemanager").suspend_global_capture()
            sys.stderr.write(f"\nhang_watch: '{now}' has not moved for {HANG_S:g} s; "
                             f"this worker ends, its stacks:\n{stacks()}\n")
            sys.stderr.flush()
            os._exit(70)


def pytest_configure(config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the controller runs no test
        threading.Thread(target=watch, args=(config,), name="hang_watch",
                         daemon=True).start()
