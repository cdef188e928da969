"""End-to-end fixtures: the built site served by tools/server.py (with netlify.toml's
headers) and Debian's Chromium driven by Playwright. Every test fails if the page makes a
request outside the site's origin or throws an uncaught error.

Fixtures:
- `site`: the base URL of the built site (session).
- `page`: a new page whose requests, errors and CSP violations are checked after the test.
  A test that does not ask for `context` gets its page in `warm_context`; a test that asks for
  `context` gets its page there (a fresh profile, as before).
- `shared_page`: for a module's tests that need a fresh lesson, puzzle or page of the site but
  not a fresh engine: one page of `warm_context` for them all, that goes home and is cleared
  between cases (see its comment below); tests/suite_order.py keeps them together.
- `context`: a fresh browser context (pytest-playwright's): nothing cached, nothing stored.
  Ask for it in tests about a first visit (no snapshot yet), service workers, going offline.
- `warm_context`: one browser profile on disk shared by the tests of a session (of a
  pytest-xdist worker: each has its own), so the HTTP cache and Chromium's cache of compiled
  WebAssembly keep Pyodide's files warm, and the engine starts from a memory snapshot, made
  once when the profile is created (a fresh context pays a whole cold start: several
  CPU-seconds each, most of a test's cost). Under `python3 build.py test` all the workers
  share one server (one origin), so one worker primes the profile and the others copy it.
  A test changes the viewport, reduced motion or the CSP of its own page
  (`page.set_viewport_size`, `page.emulate_media`, CDP), and `another_visitor(page)` gives
  it a page as someone else's browser would open a link. Before each test that uses it,
  every page of it is closed and everything a site can store is cleared for every origin it
  visited (cookies, localStorage, IndexedDB, Cache Storage, service workers, permissions)
  but the engine's memory snapshot of this build (KEPT_CACHES: it holds no game) and the
  page's note that it has one: each test starts from a clean page state, as a visitor whose
  browser has the files and a snapshot already.
  Service workers are blocked there (the page plays without one): tests of offline use,
  new builds and tabs ask for `context`, and so do tests that fake the clock
  (`page.clock.install` fakes it for the whole context, for good: refused there).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import ProxyHandler, build_opener

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.chromium import HEADLESS_SHELL  # noqa: E402 (after the path)
from tools.chromium import TEST_ARGS as CHROMIUM_ARGS  # noqa: E402

ENGINE_READY_MS = 60_000  # generous: CI machines are shared; the page itself says 20 s


def pytest_collection_modifyitems(items):
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


# What each page's engine said while starting (web/worker.js `step`, engine.js marks):
# printed under a failed test, so a start that never ended says what it was waiting for.
ENGINE_TRAIL = """() => ({
  status: ((document.getElementById("engine-status") || {}).textContent || "")
    .replace(/\\s+/g, " ").trim(),
  snapshot: document.documentElement.dataset.snapshot || "",
  marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("ludoteca:"))
    .map((m) => `${m.name.slice(9)}@${Math.round(m.startTime)}`),
  at: Math.round(performance.now()),
  worker: Boolean(window.ludotecaEngineStart && window.ludotecaEngineStart.worker),
})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:  # a shared page (shared_page) is not passed on after a failure
        item.e2e_failed = True
    funcargs = getattr(item, "funcargs", {})
    page = (funcargs.get("page") or funcargs.get("shared_page")) if report.failed else None
    if page is None:
        return
    lines = []
    for other in page.context.pages:
        lines.append(f"{other.url}: workers {[worker.url for worker in other.workers]}")
        for frame in other.frames:
            try:
                lines.append(f"{frame.url}: {frame.evaluate(ENGINE_TRAIL)}")
            except PlaywrightError as error:  # a closed page, a frame of another origin
                lines.append(f"{frame.url}: unreadable ({error.message.splitlines()[0]})")
    report.sections.append(("the engines' start", "\n".join(lines)))


# Set by `python3 build.py test` (builder.tasks.shared_test_site): one server for every
# pytest-xdist worker, and a folder where the first worker primes the warm profile for the
# others.
SHARED_SITE = os.environ.get("LUDOTECA_TEST_SITE")
SHARED_FOLDER = os.environ.get("LUDOTECA_TEST_SHARED")


@pytest.fixture(scope="session")
def site():
    """Build dist/ (quick when nothing changed) and serve it; yields the base URL (the
    server that build.py runs for all the workers, when it runs the tests)."""
    from builder.paths import DIST
    from builder.site import build
    from tools.server import start

    if SHARED_SITE:  # build.py has just built dist/: no worker builds it again
        yield SHARED_SITE
        return
    build()
    server = start(DIST, ROOT / "netlify.toml")
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()  # refused from now on, not accepted and left


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": HEADLESS_SHELL, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # Animations are skipped (reduced motion) unless a test asks for them.
    return {**browser_context_args, "reduced_motion": "reduce", "locale": "es-ES"}


