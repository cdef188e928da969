"""Buku played on the built site in Chromium, by clicking, dragging and typing what a person
does: a line to empty, then the path square by square."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from playwright.sync_api import expect

import ludoteca
from ludoteca.games.buku import rules

from .helpers import (
    STEP,
    click_step,
    logged_moves,
    open_game,
    start_game,
    wait_for_turn,
    wait_until,
)

HAND = "#board .buku-hand"
PLACED = "#board .buku-placed"
SPANISH = Path(__file__).resolve().parents[2] / "dist" / "i18n" / "es.json"  # as built


def words(key: str, **params) -> str:
    """The page's Spanish words for `key` with `params` (the form for one when ``n`` is 1),
    from the strings the site is built with: what a sentence the engine's facts fill in
    reads."""
    table = json.loads(SPANISH.read_text())
    template = table.get(f"{key}.one", table[key]) if params.get("n") == 1 else table[key]
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), template)


def new_state():
    return ludoteca.new_game("buku").initial_state()


def shown_board(page) -> list:
    """board[r][f] as the page shows it (rank 1 and file a first), from each square's count."""
    cells = page.locator("#board .buku-sq").evaluate_all(
        "els => els.map(e => [e.dataset.square, Number(e.dataset.count)])")
    board = [[None] * 8 for _ in range(8)]
    for square, count in cells:
        board[int(square[1]) - 1]["abcdefgh".index(square[0])] = count
    return board


def engine_board(state) -> list:
    return state.to_json()["board"]


def shown_scores(page) -> list:
    return [int(x) for x in page.locator("#scores .score").all_inner_texts()]


def offered(page) -> list:
    return page.locator(STEP).evaluate_all("els => els.map(e => e.dataset.step)")


def hand(page) -> str:
    return page.locator(HAND).get_attribute("data-hand")


def take_step(page, step: str, look: dict | None = None) -> dict:
    """Click an offered step and wait until the page has the engine's answer (and the
    computer's reply, when the step ended a move); returns the table as it is then."""
    return click_step(page, step, look or wait_for_turn(page))


def play_move(page, move: str) -> None:
    """Build a complete move step by step: its line, then each square of its path."""
    line, _, path = move.partition(":")
    look = take_step(page, line + ":")
    squares = path.split("-") if path else []
    for i in range(len(squares)):
        look = take_step(page, f"{line}:{'-'.join(squares[: i + 1])}", look)


def centre_of(page, square: str) -> tuple:
    """Where a square is now, read in one turn of the page's script: during a drag the page
    redraws the board under the pointer, and a locator's element found first and measured
    after may be one just taken away (its box is then None)."""
    return tuple(page.evaluate("""(square) => {
      const box = document.querySelector(`#board .buku-sq[data-square="${square}"]`)
        .getBoundingClientRect();
      return [box.x + box.width / 2, box.y + box.height / 2];
    }""", square))


ARROWS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowRight": (1, 0), "ArrowLeft": (-1, 0)}


def arrow_towards_offered(path: list, steps: set, line: str) -> tuple:
    """(arrow key, square): an arrow that takes the path from its head to an offered square."""
    head = path[-1]
    for key, (df, dr) in ARROWS.items():
        f, r = "abcdefgh".index(head[0]) + df, int(head[1]) + dr
        square = f"{'abcdefgh'[f]}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None
        if square and f"{line}:{'-'.join([*path, square])}" in steps:
            return key, square
    raise AssertionError(f"no arrow key leads to an offered square from {head}")


def replayed(page):
    state = new_state()
    for move in logged_moves(page):
        state = state.apply(move)
    return state


