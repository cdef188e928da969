"""Ludoteca as a school uses it: offline after one visit, after a browser restart with the
server gone, embedded in another site's page, and picking up a new build when offered."""

from __future__ import annotations

import json
import shutil

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM, CHROMIUM_ARGS, ENGINE_READY_MS, ROOT, Watch
from .helpers import (
    STEP,
    game_over,
    open_game,
    playable_games,
    progress,
    start_game,
    wait_for_service_worker,
    wait_for_turn,
)


def computer_seats(page) -> list:
    return ["human"] + ["casual"] * (page.locator("select[data-seat]").count() - 1)


def play_a_move_and_a_computer_move(page) -> None:
    start_game(page, seats=computer_seats(page))
    before = page.locator("#log li").count()
    while page.locator("#log li").count() < before + 2 and not game_over(page):
        progress(page)
        page.wait_for_timeout(100)
    assert page.locator("#log li").count() >= 2


def test_every_game_plays_offline_after_one_visit(page, site, context):
    games = playable_games(page, site)
    assert "bakuk" in games
    wait_for_service_worker(page)
    context.set_offline(True)
    for game in games:
        page.goto(f"{site}/#/{game}")
        page.reload()
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
        play_a_move_and_a_computer_move(page)


def test_a_restarted_browser_starts_with_the_server_stopped(playwright, tmp_path):
    import build
    from tools.server import start

    server = start(build.DIST, ROOT / "netlify.toml")
    site = f"http://127.0.0.1:{server.server_port}"
    profile = tmp_path / "profile"

    def launch():
        return playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
            reduced_motion="reduce", locale="es-ES")

    context = launch()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site + "/#/bakuk")
    wait_for_service_worker(page)
    context.close()
    server.shutdown()
    server.server_close()

    context = launch()
    watch = Watch(context, site)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site + "/#/bakuk")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    play_a_move_and_a_computer_move(page)
    watch.check([page])
    context.close()


PARENT_PAGE = """<!doctype html><meta charset="utf-8"><title>Lesson</title>
<h1>Lección de Bakuk</h1>
<iframe id="game" src="%s" width="%d" height="%d" title="Ludoteca"></iframe>
<script>
window.received = [];
addEventListener("message", (e) => {
  if (e.source === document.getElementById("game").contentWindow) window.received.push(e.data);
});
window.sendToGame = (data) => document.getElementById("game").contentWindow.postMessage(data, "*");
</script>"""


@pytest.fixture
def lesson_site(tmp_path, site):
    """A teacher's page on a second local origin (another port) embedding Ludoteca."""
    from tools.server import start

    (tmp_path / "netlify.toml").write_text("")
    server = start(tmp_path, tmp_path / "netlify.toml")
    yield tmp_path, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def received(parent, kind):
    return parent.evaluate(f"() => window.received.filter(m => m.type === {kind!r})")


def test_a_lesson_page_embeds_a_game_and_hears_its_events(context, site, lesson_site):
    folder, lesson = lesson_site
    src = f"{site}/?game=bakuk&players=2&seats=human,casual&lang=en&embed=1"
    (folder / "lesson.html").write_text(PARENT_PAGE % (src, 320, 320))
    watch = Watch(context, site, allowed_origins=(lesson + "/",))
    parent = context.new_page()
    parent.goto(lesson + "/lesson.html")
    frame = parent.frame_locator("#game")
    expect(frame.locator(STEP).first).to_be_visible(timeout=ENGINE_READY_MS)
    ready = received(parent, "ready")
    assert ready and ready[0]["source"] == "ludoteca" and ready[0]["version"] == 1
    assert ready[0]["game"] == "bakuk" and ready[0]["seats"] == ["human", "casual"]

    # it fits a 320×320 box, board first, with a way out to the full site
    game = parent.frames[1]
    assert game.evaluate("() => document.scrollingElement.scrollWidth") <= 320
    box = frame.locator("#board svg").bounding_box()
    assert box["width"] <= 320 and box["width"] > 200
    expect(frame.locator("#open-full")).to_be_visible()
    assert "embed" not in frame.locator("#open-full").get_attribute("href")
    expect(frame.locator(".setup")).to_be_hidden()

    # messages with bad data are ignored; good ones are obeyed
    for bad in ["garbage", 42, None, {"type": "set-language", "lang": "es"},
                {"target": "ludoteca", "type": "set-language", "lang": "xx"},
                {"target": "ludoteca", "type": "toString"},
                {"target": "ludoteca", "type": "launch-missiles"}]:
        parent.evaluate("data => window.sendToGame(data)", bad)
    parent.wait_for_timeout(300)
    expect(frame.locator("html")).to_have_attribute("lang", "en")
    parent.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'set-language', "
                    "lang: 'es'})")
    expect(frame.locator("html")).to_have_attribute("lang", "es")

    for _ in range(300):  # play to the end, as the pupil would
        frame.locator("#turn.over, " + STEP).first.wait_for(timeout=30_000)
        if frame.locator("#turn.over").count():
            break
        frame.locator(STEP).first.click()
    moves = received(parent, "move")
    assert len(moves) >= 2 and moves[0]["ply"] == 1 and moves[0]["player"] == 0
    over = received(parent, "gameover")
    assert len(over) == 1 and sorted(over[0]["returns"]) in ([-1, 1], [0, 0])
    assert over[0]["record"]["moves"] == [m["move"] for m in moves]

    parent.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'new-game'})")
    parent.wait_for_function("() => window.received.filter(m => m.type === 'ready').length >= 2")
    watch.check([parent])


