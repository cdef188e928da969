"""Issue 43: nothing moves under the pointer as a computer's move ends, in every game. In
Bolonki the turn line grew by a line as a move ended and the board and "go on" moved under a
quick click (test_busy_clicks.py); in Bul's projector look "▲ Black — throw the beans" (two
lines at that size) became "▲ Black is thinking…" (one) and the throw and the odds rose by a
line. From the moment a computer is asked for its move until the person's turn is back, every
place a person may click (the board's drawing, whose squares, holes and cells are placed by it,
and the buttons of the game's panel and the table's tools) is where it is then, to the pixel."""

from __future__ import annotations

import pytest

from .helpers import (
    _TABLE,
    ACTIONS,
    THROW,
    open_game,
    settle,
    sized,
    step_selector,
    tap,
    wait_until,
)
from .test_busy_clicks import HOLD_THE_COMPUTER, RELEASE, THINKING

# Where what a person may click sits, [name, x, y, width, height] in CSS px: the board's
# drawing (its viewBox too: a drawing laid out anew places its squares anew) and every button
# shown of the game's panel and the tools (one not shown is no place to click).
PLACES = """() => {
  const svg = document.querySelector('#board svg');
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round); };
  const buttons = [...document.querySelectorAll('#game-controls button, .table-tools button')]
    .filter((e) => e.getClientRects().length && e.getBoundingClientRect().width > 0)
    .map((e, i) => [e.dataset.action || e.id || `button ${i}`, ...box(e)]);
  return [['board', svg.getAttribute('viewBox'), ...box(svg)], ...buttons];
}"""

# Every place, each time the page changes (a MutationObserver's callback: each frame of the
# computer's move however rarely a loaded machine draws), from now till `places_seen`.
WATCH = """() => {
  const seen = (window.__e2ePlacesSeen = []);
  const look = () => {
    const places = JSON.stringify((PLACES)());
    if (seen[seen.length - 1] !== places) seen.push(places);
  };
  window.__e2ePlacesWatch = new MutationObserver(look);
  window.__e2ePlacesWatch.observe(document.body, { subtree: true, childList: true,
    attributes: true, characterData: true });
  look();
}""".replace("PLACES", PLACES)
PLACES_SEEN = """() => { window.__e2ePlacesWatch.disconnect();
  return window.__e2ePlacesSeen.map((places) => JSON.parse(places)); }"""

SIZES = {"1366x768": (1366, 768, False), "390x844": (390, 844, False),
         "1920x1080-projector": (1920, 1080, True), "1280x720-projector": (1280, 720, True)}


# The computer asked and held ('held'), or my move's next step offered ('mine': the table
# still and changed since `before`, as helpers.settle waits for).
HELD_OR_MINE = """([before, args]) => {
  if ((THINKING)()) return 'held';
  const table = (TABLE)(args);
  return !table.busy && table.actionable && table.look !== before && 'mine';
}""".replace("THINKING", THINKING).replace("TABLE", _TABLE)


def my_move(page) -> None:
    """My move (Bul's throw first, then a man to move), step by step as offered, till the
    computer is asked for its own and held there (HOLD_THE_COMPUTER)."""
    while True:
        look = settle(page)  # my turn: a step to click, or beans to throw
        assert not look["over"]
        tap(page, step_selector(look["steps"][0]) if look["steps"] else THROW)
        if wait_until(page, HELD_OR_MINE, [look["look"], [ACTIONS, True]]) == "held":
            return


def moved(before: list, after: list) -> list:
    """What sits elsewhere in `before` than in `after`, of what both show."""
    now = {place[0]: place for place in after}
    return [[place, now[place[0]]] for place in before
            if place[0] in now and place != now[place[0]]]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["bakuk", "bul", "buku"])
def test_nothing_moves_under_the_pointer_as_a_computers_move_ends(page, site, game, size,
                                                                   lang):
    width, height, projector = SIZES[size]
    sized(page, width, height, projector)
    page.emulate_media(reduced_motion="no-preference")  # the computer's move is shown
    page.add_init_script(HOLD_THE_COMPUTER)
    open_game(page, site, game, f"?lang={lang}&seats=human,casual")
    my_move(page)  # the computer held: the places are watched from before it answers
    page.evaluate(WATCH)
    page.evaluate(RELEASE)
    look = settle(page)  # my turn again: a step to click, or Bul's beans to throw
    assert not look["over"] and page.locator("#log li").count() >= 2
    seen = page.evaluate(PLACES_SEEN)
    after = page.evaluate(PLACES)
    assert seen[-1] == after  # nothing changed since the last change watched
    for places in seen:
        assert moved(places, after) == [], (game, size, lang, moved(places, after))
    assert after[0][0] == "board" and len(after) > 1  # the board and some buttons watched


# Each of Buku's squares and line names as drawn: {name: [x, y, width, height]} in CSS px.
SQUARES = """() => Object.fromEntries([...document.querySelectorAll(
  '#board [data-square], #board .buku-coord[data-line]')].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.dataset.square || `line ${e.dataset.line}`,
            [r.x, r.y, r.width, r.height].map(Math.round)];
  }))"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bukus_squares_stay_put_between_a_moves_taps_on_a_phone(page, site, lang):
    """A Buku move is several taps: a line, then the squares of its path. On a phone the
    first tap brought "Undo step" and the hand's longer words under the board, whose room
    shrank: the board, drawn in its room's middle, rose 33 px and the next tap hit the row
    above. The board is drawn from its room's top: its squares stay where they were."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "buku", f"?lang={lang}&seats=human,human")
    look = settle(page)
    before = page.evaluate(SQUARES)
    tap(page, step_selector(look["steps"][0]))  # a line emptied into the hand
    look = settle(page, before=look["look"])
    assert look["steps"] and page.locator("#step-controls button").count() >= 1
    after = page.evaluate(SQUARES)
    assert sum(place[2] > 0 for place in before.values()) >= 64  # every square, drawn
    assert {name: [place, after[name]] for name, place in before.items()
            if place[2] > 0 and after.get(name, [0, 0, 0, 0])[2] > 0 and after[name] != place} == {}