def test_moves_built_by_click_drag_and_keyboard_with_undo(page, site):
    open_game(page, site, "buku")
    start_game(page, seats=["human", "human"])
    state = new_state()
    expect(page.locator("#board .buku-line.legal")).to_have_count(8)  # White empties ranks
    assert sorted(offered(page)) == sorted(s for s, _ in state.extensions(""))
    expect(page.locator("#board .buku-hand-dot.bonus")).to_have_count(1)  # waiting for White

    # White empties rank 3: its 8 pieces and the 65th piece are in hand
    take_step(page, "3:")
    assert hand(page) == str(sum(engine_board(state)[2]) + 1) == "9"
    expect(page.locator("#board .buku-hand-dot.bonus")).to_have_count(1)
    expect(page.locator("#board .buku-hand-note")).to_have_count(1)  # the 65th piece, told
    assert shown_board(page)[2] == [0] * 8
    assert len(offered(page)) == 64  # the path may start anywhere
    take_step(page, "3:c4")
    assert hand(page) == "8"
    expect(page.locator('#board .buku-sq[data-square="c4"]')).to_have_attribute("data-count", "2")
    take_step(page, "3:c4-c5")
    assert hand(page) == "7"
    expect(page.locator(PLACED)).to_have_count(2)

    # a square the path cannot take says why, in the engine's words, and changes nothing
    for square, code in (("h8", "not_adjacent"), ("c4", "repeated_square")):
        page.locator(f'#board .buku-sq[data-square="{square}"]').click()
        expect(page.locator("#message")).to_have_attribute("data-code", code)
    assert hand(page) == "7"
    assert sorted(offered(page)) == sorted(s for s, _ in state.extensions("3:c4-c5"))

    # the step is taken back with the page's button
    page.get_by_role("button", name=words("step.back")).click()
    expect(page.locator(PLACED)).to_have_count(1)
    assert hand(page) == "8"
    assert sorted(offered(page)) == sorted(s for s, _ in state.extensions("3:c4"))

    # then the path is dragged on from its head through c5, d5, d6
    page.mouse.move(*centre_of(page, "c4"))
    page.mouse.down()
    for square in ("c5", "d5", "d6"):
        page.mouse.move(*centre_of(page, square), steps=5)
    page.mouse.up()
    expect(page.locator(PLACED)).to_have_count(4)
    assert hand(page) == "5"
    expect(page.locator(f'{PLACED}[data-placed="4"]')).to_be_visible()

    # and finished by clicking the first square offered each time
    path = ["c4", "c5", "d5", "d6"]
    while not logged_moves(page):
        step = offered(page)[0]
        path.append(step.split("-")[-1])
        take_step(page, step)
    move = "3:" + "-".join(path)
    assert logged_moves(page) == [move]
    state = state.apply(move)
    assert shown_board(page) == engine_board(state)
    assert shown_scores(page) == state.captured
    lift = state.events[0]  # the log tells of the 65th piece with the engine's numbers
    # (the list's short sentence since issue 43: the hand, the 65th piece, the path's ends)
    expect(page.locator("#log li").first).to_contain_text(words(
        "buku.list.move.bonus", name=words("buku.player.0"), line=words("buku.rank", line="3"),
        n=lift["hand"], **{"from": path[0], "to": path[-1]}))

    # Black builds his move with the keyboard alone
    page.locator(STEP).first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.step") == "b:"
    page.keyboard.press("Enter")
    expect(page.locator(HAND)).to_have_attribute("data-hand", str(state.hand("b")))
    assert page.evaluate("document.activeElement.dataset.step") == "b:b1"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.step") == "b:b2"
    page.keyboard.press("Enter")
    expect(page.locator(PLACED)).to_have_count(1)
    total = state.hand("b")
    assert total >= 4
    path = ["b2"]
    took_back = False
    while len(path) < total:
        key, square = arrow_towards_offered(path, set(offered(page)), "b")
        page.keyboard.press(key)
        path.append(square)
        if len(path) < total:
            expect(page.locator(PLACED)).to_have_count(len(path))
            if len(path) == 3 and not took_back:  # Backspace takes the last step back
                took_back = True
                page.keyboard.press("Backspace")
                path.pop()
                expect(page.locator(PLACED)).to_have_count(len(path))
    expect(page.locator("#log li")).to_have_count(2)
    assert took_back
    assert logged_moves(page)[1] == "b:" + "-".join(path)
    state = state.apply(logged_moves(page)[1])
    assert shown_board(page) == engine_board(state)
    assert shown_scores(page) == state.captured


def test_person_against_the_computer_plays_a_whole_game(page, site):
    open_game(page, site, "buku")
    # a beginner answers at once; a casual computer samples for most of its 0.8 s budget on
    # each move (the levels' play is tested in tests/unit, the page is tested here)
    start_game(page, seats=["human", "beginner"])
    rng = random.Random(11)
    for _ in range(3000):
        look = wait_for_turn(page)  # the board's steps, once the table is still
        if look["over"]:
            break
        click_step(page, rng.choice(look["steps"]), look)
    else:
        raise AssertionError("the game did not end")
    state = replayed(page)
    assert state.is_terminal
    assert shown_scores(page) == state.captured
    assert sum(state.captured) == 65
    assert shown_board(page) == engine_board(state)
    # the end in words, with the engine's facts: why, who won; the scores beside it, in the
    # score panel (checked above), not twice; said to a screen reader with them
    result = page.locator("#turn.over").inner_text()
    end = state.events[-1]
    names = [words(f"buku.player.{p}") for p in (0, 1)]
    why = words(f"buku.end.{end['reason']}", name=names[end["player"]],
                other=names[end["receiver"]] if end["receiver"] is not None else "",
                n=end["pieces"], white=end["distributed"][0], black=end["distributed"][1])
    win = words("result.win", name=names[state.winner])
    assert result.startswith(f"{why} {win}") and " · " not in result, result
    said = page.locator("#announce").inner_text()
    assert f"{why} {win}" in said
    assert f"{names[0]} {state.captured[0]} · " in said and f"{state.captured[1]})" in said, said
    expect(page.locator(STEP)).to_have_count(0)


