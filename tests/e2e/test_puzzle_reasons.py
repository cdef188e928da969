"""The puzzle's answer on screen says why the best move is best in the game's words, as the
printed answer key does (issue 43: Bul's reasons, `Teaching.puzzle_reasons`, were printed
only): on a phone, and in a 320×320 embed once its answer is read whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import settle, sized, texts_below
from .test_review import REVIEW_MS

# the reasons' boxes wholly on screen
IN_SIGHT = """() => [...document.querySelectorAll('.coach-reason')].every((p) => {
  const r = p.getBoundingClientRect();
  return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5; })"""

WORDS = {"es": ("Después de tu jugada", "Con la mejor de las otras jugadas, Negro"),
         "en": ("After your move", "With the best of the other moves, Black")}


def open_answer(page, site, lang, query=""):
    page.goto(f"{site}/?lang={lang}{query}#/bul?puzzle=bul-22")
    expect(page.locator("#coach")).to_be_visible(timeout=REVIEW_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    expect(page.locator(".coach-values")).to_be_attached(timeout=REVIEW_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buls_answer_on_a_phone_says_why(page, site, lang):
    sized(page, 390, 844)
    open_answer(page, site, lang)
    reasons = page.locator(".coach-reason")
    expect(reasons).to_have_count(2)
    first, other = WORDS[lang]
    expect(reasons.nth(0)).to_contain_text(first)
    expect(reasons.nth(1)).to_contain_text(other)
    assert page.evaluate(IN_SIGHT)
    assert texts_below(page.locator("#coach"), 12) == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buls_answer_in_a_320_embed_says_why_when_read_whole(page, site, lang):
    sized(page, 320, 320)
    open_answer(page, site, lang, "&embed=1")
    fold = page.locator("#coach-fold")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "true")
    reasons = page.locator(".coach-reason")
    expect(reasons).to_have_count(2)
    expect(reasons.nth(0)).to_be_visible()
    assert page.evaluate(IN_SIGHT)
    assert texts_below(page.locator("#coach"), 10) == []
