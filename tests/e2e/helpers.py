"""Helpers for driving the page the way a person does: look at the table until it is still
(no request on its way, no move being shown, the same steps offered two frames running), then
click one of the steps offered, found again right before the click: with the mouse, at the
centre of what is shown (`tap`).

The page says it is busy with `aria-busy="true"` on `#board` (while it waits for the engine,
shows a move, or a computer thinks); every helper here waits for it to be gone. The helpers take
a Page or a Frame (a game embedded in a lesson page)."""

from __future__ import annotations

import itertools
import json
import random

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from .conftest import ENGINE_READY_MS

STEP = "#board [data-step]"
ACTIONS = "#board [data-step], #game-controls [data-step]"
THROW = '#game-controls [data-action="throw"]:not([disabled])'
# A button that ends a wait early (Bolonki's "I remember" and "go on" after a computer's move):
# a person in a hurry presses it rather than watching the countdown.
GO_ON = '#game-controls [data-action="go-on"]'
TURN_MS = 60_000  # a computer's move and its animation on a loaded machine; never a sleep

# The table as a person sees it. Elements get an id on first sight and every change under
# #board is counted, so a board redrawn with the same steps still counts as a change.
_TABLE = """([selector, withThrow, withGoOn]) => {
  const w = window;
  const ids = (w.__e2eIds ||= new WeakMap());
  const id = (el) => {
    if (!ids.has(el)) ids.set(el, (w.__e2eNextId = (w.__e2eNextId || 0) + 1));
    return ids.get(el);
  };
  const board = document.getElementById('board');
  if (board && w.__e2eBoard !== board) {
    w.__e2eBoard = board;
    w.__e2eChanges = (w.__e2eChanges || 0) + 1;
    new MutationObserver(() => { w.__e2eChanges++; })
      .observe(board, { childList: true, subtree: true });
  }
  const busy = document.querySelector('#board[aria-busy="true"], body[aria-busy="true"]') !== null;
  const over = document.querySelector('#turn.over, #turn.judged') !== null; // or answered
  const turn = document.getElementById('turn');
  const onTable = over || (turn !== null && turn.textContent.trim() !== '');
  const steps = [...document.querySelectorAll(selector)];
  const canThrow = withThrow && document.querySelector(
    '#game-controls [data-action="throw"]:not([disabled])') !== null;
  const canGoOn = Boolean(withGoOn) && document.querySelector(GO_ON) !== null;
  const log = document.querySelectorAll('#log li').length;
  const look = JSON.stringify([w.__e2eChanges, over, log, canThrow, onTable,
                              steps.map((e) => id(e) + e.dataset.step)]);
  const actionable = over || canThrow || canGoOn || steps.length > 0;
  return { busy, over, onTable, actionable, log, canThrow, canGoOn,
           steps: steps.map((e) => e.dataset.step), look };
}""".replace("GO_ON", json.dumps(GO_ON))

# The next frame; and the page's next change (or `ms` later, whichever comes first).
_FRAMES = """const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const pageChanges = (ms) => new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(done);
    const timer = setTimeout(done, ms);
    observer.observe(document, { subtree: true, childList: true, attributes: true,
                                 characterData: true });
  });"""

# Looked at on every animation frame: true once the page is not busy, the table is the same as
# one frame before (and differs from `before`), and a person can act (or the game is over) —
# or, with `anyGame`, merely a game is on the table.
_STILL = """([selector, withThrow, before, token, anyGame, withGoOn]) => {
  const table = (TABLE)([selector, withThrow, withGoOn]);
  const last = window.__e2eLast && window.__e2eLast.token === token ? window.__e2eLast.look : null;
  window.__e2eLast = { token, look: table.look };
  const ready = anyGame ? table.onTable : table.actionable;
  return !table.busy && ready && table.look === last && table.look !== before && table;
}""".replace("TABLE", _TABLE)

# The same, as one promise that the page resolves once the table is still: it looks again on
# the next frame only when a frame's confirmation is all that is missing, and otherwise when the
# page changes (or after 0.5 s) — asking for no frames while the engine thinks or a countdown
# runs. (Polling every frame kept each waiting page drawing 60 frames a second: ~6 % of a core.)
_WAIT_STILL = """async (arg) => {
  const [selector, withThrow, before, token, anyGame, withGoOn] = arg;
  const still = @STILL@;
  const table = @TABLE@;
  @FRAMES@
  for (;;) {
    const found = still(arg);
    if (found) return found;
    const now = table([selector, withThrow, withGoOn]);
    const ready = anyGame ? now.onTable : now.actionable;
    await (!now.busy && ready && now.look !== before ? nextFrame() : pageChanges(500));
  }
}""".replace("@STILL@", _STILL).replace("@TABLE@", _TABLE).replace("@FRAMES@", _FRAMES)

