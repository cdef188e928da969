"""A lesson, a puzzle and a game in a teacher's 320×320 frame (?embed=1), and in a 640×560
one, in every game and both languages (issue 43, item 9): the board keeps 60 % of the frame's
shorter side (its longer side drawn at least that), the goal is read whole, and the explanation of
an answer is there whole on demand ("Read it all" lays the coach's panel over the table;
"Back to the board" or Escape folds it again), no text under 10 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import progress, settle, texts_below, wait_until
from .test_puzzle_levels import violations

GAMES = ["bakuk", "bul", "bolonki", "buku"]
SIZES = {"320": (320, 320), "640": (640, 560)}

# A lesson page of the site's own origin (the warm profile's snapshot; see test_table.py).
EMBED_IN_A_LESSON = """([src, width, height]) => {
  document.body.replaceChildren();
  document.body.style.margin = "0";
  const frame = document.createElement("iframe");
  Object.assign(frame, { id: "game", src, width, height, title: "Ludoteca" });
  frame.style.border = "0";
  document.body.append(frame);
}"""

# The board as drawn: the largest drawing in #board, scaled into its box as SVG does by
# default ("xMidYMid meet"). [width, height, left, top, right, bottom] in the frame's pixels.
DRAWN_BOARD = """() => {
  const drawn = [...document.querySelectorAll('#board svg')].map((svg) => {
    const r = svg.getBoundingClientRect();
    const box = svg.viewBox.baseVal;
    const scale = box && box.width ? Math.min(r.width / box.width, r.height / box.height) : 1;
    const [w, h] = box && box.width ? [box.width * scale, box.height * scale] : [r.width, r.height];
    return [w, h, r.left, r.top, r.right, r.bottom];
  });
  return drawn.sort((a, b) => b[0] * b[1] - a[0] * a[1])[0];
}"""

# The panel's texts (selector) that cannot be read whole where they are: cut by a box that
# does not scroll (a scrolling panel is fine while it is wholly inside the frame), or outside
# the frame once scrolled to. [[why, text]]
NOT_WHOLE = """(selector) => {
  const panel = document.getElementById('coach');
  const out = [];
  const p = panel.getBoundingClientRect();
  if (p.top < -0.5 || p.left < -0.5 || p.bottom > innerHeight + 0.5 || p.right > innerWidth + 0.5) {
    out.push(['panel outside the frame', `${p.top},${p.bottom}`]);
  }
  for (const el of panel.querySelectorAll(selector)) {
    // not shown (in a shut fold too: what each move leads to, coach.js)
    if (!el.getClientRects().length || !el.checkVisibility()) continue;
    const text = el.textContent.trim().slice(0, 40);
    if (!text) continue;
    if (getComputedStyle(el).overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) {
      out.push(['cut short', text]);  // its own lines beyond its box
    }
    // scrolled to where the panel scrolls (a folded panel that cuts it must not hide that)
    if (['auto', 'scroll'].includes(getComputedStyle(panel).overflowY)) {
      el.scrollIntoView({ block: 'nearest' });
    }
    const r = el.getBoundingClientRect();
    for (let box = el.parentElement; box; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowY;
      const scrolls = box === panel && ['auto', 'scroll'].includes(overflow);
      const b = box.getBoundingClientRect();
      if (overflow !== 'visible' && !scrolls &&
          (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)) {
        out.push([`cut by ${box.id || box.className}`, text]);
      }
      if (box === panel) break;
    }
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5) out.push(['outside the frame', text]);
  }
  return out;
}"""
TEXTS = "#coach-goal, #coach-hint, #coach-verdict p, #coach-verdict li"


def open_framed(page, site, query: str, size):
    """The site in a frame of `size` in a lesson page."""
    page.set_viewport_size({"width": size[0] + 80, "height": size[1] + 80})
    page.goto(f"{site}/lesson-page")
    page.evaluate(EMBED_IN_A_LESSON, [f"{site}/?{query}", *size])
    expect(page.frame_locator("#game").locator("body[data-ready]")).to_have_count(
        1, timeout=ENGINE_READY_MS)
    return next(f for f in page.frames if f != page.main_frame)


def board_fills_its_share(frame, where: str) -> None:
    w, h, left, top, right, bottom = frame.evaluate(DRAWN_BOARD)
    width, height = frame.evaluate("() => [innerWidth, innerHeight]")
    assert max(w, h) >= 0.6 * min(width, height), f"{where}: the board drawn {w:.0f}×{h:.0f}"
    assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, where


def still(frame) -> None:
    """Until the board is not busy (a demonstration shown, an answer set up) and its drawing
    has its room's size (board-size.js sets it once the room's new size is laid out)."""
    wait_until(frame, """() => {
      const board = document.getElementById('board');
      return board.getAttribute('aria-busy') !== 'true' &&
        board.style.getPropertyValue('--board-h') === `${board.clientHeight}px`;
    }""")


# The table's buttons in sight that another lies over (a point of theirs, 3 × 3 across them,
# is another's): [words, the other's words]. A scrolling column's buttons under its fold
# are not in sight.
COVERED = """() => {
  const scroller = (el) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      if (/auto|scroll|hidden/.test(getComputedStyle(box).overflowY)) return box;
    }
    return null;
  };
  const out = [];
  for (const b of document.querySelectorAll('#play :is(button, a.button, summary)')) {
    const r = b.getBoundingClientRect();
    if (!r.width || !r.height || !b.checkVisibility({ visibilityProperty: true })) continue;
    const s = scroller(b)?.getBoundingClientRect() ?? { top: 0, bottom: innerHeight };
    if (r.top < Math.max(0, s.top) - 0.5 || r.bottom > Math.min(innerHeight, s.bottom) + 0.5
        || r.left < -0.5 || r.right > innerWidth + 0.5) continue;
    const hit = [0.2, 0.5, 0.8].flatMap((fy) => [0.2, 0.5, 0.8].map((fx) =>
      document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height)))
      .find((el) => el && !b.contains(el) && !el.contains(b) && el.closest('button, a, summary'));
    if (hit) out.push([b.textContent.trim().slice(0, 24), hit.textContent.trim().slice(0, 24)]);
  }
  return out;
}"""


def coached(frame, kind: str, where: str) -> None:
    """A lesson step or a puzzle as it opens, then answered: the board keeps its share, the
    goal is whole beside it, the answer's explanation whole on demand."""
    panel = frame.locator("#coach")
    expect(panel).to_have_attribute("data-kind", kind, timeout=ENGINE_READY_MS)
    expect(panel).to_have_attribute("data-state", "asking")
    expect(frame.locator("#coach-buttons button").first).to_be_visible()
    still(frame)
    board_fills_its_share(frame, f"{where}, asked")
    assert frame.evaluate(NOT_WHOLE, "#coach-goal") == [], where  # the question, whole
    assert texts_below(frame, 10) == [], where
    assert frame.evaluate(COVERED) == [], where  # Bul's "▾ más" lay over "Lanzar los frijoles"

    answer = '[data-coach="show"]' if kind == "lesson" else '[data-coach="solution"]'
    frame.locator(f"#coach-buttons {answer}").click()
    expect(frame.locator("#coach-verdict")).to_be_visible(timeout=ENGINE_READY_MS)
    still(frame)
    board_fills_its_share(frame, f"{where}, answered")
    assert frame.evaluate(NOT_WHOLE, ".coach-said") == [], where  # the verdict's first words
    assert texts_below(frame, 10) == [], where

    fold = frame.locator("#coach-fold")
    expect(fold).to_be_visible()
    expect(fold).to_have_attribute("aria-expanded", "false")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    assert frame.evaluate(NOT_WHOLE, TEXTS) == [], where  # all of it, the verdict whole
    assert frame.evaluate(NOT_WHOLE, "#coach-verdict > *") == [], where
    assert frame.evaluate("() => document.querySelector('#play .table').inert")  # under it
    assert texts_below(frame, 10) == [], where
    frame.locator("#coach-verdict").press("Escape")  # folds it; the lesson stays
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_visible()
    assert not frame.evaluate("() => document.querySelector('#play .table').inert")
    still(frame)
    board_fills_its_share(frame, f"{where}, folded again")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_a_puzzle_and_a_game_stay_readable_in_an_embed(page, site, game, lang, size):
    frame = open_framed(page, site, f"game={game}&lang={lang}&embed=1&lesson={game}",
                        SIZES[size])
    coached(frame, "lesson", f"{game} {lang} lesson")
    frame.evaluate("(game) => { location.hash = `#/${game}?puzzle=day`; }", game)
    coached(frame, "puzzle", f"{game} {lang} puzzle")
    # "Read it all" and back, with the mouse
    fold = frame.locator("#coach-fold")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "false")
    # the game itself: no panel, no fold, the board as large
    frame.evaluate("(game) => { location.hash = `#/${game}`; }", game)
    expect(frame.locator("#coach")).to_be_hidden()
    expect(fold).to_be_hidden()
    wait_until(frame, "() => document.querySelector('#board [data-step], #game-controls "
                      "button:not([disabled])') && !document.querySelector("
                      "'#board[aria-busy=\"true\"]')", timeout=ENGINE_READY_MS)
    board_fills_its_share(frame, f"{game} {lang} game")
    assert texts_below(frame, 10) == []


