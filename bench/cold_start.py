"""Start-up in Chromium, every kind of visit side by side in one run against the same local
server: a bare Pyodide page (navigation → Python ready), cold and warm (HTTP cache), the
same boot in a module worker (Ludoteca's Python runs in one: what that costs by itself), and
Ludoteca's game page (navigation → board drawn → first move possible) on a first visit, a
repeat visit with the memory snapshot made on the first one, a repeat visit without it, an
offline start, and embedded in a lesson page (first and repeat): on the same site, and on
another site both with the storage of its own Chrome gives such a frame (partitioned by the
lesson's site, as Chrome ships) and with none (Playwright's flags switch partitioning off, and
this Chromium then refuses the frame Cache Storage, as a browser blocking third-party storage
does). Then the ratios against the start-up goals, and the first visit's bytes. The frames
on another site run in a browser launched for them with a new profile on disk, and so does
their basis, like with like: a bare boot in such a frame of the same lesson page (a cold
start there is not the one of an incognito context of a running browser: 0.90-1.04 times
it, paired, in the runs so far; and a page of another site runs in a renderer process of
its own, started for it: a bare boot framed so took 1.035 times one at the top, 8 rounds
paired). Their ratio against a bare boot of the page itself is printed too. Prints
medians; asserts nothing.

Two ratios per row: the ratio of the medians, and "paired", the median of each round's own
ratio (the visit over the bare boot of the same round, a minute or two before it). The
machine's speed may change between rounds; the paired ratio cancels that.

    python3 bench/cold_start.py [runs] [game]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, median, serve_dist, write_bare_page
from tools.chromium import ARGS_AS_SHIPPED

TIMEOUT = 180_000
BOARD, MOVE = "ludoteca:board-drawn", "ludoteca:first-move-possible"
QUIET_S = 1.0  # before each measured start: the last one's leftovers (a context closing, a
# browser launching, a snapshot being stored) are not counted in the next


def quiet() -> None:
    time.sleep(QUIET_S)


def mark(page, name, timeout=TIMEOUT):
    """Seconds from the page's (or frame's) navigation to its performance mark `name`."""
    page.wait_for_function(f"() => performance.getEntriesByName({name!r}).length > 0",
                           timeout=timeout, polling=20)
    return page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime") / 1000


def snapshot_state(page) -> str:
    return page.evaluate("() => document.documentElement.dataset.snapshot || ''")


def wait_until_stored(page) -> str:
    """Until the snapshot made in idle time is in Cache Storage (or could not be: "failed",
    or may not be: "refused")
    and the service worker controls the page; returns the snapshot's state."""
    page.wait_for_function("""() => ['stored', 'failed', 'refused']
                              .map((state) => `ludoteca:snapshot-${state}`)
                              .some((name) => performance.getEntriesByName(name).length)""",
                           timeout=TIMEOUT, polling=20)
    state = snapshot_state(page)
    if state == "stored":
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=TIMEOUT)
    return state


def first_visit_bytes(paths) -> tuple:
    """(raw, gzip -6) bytes of the files a first visit requested (as Netlify would send)."""
    import gzip

    from builder.paths import DIST

    compressible = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".webmanifest")
    raw = wire = 0
    for path in set(paths):
        file = DIST / (path.lstrip("/") or "index.html")
        if file.is_file():
            data = file.read_bytes()
            raw += len(data)
            wire += len(gzip.compress(data, 6)) if path.endswith(compressible) else len(data)
    return raw, wire


def ludoteca_visits(browser, base, game, figures, paths) -> None:
    """First visit, then in the same profile: repeat with snapshot, without, offline.
    `paths` gets what the first visit requested until its first move was possible."""
    from urllib.parse import urlparse

    context = browser.new_context()
    page = context.new_page()
    recording = [True]
    page.on("request", lambda r: recording[0] and paths.append(urlparse(r.url).path))
    quiet()
    page.goto(f"{base}/#/{game}")
    figures["first board"].append(mark(page, BOARD))
    figures["first"].append(mark(page, MOVE))
    recording[0] = False
    require(wait_until_stored(page) == "stored", "the snapshot was not stored")
    figures["snapshot taken (ms)"].append(
        page.evaluate("() => performance.getEntriesByName('ludoteca:snapshot-taken')[0]"
                      ".detail.ms"))
    figures["snapshot stored (ms)"].append(
        page.evaluate("() => performance.getEntriesByName('ludoteca:snapshot-stored')[0]"
                      ".detail.ms"))

    quiet()
    page.reload()
    figures["repeat board"].append(mark(page, BOARD))
    figures["repeat"].append(mark(page, MOVE))
    require_state(page, "restored")
    figures["restore (ms)"].append(
        page.evaluate("() => performance.getEntriesByName('ludoteca:snapshot-restored')[0]"
                      ".detail.ms"))

    flag = page.evaluate("() => localStorage.getItem('ludoteca.snapshot')")  # "kept"
    page.evaluate("() => localStorage.setItem('ludoteca.snapshot', 'off')")
    quiet()
    page.reload()
    figures["repeat, no snapshot"].append(mark(page, MOVE))
    page.evaluate("(flag) => localStorage.setItem('ludoteca.snapshot', flag)", flag)

    context.set_offline(True)
    quiet()
    page.reload()
    figures["offline"].append(mark(page, MOVE))
    require_state(page, "restored")
    context.close()


