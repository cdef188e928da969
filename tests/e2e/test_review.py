"""The game review and the hints, in the page: graph, grades, key moments that jump the
replay, the Bakuk table fetched only when the review needs it, and hints=0."""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import expect

from ludoteca.games.bakuk import SPEC as BAKUK

from .helpers import click_step, open_game, progress, settle

REVIEW_MS = 120_000  # a whole game analysed ply by ply on a loaded machine
TABLE_FILE = Path(__file__).parents[2] / "web" / BAKUK.data_files["bakuk2"]


def bakuk_game_with_one_blunder(seed=3):
    """A whole 2-player Bakuk game of best moves (chosen by `seed` among equals) but one: the
    first move after the opening that gives away more than 8 seeds, the worst there is.
    Returns (moves, the blunder's ply). Read from the solved table, as the review reads it."""
    from ludoteca import new_game
    from ludoteca.games.bakuk.analysis import table_moves

    table = BAKUK.load_data("bakuk2", TABLE_FILE.read_bytes())
    rng = random.Random(seed)
    state, moves, blunder = new_game("bakuk").initial_state(), [], None
    while not state.is_terminal:
        values = table_moves(state, table)
        best = max(values.values())
        worst = min(values, key=values.get)
        if blunder is None and len(moves) >= 2 and best - values[worst] > 8:
            blunder, move = len(moves), worst
        else:
            move = rng.choice(sorted(m for m, v in values.items() if v == best))
        moves.append(move)
        state = state.apply(move)
    assert blunder is not None, "no position with a blunder on offer: pick another seed"
    return moves, blunder


def test_bakuk_review_after_a_game(page, site):
    # Two people play a known game (a computer's game differs every visit, and one with no
    # mistake in it has no key moment to show); the review must find its one blunder.
    moves, blunder = bakuk_game_with_one_blunder()
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if "bakuk2" in r.url else None)
    open_game(page, site, "bakuk", "?seats=human,human")  # the URL's set-up starts it
    for move in moves:
        look = click_step(page, move)
    assert look["over"]
    assert fetched == []  # start-up and play never download the table
    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    assert len(fetched) == 1
    expect(page.locator("#review-graph polyline.outlook")).to_have_count(1)
    expect(page.locator("#review-grades li")).not_to_have_count(0)
    moments = page.locator("#review-moments .moment")
    expect(moments).to_have_count(1)  # every other move was a best one
    expect(moments.first).to_have_attribute("data-ply", str(blunder))
    expect(moments.first).to_have_class(re.compile(r"\bblunder\b"))
    # for a learner: the moment in the game's unit, the graph's axes in the seats' names, a
    # key to the grades' marks, and what a screen reader hears of the graph
    expect(moments.first).to_contain_text("semillas")
    expect(page.locator("#review-scale")).to_contain_text("Sur")
    expect(page.locator("#review-high")).to_contain_text("Sur")
    expect(page.locator("#review-low")).to_contain_text("Norte")
    expect(page.locator("#review-x")).to_contain_text(str(len(moves)))
    expect(page.locator("#review-key")).to_contain_text("??")
    label = page.locator("#review-graph").get_attribute("aria-label")
    assert f"jugada {len(moves)}" in label and "semillas" in label
    assert page.locator("#review-graph .spot title").count() == len(moves) + 1
    moments.first.click()
    expect(page.locator("#replay-status")).to_contain_text(str(blunder))
    expect(review).to_be_visible()  # stepping through the replay keeps the review


def test_a_new_move_makes_the_review_stale(page, site):
    open_game(page, site, "bakuk", "?seats=human,casual")  # the URL's set-up starts it
    settle(page)
    progress(page)  # a move of each side
    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    progress(page)
    expect(review).to_be_hidden()


