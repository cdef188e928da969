"""Bolonki's set-up mode: a teacher places pieces of each colour face up by clicks, reads in
words why a position is not legal, fixes it, asks whether it is a puzzle, shares it by
link — opened in another browser, the game goes on from there — and plays from it: its
colours shown to memorise, then face down, as a game's set-up is."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ludoteca import registry
from ludoteca.core import OptionError
from ludoteca.games.bolonki import SPEC
from ludoteca.teaching import editor

from .conftest import ENGINE_READY_MS, another_visitor
from .helpers import GO_ON, settle, tap, wait_for_table, wait_until

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

ES = merged_strings("es", game_catalogue())
PIECES = """() => Object.fromEntries([...document.querySelectorAll('#board .bk-piece')]
  .map((el) => [el.dataset.square, el.dataset.colour || '?']))"""


def pieces(page) -> dict:
    return page.evaluate(PIECES)


def click_square(page, square):
    """Click `square` with the tool chosen, and wait until the board shows the edit."""
    before = pieces(page)
    tap(page, f'#board [data-step="{square}"]')
    wait_until(page, f"(before) => JSON.stringify(({PIECES})()) !== JSON.stringify(before)",
               before)


def choose_tool(page, tool):
    page.check(f'#editor-tools input[value="{tool}"]')


def test_a_teacher_sets_up_a_position_proves_it_shares_it_and_plays_it(page, site):
    page.goto(f"{site}/?lang=es#/bolonki?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "true")
    game = registry.new_game("bolonki")
    draft = editor.start(game, SPEC)
    assert pieces(page) == draft["pieces"]  # face up: the teacher's own position
    assert page.locator("#board [data-step]").count() == 64
    assert page.locator("#board .last-move").count() == 0

    choose_tool(page, "B")  # a seventh blue piece: said at once, in words
    d5 = page.locator('#board [data-step="d5"]')
    expect(d5).to_have_attribute("aria-label", "d5: vacía; pulsa para poner azul")
    click_square(page, "d5")
    expect(problems).to_have_attribute("data-legal", "false")
    expect(problems).to_have_text(ES["bolonki.setup.problem.too_many"].format(
        colour="Azul", count=7, total=6))
    expect(page.locator('[data-editor="play"]')).to_be_disabled()
    expect(d5).to_have_attribute("aria-label", "d5: ficha azul; pulsa para poner azul")

    choose_tool(page, "remove")  # fixed: that blue piece from b1 has been brought out
    expect(d5).to_have_attribute("aria-label", "d5: ficha azul; pulsa para quitar")
    for square in ("b1", "a2"):
        click_square(page, square)
    expect(problems).to_have_attribute("data-legal", "true")
    page.select_option('select[data-choice="to_move"]', "1")  # Red/Green to move
    expect(page.locator("#scores .score").first).to_have_text("1")  # a yellow piece out
    for tool, square in (("B", "d5"), ("remove", "b1"), ("remove", "a2")):
        draft = editor.edited(game, SPEC, draft, tool, square)
    draft = editor.chosen(game, SPEC, draft, "to_move", 1)
    assert pieces(page) == draft["pieces"]

    tap(page, '[data-editor="puzzle"]')  # no piece can be brought out: not a puzzle, why
    with pytest.raises(OptionError):
        editor.proof(SPEC, SPEC.setup_state(game, draft), {})
    expect(page.locator("#message")).to_have_attribute("data-code", "bolonki_no_piece_out",
                                                       timeout=ENGINE_READY_MS)
    expect(page.locator("#message")).to_have_text(ES["error.bolonki_no_piece_out"])

    page.evaluate("() => { navigator.clipboard.writeText = async (text) => "
                  "{ window.__copied = text; }; }")
    tap(page, '[data-editor="link"]')
    link = wait_until(page, "() => window.__copied")
    assert "#/bolonki?g=1." in link

    tap(page, '[data-editor="play"]')
    expect(page.locator("#editor")).to_be_hidden()
    memorise(page, draft["pieces"])
    look = settle(page)
    assert "d5" in look["steps"] and "b1" not in look["steps"]
    expect(page.locator("#turn")).to_contain_text("Rojo/Verde")

    elsewhere = another_visitor(page)  # the link holds the whole position
    elsewhere.goto(link)
    memorise(elsewhere, draft["pieces"])
    expect(elsewhere.locator('#board [data-step="d5"]')).to_be_visible(timeout=ENGINE_READY_MS)
    expect(elsewhere.locator("#turn")).to_contain_text("Rojo/Verde")


def memorise(page, colours):
    """A game from a position begins as any game does: its colours shown face up to
    memorise, then face down once the person has them."""
    expect(page.locator(GO_ON)).to_be_visible(timeout=ENGINE_READY_MS)
    wait_for_table(page)
    assert pieces(page) == colours
    assert page.locator("#board [data-step]").count() == 0
    tap(page, GO_ON)
    wait_until(page, f"() => Object.values(({PIECES})()).every((c) => c === '?')")
    assert set(pieces(page)) == set(colours)


def test_a_position_with_a_player_who_has_won_is_said_and_nothing_plays_from_it(page, site):
    page.goto(f"{site}/?lang=en#/bolonki?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    choose_tool(page, "remove")
    for square in ("b8", "c8", "d8", "e8", "f8", "g8", "h2", "h3", "h4", "h5", "h6", "h7"):
        click_square(page, square)
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "false")
    expect(problems).to_contain_text("Red/Green has no piece left on the board")
    for name in ("play", "analyse", "link", "puzzle"):
        expect(page.locator(f'[data-editor="{name}"]')).to_be_disabled()
    tap(page, '[data-editor="undo"]')  # the last piece back: legal again
    expect(problems).to_have_attribute("data-legal", "true")
    assert pieces(page)["h7"] == "G"