_tokens = itertools.count()


def settle(page, selector: str = ACTIONS, before: str | None = None,
           timeout: int = TURN_MS, go_on: bool = False) -> dict:
    """Wait until the table is still and a person can act (steps offered, a throw to make,
    with `go_on` a wait to end early) or the game is over; with `before` (an earlier look),
    until it also differs from it. Returns {over, log, canThrow, canGoOn, steps, look}."""
    arg = [selector, selector == ACTIONS, before, next(_tokens), False, go_on]
    return page.wait_for_function(_WAIT_STILL, arg=arg, timeout=timeout).json_value()


def wait_for_table(page, before: str | None = None, timeout: int = TURN_MS) -> dict:
    """Wait until a game is on the table and the page is still (not busy, nothing redrawn for
    a frame) — whether or not a person can act (a computer's turn, Bolonki's memorising);
    with `before`, until the table also differs from that earlier look."""
    arg = [ACTIONS, True, before, next(_tokens), True, False]
    return page.wait_for_function(_WAIT_STILL, arg=arg, timeout=timeout).json_value()


def open_setup(page) -> None:
    """Unfold the set-up (options, seats, new game, demo): it folds once a game is shown."""
    if not page.locator("#setup-box").evaluate("box => box.open"):
        tap(page, "#setup-box > summary")


def look_now(page) -> str:
    """The table as it is now, still or not (for `settle(before=...)`)."""
    return page.evaluate(_TABLE, [ACTIONS, True])["look"]


def wait_for_turn(page, timeout: int = TURN_MS) -> dict:
    """Wait until a person may click a step on the board, or the game is over."""
    return settle(page, STEP, timeout=timeout)


def wait_for_turn_or_action(page, timeout: int = TURN_MS) -> dict:
    """Wait until a person may click a step (board or controls), throw, or the game is over."""
    return settle(page, ACTIONS, timeout=timeout)


# What a person aims at: the element in view (scrolled to, if it is not), and the point at the
# centre of its box, if that is where it is on top (a point on something else, or a disabled
# control, gives null: see `tap`). The element is kept as window.__e2eTapped, and whether it
# has been drawn since (see _WATCH_REDRAWN) in window.__e2eRedrawn.
_AIM = """(el) => {
  if (!el || el.disabled || el.getAttribute('aria-disabled') === 'true') return null;
  const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight &&
    r.right <= innerWidth;
  if (!inView(el.getBoundingClientRect())) el.scrollIntoView({ block: 'nearest' });
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) return null;
  (WATCH)(el);
  return { x, y };
}"""
# From now on, whether `el` has been drawn anew: taken out of the page, or its drawing renewed
# in place (a board element kept while a move is shown: its children drawn again).
_WATCH_REDRAWN = """(el) => {
  window.__e2eTapped = el;
  window.__e2eRedrawn = false;
  window.__e2eRedrawnWatch?.disconnect();
  window.__e2eRedrawnWatch = new MutationObserver(() => { window.__e2eRedrawn = true; });
  window.__e2eRedrawnWatch.observe(el, { childList: true });
}"""
_AIM = _AIM.replace("WATCH", _WATCH_REDRAWN)
_REDRAWN = "() => !window.__e2eTapped.isConnected || window.__e2eRedrawn"


def aim(where, target) -> dict | None:
    """Where a person clicks `target` (a CSS selector, its first match; or a Locator): the
    centre of what is shown, {x, y} in the page, if it is the element's there (see _AIM);
    None when it is not, or `where` is a frame (the point would be the frame's)."""
    if getattr(where, "mouse", None) is None:
        return None
    if isinstance(target, str):
        return where.evaluate(f"(selector) => ({_AIM})(document.querySelector(selector))",
                              target)
    return target.evaluate(_AIM)


def tap(where, target) -> None:
    """Click `target` (a CSS selector, its first match; or a Locator) as a person does: the
    mouse pressed and released where `aim` says. One call finds and aims, then the mouse
    clicks: far less CPU than a Locator.click() (its dozen protocol calls and animation
    frames check what a still table has settled already). When there is no
    such point (covered, disabled, not there yet, in a frame) Locator.click() does it,
    waiting and saying why."""
    point = aim(where, target)
    if point:
        where.mouse.click(point["x"], point["y"])
    else:
        (where.locator(target).first if isinstance(target, str) else target).click()


