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


# bakuk-2 (holes 2 3 3 | 0 1 3, South to move): the best move and the best other, said
BAKUK_WORDS = {
    "es": "Con c te llevas 6; Norte juega d y no se lleva nada. Con a te llevas 4; Norte juega e "
          "y se lleva 4.",
    "en": "With c you take 6; North's d takes nothing. With a you take 4; North's e takes 4.",
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bakuks_answer_says_why_the_best_is_right_and_the_next_wrong(page, site, lang):
    """Issue 43: Bakuk's answer gave each move's "margen final" and no why. From the solved
    table, it now says for the best move and the best of the others what each takes and
    what North's best answer takes back, in words a 12-year-old reads; laptop 1366×768."""
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang={lang}#/bakuk?puzzle=bakuk-2")
    expect(page.locator("#coach")).to_be_visible(timeout=REVIEW_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    reasons = page.locator(".coach-reason")
    expect(reasons).to_have_count(1, timeout=REVIEW_MS)
    expect(reasons.nth(0)).to_have_text(BAKUK_WORDS[lang])
    assert page.evaluate(IN_SIGHT)
    assert texts_below(page, 12) == []
