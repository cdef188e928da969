"""Buku's set-up mode: a teacher takes pieces away and adds them by clicks on the squares,
reads in words why the position is not legal yet, fixes it with the captures, hears that it
is no puzzle (too many moves capture the most), shares it by link — opened in another
browser, the game goes on from there — and plays on from it. A sparse position opened from
a link is proven a capture puzzle, and answered."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

from ludoteca import registry
from ludoteca.games.buku import SPEC
from ludoteca.records import encode_link, make_record
from ludoteca.teaching import editor

from .conftest import ENGINE_READY_MS, another_visitor
from .helpers import play_move, settle, tap, wait_until
from .test_a11y import AXE, RUN_OPTIONS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

ES = merged_strings("es", game_catalogue())
COUNT = "(name) => Number(document.querySelector(`#board .buku-sq[data-square=\"${name}\"]`)" \
        ".dataset.count)"


def count(page, name) -> int:
    return page.evaluate(COUNT, name)


def click_square(page, name):
    before = count(page, name)
    tap(page, f'#board [data-step="{name}"]')
    wait_until(page, f"([name, before]) => ({COUNT})(name) !== before", [name, before])


def before_the_first_gap(key: str) -> str:
    return ES[key].split("{")[0]


def test_a_teacher_sets_up_a_position_fixes_it_shares_it_and_plays_it(page, site):
    page.goto(f"{site}/?lang=es#/buku?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "true")  # the opening
    expect(page.locator("#board [data-step]")).to_have_count(64)
    expect(page.locator('#board [data-step="c4"]')).to_have_attribute(
        "aria-label", "c4: 1 ficha, casilla de Blanco (Fila); pulsa para añadir una ficha")

    page.check('#editor-tools input[value="remove"]')
    for name in ("a1", "b1", "c1"):
        click_square(page, name)
    expect(problems).to_have_attribute("data-legal", "false")
    expect(problems).to_contain_text("Hay 61 fichas")  # the count, in words
    expect(problems).to_contain_text(before_the_first_gap("buku.setup.problem.over"))
    expect(page.locator('[data-editor="play"]')).to_be_disabled()

    page.check('#editor-tools input[value="add"]')
    click_square(page, "c4")  # a 2: the game is not over
    expect(problems).not_to_contain_text(before_the_first_gap("buku.setup.problem.over"))
    page.select_option('select[data-choice="captured.0"]', "3")  # White has taken three
    expect(problems).to_have_attribute("data-legal", "true")

    tap(page, '[data-editor="puzzle"]')  # every path through c4 captures 3: no puzzle
    expect(page.locator("#message")).to_have_attribute("data-code", "buku_too_many_best",
                                                       timeout=ENGINE_READY_MS)
    expect(page.locator("#message")).to_contain_text(
        before_the_first_gap("error.buku_too_many_best"))

    page.evaluate("() => { navigator.clipboard.writeText = async (text) => "
                  "{ window.__copied = text; }; }")
    tap(page, '[data-editor="link"]')
    link = wait_until(page, "() => window.__copied")
    assert "#/buku?g=1." in link

    tap(page, '[data-editor="play"]')
    expect(page.locator("#editor")).to_be_hidden()
    look = settle(page)
    assert sorted(look["steps"]) == [f"{n}:" for n in range(1, 9)]  # White empties a rank
    assert [count(page, name) for name in ("a1", "b1", "c1", "c4", "d1")] == [0, 0, 0, 2, 1]
    expect(page.locator("#scores")).to_contain_text("3")

    elsewhere = another_visitor(page)  # the link holds the whole position
    elsewhere.goto(link)
    expect(elsewhere.locator('#board [data-step="1:"]')).to_be_visible(timeout=ENGINE_READY_MS)
    assert [count(elsewhere, name) for name in ("a1", "c4", "d1")] == [0, 2, 1]


def test_a_sparse_position_from_a_link_is_proven_a_puzzle_and_answered(page, site):
    game = registry.new_game("buku")
    board = [[0] * 8 for _ in range(8)]
    for name, n in {"a2": 1, "b2": 2, "c4": 2, "e4": 2, "h8": 2}.items():
        board[int(name[1]) - 1]["abcdefgh".index(name[0])] = n
    draft = {**editor.start(game, SPEC), "board": board, "captured": [28, 28]}
    state = SPEC.setup_state(game, draft)
    link = encode_link(make_record(game, [], state))

    page.goto(f"{site}/?lang=es#/buku?edit={link}")
    expect(page.locator("#editor-problems")).to_have_attribute("data-legal", "true",
                                                               timeout=ENGINE_READY_MS)
    assert count(page, "b2") == 2
    tap(page, '[data-editor="puzzle"]')
    said = page.locator("#editor-said")
    expect(said).to_contain_text(before_the_first_gap("editor.proven"), timeout=ENGINE_READY_MS)
    expect(said).to_contain_text("2:c4-d4-e4")
    tap(page, '[data-editor="open-puzzle"]')
    expect(page.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    play_move(page, state, "2:e4-d4-c4")  # the other way round is as good
    expect(page.locator('#coach[data-state="right"]')).to_be_visible(timeout=ENGINE_READY_MS)


def test_the_squares_to_edit_have_names_and_no_accessibility_faults(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})  # for axe
    page.goto(f"{site}/?lang=es#/buku?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    page.check('#editor-tools input[value="remove"]')
    expect(page.locator('#board [data-step="h8"]')).to_have_attribute(
        "aria-label", "h8: 1 ficha, casilla de Negro (Columna); pulsa para quitar una ficha")
    page.locator('#board [data-step="h8"]').focus()
    page.keyboard.press("Enter")  # the keyboard edits too, and the focus stays
    wait_until(page, f"() => ({COUNT})('h8') === 0")  # once the engine has answered
    expect(page.locator('#board [data-step="h8"]')).to_be_focused()
    assert count(page, "h8") == 0
    # the board's own: the set-up panel around it is the shared page's
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("(options) => axe.run('#board', options).then((r) => "
                          "r.violations.map((v) => v.id))", RUN_OPTIONS)
    assert found == []
