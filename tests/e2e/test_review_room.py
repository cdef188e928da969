"""The review room at every size (issue 43, item 1; item 3's "the board keeps its size"):

- a laptop (1366×768): the review, its key moments (many of them), their "Show why", the
  fold of the graph and grades, and the move list are all on screen at once: neither the
  page nor the side column scrolls (a long list of moments scrolls in its own box);
- a phone (390×844): the review's drawer takes the lower part of the screen, so most of the
  board stays in sight while a key moment and its "Show why" are read;
- the projector look (1920×1080, 1280×720): beside a hint the move list keeps a readable
  height (it was a sliver under the hint), and the review's way back, key moments, fold and
  move list are on screen;
- a long Bakuk line (the solved table's) is read by its chapters: the summary says how many
  moves it has, "Next" jumps from capture to capture, "Move by move" steps each move; the
  summary's claim is the same sentence as before.

Both languages where words matter. With SHOTS=<folder> the tests save what they show."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from ludoteca.games.bakuk import SPEC as BAKUK

from .helpers import click_step, open_game, settle, sized, wait_until
from .test_review import REVIEW_MS, TABLE_FILE, bakuk_game_with_one_blunder
from .test_why import WHY_MS, shot

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5
    && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }"""

# what scrolls: the page, the side column (its own end on screen), and the move list's
# height in lines of its text
SCROLLS = """() => { const side = document.querySelector('#side');
  const log = document.querySelector('#log');
  const line = parseFloat(getComputedStyle(log).fontSize) * 1.2;
  return {page: document.documentElement.scrollHeight - innerHeight,
    side: side.scrollHeight - side.clientHeight, logLines: log.clientHeight / line}; }"""

# The board's drawing on screen (its SVG scaled by its viewBox and centred in its box), and
# how much of its height the phone's drawer leaves uncovered.
BOARD_SEEN = """() => { const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const height = view.height * scale, top = box.top + (box.height - height) / 2;
  const side = document.querySelector('#side').getBoundingClientRect();
  const cover = getComputedStyle(document.querySelector('#side')).display === 'none'
    ? innerHeight : side.top;
  return Math.max(0, Math.min(top + height, cover) - top) / height; }"""


def in_view(page, selector) -> bool:
    return page.locator(selector).first.evaluate(IN_VIEW)


def bakuk_game_with_mistakes(count=6, seed=4):
    """A 2-player Bakuk game of best moves but `count` mistakes (the worst move wherever it
    gives away more than 4 seeds): a review with many key moments."""
    from ludoteca import new_game
    from ludoteca.games.bakuk.analysis import table_moves

    table = BAKUK.load_data("bakuk2", TABLE_FILE.read_bytes())
    rng = random.Random(seed)
    state, moves, made = new_game("bakuk").initial_state(), [], 0
    while not state.is_terminal:
        values = table_moves(state, table)
        best = max(values.values())
        worst = min(values, key=values.get)
        if made < count and len(moves) >= 1 and best - values[worst] > 4:
            move, made = worst, made + 1
        else:
            move = rng.choice(sorted(m for m, v in values.items() if v == best))
        moves.append(move)
        state = state.apply(move)
    assert made >= 4, "too few mistakes on offer: pick another seed"
    return moves


def open_review(page, site, moves, lang, size, projector=False) -> int:
    """The review of `moves`, open and ready; how far the page scrolled before it opened
    (the end-of-game banner is not the review's)."""
    sized(page, *size, projector=projector)
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
    for move in moves:
        click_step(page, move)
    before = page.evaluate(SCROLLS)["page"]
    over = page.locator("#over-review")
    (over if over.is_visible() else page.locator("#review-open")).click()
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    return before