def require(condition, why):
    """Not an assertion on speed: a figure measured on the wrong path would be a lie."""
    if not condition:
        raise SystemExit(f"bench: {why}")


def require_state(page, wanted):
    mark(page, f"ludoteca:snapshot-{wanted}")


def bare_visits(context, url, figures, name="bare", framed=False) -> None:
    """A bare boot at `url` in `context` (no context.route: it would switch the HTTP cache
    off), cold then warm; closes the context. `framed`: `url` is a lesson page and the boot
    is in its frame, on another site, whose page runs in a renderer process of its own,
    started for it."""
    page = context.new_page()
    booted = (lambda: page.frames[1]) if framed else (lambda: page)
    quiet()
    page.goto(url)
    figures[f"{name} cold"].append(mark(booted(), "pyodide:ready"))
    quiet()
    page.reload()
    figures[f"{name} warm"].append(mark(booted(), "pyodide:ready"))
    context.close()


LESSON = """<!doctype html><meta charset="utf-8"><title>Lesson</title>
<iframe id="game" src="%s" width="640" height="560" title="Ludoteca"></iframe>"""


def embedded_visits(context, lesson, figures, name) -> None:
    """A lesson page embedding the game, first visit then repeat visit. On another site
    (localhost vs 127.0.0.1) with partitioning off, this Chromium refuses the frame Cache
    Storage and a service worker: no snapshot there ("refused"), the repeat visit uses the
    HTTP cache only."""
    page = context.new_page()
    quiet()
    page.goto(f"{lesson}/lesson.html")
    frame = page.frames[1]
    figures[f"{name} board"].append(mark(frame, BOARD))
    figures[name].append(mark(frame, MOVE))
    figures[f"{name} snapshot state"].append(wait_until_stored(frame))
    quiet()
    page.reload()
    frame = page.frames[1]
    figures[f"{name} repeat"].append(mark(frame, MOVE))
    context.close()


def paired_ratio(values: list, basis: list) -> float:
    """The median of each round's ratio: a visit over the bare boot of its own round."""
    return median([value / base for value, base in zip(values, basis, strict=True)])