def test_hint_shows_the_best_move_and_values(page, site):
    open_game(page, site, "bakuk", "?seats=human,casual")  # the URL's set-up starts it
    settle(page)
    page.click("#hint-open")
    box = page.locator("#hint-box")
    expect(box.locator(".hint-best")).to_be_visible(timeout=REVIEW_MS)
    box.locator(".hint-values-open").click()  # beside it now: "Ver por qué" (item 1)
    expect(box.locator(".hint-values li")).to_have_count(3)
    expect(page.locator("#board .hint-step")).not_to_have_count(0)
    # with its reason in words: what the best move does, and what the next best gives away
    expect(box.locator(".hint-why")).to_contain_text("Sur siembra")
    expect(box.locator(".hint-versus")).to_contain_text("mejor que")


def test_hints_and_review_off_for_a_lesson(page, site):
    open_game(page, site, "bakuk", "?hints=0&review=0")
    settle(page)  # the game the page starts by itself
    expect(page.locator("#hint-open")).to_be_hidden()
    expect(page.locator("#review-open")).to_be_hidden()
    expect(page.locator("#notice")).to_be_hidden()  # the parameters are known ones


def bul_link(plies=24, seed=5):
    """A shared link to a Bul game of `plies` random moves and throws, two people."""
    from ludoteca import new_game, sample_chance
    from ludoteca.core import CHANCE
    from ludoteca.records import encode_link, make_record

    rng = random.Random(seed)
    game = new_game("bul", variant="boolik")
    state, moves = game.initial_state(), []
    while len(moves) < plies:
        move = (sample_chance(state, rng) if state.current_player == CHANCE
                else rng.choice(state.legal_moves()))
        state = state.apply(move)
        moves.append(move)
    return encode_link(make_record(game, moves), ["human", "human"])


def test_bul_review_shows_each_sides_luck(page, site):
    page.goto(f"{site}/#/bul?g={bul_link()}")
    settle(page)
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    luck = page.locator("#review-luck")
    expect(luck).to_be_visible()
    expect(luck).to_contain_text("%")
    expect(page.locator("#review-known")).to_be_hidden()  # Bolonki's line only
    expect(page.locator("#review-scale")).not_to_be_empty()
    expect(page.locator("#review-graph polyline.outlook")).to_have_count(1)


def bolonki_link(moves):
    from ludoteca import new_game
    from ludoteca.records import encode_link, make_record

    return encode_link(make_record(new_game("bolonki"), moves), ["human", "human"])


def test_bolonki_review_says_what_could_have_been_known(page, site):
    # 0 moves a red piece (not his) and nobody challenges; 1 moves a blue one and 0 rightly
    # challenges it; then 0 moves his own blue piece, which may still be challenged
    page.goto(f"{site}/#/bolonki?g={bolonki_link(['d8-d7', 'e1-e2', 'challenge:0', 'c1-c2'])}")
    settle(page)
    page.click("#review-open")
    review = page.locator("#review")
    expect(page.locator("#review-progress")).to_have_text("Revisión lista: 4 jugadas.",
                                                          timeout=REVIEW_MS)
    known = page.locator("#review-known")  # the last move
    expect(known).to_have_text(
        "Jugada 4 (c1-c2): lo que se había visto daba un 0 % de que la pieza no era de "
        "Azul/Amarillo; aún se puede desconfiar.")
    missed = review.locator(".moment.missed")
    expect(missed).to_have_count(1)
    expect(missed).to_contain_text("Jugada 1 (d8-d7)")
    expect(missed).to_contain_text("100 %")
    expect(review.locator(".moment.good")).to_contain_text("Azul/Amarillo desconfió y acertó")
    missed.click()  # the replay goes to the position where the challenge could have come
    expect(page.locator("#replay-status")).to_contain_text("Jugada 1 de 4")
    expect(known).to_have_text(
        "Jugada 1 (d8-d7): lo que se había visto daba un 100 % de que la pieza no era de "
        "Azul/Amarillo; nadie desconfió.")