def assert_all_in_reach(page, what, scrolled=0):
    """Everything a person clicks next is on screen and neither the page nor the side
    column scrolls: the review's way back, its first key moment and "Show why", the fold of
    the graph and grades, and the move list with two moves at least. The page scrolls no
    more than it did before the review opened (`scrolled`: 0 but where the end-of-game
    banner is taller than the screen leaves room for)."""
    scrolls = page.evaluate(SCROLLS)
    assert scrolls["page"] <= max(scrolled, 0) + 1, (what, scrolls)
    assert scrolls["side"] <= 1, (what, scrolls)  # the column's end is on screen
    assert scrolls["logLines"] >= 2, (what, scrolls)
    for selector in ("#review-close", "#review-moments .moment", "#review-moments .why-open",
                     "#review-more > summary", "#log"):
        assert in_view(page, selector), (what, selector)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_review_on_a_laptop_has_everything_in_sight(page, site, lang):
    moves = bakuk_game_with_mistakes()
    open_review(page, site, moves, lang, (1366, 768))
    moments = page.locator("#review-moments .moment")
    assert moments.count() >= 4
    shot(page, f"review-room-{lang}-1366")
    assert_all_in_reach(page, lang)
    # the graph and the grades, folded, open on a click (and fold again); its line says
    # it in a word on a laptop (the whole sentence took two lines there: review43)
    summary = page.locator("#review-more > summary")
    expect(summary).to_have_text({"es": "Gráfica y notas", "en": "Graph and grades"}[lang],
                                 use_inner_text=True)
    summary.click()
    expect(page.locator("#review-graph")).to_be_visible()
    expect(page.locator("#review-grades li")).not_to_have_count(0)
    assert page.evaluate(SCROLLS)["page"] <= 1
    summary.click()
    expect(page.locator("#review-graph")).to_be_hidden()
    # the last key moment is reached in the moments' own list, not by scrolling the page
    last = moments.last
    last.scroll_into_view_if_needed()
    assert last.evaluate(IN_VIEW)
    assert_all_in_reach(page, f"{lang}, the last moment shown")
    last.click()
    expect(page.locator("#replay-status")).not_to_be_empty()
    assert in_view(page, "#log") and in_view(page, "#review-close")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_review_on_a_phone_leaves_the_board_in_sight(page, site, lang):
    moves, blunder = bakuk_game_with_one_blunder()
    open_review(page, site, moves, lang, (390, 844))
    expect(page.locator("#side")).to_be_visible()  # the drawer, with the review
    moment = page.locator(f'#review-moments .moment[data-ply="{blunder}"]')
    why_open = page.locator(f'#review-moments .why-open[data-ply="{blunder}"]')
    assert moment.evaluate(IN_VIEW) and why_open.evaluate(IN_VIEW)
    assert in_view(page, "#review-close")
    seen = page.evaluate(BOARD_SEEN)
    assert seen >= 0.75, f"the drawer covers the board: {seen:.0%} of it in sight"
    shot(page, f"review-room-{lang}-390")
    moment.click()  # the board goes to the moment, still in sight
    expect(page.locator("#replay-status")).to_contain_text(str(blunder))
    assert page.evaluate(BOARD_SEEN) >= 0.75
    why_open.click()  # the line under the board, the drawer closed while it is read
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    assert page.evaluate(BOARD_SEEN) >= 0.75
    assert in_view(page, "#why-next")
    page.click("#why-close")
    expect(page.locator("#review")).to_be_visible()
    assert page.evaluate(BOARD_SEEN) >= 0.75


@pytest.mark.parametrize(("width", "height", "lang"), [(1920, 1080, "es"), (1280, 720, "en")])
def test_in_the_projector_look_the_move_list_keeps_a_readable_height(page, site, width,
                                                                     height, lang):
    sized(page, width, height, projector=True)
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
    for move in bakuk_game_with_one_blunder()[0][:8]:
        click_step(page, move)
    before = page.locator("#log").bounding_box()
    page.click("#hint-open")
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=REVIEW_MS)
    shot(page, f"hint-room-{lang}-{width}-projector")
    scrolls = page.evaluate(SCROLLS)
    assert scrolls["logLines"] >= 2, scrolls  # a sliver before (under one line)
    assert in_view(page, "#log") and in_view(page, "#hint-box .hint-best")
    assert in_view(page, "#replay-prev")
    assert scrolls["page"] <= 1
    log = page.locator("#log").bounding_box()
    assert log["width"] == pytest.approx(before["width"], abs=1)


