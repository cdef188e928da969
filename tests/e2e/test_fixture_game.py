"""A game is two folders: the test suite's fixture game, Nim (tests/fixtures/py/ludoteca/
games/nim and tests/fixtures/web/games/nim), changes no shared file, yet the test site
offers it on the home page, in the set-up form and the rules panel, plays it to the end
against the computer, and reviews it."""

from __future__ import annotations

import random

from playwright.sync_api import expect

import ludoteca

from .helpers import open_game, open_setup, play_to_the_end, playable_games, start_game


def test_the_fixture_game_is_offered_played_to_the_end_and_reviewed(page, site):
    assert "nim" in ludoteca.GAMES  # the tests' registry has it...
    assert "nim" in playable_games(page, site)  # ...and so has the test site's home page
    expect(page.locator('.game-card[data-game="nim"] h2')).to_have_text("Nim")

    open_game(page, site, "nim")
    open_setup(page)  # its own option, in its own words
    expect(page.locator('select[data-option="piles"] option')).to_have_count(2)
    expect(page.locator("#setup-options label").first).to_contain_text("Montones")

    page.click("#rules-open")
    dialog = page.locator("#rules-dialog")
    expect(dialog.locator("#rules-title")).to_contain_text("Nim")
    expect(dialog.locator('[data-section="turn"] li')).to_have_count(3)
    expect(dialog.locator("figure svg.rules-diagram circle")).to_have_count(12)  # 3 + 4 + 5
    dialog.locator(".rules-close").click()

    start_game(page, {"piles": 4}, ["human", "perfect"])
    expect(page.locator("#scores li")).to_have_count(2)
    play_to_the_end(page, random.Random(1))
    # the perfect player wins from 1, 3, 5, 7 (nim-sum 0) whatever the person does
    expect(page.locator("#turn.over")).to_contain_text("Segundo")
    taken = page.locator("#scores .score").all_text_contents()
    assert sum(map(int, taken)) == 1 + 3 + 5 + 7

    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#review-graph polyline.outlook")).to_have_count(1)
    expect(page.locator("#review-grades li")).not_to_have_count(0)
