"""The column beside the board on a short wide screen (issue 43, screens under 9/10):

- the table's tools take one row (they wrapped to two or three in the column at 1280×720 and
  1366×768, the height the review and a hint lacked); Embed and Present stand in the site's
  bar, every tool named and reached by the keyboard;
- a hint in the projector look at 1280×720: its "Show why" in sight inside the hint's box,
  without scrolling it (it was below the box's fold);
- the review on a laptop (1366×768): three key moments whole in their list (one and a half
  before); in the projector look at 1280×720 a key moment is read in three lines at most
  (five to seven beside its "Show why");
- Bolonki's marks key beside the board (the projector look at 1280×720, a phone on its side
  at 844×390): read whole, not cut at the foot nor scrolled in a box; Bul's panel on a phone
  on its side read whole.

Both languages, every game where the screen exists. Every wait is for what a person waits
for (the table still, the hint's best move, the review ready). The laptop review's cases
share one page (conftest's `shared_page`): a case of the same language as the one before
opens its game by its link in that page, with no new page and engine (0.6 CPU-s a case)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

import ludoteca

from .helpers import (
    TURN_MS,
    click_step,
    open_game,
    progress,
    settle,
    sized,
    wait_for_table,
    wait_until,
)
from .test_review import REVIEW_MS
from .test_review_room import bakuk_game_with_mistakes, open_review

GAMES = list(ludoteca.GAMES)

# the tools shown: their boxes' tops and bottoms, and their names
TOOLS = """() => [...document.querySelectorAll('.table-tools > *')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => { const r = el.getBoundingClientRect();
    return {id: el.id, top: r.top, bottom: r.bottom}; })"""

# `inner` (a selector) wholly inside `outer`'s visible box, and `outer` not scrolled
INSIDE = """([outer, inner]) => {
  const o = document.querySelector(outer), i = document.querySelector(inner);
  if (!o || !i || !i.getClientRects().length) return 'missing';
  const a = o.getBoundingClientRect(), b = i.getBoundingClientRect();
  if (o.scrollTop > 0) return 'scrolled';
  return b.top >= a.top - 0.5 && b.bottom <= a.bottom + 0.5 && b.bottom <= innerHeight + 0.5
    ? 'inside' : `below by ${Math.round(b.bottom - Math.min(a.bottom, innerHeight))} px`; }"""

# the key moments wholly in sight in their own list (not scrolled)
MOMENTS_SEEN = """() => { const list = document.querySelector('#review-moments');
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll('.moment')].filter((m) => {
    const r = m.getBoundingClientRect();
    return r.top >= box.top - 0.5 && r.bottom <= Math.min(box.bottom, innerHeight) + 0.5;
  }).length; }"""


def one_row(page) -> list:
    tools = page.evaluate(TOOLS)
    assert len(tools) >= 3, tools  # undo, redo, rules (and the hint)
    top = min(t["top"] for t in tools)
    return [t["id"] for t in tools if t["top"] >= top + 0.5 * (t["bottom"] - t["top"])]


def open_the_review(page) -> None:
    """The review opened as a teacher does (the game over's button, or the list's) and
    ready."""
    over = page.locator("#over-review")
    (over if over.is_visible() else page.locator("#review-open")).click()
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)


@pytest.mark.parametrize("projector", [False, True], ids=["laptop", "projector"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_tools_take_one_row_and_the_rare_ones_wait_in_the_bar(page, site, lang, projector):
    for game in GAMES:
        for width, height in [(1280, 720), (1366, 768)]:
            sized(page, width, height, projector=projector)
            open_game(page, site, game, f"?lang={lang}&seats=human,human")
            assert one_row(page) == [], f"{game} {lang} {width}: wrapped to a second row"
    # Embed and Present: in the site's bar, named, and reached with Tab
    bar = page.locator(".class-tools")
    expect(bar).to_be_visible()
    expect(page.locator("#present-open")).to_be_visible()
    if not projector:  # the projector look shows a class the game, not the embedding
        expect(page.locator("#embed-open")).to_be_visible()
    names = {"es": {"embed-open": "Insertar", "present-open": "Presentar"},
             "en": {"embed-open": "Embed", "present-open": "Present"}}[lang]
    page.locator(".brand").focus()
    reached = []
    for _ in range(4):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id"))
    for tool, name in names.items():
        if tool == "embed-open" and projector:
            continue
        assert tool in reached, reached
        expect(page.locator(f"#{tool}")).to_have_accessible_name(name)
    # undo and redo show their arrows; their names are still theirs (spoken, and on hover)
    expect(page.locator("#undo")).to_have_accessible_name(
        {"es": "Deshacer", "en": "Undo"}[lang])
    expect(page.locator("#redo")).to_have_attribute("title", {"es": "Rehacer", "en": "Redo"}[lang])


@pytest.mark.parametrize(("game", "lang"), [("buku", "es"), ("buku", "en"), ("bakuk", "en")])
def test_a_projected_hint_shows_why_without_scrolling_its_box(page, site, game, lang):
    sized(page, 1280, 720, projector=True)
    open_game(page, site, game, f"?lang={lang}&seats=human,human")
    if game == "bakuk":  # a few moves: a hint with its reason and the next best
        rng = random.Random(2)
        for _ in range(4):
            progress(page, rng)
    settle(page)
    page.click("#hint-open")
    expect(page.locator("#hint-why")).to_be_visible(timeout=REVIEW_MS)
    wait_for_table(page)
    assert page.evaluate(INSIDE, ["#hint-box", "#hint-why"]) == "inside"
    page.click("#hint-why")
    expect(page.locator("#why")).to_be_visible(timeout=REVIEW_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_review_on_a_laptop_shows_three_key_moments_at_once(page, site, lang):
    open_review(page, site, bakuk_game_with_mistakes(), lang, (1366, 768))
    assert page.locator("#review-moments .moment").count() >= 4
    assert page.evaluate(MOMENTS_SEEN) >= 3


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_projected_review_reads_a_key_moment_in_three_lines(page, site, lang):
    open_review(page, site, bakuk_game_with_mistakes(), lang, (1280, 720), projector=True)
    first = page.locator("#review-moments .moment").first
    lines = first.evaluate("""(m) => { const s = getComputedStyle(m);
      const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.4;
      return m.getBoundingClientRect().height / line; }""")
    assert lines <= 3.6, lines  # five to seven lines before, beside its "Show why"
    assert page.evaluate(MOMENTS_SEEN) >= 1


@pytest.mark.parametrize(("lang", "width", "height", "projector"), [
    ("es", 1280, 720, True), ("en", 1280, 720, True), ("es", 844, 390, False),
    ("en", 844, 390, False)])
def test_bolonkis_marks_key_is_read_whole_beside_the_board(page, site, lang, width, height,
                                                           projector):
    """The key's text was cut at the column's foot (the projector look, 1280×720) or
    scrolled in a box of three lines (a phone on its side, 844×390)."""
    sized(page, width, height, projector=projector)
    open_game(page, site, "bolonki", f"?lang={lang}&seats=human,human")
    page.click(".bk-ready")
    rng = random.Random(3)
    for _ in range(2):
        progress(page, rng)
    legend = page.locator("#legend")
    expect(legend).to_be_visible(timeout=TURN_MS)
    before = page.locator("#board svg").bounding_box()
    legend.locator("summary").click()
    expect(page.locator("#legend-text")).to_be_visible()
    assert page.locator("#board svg").bounding_box() == before  # the board keeps its size
    assert page.evaluate(INSIDE, [".table", "#legend-text"]) == "inside"
    assert page.evaluate(INSIDE, ["#legend", "#legend-text"]) == "inside"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buls_panel_on_a_phone_on_its_side_is_read_whole(page, site, lang):
    """844×390: the panel under whose turn (throw, odds, what to do, the real beans, the rule
    set's sentence) scrolled in its box; every tool in sight, none over the road."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, site, "bul", f"?lang={lang}&seats=human,human")
    settle(page)
    panel = page.locator("#game-controls")
    assert panel.evaluate("(p) => p.scrollHeight - p.clientHeight") <= 1
    for part in ('[data-action="throw"]', '[data-action="odds"]', ".bul-about"):
        expect(panel.locator(part)).to_be_in_viewport(ratio=1)
    board = page.locator("#board svg").bounding_box()
    for tool in page.locator(".table-tools > :visible").all():
        expect(tool).to_be_in_viewport(ratio=1)
        box = tool.bounding_box()
        assert box["y"] >= board["y"] + board["height"] - 1 or \
            box["x"] >= board["x"] + board["width"] - 1 or \
            box["x"] + box["width"] <= board["x"] + 1, (tool.get_attribute("id"), box, board)


# the board's drawing on screen: its width and height (its SVG scaled by its viewBox)
BOARD_DRAWN = """() => { const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return [view.width * scale, view.height * scale]; }"""

# the smallest text of the key moments shown (their words and their "Show why"), in CSS px
MOMENT_TEXT_PX = """() => Math.min(...[...document.querySelectorAll(
  '#review-moments .moment, #review-moments .why-open')].filter((e) => e.getClientRects().length)
  .map((e) => parseFloat(getComputedStyle(e).fontSize)))"""


def bul_game_link():
    from .test_review import bul_link
    return bul_link(plies=30, seed=5)


@pytest.mark.parametrize(("game", "width", "height"), [
    ("bakuk", 1280, 720), ("bul", 1280, 720), ("bakuk", 1920, 1080), ("bul", 1920, 1080)])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_projected_review_reads_two_whole_key_moments(page, site, lang, game, width, height):
    """Issue 43: beside Bakuk's board at 1280×720 one key moment and a half were in sight;
    a teacher wants two whole ones read from the back of the room, the board as it was, and
    nothing but the moments' list scrolling. The words: 22 px on a 1080-line projector, the
    same share of the height on a 720-line one (0.95rem, 15 px, was under 22 at 1080)."""
    if game == "bakuk":
        sized(page, width, height, projector=True)
        open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
        for move in bakuk_game_with_mistakes():
            click_step(page, move)
    else:
        sized(page, width, height, projector=True)
        page.goto(f"{site}/?lang={lang}#/bul?g={bul_game_link()}")
        settle(page)
    board = page.evaluate(BOARD_DRAWN)
    open_the_review(page)
    assert page.evaluate(MOMENTS_SEEN) >= 2
    assert page.evaluate(MOMENT_TEXT_PX) >= 22 * height / 1080 - 0.05
    after = page.evaluate(BOARD_DRAWN)
    assert after[0] >= board[0] - 1 and after[1] >= board[1] - 1, (board, after)
    scrolls = page.evaluate("""() => { const side = document.querySelector('#side');
      return {page: document.documentElement.scrollHeight - innerHeight,
        side: side.scrollHeight - side.clientHeight}; }""")
    assert scrolls["page"] <= 1 and scrolls["side"] <= 1, scrolls
    # the way back is in sight, named in full
    close = page.locator("#review-close")
    expect(close).to_be_visible()
    name = "Cerrar la revisión" if lang == "es" else "Close the review"
    expect(close).to_have_accessible_name(name)


def tiwil_link_with_a_retired_captor(seed=1):
    """A shared link to an Aj T'iwil game (two people) played at random until a captor has
    retired."""
    from ludoteca import new_game, sample_chance
    from ludoteca.core import CHANCE
    from ludoteca.records import encode_link, make_record
    for attempt in range(seed, seed + 50):
        rng = random.Random(attempt)
        game = new_game("bul", variant="aj-tiwil")
        state, moves = game.initial_state(), []
        while not state.is_terminal and len(moves) < 600:
            move = (sample_chance(state, rng) if state.current_player == CHANCE
                    else rng.choice(sorted(state.legal_moves())))
            state = state.apply(move)
            moves.append(move)
            if any(state.retired) and not state.is_terminal:
                return encode_link(make_record(game, moves), ["human", "human"]), state
    raise AssertionError("no game with a retired captor: try other seeds")


@pytest.mark.parametrize(("lang", "word"), [("es", "retirad"), ("en", "retired")])
def test_a_retired_captor_is_counted_on_a_phone_on_its_side(page, site, lang, word):
    """Issue 43: on a phone on its side (844×390) the counts under Bul's panel step aside
    (the road and the scores say them), and Aj T'iwil's retired captors, which nothing else
    shows, went with them. Their count stays in sight, in words, with whose they are."""
    link, state = tiwil_link_with_a_retired_captor()
    page.set_viewport_size({"width": 844, "height": 390})
    page.goto(f"{site}/?lang={lang}#/bul?g={link}")
    settle(page)
    retired = page.locator(".bul-status .bul-retired")
    expect(retired).to_have_count(sum(1 for n in state.retired if n))
    for shown in retired.all():
        expect(shown).to_be_in_viewport(ratio=1)
        assert word in shown.inner_text() and any(c.isdigit() for c in shown.inner_text())
    # whose: the player's name is read with it, the other counts not
    item = page.locator(".bul-status li:has(.bul-retired)").first
    expect(item).to_contain_text(":")
    expect(page.locator(".bul-status .bul-counts").first).to_be_hidden()
    panel = page.locator("#game-controls")
    assert panel.evaluate("(p) => p.scrollHeight - p.clientHeight") <= 1


def buku_finished_link(seed=7):
    """A shared link to a whole Buku game of random moves (two people): its key moments name
    long paths, and its end says why in a long sentence beside the board."""
    from ludoteca import new_game
    from ludoteca.games.buku.rules import random_move
    from ludoteca.records import encode_link, make_record

    game = new_game("buku")
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while not state.is_terminal:
        moves.append(random_move(state, rng))
        state = state.apply(moves[-1])
    return encode_link(make_record(game, moves), ["human", "human"])


def bolonki_game_link(plies=12, seed=7):
    """A shared link to `plies` random Bolonki moves (two people): each position has its note
    (what could have been known), shown above the key moments."""
    from ludoteca import new_game
    from ludoteca.records import encode_link, make_record

    game = new_game("bolonki")
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while not state.is_terminal and len(moves) < plies:
        moves.append(rng.choice(sorted(state.legal_moves())))
        state = state.apply(moves[-1])
    return encode_link(make_record(game, moves), ["human", "human"])


# the board's drawing and the review's controls wholly on screen
ON_SCREEN = """() => { const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const height = view.height * scale, top = box.top + (box.height - height) / 2;
  const out = [];
  const below = top + height - innerHeight;
  if (below > 0.5) out.push(`board by ${Math.round(below)} px`);
  const controls = '#replay button, #review-close, #review-more > summary';
  for (const el of document.querySelectorAll(controls)) {
    if (!el.getClientRects().length) continue; // not shown (a replay's "continue")
    const r = el.getBoundingClientRect();
    if (r.bottom > innerHeight + 0.5 || r.top < -0.5) {
      out.push(el.id || el.textContent);
    }
  }
  return out; }"""


# the key moments partly in sight, cut by the foot of their list (or the screen's) or its
# top: [words] (screens56: Buku's third at 1280×720, a sliver of words under two whole ones)
MOMENTS_CUT = """() => { const list = document.querySelector('#review-moments');
  const box = list.getBoundingClientRect();
  const top = box.top + list.clientTop;
  const foot = Math.min(top + list.clientHeight, innerHeight);
  return [...list.querySelectorAll('.moment')].filter((m) => {
    const r = m.getBoundingClientRect();
    return r.bottom > top + 0.5 && r.top < foot - 0.5
      && (r.top < top - 0.5 || r.bottom > foot + 0.5);
  }).map((m) => m.textContent.trim().slice(0, 40)); }"""


# the moments' list and its first moments: top, bottom, words (what a failure shows)
MOMENT_BOXES = """() => { const list = document.querySelector('#review-moments');
  const box = list.getBoundingClientRect();
  return [[box.top, box.bottom], ...[...list.querySelectorAll('.moment')].slice(0, 3)
    .map((m) => { const r = m.getBoundingClientRect();
      return [r.top, r.bottom, m.textContent]; })]; }"""


@pytest.mark.parametrize("game", ["buku", "bolonki"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_projected_review_reads_two_whole_key_moments_of_long_moves(page, site, lang, game):
    """Issue 43: beside Buku's and Bolonki's boards at 1280×720 in the projector look one
    whole key moment was in sight. Buku's moves were named by their whole path
    ("3:f2-f1-e1-e2-e3-d3-d4-c4-c5-d5"): they are named by the game's words now ("la fila 3
    (de f2 a d5)"); Bolonki's note on the position (four lines above the moments) folds to
    one line. Two whole key moments, the text at the room's floor, the board as it was,
    nothing scrolling but the moments' list. A finished Buku game: its end's sentence ran
    the board 160 px below the screen; the board and the review's controls are on it. The
    last move whole in the list under them (screens55: Buku's, its end said in it, was cut
    at the list's foot; the game over's column gives the side column its width). No key moment
    half in sight (screens56: Buku's third, a sliver of words under two whole ones): the list
    ends at its last whole moment, the others a scroll away."""
    sized(page, 1280, 720, projector=True)
    link = buku_finished_link() if game == "buku" else bolonki_game_link()
    page.goto(f"{site}/?lang={lang}#/{game}?g={link}")
    settle(page)
    board = page.evaluate(BOARD_DRAWN)
    open_the_review(page)
    seen = last_move_seen(page)
    assert seen["top"] >= -1 and seen["below"] <= 1, seen
    assert page.evaluate(MOMENTS_SEEN) >= 2, page.evaluate(MOMENT_BOXES)
    try:  # the list fitted to its whole moments in the frame after the review's last change
        wait_until(page, f"() => ({MOMENTS_CUT})().length === 0", timeout=5_000)
    except PlaywrightTimeoutError:
        pass
    assert page.evaluate(MOMENTS_CUT) == [], page.evaluate(MOMENT_BOXES)  # each shown whole
    assert page.evaluate(MOMENT_TEXT_PX) >= 22 * 720 / 1080 - 0.05
    after = page.evaluate(BOARD_DRAWN)
    assert after[0] >= board[0] - 1 and after[1] >= board[1] - 1, (board, after)
    assert page.evaluate(ON_SCREEN) == []
    scrolls = page.evaluate("""() => { const side = document.querySelector('#side');
      return {page: document.documentElement.scrollHeight - innerHeight,
        side: side.scrollHeight - side.clientHeight}; }""")
    assert scrolls["page"] <= 1 and scrolls["side"] <= 1, scrolls
    moments = page.locator("#review-moments .moment")
    if game == "buku":  # the lines and the paths' ends in words, no path's notation
        words = {"es": r"la (fila \d|columna [a-h])", "en": r"(rank \d|file [a-h])"}[lang]
        for text in moments.all_inner_texts():
            assert re.search(words, text) and not re.search(r"[1-8a-h]:[a-h]\d-", text), text
    else:  # the note: its one line names it and the move; a click reads it whole
        fold = page.locator("#review-known-box > summary")
        expect(fold).to_have_text({"es": "Lo que se sabía (jugada 12)",
                                   "en": "What was known (move 12)"}[lang])
        expect(page.locator("#review-known")).to_be_hidden()
        fold.click()
        expect(page.locator("#review-known")).to_be_visible()
        expect(page.locator("#review-known")).to_contain_text("%")


# the move list's item of the position shown (the last move): read from its first word, not
# cut at the list's top nor below its foot; and the review's own box not cut (its fold)
LOG_MOVE = """() => { const log = document.querySelector('#log');
  const item = log.lastElementChild, box = log.getBoundingClientRect();
  const top = box.top + log.clientTop, bottom = top + log.clientHeight;
  const r = item.getBoundingClientRect();
  const body = document.querySelector('.review-body');
  return {top: r.top - top, below: r.bottom - bottom, fromTop: Math.abs(r.top - top) < 1,
    review: body.scrollHeight - body.clientHeight}; }"""


def open_laptop_review(page, site, game, lang):
    page.set_viewport_size({"width": 1366, "height": 768})
    if game == "bakuk":
        open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
        for move in bakuk_game_with_mistakes():
            click_step(page, move)
    else:
        link = {"buku": buku_finished_link, "bolonki": bolonki_game_link,
                "bul": bul_game_link}[game]()
        page.goto(f"{site}/?lang={lang}#/{game}?g={link}")
        settle(page)
    open_the_review(page)


@pytest.mark.parametrize("game", ["bakuk", "buku", "bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_laptop_review_shows_the_move_list_whole(shared_page, site, lang, game):
    """Issue 43, laptop 1366×768: opening the review took the move list's height under a
    scroll made for its old one: Bolonki's last move sat half below the column's foot, the
    one above it half under the review; and the review's own box scrolled, its fold of the
    graph cut. The move shown is read from its first word, the review whole, a key moment
    and its way back in sight."""
    page = shared_page
    open_laptop_review(page, site, game, lang)
    whole = "() => { const seen = (" + LOG_MOVE + """)();
      return seen.top >= -1 && (seen.below <= 1 || seen.fromTop); }"""
    try:  # as the page draws its frame after the review's last change
        wait_until(page, whole, timeout=5_000)
    except PlaywrightTimeoutError:
        pass
    seen = page.evaluate(LOG_MOVE)
    assert seen["top"] >= -1 and (seen["below"] <= 1 or seen["fromTop"]), seen
    assert seen["review"] <= 1, seen
    assert page.evaluate(MOMENTS_SEEN) >= 1
    expect(page.locator("#review-close")).to_be_in_viewport(ratio=1)
    expect(page.locator("#review-more > summary")).to_be_in_viewport(ratio=1)
    # a step of the replay: its move comes into the list's sight
    page.click("#replay-first")
    page.click("#replay-next")
    expect(page.locator("#replay-status")).not_to_be_empty()
    first = page.locator("#log > li").first
    expect(first).to_be_in_viewport()


def last_move_seen(page) -> dict:
    """Where the move shown in the list stands (LOG_MOVE), once the page has drawn the frame
    after the review's last change: whole then, or as it stays."""
    whole = "() => { const seen = (" + LOG_MOVE + """)();
      return seen.top >= -1 && seen.below <= 1; }"""
    try:
        wait_until(page, whole, timeout=5_000)
    except PlaywrightTimeoutError:
        pass
    return page.evaluate(LOG_MOVE)


@pytest.mark.parametrize("game", ["bakuk", "buku", "bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_laptop_review_shows_the_last_move_whole(shared_page, site, lang, game):
    """Issue 43, laptop 1366×768: a finished Buku game's last move (four lines: the end said
    in it) stood in a list two and a half lines tall, read from its first word but never
    whole however the list was scrolled. The list is as tall as the move shown (the key
    moments give up the room): that move whole, the review whole, two key moments still in
    sight."""
    page = shared_page
    open_laptop_review(page, site, game, lang)
    seen = last_move_seen(page)
    assert seen["top"] >= -1 and seen["below"] <= 1, seen
    assert seen["review"] <= 1, seen
    assert page.evaluate(MOMENTS_SEEN) >= (1 if game == "bakuk" else 2)
    assert page.evaluate(ON_SCREEN) == []


# the replay's buttons that the review's way back covers (it stands at the end of their row)
UNDER_CLOSE = """() => {
  const close = document.querySelector('#review-close').getBoundingClientRect();
  return [...document.querySelectorAll('#replay button, #replay input')]
    .filter((b) => b.getClientRects().length).filter((b) => { const r = b.getBoundingClientRect();
      return r.right > close.left + 0.5 && r.left < close.right - 0.5
        && r.bottom > close.top + 0.5 && r.top < close.bottom - 0.5; })
    .map((b) => b.id); }"""


@pytest.mark.parametrize("game", ["bolonki", "buku", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_laptop_review_reads_two_whole_key_moments(shared_page, site, lang, game):
    """Issue 43, laptop 1366×768: Bolonki's second key moment was cut by a few px under the
    review's head (its heading, two lines beside "Cerrar"). The way back stands at the end of
    the replay's row, covering none of its buttons, named in full; two key moments whole."""
    page = shared_page
    open_laptop_review(page, site, game, lang)
    assert page.evaluate(MOMENTS_SEEN) >= 2, page.evaluate(MOMENT_BOXES)
    close = page.locator("#review-close")
    expect(close).to_be_in_viewport(ratio=1)
    expect(close).to_have_accessible_name({"es": "Cerrar la revisión",
                                           "en": "Close the review"}[lang])
    assert page.evaluate(UNDER_CLOSE) == []
    for step in page.locator("#replay button:visible").all():
        expect(step).to_be_in_viewport(ratio=1)
    assert page.evaluate(ON_SCREEN) == []


@pytest.mark.parametrize(("width", "height", "projector"),
                         [(1366, 768, False), (1280, 720, True)], ids=["laptop", "projector"])
@pytest.mark.parametrize("game", ["bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_step_back_in_the_review_keeps_the_way_back_to_play_in_sight(page, site, lang, game,
                                                                       width, height, projector):
    """Issue 43 (screens54), a laptop at 1366×768 and the projector look at 1280×720: at the
    review's first move the replay's status and "Continue playing from here" were squeezed
    into the step buttons' one row, the way back to play drawn under "Close" (the status a
    word a line). It stands whole under the buttons, covered by nothing; the turn line says
    the position shown; a key moment still in sight."""
    sized(page, width, height, projector=projector)
    link = {"bolonki": bolonki_game_link, "bul": bul_game_link}[game]()
    page.goto(f"{site}/?lang={lang}#/{game}?g={link}")
    settle(page)
    open_the_review(page)
    page.click("#replay-first")
    page.click("#replay-next")
    go_on = page.locator("#replay-continue")
    expect(go_on).to_be_visible()
    expect(page.locator("#turn")).to_contain_text({"es": "jugada 1 de", "en": "move 1 of"}[lang])
    assert page.evaluate(UNDER_CLOSE) == []
    expect(go_on).to_be_in_viewport(ratio=1)
    expect(page.locator("#review-close")).to_be_in_viewport(ratio=1)
    words = go_on.evaluate("(b) => b.getBoundingClientRect().height / "
                           "parseFloat(getComputedStyle(b).lineHeight)")
    assert words < 3, words  # in a line or two, not a word a line
    assert page.evaluate(MOMENTS_SEEN) >= 1


# The lines of text beside Bul's road that the "▾ more" cue's strip cuts (part above it in
# sight, part under it): [words]; null while the cue is not shown.
CUE_CUTS = """() => { const cue = document.querySelector('.bul-more');
  if (!cue || cue.hidden || !cue.getClientRects().length) return null;
  const foot = cue.getBoundingClientRect().bottom;
  const top = foot - parseFloat(getComputedStyle(cue, '::before').height);
  const texts = document.createTreeWalker(cue.parentElement, NodeFilter.SHOW_TEXT);
  const range = document.createRange(), out = [];
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    if (cue.contains(text) || !text.data.trim()) continue;
    range.selectNodeContents(text);
    for (const line of range.getClientRects()) {
      if (line.top < top - 0.5 && line.bottom > top + 0.5) out.push(text.data.trim().slice(0, 30));
    }
  }
  return out; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buls_more_cue_cuts_no_line_in_the_projected_review(page, site, lang):
    """Issue 43 (screens57): at 1920×1080 in the projector look, the review open, the column
    beside Bul's road is narrow and scrolls; its "▾ más" cue lay over the last line of who has
    what, the line's top half in sight under the rule. The cue covers whole lines only: every
    line beside the road is above it whole or wholly under it; a click still shows the rest."""
    sized(page, 1920, 1080, projector=True)
    page.goto(f"{site}/?lang={lang}#/bul?g={bul_game_link()}")
    settle(page)
    open_the_review(page)
    wait_until(page, f"() => ({CUE_CUTS})() !== null")
    assert page.evaluate(CUE_CUTS) == [], lang
    expect(page.locator(".bul-more button")).to_be_in_viewport(ratio=1)
