"""What floats or sits over the page never covers something a person clicks: the engine's
loading note on the home page (it covered the cards' Learn and Puzzle buttons), and on a
phone the table's two-row toolbar over Bul's bean odds."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import open_game, wait_until

# Is `el` what a tap at its centre reaches once it is scrolled into view (to the foot of the
# screen, where the note floats)? [covered-by or ""].
HIT = """(el) => {
  el.scrollIntoView({ block: 'end' });
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (y < 0 || y > innerHeight) return 'out of the screen';
  const reaches = (px, py) => { const hit = document.elementFromPoint(px, py);
    return hit && (hit === el || el.contains(hit)) ? '' : (hit?.id || hit?.className || '?'); };
  const atFoot = reaches(x, y);
  if (atFoot) return atFoot;
  // scrolled by hand right under the note (where it floats): a tap still reaches it
  const note = document.getElementById('engine-status').getBoundingClientRect();
  scrollBy(0, y - (note.top + note.height / 2));
  const r2 = el.getBoundingClientRect();
  const y2 = r2.top + r2.height / 2;
  const x2 = r2.left + r2.width / 2;
  // not under the note: the page cannot scroll that far, or the note is narrower
  if (y2 < note.top || y2 > note.bottom || x2 < note.left || x2 > note.right) return '';
  return reaches(x2, y2);
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_the_loading_note_covers_no_button_of_the_home_page(page, site, lang, width, height):
    """The engine is kept loading (its worker's script is held back): every link and button
    of every game card is still where a tap reaches it, even scrolled to the screen's foot."""
    held = []
    page.route("**/worker.js*", lambda route: held.append(route))  # never answered: loading
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site}/?lang={lang}#/")
    note = page.locator("#engine-status")
    expect(note).to_be_visible()
    expect(page.locator(".game-card").first).to_be_visible()
    targets = page.locator(".game-card a, .game-card button")
    assert targets.count() >= 8
    covered = [(targets.nth(i).inner_text(), targets.nth(i).evaluate(HIT))
               for i in range(targets.count())]
    assert [c for c in covered if c[1]] == []
    expect(note).to_be_visible()  # still loading: the note was there all along


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bul_odds_are_in_sight_and_clickable_on_a_phone(page, site, lang):
    """On a 390×844 phone the panel under Bul's road ended under the toolbar's two rows:
    the odds button was cut there and a tap on it reached the toolbar. It is in sight at
    once (no scrolling), clickable, and opens the odds in sight."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "bul", f"?lang={lang}")
    odds = page.locator('#game-controls [data-action="odds"]')
    expect(odds).to_be_visible()
    hit = """(el) => { const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const tools = document.querySelector('.table-tools').getBoundingClientRect();
      return [hit === el || el.contains(hit), r.bottom <= tools.top,
              r.bottom <= el.closest('#game-controls').getBoundingClientRect().bottom + 0.5]; }"""
    assert odds.evaluate(hit) == [True, True, True]
    odds.click(trial=True)  # nothing intercepts the pointer
    odds.click()
    expect(odds).to_have_attribute("aria-expanded", "true")
    box = page.locator("#bul-odds")
    expect(box).to_be_visible()
    wait_until(page, """() => {
      const b = document.getElementById('bul-odds').getBoundingClientRect();
      const p = document.getElementById('game-controls').getBoundingClientRect();
      return b.top >= p.top - 0.5 && b.top < p.bottom - 20; }""", timeout=ENGINE_READY_MS)