@pytest.mark.parametrize(("width", "height", "lang"), [(1920, 1080, "en"), (1280, 720, "es")])
def test_the_review_in_the_projector_look_has_everything_in_sight(page, site, width, height,
                                                                  lang):
    moves = bakuk_game_with_one_blunder()[0]
    scrolled = open_review(page, site, moves, lang, (width, height), projector=True)
    shot(page, f"review-room-{lang}-{width}-projector")
    assert_all_in_reach(page, f"{width}×{height} {lang}", scrolled)


@pytest.mark.parametrize(("lang", "digest", "each", "capture"), [
    ("es", r"La línea tiene \d+ jugadas: «Siguiente ▶» salta de captura en captura",
     "Jugada a jugada", "Captura"),
    ("en", r"The line has \d+ moves: “Next ▶” jumps from capture to capture",
     "Move by move", "Captures")])
def test_a_long_line_is_read_by_its_chapters(page, site, lang, digest, each, capture):
    moves, blunder = bakuk_game_with_one_blunder()
    open_review(page, site, moves, lang, (1366, 768))
    page.click(f'#review-moments .why-open[data-ply="{blunder}"]')
    box = page.locator("#why")
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    steps = int(box.get_attribute("data-steps"))
    chapters = int(box.get_attribute("data-chapters"))
    assert steps > 12 and 3 <= chapters < steps
    # the summary's claim as before, then how long the line is and how Next reads it
    expect(page.locator("#why-sum")).to_contain_text(
        {"es": "de aquí al final", "en": "from here to the end"}[lang])
    words = page.locator("#why-digest")
    expect(words).to_be_visible()
    expect(words).to_contain_text(re.compile(digest))
    expect(words).to_contain_text(str(steps))
    # Next: the move itself, the answer to it, then capture to capture, to the end in
    # `chapters` clicks
    seen = []
    for _ in range(chapters):
        before = box.get_attribute("data-step")
        page.click("#why-next")
        wait_until(page, "(b) => document.querySelector('#why').dataset.step !== b", before)
        seen.append(int(box.get_attribute("data-step")))
        if 2 < seen[-1] < steps:
            expect(page.locator("#why-step")).to_contain_text(capture)
    assert seen[:2] == [1, 2] and seen[-1] == steps and len(seen) == chapters
    assert all(b > a for a, b in zip(seen, seen[1:], strict=False))
    expect(page.locator("#why-next")).to_be_disabled()
    shot(page, f"why-chapters-{lang}-1366")
    # the line's box scrolls in its column, never the page (its header went off the top)
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    assert page.evaluate(SCROLLS)["page"] <= 1
    # back from the end: to the chapter before; the keyboard jumps as Next does
    page.keyboard.press("ArrowLeft")
    expect(box).to_have_attribute("data-step", str(seen[-2]))
    # move by move: every step
    toggle = page.locator("#why-each")
    expect(toggle).to_have_text(each)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.click("#why-first")
    expect(box).to_have_attribute("data-step", "0")
    page.click("#why-next")
    page.click("#why-next")
    expect(box).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowRight")
    expect(box).to_have_attribute("data-step", "3")


def test_the_review_room_has_no_accessibility_violation(page, site):
    """The review with its fold open, then a long line with its digest, in the phone's drawer
    and on the laptop: axe finds nothing."""
    from .test_a11y import axe_page, violations  # noqa: F401  (the same checks)

    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    moves, blunder = bakuk_game_with_one_blunder()
    open_review(page, site, moves, "es", (390, 844))
    page.click("#review-more > summary")
    expect(page.locator("#review-graph")).to_be_visible()
    assert violations(page, "the review in the phone's drawer") == []
    page.set_viewport_size({"width": 1366, "height": 768})
    page.click(f'#review-moments .why-open[data-ply="{blunder}"]')
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    expect(page.locator("#why-digest")).to_be_visible()
    page.click("#why-next")
    assert violations(page, "a long line and its digest") == []


