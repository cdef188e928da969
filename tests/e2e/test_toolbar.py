"""On a phone every tool of the table is in sight: none past the screen's edge in a row that
scrolls sideways (Rules and Hint were), in every game. The phone's cases share a page
(conftest's `shared_page`): a case opens its game by its link in the page the one before
used; the embed's keep a page each."""

from __future__ import annotations

import pytest

import ludoteca

from .helpers import open_game

GAMES = list(ludoteca.GAMES)

OUT_OF_SIGHT = """() => [...document.querySelectorAll('.table-tools > *')]
  .filter((el) => getComputedStyle(el).display !== 'none' && !el.hidden)
  .filter((el) => {
    const box = el.getBoundingClientRect();
    return box.left < 0 || box.right > innerWidth || box.top < 0 || box.bottom > innerHeight;
  }).map((el) => el.id || el.textContent.trim())"""


@pytest.mark.parametrize("game", GAMES)
def test_every_tool_is_in_sight_on_a_phone(shared_page, site, game):
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, game)
    shown = page.evaluate("() => [...document.querySelectorAll('.table-tools > *')]"
                          ".filter((el) => getComputedStyle(el).display !== 'none').length")
    assert shown >= 3  # undo, redo, moves, rules, hint...: there is something to look at
    assert page.evaluate(OUT_OF_SIGHT) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_320_embed_shows_every_tool_and_names_every_score(page, site, game):
    page.set_viewport_size({"width": 320, "height": 320})
    open_game(page, site, game, "?embed=1")
    assert page.evaluate(OUT_OF_SIGHT) == []
    names = page.locator("#scores .name")
    assert names.count() >= 2
    for i in range(names.count()):
        box = names.nth(i).bounding_box()
        assert box and box["width"] > 8 and box["height"] > 8, names.nth(i).text_content()
