"""Ludoteca as a school uses it: offline after one visit, after a browser restart with the
server gone, embedded in another site's page, and picking up a new build when offered."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from playwright.sync_api import expect

from tools.chromium import ARGS_AS_SHIPPED, CHROMIUM, HEADLESS_SHELL

from .conftest import CHROMIUM_ARGS, ENGINE_READY_MS, ROOT, Watch, wait_for_mark
from .helpers import (
    STEP,
    game_over,
    open_game,
    open_setup,
    play_to_the_end,
    playable_games,
    progress,
    start_game,
    unfold_scorm,
    wait_for_service_worker,
    wait_for_turn,
    wait_until,
)


def computer_seats(page) -> list:
    """A person, then the computer at the weakest level the game offers after "beginner"
    (or beginner, if it has no other), in every other seat."""
    levels = page.locator('select[data-seat="0"] option').evaluate_all(
        "options => options.map((o) => o.value)")[1:]
    level = levels[1] if len(levels) > 1 else levels[0]
    return ["human"] + [level] * (page.locator("select[data-seat]").count() - 1)


def play_a_move_and_a_computer_move(page) -> None:
    start_game(page, seats=computer_seats(page))
    before = page.locator("#log li").count()
    while page.locator("#log li").count() < before + 2 and not game_over(page):
        progress(page)  # waits for the page's answer
    assert page.locator("#log li").count() >= 2


def test_after_one_visit_every_game_plays_offline_even_after_a_restart(playwright, tmp_path):
    """One visit; then the browser is closed, the server stopped (a school's network gone)
    and the browser started again: the page, the runtime and the rules come from the
    service worker's cache, the engine from its snapshot, and every game plays."""
    from builder.paths import DIST
    from tools.server import start

    server = start(DIST, ROOT / "netlify.toml")
    site = f"http://127.0.0.1:{server.server_port}"
    profile = tmp_path / "profile"

    def launch():
        return playwright.chromium.launch_persistent_context(
            str(profile), executable_path=HEADLESS_SHELL, args=CHROMIUM_ARGS,
            reduced_motion="reduce", locale="es-ES")

    context = launch()
    page = context.pages[0] if context.pages else context.new_page()
    games = playable_games(page, site)
    assert "bakuk" in games
    wait_for_service_worker(page)
    wait_for_mark(page, "snapshot-stored")  # made once the visit pauses, as a person's would
    context.close()
    server.shutdown()
    server.server_close()

    context = launch()
    watch = Watch(context, site)
    page = context.pages[0] if context.pages else context.new_page()
    for game in games:  # each game's page from there, as a person goes from game to game
        open_game(page, site, game)
        if game == games[0]:
            wait_for_mark(page, "snapshot-restored")
        play_a_move_and_a_computer_move(page)
    watch.check([page])
    context.close()


def strings_of_the_site() -> set:
    """Every key of the built site's strings, start-up part and rooms' parts (dist/i18n): a
    key seen on a page is a string that did not load."""
    from builder.paths import DIST

    return {key for path in (DIST / "i18n").glob("*.json")
            for key in json.loads(path.read_text()) if key.count(".") >= 2}


def shows_its_words(page, keys: set, where: str) -> None:
    """The page shows words, not keys, and no room said it could not open."""
    expect(page.locator(".room-failed, #room-notice:not([hidden])")).to_have_count(0)
    text = page.locator("body").inner_text()
    missing = sorted(key for key in keys if key in text)
    assert not missing, f"{where}: keys shown instead of words: {missing[:5]}"


def go(page, address: str) -> None:
    """A link followed inside the page (its hash), as a person's click on one does."""
    page.evaluate("(hash) => { location.hash = hash; }", address)


def test_after_one_visit_every_room_opens_with_the_network_off(page, site, context):
    """One first visit; once the page says the service worker has the whole site (the rooms'
    code and strings come in the background, after the game is playable), the network goes
    and every room opens, page by page, in both languages: a lesson, the puzzle of the day
    and a set, the set-up mode, a game's review, the teacher's notes, the print kit, the
    labs, the class tournament, the presenter's two windows, the embed and SCORM dialogs."""
    keys = strings_of_the_site()
    page.goto(f"{site}/?lang=es#/bul")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    # the page's own signal, not a timer: every file of this version is in the cache
    wait_until(page, "() => document.documentElement.dataset.offline === 'ready'",
               timeout=120_000)
    context.set_offline(True)

    # the table, a game and its review (Bul's: no data file to fetch)
    page.reload()
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    play_a_move_and_a_computer_move(page)
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true",
                                                      timeout=ENGINE_READY_MS)
    shows_its_words(page, keys, "the review")

    rooms = [  # address, what shows it is there
        ("#/bakuk?learn=1", "#coach-goal:not(:empty)"),
        ("#/bakuk?puzzle=day", '#coach[data-kind="puzzle"][data-state="asking"]'),
        ("#/bakuk?edit", "#editor"),
        ("#/bakuk/teach", '.teach-notes[data-game="bakuk"]'),
        ("#/bakuk/print?item=board", '.print-doc[data-item="board"][data-ready="true"]'),
        ("#/bul/beans", '#page[data-page="beans"] h1'),
        ("#/bakuk/fairness", '#page[data-page="fairness"] h1'),
        ("#/class", '#page[data-page="class"] h1'),
    ]
    for lang in ("es", "en"):
        if lang == "en":  # the other language's strings, every part already opened, too
            page.click('.topbar button[data-lang="en"]')
            expect(page.locator("html")).to_have_attribute("lang", "en")
        for address, sign in rooms:
            go(page, address)
            expect(page.locator(sign).first).to_be_visible(timeout=ENGINE_READY_MS)
            shows_its_words(page, keys, f"{address} ({lang})")

    # a puzzle set, by its address: a page loaded afresh with the network off
    page.goto(f"{site}/?puzzles=bakuk&count=3&lang=en")
    expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    shows_its_words(page, keys, "a puzzle set")

    # the rules panel
    page.click("#rules-open")
    expect(page.locator("#rules-dialog")).to_be_visible()
    shows_its_words(page, keys, "the rules")
    page.keyboard.press("Escape")

    # the embed dialog and a SCORM package made offline
    go(page, "#/bakuk")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    page.click("#embed-open")
    unfold_scorm(page)
    with page.expect_download() as made:
        page.click("#scorm-download")
    assert made.value.suggested_filename.endswith(".zip")
    page.keyboard.press("Escape")

    # the presenter's window and the projector's, both from the cache
    with context.expect_page() as opened:
        page.click("#present-open")
    projector = opened.value
    expect(projector.locator("#board [data-step], #board svg").first).to_be_visible(
        timeout=ENGINE_READY_MS)
    expect(page.locator("body")).to_have_class(re.compile("presenting"))
    shows_its_words(projector, keys, "the projector's window")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_room_that_cannot_be_fetched_says_so_and_opens_on_a_retry(page, site, lang):
    """The network fails as the teacher's notes are opened: the page says so in words, with
    a button to try again, and the game on the table is kept; once the network is back the
    button opens them."""
    open_game(page, site, "bakuk", f"?lang={lang}")
    play_a_move_and_a_computer_move(page)
    moves = page.locator("#log li").count()
    cut = {"on": True}
    page.route(re.compile(r".*/(chunks/teacher-[^/]*\.js|i18n/[a-z]+\.notes\.json)$"),
               lambda route: route.abort() if cut["on"] else route.continue_())
    go(page, "#/bakuk/teach")
    failed = page.locator(".room-failed")
    expect(failed).to_be_visible()
    words = {"es": "No se ha podido abrir", "en": "could not open"}[lang]
    expect(failed).to_contain_text(words)
    expect(failed.locator("button")).to_be_focused()
    cut["on"] = False
    failed.locator("button").click()
    expect(page.locator('.teach-notes[data-game="bakuk"]')).to_be_visible()
    go(page, "#/bakuk")  # back to the table: the game is as it was
    expect(page.locator("#log li")).to_have_count(moves)