def test_the_folded_and_the_whole_panel_have_no_accessibility_violation(page, site):
    """axe on the coach's panel in a 320×320 embed, folded and laid whole over the table."""
    page.set_viewport_size({"width": 320, "height": 320})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})  # for axe
    page.goto(f"{site}/?lang=en&embed=1&puzzles=bakuk")
    expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    fold = page.locator("#coach-fold")
    found = violations(page, "folded", "#coach")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    expect(fold).to_have_accessible_name("Back to the board")
    found += violations(page, "whole", "#coach")
    assert found == [], "\n".join(found)


def folded_line(frame) -> str:
    """The verdict's line as the folded panel shows it, once it is whole there."""
    fold = frame.locator("#coach-fold")
    expect(fold).to_have_attribute("aria-expanded", "false")
    still(frame)
    assert frame.evaluate(NOT_WHOLE, ".coach-said") == []
    said = frame.locator("#coach-verdict .coach-said")
    expect(said).to_be_visible()
    # the only line shown: the values and the rest wait in "Read it all"
    expect(frame.locator("#coach-verdict .coach-values")).to_be_hidden()
    return " ".join(said.inner_text().split())


def best_named(frame) -> list:
    return frame.locator("#coach-verdict .coach-values li.best code").all_text_contents()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_folded_answer_says_the_verdict_in_one_line(page, site, lang):
    """Issue 43, item 9: in a 640×560 embed a puzzle answered, its panel folded, says the
    verdict in one line that names the best move ("The solution: c.", "Well done! The best
    move was c."; "The solution:" alone said nothing), and "Read it all" unfolds the rest."""
    from .test_puzzle_levels import STRINGS, answer, find, worst
    words = STRINGS[lang]
    puzzle = find("bakuk-30")
    frame = open_framed(page, site, f"lang={lang}&embed=1#/bakuk?puzzle={puzzle['id']}",
                        SIZES["640"])
    expect(frame.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    # a wrong try: which move it was, and that it is not the best (no answer given away)
    wrong = worst(puzzle)
    answer(frame, puzzle, wrong)
    expect(frame.locator('#coach[data-state="wrong"]')).to_be_visible(timeout=ENGINE_READY_MS)
    line = folded_line(frame)
    assert line.startswith(words["coach.wrong"]), line
    assert f"({wrong})" in line and line != words["coach.wrong"], line
    frame.locator('#coach-buttons [data-coach="again"]').click()
    expect(frame.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    # a right one: praised, and the best move named
    answer(frame, puzzle, puzzle["best"][0])
    expect(frame.locator('#coach[data-state="right"]')).to_be_visible(timeout=ENGINE_READY_MS)
    line = folded_line(frame)
    best = best_named(frame)
    gist = words["coach.gist.right.one" if len(best) == 1 else "coach.gist.right"]
    assert line.startswith(words["coach.right"]) and best[0] in line, line
    assert gist.split("{")[0].strip() in line, line
    # the solution asked for: said with its move, and unfolded, every value
    other = find("bakuk-31")
    frame.evaluate("(id) => { location.hash = `#/bakuk?puzzle=${id}`; }", other["id"])
    expect(frame.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    frame.locator('#coach-buttons [data-coach="solution"]').click()
    expect(frame.locator("#coach-verdict")).to_be_visible(timeout=ENGINE_READY_MS)
    line = folded_line(frame)
    best = best_named(frame)
    assert line.startswith(words["coach.solution"]) and line != words["coach.solution"], line
    assert all(move in line for move in best), line
    frame.locator("#coach-fold").click()
    expect(frame.locator("#coach-verdict .coach-values")).to_be_visible()
    expect(frame.locator("#coach-verdict .coach-values li")).to_have_count(len(other["values"]))


# Each of `selector`'s elements shown, scrolled to where a box of it scrolls: whether it lies
# wholly in the frame (never scrolled) and is what a click at its centre reaches (nothing
# laid over it). [[what, why]] for those that are not.
NOT_IN_SIGHT = """(selector) => {
  const out = [];
  if (scrollX || scrollY) out.push(['frame', `scrolled ${scrollX},${scrollY}`]);
  for (const el of document.querySelectorAll(selector)) {
    el.scrollIntoView({ block: 'nearest' });  // where a box of it scrolls (the frame never)
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const name = (el.dataset.step || el.id || el.textContent).trim().slice(0, 30);
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 ||
        r.bottom > innerHeight + 0.5) {
      out.push([name, `outside ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`]);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el.contains(hit) || hit.contains(el))) {
      out.push([name, `covered by ${hit && (hit.id || hit.className.baseVal || hit.className)}`]);
    }
  }
  if (scrollX || scrollY) out.push(['frame', `scrolled to it: ${scrollX},${scrollY}`]);
  return out;
}"""
# Whether an element's words run past its own box (cut at its edge).
CUT = "(el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1"


def hint_in_a_small_frame(frame, where: str) -> None:
    """The hint asked for: its first line over the turn line, the move marked on the board in
    sight; "Read it all" lays it whole in the frame, Escape folds it again."""
    frame.locator("#hint-open").click()
    expect(frame.locator("#hint-box .hint-best")).to_be_visible(timeout=ENGINE_READY_MS)
    still(frame)
    board_fills_its_share(frame, f"{where}, hint")
    assert frame.evaluate(NOT_IN_SIGHT, "#hint-box .hint-best, #hint-fold, #board .hint-step, "
                                        "#hint-open") == [], where
    assert texts_below(frame, 10) == [], where
    fold = frame.locator("#hint-fold")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    assert frame.evaluate(NOT_IN_SIGHT, "#hint-box > p, #hint-box > button, #hint-fold") == [], \
        where
    assert texts_below(frame, 10) == [], where
    frame.locator("#hint-box").press("Escape")
    expect(fold).to_have_attribute("aria-expanded", "false")
    assert frame.evaluate(NOT_IN_SIGHT, "#board .hint-step, #hint-box .hint-best") == [], where


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_hint_and_the_bean_odds_in_a_320_embed_leave_the_board_in_sight(page, site, lang):
    """Issue 43, item 9: in a 320×320 frame Bul's bean odds and a hint (Buku's, Bakuk's, Bul's)
    scrolled the frame under the tools and squeezed the board into a strip: what a person
    reads and clicks next is in sight, the board keeps 60 % of the frame, no text under
    10 px, and the odds' button says its name whole in its column."""
    frame = open_framed(page, site, f"game=bul&lang={lang}&embed=1", SIZES["320"])
    throw = frame.locator('#game-controls [data-action="throw"]')
    expect(throw).to_be_enabled(timeout=ENGINE_READY_MS)
    still(frame)
    odds = frame.locator('#game-controls [data-action="odds"]')
    assert not odds.evaluate(CUT), f"{lang}: the odds' button cut"
    assert frame.evaluate(NOT_IN_SIGHT, '[data-action="odds"], [data-action="throw"]') == []
    odds.click()
    box = frame.locator("#bul-odds")
    expect(box).to_be_visible()
    assert frame.evaluate(NOT_IN_SIGHT, "#bul-odds li, #bul-odds > p, .bul-odds-close") == [], lang
    assert texts_below(frame, 10) == [], lang
    box.press("Escape")
    expect(box).to_be_hidden()
    expect(odds).to_be_focused()
    assert frame.evaluate(NOT_IN_SIGHT, '[data-action="throw"]') == [], lang
    throw.click()
    expect(frame.locator("#hint-open")).to_be_enabled(timeout=ENGINE_READY_MS)
    hint_in_a_small_frame(frame, f"bul {lang}")
    for game in ["buku", "bakuk"]:
        frame.evaluate("(game) => { location.hash = `#/${game}`; }", game)
        wait_until(frame, "() => document.querySelector('#board [data-step]') && "
                          "!document.querySelector('#board[aria-busy=\"true\"]')",
                   timeout=ENGINE_READY_MS)
        hint_in_a_small_frame(frame, f"{game} {lang}")
    # "Show why": the line's box over the frame's foot, its sentence and "Next" in sight, the
    # board as large (under the tools it was a stamp)
    frame.locator("#hint-fold").click()  # in the whole hint
    frame.locator("#hint-why").click()
    expect(frame.locator("#why-step")).not_to_be_empty(timeout=ENGINE_READY_MS)
    board_fills_its_share(frame, f"bakuk {lang}, why")
    assert frame.evaluate(NOT_IN_SIGHT, "#why-step, #why-next, #why-close") == [], lang
    assert texts_below(frame, 10) == [], lang
    frame.locator("#why-close").click()
    expect(frame.locator("#why")).to_be_hidden()


def hint_in_a_320_embed_for_axe(page, site):
    """Bakuk in a 320×320 embed (English, the page's CSP bypassed for axe), its hint shown:
    where both axe tests of the folded boxes start."""
    page.set_viewport_size({"width": 320, "height": 320})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})  # for axe
    page.goto(f"{site}/?lang=en&embed=1#/bakuk")
    expect(page.locator("#board [data-step]").first).to_be_visible(timeout=ENGINE_READY_MS)
    page.locator("#hint-open").click()
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=ENGINE_READY_MS)


