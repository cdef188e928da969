"""Bolonki's memory puzzles on the page: the person is shown the start's colours face up (as
a game's set-up is shown, with its countdown and its "I've got it"), and the moves watched
after it wait until then; the moves are shown face down, then the person answers — a
challenge or bringing a piece out — and the coach says whether it was right. A teacher's
position made a puzzle is played alike: its colours shown, then the question."""

from __future__ import annotations

from playwright.sync_api import expect

import ludoteca
from ludoteca.games.bolonki import SPEC
from ludoteca.teaching import editor
from ludoteca.teaching.puzzles import puzzles

from .helpers import GO_ON, play_move, settle, tap, wait_for_table, wait_until
from .test_bolonki_editor import choose_tool, click_square

COACH_MS = 60_000
SHELF = puzzles("bolonki")
PIECES = """() => Object.fromEntries([...document.querySelectorAll('#board .bk-piece')]
  .map((el) => [el.dataset.square, el.dataset.colour || '?']))"""


def pieces(page) -> dict:
    return page.evaluate(PIECES)


def question(puzzle):
    game = ludoteca.registry.new_game("bolonki", **puzzle["options"])
    return game.state_from_json(puzzle["state"])


def watch_the_start_and_the_moves(page, site, puzzle):
    """Open `puzzle`, memorise its colours (the moves wait), say "I've got it", and watch
    the moves face down until the question is asked."""
    page.goto(f"{site}/?lang=es#/bolonki?puzzle={puzzle['id']}")
    expect(page.locator("#coach")).to_be_visible(timeout=COACH_MS)
    expect(page.locator(GO_ON)).to_have_text("Ya me acuerdo", timeout=COACH_MS)
    wait_for_table(page)
    assert pieces(page) == puzzle["shown"]  # face up: what is to be memorised
    assert page.locator("#log li").count() == 0  # the moves wait for the person
    assert page.locator("#board [data-step]").count() == 0
    tap(page, GO_ON)
    wait_until(page, f"() => Object.values(({PIECES})()).every((c) => c === '?')")
    expect(page.locator("#log li")).to_have_count(len(puzzle["prelude"]), timeout=COACH_MS)
    settle(page)
    state = question(puzzle)
    assert pieces(page) == dict.fromkeys(state.to_json()["pieces"], "?")  # face down
    assert [li.get_attribute("data-move") for li in page.locator("#log li").all()] == (
        puzzle["prelude"])
    return state


def test_a_person_memorises_the_colours_watches_the_moves_and_challenges_rightly(page, site):
    puzzle = next(p for p in SHELF if p["best"] == [f"challenge:{p['state']['to_move']}"])
    state = watch_the_start_and_the_moves(page, site, puzzle)
    challenge = page.locator(f'#game-controls [data-step="{puzzle["best"][0]}"]')
    expect(challenge).to_be_visible()  # a button under the board, as in a game
    play_move(page, state, puzzle["best"][0])
    expect(page.locator('#coach[data-state="right"]')).to_be_visible(timeout=COACH_MS)


def test_a_person_who_brings_out_the_wrong_piece_is_told_so(page, site):
    puzzle = next(p for p in SHELF if p["answer"] == "bring_out" and p["difficulty"] == 2)
    state = watch_the_start_and_the_moves(page, site, puzzle)
    wrong = min((m for m in puzzle["values"] if m not in puzzle["best"]),
                key=lambda m: puzzle["values"][m])
    play_move(page, state, wrong)
    expect(page.locator('#coach[data-state="wrong"]')).to_be_visible(timeout=COACH_MS)
    # not the answer yet (issue 43 item 2): it comes on "Ver la solución"
    expect(page.locator(".coach-values")).to_have_count(0)
    tap(page, '#coach-buttons [data-coach="solution"]')
    expect(page.locator(f'.coach-values li.best[data-move="{puzzle["best"][0]}"]')).to_have_count(
        1, timeout=COACH_MS)
    tap(page, '#coach-buttons [data-coach="again"]')  # the colours are shown again
    expect(page.locator(GO_ON)).to_be_visible(timeout=COACH_MS)
    wait_until(page, "(shown) => JSON.stringify(Object.entries((PIECES)()).sort()) === "
               "JSON.stringify(Object.entries(shown).sort())".replace("PIECES", PIECES),
               puzzle["shown"])


def test_a_teachers_position_is_a_memory_puzzle(page, site):
    page.goto(f"{site}/?lang=en#/bolonki?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=COACH_MS)
    choose_tool(page, "remove")
    for square in ("b1", "b8", "c8", "d8", "e8"):
        click_square(page, square)
    choose_tool(page, "B")
    click_square(page, "d7")  # a blue piece by its goal edge, where nothing else counts
    shown = pieces(page)
    tap(page, '[data-editor="puzzle"]')
    expect(page.locator("#editor-said")).to_contain_text("A good puzzle", timeout=COACH_MS)
    tap(page, '[data-editor="open-puzzle"]')
    expect(page.locator("#coach")).to_be_visible(timeout=COACH_MS)
    expect(page.locator(GO_ON)).to_be_visible(timeout=COACH_MS)
    wait_for_table(page)
    assert pieces(page) == shown  # the colours, to memorise
    tap(page, GO_ON)
    wait_until(page, f"() => Object.values(({PIECES})()).every((c) => c === '?')")
    game = ludoteca.registry.new_game("bolonki")
    draft = editor.start(game, SPEC)
    for tool, square in [*(("remove", sq) for sq in ("b1", "b8", "c8", "d8", "e8")),
                         ("B", "d7")]:
        draft = editor.edited(game, SPEC, draft, tool, square)
    assert draft["pieces"] == shown
    play_move(page, SPEC.setup_state(game, draft), "d7-d8")
    expect(page.locator('#coach[data-state="right"]')).to_be_visible(timeout=COACH_MS)