@pytest.mark.parametrize("address, shown, chunk", [
    ("#/bakuk?learn=1", "#coach", "coach"),
    ("#/bakuk?edit", "#editor", "editor"),
])
def test_a_lesson_or_the_set_up_that_cannot_be_fetched_says_so_and_keeps_the_game(
        page, site, address, shown, chunk):
    """The table's own rooms (a lesson, the set-up mode) fail to come as a link to them is
    followed: a notice says so in words, the game on the table stays; followed again once the
    network is back, the room opens and the notice goes."""
    open_game(page, site, "bakuk", "?lang=es")
    play_a_move_and_a_computer_move(page)
    moves = page.locator("#log li").count()
    cut = {"on": True}
    page.route(re.compile(rf".*/chunks/{chunk}-[^/]*\.js$"),
               lambda route: route.abort() if cut["on"] else route.continue_())
    go(page, address)
    notice = page.locator("#room-notice")
    expect(notice).to_contain_text("No se ha podido abrir")
    expect(page.locator(shown)).not_to_be_visible()
    expect(page.locator("#log li")).to_have_count(moves)
    cut["on"] = False
    go(page, "#/bakuk")
    go(page, address)
    expect(page.locator(shown)).to_be_visible(timeout=ENGINE_READY_MS)
    expect(notice).to_be_hidden()


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