def test_the_folded_and_the_whole_hint_have_no_accessibility_violation(page, site):
    """axe on the hint in a 320×320 embed, folded over the turn line and laid whole."""
    hint_in_a_320_embed_for_axe(page, site)
    fold = page.locator("#hint-fold")
    found = violations(page, "folded", "#play")
    fold.click()
    expect(fold).to_have_accessible_name(re.compile("Back to the board"))
    found += violations(page, "whole", "#play")
    assert found == [], "\n".join(found)


# The drawn board's box and the why box's: whether the line's box lies over any of the
# board's drawing (its bottom row was under it), or the step's sentence over its top.
# [board bottom, why top, board top, sentence top, sentence bottom]
WHY_OVER_BOARD = """() => {
  const boxes = [...document.querySelectorAll('#board svg')]
    .map((svg) => svg.getBoundingClientRect());
  const bottom = Math.max(...boxes.map((r) => r.bottom));
  const top = Math.min(...boxes.map((r) => r.top));
  const step = document.getElementById('why-step').getBoundingClientRect();
  return [bottom, document.getElementById('why').getBoundingClientRect().top, top,
          step.top, step.bottom];
}"""


def why_in_a_small_frame(frame, where: str) -> None:
    """The line's box folded under the board: the board whole and large, the step's sentence
    and its buttons in sight, no text under 10 px."""
    still(frame)
    board_fills_its_share(frame, where)
    bottom, top, board_top, step_top, step_bottom = frame.evaluate(WHY_OVER_BOARD)
    assert top >= bottom - 0.5, f"{where}: the line's box over the board ({top} < {bottom})"
    assert step_bottom <= board_top + 0.5 or step_top >= bottom - 0.5, \
        f"{where}: the step's sentence over the board"
    assert frame.evaluate(NOT_IN_SIGHT, "#why-step, #why-prev, #why-next, #why-fold, "
                                        "#why-close") == [], where
    assert texts_below(frame, 10) == [], where


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", ["bakuk", "bul"])
def test_a_line_shown_in_a_320_embed_leaves_the_board_whole(page, site, game, lang):
    """Issue 43: in a 320×320 frame "Show why" laid its box over the frame's foot and covered
    the board's bottom row, and once a step was taken the marks' key took a column and the
    board became a stamp. Folded under the board, the step's sentence and Back, Next, "Read it
    all" and the way back in sight, the board keeps 60 % of the frame, whole, at every step;
    "Read it all" lays the whole line over the table (the sentence whole, the lines to choose,
    what the move is worth), a step taken there folds it, Escape folds it. While the hint is
    shown its strip leaves the scores in sight (it covered them)."""
    frame = open_framed(page, site, f"game={game}&lang={lang}&embed=1", SIZES["320"])
    if game == "bul":
        frame.locator('#game-controls [data-action="throw"]').click()
    expect(frame.locator("#board [data-step]").first).to_be_visible(timeout=ENGINE_READY_MS)
    still(frame)
    frame.locator("#hint-open").click()
    expect(frame.locator("#hint-box .hint-best")).to_be_visible(timeout=ENGINE_READY_MS)
    still(frame)
    assert frame.evaluate(NOT_IN_SIGHT, "#scores li, #hint-box .hint-best, #hint-fold") == [], \
        f"{game} {lang}: the hint strip over the scores"
    frame.locator("#hint-fold").click()
    frame.locator("#hint-why").click()
    expect(frame.locator("#why-step")).not_to_be_empty(timeout=ENGINE_READY_MS)
    expect(frame.locator("#why")).to_have_attribute("data-ready", "true")
    why_in_a_small_frame(frame, f"{game} {lang}, the start")
    frame.locator("#why-next").click()
    expect(frame.locator("#why")).to_have_attribute("data-step", re.compile(r"[1-9]"))
    why_in_a_small_frame(frame, f"{game} {lang}, a step")
    step = frame.locator("#why").get_attribute("data-step")

    fold = frame.locator("#why-fold")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    assert not frame.locator("#why-step").evaluate(CUT), f"{game} {lang}: the sentence cut"
    assert frame.evaluate(NOT_IN_SIGHT, "#why-title, #why-step, #why-sum, #why-first, "
                                        "#why-last, #why-fold") == [], f"{game} {lang}"
    expect(frame.locator("#why-sum")).not_to_be_empty()
    assert texts_below(frame, 10) == [], f"{game} {lang}, whole"
    frame.locator("#why-step").press("Escape")  # folds it; the line stays
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(frame.locator("#why")).to_be_visible()
    expect(frame.locator("#why")).to_have_attribute("data-step", step)
    fold.click()
    frame.locator("#why-prev").click()  # a step taken in the whole box: seen on the board
    expect(fold).to_have_attribute("aria-expanded", "false")
    why_in_a_small_frame(frame, f"{game} {lang}, back a step")
    frame.locator("#why-close").click()
    expect(frame.locator("#why")).to_be_hidden()
    expect(frame.locator("#hint-open")).to_be_visible()