CSP_RECORDER = """
addEventListener("securitypolicyviolation", (e) => {
  (window.__cspViolations ||= []).push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


class Watch:
    """What a context did that no page of ours may do: requests leaving the origin,
    uncaught errors, Content-Security-Policy violations."""

    def __init__(self, context, site: str, allowed_origins=()):
        self.site, self.allowed = site, (site + "/", *allowed_origins, "data:", "blob:")
        self.requests, self.errors, self.csp = [], [], []
        self.context = context
        context.on("request", self.on_request)
        if not getattr(context, "records_csp", False):  # once, however many tests share it
            context.records_csp = True
            context.add_init_script(CSP_RECORDER)
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)

    def allow(self, origin: str) -> None:
        """Let the pages reach `origin` too (a teacher's page on another local server)."""
        self.allowed = (*self.allowed, origin + "/")

    def stop(self):
        """Stop listening (a context shared with later tests)."""
        self.context.remove_listener("request", self.on_request)
        self.context.remove_listener("page", self.watch_page)

    def on_request(self, request):
        self.requests.append(request.url)

    def watch_page(self, page):
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self.console)
        page.on("worker", lambda worker: worker.on("console", self.console))

    def console(self, message):
        if "Content Security Policy" in message.text:
            self.csp.append(message.text)

    def check(self, pages=()):
        for page in pages:
            if not page.is_closed():
                for frame in page.frames:
                    try:
                        self.csp += frame.evaluate("() => window.__cspViolations || []")
                    except Exception:  # a frame that navigated away or closed
                        pass
        outside = [u for u in self.requests if not u.startswith(self.allowed)]
        assert outside == [], f"requests left the site's origin: {outside}"
        assert self.errors == [], f"uncaught errors in the page: {self.errors}"
        assert self.csp == [], f"Content-Security-Policy violations: {self.csp}"


@pytest.fixture(scope="session")
def warm_context(playwright, browser_type_launch_args, browser_context_args, tmp_path_factory,
                 site):
    """One browser profile on disk for the session (see the module docstring)."""
    # No service workers here: each test's would precache the whole build again, and one
    # unregistered while running keeps its renderer process alive for the rest of the session.
    # Tests of offline use, updates and tabs ask for `context`.
    def launch(profile):
        context = playwright.chromium.launch_persistent_context(
            profile, **browser_type_launch_args, **browser_context_args,
            service_workers="block")
        context.origins = {site}  # every origin its pages reached: what to clear
        context.on("request", lambda request: context.origins.add(origin_of(request.url)))
        context.clock.install = clock_refused  # `page.clock` is this context's: see below
        return context

    profile = tmp_path_factory.mktemp("warm-profile")
    if SHARED_SITE and SHARED_FOLDER and site == SHARED_SITE:
        copy_primed_profile(Path(SHARED_FOLDER), profile, launch, site)
        context = launch(profile)
    else:
        context = launch(profile)
        make_snapshot(context, site)
    yield context
    context.close()


def clock_refused(*args, **kwargs):
    """Playwright's fake clock is installed in a whole context, for good: every later page of
    the warm context would get a fake `performance` (no marks, no entries, `timeOrigin` -1)
    and fake timers, so the next tests of its worker wait for marks that never come (a
    test_teaching.py demo test broke test_snapshot.py's so, in one order of the suite)."""
    raise RuntimeError("a test that fakes the clock (page.clock.install) asks for `context`: "
                       "a fresh browser context, closed after it")