def received(parent, kind):
    return parent.evaluate(f"() => window.received.filter(m => m.type === {kind!r})")


def test_a_lesson_page_embeds_a_game_and_hears_its_events(page, site, lesson_site):
    folder, lesson = lesson_site
    src = f"{site}/?game=bakuk&players=2&seats=human,casual&lang=en&embed=1"
    (folder / "lesson.html").write_text(PARENT_PAGE % (src, 320, 320))
    page.watch.allow(lesson)
    parent = page
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
    def ready_count():
        return len(received(parent, "ready"))

    ready = ready_count()
    for bad in ["garbage", 42, None, {"type": "set-language", "lang": "es"},
                {"target": "ludoteca", "type": "set-language", "lang": "xx"},
                {"target": "ludoteca", "type": "toString"},
                {"target": "ludoteca", "type": "launch-missiles"}]:
        parent.evaluate("data => window.sendToGame(data)", bad)
    # a good message after them: once it is obeyed, the ones before it were dealt with
    parent.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'new-game'})")
    wait_until(parent, "(n) => window.received.filter(m => m.type === 'ready').length > n",
               ready)
    expect(frame.locator("html")).to_have_attribute("lang", "en")
    parent.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'set-language', "
                    "lang: 'es'})")
    expect(frame.locator("html")).to_have_attribute("lang", "es")

    play_to_the_end(game)  # as the pupil would
    moves = received(parent, "move")
    assert len(moves) >= 2 and moves[0]["ply"] == 1 and moves[0]["player"] == 0
    over = received(parent, "gameover")
    assert len(over) == 1 and sorted(over[0]["returns"]) in ([-1, 1], [0, 0])
    assert over[0]["record"]["moves"] == [m["move"] for m in moves]

    ready = ready_count()
    parent.evaluate("() => window.sendToGame({target: 'ludoteca', type: 'new-game'})")
    wait_until(parent, "(n) => window.received.filter(m => m.type === 'ready').length > n",
               ready)


@pytest.fixture
def lesson_elsewhere(playwright, browser_context_args, site, lesson_site):
    """A school's lesson page embedding a game from another site (localhost vs 127.0.0.1
    here), opened in Debian's full Chromium (what people run; the tests' headless shell gives
    such a frame storage either way) launched with `args`. Returns (parent page, watch)."""
    folder, lesson = lesson_site
    lesson = lesson.replace("127.0.0.1", "localhost")
    (folder / "lesson.html").write_text(
        PARENT_PAGE % (f"{site}/?game=bakuk&seats=human,casual&embed=1", 640, 560))
    browsers = []

    def open_lesson(args):
        browsers.append(playwright.chromium.launch(executable_path=CHROMIUM, args=args))
        context = browsers[-1].new_context(**browser_context_args)
        watch = Watch(context, site, allowed_origins=(lesson + "/",))
        parent = context.new_page()
        parent.goto(lesson + "/lesson.html")
        return parent, watch

    yield open_lesson
    for browser in browsers:
        browser.close()


