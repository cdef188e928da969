"""The notes for teachers (#/<game>/teach): for every game, in Spanish and in English, NRICH's
five sections, a plan of 45 minutes, the key questions with their answers folded; every link
in the notes is followed, as a teacher would, and lands on a working place (the board with a
move to make, the lesson step's goal, the puzzle, the set-up mode, the rules panel, a lab);
the notes are reached from the home card and from the set-up; printed, only the notes
remain. The labs' pages (#/<game>/fairness, #/bul/beans) are other branches' work:
`test_lab_links_land_on_the_labs` passes once they are merged.

The cases that follow the notes' links share one page (`shared_page`): each opens the notes
by their address, as a link followed in the page; the cases that switch the language or
print have pages of their own."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

import ludoteca
from ludoteca import registry

from .conftest import ENGINE_READY_MS
from .helpers import open_game, open_setup, settle, tap

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

CATALOGUE = game_catalogue()
WORDS = {lang: merged_strings(lang, CATALOGUE) for lang in ("es", "en")}
GAMES = [g for g in ludoteca.GAMES if (ROOT / "web" / "games" / g / "notes.js").exists()]
SECTIONS = ("why", "approach", "key", "extension", "support")
LAB_PAGES = ("/fairness", "/beans")
LAND_MS = 60_000  # a lesson or a puzzle set up by the engine on a loaded machine


def open_notes(page, site, game, lang):
    page.goto(f"{site}/?lang={lang}#/{game}/teach")
    expect(page.locator(f'.teach-notes[data-game="{game}"]')).to_be_visible(
        timeout=ENGINE_READY_MS)


def links(page) -> list:
    """What every link of the notes leads to ({kind, press}), in the order shown."""
    return page.locator(".teach-notes [data-teach-link]").evaluate_all(
        "els => els.map(el => ({kind: el.dataset.teachLink, press: el.dataset.press || null}))")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_notes_have_every_section_and_a_45_minute_plan(page, site, game, lang):
    words = WORDS[lang]
    open_notes(page, site, game, lang)
    name = words[f"game.{game}.name"]
    expect(page.locator("#teach-title")).to_have_text(
        words["teach.heading"].replace("{game}", name))
    for section in SECTIONS:
        head = page.locator(f'.teach-section[data-section="{section}"] > h2')
        expect(head).to_have_text(words[f"teach.{section}"])
        expect(page.locator(f'.teach-section[data-section="{section}"] > p').first).to_have_text(
            words[f"{game}.notes.{section}.p1"])
    for part in ("topics", "sources"):
        expect(page.locator(f'.teach-section[data-section="{part}"] > h2')).to_have_text(
            words[f"teach.{part}"])
    minutes = page.locator(".teach-plan tbody tr").evaluate_all(
        "rows => rows.map(row => Number(row.dataset.minutes))")
    assert len(minutes) >= 5 and sum(minutes) == 45
    expect(page.locator(".teach-plan tfoot")).to_have_text(
        words["teach.plan.total"].replace("{n}", "45"))
    # the answers are folded until the teacher opens one
    questions = page.locator(".teach-questions > li")
    assert questions.count() >= 4
    first = questions.first
    answer = first.locator(".teach-answer > p")
    expect(answer).to_be_hidden()
    tap(page, ".teach-questions > li:first-child .teach-answer > summary")
    expect(answer).to_be_visible()
    key = first.get_attribute("data-question")
    expect(answer).to_have_text(words[f"{game}.notes.q.{key}.a"])
    # the language changes on the page itself
    other = "en" if lang == "es" else "es"
    page.click(f'[data-lang="{other}"]')
    expect(page.locator("#teach-title")).to_have_text(
        WORDS[other]["teach.heading"].replace("{game}", WORDS[other][f"game.{game}.name"]))


def lands(page, game: str, link: dict, lang: str) -> None:
    """The place a link of the notes leads to works: what a person sees there."""
    kind = link["kind"]
    words = WORDS[lang]
    if kind == "rules":
        expect(page.locator("#rules-dialog")).to_be_visible()
        expect(page.locator("#rules-title")).to_contain_text(words[f"game.{game}.name"])
        page.keyboard.press("Escape")
        expect(page.locator("#rules-dialog")).to_be_hidden()
        return
    if kind.startswith("print:"):  # a sheet of the print kit, made and ready to print
        item = kind.split(":")[1]
        expect(page.locator('#page[data-page="print"]')).to_be_visible(timeout=LAND_MS)
        expect(page.locator(".print-doc")).to_have_attribute("data-item", item)
        expect(page.locator(".print-doc")).to_have_attribute("data-ready", "true",
                                                             timeout=LAND_MS)
        assert f"#/{game}/print?item={item}" in page.url
        return
    if kind in LAB_PAGES:
        lab = page.locator(f'#page[data-page="{kind[1:]}"]')
        expect(lab).to_be_visible(timeout=LAND_MS)
        expect(lab.locator("h1, h2").first).to_be_visible(timeout=LAND_MS)
        assert f"#/{game}{kind}" in page.url
        return
    expect(page.locator("#play")).to_be_visible(timeout=LAND_MS)
    if kind.startswith("?learn="):
        step = registry.spec_of(game).lessons()[int(kind.split("=")[1]) - 1]
        expect(page.locator("#coach-goal")).to_have_text(
            words[f"lesson.{game}.{step.id}.goal"], timeout=LAND_MS)
        settle(page, go_on=True)  # a move to make on the board (or a wait to end: Bolonki's)
    elif kind == "?puzzle=day":
        expect(page.locator("#coach")).to_be_visible(timeout=LAND_MS)
        expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=LAND_MS)
        settle(page, go_on=True)
    elif kind == "?edit":
        expect(page.locator("#editor")).to_be_visible(timeout=LAND_MS)
        expect(page.locator("#board [data-step]").first).to_be_visible(timeout=LAND_MS)
    else:
        assert kind == "", kind
        expect(page.locator("#new-game")).to_be_enabled(timeout=LAND_MS)
        # the board with a move (or a throw) to make, or Bolonki's memorising a person may end
        look = settle(page, go_on=True)
        assert look["steps"] or look["canThrow"] or look["canGoOn"], look
    if link["press"]:  # the control the link opens, open
        control = page.locator(f"#play {link['press']}")
        expect(control).to_have_attribute("aria-expanded", "true", timeout=LAND_MS)
        box = page.locator(f"#{control.get_attribute('aria-controls')}")
        expect(box).to_be_visible()


def follow_links(page, site, game, lang, wanted):
    open_notes(page, site, game, lang)
    followed = 0
    for index, link in enumerate(links(page)):
        if not wanted(link):
            continue
        open_notes(page, site, game, lang)
        tap(page, page.locator(".teach-notes [data-teach-link]").nth(index))
        lands(page, game, link, lang)
        followed += 1
    return followed


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_link_in_the_notes_lands_on_a_working_place(shared_page, site, game, lang):
    page = shared_page
    open_notes(page, site, game, lang)
    kinds = {link["kind"] for link in links(page)}
    assert {"rules", "", "?learn=1", "?puzzle=day"} <= kinds
    assert follow_links(page, site, game, lang, lambda link: link["kind"] not in LAB_PAGES) >= 7


@pytest.mark.parametrize("game", ["bul", "bakuk"])
def test_lab_links_land_on_the_labs(shared_page, site, game):
    """Needs the labs' branches (#/<game>/fairness, #/bul/beans) merged."""
    page = shared_page
    assert follow_links(page, site, game, "es", lambda link: link["kind"] in LAB_PAGES) >= 1


