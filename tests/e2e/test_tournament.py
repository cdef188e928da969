"""A class tournament, as a class runs one: the teacher sets up four pupils at two devices
(#/class); two other browsers — the pupils' devices — open each game by its match code
(#/match), play it to the end by clicking the offered steps, and show a result code; the
teacher types the codes in; the standings follow. A replayed code, a code of the last round,
a tampered code and one of an older version are refused in words; a reload restores
everything; the CSV export holds the standings and the games.

A tournament's game on a device shows who plays whom (the names the pupils type, in their
seats), its round and number; while it is played there is no hint, undo or review (the engine
refuses them, and says why); once its result code shows, the review opens and nothing changes
the code (undo, redo and "continue from here" are refused by the engine, a reload keeps it)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from ludoteca import registry
from ludoteca.classroom import match_codes as codes_of_matches

from .conftest import ENGINE_READY_MS
from .helpers import (
    TURN_MS,
    logged_moves,
    play_move,
    settle,
    sized,
    texts_below,
)
from .test_a11y import violations

PUPILS = ["Ana", "Beto", "Carla", "Dani"]

# Whole Bakuk games of eight moves (the shortest there are), clicked step by step as pupils
# would: South wins, North wins, a draw. A game played at random takes ~42 clicks; what these
# tests prove (the game is played to its end on the device, its result code shows) does not
# depend on how long it was.
SHORT_GAMES = (("a", "d", "a", "e", "c", "e", "b", "e"),
               ("a", "d", "a", "e", "b", "e", "c", "e"),
               ("a", "d", "b", "d", "c", "d", "c", "d"))


def play_moves(device, moves, played=()) -> dict:
    """Click `moves` (each offered, step by step) after the moves `played` already on the
    table; the look once the page has answered the last."""
    state = registry.new_game("bakuk").initial_state()
    for move in played:
        state = state.apply(move)
    look = None
    for move in moves:
        look = play_move(device, state, move)
        state = state.apply(move)
    return look


def play_short_game(device, moves, played=()) -> None:
    """Play a short game on from `played` to its end; the engine, not the test, ends it."""
    play_moves(device, moves[len(played):], played)
    assert settle(device)["over"]


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


def pupils_of(page) -> list:
    """Each game of the round on the teacher's page: its two pupils, the first who starts."""
    games = page.locator(".tournament-game")
    return [[games.nth(i).locator(f".p{p}").inner_text().split()[-1] for p in (0, 1)]
            for i in range(games.count())]


def open_match(device, site, lang="es") -> None:
    """A pupil's device on the match page (its engine starts loading meanwhile)."""
    device.goto(f"{site}/?lang={lang}#/match")


def type_match(device, site, code, names, lang="es", shot=None, opened=False) -> None:
    """On a pupil's device (on the match page already, if `opened`): the match code, then
    the two names in their seats, then Play."""
    words = WORDS[lang]
    if not opened:
        open_match(device, site, lang)
    device.get_by_label(words["code"]).fill(code.lower())  # as a pupil types it
    device.get_by_role("button", name=words["next"]).click()
    expect(device.get_by_role("heading", name=words["who"])).to_be_visible(
        timeout=ENGINE_READY_MS)
    device.get_by_label(re.compile(words["starts"])).fill(names[0])
    device.locator("#match-name-1").fill(names[1])
    if shot:
        device.screenshot(path=shot)
    device.get_by_role("button", name=words["play"], exact=True).click()
    expect(device).to_have_url(re.compile(r"#/\w+\?match="), timeout=ENGINE_READY_MS)
    expect(device.locator("#turn")).not_to_be_empty(timeout=ENGINE_READY_MS)


