"""For teachers and learners, in every playable game: undo and redo, a game that resumes
after a reload, a shared link opened elsewhere, a replay in step with the engine, a demo."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import ludoteca

from .conftest import ENGINE_READY_MS, another_visitor
from .helpers import (
    logged_moves,
    open_game,
    open_setup,
    progress,
    start_game,
    tap,
    wait_for_table,
)

GAMES = list(ludoteca.GAMES)  # every game of the registry (the test site has them all)


def people(page) -> list:
    return ["human"] * page.locator("select[data-seat]").count()


def play_moves(page, count: int) -> None:
    target = page.locator("#log li").count() + count
    for _ in range(200):
        if page.locator("#log li").count() >= target or page.locator("#turn.over").count():
            return
        progress(page)  # waits for the page's answer


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
def test_a_copied_link_opens_the_same_game_elsewhere(page, site, game):
    open_game(page, site, game)
    start_game(page, seats=people(page))
    play_moves(page, 3)
    moves = logged_moves(page)
    page.click("#share > summary")  # sharing is folded to one line (issue 43)
    page.click("#share-link")
    expect(page.locator("#share-status")).not_to_be_empty()
    link = page.locator("#share-status").get_attribute("data-link")
    assert f"#/{game}?g=1." in link

    elsewhere = another_visitor(page)  # nothing of the game stored: all is in the link
    elsewhere.goto(link)
    expect(elsewhere.locator("#log li")).to_have_count(len(moves), timeout=ENGINE_READY_MS)
    assert logged_moves(elsewhere) == moves
    assert "?g=" not in elsewhere.url  # the game is now the visitor's own, saved locally


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
        tap(page, f'#board [data-step="{move}"]')
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
        assert shown() == list(engine_state("bakuk", {}, ["a", "d", "b", "e"][:ply]).holes)
    page.click("#replay-prev")
    expect(page.locator("#replay-status")).to_contain_text("2 de 4")
    assert shown() == list(engine_state("bakuk", {}, ["a", "d"]).holes)
    page.click('#log li[data-ply="1"] .log-jump')
    expect(page.locator("#replay-status")).to_contain_text("1 de 4")
    assert shown() == list(engine_state("bakuk", {}, ["a"]).holes)
    page.click("#replay-continue")
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#board [data-step]").first).to_be_visible()
    assert shown() == list(engine_state("bakuk", {}, ["a"]).holes)


def test_a_record_file_downloads_and_opens(page, site, tmp_path):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 3}, ["human", "human", "human"])
    play_moves(page, 3)
    moves = logged_moves(page)
    page.click("#share > summary")  # sharing is folded to one line (issue 43)
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    open_setup(page)
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


def test_demo_plays_computer_against_computer_with_pause(context, page, site):
    # the page's timers: "a while later" without a sleep; a fresh context (`context`), as
    # Playwright's clock is the whole context's for good (conftest.py `clock_refused`)
    page.clock.install()
    open_game(page, site, "bakuk")
    open_setup(page)
    page.click("#demo")
    expect(page.locator("#demo-controls")).to_be_visible()
    # slow, and kept slow with reduced motion (this context's setting): a perfect Bakuk game
    # can be over in two dozen moves, which a busy machine would not click in time
    page.select_option("#demo-speed", "1500")
    expect(page.locator("#log li").nth(1)).to_be_visible(timeout=30_000)
    page.click("#demo-pause")
    wait_for_table(page)  # the move under way is shown, then nothing is busy
    count = page.locator("#log li").count()
    page.clock.run_for(10_000)  # ten seconds of the page's timers: no demo step starts
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")
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


def python_link(game_id: str, moves: int, seats=None) -> tuple:
    """A shared link's code made by the Python rules: the first legal move, `moves` times."""
    from ludoteca.records import encode_link, make_record

    game = ludoteca.new_game(game_id)
    state, played = game.initial_state(), []
    for _ in range(moves):
        move = state.legal_moves()[0]
        played.append(move)
        state = state.apply(move)
    return encode_link(make_record(game, played), seats), played


def test_a_link_of_another_game_opens_on_its_own_page(page, site):
    link, played = python_link("bolonki", 2)
    page.goto(f"{site}/#/bakuk?g={link}")
    expect(page.locator("#game-title")).to_have_text("Bolonki", timeout=ENGINE_READY_MS)
    expect(page.locator("#log li")).to_have_count(len(played), timeout=ENGINE_READY_MS)
    assert logged_moves(page) == played
    assert page.url.endswith("#/bolonki")


def test_opening_a_link_keeps_the_saved_game_one_click_away(page, site):
    open_game(page, site, "bakuk")
    start_game(page, seats=people(page))
    play_moves(page, 2)
    mine = logged_moves(page)
    link, shared = python_link("bakuk", 3, ["human", "human"])
    page.goto(f"{site}/#/bakuk?g={link}")
    expect(page.locator("#log li")).to_have_count(len(shared), timeout=ENGINE_READY_MS)
    expect(page.locator("#kept")).to_be_visible()  # "the other game is kept"
    expect(page.locator("#kept")).to_contain_text(str(len(mine)))
    page.click("#kept-back")
    expect(page.locator("#log li")).to_have_count(len(mine))
    assert logged_moves(page) == mine
    expect(page.locator("#kept")).to_contain_text(str(len(shared)))  # and the shared one kept
    page.reload()  # the game saved now is the person's own again
    expect(page.locator("#log li")).to_have_count(len(mine), timeout=ENGINE_READY_MS)


def test_a_shared_link_keeps_its_computer_seats_and_the_embed_code_writes_no_empty_option(
        page, site):
    open_game(page, site, "bul")  # Bul's road length defaults to "the variant's own" (null)
    page.click("#embed-open")
    code = page.locator("#embed-code").input_value()
    assert "null" not in code and "length=" not in code and "variant=puluc" in code
    page.click("#embed-close")
    link, shared = python_link("bul", 1, ["human", "casual"])
    page.goto(f"{site}/#/bul?g={link}")
    expect(page.locator("#log li")).not_to_have_count(0, timeout=ENGINE_READY_MS)
    assert logged_moves(page)[: len(shared)] == shared
    expect(page.locator('select[data-seat="1"]')).to_have_value("casual")  # still a computer


def test_a_copy_embedded_without_embed_1_saves_nothing(page, site, tmp_path):
    from tools.server import start

    (tmp_path / "netlify.toml").write_text("")
    (tmp_path / "lesson.html").write_text(
        f'<!doctype html><title>Lección</title><iframe id="game" src="{site}/?game=bakuk" '
        'width="640" height="560" title="Ludoteca"></iframe>')
    server = start(tmp_path, tmp_path / "netlify.toml")
    lesson = f"http://127.0.0.1:{server.server_port}"
    page.watch.allow(lesson)
    try:
        page.goto(f"{lesson}/lesson.html")
        frame = page.frame_locator("#game")
        expect(frame.locator("#board [data-step]").first).to_be_visible(timeout=ENGINE_READY_MS)
        frame.locator("#board [data-step]").first.click()
        expect(frame.locator("#log li")).not_to_have_count(0)
        inner = next(f for f in page.frames if f != page.main_frame)
        saved = inner.evaluate("() => Object.keys(localStorage).filter(k => k.includes('save'))")
        assert saved == []
    finally:
        server.shutdown()
        server.server_close()  # refused from now on, not accepted and left
