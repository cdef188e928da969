"""The move list beside the board (issue 43, screens under 9):

- the projector look at 1280×720: the three share buttons (*Copiar enlace*, *Descargar
  partida*, *Abrir partida*) took three rows of the side column, and the list showed about
  one move. Sharing folds to one line ("Compartir ▸"); the list shows four moves whole at
  least, in every game, and so it does at 1920×1080 (the projector look) and 1366×768;
- move numbers of three digits (Bul's long games) were cut at the list's left edge ("400."
  read "⁴00."): whole at every size.

Both languages. Every wait is for what a person waits for (the table still)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from .helpers import settle, sized

GAMES = ["bakuk", "bul", "bolonki", "buku"]

# the list's moves wholly inside its visible box (the list scrolled to its newest)
WHOLE_MOVES = """() => { const log = document.getElementById('log');
  const box = log.getBoundingClientRect();
  const top = box.top + log.clientTop, foot = Math.min(top + log.clientHeight, innerHeight);
  return [...log.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.height > 0 && r.top >= top - 0.5 && r.bottom <= foot + 0.5; }).length; }"""

# the room the list keeps left of its moves for their numbers, and the width the largest
# number takes ("120. ", as the list's marker writes it, in its font)
NUMBER_ROOM = """() => { const log = document.getElementById('log');
  const last = log.lastElementChild, style = getComputedStyle(last, '::marker');
  const probe = document.createElement('span');
  probe.style.font = style.font || getComputedStyle(last).font;
  probe.style.fontVariantNumeric = style.fontVariantNumeric;
  probe.style.whiteSpace = 'pre';
  probe.style.position = 'absolute';
  probe.textContent = `${log.children.length}. `;
  document.body.append(probe);
  const need = probe.getBoundingClientRect().width;
  probe.remove();
  const left = log.getBoundingClientRect().left + log.clientLeft;
  return {need, room: parseFloat(getComputedStyle(log).paddingLeft), left,
    items: log.children.length}; }"""


def game_link(game: str, plies: int, seed: int = 3) -> str:
    """A shared link to `plies` random moves (and throws) of `game`, two people, the game
    not over (the first seed from `seed` that plays so long)."""
    from ludoteca import new_game, sample_chance
    from ludoteca.core import CHANCE
    from ludoteca.records import encode_link, make_record

    pick = None
    if game == "buku":  # its legal moves are every path: drawn one at a time
        from ludoteca.games.buku.rules import random_move
        pick = random_move
    for attempt in range(seed, seed + 300):
        rng = random.Random(attempt)
        played = new_game(game)
        state, moves = played.initial_state(), []
        while not state.is_terminal and len(moves) < plies:
            if state.current_player == CHANCE:
                move = sample_chance(state, rng)
            elif pick:
                move = pick(state, rng)
            else:
                move = rng.choice(sorted(state.legal_moves()))
            moves.append(move)
            state = state.apply(move)
        if not state.is_terminal:
            return encode_link(make_record(played, moves), ["human", "human"])
    raise AssertionError(f"no {game} game of {plies} moves: try other seeds")


def open_link(page, site, game, link, lang):
    page.goto(f"{site}/?lang={lang}#/{game}?g={link}")
    settle(page)
    expect(page.locator("#log li").first).to_be_attached()


def assert_sharing_folds(page, lang):
    """Sharing is one line, in sight, named; open, its three buttons are named and in
    sight."""
    fold = page.locator("#share > summary")
    expect(fold).to_have_text({"es": "Compartir", "en": "Share"}[lang])
    expect(fold).to_be_in_viewport(ratio=1)
    expect(page.locator("#share-link")).to_be_hidden()
    box = fold.bounding_box()
    size = fold.evaluate("(s) => parseFloat(getComputedStyle(s).fontSize)")
    assert box["height"] < 2.2 * size * 1.3, box  # one line
    fold.click()
    names = {"es": ["Copiar enlace", "Descargar partida", "Abrir partida"],
             "en": ["Copy link", "Download game", "Open game"]}[lang]
    for selector, name in zip(["#share-link", "#download", ".file-button"], names,
                              strict=True):
        expect(page.locator(selector)).to_be_visible()
        expect(page.locator(selector)).to_have_text(name)
    expect(page.locator("#open-file")).to_have_accessible_name(names[2])
    page.locator("#share-link").scroll_into_view_if_needed()
    expect(page.locator("#share-link")).to_be_in_viewport(ratio=1)
    fold.click()  # and folds again
    expect(page.locator("#share-link")).to_be_hidden()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_projected_move_list_shows_four_whole_moves(page, site, game, lang):
    sized(page, 1280, 720, projector=True)
    open_link(page, site, game, game_link(game, 16), lang)
    assert page.locator("#log li").count() >= 5
    whole = page.evaluate(WHOLE_MOVES)
    assert whole >= 4, f"{game}: {whole} whole moves in the list"
    assert_sharing_folds(page, lang)


@pytest.mark.parametrize(("game", "lang", "width", "height", "projector"), [
    ("bakuk", "es", 1920, 1080, True), ("bul", "en", 1920, 1080, True),
    ("bolonki", "es", 1366, 768, False), ("buku", "en", 1366, 768, False)])
def test_the_move_list_reads_well_on_other_screens(page, site, game, lang, width, height,
                                                   projector):
    sized(page, width, height, projector=projector)
    open_link(page, site, game, game_link(game, 16), lang)
    assert page.evaluate(WHOLE_MOVES) >= 4
    assert_sharing_folds(page, lang)


@pytest.mark.parametrize(("lang", "width", "height", "projector"), [
    ("es", 1280, 720, True), ("en", 1920, 1080, True), ("en", 1366, 768, False),
    ("es", 390, 844, False)])
def test_move_numbers_of_three_digits_are_whole(page, site, lang, width, height, projector):
    sized(page, width, height, projector=projector)
    open_link(page, site, "bul", game_link("bul", 130), lang)
    if page.locator("#side-open").is_visible():  # a phone: the list is a drawer
        page.click("#side-open")
    expect(page.locator("#log")).to_be_visible()
    seen = page.evaluate(NUMBER_ROOM)
    assert seen["items"] >= 100, seen
    assert seen["need"] <= seen["room"] + 0.5, seen  # "130." whole, not cut at the left
    assert seen["left"] >= 0, seen
