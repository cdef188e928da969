"""Issue 43: at 1366×768 two moves into a game, the move list beside the board showed its
first move half under *Revisar la partida* (Bolonki): each move's line was as tall as its
44 px jump button, so two moves took four tall lines. With a mouse the list's latest moves are
whole in sight, as many as it holds (Buku's long paths: the latest), in every game, in
Spanish and English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import ludoteca

from .helpers import open_game, progress, settle, sized
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


@pytest.mark.parametrize("game", list(ludoteca.GAMES))
@pytest.mark.parametrize("lang", ["es", "en"])  # one language, then the other
def test_the_first_moves_are_whole_in_the_list_on_a_laptop(shared_page, site, game, lang):
    page = shared_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, game, f"?lang={lang}")
    two_moves_in(page)
    assert page.locator("#log li").count() >= 2
    # Buku's moves walk paths of up to 15 squares: the latest whole, and those before it
    # that the list's height holds; the others' first two moves whole
    assert page.evaluate(CUT_MOVES, game == "buku") == []


# the lines a move of the list takes on screen: its words' and its jump button's line boxes,
# told apart by their middles (a jump button's box is taller than its line's words)
MOVE_LINES = """(li) => { const middles = [];
  const range = document.createRange();
  for (const node of li.childNodes) {
    if (node.nodeType === 1 && !node.getClientRects().length) continue; // hidden
    range.selectNodeContents(node);
    for (const r of (node.nodeType === 1 ? node : range).getClientRects()) {
      if (r.width > 0.5) middles.push((r.top + r.bottom) / 2);
    }
  }
  const line = parseFloat(getComputedStyle(li).fontSize) * 1.2;
  middles.sort((a, b) => a - b);
  return middles.filter((m, i) => i === 0 || m - middles[i - 1] > 0.6 * line).length; }"""


@pytest.mark.parametrize(("lang", "width", "height", "projector"), [
    ("es", 1366, 768, False), ("en", 1366, 768, False), ("es", 1280, 720, True),
    ("en", 1920, 1080, True)])
def test_a_buku_move_reads_in_two_lines_and_whole(page, site, lang, width, height, projector):
    """Issue 43: Buku's move was its path's notation ("3:f2-f1-e1-…-d5"), then "Blanco vacía
    la fila 3 (7 fichas). Camino de 7 casillas, de f2 a d5.": four or five lines, the first
    move cut at the list's top. Now who, the line, how many pieces and the path's ends, in one
    sentence (the notation is the item's tooltip): two lines on a laptop (three at most in the
    projector's narrow column with a capture), and the latest moves whole."""
    from .test_side_column_fold import game_link, open_link

    sized(page, width, height, projector=projector)
    open_link(page, site, "buku", game_link("buku", 8), lang)
    items = page.locator("#log li")
    expect(items).to_have_count(8)
    most = 3 if projector else 2
    for item in items.all():
        text = item.inner_text()
        assert not re.search(r"[1-8a-h]:[a-h]\d-", text), text  # no path's notation
        lines = item.evaluate(MOVE_LINES)
        assert lines <= most, (lines, text)
        assert item.get_attribute("title", timeout=1000).startswith(item.get_attribute(
            "data-move")[:2])
    assert page.evaluate(CUT_MOVES, True) == []


# The moves of the list partly in its visible box, cut at its top or its foot: [text]; and
# whether the newest is whole in it.
PARTLY_SHOWN = """() => {
  const log = document.getElementById('log');
  const top = log.getBoundingClientRect().top + log.clientTop;
  const foot = top + log.clientHeight;
  const whole = (r) => r.top >= top - 1 && r.bottom <= foot + 1; // under a pixel: unseen
  const cut = [...log.querySelectorAll('li')].filter((li) => {
    const r = li.getBoundingClientRect();
    return r.bottom > top + 1 && r.top < foot - 1 && !whole(r);
  }).map((li) => li.textContent.trim().slice(0, 40));
  return [cut, whole(log.lastElementChild.getBoundingClientRect())];
}"""
SCROLLS = "() => { const log = document.getElementById('log'); " \
    "return log.scrollHeight > log.clientHeight + 1; }"


@pytest.mark.parametrize("game", list(ludoteca.GAMES))
@pytest.mark.parametrize("lang", ["es", "en"])  # one language, then the other
def test_a_full_list_shows_whole_moves_the_newest_at_its_foot(shared_page, site, game, lang):
    """Issue 43: at 1366×768 once Bolonki's list held more than its height, scrolled to its
    end it showed half of an older move at its top ("a2→a1." under *Revisar la partida*):
    every move in sight is whole, the newest at the foot; and again each time the list's room
    changes (a shorter window) with the newest in sight."""
    page = shared_page
    height = 768
    page.set_viewport_size({"width": 1366, "height": height})
    open_game(page, site, game, f"?lang={lang}")
    for _ in range(80):
        if page.evaluate(SCROLLS) or progress(page)["over"]:
            break
    settle(page, go_on=True)
    whole = f"() => JSON.stringify(({PARTLY_SHOWN})()) === '[[],true]'"
    for _ in range(2):  # a short game's list fills in a shorter window; then shorter again
        while not page.evaluate(SCROLLS) and height > 480:
            height -= 48
            page.set_viewport_size({"width": 1366, "height": height})
        assert page.evaluate(SCROLLS), "the list never filled"
        page.wait_for_function(whole, timeout=5000)  # fitted in the frame after a change
        assert page.evaluate(PARTLY_SHOWN) == [[], True]
        height -= 37
        page.set_viewport_size({"width": 1366, "height": height})
