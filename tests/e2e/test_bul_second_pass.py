"""Bul at the table, second pass: the smallest text as drawn at the projector and in a
320×320 embed (its own compact road there), the notation's words in Spanish, the column
beside the board that scrolls rather than cuts, and the rules panel naming the sides as the
board does."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import open_game, progress, settle, sized, texts_below, wait_for_table, wait_until
from .test_table import embedded

WEB = Path(__file__).resolve().parents[2] / "web"
STRINGS = {lang: json.loads((WEB / "games" / "bul" / f"strings.{lang}.json").read_text())
           for lang in ("es", "en")}


def test_no_text_below_the_projectors_floor(page, site):
    sized(page, 1920, 1080, projector=True)
    open_game(page, site, "bul")
    settle(page, go_on=True)
    assert texts_below(page, 22) == []


# What a person must see wholly inside the frame to go on: the throw button when it is on
# offer, the steps offered (piles, bases, the values to use first) and the scores; each
# offered thing at least 24 px on its shorter side.
NOT_WHOLLY_SEEN = """() => {
  const out = [];
  const els = [...document.querySelectorAll('#board [data-step], #scores li, ' +
    '#game-controls [data-action="throw"]:not([disabled])')];
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      out.push(`off screen: ${el.dataset.step || el.textContent.trim()}`);
    if (el.dataset.step !== undefined && Math.min(r.width, r.height) < 23.5)
      out.push(`small: ${el.dataset.step} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


def test_the_embed_draws_a_compact_road_readable_and_large_enough_to_tap(page, site):
    frame = embedded(page, site, "bul")
    look = settle(frame, go_on=True)
    expect(frame.locator("#board .bul-board")).to_have_class(re.compile(r"\bcompact\b"))
    # every score named: the side's name beside its number
    names = frame.locator("#scores li .name")
    expect(names).to_have_count(2)
    assert [n.strip() for n in names.all_inner_texts()] == [STRINGS["es"]["bul.side.0"],
                                                              STRINGS["es"]["bul.side.1"]]
    # through a throw, a move and the computer's answer: readable, seen, large enough
    seen = set()
    for _ in range(6):
        assert texts_below(frame, 10) == [], look
        assert frame.evaluate(NOT_WHOLLY_SEEN) == [], look
        assert frame.evaluate("[scrollX, scrollY]") == [0, 0]
        seen.add("steps" if look["steps"] else "throw" if look["canThrow"] else "other")
        look = progress(frame)
    assert {"steps", "throw"} <= seen  # both stages of a turn were looked at


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


# The side column's controls wholly inside its visible box and the screen: none cut, none
# hidden below an edge that a person would have to find by scrolling.
SIDE_CONTROLS_CUT = """() => {
  const side = document.getElementById('side').getBoundingClientRect();
  return [...document.querySelectorAll('#side button, #side .file-button, #side summary')]
    .filter((el) => el.checkVisibility())  // shown (not in a shut fold)
    .map((el) => [el.textContent.trim(), el.getBoundingClientRect()])
    .filter(([, r]) => r.top < side.top - 0.5 || r.bottom > side.bottom + 0.5 ||
      r.bottom > innerHeight + 0.5)
    .map(([name, r]) => `${name} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
}"""


# The side column's buttons that cannot be brought into sight within it (each scrolled to, as a
# person scrolls the column): none may be out of reach.
SIDE_CONTROLS_OUT_OF_REACH = """() => {
  const side = document.getElementById('side');
  const out = [];
  for (const el of side.querySelectorAll('button, .file-button, summary')) {
    if (!el.checkVisibility()) continue;  // in a shut fold: its summary is the way to it
    el.scrollIntoView({ block: 'nearest' });
    const box = side.getBoundingClientRect(), r = el.getBoundingClientRect();
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.bottom > innerHeight + 0.5) {
      out.push(`${el.textContent.trim()} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
    }
  }
  side.scrollTop = 0;
  return out;
}"""


@pytest.mark.parametrize("width,height", [(1366, 768), (1280, 720)])
def test_a_hint_stands_beside_the_board_and_leaves_it_its_size(page, site, width, height):
    """A hint on a wide screen stands in the column beside the board, between the tools and the
    move list: under the board it took the board's height (a Bakuk board of 580 px became 300),
    and in a row of the table's width it cut "Open game" in half. The board keeps its size,
    the hint covers none of it, and every button of the side column is still in reach."""
    sized(page, width, height)
    open_game(page, site, "bul")
    look = settle(page, go_on=True)
    while not look["steps"]:  # a throw first: the hint is for a move
        look = progress(page)
    assert page.evaluate(SIDE_CONTROLS_CUT) == []
    board = page.locator(".board-area").bounding_box()
    page.click("#hint-open")
    expect(page.locator("#hint-box .hint-best")).to_be_visible(timeout=60_000)
    assert page.evaluate(SIDE_CONTROLS_OUT_OF_REACH) == [], (width, height)
    after = page.locator(".board-area").bounding_box()
    assert (round(after["width"]), round(after["height"])) == (
        round(board["width"]), round(board["height"])), (width, height)
    hint = page.locator("#hint-box").bounding_box()
    assert hint["x"] >= after["x"] + after["width"] - 1  # beside the board, over none of it
    assert hint["y"] + hint["height"] <= height + 0.5  # and on screen


def test_a_hint_names_the_move_in_spanish(page, site):
    """At the start every man is at home: the hint's best move is to enter one, said in the
    page's words ("entra"), never the notation's English ("enter")."""
    sized(page, 1366, 768)
    open_game(page, site, "bul")
    look = settle(page, go_on=True)
    while not look["steps"]:  # a throw first: the hint is for a move
        look = progress(page)
    page.click("#hint-open")
    best = page.locator("#hint-box .hint-best")
    expect(best).to_be_visible(timeout=60_000)
    expect(best).to_contain_text(STRINGS["es"]["bul.move.enter"])
    assert not re.search(r"\benter\b", page.locator("#hint-box").inner_text())


# Each base's name and the men on it, as drawn: the pairs whose boxes meet. [[name, what]]
NAME_OVER_MEN = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = [];
  const names = [...document.querySelectorAll('#board .base-label')];
  for (const pile of document.querySelectorAll('#board .pile.base')) {
    for (const man of pile.querySelectorAll('.piece .disc, .piece .symbol')) {
      for (const name of names) {
        if (meet(name.getBoundingClientRect(), man.getBoundingClientRect())) {
          out.push([name.textContent, `${man.getAttribute('class')} of ${pile.dataset.base}`]);
        }
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(320, 320), (640, 560)], ids=["320", "640"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_bases_names_stand_clear_of_their_men_in_an_embed(page, site, lang, size):
    """Issue 43, a 320×320 embed: "Rojo" and "Negro" were drawn over the tops of their bases'
    five men (the compact road's cell had no room left for a disc between its name and the
    count under it: the men ran up, the top one's symbol at the disc's rim). Each name and
    each man of the bases, apart; the pile counted under its man."""
    from .test_embed_fit import open_framed

    frame = open_framed(page, site, f"game=bul&lang={lang}&embed=1", size)
    settle(frame, go_on=True)
    names = frame.locator("#board .base-label")
    expect(names).to_have_count(2)
    assert sorted(names.all_text_contents()) == sorted(
        STRINGS[lang][f"bul.side.{side}"] for side in (0, 1))
    expect(frame.locator("#board .pile.base .piece")).not_to_have_count(0)
    assert frame.evaluate(NAME_OVER_MEN) == []
    assert texts_below(frame, 10) == []


# Bul's "▾ more" cue as drawn: its strip's fade and colour, the page's, and its words'
# contrast (WCAG's ratio) over its own background and over the page
CUE_LOOK = r"""() => {
  const cue = document.querySelector('.bul-more button');
  if (!cue || !cue.getClientRects().length) return null;
  const strip = getComputedStyle(cue.parentElement, '::before');
  const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const f = (v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const [r, g, b] = rgb(c); return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const page = getComputedStyle(document.documentElement).backgroundColor;
  const words = getComputedStyle(cue);
  return {fade: strip.backgroundImage, strip: strip.backgroundColor, page,
          own: ratio(words.color, words.backgroundColor), onPage: ratio(words.color, page)};
}"""


@pytest.mark.parametrize(("width", "height", "embed"), [(1280, 600, False), (640, 560, True)],
                         ids=["1280x600", "embed-640"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_more_cue_is_read_in_the_projector_look(page, site, lang, width, height, embed):
    """Issue 43: in the projector look Bul's "▾ más" cue stood over a fade to white (the look's
    page colour) on a page left cream: the lines above it faded to grey, the cue in a white box
    on the cream, seen from the back of the room as neither there nor gone. The look's page is
    white; the cue stands on a strip of the page's colour, no fade, its words at 4.5:1 and
    more (they are black)."""
    sized(page, width, height, projector=True)
    page.goto(f"{site}/?lang={lang}{'&embed=1' if embed else ''}#/bul")
    expect(page.locator("body.projector[data-ready]")).to_have_count(1, timeout=ENGINE_READY_MS)
    settle(page, go_on=True)
    wait_until(page, "() => { const cue = document.querySelector('.bul-more button');"
                     " return cue && cue.getClientRects().length > 0; }")
    look = page.evaluate(CUE_LOOK)
    assert look["page"] == "rgb(255, 255, 255)", look
    assert look["fade"] == "none" and look["strip"] == look["page"], look
    assert look["own"] >= 4.5 and look["onPage"] >= 4.5, look
    assert page.locator(".bul-more button").inner_text().strip() == STRINGS[lang]["bul.more"]


# Each base's name as drawn, against its base's cell and the row numbers: [what is wrong]
NAME_OUT_OF_ITS_CELL = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = [];
  for (const name of document.querySelectorAll('#board .base-label')) {
    const box = name.getBoundingClientRect();
    const cell = [...document.querySelectorAll('#board rect.cell.base')].find((c) => {
      const r = c.getBoundingClientRect();
      return box.top >= r.top - 0.5 && box.top <= r.bottom; });
    const r = cell.getBoundingClientRect();
    if (box.left < r.left - 0.5 || box.right > r.right + 0.5) {
      out.push(`${name.textContent} ${Math.round(box.left)}-${Math.round(box.right)} `
        + `wider than its cell ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    for (const number of document.querySelectorAll('#board .row-label:not(.base-label)')) {
      if (meet(box, number.getBoundingClientRect())) {
        out.push(`${name.textContent} meets ${number.textContent}`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(320, 320), (640, 560)], ids=["320", "640"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_bases_names_stay_in_their_cells_in_an_embed(page, site, lang, size):
    """Issue 43, a 320×320 embed: the base's name "Negro" ("Black") was wider than its cell
    and touched the row number "12" beside it. Each name within its cell, apart from every
    row number, and drawn no smaller than the embed's floor (the embed opened at that size
    by its own link: its road has seven columns there, a frame in a lesson's page five)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site, "bul", f"?lang={lang}&embed=1")
    settle(page, go_on=True)
    expect(page.locator("#board .base-label")).to_have_count(2)
    assert page.evaluate(NAME_OUT_OF_ITS_CELL) == []
    assert texts_below(page, 10) == []


# Bul's bases as drawn: what is wrong with them. Each base's name inside its cell's frame and
# apart from its men, and each man in sight whole (not under the man above him) with his mark.
BASES_AS_DRAWN = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const px = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
  const out = [];
  const names = [...document.querySelectorAll('#board .base-label')];
  for (const name of names) {
    const box = name.getBoundingClientRect();
    const cell = [...document.querySelectorAll('#board rect.cell.base')]
      .map((c) => c.getBoundingClientRect()).find((r) => meet(box, r));
    if (!cell || box.left < cell.left - 0.5 || box.right > cell.right + 0.5
        || box.top < cell.top - 0.5 || box.bottom > cell.bottom + 0.5) {
      out.push(`${name.textContent} ${px(box)} out of its cell ${cell ? px(cell) : 'none'}`);
    }
  }
  for (const pile of document.querySelectorAll('#board .pile.base')) {
    const men = [...pile.querySelectorAll('.piece')]; // drawn bottom first: the top one last
    men.forEach((man, i) => {
      const disc = man.querySelector('.disc').getBoundingClientRect();
      const above = men[i + 1]?.querySelector('.disc').getBoundingClientRect();
      if (!above || above.bottom <= disc.top + 0.5) { // in sight whole
        if (!man.querySelector('.symbol')) out.push(`a man of ${pile.dataset.base} unmarked`);
      }
      for (const part of man.querySelectorAll('.disc, .symbol')) {
        for (const name of names) {
          if (meet(name.getBoundingClientRect(), part.getBoundingClientRect())) {
            out.push(`${name.textContent} over a ${part.getAttribute('class')} `
              + `of ${pile.dataset.base}`);
          }
        }
      }
    });
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_phones_bases_show_their_names_and_every_mans_mark(page, site, lang):
    """Issue 43, Bul's review on a 390×844 phone in English: "Black base" was drawn across
    the foot of its cell and wider than it, and the second man of each base was a black disc
    with no mark (the usual road, taken there in English for a few pixels' more room than in
    Spanish: its base's name at the phone's floor, its men's marks left out under it). A game
    a few moves in, then its review, then a 320×320 embed: each base's name in its cell and
    clear of its men, every man in sight with his mark."""
    from .test_review import REVIEW_MS
    from .test_side_column_room import bul_game_link

    sized(page, 390, 844)
    page.goto(f"{site}/?lang={lang}#/bul?g={bul_game_link()}")
    settle(page)
    expect(page.locator("#board .pile.base .piece")).not_to_have_count(0)
    assert page.evaluate(BASES_AS_DRAWN) == [], "the game"
    if page.locator("#side-open").is_visible():  # the phone's drawer, where the review is
        page.click("#side-open")
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    wait_for_table(page)
    assert page.evaluate(BASES_AS_DRAWN) == [], "the review"
    sized(page, 320, 320)
    open_game(page, site, "bul", f"?lang={lang}&embed=1")
    settle(page, go_on=True)
    expect(page.locator("#board .pile.base .piece")).not_to_have_count(0)
    assert page.evaluate(BASES_AS_DRAWN) == [], "the embed"