def test_bad_url_parameters_are_reported_and_defaults_used(page, site):
    page.goto(f"{site}/?game=bakuk&players=7&colour=red&seats=human,wizard")
    expect(page.locator("#notice")).to_be_visible()
    text = page.locator("#notice").inner_text()
    assert "colour" in text and "players" in text and "seats" in text
    expect(page.locator("#game-title")).to_have_text("Bakuk")
    assert page.locator('select[data-option="players"]').input_value() == "2"
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    wait_for_turn(page)
    page.goto(f"{site}/?game=chess")
    expect(page.locator("#notice")).to_contain_text("chess")
    expect(page.locator("#home")).to_be_visible()


def test_url_parameters_set_up_the_game(page, site):
    page.goto(f"{site}/?game=bakuk&players=3&seats=human,strong,casual&lang=en")
    expect(page.locator("#new-game")).to_have_text("New game", timeout=ENGINE_READY_MS)
    assert page.locator('select[data-seat="1"]').input_value() == "strong"
    assert page.locator('select[data-seat="2"]').input_value() == "casual"
    expect(page.locator("#scores li")).to_have_count(3)


def test_the_embed_dialog_writes_a_snippet(page, site):
    open_game(page, site, "bakuk")
    page.select_option('select[data-option="players"]', "3")
    page.select_option('select[data-seat="1"]', "strong")
    page.click("#embed-open")
    expect(page.locator("#embed-dialog")).to_be_visible()
    page.select_option("#embed-lang", "en")
    code = page.locator("#embed-code").input_value()
    assert code.startswith("<iframe ") and 'title="Ludoteca — Bakuk"' in code
    src = code.split('src="')[1].split('"')[0]
    assert src.startswith(site + "/?game=bakuk")
    for part in ("players=3", "seats=human%2Cstrong%2C", "lang=en", "embed=1"):
        assert part in src
    page.uncheck("#embed-compact")
    assert "embed=1" not in page.locator("#embed-code").input_value()
    page.click("#embed-close")
    expect(page.locator("#embed-dialog")).to_be_hidden()


def test_a_new_build_is_offered_and_picked_up(context, tmp_path):
    import build
    from tools.server import start

    copy = tmp_path / "dist"
    shutil.copytree(build.DIST, copy)
    server = start(copy, ROOT / "netlify.toml")
    site = f"http://127.0.0.1:{server.server_port}"
    watch = Watch(context, site)
    page = context.new_page()
    page.goto(site + "/#/bakuk")
    wait_for_service_worker(page)
    expect(page.locator("#update")).to_be_hidden()

    # deploy a "new build": a changed page file and a service worker with a new file list
    (copy / "app.js").write_text((copy / "app.js").read_text() + "\n// build 2\n")
    sw = (copy / "sw.js").read_text()
    start_json = sw.index("const BUILD = ") + len("const BUILD = ")
    end_json = sw.index(";", start_json)
    precache = json.loads(sw[start_json:end_json])
    precache["version"] = "build2"
    (copy / "sw.js").write_text(sw[:start_json] + json.dumps(precache) + sw[end_json:])

    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    assert "build 2" not in page.evaluate("async () => (await fetch('app.js')).text()")
    page.evaluate("() => { window.oldPage = true; }")
    with page.expect_navigation():  # the page reloads itself once the new build is active
        page.click("#update-reload")
    assert not page.evaluate("() => window.oldPage === true")
    page.wait_for_function(
        "async () => (await fetch('app.js')).text().then(t => t.includes('build 2'))",
        timeout=60_000)
    expect(page.locator("#update")).to_be_hidden()
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    watch.check([page])
    server.shutdown()
