"""Buku at the table, second pass: the smallest text as drawn at the projector and in a
320×320 embed (the hand beside the board there, the numbers large), and the last move's
marks kept to what explains it, with their key on demand."""
from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers import click_step, open_game, settle, start_game, wait_for_turn

WEB = Path(__file__).resolve().parents[2] / "web"
STRINGS = {lang: json.loads((WEB / "games" / "buku" / f"strings.{lang}.json").read_text())
           for lang in ("es", "en")}

# every visible text node's size as drawn (SVG text: its font size times the SVG's scale)
SMALL = """(floor) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const style = getComputedStyle(el);
    const unseen = '[hidden], .visually-hidden, dialog:not([open]), [aria-hidden="true"] title';
    if (style.visibility === 'hidden' || el.closest(unseen)) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0
      && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth);
    if (!boxes.length) continue;
    let size = parseFloat(style.fontSize);
    const svg = el.closest('svg');
    const m = svg && el instanceof SVGElement ? el.getScreenCTM() : null;
    if (m) size *= Math.hypot(m.a, m.b);
    if (size < floor) found.push([Math.round(size * 10) / 10, node.textContent.trim()]);
  }
  return found;
}"""


def sized(page, width, height, projector=False):
    """The test's page at a screen's size (and, before it loads, in the projector look)."""
    page.set_viewport_size({"width": width, "height": height})
    if projector:
        page.add_init_script("try { localStorage.setItem('ludoteca.projector', '1'); } catch {}")
    return page


def open_embed(page, site):
    sized(page, 320, 320)
    page.goto(f"{site}/?game=buku&embed=1#/buku")
    page.wait_for_selector("body[data-ready]")
    return settle(page, go_on=True)


def floors_through_a_move(page, floor):
    """The smallest text at each stage of a move begun: lines offered, a line emptied (the
    squares to start from, the hand), the path begun."""
    look = wait_for_turn(page)
    assert page.evaluate(SMALL, floor) == []
    for _ in range(2):
        look = click_step(page, look["steps"][0], look)
        assert page.evaluate(SMALL, floor) == []


def test_no_text_below_the_projectors_floor(page, site):
    sized(page, 1920, 1080, projector=True)
    open_game(page, site, "buku")
    settle(page, go_on=True)
    assert page.evaluate(SMALL, 22) == []
    floors_through_a_move(page, 22)


def test_no_text_below_the_embeds_floor(page, site):
    open_embed(page, site)
    assert page.evaluate(SMALL, 10) == []
    floors_through_a_move(page, 10)


def test_the_embed_shows_the_hand_beside_the_board_and_the_numbers_alone(page, site):
    look = open_embed(page, site)
    look = click_step(page, look["steps"][0], look)  # a line emptied: its pieces in hand
    board = page.locator("#board .buku-board")
    expect(board).to_have_class(re.compile(r"\bbeside\b"))
    frame = page.locator("#board .buku-frame").bounding_box()
    hand = page.locator("#board .buku-hand").bounding_box()
    assert hand["x"] >= frame["x"] + frame["width"]  # to its right, not over the squares
    numbers = page.locator("#board .buku-hand-text.number")
    expect(numbers).to_have_text(page.locator("#board .buku-hand").get_attribute("data-hand"))
    # no stacks of discs: the number in each square says how many
    assert page.locator("#board .buku-disc").count() == 0
    assert page.locator("#board .buku-count").count() > 0


def test_the_last_move_is_marked_by_what_explains_it_and_has_a_key(page, site):
    sized(page, 1366, 768)
    open_game(page, site, "buku")
    start_game(page, seats=["casual", "human"])  # the computer (White) moves first
    expect(page.locator("#log li")).to_have_count(1)
    wait_for_turn(page)
    kinds = page.locator("#board [data-last-move]").evaluate_all(
        "els => [...new Set(els.map((e) => e.dataset.lastMove))]")
    assert set(kinds) <= {"line", "to", "capture"} and {"line", "to"} <= set(kinds)
    # the key, one line on demand under the board
    legend = page.locator("#legend")
    expect(legend).to_be_visible()
    legend.locator("summary").click()
    expect(page.locator("#legend-text")).to_have_text(STRINGS["es"]["buku.legend"])
