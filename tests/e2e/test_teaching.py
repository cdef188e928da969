"""For teachers and learners, in every playable game: undo and redo, a game that resumes
after a reload, a shared link opened elsewhere, a replay in step with the engine, a demo."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import ludoteca

from .conftest import ENGINE_READY_MS, ROOT, Watch
from .helpers import logged_moves, open_game, progress, start_game


def playable_game_ids() -> list:
    index = (ROOT / "web" / "games" / "index.js").read_text()
    views = re.search(r"GAME_VIEWS = \{([^}]*)\}", index).group(1)
    return [name.strip() for name in views.split(",") if name.strip()]


GAMES = playable_game_ids()


def people(page) -> list:
    return ["human"] * page.locator("select[data-seat]").count()


def play_moves(page, count: int) -> None:
    target = page.locator("#log li").count() + count
    for _ in range(200):
        if page.locator("#log li").count() >= target or page.locator("#turn.over").count():
            return
        progress(page)
        page.wait_for_timeout(50)


def engine_state(game_id: str, options: dict, moves: list):
    state = ludoteca.new_game(game_id, **options).initial_state()
    for move in moves:
        state = state.apply(move)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_undo_redo_and_resume_after_reload(page, site, game):
    open_game(page, site, game)
    start_game(page, seats=people(page))
    play_moves(page, 4)
    moves = logged_moves(page)
    assert len(moves) >= 2
    page.click("#undo")
    expect(page.locator("#log li")).not_to_have_count(len(moves))
    after_undo = logged_moves(page)
    assert after_undo == moves[: len(after_undo)]
    page.click("#redo")
    expect(page.locator("#log li")).to_have_count(len(moves))
    assert logged_moves(page) == moves
    expect(page.locator("#redo")).to_be_disabled()

    page.reload()
    expect(page.locator("#log li")).to_have_count(len(moves), timeout=ENGINE_READY_MS)
    assert logged_moves(page) == moves


@pytest.mark.parametrize("game", GAMES)
def test_a_copied_link_opens_the_same_game_elsewhere(page, site, game, browser):
    open_game(page, site, game)
    start_game(page, seats=people(page))
    play_moves(page, 3)
    moves = logged_moves(page)
    page.click("#share-link")
    expect(page.locator("#share-status")).not_to_be_empty()
    link = page.locator("#share-status").get_attribute("data-link")
    assert f"#/{game}?g=1." in link

    other = browser.new_context(reduced_motion="reduce", locale="es-ES")
    watch = Watch(other, site)
    elsewhere = other.new_page()
    elsewhere.goto(link)
    expect(elsewhere.locator("#log li")).to_have_count(len(moves), timeout=ENGINE_READY_MS)
    assert logged_moves(elsewhere) == moves
    assert "?g=" not in elsewhere.url  # the game is now the visitor's own, saved locally
    watch.check([elsewhere])
    other.close()


def test_a_damaged_link_is_reported_and_the_page_keeps_working(page, site):
    page.goto(f"{site}/#/bakuk?g=1.garbage-link")
    expect(page.locator("#message")).to_contain_text("enlace", timeout=ENGINE_READY_MS)
    expect(page.locator("#board [data-step]").first).to_be_visible()


def test_a_corrupt_save_is_kept_aside(page, site):
    page.goto(site + "/")
    broken = '{"record": {"game": "bakuk", "moves": ["z"]}, "seats": ["human", "human"]}'
    page.evaluate("text => localStorage.setItem('ludoteca.save.bakuk', text)", broken)
    page.goto(site + "/#/bakuk")
    expect(page.locator("#message")).to_contain_text("apartado", timeout=ENGINE_READY_MS)
    kept = page.evaluate("""() => Object.keys(localStorage)
                           .filter(k => k.startsWith('ludoteca.corrupt.bakuk'))
                           .map(k => localStorage.getItem(k))""")
    assert kept and '"z"' in kept[0]
    expect(page.locator("#board [data-step]").first).to_be_visible()


def test_replay_steps_back_and_forth_in_step_with_the_engine(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    for move in ["a", "d", "b", "e"]:
        page.click(f'#board [data-step="{move}"]')
        expect(page.locator("#log li")).to_have_count(["a", "d", "b", "e"].index(move) + 1)

    def shown():  # one read of the whole board, never half before and half after a redraw
        return page.evaluate("""() => [..."abcdef"].map(hole =>
            Number(document.querySelector(`#board [data-hole="${hole}"]`).dataset.count))""")

    page.click("#replay-first")
    expect(page.locator("#replay-status")).to_contain_text("0 de 4")
    assert shown() == [6] * 6
    assert page.locator("#board [data-step]").count() == 0  # nothing to play in a replay
    for ply in range(1, 4):
        page.click("#replay-next")
        expect(page.locator("#replay-status")).to_contain_text(f"{ply} de 4")
        assert shown() == engine_state("bakuk", {}, ["a", "d", "b", "e"][:ply]).holes
    page.click("#replay-prev")
    expect(page.locator("#replay-status")).to_contain_text("2 de 4")
    assert shown() == engine_state("bakuk", {}, ["a", "d"]).holes
    page.click('#log li[data-ply="1"] .log-jump')
    expect(page.locator("#replay-status")).to_contain_text("1 de 4")
    assert shown() == engine_state("bakuk", {}, ["a"]).holes
    page.click("#replay-continue")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#board [data-step]").first).to_be_visible()
    assert shown() == engine_state("bakuk", {}, ["a"]).holes


def test_a_record_file_downloads_and_opens(page, site, tmp_path):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 3}, ["human", "human", "human"])
    play_moves(page, 3)
    moves = logged_moves(page)
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    page.click("#new-game")
    expect(page.locator("#log li")).to_have_count(0)
    page.set_input_files("#open-file", str(path))
    expect(page.locator("#log li")).to_have_count(len(moves))
    assert logged_moves(page) == moves
    (tmp_path / "bad.json").write_text('{"game": "bakuk", "options": {"players": 3}, '
                                       '"moves": ["a", "q"]}')
    page.set_input_files("#open-file", str(tmp_path / "bad.json"))
    expect(page.locator("#message")).to_contain_text("2")
    assert logged_moves(page) == moves  # the game on the table is kept


def test_demo_plays_computer_against_computer_with_pause(page, site):
    open_game(page, site, "bakuk")
    page.click("#demo")
    expect(page.locator("#demo-controls")).to_be_visible()
    expect(page.locator("#log li").nth(1)).to_be_visible(timeout=30_000)
    page.click("#demo-pause")
    page.wait_for_timeout(1500)
    count = page.locator("#log li").count()
    page.wait_for_timeout(1500)
    assert page.locator("#log li").count() == count
    page.click("#demo-pause")
    expect(page.locator("#log li")).not_to_have_count(count, timeout=30_000)


def test_projector_theme_and_its_memory(page, site):
    open_game(page, site, "bakuk")
    page.click("#projector")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    expect(page.locator("#projector")).to_have_attribute("aria-pressed", "true")