def copy_primed_profile(shared: Path, profile: Path, launch, site: str) -> None:
    """Copy into `profile` the warm profile primed once for all the workers (the first
    worker here primes it, the others wait for it: a cold start each saved)."""
    primed = shared / "primed-profile"
    with open(shared / "primed-profile.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "primed-profile.done").exists():
            context = launch(primed)
            make_snapshot(context, site)
            context.close()  # all written: Chromium's lock files are gone
            (shared / "primed-profile.done").touch()
    shutil.copytree(primed, profile, symlinks=True, dirs_exist_ok=True)


def make_snapshot(context, site: str) -> None:
    """Visit once and wait until the engine has stored its memory snapshot, as a visitor's
    browser does after a first visit: the page makes it only once play has paused, which a
    test's page, closed as soon as the test ends, may never do."""
    page = context.new_page()
    page.goto(f"{site}/#/bakuk")
    wait_for_mark(page, "snapshot-stored")
    page.close()


# What the worker says of snapshots that rules out the state waited for (in this page): a
# wait ends at once with what was said rather than run into its timeout.
RULED_OUT_BY = {
    "snapshot-restored": ("snapshot-unusable", "snapshot-off", "snapshot-refused",
                          "snapshot-taken", "snapshot-failed"),
    "snapshot-stored": ("snapshot-restored", "snapshot-off", "snapshot-refused",
                        "snapshot-failed"),
    "snapshot-unusable": ("snapshot-restored", "snapshot-off"),
    "snapshot-off": ("snapshot-restored", "snapshot-taken"),
}


def wait_for_mark(page, name: str) -> None:
    """Until the page has made the performance mark `ludoteca:<name>` (engine.js marks what
    the worker says of snapshots: "snapshot-stored", "snapshot-restored"…); fails at once
    if the page says something that rules it out."""
    said = page.wait_for_function("""([name, ruledOut]) => {
      const marks = performance.getEntriesByType("mark")
        .filter((m) => m.name.startsWith("ludoteca:snapshot-"));
      const names = marks.map((m) => m.name.slice("ludoteca:".length));
      return (names.includes(name) || names.some((n) => ruledOut.includes(n))) &&
        marks.map((m) => [m.name.slice("ludoteca:".length), m.detail && m.detail.detail]);
    }""", arg=[name, RULED_OUT_BY.get(name, ())], timeout=ENGINE_READY_MS * 2,
        polling=100).json_value()  # not every frame: a mark is no change a frame would draw
    assert name in [state for state, _ in said], f"waiting for {name}, the page said {said}"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# Cleared before every test that uses `warm_context`: all a site can store but Cache Storage,
# which is cleared cache by cache to keep KEPT_CACHES.
STORAGE_TYPES = "cookies,file_systems,indexeddb,local_storage,service_workers,websql"
# The engine's memory snapshot of this build (web/engine/snapshot.js): made from the build alone, it
# holds no game, and starts from it take a fraction of a boot.
KEPT_CACHES = {"ludoteca:snapshots"}


def clear_site_data(context):
    """Close the context's pages and clear what every origin it visited stored; returns the
    page that did it (a new page: the test may use it rather than start one more)."""
    for page in context.pages:
        page.close()
    blank = context.new_page()
    origins = sorted(o for o in context.origins if o.startswith("http"))
    cdp = context.new_cdp_session(blank)
    for origin in origins:  # all cleared before any is visited (and its flag set) again
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE_TYPES})
    cdp.detach()
    for origin in origins:
        if not serving(origin):  # a server that a test started and stopped: its data is
            context.origins.discard(origin)  # cleared, and never to be visited again
            continue
        try:  # Cache Storage is reached from a document of the origin: a "not found" page
            blank.goto(origin + "/__clear_site_data__")
        except PlaywrightError:  # gone since it answered: its error page may commit late,
            context.origins.discard(origin)  # so the next origin is visited in a new page
            blank.close()
            blank = context.new_page()
            continue
        blank.evaluate("""async (kept) => {
            for (const name of await caches.keys()) {
              if (!kept.includes(name)) await caches.delete(name);
            }
            // as a browser that has the snapshot says so (web/engine/engine.js, keepSnapshotsHere)
            if ((await caches.keys()).length) localStorage.setItem("ludoteca.snapshot", "kept");
          }""", sorted(KEPT_CACHES))
    context.clear_cookies()
    context.clear_permissions()
    context.set_offline(False)
    return blank


DIRECT = build_opener(ProxyHandler({}))  # the tests' own servers: never through a proxy


def serving(origin: str) -> bool:
    """Whether a server answers a request at `origin`, asked outside the browser: a page sent
    to a server gone commits its error page late, and that interrupted the next origin's visit
    (the site's own, once: taken for a server gone, it was never cleared again and its
    snapshot's flag was left unset, so the next test's page took a snapshot, not restored one).
    A request, not a connection: a server stopped but not closed still accepts one."""
    try:
        with DIRECT.open(origin + "/__clear_site_data__", timeout=15):
            return True
    except HTTPError:  # "not found", as expected: it answered
        return True
    except OSError:  # refused, or accepted and never answered
        return False


def another_visitor(page):
    """A new page in `page`'s browser with everything the site stored cleared (and `page`
    closed): someone else's browser, as far as the site can tell — but with the files and
    the engine's snapshot cached (of a warm context)."""
    if getattr(page.context, "origins", None) is None:
        raise ValueError("only a page of the warm context can be cleared")
    return clear_site_data(page.context)


@pytest.fixture
def page(request, site):
    """A page whose requests, errors and CSP violations are checked after the test."""
    warm = "context" not in request.fixturenames
    if warm:
        context = request.getfixturevalue("warm_context")
        page = clear_site_data(context)  # a blank page, watched below like a new one
    else:
        context = request.getfixturevalue("context")
        page = context.new_page()
    watch = Watch(context, site)
    page.watch = watch  # a test may allow another origin (`page.watch.allow`)
    yield page
    watch.stop()
    watch.check(dict.fromkeys([page, *context.pages]))  # and any page the test opened
    if warm:  # its worker would go on using the CPU the next test needs
        for other in context.pages:
            other.close()


