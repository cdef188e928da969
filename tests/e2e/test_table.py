"""The game table at every size: phone 390×844, laptop 1366×768, projector 1920×1080 (the
projector look on), a laptop driving a projector (1366×768, the projector look on) and a
320×320 embed in a lesson page. For every game, once it is ready:
what to click next lies wholly on screen (nothing scrolled), tap targets are big enough,
a computer's move stays marked on the board and is said in the live region, the newest move
in the move list is read from its start, the focus stays on the board after a keyboard move,
and a forbidden click gets its reason in words.

One page per size: the games are opened one after the other by their address (#/<game>),
so the engine starts once per size."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import open_game, progress, texts_below, wait_until

GAMES = ["bakuk", "bul", "bolonki", "buku"]
SIZES = {"phone": (390, 844), "laptop": (1366, 768), "projector": (1920, 1080),
         "projector-laptop": (1366, 768)}
MIN_TAP = {"phone": 44, "embed": 24}

# What to do next: an offered step, or the view's main action (throw, stop, challenge…, or
# end a wait: Bolonki's "I remember" and "go on").
GO_ON = '#game-controls [data-action="go-on"]'
NEXT = ("#board [data-step], #game-controls [data-step], "
        '#game-controls [data-action="throw"]:not([disabled]), #step-controls button.primary, '
        + GO_ON)
READY = f"""() => !document.querySelector('#board[aria-busy="true"]') &&
                  (document.querySelector('#turn.over') || document.querySelector('{NEXT}'))"""


def wait_ready(where, timeout=ENGINE_READY_MS):
    wait_until(where, READY, timeout=timeout)


def outside_viewport(where) -> list:
    """The next-move targets (and the turn line and scores) not wholly inside the viewport."""
    return where.evaluate(
        """(selector) => {
            const out = [];
            if (scrollX || scrollY) out.push(`scrolled ${scrollX},${scrollY}`);
            const els = [...document.querySelectorAll(selector), document.querySelector('#turn'),
                         document.querySelector('#scores')];
            for (const el of els) {
              const r = el.getBoundingClientRect();
              if (!r.width && !r.height) continue;  // not drawn (display: none)
              if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 ||
                  r.bottom > innerHeight + 0.5) {
                out.push(`${el.id || el.dataset.step || el.textContent.slice(0, 20)} ` +
                         `${Math.round(r.left)},${Math.round(r.top)},` +
                         `${Math.round(r.right)},${Math.round(r.bottom)}`);
              }
            }
            return out;
        }""", NEXT)


def small_targets(where, minimum: int) -> list:
    return where.evaluate(
        """([selector, minimum]) => [...document.querySelectorAll(selector)]
            .map((el) => [el.dataset.step || el.textContent.trim().slice(0, 20),
                          el.getBoundingClientRect()])
            .filter(([, r]) => Math.min(r.width, r.height) < minimum - 0.5)
            .map(([name, r]) => `${name} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`)""",
        [NEXT, minimum])


def move_with_the_keyboard(where, page) -> int:
    """Play a move on the board with the keyboard (focus an offered step, Enter, until the move
    is whole); a throw before it is clicked. Returns the number of logged moves with it (the
    computer may have answered already)."""
    for _ in range(12):
        wait_ready(where)
        moves = where.locator("#log li").count()
        board_step = where.locator("#board [data-step]")
        if board_step.count() == 0 and where.locator(GO_ON).count():  # "I remember"
            end_the_wait(where)
            continue
        if board_step.count() == 0:  # a throw first (Bul): the view's own button
            where.locator(NEXT).first.click()
            wait_until(where, "(n) => document.querySelectorAll('#log li').length > n", moves)
            continue
        while where.locator("#log li").count() == moves:
            wait_ready(where)
            where.locator("#board [data-step]").first.focus()
            page.keyboard.press("Enter")
            wait_until(
                where, """(n) => document.querySelectorAll('#log li').length > n ||
                          document.querySelector('#board[aria-busy="false"]')""", arg=moves)
        return moves + 1
    raise AssertionError("no move was played with the keyboard")


def end_the_wait(where) -> None:
    """Press the button that ends a wait (as a person in a hurry does), and wait until the
    page has redrawn its controls."""
    button = where.locator(GO_ON).first.element_handle()
    button.click()
    wait_until(where, "(el) => !el.isConnected", arg=button)


def wait_for_the_answer(where, moves: int) -> None:
    """Until the computer has answered move number `moves` and the person may act; a wait
    held for the person (Bolonki: time to challenge the computer's move) is ended."""
    answered = f"(n) => document.querySelectorAll('#log li').length > n && ({READY})()"
    held = f"() => !document.querySelector('#board[aria-busy=\"true\"]') && " \
           f"document.querySelector({GO_ON!r})"
    for _ in range(12):
        wait_until(where, f"(n) => ({answered})(n) || ({held})()", moves, timeout=60_000)
        if where.evaluate(answered, moves):
            return
        end_the_wait(where)
    raise AssertionError("the computer did not answer")


# The newest move in the move list begins below the list's top edge (a long sentence in a short
# list once showed only its last words, cut, as if hidden under the button above).
NEWEST_MOVE_CUT = """() => {
  const log = document.getElementById('log'), newest = log.lastElementChild;
  if (!newest || !log.offsetParent) return false;  // the list is in a shut drawer (phones)
  return newest.getBoundingClientRect().top < log.getBoundingClientRect().top + log.clientTop - 0.5;
}"""


def check_the_table(where, page, size: str) -> list:
    """Everything this file promises, for the game open in `where`; returns what failed."""
    problems = []
    wait_ready(where)
    problems += [f"off screen: {p}" for p in outside_viewport(where)]
    if size in MIN_TAP:
        problems += [f"small: {p}" for p in small_targets(where, MIN_TAP[size])]
    forbidden = where.locator("#board [data-forbidden]")
    if forbidden.count():
        forbidden.first.click()
        try:
            expect(where.locator("#message")).not_to_be_empty(timeout=10_000)
        except AssertionError:
            problems.append("a forbidden click said nothing")
    said = where.locator("#announce").inner_text()
    after = move_with_the_keyboard(where, page)
    # the computer answers; then the person may act again
    wait_for_the_answer(where, after)
    squeezed = where.evaluate("""() => [...document.querySelectorAll('#side button')]
        .filter((b) => b.offsetParent && b.scrollHeight > b.clientHeight + 1)
        .map((b) => b.textContent.trim())""")
    problems += [f"squeezed, its text spills: {name}" for name in squeezed]
    if where.evaluate(NEWEST_MOVE_CUT):
        problems.append("the newest move in the log is cut at its start")
    if where.locator("#board [data-last-move]").count() == 0:
        problems.append("no last-move marker on the board")
    if where.locator("#announce").inner_text() in ("", said):
        problems.append("the live region said nothing new")
    inside = where.evaluate("""() => document.getElementById('board').contains(
        document.activeElement) || !!document.activeElement?.closest('#turn.over')""")
    if not inside:
        problems.append("the focus left the board after a keyboard move")
    return problems


def checked(where, page, size: str) -> list:
    """check_the_table, with a wait that never ends reported as the game's problem."""
    try:
        return check_the_table(where, page, size)
    except PlaywrightTimeout as error:
        return [f"stuck: {str(error).splitlines()[0]} at {look(where)}"]


def look(where) -> str:
    return where.evaluate("""() => JSON.stringify([document.querySelectorAll('#log li').length,
        document.querySelector('#board').getAttribute('aria-busy'),
        document.querySelector('#turn').textContent, document.querySelector('#message').textContent,
        [...document.querySelectorAll('#game-controls button')]
          .map(b => b.textContent + b.disabled)])""")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_fits_and_speaks_at_every_size(page, site, size):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    if size.startswith("projector"):
        page.add_init_script("try { localStorage.setItem('ludoteca.projector', '1'); } catch {}")
    problems = {}
    for game in GAMES:
        page.goto(f"{site}/#/{game}")
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
        if size.startswith("projector"):
            expect(page.locator("body.projector")).to_have_count(1)
        found = checked(page, page, size)
        if found:
            problems[game] = found
    assert problems == {}, "\n".join(f"{g}: {p}" for g, ps in problems.items() for p in ps)


# A lesson page of the site's own origin (so the frame has the warm profile's snapshot), made
# from a page the test server answers "not found": routing a made-up page through Playwright
# would switch the HTTP cache off for the whole page, a cold start per game.
EMBED_IN_A_LESSON = """(src) => {
  document.body.replaceChildren();
  document.body.style.margin = "0";
  const frame = document.createElement("iframe");
  Object.assign(frame, { id: "game", src, width: 320, height: 320, title: "Ludoteca" });
  frame.style.border = "0";
  document.body.append(frame);
}"""


def embedded(page, site, game: str):
    """`game` in a 320×320 frame of a lesson page, as a teacher embeds it: the frame once
    its page is ready and still (the page outside 600×500)."""
    page.set_viewport_size({"width": 600, "height": 500})
    page.goto(f"{site}/lesson-{game}")
    page.evaluate(EMBED_IN_A_LESSON, f"{site}/?game={game}&embed=1")
    expect(page.frame_locator("#game").locator("body[data-ready]")).to_have_count(
        1, timeout=ENGINE_READY_MS)
    return next(f for f in page.frames if f != page.main_frame)


def test_the_table_fits_a_320_embed(page, site):
    page.set_viewport_size({"width": 600, "height": 500})
    problems = {}
    for game in GAMES:
        page.goto(f"{site}/lesson-{game}")
        page.evaluate(EMBED_IN_A_LESSON, f"{site}/?game={game}&embed=1")
        frame = page.frame_locator("#game")
        expect(frame.locator("body[data-ready]")).to_have_count(1, timeout=ENGINE_READY_MS)
        inner = next(f for f in page.frames if f != page.main_frame)
        found = checked(inner, page, "embed")
        if found:
            problems[game] = found
    assert problems == {}, "\n".join(f"{g}: {p}" for g, ps in problems.items() for p in ps)


def test_no_text_in_a_320_embed_is_drawn_under_10_px(page, site):
    """Every game's table in a teacher's 320×320 frame, at the opening and after the first
    action: its board's words and numbers, the turn line, the scores and the tools all
    readable (10 px at the least)."""
    small = {}
    for game in GAMES:
        frame = embedded(page, site, game)
        # a drawn word or number: not the first of them, which may be a coordinate hidden
        # while its line is offered (Buku's), so the wait would race the offer
        expect(frame.locator("#board svg text").filter(visible=True).first).to_be_visible(
            timeout=ENGINE_READY_MS)
        expect(frame.locator("#turn")).not_to_be_empty()
        found = texts_below(frame, 10)
        # and once a move is marked (the marks' key then takes a column beside the board:
        # Bakuk's letters were drawn at 9.8 px)
        progress(frame)
        found += texts_below(frame, 10)
        if found:
            small[game] = found
    assert small == {}


def test_the_title_line_comes_back_in_the_moment_the_set_up_opens(page, site):
    """Folded, the set-up gives the title line's height to the board; unfolded, the line is
    back before anything else happens (no frame drawn, no click aimed, with the table about
    to move down: a "toggle" event, a task later, was too late)."""
    open_game(page, site, "bakuk")  # the set-up folds once the game is on the table
    hidden_after_clicks = page.evaluate("""async () => {
      const head = document.querySelector('#play > .play-head');
      const hidden = () => getComputedStyle(head).position === 'absolute';
      const seen = [hidden()];
      for (let i = 0; i < 2; i++) {
        document.querySelector('#setup-box > summary').click();
        await Promise.resolve();  // still this task
        seen.push(hidden());
      }
      return seen;
    }""")
    assert hidden_after_clicks == [True, False, True]