# the key moments wholly in sight in the phone's drawer (its box and the screen)
MOMENTS_IN_DRAWER = """() => { const side = document.querySelector('#side').getBoundingClientRect();
  const foot = Math.min(side.bottom, innerHeight);
  return [...document.querySelectorAll('#review-moments .moment')].filter((m) => {
    const r = m.getBoundingClientRect();
    return r.height > 0 && r.top >= side.top - 0.5 && r.bottom <= foot + 0.5; }).length; }"""

# the buttons in the drawer that close something, as named: [name]
CLOSERS = """(words) => [...document.querySelectorAll('#side button')]
  .filter((b) => b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden')
  .map((b) => (b.getAttribute('aria-label') || [...b.childNodes]
    .filter((n) => !(n.nodeType === 1 && n.getAttribute('aria-hidden')))
    .map((n) => n.textContent).join('')).trim())
  .filter((name) => name.startsWith(words))"""


def open_phone_review(page, site, lang, game):
    """The review of a finished game with mistakes (Bakuk's, opened from the move list) or
    of Buku's whole game (from its end's banner) on a phone, 390×844, ready."""
    from .test_side_column_room import buku_finished_link

    if game == "bakuk":
        open_review(page, site, bakuk_game_with_mistakes(), lang, (390, 844))
        return
    page.set_viewport_size({"width": 390, "height": 844})
    if game == "buku":
        page.goto(f"{site}/?lang={lang}#/buku?g={buku_finished_link()}")
        page.locator("#over-review").click()
    else:  # a game of some moves, reviewed from the move list
        from .test_embed_fit import embed_game_link

        page.goto(f"{site}/?lang={lang}#/{game}?g={embed_game_link(game)}")
        settle(page)
        page.locator("#side-open").click()
        page.locator("#review-open").click()
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)


