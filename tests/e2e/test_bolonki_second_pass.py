"""Bolonki at the table's sizes: a large board on a landscape laptop with its panel beside
it, side bands that read across, the turn line saying to memorise first, and no text
below the floors as drawn (22 px on a 1080-line projector, 12 px on a phone, 10 px in a
320×320 embed)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import GO_ON, open_game, settle, texts_below, wait_until

LONG_MEMORISE = "localStorage.setItem('ludoteca.bolonki.memorise', '60');"
PROJECTOR = "localStorage.setItem('ludoteca.projector', '1');"


def test_projector_text_is_at_least_22_px(page, site):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.add_init_script(PROJECTOR)
    open_game(page, site, "bolonki")
    assert texts_below(page, 22) == []
    settle(page, go_on=True)
    assert texts_below(page, 22) == []


def test_a_phones_board_words_are_at_least_12_px(page, site):
    """On a 390×844 phone the groups' bands ("Azul: 0 de 6 fuera") were drawn at 8 px."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "bolonki")
    settle(page, go_on=True)
    assert page.locator("#board .bk-band").count() == 4
    assert texts_below(page, 12) == []


def test_projector_badge_in_one_piece_and_turn_on_two_lines(page, site):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.add_init_script(PROJECTOR)
    open_game(page, site, "bolonki")
    page.locator(GO_ON).click()
    lines = page.evaluate("""() => {
      const rows = (el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size;
      const badge = document.querySelector('#scores li .player-badge');
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#turn'));
      const line = parseFloat(getComputedStyle(document.querySelector('#turn')).lineHeight)
        || parseFloat(getComputedStyle(document.querySelector('#turn')).fontSize) * 1.3;
      return { badge: rows(badge), turn: Math.round(range.getBoundingClientRect().height / line) };
    }""")
    assert lines["badge"] == 1
    assert lines["turn"] <= 3  # the player's badge, then the note to memorise first


def test_embed_text_is_at_least_10_px_and_scores_named(page, site):
    page.set_viewport_size({"width": 320, "height": 320})
    page.goto(f"{site}/?game=bolonki&embed=1#/bolonki")
    page.wait_for_selector("body[data-ready]")
    settle(page, go_on=True)
    assert texts_below(page, 10) == []
    for score in page.locator("#scores li").all():
        expect(score.locator(".player-badge")).not_to_have_text("")


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_laptop_board_is_large_with_the_panel_beside_it(page, site, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(LONG_MEMORISE)
    open_game(page, site, "bolonki")
    # memorising: the turn line says so, and "I've got it" is on the screen
    expect(page.locator("#turn")).to_contain_text("memoriza")
    done = page.locator(GO_ON)
    expect(done).to_be_in_viewport(ratio=1)
    # the board: wide margins (coordinates) once the set-up has folded away, squares large
    wait_until(page, "() => document.querySelectorAll('#board .bk-coord').length > 0")
    look = page.evaluate("""() => ({
      cell: document.querySelector('#board rect[data-cell]').getBoundingClientRect().width,
      board: document.querySelector('#board').getBoundingClientRect().left,
      panel: document.querySelector('#game-controls').getBoundingClientRect().right,
      turned: [...document.querySelectorAll('#board .bk-band text')]
        .filter((t) => t.hasAttribute('transform')).length,
      bands: document.querySelectorAll('#board .bk-band').length,
    })""")
    assert look["cell"] >= 50
    assert look["panel"] <= look["board"]  # beside it, not under it
    assert look["bands"] == 4 and look["turned"] == 0  # every band reads across
    # the timing settings stay folded; opening them leaves the board as it was
    page.locator(".bk-settings summary").click()
    cell = page.evaluate("document.querySelector('#board rect[data-cell]')"
                         ".getBoundingClientRect().width")
    assert cell == pytest.approx(look["cell"], abs=1)
    expect(done).to_be_visible()
    done.click()
    expect(page.locator("#board [data-step]").first).to_be_visible()


def test_last_move_marks_have_a_key(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bolonki")
    settle(page, go_on=True)
    page.locator(GO_ON).first.click()
    settle(page)
    page.locator("#board [data-step]").first.click()
    settle(page)
    page.locator("#board [data-step]").first.click()
    expect(page.locator("#legend")).to_be_visible(timeout=60_000)
    page.locator("#legend summary").click()
    expect(page.locator("#legend-text")).to_contain_text("Última jugada")
