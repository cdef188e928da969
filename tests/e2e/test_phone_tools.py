"""Issue 43: on a 390×844 phone, two moves into a game, the table's tools stand in ONE row
(*Pista* wrapped alone onto a second row: a later `button.secondary` rule's wide padding won
over the phone's narrow one), each in sight and named by words; the board and what to click
next are on screen, and nothing covers them — in every game, in Spanish and English. The
cases share a page (conftest's `shared_page`): a case in the language of the one before opens
its game in that page, with no new page and engine."""

from __future__ import annotations

import pytest

import ludoteca

from .helpers import open_game, progress, settle

GAMES = list(ludoteca.GAMES)

# The tools as shown: [name, visible words, top, bottom, left, right].
TOOLS = """() => [...document.querySelectorAll('.table-tools > *')]
  .filter((el) => !el.hidden && getComputedStyle(el).display !== 'none'
    && el.getClientRects().length)
  .map((el) => {
    const r = el.getBoundingClientRect();
    // the name a screen reader says: its label, else its words but those hidden from it
    const words = [...el.childNodes]
      .filter((n) => !(n.nodeType === 1 && n.getAttribute('aria-hidden')))
      .map((n) => n.textContent).join('').trim();
    return [el.getAttribute('aria-label') || words, el.innerText.trim(),
            r.top, r.bottom, r.left, r.right];
  })"""

# What a person clicks next (an offered step on the board, else the throw): is it on screen
# and what a tap at its centre reaches? ["" or what covers it].
NEXT_CLICK = """() => {
  const el = document.querySelector(
    '#board [data-step], #game-controls [data-action="throw"]:not([disabled])');
  if (!el) return 'nothing to click';
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `off screen at ${x},${y}`;
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === el || el.contains(hit) || hit.closest('[data-step]') === el) ? ''
    : `covered by ${hit?.id || hit?.className?.baseVal || hit?.className || '?'}`;
}"""

BOARD = """() => { const r = document.querySelector('#board svg').getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right, scrollY]; }"""


def two_moves_in(page) -> None:
    """Play (the first step offered, or a throw) until two moves are in the log."""
    for _ in range(40):
        if page.locator("#log li").count() >= 2:
            break
        progress(page)
    settle(page, go_on=True)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])  # one language, then the other
def test_a_phone_has_one_row_of_named_tools_and_the_board_in_sight(shared_page, site, game,
                                                                  lang):
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, game, f"?lang={lang}")
    two_moves_in(page)
    tools = page.evaluate(TOOLS)
    assert len(tools) >= 4, tools  # undo, redo, moves, rules, hint
    for name, words, top, bottom, left, right in tools:
        assert name, tools  # named for a screen reader
        assert words, tools  # and shows words or a sign
        assert 0 <= left and right <= 390 and 0 <= top and bottom <= 844, (name, tools)
    tops = [tool[2] for tool in tools]
    assert max(tops) - min(tops) < 2, f"two rows of tools: {tools}"
    assert page.evaluate(NEXT_CLICK) == "", game
    top, bottom, left, right, scrolled = page.evaluate(BOARD)
    assert scrolled == 0 and top >= 0 and bottom <= 844 and left >= -0.5 and right <= 390.5
    # the tools lie under the board, not over it
    assert min(tops) >= bottom - 0.5 or max(t[3] for t in tools) <= top + 0.5, (top, bottom, tools)