def test_the_folded_and_the_whole_line_have_no_accessibility_violation(page, site):
    """axe on "Show why" in a 320×320 embed, folded under the board and laid whole."""
    hint_in_a_320_embed_for_axe(page, site)
    page.locator("#hint-fold").click()
    page.locator("#hint-why").click()
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=ENGINE_READY_MS)
    found = violations(page, "folded", "#play")
    page.locator("#why-fold").click()
    expect(page.locator("#why-fold")).to_have_accessible_name(re.compile("Back to the board"))
    found += violations(page, "whole", "#play")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", ["bakuk", "bul"])
def test_a_puzzle_s_line_in_a_320_embed_leaves_the_board_whole(page, site, game, lang):
    """The same for a puzzle's answer: its line's sentence stood at the frame's top over the
    coach's panel (two "Read it all" in sight); the panel now waits while the line is shown,
    the sentence in the box under the board, the board whole and 60 % of the frame."""
    frame = open_framed(page, site, f"lang={lang}&embed=1#/{game}?puzzle=day", SIZES["320"])
    expect(frame.locator("#coach")).to_have_attribute("data-state", "asking",
                                                      timeout=ENGINE_READY_MS)
    frame.locator('#coach-buttons [data-coach="solution"]').click()
    expect(frame.locator("#coach-verdict")).to_be_visible(timeout=ENGINE_READY_MS)
    frame.locator("#coach-fold").click()
    frame.locator("#coach-verdict .why-open").first.click()
    expect(frame.locator("#why")).to_have_attribute("data-ready", "true",
                                                    timeout=ENGINE_READY_MS)
    expect(frame.locator("#coach")).to_be_hidden()
    why_in_a_small_frame(frame, f"{game} {lang}, a puzzle's line")
    frame.locator("#why-next").click()
    why_in_a_small_frame(frame, f"{game} {lang}, a puzzle's line, a step")
    frame.locator("#why-close").click()
    expect(frame.locator("#coach")).to_be_visible()