def play_match(device, site, code, names, round_number, game, moves, opened=False) -> str:
    """On a pupil's device: type the match code and the names, play the game to the end
    (no hint, undo or review on the way), read its result code."""
    type_match(device, site, code, names, opened=opened)
    expect(device.locator("#scores li")).to_have_count(2)
    expect(device.locator("#game-tagline")).to_contain_text("Partida de torneo: ronda")
    banner = device.locator("#match-banner")
    expect(banner).to_contain_text(f"Ronda {round_number} · partida {game + 1}")
    expect(banner.locator('.match-pupil[data-seat="0"]')).to_contain_text(names[0])
    expect(banner.locator('.match-pupil[data-seat="1"]')).to_contain_text(names[1])
    for tool in ("#hint-open", "#undo", "#review-open"):
        expect(device.locator(tool)).to_be_hidden()
    play_short_game(device, moves)
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
    for device in devices:  # both devices switched on at once: their engines load together
        open_match(device, site)
    try:
        round_one = [play_match(device, site, code, names, 1, game, SHORT_GAMES[game],
                                opened=True)
                     for game, (device, code, names) in enumerate(
                         zip(devices, match_codes(page), pupils_of(page), strict=True))]
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

        round_two = [play_match(device, site, code, names, 2, game, SHORT_GAMES[2 - game])
                     for game, (device, code, names) in enumerate(
                         zip(devices, match_codes(page), pupils_of(page), strict=True))]
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
    page.get_by_role("button", name="Seguir").click()
    expect(page.locator("#match-said")).to_contain_text("no cuadra", timeout=ENGINE_READY_MS)
    expect(page).to_have_url(re.compile(r"#/match$"))
    # a match code an older Ludoteca printed: another version, said so
    page.get_by_label("Código de partida").fill("M00W-4200-B")
    page.get_by_role("button", name="Seguir").click()
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
    # Bakuk, whose shortest games are 8 clicked moves (the first game, Bul, took ~80 random
    # clicks and throws): the pages checked are the tournament's, not a game's board
    page.locator("#tournament-game").select_option("bakuk")
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
    type_match(page, site, code, ["1", "2"])
    found += violations(page, "match game")
    line = SHORT_GAMES[0]
    play_moves(page, line[:2])
    # the device is reloaded mid-game: the match goes on where it was
    played = logged_moves(page)
    assert len(played) == 2
    page.reload()
    expect(page.locator("#log li")).to_have_count(2, timeout=ENGINE_READY_MS)
    assert logged_moves(page) == played
    play_short_game(page, line, line[:2])
    expect(page.locator("#match-result")).to_be_visible()
    found += violations(page, "game over")
    assert found == [], "\n".join(found)
    # the next pair on this device: back to the match page
    page.get_by_role("button", name="Otra partida de torneo").click()
    expect(page.get_by_label("Código de partida")).to_be_focused()
    found += violations(page, "match page")
    page.get_by_label("Código de partida").fill(code)
    page.get_by_role("button", name="Seguir").click()
    expect(page.get_by_role("heading", name="¿Quién juega?")).to_be_visible()
    found += violations(page, "names")
    assert found == [], "\n".join(found)


WORDS = {
    "es": {"code": "Código de partida", "next": "Seguir", "who": "¿Quién juega?",
           "starts": r"\(empieza\)", "play": "Jugar", "where": "Ronda 2 · partida 2",
           "playing": "sin pistas, sin deshacer", "over": "ya no cambia",
           "refused": "no hay pistas, ni deshacer", "refused_over": "ya no cambia"},
    "en": {"code": "Match code", "next": "Next", "who": "Who is playing?",
           "starts": r"\(starts\)", "play": "Play", "where": "Round 2 · game 2",
           "playing": "no hints, no undo", "over": "no longer changes",
           "refused": "no hints, no undo", "refused_over": "no longer changes"},
}


