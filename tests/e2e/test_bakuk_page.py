"""Bakuk played on the built site in Chromium, by clicking what a person clicks."""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

import ludoteca

from .helpers import (
    STEP,
    click_step,
    frames_seen,
    logged_moves,
    open_game,
    start_game,
    tap,
    wait_for_turn,
    wait_until,
    watch_frames,
)


def shown_holes(page) -> list:
    return [int(page.locator(f'#board [data-hole="{h}"]').get_attribute("data-count"))
            for h in "abcdef"]


def shown_scores(page) -> list:
    return [int(x) for x in page.locator("#scores .score").all_inner_texts()]


def play_by_clicking(page, rng, max_moves=400) -> None:
    """Click a random highlighted hole whenever a person is to move, until the end."""
    for _ in range(max_moves):
        look = wait_for_turn(page)  # the steps offered once the page is still
        if look["over"]:
            return
        click_step(page, rng.choice(look["steps"]), look)  # found again, then its answer
    raise AssertionError("the game did not end")


def final_state(page, players):
    """Replay the moves shown in the log with the Python rules."""
    state = ludoteca.new_game("bakuk", players=players).initial_state()
    for move in logged_moves(page):
        state = state.apply(move)
    return state


def test_person_against_the_computer_plays_a_whole_game(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "casual"])
    play_by_clicking(page, random.Random(7))
    state = final_state(page, 2)
    assert state.is_terminal
    assert shown_scores(page) == list(state.captured)
    assert shown_holes(page) == list(state.holes)
    expect(page.locator("#turn.over")).to_have_attribute(
        "data-returns", ",".join(map(str, state.returns())))  # the result the engine gives
    page.click("#turn.over button.primary")  # "play again" (the review is offered beside it)
    expect(page.locator("#log li")).to_have_count(0)
    wait_for_turn(page)
    assert shown_holes(page) == [6] * 6


def test_three_people_play_a_whole_game(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 3}, ["human", "human", "human"])
    expect(page.locator("#scores li")).to_have_count(3)
    play_by_clicking(page, random.Random(3))
    state = final_state(page, 3)
    assert state.is_terminal
    assert shown_scores(page) == list(state.captured)
    assert sum(shown_scores(page)) + sum(shown_holes(page)) == 36


def test_shown_board_matches_the_engine_after_a_known_sequence(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    moves = ["a", "d", "b", "f", "c", "e"]
    state = ludoteca.new_game("bakuk").initial_state()
    for move in moves:
        if move not in state.legal_moves():
            break
        tap(page, f'#board [data-step="{move}"]')
        state = state.apply(move)
        wait_for_turn(page)
        assert shown_holes(page) == list(state.holes)
        assert shown_scores(page) == list(state.captured)
    assert logged_moves(page) == moves[: len(logged_moves(page))]
    # only the holes of the player to move are offered, each with an accessible name
    offered = page.locator(STEP)
    assert sorted(offered.evaluate_all("els => els.map(e => e.dataset.step)")) == sorted(
        state.legal_moves())
    for i in range(offered.count()):
        assert offered.nth(i).get_attribute("aria-label")
        assert offered.nth(i).get_attribute("tabindex") == "0"


def test_keyboard_play(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    page.locator(STEP).first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.step")
    assert focused == "b"
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).to_have_count(1)
    assert logged_moves(page) == ["b"]
    wait_for_turn(page)
    page.keyboard.press("Tab") if page.evaluate("!document.activeElement.dataset.step") else None
    page.keyboard.press(" ")
    expect(page.locator("#log li")).to_have_count(2)


def test_sowing_is_animated_seed_by_seed(page, site):
    page.emulate_media(reduced_motion="no-preference")
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    watch_frames(page, """() => [[..."abcdef"].map((hole) =>
        Number(document.querySelector(`#board [data-hole="${hole}"]`)?.dataset.count)),
      document.querySelector('#board .hand').textContent]""")
    page.click('#board [data-step="a"]')  # 6 seeds: b c d e f a, one by one
    wait_for_turn(page)  # the end of the animation
    seen = frames_seen(page)
    assert len({json.dumps(counts) for counts, _ in seen}) >= 4, \
        f"the board jumped instead of sowing seed by seed: {seen}"
    assert any(hand for _, hand in seen), seen  # the seeds in hand, shown
    assert shown_holes(page) == [1, 7, 7, 7, 7, 7]


def test_in_english_a_hole_is_named_by_its_visible_text_first(page, site):
    open_game(page, site, "bakuk", "?lang=en")
    first = page.locator(STEP).first
    label = first.get_attribute("aria-label")
    hole, count = first.get_attribute("data-hole"), first.get_attribute("data-count")
    assert label.startswith(f"{hole} {count}: sow this hole")


def test_the_computers_move_stays_marked(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["strong", "human"])  # the computer opens
    wait_for_turn(page)
    move = logged_moves(page)[0]
    origin = page.locator(f'#board [data-hole="{move}"] [data-last-move="origin"]')
    expect(origin).to_have_count(1)
    marked = page.locator("#board .hole:has([data-last-move])")
    assert marked.count() >= 2  # the origin and the holes sown
    assert "Última jugada" in page.locator(f'#board [data-hole="{move}"]').get_attribute(
        "aria-label")
    page.locator(STEP).first.click()  # the next moves take the marks of the one before
    expect(page.locator("#log li")).to_have_count(3, timeout=30_000)
    wait_for_turn(page)
    reply = logged_moves(page)[2]
    expect(page.locator('#board [data-last-move="origin"]')).to_have_count(1)
    expect(page.locator(f'#board [data-hole="{reply}"] [data-last-move="origin"]')).to_have_count(1)


def test_a_forbidden_hole_says_why(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    page.click('#board [data-hole="e"]')  # North's hole on South's turn
    expect(page.locator("#message")).not_to_be_empty()
    expect(page.locator("#log li")).to_have_count(0)  # nothing was played
    assert shown_holes(page) == [6] * 6


def test_keyboard_move_keeps_the_focus_on_the_board(page, site):
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "casual"])
    page.locator(STEP).first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).to_have_count(2, timeout=30_000)
    wait_for_turn(page)
    wait_until(page, "() => document.querySelector('#board').contains(document.activeElement)")


def test_holes_are_big_enough_to_tap_on_a_phone(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "bakuk")
    start_game(page, {"players": 2}, ["human", "human"])
    sizes = page.locator(STEP).evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return Math.min(b.width, b.height); })")
    assert sizes and min(sizes) >= 44, sizes
