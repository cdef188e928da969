"""Bul at the table, second pass: the smallest text as drawn at the projector, the
notation's words in Spanish, the column beside the board that scrolls rather than cuts, and
the rules panel naming the sides as the board does."""
from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from .helpers import open_game, progress, settle, texts_below, wait_until

WEB = Path(__file__).resolve().parents[2] / "web"
STRINGS = {lang: json.loads((WEB / "games" / "bul" / f"strings.{lang}.json").read_text())
           for lang in ("es", "en")}



def sized(page, width, height, projector=False):
    """The test's page at a screen's size (and, before it loads, in the projector look)."""
    page.set_viewport_size({"width": width, "height": height})
    if projector:
        page.add_init_script("try { localStorage.setItem('ludoteca.projector', '1'); } catch {}")
    return page


def test_no_text_below_the_projectors_floor(page, site):
    sized(page, 1920, 1080, projector=True)
    open_game(page, site, "bul")
    settle(page, go_on=True)
    assert texts_below(page, 22) == []


def test_the_log_shows_the_notation_in_spanish_and_keeps_the_record(page, site):
    sized(page, 1366, 768)
    open_game(page, site, "bul")
    # played as a person would until someone has entered a man
    for _ in range(6):
        progress(page)
    wait_until(page, """() => [...document.querySelectorAll('#log li')]
      .some((li) => li.dataset.move.endsWith('enter'))""")
    entered = page.locator("code", has_text=STRINGS["es"]["bul.move.enter"])
    item = page.locator("#log li").filter(has=entered).first
    expect(item).to_be_visible()
    assert item.evaluate("li => li.dataset.move").endswith("enter")  # the record's notation
    assert page.locator("#log code").filter(has_text="enter").count() == 0


def test_the_column_beside_the_board_scrolls_rather_than_cuts(page, site):
    for width, height in ((1280, 720), (1366, 768)):
        sized(page, width, height)
        open_game(page, site, "bul")
        settle(page, go_on=True)
        page.click('#game-controls [data-action="odds"]')
        panel = page.locator("#game-controls")
        # the panel ends on the screen; what does not fit scrolls inside it
        assert panel.evaluate("e => e.getBoundingClientRect().bottom <= innerHeight + 1")
        assert panel.evaluate("e => getComputedStyle(e).overflowY") == "auto"
        about = page.locator(".bul-about")
        about.scroll_into_view_if_needed()
        assert about.evaluate("""e => { const r = e.getBoundingClientRect();
          const p = e.closest('#game-controls').getBoundingClientRect();
          return r.bottom <= p.bottom + 1 && r.top >= p.top - 1; }""")


def test_the_rules_panel_names_the_sides_as_the_board_does():
    for lang in ("es", "en"):
        strings = STRINGS[lang]
        sides = (strings["bul.side.0"], strings["bul.side.1"])
        rules = {k: v for k, v in strings.items() if k.startswith("rules.bul.")}
        for text in rules.values():
            for word in ("bando A", "bando B", "Base A", "Base B", "side A", "side B"):
                assert word not in text
        assert sides[0] in rules["rules.bul.diagram.base_a"]
        assert sides[1] in rules["rules.bul.diagram.base_b"]
        assert sides[0] in rules["rules.bul.setup.li4"]
