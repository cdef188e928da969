"""The presenter window: *Present* opens the board in a second window for the projector; the
two windows (two pages of one browser context) stay in step through a game (moves made in
either), a demo, a puzzle whose verdict waits for the teacher, an undo; closing one leaves
the other playable; a projector window opened alone, and a second presenter on a channel,
are told so in words; the presenter's shortcuts work from the keyboard.

Every wait is for what a person waits for: the other window's board and move list showing the
move, a message, a button."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import (
    click_step,
    open_game,
    progress,
    settle,
    texts_below,
    wait_for_table,
    wait_until,
)

TURN_MS = 60_000


def logged(page) -> list:
    return page.locator("#log li").evaluate_all("items => items.map((li) => li.dataset.move)")


def same_log(page, moves: list, timeout: int = TURN_MS) -> None:
    """Until `page`'s move list is `moves` and its table is still."""
    wait_until(page, """(moves) => {
      const shown = [...document.querySelectorAll('#log li')].map((li) => li.dataset.move);
      return JSON.stringify(shown) === JSON.stringify(moves) &&
        document.querySelector('#board[aria-busy="true"]') === null;
    }""", moves, timeout=timeout)


def present(page):
    """Press Present on `page` (a game on its table): the projector's window, once it has said
    hello and shows the same game."""
    with page.context.expect_page() as opened:
        page.click("#present-open")
    projector = opened.value
    projector.set_viewport_size({"width": 1920, "height": 1080})
    expect(page.locator("#presenter-status")).to_have_attribute("data-connected", "true",
                                                                timeout=ENGINE_READY_MS)
    expect(projector.locator("body")).to_have_class(
        re.compile(r"\bfollowing\b"), timeout=ENGINE_READY_MS)
    # a second engine starts in the new window (a loaded machine takes its time)
    expect(projector.locator("#engine-status")).to_be_hidden(timeout=ENGINE_READY_MS)
    wait_for_table(projector, timeout=ENGINE_READY_MS)
    same_log(projector, logged(page))
    return projector


