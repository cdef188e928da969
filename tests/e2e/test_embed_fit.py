"""A lesson, a puzzle and a game in a teacher's 320×320 frame (?embed=1), and in a 640×560
one, in every game and both languages (issue 43, item 9): the board keeps 60 % of the frame's
shorter side (its longer side drawn at least that), the goal is read whole, and the explanation of
an answer is there whole on demand ("Read it all" lays the coach's panel over the table;
"Back to the board" or Escape folds it again), no text under 10 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import texts_below, wait_until
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
    if (!el.getClientRects().length) continue;  // not shown
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