# The lines of text in the panel beside the board that its visible foot (or the frame's)
# cuts through: [text].
CUT_LINES = """() => {
  const panel = document.getElementById('game-controls');
  const p = panel.getBoundingClientRect();
  const foot = Math.min(p.top + panel.clientHeight, innerHeight);
  const cut = [];
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.height && r.top < foot - 0.5 && r.bottom > foot + 0.5) {
        cut.push(node.textContent.trim().slice(0, 30));
      }
    }
  }
  return cut;
}"""

# Whether `selector` is wholly in sight in the panel beside the board at its scroll's start.
IN_THE_PANEL = """(selector) => {
  const panel = document.getElementById('game-controls');
  const p = panel.getBoundingClientRect();
  const r = document.querySelector(selector).getBoundingClientRect();
  const foot = Math.min(p.top + panel.clientHeight, innerHeight);
  return r.height > 0 && r.top >= p.top - 0.5 && r.bottom + panel.scrollTop <= foot + 0.5;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_s_words_beside_the_road_are_whole_in_a_320_embed(page, site, lang):
    """Issue 43: in a 320×320 frame Bul's throw hint ("Pulsa «Lanzar los frijoles»…") was cut
    mid-line at the frame's foot (the panel beside the road held to 9rem over an empty row):
    two moves in, what to do is whole at the throw and at the move, no line of the panel cut
    at its foot, no text under 10 px."""
    from .test_phone_tools import two_moves_in

    frame = open_framed(page, site, f"game=bul&lang={lang}&embed=1", SIZES["320"])
    two_moves_in(frame)
    for _ in range(10):  # on to the person's next throw
        if settle(frame)["canThrow"]:
            break
        progress(frame)
    throw = frame.locator('#game-controls [data-action="throw"]')
    for moment in ("throw", "move"):
        if moment == "move":  # the throw made: what to do now (a pile, the base, a value)
            throw.click()
            settle(frame)
        still(frame)
        assert frame.locator(".bul-hint").inner_text().strip(), f"{lang} {moment}"
        assert frame.evaluate(IN_THE_PANEL, ".bul-hint"), f"{lang} {moment}: the hint cut"
        assert frame.evaluate(CUT_LINES) == [], f"{lang} {moment}"
        assert texts_below(frame, 10) == [], f"{lang} {moment}"
        board_fills_its_share(frame, f"{lang} {moment}")


# The "▾ more" cue at the foot of the column beside Bul's road: [shown, inside the frame and
# the column, scrolled to the end of the column]
MORE_CUE = """() => {
  const panel = document.getElementById('game-controls');
  const cue = document.querySelector('.bul-more button');
  const shown = Boolean(cue && cue.getClientRects().length);
  const p = panel.getBoundingClientRect();
  const r = shown ? cue.getBoundingClientRect() : null;
  const inside = shown && r.top >= p.top - 0.5 && r.bottom <= Math.min(p.bottom, innerHeight) + 0.5
    && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  return [shown, inside, panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 4];
}"""
CUE_SHOWN = """() => {
  const cue = document.querySelector('.bul-more button');
  return Boolean(cue && cue.getClientRects().length);
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_s_column_says_more_lies_under_its_fold_in_a_320_embed(page, site, lang):
    """Issue 43: in a 320×320 frame the column beside Bul's road scrolled with nothing to say
    that who has what, the real beans and the rule set lay under its fold. A "▾ más" cue at
    its foot says so, and a click brings them into sight; at the column's end it goes."""
    import json
    from pathlib import Path

    strings = json.loads((Path(__file__).resolve().parents[2] / "web" / "games" / "bul" /
                          f"strings.{lang}.json").read_text(encoding="utf-8"))
    frame = open_framed(page, site, f"game=bul&lang={lang}&embed=1", SIZES["320"])
    settle(frame, go_on=True)
    still(frame)
    cue = frame.locator(".bul-more button")
    wait_until(frame, CUE_SHOWN)
    shown, inside, at_end = frame.evaluate(MORE_CUE)
    assert shown and inside and not at_end, lang
    assert cue.inner_text().strip() == strings["bul.more"]
    assert texts_below(frame, 10) == [], lang
    before = frame.evaluate("() => document.getElementById('game-controls').scrollTop")
    for _ in range(6):  # each click shows the next part, until the column's end
        if not frame.evaluate(MORE_CUE)[0]:
            break
        cue.click()
        wait_until(frame, "(before) => document.getElementById('game-controls').scrollTop > before",
                   before)
        before = frame.evaluate("() => document.getElementById('game-controls').scrollTop")
    wait_until(frame, f"() => !({CUE_SHOWN})()")
    assert frame.evaluate(MORE_CUE)[2], lang  # at the end, the cue gone
    expect(frame.locator(".bul-about > summary")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_640_embed_of_bul_with_its_rule_set_folded_draws_no_word_under_10_px(page, site, lang):
    """Issue 43: with the rule set's sentence folded, a 640×560 frame gave the road more room;
    its row numbers then read large enough for the usual road (15 units), but its bases' names
    (13 units) were drawn at 9.9 px and the men's symbols in a pile at 7.6 px. Every word of
    the road is now drawn no smaller than the floor; a pile's men too thin for their symbols
    are counted beside it ("×4")."""
    frame = open_framed(page, site, f"game=bul&lang={lang}&embed=1", SIZES["640"])
    settle(frame, go_on=True)
    if frame.evaluate("() => document.querySelector('.bul-about').open"):
        frame.locator(".bul-about > summary").click()
    still(frame)
    settle(frame, go_on=True)
    assert texts_below(frame, 10) == [], lang
    for _ in range(3):
        progress(frame)
        still(frame)
        assert texts_below(frame, 10) == [], lang


# The turn line's text: [font size in px, cut (it needs more lines or width than it has)]
TURN_LINE = """() => {
  const turn = document.getElementById('turn');
  return [parseFloat(getComputedStyle(turn).fontSize),
    turn.scrollHeight > turn.clientHeight + 0.5 || turn.scrollWidth > turn.clientWidth + 0.5];
}"""


@pytest.mark.parametrize("game", ["bakuk", "buku", "bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_small_frame_in_the_projector_look_reads_its_turn_line(page, site, lang, game):
    """Issue 43 (screens54c): a 320×320 frame in the projector look (the site's setting, read
    by a lesson's frame) kept Bolonki's projector size for the turn line, 22.5 px, cut to
    "●▲ Azu —…". The projector's size is a projector-sized screen's: in a small frame the turn
    line reads whole at 10 px at least, and the board keeps its 60 % of the frame."""
    page.add_init_script("try { localStorage.setItem('ludoteca.projector', '1'); } catch {}")
    frame = open_framed(page, site, f"lang={lang}&embed=1#/{game}", (320, 320))
    expect(frame.locator("body.projector")).to_have_count(1)
    settle(frame, go_on=True)
    still(frame)
    size, cut = frame.evaluate(TURN_LINE)
    assert size >= 10 and not cut, (size, cut, frame.locator("#turn").inner_text())
    board_fills_its_share(frame, f"{game} {lang}")


@pytest.mark.parametrize("size", [(320, 320), (640, 560)], ids=["320", "640"])
@pytest.mark.parametrize("game", ["bakuk", "buku", "bolonki", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_embed_in_the_projector_look_draws_its_board(page, site, lang, game, size):
    """Issue 43 (screens54): the projector look (the site's setting, read by a lesson's frame
    on the teacher's computer) gave a 320×320 embed its wide screens' column beside the board:
    the column took 288 px, Bul's board none. Below 901 px the moves are the drawer in either
    look: the board drawn wholly in the frame, across 40 % of its side at least (the look's
    larger words take more of it than the usual look's 60 %)."""
    from .helpers import sized

    sized(page, *size, projector=True)
    page.goto(f"{site}/?lang={lang}&embed=1#/{game}")
    expect(page.locator("body.projector[data-ready]")).to_have_count(1, timeout=ENGINE_READY_MS)
    settle(page, go_on=True)
    w, h, left, top, right, bottom = page.evaluate(DRAWN_BOARD)
    assert max(w, h) >= 0.4 * min(size), f"the board drawn {w:.0f}×{h:.0f}"
    assert left >= -0.5 and top >= -0.5 and right <= size[0] + 0.5 and bottom <= size[1] + 0.5


# The move list's moves wholly in its visible box and in the frame, and whether the newest
# (or, in a review, the move shown) is one of them: [whole moves, newest whole, cut: [text]].
WHOLE_MOVES = """() => {
  const log = document.getElementById('log');
  const top = Math.max(log.getBoundingClientRect().top + log.clientTop, 0);
  const foot = Math.min(log.getBoundingClientRect().top + log.clientTop + log.clientHeight,
                        innerHeight);
  const items = [...log.querySelectorAll('li')];
  const shown = log.querySelector('li.current') || log.lastElementChild;
  const whole = (r) => r.top >= top - 1 && r.bottom <= foot + 1;
  const cut = items.filter((li) => { const r = li.getBoundingClientRect();
    return r.bottom > top + 1 && r.top < foot - 1 && !whole(r); });
  return [items.filter((li) => whole(li.getBoundingClientRect())).length,
    whole(shown.getBoundingClientRect()), cut.map((li) => li.textContent.trim().slice(0, 30))];
}"""
# The key moments wholly in sight in their list and the frame.
WHOLE_MOMENTS = """() => { const list = document.getElementById('review-moments');
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll('.moment')].filter((m) => { const r = m.getBoundingClientRect();
    return r.height > 0 && r.top >= Math.max(box.top, 0) - 0.5
      && r.bottom <= Math.min(box.bottom, innerHeight) + 0.5; }).length; }"""


def fitted(frame, whole: str) -> None:
    """Until the move list is fitted in the frame after the drawer opened (log-sight.js, in
    the next frame), or as it stays (what the test then reads)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        wait_until(frame, whole, timeout=5_000)
    except PlaywrightTimeoutError:
        pass


def embed_game_link(game: str) -> str:
    """A game of some moves (Buku's, a whole one: its long paths and its end's sentence)."""
    from .test_side_column_fold import game_link
    from .test_side_column_room import bolonki_game_link, buku_finished_link, bul_game_link

    return {"bakuk": lambda: game_link("bakuk", 12), "bul": bul_game_link,
            "bolonki": bolonki_game_link, "buku": buku_finished_link}[game]()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_moves_drawer_in_a_320_embed_shows_several_whole_moves(page, site, game, lang):
    """Issue 43 (screens56): in a 320×320 frame the "Moves" drawer, a phone's 70 % of the
    frame's height, gave its heading, the replay's two rows of buttons and the review's
    button all but one line: the list showed one move, cut, and the drawer scrolled. In a
    small frame the drawer is laid over the table (as "Read it all" is), its buttons in two
    tight rows: three whole moves at least, the newest at the list's foot, its "Close" in
    sight; the review the same (its way back, a whole key moment, the move shown whole);
    no text under 10 px."""
    from .test_review import REVIEW_MS

    frame = open_framed(page, site, f"lang={lang}&embed=1#/{game}?g={embed_game_link(game)}",
                        SIZES["320"])
    settle(frame)
    expect(frame.locator("#log li").first).to_be_attached()
    frame.locator("#side-open").click()
    expect(frame.locator("#side")).to_be_visible()
    fitted(frame, f"() => ({WHOLE_MOVES})()[2].length === 0")
    whole, newest, cut = frame.evaluate(WHOLE_MOVES)
    assert whole >= 3 and newest and cut == [], (game, lang, whole, newest, cut)
    assert frame.evaluate(NOT_IN_SIGHT, "#side-close, #replay-prev, #review-open") == []
    assert texts_below(frame, 10) == [], (game, lang)

    frame.locator("#review-open").click()
    expect(frame.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    fitted(frame, f"""() => {{ const [, shown, cut] = ({WHOLE_MOVES})();
      return shown && !cut.length; }}""")
    whole, shown, cut = frame.evaluate(WHOLE_MOVES)
    assert whole >= 2 and shown and cut == [], (game, lang, "review", whole, shown, cut)
    moments = frame.locator("#review-moments .moment").count()  # none in a clean game
    assert frame.evaluate(WHOLE_MOMENTS) >= min(moments, 1), (game, lang)
    assert frame.evaluate(NOT_IN_SIGHT, "#review-close, #replay-prev") == []
    assert texts_below(frame, 10) == [], (game, lang, "review")
    frame.locator("#review-close").click()
    expect(frame.locator("#review")).to_be_hidden()
    frame.locator("#side-close").click()  # back to the board
    expect(frame.locator("#side")).to_be_hidden()
    board_fills_its_share(frame, f"{game} {lang}, the review closed")


# Two frames later: what the page fitted once the layout changed (a ResizeObserver's work
# is done after the frame's callbacks) has been drawn.
DRAWN_FRAME = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def review_in_a_320_embed(page, site, game, lang):
    """`game`'s linked game (embed_game_link) in a 320×320 frame of a lesson page, its
    review opened from the moves drawer and ready; returns the frame."""
    from .test_review import REVIEW_MS

    frame = open_framed(page, site, f"lang={lang}&embed=1#/{game}?g={embed_game_link(game)}",
                        SIZES["320"])
    settle(frame)
    frame.locator("#side-open").click()
    frame.locator("#review-open").click()
    expect(frame.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    return frame


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_long_jump_chain_in_a_320_embeds_review_is_whole_or_out_of_sight(page, site, lang):
    """Issue 43 (screens57): in a 320×320 frame the review's move list showed Bolonki's jump
    chain "c7-a7-a5-c3 …", two lines, cut at its top, now and then: the review scrolled the
    list by the move shown's height, after or before the list's own fitting (log-sight.js),
    whichever came last. On purpose here: from the chain's key moment the replay steps to
    the game's end and back, and at each step every move in the list is whole (or out of
    sight), the move shown among them; a step back leaves room for the moves (its "Continue
    playing from here" is one line)."""
    frame = review_in_a_320_embed(page, site, "bolonki", lang)
    frame.locator("#review-moments .moment", has_text="c7-a7-a5-c3").click()
    seen = []
    for step in ["#replay-next"] * 4 + ["#replay-prev"] * 4:
        expect(frame.locator("#board")).not_to_have_attribute("aria-busy", "true")
        frame.evaluate(DRAWN_FRAME)
        ply = frame.evaluate("() => document.querySelector('#log li.current')?.dataset.ply")
        seen.append((ply, *frame.evaluate(WHOLE_MOVES)))
        frame.locator(step).click()
    assert [s for s in seen if s[1] < 2 or not s[2] or s[3]] == [], seen
    assert len({s[0] for s in seen}) >= 4, seen  # it stepped


# The key moments under the list's foot (not yet in sight), and what the button under the
# list says: [count, the button shown whole in the frame, its words]
MOMENTS_BELOW = """() => { const list = document.getElementById('review-moments');
  const top = list.getBoundingClientRect().top + list.clientTop, foot = top + list.clientHeight;
  const below = [...list.children].filter((m) => { const r = m.getBoundingClientRect();
    return r.bottom > foot + 0.5 && r.top > top + 0.5; });
  const next = document.getElementById('review-moments-next');
  const r = next.getBoundingClientRect();
  const shown = !next.hidden && r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
  return [below.length, shown, next.textContent]; }"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", ["bul", "buku"])
def test_a_320_embeds_review_says_how_many_key_moments_lie_below(page, site, game, lang):
    """Issue 43 (screens57): in a 320×320 frame the review showed one key moment of three, and
    only a faint shadow said that more lay under it. A button says how many ("▾ 2 more", at
    the end of the graph's fold's line; a phone's under the list: "▾ 2 more key moments"),
    and each click brings the next one into sight; at the list's end it goes. Each moment
    and move in sight stays whole (review58: the last click, at the list's end, left the
    moment above the next one cut at the list's top)."""
    frame = review_in_a_320_embed(page, site, game, lang)
    word = {"es": "más", "en": "more"}[lang]
    count, shown, words = wait_until(frame, f"""() => {{ const seen = ({MOMENTS_BELOW})();
      return seen[0] > 0 && seen[1] && seen; }}""")
    assert str(count) in words and word in words, (count, words)
    for _ in range(count):
        before = frame.evaluate(MOMENTS_BELOW)[0]
        if not before:
            break
        frame.locator("#review-moments-next").click()
        wait_until(frame, f"(before) => ({MOMENTS_BELOW})()[0] < before", before)
        fitted(frame, READ)
        assert frame.evaluate(WHOLE_MOMENTS) >= 1
        assert frame.evaluate(CUT_MOMENTS) == [], (game, lang, before)
        whole, shown, cut = frame.evaluate(WHOLE_MOVES)
        assert shown and cut == [], (game, lang, before, whole, shown, cut)
        assert texts_below(frame, 10) == [], (game, lang)
    expect(frame.locator("#review-moments-next")).to_be_hidden()


# The key moments cut where they are read: partly in the list's visible box (and the frame),
# not whole there. [text]
CUT_MOMENTS = """() => { const list = document.getElementById('review-moments');
  const b = list.getBoundingClientRect();
  const top = Math.max(b.top + list.clientTop, 0);
  const foot = Math.min(b.top + list.clientTop + list.clientHeight, innerHeight);
  return [...list.querySelectorAll('.moment')].filter((m) => { const r = m.getBoundingClientRect();
    return r.height > 0 && r.bottom > top + 1 && r.top < foot - 1
      && (r.top < top - 0.5 || r.bottom > foot + 0.5); })
    .map((m) => m.textContent.trim().slice(0, 30)); }"""
# The drawn board and the review's column: [overlap in px², the column's left - the board's right]
BESIDE = f"""() => {{ const [, , left, top, right, bottom] = ({DRAWN_BOARD})();
  const s = document.getElementById('side').getBoundingClientRect();
  const w = Math.max(0, Math.min(right, s.right) - Math.max(left, s.left));
  const h = Math.max(0, Math.min(bottom, s.bottom) - Math.max(top, s.top));
  return [Math.round(w * h), Math.round(s.left - right)]; }}"""
# The review laid out as a person reads it: the key moments and the move shown fitted
READ = f"""() => ({CUT_MOMENTS})().length === 0 && ({WHOLE_MOVES})()[1]
  && ({WHOLE_MOVES})()[2].length === 0"""


def review_beside_the_board(frame, where: str) -> None:
    """The review in a column beside the board: the board keeps its share and is not covered,
    every key moment in sight whole (two at least, where there are two), the move shown whole
    in the move list, the way back and the replay's steps in sight, no text under 10 px."""
    still(frame)
    fitted(frame, READ)
    board_fills_its_share(frame, where)
    covered, gap = frame.evaluate(BESIDE)
    assert covered == 0 and gap >= 0, (where, "the review over the board", covered, gap)
    assert frame.evaluate(CUT_MOMENTS) == [], where
    moments = frame.locator("#review-moments .moment").count()
    assert frame.evaluate(WHOLE_MOMENTS) >= min(moments, 2), where
    whole, shown, cut = frame.evaluate(WHOLE_MOVES)
    assert shown and cut == [], (where, whole, shown, cut)
    assert frame.evaluate(NOT_IN_SIGHT, "#review-close, #replay-prev") == [], where
    assert texts_below(frame, 10) == [], where


# "Show why" over a line of its key moment's words: [[moment, px over]] (it stands in the
# corner of the moment's last line; a line above that it covers lost the foot of its words)
WHY_OVER_WORDS = """() => [...document.querySelectorAll('#review-moments li')].flatMap((li) => {
  const moment = li.querySelector('.moment'), why = li.querySelector('.why-open');
  if (!why || !moment.getClientRects().length) return [];
  const b = why.getBoundingClientRect(), words = document.createRange();
  words.selectNodeContents(moment);
  return [...words.getClientRects()].filter((r) => r.right > b.left + 1 && r.left < b.right - 1)
    .map((r) => Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top))
    .filter((over) => over > 1)
    .map((over) => [moment.textContent.slice(0, 30), Math.round(over)]); })"""
# Whole key moments a 640×560 frame's review shows at once (review58: 3 of Buku's, 4 of
# Bolonki's, beside a board drawn 356 px wide)
MANY_MOMENTS = {"bolonki": 5, "buku": 4}


def review_reads_many_moments(frame, game: str, where: str) -> None:
    """The review's column as wide as the board allows: the board drawn at 60 % of the frame's
    shorter side (336 px) and a few px, no wider; Buku's and Bolonki's key moments, four and
    five of them whole, "Show why" over none of their words."""
    w, h = frame.evaluate(DRAWN_BOARD)[:2]
    least = 0.6 * min(frame.evaluate("() => [innerWidth, innerHeight]"))
    assert least <= max(w, h) and w <= least + 8, (where, "the board drawn", w, h)
    assert frame.evaluate(WHY_OVER_WORDS) == [], where
    if game in MANY_MOMENTS:
        assert frame.evaluate(WHOLE_MOMENTS) >= MANY_MOMENTS[game], where


@pytest.mark.parametrize("game", GAMES)
def test_a_640_embeds_review_stands_beside_the_board(page, site, game):
    """Issue 43 (embed57): in a lesson page's 640×560 frame the review rose from the foot as
    a phone's drawer, over all but a strip of the board (~180 px), its moves out of sight and
    its key moments cut at the frame's foot. A wide frame reads it as a laptop does: in a
    column beside the board, which keeps 60 % of the frame's shorter side; each key moment in
    sight is whole, the move shown whole, as the review opens and once a moment is chosen.
    Opened from the moves drawer, or at a game's end from its "Review the game". Review58:
    the column was narrow (262 px), three or four key moments in sight: it takes what the
    board leaves over its 60 %, and more moments are read at once."""
    from .test_review import REVIEW_MS

    link = embed_game_link(game)
    for lang in ["es", "en"]:
        frame = open_framed(page, site, f"lang={lang}&embed=1#/{game}?g={link}", SIZES["640"])
        settle(frame)
        expect(frame.locator("#log li").first).to_be_attached()
        over = frame.locator("#over-review")
        if over.is_visible():  # the game's end offers it
            over.click()
        else:
            frame.locator("#side-open").click()
            frame.locator("#review-open").click()
        expect(frame.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
        review_beside_the_board(frame, f"{game} {lang}, opened")
        review_reads_many_moments(frame, game, f"{game} {lang}, opened")
        moment = frame.locator("#review-moments .moment")
        if moment.count():
            moment.first.click()
            expect(frame.locator("#log li.current")).to_be_attached()
            review_beside_the_board(frame, f"{game} {lang}, a key moment chosen")
        frame.locator("#review-close").click()
        expect(frame.locator("#review")).to_be_hidden()


# How far the board's box runs over the end's words above it and the tools below it (px;
# 0 where it keeps to its own room).
BOARD_OVER = """() => {
  const board = document.getElementById('board').getBoundingClientRect();
  const status = document.querySelector('.board-area > .status').getBoundingClientRect();
  const tools = document.querySelector('.table-tools').getBoundingClientRect();
  return [Math.max(0, Math.round(status.bottom - board.top)),
          Math.max(0, Math.round(board.bottom - tools.top))];
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_finished_game_in_a_640_embed_leaves_the_tools_clickable(page, site, lang):
    """Issue 43: in a lesson's 640×560 frame Buku's end (its long sentence, then "Play
    again" and "Review the game") stood in a 236 px column beside the scores, ten lines high,
    and the board under it, at its least height, ran out of its row over the tools: a click
    on "Moves" fell on the board. The end takes the row's width and scrolls before the board
    leaves its room: every tool and the end's buttons in sight, on top, and "Moves" opens."""
    frame = open_framed(page, site,
                        f"lang={lang}&embed=1#/buku?g={embed_game_link('buku')}", SIZES["640"])
    assert settle(frame)["over"]
    still(frame)
    assert frame.evaluate(BOARD_OVER) == [0, 0], lang
    assert frame.evaluate(NOT_IN_SIGHT, ".table-tools button, #turn button") == [], lang
    frame.locator("#side-open").click()
    expect(frame.locator("#side")).to_be_visible()
    assert texts_below(frame, 10) == [], lang
