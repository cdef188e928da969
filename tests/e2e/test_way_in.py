"""The first keys a keyboard user presses: "skip to content" on a game's page goes to the
game's board (the address stays the game's), and going from the home page into a game puts
the focus on its board, not on the page's body."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import open_game, settle, wait_until

FOCUS_ON_BOARD = "() => document.querySelector('#board').contains(document.activeElement)"


def test_skip_to_content_goes_to_the_board_and_stays_on_the_game(page, site):
    open_game(page, site, "bakuk")
    page.keyboard.press("Tab")
    expect(page.locator(".skip")).to_be_focused()
    page.keyboard.press("Enter")
    wait_until(page, FOCUS_ON_BOARD)
    assert page.url.endswith("#/bakuk")
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#home")).to_be_hidden()


def test_from_the_home_page_into_a_game_the_focus_is_on_its_board(page, site):
    page.goto(f"{site}/?lang=es#/")
    card = page.locator('.game-card[data-game="bakuk"] > a').first
    expect(card).to_be_visible(timeout=ENGINE_READY_MS)
    card.focus()
    page.keyboard.press("Enter")
    wait_until(page, FOCUS_ON_BOARD)
    settle(page)
    wait_until(page, FOCUS_ON_BOARD)  # still there once the engine's game is drawn
