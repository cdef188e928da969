"""What a newcomer meets first: "skip to content" on a game's page goes to the game's board
(the address stays the game's), going from the home page into a game puts the focus on its
board, not on the page's body; the log tells a move once the board has shown it; the last
move's marks have a key."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import click_step, frames_seen, open_game, settle, wait_until, watch_frames

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


def test_the_log_says_a_move_only_once_the_board_has_shown_it(page, site):
    """Words, scores and board agree: while a move is being animated, the log does not
    already tell it (it told "captures 2 in e" while the seeds were still moving)."""
    page.emulate_media(reduced_motion="no-preference")  # the animations are played
    open_game(page, site, "bakuk", "?seats=human,casual")
    look = settle(page)
    watch_frames(page, """() => [document.querySelectorAll('#log li').length,
      document.querySelector('#board').getAttribute('aria-busy')]""")
    click_step(page, look["steps"][0], look)
    settle(page)  # the computer's reply too
    wait_until(page, "() => document.querySelectorAll('#log li').length >= 2")
    frames = frames_seen(page)
    assert any(busy == "true" for _, busy in frames)  # the moves were animated
    while_shown = {logged for logged, busy in frames if busy == "true"}
    assert while_shown <= {0, 1}, frames  # never the move being shown
    shown_then_logged = [logged for logged, busy in frames]
    assert shown_then_logged[-1] == 2


def test_the_key_to_the_last_moves_marks_is_one_line_away(page, site):
    open_game(page, site, "bakuk", "?seats=human,human")
    expect(page.locator("#legend")).to_be_hidden()  # no move yet: nothing to explain
    look = settle(page)
    click_step(page, look["steps"][0], look)
    expect(page.locator("#legend")).to_be_visible()
    page.click("#legend summary")
    expect(page.locator("#legend-text")).to_contain_text("↥")