def click_and_wait(page, target):
    """Click `target` (a selector or a Locator) and wait until the page has redrawn what was
    clicked (the views draw anew what a move changes: a new element, or the same one drawn
    again in place). An element redrawn just before the click is found again: the click is
    for what the page shows."""
    point = aim(page, target)
    if point:
        page.mouse.click(point["x"], point["y"])
        wait_until(page, _REDRAWN)
        return
    for attempt in range(3):
        locator = page.locator(target).first if isinstance(target, str) else target
        handle = locator.element_handle()  # the slow way, for what the mouse could not aim at
        handle.evaluate(_WATCH_REDRAWN)
        try:
            handle.click()
            break
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 2:
                raise
    wait_until(page, _REDRAWN)


def step_selector(step: str) -> str:
    return (f"#board [data-step={json.dumps(step)}], "
            f"#game-controls [data-step={json.dumps(step)}]")


def click_step(page, step: str, look: dict | None = None) -> dict:
    """Click the step `step` once the table is still, then wait until the page has answered
    (its table still again, and changed). Returns the look after the answer."""
    look = look or settle(page)
    assert step in look["steps"], f"{step!r} is not offered: {look['steps']}"
    selector = step_selector(step)  # found again now: the element the page shows
    aimed = None
    if getattr(page, "mouse", None) is not None:  # aimed at, and the table looked at, at once
        aimed = page.evaluate(f"""([selector, table]) => {{
          const point = ({_AIM})(document.querySelector(selector));
          return point && {{ ...point, look: ({_TABLE})(table).look }};
        }}""", [selector, [ACTIONS, True]])
    if aimed:
        page.mouse.click(aimed["x"], aimed["y"])
        return settle(page, before=aimed["look"])
    before = look_now(page)
    tap(page, selector)
    return settle(page, before=before)


def watch_frames(page, reading: str) -> None:
    """Note, each time the page changes from now on, what the JS function `reading` returns
    (JSON), when it differs from the last value noted: each frame of an animation, however
    rarely a loaded machine draws (a MutationObserver's callback runs after every task that
    changed the page; sampling on drawn frames missed a frame shown briefly)."""
    page.evaluate("""() => {
      const read = READING;
      const seen = (window.__e2eFrames = []);
      const look = () => {
        const value = JSON.stringify(read());
        if (seen[seen.length - 1] !== value) seen.push(value);
      };
      window.__e2eFramesObserver?.disconnect();
      window.__e2eFramesObserver = new MutationObserver(look);
      window.__e2eFramesObserver.observe(document.body, { subtree: true, childList: true,
        attributes: true, characterData: true });
      look();
    }""".replace("READING", reading))


def frames_seen(page) -> list:
    """Stop watching (see `watch_frames`); the values seen, in order."""
    return [json.loads(value) for value in page.evaluate(
        "() => { window.__e2eFramesObserver.disconnect(); return window.__e2eFrames; }")]


def game_over(page) -> bool:
    return page.locator("#turn.over").count() > 0


def logged_moves(page) -> list:
    return page.locator("#log li").evaluate_all("items => items.map((li) => li.dataset.move)")


def progress(page, rng: random.Random | None = None) -> dict:
    """Do what a person to move would do next: click an offered step (the first, or one
    chosen by `rng`), or throw. Returns the look after the page has answered."""
    look = settle(page, go_on=True)
    if look["over"]:
        return look
    if look["steps"]:
        step = rng.choice(look["steps"]) if rng else look["steps"][0]
        return click_step(page, step, look)
    tap(page, GO_ON if look["canGoOn"] else THROW)
    return settle(page, before=look["look"], go_on=True)


def play_to_the_end(page, rng: random.Random | None = None, max_actions: int = 2000) -> int:
    """Play on (steps chosen by `rng`, throws) until the game is over; returns the actions."""
    for actions in range(max_actions):
        if progress(page, rng)["over"]:
            return actions
    raise AssertionError("the game did not end")


def open_game(page: Page, site: str, game: str, query: str = "") -> None:
    """Open a game's page and wait until its first game is on the table, the set-up folded
    and the page still (the set-up folds once a game is shown: a test that clicks it
    earlier would see it fold under its clicks; the board drawn while Python loads is no
    game yet)."""
    page.goto(f"{site}/{query}#/{game}")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    wait_until(page, "() => !document.querySelector('#setup-box')?.open",
               timeout=ENGINE_READY_MS)
    wait_for_table(page, timeout=ENGINE_READY_MS)


