"""End-to-end fixtures: the built site served by tools/server.py (with netlify.toml's
headers) and Debian's Chromium driven by Playwright. Every test fails if the page makes a
request outside the site's origin or throws an uncaught error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--disable-sync",
]
ENGINE_READY_MS = 60_000  # generous: CI machines are shared; the page itself says 20 s


def pytest_collection_modifyitems(items):
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site():
    """Build dist/ (quick when nothing changed) and serve it; yields the base URL."""
    import build
    from tools.server import start

    build.build()
    server = start(build.DIST, ROOT / "netlify.toml")
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


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
        context.on("request", lambda request: self.requests.append(request.url))
        context.add_init_script(CSP_RECORDER)
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)

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


@pytest.fixture
def page(context, site):
    """A page whose requests, errors and CSP violations are checked after the test."""
    watch = Watch(context, site)
    page = context.new_page()
    yield page
    watch.check([page])
