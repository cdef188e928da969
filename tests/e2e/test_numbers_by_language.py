"""Every percent and decimal the review and the puzzle answer show is written the reader's
way (Intl.NumberFormat in the page's language): "37 %" in Spanish, "37%" in English, never
one hand-made form for both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from ludoteca.teaching.puzzles import puzzles

from .helpers import settle
from .test_review import REVIEW_MS, bul_link

SPANISH = re.compile(r"\d\u00a0%")  # Intl's Spanish: a no-break space before the sign
ENGLISH = re.compile(r"\d%")
WRONG = {"es": re.compile(r"\d(%| %)"), "en": re.compile(r"\d[ \u00a0]%")}


def review_words(page) -> str:
    """The review as read: its text, and the graph's spoken label and points' titles."""
    return page.evaluate("""() => {
      const review = document.querySelector('#review');
      const graph = document.querySelector('#review-graph');
      return [review.textContent, graph?.getAttribute('aria-label') || '',
        ...[...review.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))
      ].join(' | ');
    }""")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_review_percents_in_the_readers_language(page, site, lang):
    page.goto(f"{site}/?lang={lang}#/bul?g={bul_link()}")
    settle(page)
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    expect(page.locator("#review-luck")).to_contain_text("%")
    words = review_words(page)
    assert (SPANISH if lang == "es" else ENGLISH).search(words), words
    assert not WRONG[lang].search(words), WRONG[lang].search(words).group(0) + " in " + words


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_puzzle_answer_percents_in_the_readers_language(page, site, lang):
    puzzle = puzzles("bul")[0]
    page.goto(f"{site}/?lang={lang}#/bul?puzzle={puzzle['id']}")
    expect(page.locator("#coach")).to_be_visible(timeout=REVIEW_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    values = page.locator(".coach-values")
    expect(values).to_contain_text("%", timeout=REVIEW_MS)
    words = values.inner_text()
    assert (SPANISH if lang == "es" else ENGLISH).search(words), words
    assert not WRONG[lang].search(words), words
