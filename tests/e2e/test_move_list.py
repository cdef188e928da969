"""Issue 43: at 1366×768 two moves into a game, the move list beside the board showed its
first move half under *Revisar la partida* (Bolonki): each move's line was as tall as its
44 px jump button, so two moves took four tall lines. With a mouse the list's latest moves are
whole in sight, as many as it holds (Buku's long paths: the latest), in every game, in
Spanish and English."""

from __future__ import annotations

import pytest

import ludoteca

from .helpers import open_game
from .test_phone_tools import two_moves_in

# The moves of the list not wholly inside its visible box (with `latestOnly`, of the latest
# and as many before it as the list's height holds): [text].
CUT_MOVES = """(latestOnly) => {
  const log = document.getElementById('log');
  const box = log.getBoundingClientRect();
  const top = box.top + log.clientTop;
  const foot = Math.min(top + log.clientHeight, innerHeight);
  const moves = [...log.querySelectorAll('li')].reverse();
  let room = foot - top;
  const fit = latestOnly ? moves.filter((li) => (room -= li.getBoundingClientRect().height) >= -0.5)
    : moves;
  return (fit.length ? fit : moves.slice(0, 1)).filter((li) => {
    const r = li.getBoundingClientRect();
    return r.top < top - 0.5 || r.bottom > foot + 0.5;
  }).map((li) => li.textContent.trim().slice(0, 40));
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", list(ludoteca.GAMES))
def test_the_first_moves_are_whole_in_the_list_on_a_laptop(page, site, game, lang):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, game, f"?lang={lang}")
    two_moves_in(page)
    assert page.locator("#log li").count() >= 2
    # Buku's moves walk paths of up to 15 squares: the latest whole, and those before it
    # that the list's height holds; the others' first two moves whole
    assert page.evaluate(CUT_MOVES, game == "buku") == []
