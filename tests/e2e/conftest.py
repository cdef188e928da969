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


@pytest.fixture
def page(context, site):
    """A page that records every request and uncaught error; checked after the test."""
    page = context.new_page()
    requests, errors = [], []
    context.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    outside = [u for u in requests if not u.startswith((site + "/", "data:", "blob:"))]
    assert outside == [], f"requests left the site's origin: {outside}"
    assert errors == [], f"uncaught errors in the page: {errors}"
