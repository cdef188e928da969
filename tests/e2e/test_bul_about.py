"""Issue 43: Bul's rule set in a sentence, in the column beside the road, ran under the
column's foot at 1366×768 and was cut there in the projector look at 1920×1080 (at 1280×720
the real beans' switch too: there the counts the road shows step aside). Where the
column cannot show it whole it folds to its name, whole in sight; a click unfolds it, whole
in sight too (the column scrolls to it) — in Spanish and English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import open_game, sized
from .test_phone_tools import two_moves_in

# Where `selector` is drawn and the part of the screen that shows it (every box that clips
# or scrolls it, and the screen): [top, bottom, shown top, shown bottom].
PLACE = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowY === 'visible') continue;
    const b = box.getBoundingClientRect();
    top = Math.max(top, b.top);
    bottom = Math.min(bottom, b.top + box.clientHeight);
  }
  return [r.top, r.bottom, top, bottom];
}"""


def whole(page, selector: str) -> None:
    top, bottom, shown_top, shown_bottom = page.evaluate(PLACE, selector)
    assert bottom > top, selector
    assert shown_top - 0.5 <= top and bottom <= shown_bottom + 0.5, \
        f"{selector} drawn {top:.0f}–{bottom:.0f}, seen {shown_top:.0f}–{shown_bottom:.0f}"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("width", "height", "projector"),
                         [(1366, 768, False), (1920, 1080, True), (1280, 720, True)])
def test_bul_s_rule_set_is_read_whole(page, site, lang, width, height, projector):
    sized(page, width, height, projector)
    open_game(page, site, "bul", f"?lang={lang}")
    two_moves_in(page)
    about = page.locator(".bul-about")
    expect(about).to_be_visible()
    whole(page, ".bul-about > summary")  # the rule set's name and road, at once
    if about.evaluate("(el) => el.open"):
        whole(page, ".bul-about > span")
    else:
        page.locator(".bul-about > summary").click()
        expect(about).to_have_js_property("open", True)
        # brought into sight (the column scrolls to it, maybe smoothly)
        page.wait_for_function(f"""(selector) => {{
          const [top, bottom, shownTop, shownBottom] = ({PLACE})(selector);
          return bottom > top && shownTop - 0.5 <= top && bottom <= shownBottom + 0.5;
        }}""", arg=".bul-about > span", timeout=5000)
    whole(page, ".bul-about > span")  # the sentence, whole where it is read
    assert page.locator(".bul-about > span").inner_text().strip()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_short_projector_shows_bul_s_column_whole(page, site, lang):
    """1280×720, the projector look: the column beside the road ran off its foot (the real
    beans' switch and the rule set past it); it holds them, the counts the road and the
    scores show stepping aside."""
    sized(page, 1280, 720, True)
    open_game(page, site, "bul", f"?lang={lang}")
    two_moves_in(page)
    for part in ('[data-action="throw"]', '[data-action="odds"]', ".bul-options label",
                 ".bul-about > summary"):
        whole(page, f"#game-controls {part}")
