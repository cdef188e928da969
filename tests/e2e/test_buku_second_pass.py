"""Buku at the table, second pass: the smallest text as drawn at the projector and in a
320×320 embed (the squares large enough for a finger there, the numbers alone in them, the
hand said beside the board), and the last move's marks kept to what explains it, with their
key on demand."""
from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers import click_step, open_game, settle, sized, start_game, texts_below, wait_for_turn
from .test_table import embedded

WEB = Path(__file__).resolve().parents[2] / "web"
STRINGS = {lang: json.loads((WEB / "games" / "buku" / f"strings.{lang}.json").read_text())
           for lang in ("es", "en")}


def open_embed(page, site):
    """Buku in a 320×320 frame of a lesson page: (the frame, its first look)."""
    frame = embedded(page, site, "buku")
    return frame, settle(frame, go_on=True)


def floors_through_a_move(page, floor):
    """The smallest text at each stage of a move begun: lines offered, a line emptied (the
    squares to start from, the hand), the path begun."""
    look = wait_for_turn(page)
    assert texts_below(page, floor) == []
    for _ in range(2):
        look = click_step(page, look["steps"][0], look)
        assert texts_below(page, floor) == []


def test_no_text_below_the_projectors_floor(page, site):
    sized(page, 1920, 1080, projector=True)
    open_game(page, site, "buku")
    settle(page, go_on=True)
    assert texts_below(page, 22) == []
    floors_through_a_move(page, 22)


def test_no_text_below_the_embeds_floor(page, site):
    frame, _ = open_embed(page, site)
    assert texts_below(frame, 10) == []
    floors_through_a_move(frame, 10)


def test_the_embed_gives_the_squares_a_fingers_room_and_says_the_hand_beside_them(page, site):
    page, look = open_embed(page, site)  # from here on, the page in the frame
    board = page.locator("#board .buku-board")
    expect(board).to_have_class(re.compile(r"\bcompact\b"))
    look = click_step(page, look["steps"][0], look)  # a line emptied: its pieces in hand
    # every square, and so every rank's and file's band, at least 24 px a side
    square = page.locator("#board .buku-sq .buku-cell").first.bounding_box()
    assert min(square["width"], square["height"]) >= 24
    # the hand in the panel beside the board, the number as the engine's facts have it
    frame = page.locator("#board .buku-frame").bounding_box()
    hand = page.locator("#game-controls .buku-panel-hand")
    expect(hand).to_be_visible()
    assert hand.bounding_box()["x"] >= frame["x"] + frame["width"]
    held = page.locator("#board .buku-hand").get_attribute("data-hand")
    expect(hand.locator("strong")).to_have_text(held)
    # no stacks of discs: the number in each square says how many
    assert page.locator("#board .buku-disc").count() == 0
    assert page.locator("#board .buku-count").count() > 0
    # the room keeps its shape through the path: the layout does not flip under a finger
    look = click_step(page, look["steps"][0], look)
    look = click_step(page, look["steps"][0], look)
    expect(board).to_have_class(re.compile(r"\bcompact\b"))
    expect(hand.locator("strong")).to_have_text(str(int(held) - 2))


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
