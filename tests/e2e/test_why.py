"""Issue 43, item 1: the computer says why. A review's key moment, a hint and a puzzle's
answer each open "Show why": the line after the move made and after the best one, played on
the board step by step (buttons and keyboard), one sentence per step in the game's words, a
summary a learner reads (never "margen final"), and the board back where it was after.
Both languages; the laptop (1366×768) and the phone (390×844).

With SHOTS=<folder> in the environment, the tests save what they show there (PNG)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ludoteca.teaching.puzzles import puzzles

from .helpers import click_step, open_game, settle, sized
from .test_review import REVIEW_MS, bakuk_game_with_one_blunder

WHY_MS = 60_000


def shot(page, name):
    folder = os.environ.get("SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def board_now(page) -> str:
    return page.locator("#board").inner_html()


def test_a_key_moment_shows_why_on_the_board_es_laptop(page, site):
    sized(page, 1366, 768)
    moves, blunder = bakuk_game_with_one_blunder()
    open_game(page, site, "bakuk", "?lang=es&seats=human,human")
    for move in moves:
        look = click_step(page, move)
    assert look["over"]
    page.click("#review-open")
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    shot(page, "review-es-1366")
    # on a laptop the review is no narrow column: wide, its key moments in sight at once,
    # and the move list still there
    assert page.locator("#review").bounding_box()["width"] >= 520
    expect(page.locator("#review-moments .moment").first).to_be_in_viewport()
    expect(page.locator("#log")).to_be_attached()
    assert page.locator("#log").evaluate("e => getComputedStyle(e).display") != "none"
    ended = board_now(page)
    turn = page.locator("#turn").inner_text()
    why_open = page.locator(f'#review-moments .why-open[data-ply="{blunder}"]')
    expect(why_open).to_have_text("Ver por qué")
    why_open.click()
    box = page.locator("#why")
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    # the board shows the position before the move; the first step is the move itself
    expect(page.locator("#why-step")).to_contain_text("Aquí le toca a")
    expect(page.locator("#why-title")).to_have_text(f"Por qué: jugada {blunder + 1}")
    played = page.locator('#why-choices [data-choice="0"]')
    expect(played).to_have_attribute("aria-pressed", "true")
    expect(played).to_contain_text(moves[blunder])
    summary = page.locator("#why-sum")
    expect(summary).to_contain_text("semilla")
    expect(summary).to_contain_text("de aquí al final")
    expect(summary).not_to_contain_text("margen")
    before = board_now(page)
    page.click("#why-next")
    step = page.locator("#why-step")
    expect(step).to_contain_text(re.compile(r"Paso 1 de \d+: .*siembra " + moves[blunder]))
    expect(page.locator("#turn")).to_contain_text("Por qué · paso 1")
    assert board_now(page) != before  # the move is on the board, with its marks
    shot(page, "why-step1-es-1366")
    # the keyboard steps too: the other side's answer
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Paso 2 de")
    expect(box).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(box).to_have_attribute("data-step", "1")
    # the best move's line: another summary, from its start again
    page.click('#why-choices [data-choice="1"]')
    expect(page.locator('#why-choices [data-choice="1"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(box).to_have_attribute("data-step", "0", timeout=WHY_MS)
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    page.click("#why-last")
    expect(step).to_contain_text("Paso")
    shot(page, "why-best-end-es-1366")
    # the way back names the review, which is there again after, with the move list
    expect(page.locator("#why-close")).to_have_text("Volver a la revisión")
    page.click("#why-close")
    expect(box).to_be_hidden()
    expect(page.locator("#review-moments .moment").first).to_be_visible()
    expect(page.locator("#log")).to_be_visible()
    # (as it reads: the end-of-game banner's "Review the game" steps aside while it is open)
    expect(page.locator("#turn")).to_have_text(turn, use_inner_text=True)
    assert board_now(page) == ended  # back where it was


def test_a_hint_shows_why_en_phone(page, site):
    sized(page, 390, 844)
    open_game(page, site, "bakuk", "?lang=en&seats=human,casual")
    settle(page)
    page.click("#hint-open")
    hint = page.locator("#hint-box")
    expect(hint.locator(".hint-best")).to_be_visible(timeout=REVIEW_MS)
    start = board_now(page)
    hint.locator("#hint-why").click()
    box = page.locator("#why")
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    expect(box).to_be_in_viewport()
    expect(page.locator("#why-sum")).to_contain_text(
        re.compile(r"from here to the end you capture \d+ seeds? more than North"))
    expect(page.locator('#why-choices [data-choice="0"]')).to_contain_text("The best")
    page.click("#why-next")
    expect(page.locator("#why-step")).to_contain_text(re.compile(r"Step 1 of \d+: South sows"))
    expect(page.locator("#board")).to_be_in_viewport()
    shot(page, "why-hint-en-390")
    page.click("#why-next")
    expect(page.locator("#why-step")).to_contain_text(re.compile(r"Step 2 of \d+: North sows"))
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    assert board_now(page) == start
    expect(page.locator("#hint-open")).to_be_enabled()


def test_a_puzzle_answer_shows_why_es_and_en(page, site):
    sized(page, 1366, 768)
    puzzle = puzzles("bakuk")[0]
    for lang, best, step_words in (("es", "La mejor", "Paso 1 de"),
                                   ("en", "The best", "Step 1 of")):
        page.goto(f"{site}/?lang={lang}#/bakuk?puzzle={puzzle['id']}")
        expect(page.locator("#coach")).to_be_visible(timeout=WHY_MS)
        settle(page)
        page.click('#coach-buttons [data-coach="solution"]')
        expect(page.locator(".coach-values")).to_be_visible(timeout=WHY_MS)
        values = page.locator(".coach-values").inner_text()
        assert "margen" not in values and "margin" not in values
        line = page.locator(".coach-line")
        if line.count():  # the proof line starts with the best move itself
            assert puzzle["best"][0] in line.inner_text()
        page.click("#coach-why")
        box = page.locator("#why")
        expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
        expect(page.locator('#why-choices [data-choice="0"]')).to_contain_text(best)
        page.click("#why-next")
        expect(page.locator("#why-step")).to_contain_text(step_words)
        shot(page, f"why-puzzle-{lang}-1366")
        page.click("#why-close")
        expect(box).to_be_hidden()


def test_other_games_say_why_in_their_own_words(page, site):
    """Bul (a win chance, its throws in the line) in Spanish, Buku (pieces) in English; and
    Bolonki offers no line (it would show colours nobody has seen)."""
    sized(page, 1366, 768)
    for game, lang, summary_words, step_words in (
            ("bul", "es", "de cada 100", "Paso 1 de"), ("buku", "en", "piece", "Step 1 of")):
        puzzle = puzzles(game)[0]
        page.goto(f"{site}/?lang={lang}#/{game}?puzzle={puzzle['id']}")
        expect(page.locator("#coach")).to_be_visible(timeout=WHY_MS)
        settle(page)
        page.click('#coach-buttons [data-coach="solution"]')
        page.click("#coach-why", timeout=WHY_MS)
        box = page.locator("#why")
        expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
        expect(page.locator("#why-sum")).to_contain_text(summary_words)
        # a short line is read move by move: no chapters, no "move by move" choice
        expect(page.locator("#why-digest")).to_be_hidden()
        page.click("#why-next")
        expect(page.locator("#why-step")).to_contain_text(step_words)
        assert len(page.locator("#why-step").inner_text()) > len(step_words) + 6
        shot(page, f"why-puzzle-{game}-{lang}-1366")
        page.keyboard.press("Escape")
        expect(box).to_be_hidden()
    puzzle = puzzles("bolonki")[0]
    page.goto(f"{site}/?lang=es#/bolonki?puzzle={puzzle['id']}")
    expect(page.locator("#coach")).to_be_visible(timeout=WHY_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    expect(page.locator(".coach-values, .coach-said").first).to_be_visible(timeout=WHY_MS)
    expect(page.locator("#coach-why")).to_have_count(0)


def test_a_line_on_the_board_has_no_accessibility_violation(page, site):
    from .test_a11y import axe_page, violations  # noqa: F401  (the same checks)

    page.set_viewport_size({"width": 1366, "height": 768})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    open_game(page, site, "bakuk", "?lang=es&seats=human,casual")
    settle(page)
    page.click("#hint-open")
    expect(page.locator("#hint-why")).to_be_visible(timeout=REVIEW_MS)
    page.click("#hint-why")
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    page.click("#why-next")
    expect(page.locator("#why-step")).to_contain_text("Paso 1 de")
    assert violations(page, "a line on the board") == []


def test_a_key_moment_on_the_phone_closes_the_drawer_and_opens_it_again_en(page, site):
    """On a phone the review is in the side drawer, which would cover the board: the line is
    shown under the board with the drawer closed, and the drawer comes back after."""
    sized(page, 390, 844)
    moves, blunder = bakuk_game_with_one_blunder()
    open_game(page, site, "bakuk", "?lang=en&seats=human,human")
    for move in moves:
        click_step(page, move)
    page.click("#review-open") if page.locator("#review-open").is_visible() else (
        page.click("#over-review"))
    expect(page.locator("#review")).to_have_attribute("data-ready", "true", timeout=REVIEW_MS)
    why_open = page.locator(f'#review-moments .why-open[data-ply="{blunder}"]')
    expect(why_open).to_be_visible()
    shot(page, "review-en-390")
    why_open.click()
    box = page.locator("#why")
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    expect(page.locator("#side")).to_be_hidden()  # the drawer stepped aside
    page.click("#why-next")
    expect(page.locator("#why-step")).to_contain_text(re.compile(r"Step 1 of \d+: South sows"))
    expect(page.locator("#board")).to_be_in_viewport()
    expect(box).to_be_in_viewport()
    shot(page, "why-moment-en-390")
    page.click("#why-close")
    expect(box).to_be_hidden()
    expect(page.locator("#review")).to_be_visible()  # the drawer is back, with the review


def test_a_hint_line_in_the_projector_look_reads_from_the_back_of_the_room(page, site):
    """1280×720 in the projector look: the line's box is in sight and no text of it is
    under the projector's floor (22 px)."""
    from .helpers import texts_below

    sized(page, 1280, 720, projector=True)
    open_game(page, site, "bakuk", "?lang=es&seats=human,casual")
    settle(page)
    page.click("#hint-open")
    expect(page.locator("#hint-why")).to_be_visible(timeout=REVIEW_MS)
    page.click("#hint-why")
    box = page.locator("#why")
    expect(box).to_have_attribute("data-ready", "true", timeout=WHY_MS)
    page.click("#why-next")
    expect(page.locator("#why-step")).to_contain_text("Paso 1 de")
    expect(page.locator("#why-next")).to_be_in_viewport()
    step = page.locator("#why-step").bounding_box()
    assert step["y"] >= 0 and step["y"] + step["height"] <= 720  # the sentence whole
    shot(page, "why-hint-es-1280-projector")
    assert texts_below(box, 22) == []


