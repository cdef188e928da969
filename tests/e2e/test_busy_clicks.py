"""Issue 43: the page dropped clicks made while it was busy. "Deshacer" clicked twice
quickly took back one move (the first click made the page busy, the second did nothing);
◀ clicked twice quickly stepped back once (both counted from the position still shown); a
hole clicked while the move before was being sown was lost — and in Bul, Buku and Bolonki
anything clicked on the board while a move was shown, Bul's throw and Bolonki's "go on";
undo and replay could not be clicked while a computer moved. Each is kept and done once the
page is free, as a click made while Python loads is (test_snapshot.py); an undo while a
computer thinks stops it and takes back the person's move at once."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .helpers import (
    THROW,
    TURN_MS,
    click_step,
    open_game,
    open_setup,
    settle,
    step_selector,
    tap,
    wait_for_turn,
    wait_until,
)

OPENING = ["a", "d", "b"]  # three moves of a Bakuk game between two people (then d, then b)


def three_moves_in(page, site, lang):
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
    for move in OPENING:
        click_step(page, move)
    expect(page.locator("#log li")).to_have_count(3, timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_undo_clicked_twice_quickly_takes_back_two_moves(page, site, lang):
    three_moves_in(page, site, lang)
    page.locator("#undo").dblclick()  # two clicks as a quick person makes them
    expect(page.locator("#log li")).to_have_count(1, timeout=TURN_MS)
    settle(page)
    expect(page.locator("#log li")).to_have_count(1, timeout=TURN_MS)
    expect(page.locator("#redo")).to_be_enabled(timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_step_back_clicked_twice_quickly_goes_back_two_moves(page, site, lang):
    three_moves_in(page, site, lang)
    page.locator("#replay-prev").dblclick()
    words = {"es": "Jugada 1 de 3", "en": "Move 1 of 3"}[lang]
    expect(page.locator("#replay-status")).to_have_text(words, timeout=TURN_MS)
    page.locator("#replay-prev").dblclick()  # and on, from the first move
    expect(page.locator("#replay-status")).to_have_text(words.replace("1", "0", 1), timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_hole_clicked_while_the_move_before_is_sown_is_played(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # the sowing is shown, seed by seed
    three_moves_in(page, site, lang)
    settle(page)
    hold_the_frames(page, MOVING)
    tap(page, step_selector("d"))
    click_while_shown(page, '#board [data-forbidden="b"]')  # the next player's, as seeds travel
    expect(page.locator("#log li")).to_have_count(5, timeout=TURN_MS)
    assert page.locator("#log li").nth(4).get_attribute("data-move") == "b"
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", "b", timeout=TURN_MS)


# --- a click while a move is shown, in every game --------------------------------------------
BUSY = "document.querySelector('#board[aria-busy=\"true\"]') !== null"


def hold_the_frames(page, shows: str) -> None:
    """From the moment the page shows a move (`shows`, JS: true while one of its frames is
    drawn, the board busy), its frames wait: every pause the page then begins (the time a
    frame stays, > 100 ms) is held until `click_while_shown` has clicked. The move stays shown
    for as long as a slow machine needs to aim and click, no timing guessed (the test's own
    100 ms looks, helpers.wait_until, go on)."""
    page.evaluate(f"""() => {{
      {shows};  // looked at once now: what it watches, it watches from now on
      const set = window.setTimeout, clear = window.clearTimeout;
      const held = new Map();
      let next = 1e9;
      window.__e2eHeldFrames = {{ held, release() {{
        window.setTimeout = set;
        window.clearTimeout = clear;
        for (const [go, ms] of held.values()) set(go, ms);
        held.clear();
      }} }};
      window.setTimeout = (go, ms = 0, ...args) => {{
        if (ms > 100 && ({BUSY}) && ({shows})) {{
          held.set(++next, [() => go(...args), ms]);
          return next;
        }}
        return set(go, ms, ...args);
      }};
      window.clearTimeout = (id) => (held.has(id) ? held.delete(id) : clear(id));
    }}""")


def click_while_shown(page, target: str) -> None:
    """Once the move `hold_the_frames` waits for is shown and held, click the middle of
    `target` (a selector: what is there then, whatever it is), as a quick person does without
    waiting for the move to end — once it stays put (the words of a move, shown under the
    board, may move it as they come); then the move goes on."""
    spot = wait_until(page, """(target) => {
      const box = document.querySelector(target)?.getBoundingClientRect();
      const spot = window.__e2eHeldFrames.held.size > 0 && box && box.width > 0
        ? JSON.stringify({ x: box.x + box.width / 2, y: box.y + box.height / 2 }) : null;
      const before = window.__e2eSpot;
      window.__e2eSpot = spot;
      return spot !== null && spot === before && JSON.parse(spot);
    }""", target)
    page.mouse.click(spot["x"], spot["y"])
    assert page.evaluate(BUSY_NOW), "the move ended before the click"
    page.evaluate("() => window.__e2eHeldFrames.release()")


BUSY_NOW = f"() => {BUSY}"


# Whether the board has been drawn anew while the page is busy (a move's frame: the engine's
# answer is in, and its move is being shown), first looked at as the first frame's pause
# begins: the changes not yet reported are asked for, not waited for.
MOVING = """(() => {
  const board = document.getElementById('board');
  const busy = () => board.getAttribute('aria-busy') === 'true';
  const moving = (window.__e2eMoving ||= { seen: false });
  if (!moving.changes) {
    moving.changes = new MutationObserver(() => { moving.seen ||= busy(); });
    moving.changes.observe(board, { childList: true, subtree: true });
  }
  if (moving.changes.takeRecords().length && busy()) moving.seen = true;
  return moving.seen;
})()"""


def log_count(page) -> int:
    return page.locator("#log li").count()


BUL = "bul&variant=puluc"  # one throw a turn: 1-5 steps, any of them enters a man
THROWN = "document.querySelector('#board .throw[data-value]:not(.used)') !== null"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_a_base_clicked_while_the_beans_fall_is_played(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # the throw is shown, beans tumbling
    open_game(page, site, "bul", f"?lang={lang}&seats=human,human&variant=puluc")
    settle(page)
    hold_the_frames(page, THROWN)
    tap(page, THROW)
    # the thrower's men: entering one is what the throw will offer
    click_while_shown(page, '#board [data-base="0"]')
    expect(page.locator("#log li")).to_have_count(2, timeout=TURN_MS)
    assert page.locator("#log li").nth(1).get_attribute("data-move") == "enter"
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", "enter",
                                                         timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_a_throw_clicked_while_a_move_is_shown_is_made_once(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # the man walks the road, row by row
    open_game(page, site, "bul", f"?lang={lang}&seats=human,human&variant=puluc")
    settle(page)
    tap(page, THROW)
    settle(page)
    hold_the_frames(page, MOVING)
    tap(page, step_selector("enter"))  # ...the next player throws while the man walks
    click_while_shown(page, '#game-controls [data-action="throw"]')
    expect(page.locator("#log li")).to_have_count(3, timeout=TURN_MS)
    assert re.fullmatch(r"[1-5]", page.locator("#log li").nth(2).get_attribute("data-move"))
    assert settle(page)["steps"] == ["enter"]  # the throw made: the next player's move
    # two quick clicks where one throw is offered: one throw, not one thrown for later
    click_step(page, "enter")
    page.locator(THROW).dblclick()
    expect(page.locator("#log li")).to_have_count(5, timeout=TURN_MS)
    look = settle(page)
    assert look["steps"] and not look["canThrow"] and log_count(page) == 5  # a move due


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_real_beans_counted_while_a_move_is_shown_are_entered(page, site, lang):
    """People who throw real beans type the count in: the next player's count, typed while
    the man before walks, is entered once he has (it was refused: the counts were off)."""
    page.emulate_media(reduced_motion="no-preference")
    open_game(page, site, "bul", f"?lang={lang}&seats=human,human&variant=puluc")
    settle(page)
    page.check('#game-controls [data-action="real-beans"]')
    tap(page, '#game-controls [data-action="beans-2"]')
    settle(page)
    hold_the_frames(page, MOVING)
    tap(page, step_selector("enter"))  # ...the next player counts the beans while the man walks
    click_while_shown(page, '#game-controls [data-action="beans-3"]')
    expect(page.locator("#log li")).to_have_count(3, timeout=TURN_MS)
    assert re.fullmatch(r"[1-5]", page.locator("#log li").nth(2).get_attribute("data-move"))
    assert settle(page)["steps"] == ["enter"]  # the count entered: the next player's move


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buku_a_line_clicked_while_the_computers_move_is_shown_is_taken(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # the line lifted, its pieces laid
    open_game(page, site, "buku", f"?lang={lang}&seats=human,human")
    open_setup(page)
    page.select_option('select[data-seat="0"]', "beginner")  # White, the computer, first
    hold_the_frames(page, "document.querySelector('#board .buku-hand[data-hand]:not("
                    "[data-hand=\"\"])') !== null")
    tap(page, "#new-game")
    # the computer's hand, laid square by square: Black chooses his file meanwhile
    click_while_shown(page, '#board .buku-coord[data-line="e"]')
    steps = wait_for_turn(page)["steps"]
    assert log_count(page) == 1
    assert steps and all(step.startswith("e:") for step in steps), steps  # e's path begun
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", "e:", timeout=TURN_MS)


def bolonki_game(page, site, lang, seats, wait=6):
    """A Bolonki game of len(seats) players, its colours memorised; `wait`: the seconds
    the computers wait for a person who may challenge (0: until "go on")."""
    open_game(page, site, "bolonki", f"?lang={lang}")
    page.click(".bk-settings summary")
    page.select_option('.bk-settings select[data-setting="wait"]', str(wait))
    open_setup(page)
    page.select_option('select[data-option="players"]', json.dumps(len(seats)))
    for player, seat in enumerate(seats):
        page.select_option(f'select[data-seat="{player}"]', seat)
    tap(page, "#new-game")
    wait_until(page, "() => !document.querySelector('#setup-box').open")
    tap(page, ".bk-ready")  # memorised
    return wait_for_turn(page)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bolonki_a_piece_clicked_while_the_move_before_is_shown_is_lifted(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # the piece goes its way, hop by hop
    look = bolonki_game(page, site, lang, ["human", "human"])
    picks = look["steps"]
    first = picks[0]
    to = click_step(page, first)["steps"][0]  # the first player's move...
    other = picks[-1]  # ...and the second's piece, at the other end of the board
    arrived = f"document.querySelector('#board .bk-piece[data-square=\"{to.split('-')[-1]}\"]')"
    hold_the_frames(page, f"{arrived} !== null")
    tap(page, step_selector(to))
    click_while_shown(page, f'#board [data-cell="{other}"]')
    steps = wait_for_turn(page)["steps"]
    assert log_count(page) == 1
    assert steps and all(step.startswith(f"{other}-") for step in steps), (other, picks, to, steps)
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", other,
                                                         timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bolonki_a_challenge_pressed_while_the_move_is_shown_is_made(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")
    look = bolonki_game(page, site, lang, ["human", "human"])
    to = click_step(page, look["steps"][0])["steps"][0]
    hold_the_frames(page, MOVING)
    tap(page, step_selector(to))  # the first player's move; the second doubts it at once
    click_while_shown(page, "#game-controls .bk-challenge")
    expect(page.locator("#log li")).to_have_count(2, timeout=TURN_MS)
    assert page.locator("#log li").nth(1).get_attribute("data-move") == "challenge:1"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bolonki_go_on_pressed_while_the_computers_move_is_shown_is_kept(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")
    # after the first computer's move the second waits for me, who may challenge it — for
    # ever (0): unless my "go on", pressed while that move is shown, was kept
    look = bolonki_game(page, site, lang, ["human", "casual", "casual"], wait=0)
    to = click_step(page, look["steps"][0])["steps"][0]
    go_on = '#game-controls [data-action="go-on"]'
    hold_the_frames(page, f"document.querySelector('{go_on}:not([disabled])') !== null")
    tap(page, step_selector(to))
    click_while_shown(page, go_on)
    wait_for_turn(page)  # my turn again: the second computer has not waited for me
    expect(page.locator(go_on)).to_have_count(0, timeout=TURN_MS)
    moves = page.locator("#log li").evaluate_all("els => els.map((e) => e.dataset.move)")
    assert len(moves) >= 3 and "challenge:0" not in moves, moves


SQUARES = [f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)]
# Where what a person may click sits: every square of the board and every button of the
# game's panel, [name, x, y, width, height] in CSS px.
PLACES = """() => [
  ...[...document.querySelectorAll('#board [data-cell]')].map((e) => [e.dataset.cell, e]),
  ...[...document.querySelectorAll('#game-controls .bk-actions button')]
    .map((e) => [e.className, e]),
].map(([name, e]) => {
  const r = e.getBoundingClientRect();
  return [name, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
})"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["1280x720", "390x844"])
def test_bolonki_nothing_moves_under_the_pointer_as_a_computers_move_ends(page, site, lang,
                                                                          size):
    """The cause of a quick click's slips (a piece clicked lifted its neighbour, "go on"
    pressed was a challenge): as a move ended, the turn line grew by a line and the board,
    spanning the column of words (its timing settings open), was stretched below the
    screen's foot, so squares and buttons moved under the pointer. What is shown while the
    move is shown is where it is once it has been: squares and buttons, to the pixel."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(HOLD_THE_COMPUTERS)
    look = bolonki_game(page, site, lang, ["human", "casual", "casual"], wait=0)
    to = click_step(page, look["steps"][0])["steps"][0]
    go_on = "document.querySelector('#game-controls [data-action=\"go-on\"]') !== null"
    # a move people may challenge, once shown, stays shown till it has been read (a loaded
    # machine's looks would otherwise miss its last frame, and the computers wait for me)
    hold_the_frames(page, go_on)
    tap(page, step_selector(to))
    # the computers think one at a time, each let go till a move people may challenge is
    # shown (the first computer may challenge mine first): the computers' challenges of it
    # ("react", asked once it has been shown), held then, never come meanwhile. While it is
    # shown, once what is there stays put (as a person aims at it), where it all is.
    logged = "document.querySelectorAll('#log li').length"
    shown, moves = json.loads(wait_until(page, f"""() => {{
      if (!({go_on}) && window.__e2eHeld.length) ({RELEASE})();
      const showing = window.__e2eHeldFrames.held.size > 0;  // a frame of the move, held
      const places = showing && ({go_on}) && JSON.stringify([({PLACES})(), {logged}]);
      const before = window.__e2ePlaces;
      window.__e2ePlaces = places;
      return places && places === before && places;
    }}"""))
    page.evaluate("() => window.__e2eHeldFrames.release()")
    # the move shown (the log says it once it has been; whether the other computer
    # challenges it is held): the computers wait for me
    wait_until(page, f"() => {logged} > {moves} && ({go_on})")
    after = page.evaluate(PLACES)
    # by name: a button shown while the move is (the first computer's challenge of my move,
    # laid out then) may be gone after it; what stays stays put
    before, now = ({name: place for name, *place in places} for places in (shown, after))
    moved = {name: [before[name], now[name]] for name in before.keys() & now.keys()
             if before[name] != now[name]}
    assert not moved, moved
    assert sum(name in before and name in now for name in SQUARES) == 64  # every square
    assert any("bk-go-on" in name for name in before.keys() & now.keys()), [before, now]


# --- undo and replay while a computer moves --------------------------------------------------
def holding(held: str, when: str) -> str:
    """A script for the page (an init script): its requests to the engine for which `when`
    (JS, of the request's `op`) is true are held in `window[held]`, in order, until the test
    lets them go; the others go at once."""
    return f"""(() => {{
  const Base = window.Worker;
  window.{held} = [];
  window.Worker = class extends Base {{
    postMessage(message, ...rest) {{
      let op = null;
      try {{ op = JSON.parse(message.request).op; }} catch {{}}
      const send = () => super.postMessage(message, ...rest);
      if ({when}) window.{held}.push(send);
      else send();
    }}
  }};
}})()"""


# The computer's move held on its way to the engine, and every request after it, in order,
# until the test lets them go: the computer thinks for as long as the test needs to click
# (a slow computer), no timing guessed.
HOLD_THE_COMPUTER = holding("__e2eHeld", "op === 'bot' || window.__e2eHeld.length")
# ...and also the computers' challenges (Bolonki's "react", asked after every move shown,
# even while the page waits for a person's "go on"): no computer doubts a move meanwhile.
HOLD_THE_COMPUTERS = holding(
    "__e2eHeld", "op === 'bot' || op === 'react' || window.__e2eHeld.length")
RELEASE = "() => { for (const go of window.__e2eHeld.splice(0)) go(); }"
THINKING = "() => window.__e2eHeld.length > 0"
REPLAY_WORDS = {"es": "Jugada {ply} de {n}", "en": "Move {ply} of {n}"}


def count_the_log(page):
    """From now on, window.__e2eMost: the most moves the log has shown."""
    page.evaluate("""() => {
      window.__e2eMost = 0;
      new MutationObserver(() => {
        window.__e2eMost = Math.max(window.__e2eMost, document.querySelectorAll('#log li').length);
      }).observe(document.getElementById('log'), { childList: true });
    }""")


def against_the_computer(page, site, lang):
    page.add_init_script(HOLD_THE_COMPUTER)
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,casual")
    settle(page)
    count_the_log(page)
    tap(page, step_selector("a"))
    wait_until(page, THINKING)  # my move shown; the computer's is being thought


@pytest.mark.parametrize("lang", ["es", "en"])
def test_undo_while_the_computer_thinks_takes_back_my_move_at_once(page, site, lang):
    against_the_computer(page, site, lang)
    tap(page, "#undo")  # the computer stopped: its answer, when it comes, is dropped
    page.evaluate(RELEASE)  # the engine answers it, then the undo
    expect(page.locator("#log li")).to_have_count(0, timeout=TURN_MS)  # my move taken back
    look = wait_for_turn(page)
    assert "a" in look["steps"] and log_count(page) == 0
    assert page.evaluate("() => window.__e2eMost") == 1  # the computer's move never shown
    expect(page.locator("#redo")).to_be_enabled(timeout=TURN_MS)
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false", timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_undo_while_my_move_is_shown_comes_before_the_computers_answer(page, site, lang):
    page.emulate_media(reduced_motion="no-preference")  # my sowing is shown, seed by seed
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,casual")
    settle(page)
    count_the_log(page)
    hold_the_frames(page, MOVING)
    tap(page, step_selector("a"))
    click_while_shown(page, "#undo")
    look = wait_for_turn(page)
    assert "a" in look["steps"] and log_count(page) == 0
    assert page.evaluate("() => window.__e2eMost") == 1  # the computer never answered
    expect(page.locator("#redo")).to_be_enabled(timeout=TURN_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_step_back_while_the_computer_thinks_is_kept_till_its_move_is_shown(page, site,
                                                                               lang):
    against_the_computer(page, site, lang)
    tap(page, "#replay-prev")  # looking back does not change the game: the computer goes on
    page.evaluate(RELEASE)
    expect(page.locator("#replay-status")).to_have_text(
        REPLAY_WORDS[lang].format(ply=1, n=2), timeout=TURN_MS)  # one back from the computer's move
    expect(page.locator("#log li")).to_have_count(2, timeout=TURN_MS)


# A person's step held on its way to the engine while the test says so (a slow device): every
# other request goes at once.
HOLD_THE_STEP = holding("__e2eHeldSteps", "op === 'step' && window.__e2eHoldSteps")
LET_THE_STEP_GO = """() => { window.__e2eHoldSteps = false;
  for (const go of window.__e2eHeldSteps.splice(0)) go(); }"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_the_next_players_throw_clicked_while_a_move_is_on_its_way_is_made(page, site,
                                                                              lang):
    """Two people at one device: the next player throws as soon as the move before hers is
    clicked, while the engine is still answering it (a slow phone). The throw button showed
    the position before that move, where no throw is due: disabled, and the click was lost.
    It is kept now, and made once the move has been shown."""
    page.add_init_script(HOLD_THE_STEP)
    open_game(page, site, "bul", f"?lang={lang}&seats=human,human&variant=puluc")
    tap(page, THROW)
    assert "enter" in settle(page)["steps"]
    page.evaluate("() => { window.__e2eHoldSteps = true; }")
    tap(page, step_selector("enter"))  # a move: the next player's turn begins with a throw
    wait_until(page, "() => window.__e2eHeldSteps.length > 0")  # on its way, not answered
    tap(page, THROW)  # the next player's throw, clicked now
    page.evaluate(LET_THE_STEP_GO)
    expect(page.locator("#log li")).to_have_count(3, timeout=TURN_MS)
    moves = page.locator("#log li").evaluate_all("items => items.map((li) => li.dataset.move)")
    assert moves[1] == "enter" and re.fullmatch(r"[1-5]", moves[2]), moves
    assert settle(page)["steps"]  # the next player's move to choose: one throw, not two
