"""The set-up mode, second look (issue 43, item 4), in both languages on a laptop and a phone:
a position the rules cannot reach (Bakuk captures of 12 and 15: captures come in 2s and 4s)
is said to be impossible, and why, and offers no action; a count is typed at once, not
clicked seed by seed; a legal position becomes a puzzle that opens with the teacher's own
question, as "your teacher's puzzle": no level and no "solved of" count of a set it is not
in.

The set-up mode's cases share one page (`shared_page`), each opening it by its address as a
link followed in the page; the accessibility check (its CSP bypass) has its own."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import TURN_MS, sized, tap
from .test_a11y import violations

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

STRINGS = {lang: merged_strings(lang, game_catalogue()) for lang in ("es", "en")}
SIZES = [(1366, 768), (390, 844)]
CASES = [(lang, size) for lang in ("es", "en") for size in SIZES]
IDS = [f"{lang}-{w}x{h}" for lang, (w, h) in CASES]
SHOTS = os.environ.get("LUDOTECA_SHOTS")  # a folder to keep screenshots in, to look at
ACTIONS = ("play", "analyse", "link", "puzzle")


def counts(page) -> list:
    return [int(page.locator(f'#board [data-hole="{name}"]').get_attribute("data-count"))
            for name in "abcdef"]


def set_count(page, hole: str, count: int) -> None:
    """The hole's count typed at once: the place chosen, the number typed, Enter."""
    page.select_option("#editor-count-place", hole)
    page.fill("#editor-count-value", str(count))
    page.press("#editor-count-value", "Enter")
    # the engine's answer (the draft judged again), however long a loaded machine takes
    expect(page.locator(f'#board [data-hole="{hole}"]')).to_have_attribute(
        "data-count", str(count), timeout=TURN_MS)


def set_up(page, site, lang, size, holes, captured):
    sized(page, *size)
    page.goto(f"{site}/?lang={lang}#/bakuk?edit")
    expect(page.locator("#editor")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#editor-count")).to_be_visible()
    for name, n in zip("abcdef", holes, strict=True):
        if n != 6:
            set_count(page, name, n)
    for player, n in enumerate(captured):
        page.select_option(f'select[data-choice="captured.{player}"]', str(n))
    assert counts(page) == list(holes)


def shot(page, name):
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("lang", "size"), CASES, ids=IDS)
def test_odd_bakuk_captures_are_impossible_in_words_and_offer_no_action(shared_page, site, lang,
                                                                        size):
    page = shared_page
    set_up(page, site, lang, size, [4, 1, 1, 1, 1, 1], [12, 15])
    problems = page.locator("#editor-problems")
    expect(problems).to_have_attribute("data-legal", "false")
    shot(page, f"editor-impossible-{lang}-{size[0]}")
    why = STRINGS[lang]["bakuk.setup.problem.odd_captured"].split("{n}")[1].split(",")[0]
    expect(problems).to_contain_text(why)  # "semillas capturadas" / "seeds"...
    expect(problems).to_contain_text("15")
    expect(problems).not_to_contain_text("12 ")  # 12 is even: only 15 is named
    for action in ACTIONS:
        expect(page.locator(f'[data-editor="{action}"]')).to_be_disabled()
    page.select_option('select[data-choice="captured.1"]', "14")  # one more seed on the
    set_count(page, "a", 5)  # board, and 14: the same position made possible
    expect(problems).to_have_attribute("data-legal", "true")
    shot(page, f"editor-odd-{lang}-{size[0]}")


