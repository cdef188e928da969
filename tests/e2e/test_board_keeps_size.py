"""The board keeps its size when something opens beside or above it (issue 43, item 3): a
lesson's feedback (it shrank the board to ~300 px at 1366 × 768), a puzzle's answer, the
game's options (the board became a thumbnail) and the review. Measured as a person sees it —
the drawing's own size on screen — before and after, in both languages, on a laptop, a
projector-sized screen and a phone; the next thing to click stays on screen.

And a lesson step played by *Muéstramelo* is said to be the computer's move ("Así se hace"),
never "¡Bien hecho!", and is not counted as passed; each lesson's first step says how the
game's move is done before its goal asks for one.

The lessons' and puzzles' cases share one page (`shared_page`), each reached by its address
as a link followed in the page, the cases of a language one after another; the options' and
review's cases open the table afresh (`?seats=human,human` is read when the page loads)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

import ludoteca
from ludoteca.teaching.lessons import lesson

from .helpers import click_step, open_game, open_setup, settle, sized, tap, wait_until

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

STRINGS = {lang: merged_strings(lang, game_catalogue()) for lang in ("es", "en")}
GAMES = [g for g in ludoteca.GAMES if lesson(g)]
SIZES = [(1366, 768), (1920, 1080), (390, 844)]
COACH_MS = 60_000

# The drawing's size on screen: the board's SVG scaled into its box by its viewBox, as the
# eye sees it (the box itself may be larger than what is drawn in it).
DRAWN = """() => {
  const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return [Math.round(view.width * scale), Math.round(view.height * scale)];
}"""

# Two frames later: the board's box has been laid out and its drawing sized to it
# (board-size.js sets the drawing's size after layout).
LAID_OUT = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""

ON_SCREEN = """(el) => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
    && r.right <= innerWidth; }"""


def drawn(page) -> list:
    page.evaluate(LAID_OUT)
    return page.evaluate(DRAWN)


def assert_same_size(before, after, what):
    assert abs(after[0] - before[0]) <= 1 and abs(after[1] - before[1]) <= 1, (
        f"the board went from {before[0]}×{before[1]} to {after[0]}×{after[1]} px when {what}")


def assert_a_board(size, width):
    """A board, not a thumbnail: across a phone's width, or 380 px each way on a laptop."""
    if width < 500:
        assert max(size) >= 0.9 * width, size
    else:
        assert min(size) >= 380, size


def assert_on_screen(page, selector, what):
    assert page.locator(selector).evaluate(ON_SCREEN), f"{what} ({selector}) is off the screen"


def open_coach(page, site, game, query, lang):
    page.goto(f"{site}/?lang={lang}#/{game}?{query}")
    expect(page.locator("#coach")).to_be_visible(timeout=COACH_MS)
    settle(page)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_lessons_feedback_leaves_the_board_its_size(shared_page, site, lang, width, height):
    """Bakuk's board (wide) and Bul's (tall, with its beans) after *Muéstramelo*."""
    page = shared_page
    sized(page, width, height)
    for game in ("bakuk", "bul"):
        open_coach(page, site, game, "learn=2", lang)
        before = drawn(page)
        assert_a_board(before, width)
        tap(page, '#coach-buttons [data-coach="show"]')
        expect(page.locator('#coach[data-state="shown"]')).to_be_visible(timeout=COACH_MS)
        settle(page, "#coach-verdict")
        assert_same_size(before, drawn(page), f"{game}'s lesson feedback opened ({lang})")
        assert_on_screen(page, '#coach-buttons [data-coach="again"]', "Again")
        assert_on_screen(page, '#coach-buttons [data-coach="next-step"]', "Next step")


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_puzzles_answer_leaves_the_board_its_size(shared_page, site, lang, width, height):
    page = shared_page
    sized(page, width, height)
    open_coach(page, site, "bakuk", "puzzle=day", lang)
    before = drawn(page)
    tap(page, '#coach-buttons [data-coach="solution"]')
    expect(page.locator('#coach[data-state="shown"]')).to_be_visible(timeout=COACH_MS)
    assert_same_size(before, drawn(page), f"the puzzle's answer opened ({lang})")
    assert_on_screen(page, '#coach-buttons [data-coach="next-puzzle"]', "Next puzzle")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_games_options_and_the_review_leave_the_board_its_size(page, site, lang, width,
                                                                     height):
    sized(page, width, height)
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
    before = drawn(page)
    assert_a_board(before, width)
    open_setup(page)
    expect(page.locator("#setup")).to_be_visible()
    assert_same_size(before, drawn(page), f"the options opened ({lang})")
    assert_on_screen(page, "#new-game", "New game")
    tap(page, "#setup-box > summary")  # folded again: the board as it was
    expect(page.locator("#setup")).to_be_hidden()
    assert_same_size(before, drawn(page), "the options closed")
    look = settle(page)
    click_step(page, look["steps"][0], look)  # a move, so that there is a game to review
    settle(page, before=look["look"])
    before = drawn(page)
    if page.locator("#side-open").is_visible():  # a phone: the move list is a drawer
        tap(page, "#side-open")
    tap(page, "#review-open")
    expect(page.locator("#review")).to_be_visible()
    wait_until(page, "() => document.querySelectorAll('#review-grades li').length > 0")
    assert_same_size(before, drawn(page), f"the review opened ({lang})")
    assert_on_screen(page, "#review-close", "Close the review")


