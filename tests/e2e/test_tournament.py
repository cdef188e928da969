"""A class tournament, as a class runs one: the teacher sets up four pupils at two devices
(#/class); two other browsers — the pupils' devices — open each game by its match code
(#/match), play it to the end by clicking the offered steps, and show a result code; the
teacher types the codes in; the standings follow. A replayed code, a code of the last round,
a tampered code and one of an older version are refused in words; a reload restores
everything; the CSV export holds the standings and the games."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import TURN_MS, logged_moves, play_to_the_end, progress
from .test_a11y import violations

PUPILS = ["Ana", "Beto", "Carla", "Dani"]


def set_up_tournament(page, site):
    page.goto(f"{site}/#/class")
    page.get_by_label("Alumnos, uno por línea").fill("\n".join(PUPILS))
    page.locator("#tournament-game").select_option("bakuk")
    page.get_by_role("radio", name="Todos contra todos").check()
    page.get_by_label("Dispositivos (mesas)").fill("2")
    page.get_by_role("button", name="Empezar el torneo").click()
    expect(page.get_by_role("heading", name="Ronda 1 de 3")).to_be_visible(
        timeout=ENGINE_READY_MS)


def match_codes(page) -> list:
    return page.locator(".tournament-code .code").all_inner_texts()


def play_match(device, site, code, rng) -> str:
    """On a pupil's device: type the match code, play the game to the end, read its result
    code."""
    device.goto(f"{site}/#/match")
    device.get_by_label("Código de partida").fill(code.lower())  # as a pupil types it
    device.get_by_role("button", name="Jugar").click()
    expect(device).to_have_url(re.compile(r"#/bakuk\?match="), timeout=ENGINE_READY_MS)
    expect(device.locator("#turn")).not_to_be_empty(timeout=ENGINE_READY_MS)
    expect(device.locator("#scores li")).to_have_count(2)
    expect(device.locator("#game-tagline")).to_contain_text("Partida de torneo: ronda")
    play_to_the_end(device, rng)
    result = device.locator("#match-result .code")
    expect(result).to_be_visible(timeout=TURN_MS)
    return result.inner_text()


def enter(page, code) -> str:
    box = page.get_by_label("Código de resultado (lo muestra el dispositivo al acabar)")
    box.fill(code)
    box.press("Enter")
    said = page.locator("#tournament-entry-said")
    expect(said).not_to_be_empty()
    return said


def test_a_four_pupil_tournament_from_pairings_to_standings(page, site, browser,
                                                            browser_context_args):
    set_up_tournament(page, site)
    pairings = page.locator(".tournament-game")
    expect(pairings).to_have_count(2)
    # the circle method: Ana–Dani and Beto–Carla first, each game at its own device
    expect(pairings.nth(0)).to_contain_text("Ana")
    expect(pairings.nth(0)).to_contain_text("Dani")
    expect(pairings.nth(0)).to_contain_text("mesa 1")
    expect(pairings.nth(1)).to_contain_text("mesa 2")

    devices = [browser.new_context(**browser_context_args).new_page() for _ in range(2)]
    rng = random.Random(37)
    try:
        round_one = [play_match(device, site, code, rng)
                     for device, code in zip(devices, match_codes(page), strict=True)]
        for game, code in enumerate(round_one):
            expect(enter(page, code)).to_contain_text(f"Anotado: partida {game + 1}")
        # the same code again: a game already entered
        expect(enter(page, round_one[0])).to_contain_text("ya está anotado")
        # one symbol changed: the check symbol does not match
        symbols = round_one[1].replace("-", "")
        swapped = symbols[:3] + ("0" if symbols[3] != "0" else "1") + symbols[4:]
        expect(enter(page, swapped)).to_contain_text("no cuadra")

        page.get_by_role("button", name="Siguiente ronda").click()
        expect(page.get_by_role("heading", name="Ronda 2 de 3")).to_be_visible()
        # a code of the round before, now that round 2 is played
        expect(enter(page, round_one[0])).to_contain_text("es de la ronda 1")

        round_two = [play_match(device, site, code, rng)
                     for device, code in zip(devices, match_codes(page), strict=True)]
        for code in round_two:
            expect(enter(page, code)).to_contain_text("Anotado")
    finally:
        for device in devices:
            device.context.close()

    standings = page.locator("#tournament-standings tbody tr")
    expect(standings).to_have_count(4)
    points = standings.locator('td[data-field="points2"]').all_inner_texts()
    # two games each: the points of all four add up to the four games played
    total = sum(float(p.replace("½", ".5")) for p in points)
    assert total == 4
    before = page.locator("#tournament-standings").inner_text()
    expect(page.locator("#tournament-standings caption")).to_contain_text(
        "enfrentamiento directo, Sonneborn-Berger, partidas ganadas")

    page.reload()
    expect(page.get_by_role("heading", name="Ronda 2 de 3")).to_be_visible(
        timeout=ENGINE_READY_MS)
    assert page.locator("#tournament-standings").inner_text() == before

    with page.expect_download() as download:
        page.get_by_role("button", name="Exportar CSV").click()
    csv = open(download.value.path(), encoding="utf-8").read()
    lines = csv.splitlines()
    assert lines[0].startswith("Puesto,Alumno,Puntos")
    assert {line.split(",")[1] for line in lines[1:5]} == set(PUPILS)
    assert lines[6].startswith("Ronda,Partida")
    games = [line for line in lines[7:] if line]
    assert len(games) == 4 and all(re.search(r",(1-0|0-1|1/2-1/2)$", g) for g in games)


def test_a_mistyped_match_code_is_refused_in_words(page, site):
    page.goto(f"{site}/#/match")
    page.get_by_label("Código de partida").fill("M7KM-4200-X")
    page.get_by_role("button", name="Jugar").click()
    expect(page.locator("#match-said")).to_contain_text("no cuadra", timeout=ENGINE_READY_MS)
    expect(page).to_have_url(re.compile(r"#/match$"))
    # a match code an older Ludoteca printed: another version, said so
    page.get_by_label("Código de partida").fill("M00W-4200-B")
    page.get_by_role("button", name="Jugar").click()
    expect(page.locator("#match-said")).to_contain_text("otra versión de Ludoteca")
    expect(page).to_have_url(re.compile(r"#/match$"))


def test_the_tournament_pages_have_no_accessibility_violations(page, site):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    found = []
    page.goto(f"{site}/#/class")
    expect(page.get_by_role("button", name="Empezar el torneo")).to_be_visible()
    found += violations(page, "set-up")
    page.get_by_label("Número de alumnos").fill("5")
    page.get_by_role("button", name="Numerarlos 1, 2, 3…").click()
    expect(page.locator("#tournament-names")).to_have_value("1\n2\n3\n4\n5")
    page.get_by_role("radio", name="Sistema suizo").check()
    page.get_by_role("button", name="Empezar el torneo").click()
    expect(page.locator(".tournament-bye")).to_contain_text("Descansa esta ronda: 5",
                                                            timeout=ENGINE_READY_MS)
    expect(enter(page, "T000-000")).to_contain_text("no cuadra")
    expect(enter(page, "T00E-208")).to_contain_text("otra versión de Ludoteca")  # an older one's
    found += violations(page, "tournament")
    code = page.locator(".tournament-code .code").first.inner_text()
    page.get_by_role("button", name="Proyector").click()
    found += violations(page, "projector")
    page.get_by_role("button", name="Proyector").click()
    page.goto(f"{site}/#/match")
    page.get_by_label("Código de partida").fill(code)
    page.get_by_role("button", name="Jugar").click()
    expect(page.locator("#turn")).not_to_be_empty(timeout=ENGINE_READY_MS)
    rng = random.Random(1)
    for _ in range(2):
        progress(page, rng)
    # the device is reloaded mid-game: the match goes on where it was
    played = logged_moves(page)
    assert len(played) == 2
    page.reload()
    expect(page.locator("#log li")).to_have_count(2, timeout=ENGINE_READY_MS)
    assert logged_moves(page) == played
    play_to_the_end(page, rng)
    expect(page.locator("#match-result")).to_be_visible()
    found += violations(page, "game over")
    assert found == [], "\n".join(found)
    # the next pair on this device: back to the match page
    page.get_by_role("button", name="Otra partida de torneo").click()
    expect(page.get_by_label("Código de partida")).to_be_focused()