@pytest.mark.parametrize(("lang", "size"), CASES, ids=IDS)
def test_a_legal_position_becomes_a_puzzle_with_the_teachers_question(shared_page, site, lang,
                                                                      size):
    page = shared_page
    set_up(page, site, lang, size, [1, 1, 2, 1, 3, 0], [14, 14])
    expect(page.locator("#editor-problems")).to_have_attribute("data-legal", "true")
    question = {"es": "¿Qué hoyo deja a Norte sin capturas?",
                "en": "Which hole leaves North nothing to take?"}[lang]
    shot(page, f"editor-legal-{lang}-{size[0]}")
    tap(page, '[data-editor="puzzle"]')
    opened = page.locator('[data-editor="open-puzzle"]')
    expect(opened).to_be_visible(timeout=ENGINE_READY_MS)
    page.fill("#editor-question", question)  # written once the puzzle is proven
    shot(page, f"editor-proven-{lang}-{size[0]}")
    opened.click()
    goal = page.locator("#coach-goal")
    expect(goal).to_have_text(question, timeout=ENGINE_READY_MS)
    head, progress = page.locator("#coach-head"), page.locator("#coach-progress")
    strings = STRINGS[lang]
    expect(head).to_have_text(strings["coach.puzzle.head.teacher"].replace(
        "{game}", "Bakuk"))
    expect(progress).to_have_text(strings["coach.puzzle.teacher"])
    for text in ("coach.", "null", "undefined"):
        expect(page.locator("#coach")).not_to_contain_text(text)
    assert "q=" in page.url
    shot(page, f"editor-puzzle-{lang}-{size[0]}")
    page.click('#board [data-step="c"]')  # the answer: judged, and the question stays
    expect(page.locator("#coach-verdict")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(goal).to_have_text(question)
    expect(progress).to_have_text(strings["coach.puzzle.teacher"])  # no "1 of 1"


def test_a_count_out_of_range_is_refused_in_words(shared_page, site):
    page = shared_page
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang=es#/bakuk?edit")
    expect(page.locator("#editor-count")).to_be_visible(timeout=ENGINE_READY_MS)
    page.fill("#editor-count-value", "40")
    page.press("#editor-count-value", "Enter")
    expect(page.locator("#message")).to_have_attribute("data-code", "bad_setup_count")
    expect(page.locator("#message")).to_contain_text("36")
    assert counts(page) == [6] * 6
    page.fill("#editor-count-value", "")  # nothing typed: said the same way
    tap(page, '[data-editor="set-count"]')
    expect(page.locator("#message")).to_have_attribute("data-code", "bad_setup_count")
    assert counts(page) == [6] * 6


@pytest.mark.parametrize("lang", ["es", "en"])
def test_buku_counts_are_set_at_once_and_impossible_captures_said(shared_page, site, lang):
    """Buku's squares too: 3 on d4 in one edit; 5 captured is no sum of 3s and 4s."""
    page = shared_page
    sized(page, 390, 844)
    page.goto(f"{site}/?lang={lang}#/buku?edit")
    expect(page.locator("#editor-count")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#editor-count")).to_contain_text(
        STRINGS[lang]["buku.setup.count.place"])
    page.select_option("#editor-count-place", "d4")
    page.fill("#editor-count-value", "3")
    tap(page, '[data-editor="set-count"]')
    expect(page.locator('#board .buku-sq[data-square="d4"]')).to_have_attribute(
        "data-count", "3")
    page.select_option('select[data-choice="captured.1"]', "5")
    problems = page.locator("#editor-problems")
    said = STRINGS[lang]["buku.setup.problem.captured"].replace("{n}", "5").replace(
        "{name}", STRINGS[lang]["buku.player.1"])
    expect(problems).to_contain_text(said)
    expect(page.locator('[data-editor="puzzle"]')).to_be_disabled()
    shot(page, f"editor-buku-{lang}-390")


def test_no_accessibility_violations_in_the_set_up_and_the_teachers_puzzle(page, site):
    """axe: the count's controls, the problems, the question field and the puzzle it opens
    (the page's CSP bypassed for axe's inline script, as in test_a11y)."""
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    set_up(page, site, "es", (1366, 768), [4, 1, 1, 1, 1, 1], [12, 15])
    found = violations(page, "impossible")
    page.select_option('select[data-choice="captured.1"]', "14")
    set_count(page, "a", 5)
    page.select_option('select[data-choice="captured.0"]', "14")
    for name, n in zip("abcdef", [1, 1, 2, 1, 3, 0], strict=True):
        set_count(page, name, n)
    tap(page, '[data-editor="puzzle"]')
    expect(page.locator('[data-editor="open-puzzle"]')).to_be_visible(timeout=ENGINE_READY_MS)
    page.fill("#editor-question", "¿Cuál?")
    found += violations(page, "proven")
    page.click('[data-editor="open-puzzle"]')
    expect(page.locator("#coach-goal")).to_have_text("¿Cuál?", timeout=ENGINE_READY_MS)
    found += violations(page, "teacher's puzzle")
    assert not found, "\n".join(found)