# What of the coach's panel is not whole inside it as it opens (scrolled to its top): the
# goal and each button, by name.
CUT_IN_THE_PANEL = """() => {
  const coach = document.getElementById('coach').getBoundingClientRect();
  return [...document.querySelectorAll('#coach-goal, #coach-buttons > :is(button, a)')]
    .filter((el) => el.getClientRects().length)
    .filter((el) => { const r = el.getBoundingClientRect();
      return r.top < coach.top - 0.5 || r.bottom > coach.bottom + 0.5 || r.bottom > innerHeight; })
    .map((el) => el.id || el.dataset.coach);
}"""


# What of the move list's name and its replay's buttons, beside the board under the coach's
# panel, is not whole inside the list's box as it opens: by text or name.
CUT_IN_THE_MOVES = """() => {
  const side = document.getElementById('side');
  if (!side.getClientRects().length) return [];  // a phone's drawer, closed
  const box = side.getBoundingClientRect();
  return [...side.querySelectorAll('.side-head h2, #replay button')]
    .filter((el) => el.getClientRects().length)
    .filter((el) => { const r = el.getBoundingClientRect();
      return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.bottom > innerHeight; })
    .map((el) => el.id || el.textContent);
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_first_lesson_steps_goal_and_buttons_are_whole_beside_how_to_play(
        shared_page, site, lang, width, height):
    """Bul's first step says how the game is played, six lines: "Next step" and "Leave" were
    cut at the panel's foot (1366 × 768), "Leave" on a phone. The words of how to play give
    up height and scroll in their own box; the goal and every button stay whole. So do the
    move list's name and its replay's buttons under the panel (at 1366 × 768 they were a
    sliver, cut through)."""
    page = shared_page
    sized(page, width, height)
    for game in GAMES:
        open_coach(page, site, game, "learn=1", lang)
        expect(page.locator("#coach-intro")).to_be_visible()
        assert page.evaluate(CUT_IN_THE_PANEL) == [], f"{game} ({lang}, {width}×{height})"
        assert page.evaluate(CUT_IN_THE_MOVES) == [], f"{game} ({lang}, {width}×{height})"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_show_me_is_said_as_the_computers_move_and_the_first_step_says_how_to_play(
        shared_page, site, game, lang):
    page = shared_page
    words = STRINGS[lang]
    step = lesson(game)[0]
    sized(page, 1366, 768)
    open_coach(page, site, game, "learn=1", lang)
    # the game's move is introduced before the goal that asks for it
    intro = page.locator("#coach-intro")
    expect(intro).to_be_visible()
    expect(intro).to_contain_text(words[f"lesson.{game}.{step.id}.intro"])
    assert page.evaluate("() => document.querySelector('#coach-intro')"
                         ".compareDocumentPosition(document.querySelector('#coach-goal'))"
                         " & Node.DOCUMENT_POSITION_FOLLOWING")
    tap(page, '#coach-buttons [data-coach="show"]')
    expect(page.locator('#coach[data-state="shown"]')).to_be_visible(timeout=COACH_MS)
    said = page.locator("#coach-verdict")
    expect(said).to_contain_text(words["coach.shown"].split("{")[0].strip())
    expect(said).to_contain_text(words["coach.shown.try"])
    for praise in (words["coach.right"], words["coach.turn.right"]):
        expect(said).not_to_contain_text(praise)
        expect(page.locator("#turn")).not_to_contain_text(praise)
    expect(page.locator("#turn")).to_have_text(words["coach.turn.shown"])
    # shown, not passed: no progress kept, "Again" is the button to press, nothing to go on to
    progress = page.evaluate(f"() => localStorage.getItem('ludoteca.progress.lesson.{game}')")
    assert progress is None
    assert "primary" in page.locator('#coach-buttons [data-coach="again"]').get_attribute(
        "class")
    assert "primary" not in page.locator(
        '#coach-buttons [data-coach="next-step"]').get_attribute("class")
    open_coach(page, site, game, "learn=2", lang)  # a later step: the move is known now
    expect(intro).to_be_hidden()
