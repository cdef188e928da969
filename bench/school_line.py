"""A first visit on a school's line, and a class of 30 on one: Ludoteca now, Ludoteca before
(another built site, optional) and a bare stock Pyodide page, measured in the same rounds.

The line (bench/_line.py): one emulated 20 Mbit/s downlink shared fairly by every response in
flight, 40 ms per response before its first byte, each response costing its size as the host
sends it (text and the wasm gzip -6, zips and wheels as they are), ETags for revalidations.
Each site is served by a line of its own; the visits run one after another, so only one
line is busy at a time. The browser is the full Chromium, a new incognito context per visit
(a cold HTTP cache, no service worker), on HTTP/1.1 (6 connections at most).

Each round, in an order that turns round:
- bare: the stock Pyodide page (bench/_common.py write_bare_page: pyodide.mjs, then
  loadPyodide with the stock standard library) from navigation to Python ready; then a new
  navigation to it in the same context (its warm start: the HTTP cache).
- each Ludoteca site: the home page '/', a real click on Bakuk's card as soon as it is there,
  then a click on hole a as soon as the board can take it (a click while Python loads is kept
  and played once the engine is up); (a) navigation -> the mark
  ludoteca:first-move-possible, (b) navigation -> the move in the log. Then, once the memory
  snapshot is stored and the service worker controls the page, a repeat visit (a new
  navigation to '/', the click on the card): (c) navigation -> first move possible, paired
  with the bare page's warm start.
- bytes: every response the line sent (the server's own log: the page, its worker and its
  service worker alike) that was asked before the first move was possible, by kind; and
  what the repeat visit took from the line.
- unthrottled (a line without limit or latency): the CPU time after the last byte, the first
  move possible (bare: Python ready) minus the arrival of the last response it waited for
  (needed(): asked before Python had booted and before the service worker's script).

Printed: medians, and "paired", the median of each round's own ratio to the bare page's
(the visit over the bare boot of the same round): the machine's load changes between rounds,
the paired ratio cancels most of that; and each round's repeat visit beside that round's bare
warm start. Asserts nothing.

The class (--devices 30 by default, 0: none): 30 devices open the site at the same moment on
one such line. Thirty browsers on this machine's cores would measure the CPU, so the line is
simulated: the first round's throttled visit gives each response the first move waited for
its size and what it waited for (the response that arrived last before it was asked, and how
long after: the page's work), and 30 copies of that visit share one 20 Mbit/s line (processor
sharing, 40 ms per response); each device's last byte, plus one device's CPU time after its
last byte (unthrottled median), is when it could play. Printed: when the last device could
play, for every site and the bare page.

    python3 bench/school_line.py [runs] [--before FOLDER] [--site NAME=FOLDER]... [--timeline]
                                 [--devices N] [--repeat-only] [--alternate N]

--alternate N: only repeat visits, unthrottled, N of each site taken in turn (A B, B A, ...)
after one first visit each: a small change to the repeat visit against a shared machine's
noise, with how often each site was the quicker of a pair; and the CPU each visit cost (every
process of the browser, navigation -> first move possible; /proc, Linux), which another
helper's load changes less than the wall time.

FOLDER is another checkout whose dist/ is built (python3 build.py there), e.g. the tree before
issue 45's slim standard library:
    git worktree add ../before45 dd39390^ && cp -al node_modules ../before45/ \
      && (cd ../before45 && python3 build.py)
--timeline prints one visit's marks and responses on the line for each, and the repeat
visit's marks."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from _common import CHROMIUM, CHROMIUM_ARGS, median, write_bare_page
from _line import SCHOOL_LATENCY, SCHOOL_RATE, start_line
from cold_start import wait_until_stored
from first_visit import KINDS, kind_of

TIMEOUT = 180_000
TICKS = os.sysconf("SC_CLK_TCK")  # /proc's unit of CPU time
CARD = '#game-list a[href="#/bakuk"]'
HOLE = '#board [data-forbidden="a"], #board [data-step="a"]'
MOVE = "ludoteca:first-move-possible"


def since_navigation(page, name):
    page.wait_for_function(f"() => performance.getEntriesByName({name!r}).length > 0",
                           timeout=TIMEOUT, polling=20)
    return page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime") / 1000


def origin_of(page) -> float:
    return page.evaluate("() => performance.timeOrigin") / 1000  # epoch seconds


def responses(server, since: int, origin: float) -> list:
    """The server's log from entry `since`, times in seconds from the page's navigation."""
    return [{"path": path, "asked": asked - origin, "first": first - origin,
             "end": end - origin, "bytes": size, "status": status}
            for path, asked, first, end, size, status in server.log[since:]]


def ludoteca_visit(context, server, base, repeat=True) -> dict:
    """A first visit from '/' through a click on Bakuk, the first move played; then a repeat
    visit. Seconds from navigation; the responses of each."""
    page = context.new_page()
    start = len(server.log)
    page.goto(f"{base}/", wait_until="commit")
    origin = origin_of(page)
    page.click(CARD, timeout=TIMEOUT)
    page.click(HOLE, timeout=TIMEOUT)  # as soon as it takes a click: kept while Python loads
    played = page.wait_for_function(  # the moment it is seen (polled every 20 ms)
        "() => document.querySelector('#log li') && performance.now()", timeout=TIMEOUT,
        polling=20).json_value() / 1000
    found = {"first": since_navigation(page, MOVE), "played": played,
             "board": since_navigation(page, "ludoteca:board-drawn"),
             "marks": page.evaluate("""() => performance.getEntriesByType('mark')
                 .map((m) => [m.name, m.startTime / 1000])""")}
    found["responses"] = responses(server, start, origin)
    if not repeat:
        context.close()
        return found
    found["snapshot"] = wait_until_stored(page)
    # what the visit fetched after its first move, until the snapshot was stored (the
    # service worker's precache): on a class's line, more bytes others wait behind
    found["after"] = responses(server, start, origin)[len(found["responses"]):]
    page.goto("about:blank")
    start = len(server.log)
    page.goto(f"{base}/", wait_until="commit")
    origin = origin_of(page)
    page.click(CARD, timeout=TIMEOUT)
    found["repeat"] = since_navigation(page, MOVE)
    found["repeat marks"] = page.evaluate("""() => performance.getEntriesByType('mark')
        .map((m) => [m.name, m.startTime / 1000])""")
    found["repeat responses"] = responses(server, start, origin)
    found["repeat fetches"] = fetches(page, origin)
    context.close()
    return found


# What the page and its engine's worker fetched, and where each was answered from: their
# resource timings (the service worker's start, the response's start and end), and the
# worker's own marks; seconds from the page's navigation.
RESOURCES = """() => [performance.timeOrigin, performance.getEntriesByType('resource').map((r) => [
    r.name, r.startTime, r.workerStart, r.responseStart, r.responseEnd, r.transferSize,
    r.deliveryType || '', r.decodedBodySize]), performance.getEntriesByType('mark')
    .map((m) => [m.name, m.startTime])]"""


def fetches(page, origin) -> list:
    """[(seconds from navigation, what)] for the page's and its workers' fetches and marks."""
    events = []
    scopes = [("page", page)] + [("worker", w) for w in page.workers]
    for who, scope in scopes:
        try:
            zero, rows, marks = scope.evaluate(RESOURCES)
        except Exception:  # a worker that has gone
            continue
        shift = zero / 1000 - origin
        for name, asked, sw, first, end, size, delivery, body in rows:
            where = ("line" if size > 300 else "http cache" if not sw else "service worker")
            where += f", {delivery}" if delivery else ""
            path = name.split("/", 3)[-1][:60]
            sw_note = f" sw {sw / 1000 + shift:.2f}" if sw else ""
            events.append((asked / 1000 + shift, f"{who} asked {path}{sw_note}"))
            # the body too: a service worker's answer is 0 B on the wire, whatever it holds
            events.append((end / 1000 + shift, f"{who} in    {path} (first byte "
                           f"{first / 1000 + shift:.2f}; {size} B on the wire, body {body} B;"
                           f" {where})"))
        if who == "worker":
            events += [(t / 1000 + shift, f"worker mark {name}") for name, t in marks]
    return sorted(events)


def bare_visit(context, server, url, repeat=True) -> dict:
    page = context.new_page()
    start = len(server.log)
    page.goto(url, wait_until="commit")
    origin = origin_of(page)
    found = {"first": since_navigation(page, "pyodide:ready")}
    found["played"] = found["first"]
    found["marks"] = [["pyodide:ready", found["first"]]]
    found["responses"] = responses(server, start, origin)
    if repeat:
        page.goto("about:blank")
        page.goto(url, wait_until="commit")
        found["repeat"] = since_navigation(page, "pyodide:ready")
    context.close()
    return found


def processes() -> dict:
    """pid -> (parent's pid, CPU seconds used so far), for every process (/proc, Linux)."""
    table = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after the command's name
        table[int(pid)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    return table


def launched_browser() -> int:
    """The browser process Playwright launched for us: a child of its driver, our child."""
    table = processes()
    drivers = {pid for pid, (parent, _) in table.items() if parent == os.getpid()}
    [browser] = [pid for pid, (parent, _) in table.items() if parent in drivers]
    return browser


def cpu_seconds(root: int) -> float:
    """The CPU `root` and every process under it have used so far."""
    table = processes()
    children = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += table.get(pid, (0, 0.0))[1]
        todo += children.get(pid, [])
    return total


def alternate(n: int, sites: dict, servers: dict) -> None:
    """Repeat visits only, A/B/A/B: each site's first visit once (its snapshot stored), then
    `n` repeat visits of each, one site after the other, so that the machine's load changes
    alike for all. Printed: medians, and how often each site was the quicker of a pair; the
    same for the CPU each visit cost the browser."""
    seen = {name: [] for name in sites}
    cpu = {name: [] for name in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser_pid = launched_browser()
        pages = {}
        for name in sites:
            base = f"http://127.0.0.1:{servers[name].server_port}"
            page = browser.new_context().new_page()
            page.goto(f"{base}/", wait_until="commit")
            page.click(CARD, timeout=TIMEOUT)
            since_navigation(page, MOVE)
            wait_until_stored(page)
            pages[name] = (page, base)
        load = open("/proc/loadavg").read().split()[:3]
        for i in range(n):
            order = list(sites) if i % 2 == 0 else list(sites)[::-1]
            for name in order:
                page, base = pages[name]
                page.goto("about:blank")
                used = cpu_seconds(browser_pid)
                page.goto(f"{base}/", wait_until="commit")
                page.click(CARD, timeout=TIMEOUT)
                seen[name].append(since_navigation(page, MOVE))
                cpu[name].append(cpu_seconds(browser_pid) - used)
        browser.close()
    print(f"Repeat visits, alternating, {n} of each, unthrottled; load average at the start "
          f"{' '.join(load)}, at the end {' '.join(open('/proc/loadavg').read().split()[:3])}")
    first = list(sites)[0]
    for name, times in seen.items():
        wins = sum(t < seen[first][i] for i, t in enumerate(times))
        print(f"  {name:8s} median {median(times):.3f} s  (min {min(times):.3f}, max "
              f"{max(times):.3f})" + ("" if name == first else
                                      f"; quicker than {first} in {wins} of {n}"))
    print("  CPU of each visit (every process of the browser, navigation -> first move possible):")
    for name, used in cpu.items():
        less = sum(c < cpu[first][i] for i, c in enumerate(used))
        print(f"  {name:8s} median {median(used):.2f} s  (min {min(used):.2f}, max "
              f"{max(used):.2f})" + ("" if name == first else
                                     f"; less than {first} in {less} of {n}"))


def before_move(visit) -> list:
    """The responses asked before the first move was possible."""
    return [r for r in visit["responses"] if r["asked"] <= visit["first"]]


def needed(visit) -> list:
    """The responses the first move waited for: those asked before Python had booted (the
    worker's mark ludoteca:start-python) and before the service worker was (its script
    /sw.js asked: its precache waits for nothing and nothing waits for it; on a loaded
    machine it runs during the boot)."""
    booted = dict(visit["marks"]).get("ludoteca:start-python", visit["first"])
    registered = min([r["asked"] for r in visit["responses"] if r["path"] == "/sw.js"],
                     default=booted)
    return [r for r in visit["responses"] if r["asked"] < min(booted, registered)]


def cpu_after_last_byte(visit) -> float:
    return visit["first"] - max(r["end"] for r in needed(visit))


# --- the class on one line ----------------------------------------------------------------------

def dependencies(visit) -> list:
    """Each response the first move waited for as (size, the index of the response it waited
    for or None, seconds after that one's arrival — or after navigation — it was asked)."""
    rows = sorted(needed(visit), key=lambda r: r["asked"])
    graph = []
    for r in rows:
        done = [i for i, q in enumerate(rows) if q["end"] <= r["asked"] and q is not r]
        parent = max(done, key=lambda i: rows[i]["end"]) if done else None
        after = r["asked"] - (rows[parent]["end"] if parent is not None else 0.0)
        graph.append((r["bytes"], parent, max(0.0, after)))
    return graph


def share_the_line(graph, devices: int, rate=SCHOOL_RATE, latency=SCHOOL_LATENCY) -> list:
    """Every device's last byte (seconds): `devices` copies of `graph` on one line shared by
    every response in flight (processor sharing), each response `latency` before its bytes."""
    n = len(graph)
    children = {}
    for i, (_, parent, _) in enumerate(graph):
        children.setdefault(parent, []).append(i)
    starts = []  # (when its bytes may flow, device, response)
    for d in range(devices):
        for i in children.get(None, []):
            starts.append((graph[i][2] + latency, d, i))
    flowing = {}  # (device, response) -> bytes left
    done = [[None] * n for _ in range(devices)]
    now = 0.0
    while starts or flowing:
        starts.sort()
        share = rate / len(flowing) if flowing else 0.0
        finish = now + min(flowing.values()) / share if flowing else float("inf")
        arrive = starts[0][0] if starts else float("inf")
        until = min(finish, arrive)
        for key in flowing:
            flowing[key] -= share * (until - now)
        now = until
        if arrive <= finish:
            _, d, i = starts.pop(0)
            flowing[(d, i)] = float(graph[i][0])
        for key in [k for k, left in flowing.items() if left <= 1e-6]:
            del flowing[key]
            d, i = key
            done[d][i] = now
            for child in children.get(i, []):
                starts.append((now + graph[child][2] + latency, d, child))
    return [max(ends) for ends in done]


# --- printing ----------------------------------------------------------------------------------

def megabytes(rows) -> float:
    return sum(r["bytes"] for r in rows) / 1e6


def by_kind(rows) -> str:
    kinds = {kind: sum(r["bytes"] for r in rows if kind_of(r["path"]) == kind) for kind in KINDS}
    return ", ".join(f"{kind} {size / 1e6:.2f}" for kind, size in kinds.items() if size)


def timeline(name, visit) -> None:
    print(f"\nTimeline of one first visit on the line, {name} (s from navigation):")
    events = [(t, f"mark {m}") for m, t in visit["marks"]]
    for r in visit["responses"]:
        events.append((r["asked"], f"  asked {r['path']}"))
        events.append((r["end"], f"  in    {r['path']} ({r['bytes'] / 1e3:.0f} KB,"
                                 f" {r['status']})"))
    events.append((visit["played"], "the first move in the log"))
    for t, what in sorted(events):
        print(f"  {t:6.2f}  {what}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=3)
    parser.add_argument("--before", help="another checkout with its dist/ built")
    parser.add_argument("--site", action="append", default=[], metavar="NAME=FOLDER",
                        help="more built sites to measure alike (a checkout with dist/)")
    parser.add_argument("--timeline", action="store_true")
    parser.add_argument("--devices", type=int, default=30)
    parser.add_argument("--alternate", type=int, default=0, metavar="N",
                        help="only repeat visits: N of each site, alternating site by site in"
                             " one browser each (after one first visit), unthrottled")
    parser.add_argument("--repeat-only", action="store_true",
                        help="the repeat visit's figures only: no unthrottled visits, no class")
    args = parser.parse_args()

    from builder.paths import DIST
    from builder.site import build

    info = build()
    bare_page = write_bare_page(info)
    sites = {"now": DIST}
    if args.before:
        sites["before"] = os.path.join(args.before, "dist")
    for named in args.site:
        name, folder = named.split("=", 1)
        sites[name] = os.path.join(folder, "dist")
    # each site with its own checkout's headers (its inline script's hash in the CSP)
    tomls = {name: Path(folder).parent / "netlify.toml" for name, folder in sites.items()}
    lines = {name: start_line(folder, tomls[name]) for name, folder in sites.items()}
    free = {name: start_line(folder, tomls[name], rate=None, latency=0.0)
            for name, folder in sites.items()}
    url = {name: f"http://127.0.0.1:{server.server_port}" for name, server in lines.items()}
    free_url = {name: f"http://127.0.0.1:{server.server_port}" for name, server in free.items()}
    if args.alternate:
        alternate(args.alternate, sites, free)
        return
    names = ["bare", *sites]
    seen = {name: [] for name in names}
    unthrottled = {name: [] for name in names}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for round_ in range(args.runs):
            order = names[round_ % len(names):] + names[:round_ % len(names)]
            visits = {}
            for name in order:
                try:
                    if name == "bare":
                        visits[name] = (
                            bare_visit(browser.new_context(), lines["now"],
                                       f"{url['now']}/{bare_page}"),
                            None if args.repeat_only else
                            bare_visit(browser.new_context(), free["now"],
                                       f"{free_url['now']}/{bare_page}", repeat=False))
                    else:
                        visits[name] = (
                            ludoteca_visit(browser.new_context(), lines[name], url[name]),
                            None if args.repeat_only else
                            ludoteca_visit(browser.new_context(), free[name], free_url[name],
                                           repeat=False))
                except PlaywrightTimeout as error:  # a round with a visit that never got
                    # there (a loaded machine): left out whole, said, never averaged in
                    print(f"round {round_ + 1}: {name} timed out ({str(error).splitlines()[0]})"
                          "; the round is left out", flush=True)
                    break
            else:
                for name, (throttled, free_visit) in visits.items():
                    seen[name].append(throttled)
                    unthrottled[name].append(free_visit or throttled)
        browser.close()
    if not seen["bare"]:
        raise SystemExit("bench: no round completed")
    for server in (*lines.values(), *free.values()):
        server.shutdown()

    load = os.getloadavg()
    print(f"School line: {SCHOOL_RATE * 8 / 1e6:.0f} Mbit/s shared, {SCHOOL_LATENCY * 1e3:.0f} ms"
          f" per response, text and wasm gzip -6; {args.runs} rounds; load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (2 cores, shared); "
          f"{len(seen['bare'])} rounds complete")
    bare = seen["bare"]

    def paired(name, key, basis):
        return median([v[key] / b[basis] for v, b in zip(seen[name], bare, strict=True)])

    print(f"  {'':44s}" + "".join(f"{name:>16s}" for name in names))

    def row(label, key, basis=None):
        cells = []
        for name in names:
            if name == "bare" and key in ("played",):
                cells.append(f"{'':>16s}")
                continue
            m = median([v[key] for v in seen[name]])
            ratio = f" {paired(name, key, basis):5.2f}x" if basis and name != "bare" else ""
            cells.append(f"{m:8.2f} s{ratio}".rjust(16))
        print(f"  {label:44s}" + "".join(cells))

    row("(a) '/' + click -> first move possible", "first", "first")
    row("(b) '/' + click -> first move played", "played", "first")
    row("(c) repeat visit -> first move possible", "repeat", "repeat")
    print("  (paired: each round's visit over the bare page's, bare cold for a and b, bare"
          " warm for c; bare = navigation -> Python ready)")
    # each round's repeat visit beside its bare warm start: the spread the medians hide
    for i, b in enumerate(bare):
        print(f"    round {i + 1}: bare warm {b['repeat']:.2f} s; " + "; ".join(
            f"{name} {seen[name][i]['repeat']:.2f} s {seen[name][i]['repeat'] / b['repeat']:.2f}x"
            for name in sites))
    print("  bytes on the line before the first move (MB, the server's log, the service"
          " worker's too):")
    for name in names:
        rows = before_move(seen[name][0])
        print(f"    {name:8s} {megabytes(rows):5.2f} MB in {len(rows)} responses: {by_kind(rows)}")
    for name in sites:
        rows = seen[name][0]["after"]
        print(f"    {name:8s} after the first move, until the snapshot was stored: "
              f"{megabytes(rows):5.2f} MB in {len(rows)} responses")
    for name in sites:
        rows = seen[name][0]["repeat responses"]
        print(f"    {name:8s} repeat visit: {megabytes(rows):5.2f} MB in {len(rows)} responses"
              f" ({sum(r['status'] == 304 for r in rows)} answered 304); snapshot "
              f"{seen[name][0]['snapshot']}")
    cpu = {name: median([cpu_after_last_byte(v) for v in unthrottled[name]]) for name in names}
    print("  unthrottled: first move possible (bare: Python ready), and the CPU after the last"
          " byte:" + (" (--repeat-only: the throttled visits')" if args.repeat_only else ""))
    for name in names:
        print(f"    {name:8s} {median([v['first'] for v in unthrottled[name]]):5.2f} s, "
              f"{cpu[name]:5.2f} s after the last byte")
    if args.devices and not args.repeat_only:
        print(f"\nA class of {args.devices} on one line (first visits at once; simulated: the "
              "first round's responses and what each waited for, processor sharing; plus one"
              " device's CPU after its last byte, unthrottled):")
        for name in names:
            graph = dependencies(seen[name][0])
            last = share_the_line(graph, args.devices)
            alone = share_the_line(graph, 1)[0]
            total = sum(size for size, _, _ in graph) * args.devices / 1e6
            print(f"    {name:8s} last device could play at {max(last) + cpu[name]:6.1f} s "
                  f"(last byte {max(last):5.1f} s + CPU {cpu[name]:4.2f} s; {total:5.0f} MB on"
                  f" the line; one device alone: last byte {alone:4.2f} s)")
    if args.timeline:
        for name in names:
            timeline(name, seen[name][0])
        for name in sites:
            print(f"\nThe repeat visit, {name} (s from navigation):")
            events = [(t, f"mark {m}") for m, t in seen[name][0]["repeat marks"]]
            events += seen[name][0]["repeat fetches"]
            for t, what in sorted(events):
                print(f"  {t:6.2f}  {what}")


if __name__ == "__main__":
    main()
