"""The end of a game offers what comes next: another game, and the review of this one (it
offered only "play again"; the review's button was in the side panel, a drawer on phones).
The banner's review is the side panel's own entry; with the review switched off by the
address (review=0) the banner does not offer it. The games' cases share a page (conftest's
`shared_page`): a case opens its game by its link in the page the one before used."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

import ludoteca

from .helpers import open_game, play_to_the_end

# Bolonki played by clicks takes a hundred moves or more: its safeguard (`max_moves`, the
# rules' option) ends it sooner, as a draw, and a draw's banner is the same.
SHORTER = {"bolonki": "&max_moves=16"}
NAMES = {"es": ("Jugar otra vez", "Revisar la partida"), "en": ("Play again", "Review the game")}


@pytest.mark.parametrize(("game", "lang"), [(g, "es") for g in ludoteca.GAMES] + [("bakuk", "en")])
def test_the_end_of_a_game_offers_its_review(shared_page, site, game, lang):
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})  # the side panel is a drawer here
    open_game(page, site, game, f"?lang={lang}{SHORTER.get(game, '')}")
    play_to_the_end(page, random.Random(7))
    again, review = NAMES[lang]
    banner = page.locator("#turn.over")
    expect(banner.get_by_role("button", name=again)).to_be_visible()
    button = banner.get_by_role("button", name=review)
    expect(button).to_be_visible()
    button.click()
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-progress")).not_to_be_empty()


def test_no_review_at_the_end_when_the_address_switches_it_off(page, site):
    open_game(page, site, "bakuk", "?lang=es&review=0")
    play_to_the_end(page, random.Random(7))
    banner = page.locator("#turn.over")
    expect(banner.get_by_role("button", name="Jugar otra vez")).to_be_visible()
    expect(banner.get_by_role("button", name="Revisar la partida")).to_have_count(0)