def test_on_another_site_a_frame_refused_storage_plays_and_makes_no_snapshot(lesson_elsewhere):
    """With storage partitioning off (Playwright's flags), Chromium refuses a frame on
    another site Cache Storage, as a browser that blocks third-party storage does. The game
    plays; the worker, told so when it looks for a snapshot, makes none (no memory copy that
    could never be kept)."""
    parent, watch = lesson_elsewhere(CHROMIUM_ARGS)
    game = parent.frames[1]
    wait_for_mark(game, "snapshot-refused")
    play_to_the_end(game)
    marks = game.evaluate("() => performance.getEntriesByType('mark').map(m => m.name)")
    assert [m for m in marks if m.startswith("ludoteca:snapshot-")] == [
        "ludoteca:snapshot-refused"]
    watch.check([parent])


def test_on_another_site_a_frame_with_storage_of_its_own_restores_its_snapshot(
        lesson_elsewhere):
    """As Chrome ships, a frame on another site gets storage of its own (partitioned by the
    lesson's site; Playwright's flags switch that off): the engine's snapshot is kept there,
    and the lesson's next visit starts from it and plays."""
    parent, watch = lesson_elsewhere(ARGS_AS_SHIPPED)
    wait_for_mark(parent.frames[1], "snapshot-stored")
    parent.reload()
    game = parent.frames[1]
    wait_for_mark(game, "snapshot-restored")
    progress(game)  # a move of mine, then the computer's
    expect(game.locator("#log li")).to_have_count(2, timeout=ENGINE_READY_MS)
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


def test_the_site_is_installable_in_the_pages_language(page, site):
    """The web app manifest is linked once the engine has started (offline.js: not during
    Python's first boot), in the page's language, and follows a change of language."""
    open_game(page, site, "bakuk")
    manifest = page.locator('link[rel="manifest"]')
    for lang, words in (("es", "juegos de tablero"), ("en", "board games")):
        page.click(f'button[data-lang="{lang}"]')
        expect(manifest).to_have_attribute("href", f"manifest.{lang}.webmanifest")
        read = json.loads(page.evaluate(
            "async () => (await fetch(document.querySelector('link[rel=manifest]').href)).text()"))
        assert read["lang"] == lang and words in read["description"] and read["icons"]
    assert manifest.count() == 1


def test_the_embed_dialog_writes_a_snippet(page, site):
    open_game(page, site, "bakuk")
    open_setup(page)  # folded once the first game is on the table
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


def deploy_build_2(copy):
    """A "new build": changed page files (one loaded on demand: the English strings), a
    service worker, a page and an engine worker of a new version — the same runtime and
    rules, so the same snapshot name, as build.py writes them. Returns the old version."""
    strings = json.loads((copy / "i18n" / "en.json").read_text())
    strings["engine.ready"] = "Ready (build 2)."
    (copy / "i18n" / "en.json").write_text(json.dumps(strings))
    sw = (copy / "sw.js").read_text()
    start_json = sw.index("const BUILD = ") + len("const BUILD = ")
    end_json = sw.index(";", start_json)
    precache = json.loads(sw[start_json:end_json])
    old, precache["version"] = precache["version"], "build2"
    (copy / "sw.js").write_text(sw[:start_json] + json.dumps(precache) + sw[end_json:])
    # the page's code with the version it tells the service worker it runs: app.js, or the
    # chunk holding the build's facts — renamed, as a chunk named by its content's hash is
    # when its content changes, and so is every chunk importing a renamed one (their content
    # changes too), wherever the build names them
    version = f'"version": {json.dumps(old)}'
    holder = next(path for path in [copy / "app.js", *sorted((copy / "chunks").glob("*.js"))]
                  if version in path.read_text())
    holder.write_text(holder.read_text().replace(version, '"version": "build2"', 1))
    renamed, todo = {}, [holder] if holder.parent.name == "chunks" else []
    while todo:
        chunk = todo.pop()
        renamed[chunk.name] = chunk.stem + "-build2.js"
        todo += [other for other in (copy / "chunks").glob("*.js")
                 if other.name not in renamed and other not in todo
                 and chunk.name in other.read_text()]
    for path in [*copy.glob("*.js"), *(copy / "chunks").glob("*.js"), copy / "index.html"]:
        text = path.read_text()
        for name, new_name in renamed.items():
            text = text.replace(name, new_name)
        path.write_text(text)
    for name, new_name in renamed.items():
        (copy / "chunks" / name).rename(copy / "chunks" / new_name)
    holder = holder.with_name(renamed.get(holder.name, holder.name))
    assert "build2" in holder.read_text()
    app = copy / "app.js"
    app.write_text(app.read_text() + "\n// build 2\n")
    worker = copy / "worker.js"
    worker.write_text(worker.read_text().replace(
        f'"version": {json.dumps(old)}', '"version": "build2"', 1))
    assert "build2" in worker.read_text()
    return old