def test_the_notes_are_reached_from_the_home_card_and_the_set_up(page, site):
    page.goto(f"{site}/?lang=es#/")
    card_link = page.locator('.game-card[data-game="bakuk"] a[href="#/bakuk/teach"]')
    expect(card_link).to_have_text(WORDS["es"]["teach.link"])
    expect(card_link).to_have_attribute("aria-label", WORDS["es"]["home.teach"].replace(
        "{game}", "Bakuk"))
    tap(page, '.game-card[data-game="bakuk"] a[href="#/bakuk/teach"]')
    expect(page.locator('.teach-notes[data-game="bakuk"]')).to_be_visible()
    expect(page.locator("#teach-title")).to_be_focused()
    expect(page.locator("#home")).to_be_hidden()
    expect(page.locator("#play")).to_be_hidden()
    tap(page, ".teach-toolbar a.teach-back")  # back to the game
    expect(page.locator("#play")).to_be_visible()
    open_game(page, site, "buku", "?lang=es")  # a link followed in the page: no new load
    open_setup(page)
    expect(page.locator("#teach-link")).to_have_attribute("href", "#/buku/teach")
    tap(page, "#teach-link")
    expect(page.locator('.teach-notes[data-game="buku"]')).to_be_visible()


def test_a_game_without_notes_says_so(page, site):
    assert "nim" in CATALOGUE  # the test site has the fixture game, which has no notes
    page.goto(f"{site}/?lang=en#/nim/teach")
    expect(page.locator(".teach-missing")).to_have_text(
        WORDS["en"]["teach.missing"].replace("{game}", WORDS["en"]["game.nim.name"]))
    expect(page.locator(".teach-print")).to_be_hidden()
    page.goto(f"{site}/?lang=en#/")
    expect(page.locator('.game-card[data-game="nim"]')).to_be_visible()
    expect(page.locator('.game-card[data-game="nim"] a[href$="/teach"]')).to_have_count(0)


def test_printed_only_the_notes_remain(page, site):
    open_notes(page, site, "bul", "es")
    expect(page.locator(".teach-toolbar")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".teach-toolbar")).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator(".teach-go").first).to_be_hidden()
    expect(page.locator("#teach-title")).to_be_visible()
    expect(page.locator(".teach-plan")).to_be_visible()
    assert page.locator(".teach-notes").evaluate("el => getComputedStyle(el).color") == \
        "rgb(0, 0, 0)"
    page.emulate_media(media="screen")
    expect(page.locator(".teach-toolbar")).to_be_visible()