def force_click(page, selector) -> None:
    """Press a control the page hides or disables in a tournament's game, as a pupil who
    found a way to would: the engine must refuse what it asks."""
    page.locator(selector).evaluate("""(b) => {
      // an earlier refusal's words go first: the one expected next must be this press's
      document.getElementById("message").textContent = "";
      b.disabled = false; b.hidden = false;
      b.style.setProperty("display", "inline-block", "important"); b.click();
      b.style.removeProperty("display"); }""")
    # the press asks the engine at once (the board says busy before click() returns); what a
    # person does next waits for its answer: the page drops a click made while it is busy
    # (CI: ▶| pressed while the refused "continue from here" was still on its way did nothing)
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
def test_a_match_game_shows_who_plays_and_takes_nothing_back(page, site, lang, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    options = dict(registry.new_game("bakuk").options)
    code = codes_of_matches.match_code(77, 2, 1, "bakuk", options)
    words = WORDS[lang]
    type_match(page, site, code, ["Ana", "Beto"], lang,
               shot=f"/tmp/i43-match-{lang}-{size[0]}-names.png")
    banner = page.locator("#match-banner")
    expect(banner).to_contain_text(words["where"])
    expect(banner.locator('.match-pupil[data-seat="0"]')).to_contain_text("Ana")
    expect(banner.locator('.match-pupil[data-seat="1"]')).to_contain_text("Beto")
    expect(banner.locator('.match-pupil[data-seat="0"]')).to_contain_text(
        "Sur" if lang == "es" else "South")
    expect(page.locator("#match-rules")).to_contain_text(words["playing"])
    expect(page.locator("#turn")).to_contain_text(re.compile("Ana|Beto"))
    expect(banner).to_be_in_viewport()
    for tool in ("#hint-open", "#undo", "#redo", "#review-open", "#replay", "#setup-box"):
        expect(page.locator(tool)).to_be_hidden()
    line = SHORT_GAMES[1]
    play_moves(page, line[:3])
    played = logged_moves(page)
    page.screenshot(path=f"/tmp/i43-match-{lang}-{size[0]}-playing.png")
    # a hidden undo or hint pressed anyway: the engine refuses, in words, and nothing changes
    force_click(page, "#undo")
    expect(page.locator("#message")).to_contain_text(words["refused"])
    force_click(page, "#hint-open")
    assert logged_moves(page) == played
    play_short_game(page, line, played)
    result = page.locator("#match-result .code")
    expect(result).to_be_visible(timeout=TURN_MS)
    code_shown = result.inner_text()
    expect(page.locator("#match-rules")).to_contain_text(words["over"])
    page.screenshot(path=f"/tmp/i43-match-{lang}-{size[0]}-over.png")
    moves = logged_moves(page)
    for tool in ("#undo", "#redo"):
        force_click(page, tool)
        expect(page.locator("#message")).to_contain_text(words["refused_over"])
        expect(result).to_have_text(code_shown)
    # the review opens now (it changes nothing); "continue from here" is refused
    if page.locator("#side-open").is_visible():
        page.locator("#side-open").click()
    expect(page.locator("#review-open")).to_be_visible()
    page.locator(".log-jump").first.click()
    expect(page.locator("#replay-status")).not_to_be_empty()
    force_click(page, "#replay-continue")
    expect(page.locator("#message")).to_contain_text(words["refused_over"])
    page.locator("#replay-last").click()
    expect(page.locator("#match-result .code")).to_have_text(code_shown)
    assert logged_moves(page) == moves
    # a reload: the same game, the same code
    page.reload()
    expect(page.locator("#match-result .code")).to_have_text(code_shown, timeout=ENGINE_READY_MS)
    expect(page.locator("#match-banner")).to_contain_text("Beto")


def test_the_round_on_the_projector_shows_each_games_pupils_beside_its_code(page, site):
    """What the pupils copy from the projector: their game's code and, beside it, their
    names in their seats, as the device then asks them."""
    sized(page, 1920, 1080, projector=True)
    set_up_tournament(page, site)
    games = page.locator(".tournament-game")
    for game, (first, second) in enumerate(pupils_of(page)):
        row = games.nth(game)
        expect(row.locator(".p0")).to_contain_text(first)
        expect(row.locator(".p1")).to_contain_text(second)
        expect(row.locator(".tournament-code .code")).to_be_visible()
    expect(page.locator(".tournament-starts")).to_contain_text("Sur")
    page.locator("#tournament-pairings").screenshot(path="/tmp/i43-match-round-1920.png")
    assert texts_below(page.locator("#tournament-pairings"), 22) == []