def fetched(page, path: str) -> str:
    return page.evaluate("async (path) => (await fetch(path)).text()", path)


def serve_a_copy(tmp_path):
    """A copy of the build served on its own port (a test deploys a new build into it)."""
    from builder.paths import DIST
    from tools.server import start

    copy = tmp_path / "dist"
    shutil.copytree(DIST, copy)
    server = start(copy, ROOT / "netlify.toml")
    return copy, server, f"http://127.0.0.1:{server.server_port}"


def test_a_new_build_is_offered_and_each_tab_keeps_its_version_until_it_reloads(context,
                                                                               tmp_path):
    """A new build is offered and picked up by a reload, from the last one's snapshot. One tab
    activates it; another, open meanwhile, goes on with its own version's files (also those
    it loads on demand) until it reloads. (One test: each first visit boots Python.)"""
    copy, server, site = serve_a_copy(tmp_path)
    watch = Watch(context, site)
    first = context.new_page()
    first.goto(site + "/#/bakuk")
    wait_for_service_worker(first)
    wait_for_mark(first, "snapshot-stored")  # the other tab restores it: one boot the fewer
    other = context.new_page()
    open_game(other, site, "bul")  # controlled by the service worker from the start
    wait_for_service_worker(other)
    expect(first.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    expect(first.locator("#update")).to_be_hidden()
    # the old version whole in its cache, the rooms' code and strings too (in the background)
    wait_until(other, "() => document.documentElement.dataset.offline === 'ready'",
               timeout=120_000)
    old = deploy_build_2(copy)

    first.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    expect(first.locator("#update")).to_be_visible(timeout=60_000)
    assert "build 2" not in fetched(first, "app.js")  # offered, not yet taken
    first.evaluate("() => { window.oldPage = true; }")
    with first.expect_navigation():  # the page reloads itself once the new build is active
        first.click("#update-reload")
    assert not first.evaluate("() => window.oldPage === true")
    wait_until(first, "async () => (await (await fetch('app.js')).text()).includes('build 2')")
    assert "build 2" in fetched(first, "i18n/en.json")
    expect(first.locator("#update")).to_be_hidden()
    expect(first.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    # the new build changed the page, not the engine: it starts from the last one's snapshot
    wait_for_mark(first, "snapshot-restored")
    assert '"version": "build2"' in fetched(first, "worker.js")

    # the other tab is still the old version: its files come from the old version's cache
    assert "build 2" not in fetched(other, "app.js")
    assert "build 2" not in fetched(other, "i18n/en.json")
    other.click('[data-lang="en"]')  # strings loaded on demand
    expect(other.locator("html")).to_have_attribute("lang", "en")
    go(other, "#/bul/teach")  # a room's code and strings: the old version's too
    expect(other.locator('.teach-notes[data-game="bul"]')).to_be_visible()
    assert f"ludoteca-{old}" in other.evaluate("() => caches.keys()")

    # it offers the new version too; once reloaded it runs it, and the old cache goes
    expect(other.locator("#update")).to_be_visible(timeout=60_000)
    with other.expect_navigation():
        other.click("#update-reload")
    wait_until(other, "async () => (await (await fetch('app.js')).text()).includes('build 2')")
    wait_until(other, "async (name) => !(await caches.keys()).includes(name)",
               arg=f"ludoteca-{old}")
    watch.check([first, other])
    server.shutdown()
    server.server_close()  # refused from now on, not accepted and left
