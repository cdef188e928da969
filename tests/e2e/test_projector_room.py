"""The projector look and the presenter's window keep the board's room (issue 43, item 5): a
hint shown stands beside the board and the board keeps its size; Bul's bean odds are a box
wholly on screen; the projector window's full-screen button covers nothing; the presenter's
hint runs over none of the scores; Space after a click on a presenter's button is the game's
(it throws Bul's beans), not that button pressed again. Both languages, at 1280×720,
1366×768 and 1920×1080.

Every wait is for what a person waits for: the hint's best move, the odds shown, a throw in
the move list."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import TURN_MS, open_game, settle, sized, texts_below, wait_for_table

# The boxes of what is on screen: the board's drawing (its room and its scale), the words
# beside it, the hint, Bul's odds, the full-screen button (null: not shown). Read after a
# frame is drawn: the drawing takes its room's size from a ResizeObserver, which runs as a
# frame is made, so a layout forced between two frames can show a size no frame shows (CI
# once read the set-up's folding there: the board's room grown, its drawing not yet). The
# room's own height comes with it, to tell the two apart should it differ again.
BOXES = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const box = (s) => {
    const e = document.querySelector(s);
    if (!e || !e.getClientRects().length || getComputedStyle(e).visibility === 'hidden')
      return null;
    const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const svg = document.querySelector('#board svg');
  return {board: box('#board svg'), room: box('#board'), scale: svg?.getScreenCTM()?.a ?? 0,
    turn: box('#turn'), scores: box('#scores'), controls: box('#game-controls'),
    hint: box('#hint-box'), odds: box('#bul-odds'), full: box('#projector-full'),
    throw: box('#game-controls [data-action="throw"]'), tools: box('.table-tools'),
    width: innerWidth, height: innerHeight};
}"""


def boxes(page) -> dict:
    return page.evaluate(BOXES)


def overlap(a, b) -> bool:
    """Whether two boxes share more than a pixel's edge."""
    return bool(a and b and a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1
                and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1)


def on_screen(a, seen) -> bool:
    return (a["left"] >= -0.5 and a["top"] >= -0.5 and a["right"] <= seen["width"] + 0.5
            and a["bottom"] <= seen["height"] + 0.5)


def same_board(before, after) -> None:
    """The board's room and its drawing's scale unchanged (to a pixel, a percent)."""
    for side in ("left", "top", "right", "bottom"):
        assert abs(before["board"][side] - after["board"][side]) <= 1.5, (before, after)
    assert after["scale"] == pytest.approx(before["scale"], rel=0.01), (before, after)


def english(page) -> None:
    page.click('[data-lang="en"]')
    expect(page.locator("html")).to_have_attribute("lang", "en")


def ready_for_a_hint(page) -> None:
    """A position the hint speaks of: Bul's beans thrown first."""
    look = settle(page)
    while not look["steps"]:
        page.click('#game-controls [data-action="throw"]')
        look = settle(page, before=look["look"])


def show_hint(page) -> None:
    page.click("#hint-open")
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=TURN_MS)
    wait_for_table(page)


# every game at one of the sizes, each size in both languages
CASES = [("bul", 1280, 720, "es"), ("bakuk", 1280, 720, "en"), ("buku", 1366, 768, "es"),
         ("bolonki", 1366, 768, "en"), ("bul", 1920, 1080, "en"), ("bakuk", 1920, 1080, "es")]


@pytest.mark.parametrize(("game", "width", "height", "lang"), CASES)
def test_a_hint_in_the_projector_look_keeps_the_board_and_covers_nothing(
        page, site, game, width, height, lang):
    sized(page, width, height, projector=True)
    open_game(page, site, game, "?seats=human,human")
    expect(page.locator("body.projector")).to_have_count(1)
    if lang == "en":
        english(page)
    ready_for_a_hint(page)
    before = boxes(page)
    show_hint(page)
    after = boxes(page)
    # the board keeps its room and its size (a strip in a corner before)
    same_board(before, after)
    hint = after["hint"]
    assert on_screen(hint, after), after
    for part in ("board", "turn", "scores", "controls"):
        assert not overlap(hint, after[part]), (part, after)
    if width == 1920:
        assert texts_below(page, 22) == []  # the projector look's floor, hint and all


@pytest.mark.parametrize(("width", "height", "lang"),
                         [(1280, 720, "es"), (1366, 768, "en"), (1920, 1080, "es")])
def test_bul_odds_in_the_projector_look_are_a_box_wholly_on_screen(page, site, width, height,
                                                                   lang):
    sized(page, width, height, projector=True)
    open_game(page, site, "bul", "?seats=human,human")
    if lang == "en":
        english(page)
    settle(page)
    before = boxes(page)
    page.click('#game-controls [data-action="odds"]')
    odds = page.locator("#bul-odds")
    expect(odds).to_be_visible()
    after = boxes(page)
    same_board(before, after)
    seen = after["odds"]
    # the box's four edges in sight, in the column beside the board, in the move list's
    # place (it ran off the screen's foot), and what it holds reachable inside it
    assert on_screen(seen, after), after
    assert seen["bottom"] - seen["top"] >= 0.4 * height, after
    for part in ("board", "turn", "scores", "tools"):
        assert not overlap(seen, after[part]), (part, after)
    # the throw stays in sight above it
    assert after["throw"] and on_screen(after["throw"], after), after
    assert not overlap(after["throw"], seen)
    assert odds.evaluate("e => getComputedStyle(e).overflowY") in ("auto", "scroll")
    odds.evaluate("e => { e.scrollTop = e.scrollHeight; }")
    last = odds.locator("li").last
    expect(last).to_be_in_viewport()
    if width == 1920:
        assert texts_below(page, 22) == []