def open_why_of_the_answer(page, site, lang: str, puzzle_id: str) -> None:
    """A laptop's puzzle (its address), its answer asked for, then *why* open and ready."""
    sized(page, 1366, 768)
    page.goto(f"{site}/?lang={lang}#/bul?puzzle={puzzle_id}")
    expect(page.locator("#coach")).to_be_visible(timeout=WHY_MS)
    settle(page)
    page.click('#coach-buttons [data-coach="solution"]')
    page.click("#coach-why", timeout=WHY_MS)
    expect(page.locator("#why")).to_have_attribute("data-ready", "true", timeout=WHY_MS)


@pytest.mark.parametrize(("lang", "puzzle_id", "deed", "notation"), [
    ("es", "bul-20", "Metiendo un hombre nuevo en el camino, tu bando", "Con entra"),
    ("en", "bul-20", "Entering a new man on the road, your side", "With enter"),
    ("es", "bul-16", "Usando el 2 para meter un hombre nuevo en el camino, tu bando", "Con 2"),
    ("en", "bul-16", "Using the 2 to enter a new man on the road, your side", "With 2")])
def test_buls_summary_says_the_move_in_words(page, site, lang, puzzle_id, deed, notation):
    """Issue 43: Bul's summary for an entering move read "Con entra tu bando…", its notation
    for words; a 12-year-old reads a sentence: "Metiendo un hombre nuevo en el camino, tu
    bando (Rojo) gana 57 de cada 100 partidas…"."""
    open_why_of_the_answer(page, site, lang, puzzle_id)
    summary = page.locator("#why-sum")
    expect(summary).to_contain_text(deed)
    assert notation not in summary.inner_text()