@pytest.mark.parametrize("game", ["bakuk", "buku"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_phones_review_drawer_has_one_close_and_three_whole_moments(page, site, lang,
                                                                        game):
    """Issue 43, phone 390×844: the drawer showed one or two key moments and its "Cerrar"
    stood beside "Cerrar la revisión". One way to close, named in full, that closes the
    drawer too; three key moments whole in the drawer (the headings step aside; Buku's end
    banner, six lines over the board, steps aside while the review is read, and the drawer
    takes what the board leaves); the board still in sight above it."""
    open_phone_review(page, site, lang, game)
    expect(page.locator("#side")).to_be_visible()
    word, name = {"es": ("Cerrar", "Cerrar la revisión"),
                  "en": ("Close", "Close the review")}[lang]
    assert page.evaluate(CLOSERS, word) == [name]
    assert page.evaluate(MOMENTS_IN_DRAWER) >= 3
    assert page.evaluate(BOARD_SEEN) >= 0.75
    close = page.locator("#review-close")
    expect(close).to_be_in_viewport(ratio=1)
    close.click()  # the review and its drawer go; the focus on the drawer's button
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#side")).to_be_hidden()
    expect(page.locator("#side-open")).to_be_focused()
    expect(page.locator("#side-open")).to_have_attribute("aria-expanded", "false")


# the phone's drawer's height, and the screen's
DRAWER = """() => [document.querySelector('#side').getBoundingClientRect().height, innerHeight]"""


@pytest.mark.parametrize("game", ["bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_key_moment_taller_than_the_phones_list_is_read_whole(page, site, lang, game):
    """Review58, phone 390×844: Bolonki's and Bul's first key moment (three lines: the move,
    the loss, the better move) was cut at the foot of its list, two and a half lines high,
    with nothing to say more lay under it. The list holds it whole; the move list keeps the
    move shown under it, and the drawer does not scroll."""
    open_phone_review(page, site, lang, game)
    page.evaluate("""() => new Promise((done) =>
      requestAnimationFrame(() => requestAnimationFrame(() => done(true))))""")
    scrolls, cut, moves = page.evaluate(DRAWER_READ)
    assert not scrolls and cut == [] and moves >= 1, (game, lang, scrolls, cut, moves)
    assert page.evaluate(MOMENTS_IN_DRAWER) >= 1
    assert page.evaluate(f"() => ({BOTTOM_MOVE_WHOLE})()"), (game, lang)


# the board's drawing (its viewBox in its box) and the drawer: how much of the drawing the
# drawer covers (px²), the drawing's box and height, and how far the page scrolled
BOARD_BESIDE_DRAWER = """() => { const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const w = view.width * scale, h = view.height * scale;
  const l = box.left + (box.width - w) / 2, t = box.top + (box.height - h) / 2;
  const s = document.querySelector('#side').getBoundingClientRect();
  const across = Math.max(0, Math.min(l + w, s.right) - Math.max(l, s.left));
  const down = Math.max(0, Math.min(t + h, s.bottom) - Math.max(t, s.top));
  return {covered: across * down, board: [l, t, l + w, t + h], height: h,
          scrolled: document.scrollingElement.scrollTop}; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_phones_review_drawer_is_fitted_again_when_the_phone_turns(page, site, lang):
    """Issue 43: the drawer's height, fitted to the phone held upright (up to 60 % of 844 px),
    stayed when the phone turned to 844×390: the drawer covered the screen. Turned, the
    drawer stands beside the board (screens54), covering none of it; turned back, as it
    was."""
    open_review(page, site, bakuk_game_with_mistakes(), lang, (390, 844))
    upright, _ = page.evaluate(DRAWER)
    assert upright > 0.34 * 844  # fitted to what the board leaves, more than the least
    page.set_viewport_size({"width": 844, "height": 390})
    wait_until(page, f"() => innerHeight === 390 && ({BOARD_BESIDE_DRAWER})().covered === 0",
               timeout=20_000)
    expect(page.locator("#review-close")).to_be_in_viewport(ratio=1)
    page.set_viewport_size({"width": 390, "height": 844})
    wait_until(page, f"(was) => {{ const [h, screen] = ({DRAWER})(); return screen === 844 "
                     "&& Math.abs(h - was) <= 1; }", upright,
               timeout=20_000)
    assert page.evaluate(BOARD_SEEN) >= 0.75


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buls_phone_review_gives_the_drawer_what_the_set_up_line_took(page, site, lang):
    """Issue 43, Bul on a 390×844 phone: the open review showed two whole key moments (each
    three lines). What took the room was above the board: the set-up's line (the game's
    options, for a new game), the turn and the scores, the beans' tray; the drawer got 40 %
    of the screen. The set-up's line steps aside while the drawer's review is read: the board
    moves up whole, the drawer takes what it leaves (43-45 %), the board still all in sight."""
    from .test_side_column_room import bul_game_link

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/?lang={lang}#/bul?g={bul_game_link()}")
    settle(page)
    page.click("#side-open")
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    expect(page.locator("#setup-box")).to_be_hidden()
    height, screen = page.evaluate(DRAWER)
    assert height >= 0.42 * screen, f"the drawer: {height / screen:.0%} of the screen"
    assert page.evaluate(BOARD_SEEN) >= 0.999
    assert page.evaluate(MOMENTS_IN_DRAWER) >= 2
    page.click("#review-close")  # the line is back with the table
    expect(page.locator("#setup-box")).to_be_visible()


@pytest.mark.parametrize("game", ["bul", "bolonki", "buku"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_phone_on_its_side_reviews_beside_the_whole_board(page, site, lang, game):
    """Issue 43 (screens54), a phone on its side (844×390): the review's drawer rose from the
    foot over the board's lower half, the board shrunk above it (7/10). The drawer is the
    column beside the board: the board keeps its height, wholly on screen and covered by
    nothing; the replay's steps, "Close" and two whole key moments beside it, nothing to
    scroll to. Closed, the column's turn and tools are back, whole on screen (screens54c:
    Buku's end in Spanish, seven lines over two buttons, pushed the "Moves" button 17 px
    under the screen's foot; the page scrolled, still a tenth of a pixel under it)."""
    from .test_side_column_room import bolonki_game_link, buku_finished_link, bul_game_link

    link = {"bul": bul_game_link, "bolonki": bolonki_game_link,
            "buku": buku_finished_link}[game]()
    page.set_viewport_size({"width": 844, "height": 390})
    page.goto(f"{site}/?lang={lang}#/{game}?g={link}")
    settle(page)
    before = page.evaluate(BOARD_BESIDE_DRAWER)["height"]
    over = page.locator("#over-review")
    if over.is_visible():
        over.click()
    else:
        page.click("#side-open")
        page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    seen = page.evaluate(BOARD_BESIDE_DRAWER)
    assert seen["covered"] == 0, seen
    left, top, right, bottom = seen["board"]
    assert left >= -0.5 and top >= -0.5 and right <= 844.5 and bottom <= 390.5, seen
    assert seen["height"] >= 0.95 * before, (before, seen)
    assert seen["scrolled"] == 0, seen
    for step in page.locator("#replay button:visible").all():
        expect(step).to_be_in_viewport(ratio=1)
    expect(page.locator("#review-close")).to_be_in_viewport(ratio=1)
    assert page.evaluate(MOMENTS_IN_DRAWER) >= 2
    page.click("#review-close")
    expect(page.locator("#review")).to_be_hidden()
    if page.locator("#side").is_visible():  # the moves' drawer opened before the review
        page.click("#side-close")
    expect(page.locator("#side-open")).to_be_in_viewport(ratio=1)


# The phone's drawer as a person reads it: [does it scroll as a whole, key moments cut by
# the foot of their list or of the drawer (words), moves wholly in sight in the drawer]
DRAWER_READ = """() => { const side = document.querySelector('#side');
  const box = side.getBoundingClientRect(), foot = Math.min(box.bottom, innerHeight);
  const list = document.querySelector('#review-moments').getBoundingClientRect();
  const cut = [...document.querySelectorAll('#review-moments .moment')].filter((m) => {
    const r = m.getBoundingClientRect(), bottom = Math.min(list.bottom, foot);
    return r.height > 0 && r.top < bottom - 1 && r.bottom > bottom + 1; })
    .map((m) => m.textContent.slice(0, 30));
  const log = document.querySelector('#log').getBoundingClientRect();
  const moves = [...document.querySelectorAll('#log li')].filter((li) => {
    const r = li.getBoundingClientRect();
    return r.top >= Math.max(log.top, box.top) - 1 && r.bottom <= Math.min(log.bottom, foot) + 1;
  }).length;
  return [side.scrollHeight - side.clientHeight > 1, cut, moves]; }"""


# the move shown (the last: the review opened at the game's end) wholly in the drawer
BOTTOM_MOVE_WHOLE = """() => { const side = document.querySelector('#side').getBoundingClientRect();
  const log = document.querySelector('#log').getBoundingClientRect();
  const r = document.querySelector('#log').lastElementChild.getBoundingClientRect();
  return r.top >= Math.max(log.top, side.top) - 1
    && r.bottom <= Math.min(log.bottom, side.bottom, innerHeight) + 1; }"""


@pytest.mark.parametrize("game", ["bakuk", "buku"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_phones_review_drawer_shows_whole_moments_and_the_moves(page, site, lang, game):
    """Issue 43 (screens57), phone 390×844: the review's drawer scrolled as a whole, its
    fourth key moment cut at the drawer's foot and the move list under it out of sight.
    The drawer does not scroll; the key moments scroll in their own list, each in sight whole
    (moments-sight.js); the move list stays under them, the move shown whole."""
    open_phone_review(page, site, lang, game)
    page.evaluate("""() => new Promise((done) =>
      requestAnimationFrame(() => requestAnimationFrame(() => done(true))))""")
    scrolls, cut, moves = page.evaluate(DRAWER_READ)
    assert not scrolls and cut == [] and moves >= 1, (game, lang, scrolls, cut, moves)
    assert page.evaluate(f"() => ({BOTTOM_MOVE_WHOLE})()"), (game, lang)
    assert page.evaluate(MOMENTS_IN_DRAWER) >= 3
    assert page.evaluate(BOARD_SEEN) >= 0.75