def test_shown_board_matches_the_engine_after_a_known_sequence(page, site):
    open_game(page, site, "buku")
    start_game(page, seats=["human", "human"])
    rng = random.Random(5)
    state = new_state()
    moves = []
    for _ in range(4):
        if state.is_terminal:
            break
        move = rules.random_move(state, rng)
        play_move(page, move)
        moves.append(move)
        state = state.apply(move)
        assert logged_moves(page) == moves
        assert shown_board(page) == engine_board(state)
        assert shown_scores(page) == state.captured
    if not state.is_terminal:
        # the lines of the player to move are offered, each with an accessible name
        assert sorted(offered(page)) == sorted(s for s, _ in state.extensions(""))
        steps = page.locator(STEP)
        for i in range(steps.count()):
            assert steps.nth(i).get_attribute("aria-label")
            assert steps.nth(i).get_attribute("tabindex") == "0"
        # mid-path, exactly the engine's next squares are offered
        line = offered(page)[0]
        take_step(page, line)
        start = offered(page)[0]
        take_step(page, start)
        if not logged_moves(page)[len(moves):]:
            assert sorted(offered(page)) == sorted(s for s, _ in state.extensions(start))
    # every square says whose it is: by its shade (light White's, dark Black's, as the last
    # move's key says) and in words in its name; no mark in all 64 squares beside the shade
    dark = page.locator("#board .buku-sq.dark")
    assert dark.count() == 32
    assert page.locator('#board .buku-sq.dark[data-square="a1"]').count() == 1
    names = dark.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    assert all(name.endswith("casilla de Negro (Columna)") for name in names), names
    assert page.locator("#board .buku-sq rect:not(.buku-cell):not(.buku-lifted)").count() == 0


# Records [hand shown, 65th-piece dots] as drawn in the first frame that shows a hand (the
# line lifted: window.liftFrame), then stops looking.
SEEN_LIFT_FRAME = """(hand) => {
  window.liftFrame = null;
  const observer = new MutationObserver(() => {
    const shown = document.querySelector(hand)?.getAttribute('data-hand');
    if (!shown) return;
    window.liftFrame = [shown, document.querySelectorAll('#board .buku-hand-dot.bonus').length];
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true,
                                    characterData: true });
}"""


def test_computer_first_move_shows_the_65th_piece_joining(page, site):
    page.emulate_media(reduced_motion="no-preference")
    open_game(page, site, "buku")
    page.click("#setup-box > summary")  # folded away once the first game is on
    page.select_option('select[data-seat="0"]', "beginner")
    page.select_option('select[data-seat="1"]', "human")
    # What each drawn frame showed, recorded as it is drawn: the animation goes on laying
    # the hand down after the lift (a look taken later, on a loaded machine, saw 8 of 9).
    page.evaluate(SEEN_LIFT_FRAME, HAND)
    page.click("#new-game")  # the computer moves first, and its move is animated
    wait_until(page, "() => window.liftFrame !== null")
    shown_hand, bonus_dots = page.evaluate("() => window.liftFrame")
    assert bonus_dots == 1  # the 65th piece is drawn apart in the hand
    shown_hand = int(shown_hand)
    wait_for_turn(page)
    expect(page.locator("#log li")).to_have_count(1)
    move = logged_moves(page)[0]
    state = new_state().apply(move)
    lift = state.events[0]
    assert lift["bonus"] == 1 and shown_hand == lift["hand"] == lift["pieces"] + 1
    path = move.split(":")[1].split("-")  # the list's short sentence (issue 43)
    expect(page.locator("#log li").first).to_contain_text(words(
        "buku.list.move.bonus", name=words("buku.player.0"),
        line=words("buku.rank", line=lift["line"]), n=lift["hand"],
        **{"from": path[0], "to": path[-1]}))
    assert shown_board(page) == engine_board(state)


def test_the_computers_move_stays_marked_and_lines_are_named_as_seen(page, site):
    open_game(page, site, "buku")
    start_game(page, seats=["casual", "human"])  # the computer (White) moves first
    expect(page.locator("#log li")).to_have_count(1)
    wait_for_turn(page)
    move = logged_moves(page)[0]
    lifted = new_state().apply(move).events[0]
    # the line it emptied (hatched, its name ringed), its path and its end stay on the board
    expect(page.locator('#board [data-last-move="line"]')).to_have_count(
        len(lifted["squares"]) + 1)
    expect(page.locator('#board [data-last-move="to"]')).to_have_count(1)
    # each offered line's spoken name starts with what is written on it
    line = page.locator("#board .buku-line.legal").first
    name = line.locator(".buku-line-name").text_content()
    assert line.get_attribute("aria-label").startswith(f"{name}, ")
    # a line Black may not empty (a rank) says why when clicked
    page.locator('#board [data-forbidden="1:"]').click()
    expect(page.locator("#message")).not_to_be_empty()
    expect(page.locator("#log li")).to_have_count(1)
    # my move begun (a line lifted, a first piece laid): the computer's is still marked
    look = click_step(page, wait_for_turn(page)["steps"][0])
    click_step(page, look["steps"][0], look)
    expect(page.locator('#board [data-last-move="line"]')).to_have_count(
        len(lifted["squares"]) + 1)
    expect(page.locator('#board [data-last-move="to"]')).to_have_count(1)
