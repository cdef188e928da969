"""Bul's set-up mode on the page: a teacher empties a base and reads at once, in words, that
the game would be over; places men on the road by clicks (and by the keyboard) to fix it;
hears in words that there is nothing to choose before the throw, chooses the throw, proves
the position as a puzzle (the engine's answer, the Python one), shares it by link — opened
in another browser, the same men on the same rows — and plays on from it; the puzzle's own
address is answered by a learner."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

from ludoteca.games.bul import SPEC
from ludoteca.teaching import editor

from .conftest import ENGINE_READY_MS, another_visitor
from .helpers import play_move, settle, tap, wait_until

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

ES = merged_strings("es", game_catalogue())

# what the board shows: each pile (row, pieces top first, heading) and each base's count
LOOK = """() => JSON.stringify([...document.querySelectorAll(
  '#board [data-row], #board [data-base]')].map((e) => e.dataset.base === undefined
  ? [Number(e.dataset.row), e.dataset.pieces, e.dataset.heading]
  : [`base:${e.dataset.base}`, Number(e.dataset.count)]))"""


def look(page) -> str:
    return page.evaluate(LOOK)


def units(page) -> list:
    return page.locator("#board [data-row]").evaluate_all(
        "els => els.map((e) => [Number(e.dataset.row), e.dataset.pieces, e.dataset.heading])")


def click_edit(page, step: str, times: int = 1) -> None:
    """Click board element `step` as a person does and wait until the board has changed."""
    for _ in range(times):
        before = look(page)
        tap(page, f'#board [data-step="{step}"]')
        wait_until(page, f"(before) => ({LOOK})() !== before", before)


def use(page, tool: str) -> None:
    page.check(f'#editor-tools input[value="{tool}"]')


def teachers_draft():
    """The position the test makes by clicks, made with the engine's own edits."""
    game, spec = editor.game_and_spec("bul", {})
    draft = editor.start(game, spec)
    for tool, target, times in (("remove", "base:1", 5), ("black", "row:8", 1),
                                ("red", "row:3", 1), ("remove", "base:0", 3)):
        for _ in range(times):
            draft = editor.edited(game, spec, draft, tool, target)
    return game, editor.chosen(game, spec, draft, "throws", "5")


def test_a_teacher_sets_up_an_endgame_proves_it_shares_it_and_plays_it(page, site):
    page.goto(f"{site}/?lang=es#/bul?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "true")
    row = page.locator('#board [data-step="row:5"]')  # each row says what a click does
    expect(row).to_have_attribute("aria-label", "Fila 5: vacía. Pulsa para poner un rojo")

    use(page, "remove")  # Black's base emptied: the game would be over, said in words
    click_edit(page, "base:1", 5)
    expect(problems).to_have_attribute("data-legal", "false")
    expect(problems).to_have_text(ES["bul.setup.problem.over"].replace("{side}",
                                                                      ES["bul.side.1"]))
    expect(page.locator('[data-editor="play"]')).to_be_disabled()

    use(page, "black")  # a Black man on row 8, by the keyboard
    before = look(page)
    page.locator('#board [data-step="row:8"]').focus()
    page.keyboard.press("Enter")
    wait_until(page, f"(before) => ({LOOK})() !== before", before)
    expect(problems).to_have_attribute("data-legal", "true")
    use(page, "red")
    click_edit(page, "row:3")
    use(page, "remove")
    click_edit(page, "base:0", 3)
    assert units(page) == [[3, "0", "out"], [8, "1", "out"]]
    expect(page.locator('#board [data-base="0"]')).to_have_attribute("data-count", "1")

    tap(page, '[data-editor="puzzle"]')  # nothing to choose before the throw: said so
    expect(page.locator("#message")).to_have_attribute("data-code", "bul_puzzle_throw_first",
                                                       timeout=ENGINE_READY_MS)
    page.select_option('select[data-choice="throws"]', '"5"')
    expect(page.locator("#board .throw .value").first).to_have_text("5")

    game, draft = teachers_draft()
    state = editor.position(game, SPEC, draft)
    proof = editor.proof(SPEC, state, {})
    tap(page, '[data-editor="puzzle"]')
    key = ("editor.proven" if proof["clear"] else "editor.not_clear") + (
        ".one" if len(proof["best"]) == 1 else "")
    expect(page.locator("#editor-said")).to_contain_text(
        ES[key].split("{best}")[0] + ", ".join(proof["best"]), timeout=ENGINE_READY_MS)
    assert proof["clear"]  # the capture wins at once: a puzzle, opened by its own address
    puzzle = page.locator('[data-editor="open-puzzle"]').get_attribute("href")

    page.evaluate("() => { navigator.clipboard.writeText = async (text) => "
                  "{ window.__copied = text; }; }")
    tap(page, '[data-editor="link"]')
    link = wait_until(page, "() => window.__copied")
    assert "#/bul?g=1." in link

    tap(page, '[data-editor="play"]')
    expect(page.locator("#editor")).to_be_hidden()
    seen = settle(page)
    assert sorted(seen["steps"]) == sorted(state.legal_moves())
    assert units(page) == [[3, "0", "out"], [8, "1", "out"]]

    elsewhere = another_visitor(page)  # the link holds the whole position, throw included
    elsewhere.goto(link)
    expect(elsewhere.locator("#board [data-step]").first).to_be_visible(
        timeout=ENGINE_READY_MS)
    assert units(elsewhere) == [[3, "0", "out"], [8, "1", "out"]]
    expect(elsewhere.locator("#board .throw .value").first).to_have_text("5")

    learner = another_visitor(elsewhere)  # the puzzle's address: answered right by clicks
    learner.goto(f"{site}/?lang=es{puzzle}")
    expect(learner.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    play_move(learner, state, proof["best"][0])
    expect(learner.locator('#coach[data-state="right"]')).to_be_visible(
        timeout=ENGINE_READY_MS)
