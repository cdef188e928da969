"""Issue 43: *Show why* names moves in the game's words, never its notation.

- Its first step said "Pulsa «Siguiente ▶» para ver entra en el tablero": Bul's notation
  for a sentence. It says the move as the game's deed ("…para verle en el tablero metiendo un
  hombre nuevo en el camino").
- Buku's moves were their whole path ("3:f2-f1-e1-e2-…-d5") in a key moment's choices and
  first step: the game's short name ("la fila 3 (de f2 a d5)").

Both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import settle, sized
from .test_review import REVIEW_MS
from .test_side_column_room import buku_finished_link
from .test_why import WHY_MS, open_why_of_the_answer


@pytest.mark.parametrize(("lang", "deed", "notation"), [
    ("es", "para verle en el tablero metiendo un hombre nuevo en el camino.", "ver entra"),
    ("en", "on the board, entering a new man on the road.", "see enter")])
def test_whys_first_step_says_buls_move_in_words(page, site, lang, deed, notation):
    open_why_of_the_answer(page, site, lang, "bul-20")
    step = page.locator("#why-step")
    expect(step).to_contain_text(deed)
    assert notation not in step.inner_text()


@pytest.mark.parametrize(("lang", "words"), [
    ("es", r"la (fila \d|columna [a-h]) \((de [a-h]\d a [a-h]\d|en [a-h]\d|vacía)\)"),
    ("en", r"(rank \d|file [a-h]) \(([a-h]\d to [a-h]\d|on [a-h]\d|empty)\)")])
def test_buku_moves_in_a_key_moments_why_are_named_in_words(page, site, lang, words):
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang={lang}#/buku?g={buku_finished_link()}")
    settle(page)
    over = page.locator("#over-review")
    (over if over.is_visible() else page.locator("#review-open")).click()
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    page.locator("#review-moments .why-open").first.click()
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    path = re.compile(r"[1-8a-h]:[a-h]\d-[a-h]\d")
    for choice in page.locator("#why-choices button").all_inner_texts():
        assert re.search(words, choice) and not path.search(choice), choice
    for text in (page.locator("#why-step").inner_text(), page.locator("#why-sum").inner_text()):
        assert re.search(words, text) and not path.search(text), text


def test_a_folded_note_and_short_names_have_no_accessibility_violation(page, site):
    """Bolonki's note folded above the key moments (its summary names it), and the close
    button in a word (its name the whole sentence), on a laptop and in the projector look:
    axe finds nothing."""
    from .test_a11y import violations
    from .test_side_column_room import bolonki_game_link

    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    sized(page, 1366, 768, projector=True)
    page.goto(f"{site}/?lang=es#/bolonki?g={bolonki_game_link()}")
    settle(page)
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    expect(page.locator("#review-known")).to_be_hidden()
    expect(page.locator("#review-close")).to_have_accessible_name("Cerrar la revisión")
    assert violations(page, "the review with its note folded") == []
    page.click("#review-known-box > summary")
    expect(page.locator("#review-known")).to_be_visible()
    assert violations(page, "the note unfolded") == []