# A module's tests that need a fresh lesson, puzzle or page of the site but not a fresh engine
# share one page (`shared_page`): most of an end-to-end test's CPU is its page's start (the
# engine restored from its snapshot, ~1 CPU-s), and a link followed inside the page costs a
# fifth of that. Between two tests the page does what a person moving on does: back to the home
# page (`#/`), which drops the game, lesson or puzzle on the table; then everything the site
# stored is cleared (as for `page`), and the screen and media are a new page's again.
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, a new page's
HOME = """() => document.querySelector('#home') && !document.querySelector('#home').hidden &&
  !document.querySelector('#board [data-step]')"""


# the page's language is the one its address asks for (or this browser's, es-ES)
SAME_LANGUAGE = """() => document.documentElement.lang ===
  (new URLSearchParams(location.search).get('lang') || 'es')"""


class LanguageSwitched(Exception):
    """The shared page speaks another language than its address asks for (or is no longer
    the site's)."""


@pytest.fixture(scope="module")
def module_page():
    """The page the tests of one module share (see `shared_page`), made by the first of them;
    tests/suite_order.py keeps such a module's tests together on one worker."""
    held = {"page": None}
    yield held
    if held["page"] is not None and not held["page"].is_closed():
        held["page"].close()


def between_cases(page, context, site: str) -> None:
    """The shared page as the next case finds it: at home, nothing stored, a new page's
    viewport and media (see the comment above `DEFAULT_VIEWPORT`)."""
    if not page.url.startswith(site + "/"):  # left for another site's page: a new one
        raise LanguageSwitched(page.url)
    page.evaluate("() => { location.hash = '#/'; }")
    page.wait_for_function(HOME, timeout=ENGINE_READY_MS)
    # a language switched on the page stays for its life: the next case gets a new page
    if not page.evaluate(SAME_LANGUAGE):
        raise LanguageSwitched(page.evaluate("() => document.documentElement.lang"))
    cdp = context.new_cdp_session(page)
    for origin in sorted(o for o in context.origins if o.startswith("http")):
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE_TYPES})
    cdp.detach()
    page.evaluate("""() => {
        sessionStorage.clear();
        localStorage.clear();  // as clear_site_data leaves it: the snapshot noted as kept
        localStorage.setItem("ludoteca.snapshot", "kept");
      }""")
    context.clear_cookies()
    context.clear_permissions()
    context.set_offline(False)
    page.set_viewport_size(DEFAULT_VIEWPORT)
    page.emulate_media(media="null", reduced_motion="reduce")


# What a test may add to its page that stays for the page's life (scripts run at every load,
# requests answered by the test, functions exposed): a shared page given one is not shared on.
LASTING = ("add_init_script", "route", "route_from_har", "expose_binding", "expose_function")


def passed_on_no_further(module_page, method):
    def wrapped(*args, **kwargs):
        module_page["page"] = None
        return method(*args, **kwargs)
    return wrapped


@pytest.fixture
def shared_page(request, module_page, warm_context, site):
    """The module's shared page (see the comment above `DEFAULT_VIEWPORT`), watched as `page`
    is. For tests whose first step is a link of the site followed in the page (a lesson, a
    puzzle: `goto` to an address that differs from the page's only after its `#` does not
    load the page again) and that change nothing a new page would not have (no routes, no
    CSP bypass, no init scripts, no language switched): the others get `page`. The first
    case of a module (or the first after a test of `page`, which closes it) opens it as
    `page` does."""
    page = module_page["page"]
    if page is not None and not page.is_closed():
        try:
            between_cases(page, warm_context, site)
        except (PlaywrightError, LanguageSwitched):  # a page the last test left unable to
            # go home, or in another language: a new one
            page = None
    if page is None or page.is_closed():
        page = module_page["page"] = clear_site_data(warm_context)
        for name in LASTING:  # what would outlast the case: the next one gets a new page
            setattr(page, name, passed_on_no_further(module_page, getattr(page, name)))
    watch = Watch(warm_context, site)
    page.watch = watch
    yield page
    watch.stop()
    if getattr(request.node, "e2e_failed", False):  # the next case gets a new page
        module_page["page"] = None
    watch.check(dict.fromkeys([page, *warm_context.pages]))
    for other in warm_context.pages:  # any other page the test opened, or a failed case's
        if other is not module_page["page"]:
            other.close()


@pytest.fixture
def lesson_site(tmp_path, site):
    """A teacher's page on a second local origin (another port) embedding Ludoteca."""
    from tools.server import start

    (tmp_path / "netlify.toml").write_text("")
    server = start(tmp_path, tmp_path / "netlify.toml")
    yield tmp_path, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()  # refused from now on, not accepted and left