def main(runs: int, game: str) -> None:
    from tools.server import start

    server, base, info = serve_dist()
    bare_page = write_bare_page(info)
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-lesson-"))
    (folder / "netlify.toml").write_text("")
    (folder / "lesson.html").write_text(LESSON % f"{base}/?game={game}&embed=1")
    (folder / "lesson-bare.html").write_text(LESSON % f"{base}/{bare_page}")
    lesson_server = start(folder, folder / "netlify.toml")
    port = lesson_server.server_port
    lessons = {"embedded": f"http://127.0.0.1:{port}",  # same site, another origin
               "embedded elsewhere": f"http://localhost:{port}",  # another site
               "embedded elsewhere, refused": f"http://localhost:{port}"}
    figures = {name: [] for name in (
        "bare cold", "bare warm", "bare worker cold", "bare worker warm",
        "bare on disk cold", "bare on disk warm", "bare framed cold", "bare framed warm",
        "first board", "first", "repeat board", "repeat",
        "repeat, no snapshot", "offline",
        *(f"{name}{part}" for name in lessons
          for part in (" board", "", " repeat", " snapshot state")),
        "snapshot taken (ms)", "snapshot stored (ms)", "restore (ms)")}
    paths = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):  # interleaved, so that a change of load hits every row alike
            bare_visits(browser.new_context(), f"{base}/{bare_page}", figures)
            bare_visits(browser.new_context(), f"{base}/bench-bare-worker.html", figures,
                        "bare worker")
            ludoteca_visits(browser, base, game, figures, [] if paths else paths)
            embedded_visits(browser.new_context(), lessons["embedded"], figures, "embedded")
            # A profile on disk, as a pupil's browser has: an incognito context keeps its
            # HTTP cache in memory, and that one drops the 9.6 MB runtime fetched by a
            # cross-site frame, which a real visitor's disk cache keeps. Their basis is a
            # bare boot in the same kind of browser: launched for it, with a new profile on
            # disk (like with like: not the incognito context's cold start).
            with tempfile.TemporaryDirectory() as profile:
                bare_visits(p.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS_AS_SHIPPED),
                    f"{base}/{bare_page}", figures, "bare on disk")
            # and of a frame on another site, like with like: a bare boot in such a frame
            with tempfile.TemporaryDirectory() as profile:
                bare_visits(p.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS_AS_SHIPPED),
                    f"{lessons['embedded elsewhere']}/lesson-bare.html", figures, "bare framed",
                    framed=True)
            for name, args in (("embedded elsewhere", ARGS_AS_SHIPPED),
                               ("embedded elsewhere, refused", CHROMIUM_ARGS)):
                with tempfile.TemporaryDirectory() as profile:
                    embedded_visits(p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=args),
                        lessons[name], figures, name)
        browser.close()
    server.shutdown()
    lesson_server.shutdown()
    m = {name: median(values) for name, values in figures.items()
         if not name.endswith(" snapshot state")}
    print(f"Start-up, {game}, median of {runs} runs (localhost, headless Chromium), seconds "
          "from navigation:")
    cold, warm = "bare cold", "bare warm"  # the bases: a bare boot in an incognito context,
    disk_cold, disk_warm = "bare on disk cold", "bare on disk warm"  # in a new disk profile
    framed_cold, framed_warm = "bare framed cold", "bare framed warm"  # and in a frame of
    # another site's page there
    rows = [
        ("bare Pyodide, cold profile -> Python ready", cold, None, None),
        ("bare Pyodide, warm (HTTP cache) -> Python ready", warm, None, None),
        # not a goal's basis: what running Python off the page's thread costs by itself
        ("bare Pyodide in a module worker, cold", "bare worker cold", cold, None),
        ("bare Pyodide in a module worker, warm (HTTP cache)", "bare worker warm", warm, None),
        # the basis of a frame on another site, launched as that frame's browser is
        ("bare Pyodide, new profile on disk, cold", disk_cold, cold, None),
        ("bare Pyodide, new profile on disk, warm", disk_warm, warm, None),
        # the basis of that frame like with like: a bare boot in a frame on another site
        ("bare Pyodide in another site's frame, on disk, cold", framed_cold, disk_cold, None),
        ("bare Pyodide in another site's frame, on disk, warm", framed_warm, disk_warm, None),
        ("Ludoteca first visit -> board drawn", "first board", cold, 0.15),
        ("Ludoteca first visit -> first move possible", "first", cold, 1.10),
        ("repeat visit with snapshot -> board drawn", "repeat board", None, None),
        ("repeat visit with snapshot -> first move", "repeat", warm, 0.5),
        ("repeat visit without snapshot -> first move", "repeat, no snapshot", warm, None),
        ("offline (service worker + snapshot) -> first move", "offline", warm, 0.5),
        ("embedded, same site: first visit -> board drawn", "embedded board", cold, 0.15),
        ("embedded, same site: first visit -> first move", "embedded", cold, 1.10),
        ("embedded, same site: repeat visit -> first move", "embedded repeat", warm, 0.5),
        ("embedded, other site: first visit -> board", "embedded elsewhere board", framed_cold,
         0.15),
        ("embedded, other site: first visit -> first move", "embedded elsewhere", framed_cold,
         1.10),
        ("  the same, against a bare boot of the page itself", "embedded elsewhere",
         disk_cold, None),
        ("embedded, other site: repeat visit -> first move", "embedded elsewhere repeat",
         framed_warm, 0.5),
        ("  the same, storage refused: first visit -> board", "embedded elsewhere, refused board",
         framed_cold, 0.15),
        ("  the same, storage refused: first -> first move", "embedded elsewhere, refused",
         framed_cold, 1.10),
        ("  the same, storage refused: repeat -> first move",
         "embedded elsewhere, refused repeat", framed_warm, None),
    ]
    bases = {cold: "x bare cold", warm: "x bare warm", disk_cold: "x bare cold on disk",
             disk_warm: "x bare warm on disk", framed_cold: "x bare cold, framed",
             framed_warm: "x bare warm, framed"}
    print(f"  {'':52s} {'s':>6s}  {'ratio':>6s}  {'paired':>6s}  goal")
    for label, key, basis, goal in rows:
        ratio = (f"{m[key] / m[basis]:6.2f}  {paired_ratio(figures[key], figures[basis]):6.2f}"
                 if basis else " " * 14)
        said = bases[basis] if basis else ""
        aim = f"<= {goal:.2f} {said}" if goal else (said and f"({said})")
        print(f"  {label:52s} {m[key]:6.2f}  {ratio}  {aim}")
    longest = m["snapshot taken (ms)"]
    print(f"  snapshot: made in idle time, in slices blocking the engine {longest:.0f}"
          f" ms at most; stored in {m['snapshot stored (ms)']:.0f} ms (blocks of zeros left "
          f"out); read and restored in {m['restore (ms)']:.0f} ms")
    for name in lessons:
        states = figures[f"{name} snapshot state"]
        print(f"  {name}: snapshot {', '.join(states)}")
    raw, wire = first_visit_bytes(paths)
    runtime = sorted({p.rsplit("/", 1)[-1] for p in paths if "/pyodide/" in p or "/wheels/" in p})
    print(f"  (first visit fetched {len(set(paths))} files, among them {', '.join(runtime)})")
    print(f"  first visit: {raw / 1e6:.2f} MB raw, {wire / 1e6:.2f} MB gzip -6 "
          "(the snapshot is made in the browser, never downloaded)")


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    main(runs, sys.argv[2] if len(sys.argv) > 2 else "bakuk")
