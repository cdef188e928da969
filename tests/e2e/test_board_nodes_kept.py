"""Issue 43: a quick tap made while a move is shown was lost now and then. A click is a press
and a release on the same element: a view that drew a move's frames by putting a new node in
place of a clickable board element (Bakuk's holes, every frame) left a press and a release
either side of a redraw on two elements, and no click came. While a move is shown, every
clickable board element stays the same node, its drawing and its action renewed in place."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import THROW, TURN_MS, open_game, settle, step_selector, tap, wait_for_turn

# From now on, window.__e2eKept notes, while #board is busy (a move being shown), the clickable
# board elements (a step, a forbidden one: a click asks why; a game's target: a hole, a cell,
# a base, a line) taken out of the document and those put in; each by what it stands for (the
# game's target attribute, else its step). An element taken out whose like was put in while
# the move was shown was drawn anew.
WATCH = """() => {
  const board = document.getElementById('board');
  const KEYS = ['data-hole', 'data-cell', 'data-base', 'data-line', 'data-square', 'data-target',
                'data-row', 'data-step', 'data-forbidden'];
  const CLICKABLE = '[data-step], [data-forbidden], [data-hole], [data-cell], [data-base], '
    + '[data-line]';
  const keyOf = (el) => {
    const name = KEYS.find((k) => el.hasAttribute(k));
    return `${name}=${el.getAttribute(name)}`;
  };
  const clickables = (node) => node.nodeType !== 1 ? []
    : [...(node.matches(CLICKABLE) ? [node] : []), ...node.querySelectorAll(CLICKABLE)];
  const kept = (window.__e2eKept = { removed: [], added: [], frames: 0, mostClickable: 0 });
  let busy = board.getAttribute('aria-busy') === 'true';
  new MutationObserver((records) => {
    const states = records.filter((r) => r.type === 'attributes');
    let drawn = false;
    records.forEach((record) => {
      if (record.type === 'attributes') {  // the state after it: the next one's before it
        const next = states[states.indexOf(record) + 1];
        busy = (next ? next.oldValue : board.getAttribute('aria-busy')) === 'true';
        return;
      }
      if (!busy) return;
      drawn = true;
      for (const node of record.removedNodes) kept.removed.push(...clickables(node).map(keyOf));
      for (const node of record.addedNodes) kept.added.push(...clickables(node).map(keyOf));
    });
    if (!drawn) return;
    kept.frames += 1;
    kept.mostClickable = Math.max(kept.mostClickable, board.querySelectorAll(CLICKABLE).length);
  }).observe(board, { childList: true, subtree: true, attributes: true,
                      attributeFilter: ['aria-busy'], attributeOldValue: true });
}"""


# From now on, window.__e2eOps: the requests the page sends the engine, by their op.
COUNT_REQUESTS = """() => {
  window.__e2eOps = [];
  const send = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    try { window.__e2eOps.push(JSON.parse(message.request).op); } catch {}
    return send.call(this, message, ...rest);
  };
}"""


def watch(page) -> None:
    page.emulate_media(reduced_motion="no-preference")  # the move shown frame by frame
    page.evaluate(WATCH)


def drawn_anew(page) -> list:
    """The clickable elements replaced while a move was shown (after asserting that a move
    was shown, frame by frame, with something to click meanwhile)."""
    kept = page.evaluate("() => window.__e2eKept")
    assert kept["frames"] >= 2 and kept["mostClickable"] > 0, kept
    return sorted(set(kept["removed"]) & set(kept["added"]))


def log_has(page, n: int) -> None:
    expect(page.locator("#log li")).to_have_count(n, timeout=TURN_MS)


def test_bakuk_holes_stay_while_seeds_are_sown(page, site):
    open_game(page, site, "bakuk", "?lang=en&seats=human,human")
    wait_for_turn(page)
    watch(page)
    tap(page, step_selector("a"))
    log_has(page, 1)
    look = wait_for_turn(page)
    assert drawn_anew(page) == []
    # a hole renewed frame after frame (forbidden, then offered) is what it is now, only: an
    # offered step (focusable, a button) or a picture, which a click may ask about
    holes = page.evaluate("""() => [...document.querySelectorAll('#board [data-hole]')].map(
      (g) => [g.dataset.step ?? null, g.dataset.forbidden ?? null, g.getAttribute('role'),
              g.getAttribute('tabindex')])""")
    steps = [step for step, _, role, tabindex in holes if (role, tabindex) == ("button", "0")]
    assert sorted(steps) == sorted(look["steps"]), holes
    assert all(forbidden is None for step, forbidden, *_ in holes if step is not None), holes
    assert all(role == "img" and tabindex is None for step, _, role, tabindex in holes
               if step is None), holes
    # ...whose click asks the engine once (one listener, whatever it was before)
    page.evaluate(COUNT_REQUESTS)
    tap(page, step_selector(look["steps"][0]))
    log_has(page, 2)
    settle(page)
    ops = page.evaluate("() => window.__e2eOps")
    assert ops.count("step") == 1, ops  # a listener more each time drawn: 11 asked


def test_bul_bases_and_men_stay_while_beans_fall_and_a_man_walks(page, site):
    open_game(page, site, "bul", "?lang=en&seats=human,human&variant=puluc")
    settle(page)
    watch(page)
    tap(page, THROW)  # the beans fall: the thrower's base may then be clicked to enter
    assert "enter" in settle(page)["steps"]
    tap(page, step_selector("enter"))  # a man walks in, row by row
    log_has(page, 2)
    settle(page)
    assert drawn_anew(page) == []


def test_buku_squares_and_lines_stay_while_pieces_are_laid(page, site):
    open_game(page, site, "buku", "?lang=en&seats=human,human")
    look = wait_for_turn(page)
    watch(page)
    for _ in range(20):  # a line, then the path square by square, till the move is made
        tap(page, step_selector(look["steps"][0]))
        look = settle(page, before=look["look"])
        if page.locator("#log li").count():
            break
    log_has(page, 1)
    assert drawn_anew(page) == []


def test_bolonki_squares_stay_while_a_piece_goes(page, site):
    open_game(page, site, "bolonki", "?lang=en&seats=human,human")
    tap(page, ".bk-ready")  # memorised
    look = wait_for_turn(page)
    watch(page)
    tap(page, step_selector(look["steps"][0]))  # a piece lifted...
    look = settle(page, before=look["look"])
    tap(page, step_selector(look["steps"][0]))  # ...and moved, hop by hop
    log_has(page, 1)
    settle(page, go_on=True)
    assert drawn_anew(page) == []
