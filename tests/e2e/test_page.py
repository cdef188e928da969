"""The page around every game, shown with Bakuk: the home page lists the registry's games,
the board is there while Python loads, the language is switched and remembered, and a broken
runtime is reported in words."""

from __future__ import annotations

import re

from playwright.sync_api import expect

import ludoteca

from .conftest import ENGINE_READY_MS
from .helpers import STEP, open_game, wait_until


def test_home_page_lists_every_game_of_the_registry(page, site):
    page.goto(site + "/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(ludoteca.GAMES))
    for game in ludoteca.GAMES:  # in the registry's order, each a link to its page
        expect(cards.nth(list(ludoteca.GAMES).index(game))).to_have_attribute("data-game", game)
        card = page.locator(f'.game-card[data-game="{game}"]')
        expect(card.locator("> a")).to_have_attribute("href", f"#/{game}")
        expect(card.locator("img")).to_have_attribute("src", f"games/{game}/picture.svg")
    page.click('.game-card[data-game="bakuk"] > a')
    expect(page.locator("#game-title")).to_have_text("Bakuk")



def test_board_is_drawn_and_the_spinner_turns_while_python_loads(page, site):
    held, released = [], []

    def hold_runtime(route):  # Python's runtime arrives once the loading page was seen
        route.continue_() if released else held.append(route)

    page.emulate_media(reduced_motion="no-preference")  # or the spinner stands still
    page.route("**/pyodide.asm.wasm", hold_runtime)
    page.goto(site + "/#/bakuk")
    expect(page.locator("#board svg")).to_be_visible()  # the opening position, from the build
    expect(page.locator("#engine-status")).to_be_visible()
    expect(page.locator("#engine-progress")).to_be_visible()
    turn = "() => document.querySelector('#engine-status .spinner').style.transform"
    first = wait_until(page, turn)
    wait_until(page, f"(first) => ({turn})() !== first", first)
    expect(page.locator("#new-game")).to_be_disabled()
    released.append(True)
    for route in held:
        route.continue_()
    expect(page.locator(STEP).first).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#engine-status")).to_be_hidden()


def test_language_switch_is_visible_and_remembered(page, site):
    open_game(page, site, "bakuk")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#new-game")).to_have_text("Nueva partida")
    page.click('button[data-lang="en"]')
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#new-game")).to_have_text("New game")
    expect(page.locator('button[data-lang="en"]')).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator("#new-game")).to_have_text("New game", timeout=ENGINE_READY_MS)
    page.click('button[data-lang="es"]')
    expect(page.locator("#new-game")).to_have_text("Nueva partida")


def test_english_browser_gets_english(browser, site):
    context = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    page.goto(site + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".game-card h2").first).to_be_visible()
    expect(page.locator("#home h1")).to_have_text(re.compile("Board games"))
    context.close()


def test_runtime_served_with_the_wrong_type_is_reported(page, site):
    def wrong_type(route):
        route.fulfill(status=200, content_type="text/plain", body="not wasm")

    page.route("**/pyodide.asm.wasm", wrong_type)
    page.goto(site + "/#/bakuk")
    status = page.locator("#engine-status")
    expect(status).to_have_attribute("data-state", "failed", timeout=20_000)
    expect(page.locator("#engine-text")).to_contain_text("application/wasm")
    expect(page.locator("#engine-retry")).to_be_visible()
    expect(page.locator("#board svg")).to_be_visible()  # the board stays


def test_missing_runtime_file_is_reported(page, site):
    page.route("**/pyodide.asm.mjs", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site + "/#/bakuk")
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "failed",
                                                             timeout=20_000)
    expect(page.locator("#engine-text")).not_to_be_empty()
