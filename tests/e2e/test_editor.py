"""The set-up mode: a teacher places seeds on the board, the engine says at every click
whether the position is legal and why not; from a legal position the teacher turns it into
a puzzle (the engine proves its answer or says it does not stand out), shares it by link —
opened in another browser, the game goes on from there — and plays on from it."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

from ludoteca import registry
from ludoteca.games.bakuk import SPEC
from ludoteca.teaching import editor

from .conftest import ENGINE_READY_MS, another_visitor
from .helpers import settle, tap, wait_until

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

ES = merged_strings("es", game_catalogue())
TABLE = SPEC.load_data("bakuk2", (ROOT / "web" / SPEC.data_files["bakuk2"]).read_bytes())


def hole(page, name):
    return page.locator(f'#board [data-hole="{name}"]')


def counts(page) -> list:
    return [int(hole(page, name).get_attribute("data-count")) for name in "abcdef"]


def click_hole(page, name):
    before = counts(page)
    tap(page, f'#board [data-step="{name}"]')
    wait_until(page, "(before) => JSON.stringify([...'abcdef'].map((n) => Number("
               "document.querySelector(`#board [data-hole=\"${n}\"]`).dataset.count))) "
               "!== JSON.stringify(before)", before)


def test_a_teacher_sets_up_a_position_proves_it_shares_it_and_plays_it(page, site):
    page.goto(f"{site}/?lang=es#/bakuk?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "true")
    click_hole(page, "a")  # a seed too many: said at once, in words
    expect(problems).to_have_attribute("data-legal", "false")
    expect(problems).to_contain_text("37")
    expect(page.locator('[data-editor="play"]')).to_be_disabled()
    page.check('#editor-tools input[value="remove"]')
    for name in ("b", "b", "c"):
        click_hole(page, name)
    page.select_option('select[data-choice="captured.1"]', "2")  # North has taken two
    expect(problems).to_have_attribute("data-legal", "true")
    assert counts(page) == [7, 4, 5, 6, 6, 6]
    tap(page, '[data-editor="undo"]')  # the choice taken back, then made again
    expect(problems).to_have_attribute("data-legal", "false")
    page.select_option('select[data-choice="captured.1"]', "2")
    expect(problems).to_have_attribute("data-legal", "true")

    game = registry.new_game("bakuk")
    draft = {**game.initial_state().to_json(), "holes": [7, 4, 5, 6, 6, 6], "captured": [0, 2]}
    proof = editor.proof(SPEC, SPEC.setup_state(game, draft), {"bakuk2": TABLE})
    tap(page, '[data-editor="puzzle"]')
    key = ("editor.proven" if proof["clear"] else "editor.not_clear") + (
        ".one" if len(proof["best"]) == 1 else "")
    expect(page.locator("#editor-said")).to_contain_text(
        ES[key].split("{best}")[0], timeout=ENGINE_READY_MS)
    expect(page.locator('[data-editor="open-puzzle"]')).to_have_count(int(proof["clear"]))

    page.evaluate("() => { navigator.clipboard.writeText = async (text) => "
                  "{ window.__copied = text; }; }")
    tap(page, '[data-editor="link"]')
    link = wait_until(page, "() => window.__copied")
    assert "#/bakuk?g=1." in link

    tap(page, '[data-editor="play"]')
    expect(page.locator("#editor")).to_be_hidden()
    look = settle(page)
    assert sorted(look["steps"]) == ["a", "b", "c"] and counts(page) == [7, 4, 5, 6, 6, 6]
    expect(page.locator("#scores")).to_contain_text("2")

    elsewhere = another_visitor(page)  # the link holds the whole position
    elsewhere.goto(link)
    expect(elsewhere.locator('#board [data-step="a"]')).to_be_visible(timeout=ENGINE_READY_MS)
    assert counts(elsewhere) == [7, 4, 5, 6, 6, 6]


def test_a_damaged_set_up_link_is_said_in_words_and_the_game_goes_on(page, site):
    page.goto(f"{site}/?lang=es#/bakuk?edit=1.garbage")
    expect(page.locator("#message")).to_have_attribute("data-code", "bad_link",
                                                       timeout=ENGINE_READY_MS)
    expect(page.locator("#editor")).to_be_hidden()
    expect(page.locator("#board [data-step]").first).to_be_visible()


def test_analyse_plays_from_the_position_and_shows_the_computers_hint(page, site):
    page.goto(f"{site}/?lang=es#/bakuk?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    click_hole(page, "a")
    page.check('#editor-tools input[value="remove"]')
    click_hole(page, "d")  # still 36 seeds: a legal position of the teacher's own
    tap(page, '[data-editor="analyse"]')
    expect(page.locator("#editor")).to_be_hidden()
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=ENGINE_READY_MS)
    assert counts(page) == [7, 6, 6, 5, 6, 6]



def test_the_set_up_asked_for_while_a_puzzle_opens_is_what_opens(page, site):
    """A teacher follows the puzzle's link, then at once the set-up's: the puzzle's answer,
    come from the engine while the set-up's code was still on its way, must not take the
    table back (the set-up used to stay hidden behind the puzzle for good)."""
    page.goto(f"{site}/?lang=es#/bakuk?learn=1")
    expect(page.locator('#coach[data-kind="lesson"]')).to_be_visible(timeout=ENGINE_READY_MS)
    page.evaluate("""() => {
      location.hash = '#/bakuk?puzzle=day';
      addEventListener('hashchange', () => { location.hash = '#/bakuk?edit'; }, { once: true });
    }""")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#editor-head")).to_be_focused()
    expect(page.locator("#coach")).to_be_hidden()
    settle(page)
    expect(page.locator("#coach")).to_be_hidden()  # nothing late brings the puzzle back
    expect(page.locator("#editor")).to_be_visible()
