"""The puzzle's answer on screen says why the best move is best in the game's words, as the
printed answer key does (issue 43: Bul's reasons, `Teaching.puzzle_reasons`, were printed
only): on a phone, and in a 320×320 embed once its answer is read whole. The cases but the
embed's share a page (conftest's `shared_page`): a case in the language of the one before
opens its puzzle by its link in that page, with no new page and engine."""

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
def test_buls_answer_on_a_phone_says_why(shared_page, site, lang):
    page = shared_page
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
def test_bakuks_answer_says_why_the_best_is_right_and_the_next_wrong(shared_page, site, lang):
    """Issue 43: Bakuk's answer gave each move's "margen final" and no why. From the solved
    table, it now says for the best move and the best of the others what each takes and
    what North's best answer takes back, in words a 12-year-old reads; laptop 1366×768."""
    page = shared_page
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


# bakuk-2's third move, said in the fold as the reasons say the best two
BAKUK_THIRD = {"es": "Con b ", "en": "With b"}
FOLD = {"es": "Qué pasa con cada jugada", "en": "What each move leads to"}


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("game", ["bakuk", "bul"])
@pytest.mark.parametrize("lang", ["es", "en"])  # one language, then the other
def test_the_answers_why_is_in_sight_and_every_move_is_said_in_place(shared_page, site, game,
                                                                      lang, size):
    """Issue 43: a puzzle's answer said why of the best move and the best other only, and
    "Show why" (the line played on the board) came last, under the values and the line:
    below the fold at 1366×768 and on a phone. "Show why" stands under the answer's first
    line, in sight as the answer is shown (the person scrolls nothing); under the reasons a
    fold, "What each move leads to", in sight too, opens in place and says every move."""
    page = shared_page
    sized(page, *size)
    puzzle = {"bakuk": "bakuk-2", "bul": "bul-22"}[game]
    page.goto(f"{site}/?lang={lang}#/{game}?puzzle={puzzle}")
    expect(page.locator("#coach")).to_be_visible(timeout=REVIEW_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    expect(page.locator(".coach-values")).to_be_attached(timeout=REVIEW_MS)
    settle(page)
    why = page.locator("#coach-why")
    expect(why).to_be_in_viewport(ratio=1)
    fold = page.locator("#coach-verdict .coach-each")
    summary = fold.locator("> summary")
    expect(summary).to_have_text(FOLD[lang])
    expect(summary).to_be_in_viewport(ratio=1)
    moves = page.locator(".coach-values li")
    said = fold.locator("li")
    expect(said.first).to_be_hidden()  # folded: the board keeps its room
    summary.click()
    expect(fold).to_have_attribute("open", "")
    expect(said.first).to_be_in_viewport()  # opened where it is
    if game == "bakuk":  # every move, the third too (the reasons say two)
        expect(said).to_have_count(moves.count())
        expect(fold).to_contain_text(BAKUK_THIRD[lang])
    else:
        assert said.count() >= 2
    for text in said.all_inner_texts():
        assert len(text.split()) > 4, text  # a sentence, not a value
    assert texts_below(page.locator("#coach"), 12) == []
