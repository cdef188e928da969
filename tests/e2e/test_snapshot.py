"""Memory snapshots in the visitor's browser (web/engine/snapshot.js, web/worker.js): made after a
normal first start, restored on the next; every unusable snapshot means a normal start,
nothing alarming on screen and no saved game lost; two restores draw different random
numbers. Every wait is for what the page says (`ludoteca:snapshot-<state>` performance
marks, `<html data-snapshot>`), never a fixed time.

A test of what a first visit does asks for `context`: a fresh profile, with no snapshot yet.
A test of restores uses the warm profile (conftest.py), which has this build's snapshot
already — a repeat visitor's browser — and leaves a good one there. A test that must start
Python the long way sets localStorage "ludoteca.snapshot" = "off" (see
`test_snapshots_can_be_switched_off`)."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS, ROOT, another_visitor, wait_for_mark
from .helpers import (
    logged_moves,
    open_game,
    play_to_the_end,
    progress,
    start_game,
    wait_for_service_worker,
    wait_for_table,
    wait_until,
)

SNAPSHOTS = "ludoteca:snapshots"


def has_mark(page, name: str) -> bool:
    return page.evaluate("(name) => performance.getEntriesByName(name).length > 0",
                         f"ludoteca:{name}")


def stored_snapshots(page) -> list:
    return page.evaluate("""async (name) => (await (await caches.open(name)).keys())
                            .map((request) => new URL(request.url).pathname)""", SNAPSHOTS)


def first_visit(page, site: str, game: str = "bakuk") -> None:
    """A visit with no snapshot: a normal start, which then stores one."""
    open_game(page, site, game)
    wait_for_mark(page, "snapshot-stored")
    assert not has_mark(page, "snapshot-restored")


def engine_worker(page):
    [worker] = [w for w in page.workers if "/worker.js" in w.url]
    return worker


def wasm_work_of_a_reload(page) -> list[str]:
    """The names of V8's wasm events (the browser's trace) while the page reloads and its
    engine is restored."""
    browser = page.context.browser
    browser.start_tracing(categories=["v8.wasm"])
    try:
        page.reload()
        wait_for_mark(page, "snapshot-restored")
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    finally:
        events = json.loads(browser.stop_tracing())["traceEvents"]
    return [event["name"] for event in events]


def checksum_class() -> str:
    """The source of snapshot.js's Checksum, to give a snapshot changed on purpose a checksum
    that matches (the module is bundled into the worker, not served on its own)."""
    source = (ROOT / "web" / "engine" / "snapshot.js").read_text()
    start = source.index("class Checksum {")
    return source[start:source.index("\n}\n", start) + 2]


def spoil_snapshot(page, how: str) -> None:
    """Change the stored snapshot the way a failing disk, a new build or a new runtime would
    (web/engine/snapshot.js: a map of the stored 4 KiB blocks, then those blocks, the first holding
    Pyodide's header; a checksum of it all)."""
    page.evaluate("""async ([name, how]) => {
      """ + checksum_class() + """
      const cache = await caches.open(name);
      const [key] = await cache.keys();
      const response = await cache.match(key);
      const headers = Object.fromEntries(response.headers);
      const body = new Uint8Array(await response.arrayBuffer());
      if (how === "corrupt") for (let i = 4096; i < 4196; i++) body[i] ^= 0x5a;
      if (how === "another build") headers["x-snapshot-version"] = "another-build";
      if (how === "another runtime") {  // Pyodide's build id, words 4-11 of its header, and
        const map = Math.ceil(Number(headers["x-snapshot-size"]) / 4096);  // a checksum to match
        for (let i = map + 16; i < map + 48; i++) body[i] ^= 0xff;
        const check = new Checksum();
        check.add(body);
        headers["x-snapshot-check"] = check.digest();
      }
      await cache.put(key, new Response(body, { headers }));
    }""", [SNAPSHOTS, how])


def runtime_bodies(page) -> list:
    """For each of the engine's worker's requests of the wasm (the check of its type, a HEAD;
    the runtime's GET): whether a body came, and whether the service worker answered."""
    return engine_worker(page).evaluate("""() => performance.getEntriesByType("resource")
        .filter((r) => r.name.endsWith("/pyodide.asm.wasm"))
        .map((r) => [r.decodedBodySize > 0, r.workerStart > 0]).sort()""")


def test_a_first_visit_starts_normally_then_stores_a_snapshot_for_the_next(context, page, site):
    first_visit(page, site)
    # none was stored here before: the worker did not open Cache Storage before Python's start
    assert "snapshot=new" in engine_worker(page).evaluate("() => self.name").split()
    assert page.evaluate("() => localStorage.getItem('ludoteca.snapshot')") == "kept"
    assert len(stored_snapshots(page)) == 1
    wait_for_service_worker(page)
    page.reload()  # the engine's worker now comes from the service worker's cache
    wait_for_mark(page, "snapshot-restored")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    # the service worker answers the HEAD with the headers alone (web/sw.js): the cached
    # response streamed its 9.6 MB body to the worker a second time at every start
    assert runtime_bodies(page) == [[False, True], [True, True]]
    # switched off, it is off there too (the flag once rode on the worker's URL, which the
    # service worker's answer replaced)
    page.evaluate("() => localStorage.setItem('ludoteca.snapshot', 'off')")
    page.reload()
    wait_for_mark(page, "snapshot-off")  # said as the worker starts: the test ends mid-boot
    assert not has_mark(page, "snapshot-restored")


def test_a_game_is_played_to_the_end_after_a_restore(page, site):
    page.goto(site + "/#/bakuk")  # a repeat visit: the snapshot is there
    wait_for_mark(page, "snapshot-restored")
    assert len(stored_snapshots(page)) == 1
    expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    start_game(page, seats=["human", "casual"])
    play_to_the_end(page, random.Random(3))
    expect(page.locator("#turn.over")).to_be_visible()
    assert len(logged_moves(page)) >= 2
    # a lazily imported module of the standard library still loads after a restore: one
    # of the slim standard library the worker loads (builder/stdlib.txt) that nothing had
    # imported yet; a module left out of it (fractions) is not there
    assert engine_worker(page).evaluate("""() => self.pyodide.runPython(`
import sys
before = "encodings.cp437" in sys.modules
import codecs
(before, codecs.decode(bytes([128]), "cp437"))`).toJs()""") == [False, "\u00c7"]
    assert "No module named 'fractions'" in engine_worker(page).evaluate("""() => {
        try { self.pyodide.runPython("import fractions"); return "imported"; }
        catch (error) { return String(error); } }""")


def test_a_reload_in_the_tab_compiles_python_no_more(page, site):
    """The page holds the runtime its worker compiled (web/worker.js, engine.js): V8 shares a
    compiled module within the renderer, so after a reload the new worker's wasm is neither
    validated nor compiled, nor compiled after being read from Chromium's code cache (which
    this long-lived profile may hold: the events of that path are named below), as the
    browser's trace of V8's wasm work shows. Without the page's hold, a reload here reads
    the code cache and compiles after it (wasm.CompilationAfterDeserialization)."""
    page.goto(site + "/#/bakuk")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    assert page.evaluate("() => window.ludotecaEngineStart.runtime instanceof WebAssembly.Module")
    work = set(wasm_work_of_a_reload(page))
    assert "wasm.StartStreamingCompilation" in work  # the new worker asked for its wasm
    compiled_anew = {"wasm.ValidateFunctionsStreaming", "wasm.BaselineCompilation",
                     "wasm.CompilationAfterDeserialization"}
    assert not work & compiled_anew  # and found it compiled
    assert page.evaluate("() => window.ludotecaEngineStart.runtime instanceof WebAssembly.Module")


def test_a_restore_asks_for_the_runtime_before_the_snapshot_is_looked_up(page, site):
    """With a snapshot expected, the worker asks for Pyodide's script, its wasm and the
    standard library at its first moment, not once Cache Storage has answered (web/worker.js:
    the lookup took 30-40 ms of every repeat visit before the runtime was asked for)."""
    page.goto(site + "/#/bakuk")
    wait_for_mark(page, "snapshot-restored")
    asked = engine_worker(page).evaluate("""() => [
        performance.getEntriesByName("worker:snapshot-looked-up")[0].startTime,
        performance.getEntriesByType("resource").filter((r) => /pyodide[.]asm[.]mjs$|\
pyodide[.]asm[.]wasm$|python_stdlib[^/]*[.]zip$/.test(r.name)).map((r) => [
          r.name.split("/").pop(), r.startTime])]""")
    looked_up, runtime = asked
    # the script, the wasm (its type's check, a HEAD, and the runtime's GET), the library
    assert sorted(name.rsplit(".", 1)[1] for name, _ in runtime) == ["mjs", "wasm", "wasm", "zip"]
    late = [name for name, started in runtime if started >= looked_up]
    assert not late, f"asked for after the lookup ({looked_up:.0f} ms): {runtime}"


def test_the_runtimes_wasm_is_compiled_from_its_response_not_once_pyodide_asks(page, site):
    """Pyodide instantiates its wasm only once its script is in and the snapshot's size is
    known; the worker compiles it from the moment its response is in (web/worker.js), and
    Pyodide's instantiation takes that module: no second compile, no second request."""
    page.goto(site + "/#/bakuk")
    wait_for_mark(page, "snapshot-restored")
    marks = engine_worker(page).evaluate("""() => Object.fromEntries(["compiling", "asked",
        "compiled", "instantiated"].map((name) => [name, performance
        .getEntriesByName(`worker:wasm-${name}`).map((mark) => mark.startTime)]))""")
    assert all(len(times) == 1 for times in marks.values()), marks
    # Pyodide may ask before the response is in (it awaits the fetch): the compile starts
    # at the response either way, and the instance is made of the module compiled so
    assert marks["compiling"][0] <= marks["compiled"][0] <= marks["instantiated"][0], marks
    assert marks["asked"][0] <= marks["instantiated"][0], marks
    # a HEAD (the type's check) and one GET, whoever answered them
    assert [body for body, _ in runtime_bodies(page)] == [False, True]


def test_a_start_compiles_each_tiny_wasm_module_of_the_runtime_once(page, site):
    """Emscripten wraps each JavaScript function the runtime puts in its function table in a
    tiny wasm module of its own (261 at every start, a few dozen signatures): the worker
    compiles each distinct one once (web/worker.js, SharedTinyModule) and instantiates it
    for every function, as V8's trace of the start shows."""
    page.goto(site + "/#/bakuk")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    events = wasm_work_of_a_reload(page)
    instantiated, compiled = events.count("wasm.SyncInstantiate"), events.count("wasm.SyncCompile")
    assert instantiated >= 250  # one instance a function, as Emscripten made them
    assert compiled < instantiated / 4, (compiled, instantiated)


def test_an_unusable_snapshot_means_a_normal_start_and_no_saved_game_lost(page, site):
    open_game(page, site, "bakuk")
    wait_for_mark(page, "snapshot-restored")
    start_game(page, seats=["human", "casual"])
    progress(page)  # one move of mine (and the computer's answer): a saved game
    moves = logged_moves(page)
    assert moves
    # one of each way the worker finds it unusable: the reader refuses it (here its checksum;
    # tests/unit/test_snapshot_reader.py covers the reader's every refusal — another build's,
    # cut short, damaged, not a snapshot — which take the same way), or Pyodide does (once
    # the snapshot's memory is written into its runtime's)
    for how, why in (("corrupt", "snapshot damaged"), ("another runtime", "build id")):
        spoil_snapshot(page, how)
        page.reload()
        wait_for_mark(page, "snapshot-unusable")
        assert why in page.evaluate("""() => performance
            .getEntriesByName("ludoteca:snapshot-unusable")[0].detail.detail"""), how
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
        assert not has_mark(page, "snapshot-restored"), how
        # the saved game on the table (the board drawn while Python loads offers steps too)
        wait_for_table(page, timeout=ENGINE_READY_MS)
        assert logged_moves(page) == moves, f"{how}: the saved game was not resumed"
        expect(page.locator("#engine-status")).to_be_hidden()  # nothing alarming
        expect(page.locator("#message")).to_be_empty()
        wait_for_mark(page, "snapshot-stored")  # a good one replaces it
    page.reload()
    wait_for_mark(page, "snapshot-restored")
    wait_for_table(page, timeout=ENGINE_READY_MS)
    assert logged_moves(page) == moves


def test_a_browser_that_forgot_its_snapshot_was_stored_starts_normally_and_stores_it_again(
        page, site):
    """localStorage cleared, Cache Storage not (engine-start.js then does not look for one)."""
    page.goto(site + "/#/bakuk")
    wait_for_mark(page, "snapshot-restored")
    page.evaluate("() => localStorage.removeItem('ludoteca.snapshot')")
    page.reload()
    wait_for_mark(page, "snapshot-stored")  # a normal start, then a snapshot made again
    assert not has_mark(page, "snapshot-restored")
    assert "snapshot=new" in engine_worker(page).evaluate("() => self.name").split()
    expect(page.locator("#engine-status")).to_be_hidden()  # nothing alarming
    assert page.evaluate("() => localStorage.getItem('ludoteca.snapshot')") == "kept"
    assert len(stored_snapshots(page)) == 1  # the same name: replaced, not added
    page.reload()
    wait_for_mark(page, "snapshot-restored")


def test_a_snapshot_expected_but_gone_means_a_normal_start_that_stores_one_again(page, site):
    """localStorage says one is kept, Cache Storage has none (a new build's name, or cleared):
    the restore the worker began at once stops before setting the runtime up, quietly, and a
    normal start follows (web/worker.js)."""
    page.goto(site + "/#/bakuk")
    wait_for_mark(page, "snapshot-restored")
    page.evaluate("async (name) => caches.delete(name)", SNAPSHOTS)
    page.reload()
    wait_for_mark(page, "snapshot-stored")  # a normal start, then a snapshot made again
    assert not has_mark(page, "snapshot-restored")
    assert not has_mark(page, "snapshot-unusable")  # none was there: nothing to report
    expect(page.locator("#engine-status")).to_be_hidden()  # nothing alarming
    assert len(stored_snapshots(page)) == 1
    page.reload()
    wait_for_mark(page, "snapshot-restored")


def test_two_restores_throw_different_beans(page, site):
    draws = []
    for visit in range(2):  # two repeat visits
        page.reload() if visit else page.goto(site + "/#/bul")
        wait_for_mark(page, "snapshot-restored")
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
        # the interpreter's own generator, and a session's throws with no seed given
        draws.append(engine_worker(page).evaluate("""() => {
          const py = self.pyodide;
          const ask = (request) => JSON.parse(py.pyimport("ludoteca.web").handle(
            JSON.stringify(request)));
          ask({ op: "new", game: "bul", seats: ["human", "human"] });
          const throws = [];
          for (let i = 0; i < 12; i++) {
            const answer = ask({ op: "throw" });
            throws.push(answer.played);
            ask({ op: "new", game: "bul", seats: ["human", "human"] });
          }
          return { random: py.runPython("import random; random.random()"), throws };
        }"""))
    assert draws[0]["random"] != draws[1]["random"]
    assert draws[0]["throws"] != draws[1]["throws"]


def stored_snapshot_identity(page) -> list:
    """Each stored snapshot's key and size: changed if one is replaced or added."""
    return page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      return Promise.all((await cache.keys()).map(async (request) => [request.url,
        (await (await cache.match(request)).arrayBuffer()).byteLength]));
    }""", SNAPSHOTS)


def test_snapshots_can_be_switched_off(page, site):
    page.goto(site + "/#/bakuk")  # a repeat visit: this build's snapshot is stored
    wait_for_mark(page, "snapshot-restored")  # and read: the page makes none of its own now
    # set as the reloaded page starts: nothing the page before it wrote can undo it
    page.add_init_script("localStorage.setItem('ludoteca.snapshot', 'off')")
    stored = stored_snapshot_identity(page)
    assert len(stored) == 1
    page.reload()  # the flag is read when the page starts the engine
    wait_for_mark(page, "snapshot-off")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    assert not has_mark(page, "snapshot-restored")  # not read…
    start_game(page, seats=["human", "casual"])
    progress(page)
    assert stored_snapshot_identity(page) == stored  # …nor made
    assert not has_mark(page, "snapshot-taken")
    assert page.evaluate("() => document.documentElement.dataset.snapshot") == "off"


class HeldBack:
    """Requests held back until `release()`, then every one held (a worker started again
    asks again: web/engine/engine.js) and every later one goes on."""

    def __init__(self):
        self.routes, self.holding = [], True

    def __call__(self, route):
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def __bool__(self):
        return bool(self.routes)

    def release(self):
        self.holding = False
        for route in self.routes:
            route.continue_()


def test_a_click_while_python_loads_is_kept_and_played(page, site):
    held = HeldBack()
    page.route("**/worker.js*", held)  # Python waits
    page.goto(f"{site}/#/bakuk")
    hole = page.locator('#board [data-forbidden="a"], #board [data-step="a"]').first
    hole.click()
    expect(page.locator("#board")).to_have_attribute("data-pending-step", "a")
    expect(page.locator("#turn")).to_have_text("Un momento…")
    assert held, "the engine's worker was requested before the click"
    held.release()
    wait_until(page, "() => document.querySelector('#log li code')", timeout=ENGINE_READY_MS)
    assert logged_moves(page)[0] == "a"
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", "a")


def test_a_worker_that_never_starts_is_started_again_and_the_game_plays(page, site):
    """The engine's first worker never runs (its script never arrives: seen as a second
    window's worker that said nothing for minutes on a loaded machine): after a silence
    the page starts another, which plays — with the click made meanwhile kept."""
    first = []
    page.route("**/worker.js*",
               lambda route: first.append(route) if not first else route.continue_())
    page.goto(f"{site}/#/bakuk")
    hole = page.locator('#board [data-forbidden="a"], #board [data-step="a"]').first
    hole.click()
    expect(page.locator("#board")).to_have_attribute("data-pending-step", "a")
    wait_until(page, "() => document.querySelector('#log li code')", timeout=ENGINE_READY_MS)
    assert logged_moves(page)[0] == "a"
    assert has_mark(page, "start-again")
    assert len(first) == 1  # the first worker's script: never answered
    expect(page.locator("#engine-status")).to_be_hidden()


def test_a_worker_whose_script_fails_to_load_is_started_again_and_the_game_plays(page, site):
    """The first worker's script fails to arrive (a passing fault of the line): the page
    starts another at once, which plays; only a second failure would be shown."""
    first = []
    page.route("**/worker.js*", lambda route: first.append(route) or route.abort()
               if not first else route.continue_())
    open_game(page, site, "bakuk")
    assert page.evaluate("""() => performance.getEntriesByName("ludoteca:start-again")
                            .map((mark) => mark.detail)""") == ["error"]
    assert len(first) == 1
    expect(page.locator("#engine-status")).to_be_hidden()
    wait_for_table(page)


def test_the_warm_profile_refuses_a_fake_clock(page, site):
    """Playwright's fake clock would stay in the warm context for every later test of its
    worker, with a fake `performance` that keeps no marks: the waits above would never end
    (conftest.py `clock_refused`). A test that fakes the clock asks for `context`."""
    with pytest.raises(RuntimeError, match="asks for `context`"):
        page.clock.install()
    page.goto(site + "/#/bakuk")
    wait_for_mark(page, "snapshot-restored")  # the marks are the page's own
    assert page.evaluate("() => performance.timeOrigin > 0")


def server_sorted_before(site: str, folder):
    """A server whose origin is cleared before the site's between two tests (conftest.py
    clears the origins in order)."""
    from tools.server import start

    for port in range(1024, 65536):
        if f"http://127.0.0.1:{port}" < site:
            try:
                return start(folder, ROOT / "netlify.toml", port=port)
            except OSError:  # in use
                continue
    raise RuntimeError(f"no free port sorts before {site}")


def test_a_server_gone_before_the_next_test_leaves_the_snapshot_flag_set(page, site, tmp_path):
    """A test that visits a server of its own (a SCORM platform's) and stops it: between two
    tests, the server gone is not visited (a page sent there commits its error page late,
    which interrupted the site's own visit: conftest.py `serving`), and the site's storage
    is cleared and its snapshot's flag set: the next page restores, as a repeat visit does."""
    (tmp_path / "index.html").write_text("<!doctype html><title>platform</title>")
    server = server_sorted_before(site, tmp_path)
    platform = f"http://127.0.0.1:{server.server_port}"
    page.watch.allow(platform)
    page.goto(site + "/#/bakuk")
    page.goto(platform + "/")
    server.shutdown()
    server.server_close()
    visitor = another_visitor(page)
    assert site in visitor.context.origins
    visitor.goto(site + "/#/bakuk")
    wait_for_mark(visitor, "snapshot-restored")