def start_game(page: Page, options: dict | None = None, seats: list | None = None) -> None:
    """Choose options and seats in the set-up form, press "new game", and wait until the new
    game is on the table (the set-up folded) and the page is still (a person may act, or a
    computer is thinking, or the game waits for something else, such as Bolonki's
    memorising)."""
    wait_for_table(page, timeout=ENGINE_READY_MS)  # the game shown first folds the set-up
    open_setup(page)
    for name, value in (options or {}).items():
        page.select_option(f'select[data-option="{name}"]', str(value))
    for player, seat in enumerate(seats or []):
        page.select_option(f'select[data-seat="{player}"]', seat)
    before = look_now(page)
    tap(page, "#new-game")
    # the new game folds the set-up once it is drawn: a board changed by the old game (a
    # computer's move, the end of Bolonki's memorising) is not the new game yet
    wait_until(page, "() => !document.querySelector('#setup-box')?.open",
               timeout=ENGINE_READY_MS)
    wait_for_table(page, before=before)


def playable_games(page: Page, site: str) -> list:
    """The games the home page links to (those with a playable page)."""
    page.goto(site + "/")
    page.wait_for_selector(".game-card")
    return page.locator(".game-card > a").evaluate_all(
        "els => els.map(a => a.getAttribute('href').slice(2))")


def wait_for_service_worker(page: Page) -> None:
    """Until the service worker has precached the build and controls the page."""
    # a controller is an activated worker, and it activates once the build is precached
    wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=120_000)


def wait_until(where, predicate: str, arg=None, timeout: int = 60_000):
    """Until `predicate` (JS, maybe async, given `arg`) gives a truthy value, which this
    returns. It is looked at as a frame is drawn, as a person would see it (not between two
    steps of the page's work, in a state no frame shows), and only after the page has changed
    or 100 ms have passed (for what the document does not show: a performance mark, the
    focus, the service worker). Playwright's own polling looks at every frame, which keeps a
    waiting page drawing 60 frames a second (~13 % of a core); its wait_for_function takes
    an async predicate's first answer, true or false."""
    return where.wait_for_function(f"""async (arg) => {{
      const predicate = {predicate};
      {_FRAMES}
      for (;;) {{
        await nextFrame();
        const value = await predicate(arg);
        if (value) return value instanceof Node || value;  // an element found: true
        await pageChanges(100);
      }}
    }}""", arg=arg, timeout=timeout).json_value()


def move_steps(state, move: str) -> list:
    """The steps a person clicks to make `move` from `state` (the engine's own extensions):
    each a longer start of the move, ending at a step that is the move itself."""
    steps, partial = [], ""
    while partial != move:
        offered = [step for step, _ in state.extensions(partial)]
        partial = next(step for step in sorted(offered, key=len, reverse=True)
                       if move.startswith(step))
        steps.append(partial)
    return steps


def play_move(page, state, move: str) -> dict:
    """Click `move` step by step, as a person does; the look once the page has answered."""
    look = settle(page)
    for step in move_steps(state, move):
        look = click_step(page, step, look)
    return look


# Every text drawn below `floor` CSS px (SVG text: its size times the drawing's scale), of
# what is on screen: [size, text].
_TEXT_BELOW = """(floor) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest(
      '[hidden], .visually-hidden, dialog:not([open]), [aria-hidden="true"] title')) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0
      && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth);
    if (!boxes.length) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement && el.closest('svg')) {
      const m = el.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b);
    }
    if (size < floor) found.push([Math.round(size * 10) / 10, node.textContent.trim()]);
  }
  return found;
}"""


def sized(page, width, height, projector=False):
    """The test's page at a screen's size (and, before it loads, in the projector look)."""
    page.set_viewport_size({"width": width, "height": height})
    if projector:
        page.add_init_script("try { localStorage.setItem('ludoteca.projector', '1'); } catch {}")
    return page


def texts_below(where, floor: float) -> list:
    """The texts on screen drawn smaller than `floor` CSS px: [[size, text]]."""
    return where.evaluate(_TEXT_BELOW, floor)


def unfold_scorm(page) -> None:
    """The package's part of the dialog unfolded: a click on its summary where it is folded
    (a narrow screen); a wide one shows it unfolded beside the snippet (issue 43), where a
    click would fold it. (These tests clicked the summary at any size: changed so.)"""
    if not page.locator("#scorm-box").evaluate("(box) => box.open"):
        page.locator("#scorm-box > summary").click()
    expect(page.locator("#scorm-download")).to_be_visible()
