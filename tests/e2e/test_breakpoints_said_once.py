"""Where the layout changes is said once, in style.css, and the page's code reads it there
(issue 43, items 5 and 9): coach.js kept its own copy of a media query ("the panel stands above
the board: its verdict holds the board's size"), which could drift from the CSS's. Changing the
custom property alone must change what the code does."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .test_puzzle_levels import open_puzzle


def answered(page) -> None:
    page.locator('#coach-buttons [data-coach="solution"]').click()
    expect(page.locator("#coach-verdict")).to_be_visible(timeout=ENGINE_READY_MS)


def test_the_coach_holds_the_board_where_the_stylesheet_says(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_puzzle(page, site, "es", "puzzle=bakuk-31")
    answered(page)  # a phone: the panel above the board, its verdict holds the board
    expect(page.locator("body")).to_have_class(re.compile(r"\bboard-kept\b"))
    # the stylesheet alone says otherwise: the code follows it
    page.evaluate("() => document.body.style.setProperty('--coach-holds-board', '0')")
    page.locator('#coach-buttons [data-coach="again"]').click()
    expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=ENGINE_READY_MS)
    answered(page)
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bboard-kept\b"))
