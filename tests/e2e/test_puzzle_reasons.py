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


# bakuk-2 (holes 2 3 3 | 0 1 3, South to move): each move's sentence, the best first
BAKUK_WORDS = {
    "es": ("Si siembras c, te llevas 6 semillas; Norte contesta con d y no se lleva nada. "
           "Jugando los dos lo mejor posible, desde aquí acabas 8 semillas por delante de "
           "Norte. Es la mejor jugada.",
           "Si siembras a, te llevas 4 semillas; Norte contesta con e y se lleva 4."),
    "en": ("If you sow c, you take 6 seeds; North answers with d and takes nothing. With both "
           "playing their best, from here you finish 8 seeds ahead of North. It is the best "
           "move.",
           "If you sow a, you take 4 seeds; North answers with e and takes 4."),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bakuks_answer_says_why_each_move_is_right_or_wrong(page, site, lang):
    """Issue 43: Bakuk's answer gave each move's "margen final" and no why. From the solved
    table, it now says for each move what it takes, North's best answer and what that takes,
    and where best play leads from here, in words a 12-year-old reads; laptop 1366×768."""
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang={lang}#/bakuk?puzzle=bakuk-2")
    expect(page.locator("#coach")).to_be_visible(timeout=REVIEW_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    reasons = page.locator(".coach-reason")
    expect(reasons).to_have_count(3, timeout=REVIEW_MS)
    best, other = BAKUK_WORDS[lang]
    expect(reasons.nth(0)).to_have_text(best)
    expect(reasons.nth(1)).to_contain_text(other)
    text = " ".join(reasons.all_inner_texts())
    assert "{" not in text and "margen" not in text and "margin" not in text
    assert texts_below(page, 12) == []
