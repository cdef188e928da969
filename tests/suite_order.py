"""The order of the tests under pytest-xdist's `--dist worksteal` (`python3 build.py test`
loads this plugin, `-p suite_order`): the longest tests first in every worker, so the run
never ends with one worker alone in a long test while the others wait.

Worksteal first hands each of the n workers a contiguous slice of the collection (the same
count each), and an idle worker later steals the tail of the longest queue. So the
collection is laid out as n slices of those sizes: the long tests (tests/slowest.txt, from
`--durations`, and every end-to-end test) dealt among the slices so each gets about the same
seconds, each slice starting with its longest; the quick tests after them, in their files'
order, to fill each slice (what a thief takes). Every test still runs, once; a module's
tests of a module-scoped fixture stay together (the Pyodide ones, costly to set up).
Each worker collects alike and orders alike (xdist checks that)."""

from __future__ import annotations

import re
from pathlib import Path

SLOWEST = Path(__file__).with_name("slowest.txt")
# the seconds a test not in slowest.txt is reckoned to take, by its folder
DEFAULT = {"e2e": 3.0, "pyodide": 20.0, "unit": 0.05}
LONG = 1.0  # seconds: a test this long or more is dealt; the others fill
GROUPED = ("tests/pyodide/",)  # whose modules' fixtures run Pyodide: one group a module


def known_seconds() -> dict:
    """{node id, or a test function's id without its parameters: seconds}."""
    seconds = {}
    for line in SLOWEST.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            value, node = line.split(maxsplit=1)
            seconds[node] = seconds.get(node, 0.0) + float(value)
    return seconds


def seconds_of(item, known: dict) -> float:
    if item.nodeid in known:
        return known[item.nodeid]
    function = re.sub(r"\[.*\]$", "", item.nodeid)
    if function in known:  # a test of several cases, each a part of it
        return known[function] / max(1, known.get(f"{function}#cases", 1))
    folder = item.nodeid.split("/")[1] if item.nodeid.startswith("tests/") else ""
    return DEFAULT.get(folder, DEFAULT["unit"])


def shares_a_page(item) -> bool:
    return "shared_page" in getattr(item, "fixturenames", ())


def slice_sizes(count: int, workers: int) -> list:
    """The counts worksteal sends the workers first (xdist's WorkStealingScheduling)."""
    sizes, pending = [], count
    for i in range(workers):
        sizes.append(pending // (workers - i))
        pending -= sizes[-1]
    return sizes


def laid_out(items: list, workers: int, known: dict) -> list:
    """`items` in the order described in the module's docstring."""
    groups, of_module = [], {}
    # a module whose tests share a page (tests/e2e/conftest.py `shared_page`): one group, those
    # tests first and one after another (a test of `page` between them closes the shared one)
    sharing = {item.nodeid.split("::")[0] for item in items if shares_a_page(item)}
    items = sorted(items, key=lambda item: not (item.nodeid.split("::")[0] in sharing
                                                 and shares_a_page(item)))
    for index, item in enumerate(items):
        module = item.nodeid.split("::")[0]
        if module.startswith(GROUPED) or module in sharing:
            if module not in of_module:
                of_module[module] = len(groups)
                groups.append([])
            groups[of_module[module]].append((index, item))
        else:
            groups.append([(index, item)])
    weighed = [(sum(seconds_of(item, known) for _, item in group), group) for group in groups]
    long = sorted((g for g in weighed if g[0] >= LONG), key=lambda g: (-g[0], g[1][0][0]))
    quick = [pair for w, group in weighed if w < LONG for pair in group]
    quick.sort(key=lambda pair: pair[0])  # the files' own order
    sizes = slice_sizes(len(items), workers)
    slices = [{"seconds": 0.0, "room": size, "items": []} for size in sizes]
    for seconds, group in long:  # the longest first, each to the least-loaded slice with room
        fits = [s for s in slices if s["room"] >= len(group)] or slices
        chosen = min(fits, key=lambda s: s["seconds"])
        chosen["seconds"] += seconds
        chosen["room"] -= len(group)
        chosen["items"] += [item for _, item in group]
    for s in slices:  # then the quick ones, in order, to each slice's count
        take = max(0, s["room"])
        s["items"] += [item for _, item in quick[:take]]
        quick = quick[take:]
    slices[-1]["items"] += [item for _, item in quick]  # none, unless a group overflowed
    return [item for s in slices for item in s["items"]]


def distribution(argv: list) -> str:
    """The --dist asked for last in the controller's arguments (a worker's own option says
    "no")."""
    chosen = "no"
    for i, arg in enumerate(argv):
        if arg == "--dist" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--dist="):
            chosen = arg.removeprefix("--dist=")
    return chosen


def pytest_collection_modifyitems(config, items):
    given = getattr(config, "workerinput", {})  # set in a pytest-xdist worker
    workers = given.get("workercount", 0)
    if workers < 2 or distribution(given.get("mainargv", [])) != "worksteal":
        return
    ordered = laid_out(items, workers, known_seconds())
    assert sorted(map(id, ordered)) == sorted(map(id, items))  # each test once
    items[:] = ordered