def test_a_game_moves_in_either_window_and_an_undo_stay_in_step(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bakuk", "?seats=human,human")
    projector = present(page)
    # the projector shows nothing but the table, in the projector look
    expect(projector.locator(".topbar")).to_be_hidden()
    expect(projector.locator("#setup-box")).to_be_hidden()
    expect(projector.locator("#log")).to_be_hidden()
    expect(projector.locator(".table-tools")).to_be_hidden()
    assert "projector" in projector.locator("body").get_attribute("class").split()
    assert texts_below(projector, 22) == []  # the projector look's floor, at 1920 × 1080
    # the teacher moves: the class sees it
    look = settle(page)
    click_step(page, look["steps"][0], look)
    same_log(projector, logged(page))
    assert len(logged(projector)) == 1
    # a pupil moves at the board: the teacher's window shows it
    look = settle(projector)
    click_step(projector, look["steps"][-1], look)
    same_log(page, logged(projector))
    assert len(logged(page)) == 2
    board = page.locator("#board svg").inner_html()
    # the replay (a key moment of the review jumps it too): the class sees that position
    page.click("#replay-first")
    expect(projector.locator("#turn.replaying")).to_be_visible()
    page.click("#replay-last")
    expect(projector.locator("#turn.replaying")).to_have_count(0)
    # undo in the teacher's window: both go back
    page.click("#undo")
    wait_until(page, "() => document.querySelectorAll('#log li').length < 2")
    same_log(projector, logged(page))
    assert page.locator("#board svg").inner_html() != board


@pytest.mark.parametrize("game", ["bul", "bolonki", "buku", "bakuk"])
def test_every_game_is_shown_on_the_projector_move_by_move(page, site, game):
    open_game(page, site, game, "?seats=" + ",".join(["human"] * 2))
    projector = present(page)
    for _ in range(3):  # a person's next action each time: a throw, a move, a wait ended
        progress(page)
        wait_for_table(page)
        same_log(projector, logged(page))
    assert logged(projector) == logged(page)


def test_a_demo_is_mirrored_and_paused_from_the_presenter(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bakuk")
    projector = present(page)
    page.click("#setup-box > summary")
    page.click("#demo")
    page.select_option("#demo-speed", "1500")  # slow: a game far from its end when paused
    # the demo's moves are the presenter's computers', shown by the projector as they come
    wait_until(projector, "() => document.querySelectorAll('#log li').length >= 2")
    page.keyboard.press("p")  # pause: the shortcut
    expect(page.locator("#demo-pause")).to_have_text("Seguir", timeout=TURN_MS)
    wait_for_table(page)
    moves = logged(page)
    same_log(projector, moves)
    # the pace and the pause went across: the projector's own demo controls say the same
    assert projector.locator("#demo-speed").input_value() == "1500"
    expect(projector.locator("#demo-pause")).to_have_text("Seguir")
    page.select_option("#demo-speed", "120")
    page.keyboard.press("p")  # on again: both windows go on
    wait_until(page, "(n) => document.querySelectorAll('#log li').length > n + 1", len(moves))
    wait_until(projector, "(n) => document.querySelectorAll('#log li').length > n + 1",
               len(moves))


def test_a_puzzle_on_the_screen_keeps_its_verdict_until_the_teacher_reveals_it(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bakuk", "?seats=human,human")
    projector = present(page)
    page.click('[data-present="puzzle"]')
    expect(page.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach-head")).to_have_text(page.locator("#coach-head").inner_text())
    expect(projector.locator("#coach-buttons")).to_be_hidden()  # the teacher's to press
    # a pupil answers at the board
    look = settle(projector)
    click_step(projector, look["steps"][0], look)
    expect(projector.locator("#answer-waiting")).to_be_visible()
    expect(projector.locator("#coach-verdict")).to_be_hidden()
    # the teacher sees the verdict in the presenter's window, the class does not yet
    expect(page.locator("#coach-verdict")).to_be_visible(timeout=TURN_MS)
    verdict = page.locator("#coach-verdict .coach-said").inner_text()
    page.keyboard.press("r")  # reveal
    expect(projector.locator("#coach-verdict .coach-said")).to_have_text(verdict)
    expect(projector.locator("#answer-waiting")).to_be_hidden()
    # the next puzzle, from the keyboard: both windows, the verdict hidden again
    head = page.locator("#coach-head").inner_text()
    page.keyboard.press("n")
    expect(page.locator("#coach-head")).not_to_have_text(head, timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach-head")).to_have_text(page.locator("#coach-head").inner_text(),
                                                          timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach-verdict")).to_be_hidden()


def test_closing_either_window_leaves_the_other_playable(page, site):
    open_game(page, site, "bakuk", "?seats=human,human")
    projector = present(page)
    projector.close()
    expect(page.locator("#presenter-status")).to_have_attribute("data-connected", "false")
    look = settle(page)
    click_step(page, look["steps"][0], look)
    assert len(logged(page)) == 1
    # open it again; then the presenter goes
    projector = present(page)
    page.close()
    said = projector.locator("#projector-said")
    expect(said).to_be_visible()
    expect(said).to_contain_text("se ha cerrado")
    projector.click("#projector-said button")
    look = settle(projector)
    click_step(projector, look["steps"][0], look)
    assert len(logged(projector)) == 2


def test_the_projector_plays_the_computers_once_its_presenter_has_gone(page, site):
    open_game(page, site, "bakuk", "?seats=human,casual")
    projector = present(page)
    page.close()
    expect(projector.locator("#projector-said")).to_be_visible()
    look = settle(projector)
    click_step(projector, look["steps"][0], look)
    # the computer answers in this window now
    wait_until(projector, "() => document.querySelectorAll('#log li').length >= 2")


def test_a_projector_window_opened_alone_says_so_and_plays_on_by_itself(page, site):
    page.goto(f"{site}/#/bakuk?projector=ABCD")
    said = page.locator("#projector-said")
    expect(said).to_be_visible(timeout=ENGINE_READY_MS)
    expect(said).to_contain_text("ABCD")
    expect(said).to_contain_text("Ninguna ventana de presentador")
    page.click("#projector-said button")
    expect(said).to_be_hidden()
    expect(page.locator(".topbar")).to_be_visible()  # an ordinary game page now
    wait_for_table(page, timeout=ENGINE_READY_MS)
    look = settle(page)
    click_step(page, look["steps"][0], look)
    assert len(logged(page)) >= 1


def test_a_second_presenter_on_a_channel_is_refused_in_words(page, site):
    open_game(page, site, "bakuk", "?seats=human,human")
    projector = present(page)
    channel = page.locator("#presenter-title").inner_text().split()[-1]
    look = settle(page)
    click_step(page, look["steps"][0], look)
    second = page.context.new_page()
    second.goto(f"{site}/#/bakuk?present={channel}")
    refused = second.locator(".presenter-refused")
    expect(refused).to_be_visible(timeout=ENGINE_READY_MS)
    expect(refused).to_contain_text(channel)
    # nothing lost: the first presenter still leads, the second is an ordinary page
    wait_for_table(second, timeout=ENGINE_READY_MS)
    expect(page.locator("#presenter-status")).to_have_attribute("data-connected", "true")
    look = settle(page)
    click_step(page, look["steps"][0], look)
    same_log(projector, logged(page))


def test_the_presenters_shortcuts_are_listed_and_work_by_keyboard(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bul", "?seats=human,human")
    projector = present(page)
    for key in "NRPHVUL":
        expect(page.locator(f'#presenter-controls kbd:text-is("{key}")')).to_have_count(1)
    # L: the view's lens (Bul's bean odds) opens on the projector too
    page.keyboard.press("l")
    expect(projector.locator("#bul-odds")).to_be_visible()
    page.keyboard.press("l")
    expect(projector.locator("#bul-odds")).to_be_hidden()
    # a throw (the projector shows the same beans), then H: the hint, in both windows
    look = settle(page)
    while not look["steps"]:
        page.click('#game-controls [data-action="throw"]')
        look = settle(page, before=look["look"])
    same_log(projector, logged(page))
    page.keyboard.press("h")
    expect(projector.locator("#hint-box .hint-best")).to_be_visible(timeout=TURN_MS)
    expect(page.locator("#hint-box .hint-best")).to_have_text(
        projector.locator("#hint-box .hint-best").inner_text())
    # a move, then U undoes it in both
    click_step(page, look["steps"][0], look)
    same_log(projector, logged(page))
    before = len(logged(page))
    page.keyboard.press("u")
    wait_until(page, "(n) => document.querySelectorAll('#log li').length < n", before)
    same_log(projector, logged(page))
    # V: the review on the class's screen
    page.keyboard.press("v")
    expect(projector.locator("#review")).to_be_visible()
    expect(projector.locator("#review-close")).to_be_hidden()  # the teacher's to press
    expect(projector.locator("#review")).to_have_attribute("data-ready", "true", timeout=TURN_MS)
    assert texts_below(projector, 22) == []


def test_a_lesson_steps_on_and_the_language_follows_the_presenter(page, site):
    open_game(page, site, "bakuk", "?seats=human,human")
    projector = present(page)
    page.click("#setup-box > summary")
    page.click("#learn-link")  # the set-up's Learn link: the presenter's window opens the lesson
    expect(page.locator("#coach[data-kind='lesson']")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach-head")).to_have_text(page.locator("#coach-head").inner_text(),
                                                          timeout=ENGINE_READY_MS)
    head = page.locator("#coach-head").inner_text()
    page.keyboard.press("PageDown")  # next: the lesson's next step, in both windows
    expect(page.locator("#coach-head")).not_to_have_text(head, timeout=ENGINE_READY_MS)
    expect(projector.locator("#coach-head")).to_have_text(page.locator("#coach-head").inner_text(),
                                                          timeout=ENGINE_READY_MS)
    assert "present=" in page.url and "projector=" in projector.url  # a reload keeps the roles
    page.click('[data-lang="en"]')
    expect(projector.locator("html")).to_have_attribute("lang", "en")
    expect(projector.locator("#coach-head")).to_have_text(page.locator("#coach-head").inner_text())


def test_a_bad_channel_in_the_address_is_said_and_the_game_goes_on(page, site):
    page.goto(f"{site}/?seats=human,human#/bakuk?projector=no!")
    said = page.locator(".presenter-refused")
    expect(said).to_be_visible(timeout=ENGINE_READY_MS)
    expect(said).to_contain_text("no!")
    expect(page.locator(".topbar")).to_be_visible()
    wait_for_table(page, timeout=ENGINE_READY_MS)
    look = settle(page)
    click_step(page, look["steps"][0], look)
    assert len(logged(page)) == 1


def present_from_the_notes(page, site, game, lang="es"):
    """The game's teacher's notes, then Present: the projector's window, once connected."""
    page.goto(f"{site}/?lang={lang}#/{game}/teach")
    with page.context.expect_page() as opened:
        page.click(".teach-present")
    expect(page.locator("#presenter-status")).to_have_attribute("data-connected", "true",
                                                                timeout=ENGINE_READY_MS)
    return opened.value


def test_the_notes_present_the_game_and_fold_under_the_presenters_controls(page, site):
    """From the teacher's notes, Present opens the projector's window on the game, and the
    presenter's bar keeps the notes' plan and key questions folded under its controls."""
    projector = present_from_the_notes(page, site, "bakuk")
    wait_for_table(projector, timeout=ENGINE_READY_MS)
    notes = page.locator("#presenter-notes > details")
    expect(notes).to_be_visible()
    expect(notes.locator(".teach-plan")).to_be_hidden()  # folded until asked for
    notes.locator("> summary").click()
    expect(notes.locator(".teach-plan tbody tr")).not_to_have_count(0)
    expect(notes.locator(".teach-questions li")).not_to_have_count(0)
    assert "#/bakuk" in projector.url and "projector=" in projector.url


def test_the_notes_lead_to_the_print_kit(page, site):
    page.goto(f"{site}/#/buku/teach")
    page.click(".teach-kit")
    expect(page.locator("#page[data-page='print']")).to_be_visible()
    assert page.url.endswith("#/buku/print")


# The bar's parts, as laid out: [top, bottom] of the head line, the controls' line, the bar,
# the notes' toggle, and the board's box.
BAR_PARTS = """() => Object.fromEntries(Object.entries({
  head: '.presenter-head', controls: '.presenter-row', bar: '#presenter',
  notes: '#presenter-notes summary', board: '#board',
}).map(([name, selector]) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [name, [r.top, r.bottom, r.height]];
}))"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_notes_fold_into_the_bars_first_line_and_open_over_the_table(page, site, lang):
    """Issue 43, item 5: on a laptop (1366×768, 1280×720) the teacher's notes are a button in
    the bar's first line, not a line of their own (~35 px the board lost); opened, they lie
    over the table, the board keeps its place and size, and Escape folds them again."""
    page.set_viewport_size({"width": 1280, "height": 720})
    projector = present_from_the_notes(page, site, "bul", lang)
    summary = page.locator("#presenter-notes > details > summary")
    for width, height in [(1280, 720), (1366, 768)]:
        page.set_viewport_size({"width": width, "height": height})
        wait_for_table(page, timeout=ENGINE_READY_MS)
        parts = page.evaluate(BAR_PARTS)
        where = f"{lang} {width}×{height}: {parts}"
        head_top, head_bottom, _ = parts["head"]
        notes_top, notes_bottom, _ = parts["notes"]
        assert head_top - 0.5 <= notes_top and notes_bottom <= head_bottom + 0.5, where
        # two lines: the head and the controls, nothing under them
        assert parts["bar"][1] - parts["controls"][1] <= 12, where
        assert parts["head"][2] <= 50, where  # the head is one line of buttons
        # read from arm's length
        assert summary.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)") >= 14
        summary.click()
        expect(page.locator("#presenter-notes .teach-plan")).to_be_visible()
        question = page.locator("#presenter-notes .teach-questions li").last
        question.scroll_into_view_if_needed()  # the notes scroll in their box, on screen
        expect(question).to_be_in_viewport()
        assert page.evaluate("() => [scrollX, scrollY]") == [0, 0], where
        assert page.evaluate(BAR_PARTS)["board"] == parts["board"], where  # laid over it
        page.locator("#presenter-notes .teach-plan caption").click()  # read, not a link
        page.keyboard.press("Escape")
        expect(page.locator("#presenter-notes .teach-plan")).to_be_hidden()
        expect(summary).to_be_focused()
    projector.close()