def presenter_and_projector(page, site, game, width, height):
    """The presenter's window (`page`) and a projector's window on its channel (one browser,
    two pages), both at `width` × `height`."""
    sized(page, width, height)
    channel = "ROOM" + str(width)
    page.goto(f"{site}/?seats=human,human#/{game}?present={channel}")
    expect(page.locator("#presenter")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    projector = page.context.new_page()
    projector.set_viewport_size({"width": width, "height": height})
    projector.goto(f"{site}/?seats=human,human#/{game}?projector={channel}")
    expect(page.locator("#presenter-status")).to_have_attribute("data-connected", "true",
                                                                timeout=ENGINE_READY_MS)
    expect(projector.locator("body")).to_have_class(re.compile(r"\bfollowing\b"),
                                                    timeout=ENGINE_READY_MS)
    expect(projector.locator("#engine-status")).to_be_hidden(timeout=ENGINE_READY_MS)
    wait_for_table(page, timeout=ENGINE_READY_MS)
    wait_for_table(projector, timeout=ENGINE_READY_MS)
    return projector


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 720, "es"), (1366, 768, "en")])
def test_the_presenter_and_the_projector_window_keep_the_board_when_a_hint_shows(
        page, site, width, height, lang):
    projector = presenter_and_projector(page, site, "bul", width, height)
    if lang == "en":
        english(page)
        expect(projector.locator("html")).to_have_attribute("lang", "en")
    # the projector's full-screen button (where the browser offers full screen) covers none
    # of the board
    shown = boxes(projector)
    if shown["full"]:
        assert not overlap(shown["full"], shown["board"]), shown
        assert on_screen(shown["full"], shown), shown
    ready_for_a_hint(page)
    wait_for_table(projector)
    teacher, class_sees = boxes(page), boxes(projector)
    # the presenter's bar leaves the teacher's board a real size (it fell to ~300 px)
    board = teacher["board"]
    assert board["bottom"] - board["top"] >= 0.5 * height, teacher
    page.keyboard.press("h")  # the hint, in both windows
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=TURN_MS)
    expect(projector.locator("#hint-box .hint-best")).to_be_visible(timeout=TURN_MS)
    wait_for_table(page)
    wait_for_table(projector)
    for where, before in ((page, teacher), (projector, class_sees)):
        after = boxes(where)
        same_board(before, after)
        assert on_screen(after["hint"], after), after
        for part in ("board", "turn", "scores", "controls", "full"):
            assert not overlap(after["hint"], after[part]), (part, after)
        if after["full"]:
            assert not overlap(after["full"], after["board"]), after
    # L: the bean odds, in both windows: a box wholly on screen, over none of the board, the
    # throw in sight (on the projector's window at the foot of its column of words)
    page.keyboard.press("l")
    expect(projector.locator("#bul-odds")).to_be_visible()
    for where in (page, projector):
        seen = boxes(where)
        assert on_screen(seen["odds"], seen), seen
        assert seen["odds"]["bottom"] - seen["odds"]["top"] >= 80, seen
        for part in ("board", "turn", "scores"):
            assert not overlap(seen["odds"], seen[part]), (part, seen)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_space_after_a_presenters_button_throws_the_beans(page, site, lang):
    sized(page, 1366, 768)
    page.goto(f"{site}/?seats=human,human#/bul?present=KEYS")
    expect(page.locator("#presenter")).to_be_visible(timeout=ENGINE_READY_MS)
    wait_for_table(page, timeout=ENGINE_READY_MS)
    if lang == "en":
        english(page)
    look = settle(page)
    assert look["canThrow"] and page.locator("#log li").count() == 0
    reveal = page.locator('[data-present="reveal"]')
    reveal.click()  # a pointer's click: the verdict shown to the class
    expect(reveal).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(" ")  # the game's: the beans are thrown (the button stays as it was)
    expect(page.locator("#log li")).to_have_count(1, timeout=TURN_MS)
    # from the keyboard a bar's button keeps the focus (Tab moves on from it)
    reveal.focus()
    page.keyboard.press("Enter")
    expect(reveal).to_be_focused()


def finished_game_link(game_id: str, seed: int) -> str:
    """A link of a game played to its end (random moves, seeded), for two people."""
    import random

    from ludoteca import new_game
    from ludoteca.records import encode_link, make_record

    game, rng, moves = new_game(game_id), random.Random(seed), []
    state = game.initial_state()
    while not state.is_terminal:
        moves.append(rng.choice(state.legal_moves()))
        state = state.apply(moves[-1])
    return encode_link(make_record(game, moves), ["human", "human"])


@pytest.mark.parametrize(("width", "height", "lang"),
                         [(1280, 720, "es"), (1280, 720, "en"), (1920, 1080, "es")])
def test_the_end_of_a_game_in_the_projector_look_fits_beside_the_board(page, site, width,
                                                                       height, lang):
    """The end says why in a sentence, with its two buttons, in the column beside the board:
    at the turn line's size it ran 170 px below a 720-line screen, and the page scrolled."""
    sized(page, width, height, projector=True)
    page.goto(f"{site}/?lang={lang}#/bakuk?g={finished_game_link('bakuk', 5)}")
    banner = page.locator("#turn.over")
    expect(banner).to_be_visible(timeout=ENGINE_READY_MS)
    wait_for_table(page)
    for button in banner.get_by_role("button").all():
        expect(button).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    if width == 1920:
        assert texts_below(page, 22) == []
