"""A lesson page saved on a teacher's computer (its address starts with file://) frames the
site: the site's Content-Security-Policy lets a `file:` page frame it (CSP 3's `*` matches
only network schemes, so `frame-ancestors *` alone left the frame blank), the game plays in
the frame, and the page and the game talk with postMessage as on the web (issue 43, item 9)."""

from __future__ import annotations

import tomllib

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS, ROOT
from .helpers import STEP, progress, wait_until
from .test_offline_embed import PARENT_PAGE, received


def headers_for(path: str) -> dict:
    from tools.server import header_rules

    headers = {}
    for pattern, values in header_rules(ROOT / "netlify.toml"):
        if pattern.match(path):
            headers.update(values)
    return headers


def test_the_policy_lets_any_page_frame_the_site_and_keeps_every_other_protection():
    """What Netlify sends: framing by any page, on the web or a computer's file; nothing else
    loosened (only the site's own scripts, no plug-ins, no other site's forms or base)."""
    headers = headers_for("/index.html")
    policy = {d.split()[0]: d.split()[1:] for d in
              headers["Content-Security-Policy"].split(";") if d.strip()}
    assert policy["frame-ancestors"] == ["*", "file:"]
    assert "X-Frame-Options" not in headers  # it would contradict frame-ancestors
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"] and policy["form-action"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "*" not in policy["script-src"]
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert not [h for h in netlify["headers"] for name in h["values"]
                if name.lower() == "x-frame-options"]


def test_a_lesson_saved_as_a_file_frames_the_site_and_hears_its_game(page, site, tmp_path):
    lesson = tmp_path / "leccion.html"
    src = f"{site}/?game=bakuk&players=2&seats=human,casual&lang=es&embed=1"
    lesson.write_text(PARENT_PAGE % (src, 640, 560))
    page.watch.allow("file://")  # the lesson page itself
    page.goto(lesson.as_uri())
    assert page.evaluate("() => location.protocol") == "file:"
    frame = page.frame_locator("#game")
    # the frame shows the game (a refused frame is blank: an error page with no board)
    expect(frame.locator(STEP).first).to_be_visible(timeout=ENGINE_READY_MS)
    game = next(f for f in page.frames if f != page.main_frame)
    assert game.url.startswith(site + "/")
    expect(frame.locator("html")).to_have_attribute("lang", "es")

    # the game's messages reach the file's page, from the site's origin
    wait_until(page, "() => window.received.some((m) => m.type === 'ready')")
    ready = received(page, "ready")[0]
    assert ready["source"] == "ludoteca" and ready["version"] == 1 and ready["game"] == "bakuk"
    origins = page.evaluate("""() => new Promise((resolve) => {
      const seen = [];
      addEventListener("message", (e) => { seen.push(e.origin); resolve(seen); }, { once: true });
      window.sendToGame({ target: "ludoteca", type: "new-game" });
    })""")
    assert origins == [site]

    # a move of the pupil's and the computer's answer, each told to the page
    wait_until(page, "() => window.received.filter((m) => m.type === 'ready').length >= 2")
    while len(received(page, "move")) < 2:
        progress(game)
    moves = received(page, "move")
    assert [m["ply"] for m in moves[:2]] == [1, 2] and moves[0]["player"] == 0

    # the page's messages reach the game, though its origin is a file's ("null" or "file://")
    page.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'set-language', "
                  "lang: 'en'})")
    expect(frame.locator("html")).to_have_attribute("lang", "en")
