"""The teacher's notes hold together (issue 43, item 7), as a teacher preparing a 45-minute
Bul lesson finds them at 1366×768, in Spanish and in English: the plan teaches Puluc and
closes on Puluc's puzzle of the day (never Aj Sakalil's two throws), its level and its
worksheet stay with Puluc, the tally sheet is one click from the plan, the fairness answer
quotes the shipped numbers in the reader's format, and every source is a citation with its
address. LUDOTECA_SHOTS=<folder> keeps screenshots (and the printed notes as a PDF)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ludoteca import registry
from ludoteca.labs import fairness
from ludoteca.teaching.puzzles import graded, shelf

from .conftest import ENGINE_READY_MS
from .helpers import settle, sized, tap
from .test_a11y import violations

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

WORDS = {lang: merged_strings(lang, game_catalogue()) for lang in ("es", "en")}
SHOTS = os.environ.get("LUDOTECA_SHOTS")  # a folder to keep screenshots in, to look at
LAND_MS = 60_000
PULUC = {p["id"] for p in shelf("bul", "puluc")}
# the plan's worksheet: Puluc's puzzles chosen by level, of the class's options' road
WORKSHEET = [p["id"] for p in graded(shelf("bul", "puluc"), 4,
                                     registry.new_game("bul", variant="puluc").options)]


def template(text: str) -> re.Pattern:
    """A string with its {params} as a pattern that any value fills."""
    return re.compile(".*".join(re.escape(part) for part in re.split(r"\{\w+\}", text)))


def open_notes(page, site, lang):
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang={lang}#/bul/teach")
    expect(page.locator('.teach-notes[data-game="bul"]')).to_be_visible(timeout=ENGINE_READY_MS)


def plan_link(page, kind):
    return page.locator(f'.teach-plan [data-teach-link="{kind}"]')


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_bul_plan_closes_on_a_puluc_puzzle_and_its_level_stays_with_puluc(page, site, lang):
    words = WORDS[lang]
    odds, order = template(words["puzzle.bul.odds"]), template(words["puzzle.bul.order"])
    open_notes(page, site, lang)
    link = plan_link(page, "?puzzle=day")
    expect(link).to_have_attribute("href", "#/bul?puzzle=day&variant=puluc")
    tap(page, link)
    expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=LAND_MS)
    goal = page.locator("#coach-goal")
    expect(goal).to_have_text(odds, timeout=LAND_MS)  # one throw: Puluc's question
    assert not order.fullmatch(goal.inner_text())  # never "Has sacado un 4 y un 2"
    settle(page)
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"i43-7-puluc-puzzle-{lang}-1366.png"))
    # another level: still Puluc's puzzle of the day
    for level in ("3", "2"):
        tap(page, f'#coach-levels [data-level="{level}"]')
        expect(page.locator(f'#coach-levels [data-level="{level}"]')).to_have_attribute(
            "aria-pressed", "true", timeout=LAND_MS)
        expect(page.locator('#coach[data-state="asking"]')).to_be_visible(timeout=LAND_MS)
        expect(goal).to_have_text(odds, timeout=LAND_MS)
        assert "variant=puluc" in page.url


# a game of Aj Sakalil in progress, as the table saves it (records.make_record)
AJ_SAKALIL = {"record": {"game": "bul", "options": {"variant": "aj-sakalil", "length": 21,
                                                      "team_size": 1},
                         "moves": ["1", "1", "1:enter"]}, "seats": ["human", "casual"]}


def saved_bul(page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('ludoteca.save.bul'))")


def test_open_the_board_from_the_bul_plan_plays_puluc_after_a_game_of_aj_sakalil(page, site):
    """The plan's "Play Puluc" names Puluc in the address's hash (#/bul?variant=puluc):
    the table starts a game of Puluc (the saved Aj Sakalil game kept aside, one click away),
    not the saved game; the address becomes the table's own, so a reload resumes Puluc; a
    second click, with a Puluc game going on, resumes it."""
    open_notes(page, site, "es")
    # the plan's rules: Puluc's first, whatever was played before
    tap(page, plan_link(page, "rules"))
    expect(page.locator('[data-variant-button="puluc"]')).to_have_attribute(
        "aria-pressed", "true")
    page.keyboard.press("Escape")
    page.evaluate("(save) => localStorage.setItem('ludoteca.save.bul', JSON.stringify(save))",
                  AJ_SAKALIL)
    board = plan_link(page, "").first  # the pairs' game (the next one opens the odds too)
    expect(board).to_have_attribute("href", "#/bul?variant=puluc")
    tap(page, board)
    settle(page)  # the game on the table (the form shows Puluc before any game is there)
    variant = page.locator('#setup select[data-option="variant"]')
    expect(variant).to_have_value('"puluc"')
    expect(page.locator("#kept")).to_be_visible(timeout=LAND_MS)  # Aj Sakalil: kept, not lost
    page.wait_for_function("() => JSON.parse(localStorage.getItem('ludoteca.save.bul'))"
                           "?.record.options.variant === 'puluc'", timeout=LAND_MS)
    assert page.url.endswith("#/bul"), page.url
    page.reload()
    expect(variant).to_have_value('"puluc"', timeout=ENGINE_READY_MS)
    # a Puluc game going on: the plan's link resumes it (nothing kept aside, no new game)
    going = {**saved_bul(page), "record": {**saved_bul(page)["record"], "moves": ["1"]}}
    page.evaluate("(save) => localStorage.setItem('ludoteca.save.bul', JSON.stringify(save))",
                  going)
    open_notes(page, site, "es")
    tap(page, plan_link(page, "").first)
    expect(variant).to_have_value('"puluc"', timeout=LAND_MS)
    settle(page)
    expect(page.locator("#kept")).to_be_hidden()
    assert saved_bul(page)["record"]["moves"][:1] == ["1"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_worksheet_and_its_key_from_the_plan_are_puluc_and_the_tally_is_linked(
        page, site, lang):
    words = WORDS[lang]
    open_notes(page, site, lang)
    tally = plan_link(page, "print:tally")
    expect(tally).to_have_text(words["teach.sheet"].replace("{item}", words["print.item.tally"]))
    expect(tally).to_have_attribute("href", "#/bul/print?item=tally&variant=puluc")
    for item in ("puzzles", "key"):
        open_notes(page, site, lang)
        tap(page, plan_link(page, f"print:{item}"))
        expect(page.locator(".print-doc")).to_have_attribute("data-ready", "true",
                                                             timeout=LAND_MS)
        ids = page.locator(".print-doc [data-puzzle]").evaluate_all(
            "els => els.map(el => el.dataset.puzzle)")
        assert ids and set(ids) <= PULUC, ids
        # easy to hard, on the road of 13 rows the class plays (not the set's first four,
        # 9 rows, two easy and two medium)
        assert ids == WORKSHEET, ids
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / f"i43-7-worksheet-{item}-{lang}.png"),
                            full_page=True)
    open_notes(page, site, lang)
    tap(page, tally)
    expect(page.locator('.print-doc[data-item="tally"]')).to_have_attribute(
        "data-ready", "true", timeout=LAND_MS)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_fairness_answer_quotes_the_shipped_numbers_in_the_readers_format(page, site, lang):
    shipped = fairness.config_of("bul", {"variant": "puluc", "length": 13})["shipped"]
    games, (red, black) = shipped["tally"]["games"], shipped["tally"]["wins"]
    open_notes(page, site, lang)
    item = page.locator('.teach-questions > li[data-question="first"]')
    tap(page, item.locator("summary"))
    answer = item.locator(".teach-answer > p")
    expect(answer).to_have_attribute("data-figure", "ready", timeout=LAND_MS)
    rate = f"{round(red / games * 100, 1):g}"
    if lang == "es":  # Spanish: no group in a 4-digit number, a decimal comma, "51,5 %"
        shown = [f"{games}", f"{red}", f"{black}", f"{rate.replace('.', ',')}\u00a0%"]
    else:
        shown = [f"{games:,}", f"{red:,}", f"{black:,}", f"{rate}%"]
    text = answer.inner_text()
    for number in shown:
        assert number in text, (number, text)
    assert "{" not in text
    expect(item.locator("[data-teach-link]")).to_have_attribute(
        "href", "#/bul/fairness?variant=puluc")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_source_is_a_citation_with_its_address(page, site, lang):
    words = WORDS[lang]
    open_notes(page, site, lang)
    sources = page.locator(".teach-sources > li")
    expect(sources.first.locator("cite")).to_contain_text("Carretera del Maíz")
    expect(sources.first).to_contain_text(words["teach.source.no_address"])
    expect(sources.first).to_contain_text(words["teach.source.updated"].replace("{year}", "2018"))
    addresses = page.locator(".teach-sources a.teach-address").evaluate_all(
        "els => els.map(el => el.getAttribute('href'))")
    assert addresses == [
        "https://en.wikipedia.org/wiki/Bul_(game)", "http://www.cyningstan.com/game/149/puluc",
        "http://mazarbulgb.blogspot.com/2008/06/puluc-la-carretera-del-maz.html",
        "http://laficharoja.blogspot.com/2008/02/juegos-del-mundo-bul-un-juego-maya.html"]
    expect(page.locator('.teach-sources > li[data-source="verbeeck"]')).to_contain_text("1998")
    if SHOTS:
        page.locator('.teach-section[data-section="approach"]').screenshot(
            path=str(Path(SHOTS) / f"i43-7-plan-{lang}-1366.png"))
        page.locator('.teach-section[data-section="sources"]').screenshot(
            path=str(Path(SHOTS) / f"i43-7-sources-{lang}-1366.png"))
        page.screenshot(path=str(Path(SHOTS) / f"i43-7-notes-{lang}-1366.png"))


def test_printed_the_notes_carry_every_answer_with_its_numbers(page, site):
    open_notes(page, site, "es")
    answer = page.locator('.teach-questions > li[data-question="first"] .teach-answer > p')
    expect(answer).to_have_attribute("data-figure", "ready", timeout=LAND_MS)
    page.emulate_media(media="print")
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    expect(answer).to_be_visible()
    expect(page.locator(".teach-sources a.teach-address").first).to_be_visible()  # on paper
    if SHOTS:
        page.pdf(path=str(Path(SHOTS) / "i43-7-notes-es.pdf"), format="A4")
        page.screenshot(path=str(Path(SHOTS) / "i43-7-notes-print-es.png"), full_page=True)
    page.emulate_media(media="screen")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_games_notes_have_no_accessibility_violations_with_every_answer_open(
        page, site, lang):
    sized(page, 1366, 768)
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})  # for axe
    found = []
    for game in ("bul", "bakuk", "bolonki", "buku"):
        page.goto(f"{site}/?lang={lang}#/{game}/teach")
        expect(page.locator(f'.teach-notes[data-game="{game}"]')).to_be_visible(
            timeout=ENGINE_READY_MS)
        page.locator(".teach-answer").evaluate_all("els => els.forEach(d => { d.open = true; })")
        expect(page.locator('[data-figure="waiting"]')).to_have_count(0, timeout=LAND_MS)
        expect(page.locator('[data-figure="missing"]')).to_have_count(0)
        expect(page.locator(".teach-plan [data-teach-link='print:tally']")).to_have_count(1)
        found += violations(page, f"{game} notes {lang}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_phone_the_plan_s_links_and_the_sources_addresses_fit_the_screen(page, site, lang):
    sized(page, 390, 844)
    page.goto(f"{site}/?lang={lang}#/bul/teach")
    expect(page.locator('.teach-notes[data-game="bul"]')).to_be_visible(timeout=ENGINE_READY_MS)
    expect(plan_link(page, "print:key")).to_be_visible()
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the notes are {wide} px wide on a 390 px screen"
    for link in page.locator(".teach-plan [data-teach-link], .teach-sources a").all():
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, box
    if SHOTS:
        page.locator('.teach-section[data-section="approach"]').screenshot(
            path=str(Path(SHOTS) / f"i43-7-plan-{lang}-390.png"))
        page.locator('.teach-section[data-section="sources"]').screenshot(
            path=str(Path(SHOTS) / f"i43-7-sources-{lang}-390.png"))
