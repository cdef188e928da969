"""A game's end on a small screen (issue 43, seen at a 640×560 embed and on a phone): the end's
words said the scores again beside the score panel, and the view's panel kept the room it holds
for play (Buku's two lines of what to do and of keys, the panel's floor) empty under the board.
In a 640×560 frame the board was a 197 px strip; on a phone the end's box, grown by those
scores, left the score panel cut under its edge; in a 320×320 frame the end's words, kept to
two lines, cut away "play again" and the review under them.

Now the end's words say why and who won, the score panel says the scores (whole, on screen),
and the panel with nothing to say gives its room to the board (in a 320 frame, its column
beside the board takes the end's two buttons). A screen reader still hears
the scores with the end, when a move ends the game (the page's announcement: test_buku_page)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from .helpers import settle, sized
from .test_side_column_room import buku_finished_link

# Each of `selector`'s elements: whole on screen and not under another box (its middle is
# itself).
SEEN = """(selector) => [...document.querySelectorAll(selector)].map((item) => {
  const r = item.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [item.textContent, inside && r.height > 0 && item.contains(top)];
})"""
# The room the view's panel takes under the board, and the words in it.
PANEL = """() => { const panel = document.getElementById('game-controls');
  return [panel.getBoundingClientRect().height, panel.innerText.trim()]; }"""


@pytest.mark.parametrize(("lang", "size", "embed"), [
    ("es", (390, 844), False),
    ("en", (640, 560), True),
    ("es", (320, 320), True),
], ids=["phone-es", "embed-640x560-en", "embed-320x320-es"])
def test_the_end_shows_the_scores_once_and_gives_the_board_the_panels_room(page, site, lang,
                                                                           size, embed):
    sized(page, *size)
    address = "&embed=1" if embed else ""
    page.goto(f"{site}/?lang={lang}{address}#/buku?g={buku_finished_link()}")
    assert settle(page)["over"]
    end = page.locator("#turn.over")
    expect(end).to_be_visible()
    assert " · " not in end.inner_text(), end.inner_text()  # the scores, not said twice
    seen = page.evaluate(SEEN, "#scores li")
    assert len(seen) == 2 and all(whole for _, whole in seen), seen
    # and its ways on, "play again" and the review: in a 320 frame, cut away under the
    # turn's two lines, nobody could start again
    ways = page.evaluate(SEEN, "#turn.over button")
    assert len(ways) == 2 and all(whole for _, whole in ways), ways
    height, words = page.evaluate(PANEL)
    assert words == "" and height < 12, (height, words)  # a margin's room, no more


def bul_finished_link(seed=3):
    """A shared link to a whole game of Bul (Puluc, two people) of random throws and moves."""
    from ludoteca import new_game
    from ludoteca.core import sample_chance
    from ludoteca.records import encode_link, make_record

    game = new_game("bul")
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while not state.is_terminal:
        chance = state.current_player < 0
        moves.append(sample_chance(state, rng) if chance
                     else rng.choice(sorted(state.legal_moves())))
        state = state.apply(moves[-1])
    return encode_link(make_record(game, moves), ["human", "human"])


def test_bul_s_end_shows_the_scores_and_offers_no_throw(page, site, lang="en"):
    """Bul's end in a 640×560 frame: the throw's row (its button disabled, the odds, the real
    beans' choice) stayed under the road though nothing was left to throw, and the score
    line was cut under the end's box."""
    sized(page, 640, 560)
    page.goto(f"{site}/?lang={lang}&embed=1#/bul?g={bul_finished_link()}")
    assert settle(page)["over"]
    expect(page.locator("#turn.over")).to_be_visible()
    expect(page.locator('#game-controls [data-action="throw"]')).to_be_hidden()
    seen = page.evaluate(SEEN, "#scores li") + page.evaluate(SEEN, "#turn.over button")
    assert len(seen) == 4 and all(whole for _, whole in seen), seen
