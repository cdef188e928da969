"""The Bul family played on the built site in Chromium, by clicking what a person clicks:
the throw button, the offered value chips, units and bases, and the pass button. What the
page shows is checked against the Python engine (units, bases, throws, what a click asks)
and its words against the game's strings filled in with the engine's facts."""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

import ludoteca
from conformance import play, uniform_move
from ludoteca.games.bul import rules as bul
from ludoteca.records import encode_link, make_record

from .helpers import (
    click_and_wait,
    frames_seen,
    game_over,
    logged_moves,
    open_game,
    settle,
    tap,
    wait_for_turn_or_action,
    wait_until,
    watch_frames,
)

THROW = '#game-controls [data-action="throw"]'
OFFERED = "#board [data-step]"
WEB = Path(__file__).resolve().parents[2] / "web"
STRINGS = {lang: {**json.loads((WEB / "i18n" / f"{lang}.json").read_text()),
                  **json.loads((WEB / "games" / "bul" / f"strings.{lang}.json").read_text())}
           for lang in ("es", "en")}


def say(key: str, lang: str = "es", **params) -> str:
    """A string of the page (Spanish unless told) with its parameters filled in."""
    text = STRINGS[lang][key]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


SIDES = [say("bul.side.0"), say("bul.side.1")]

def choose(page, options: dict, seats: list) -> None:
    """Set the form (values are JSON, as the page writes them) and start a game."""
    if not page.locator("#setup-box").evaluate("box => box.open"):
        page.click("#setup-box > summary")  # on a phone the set-up is folded away
    for name, value in options.items():
        page.select_option(f'select[data-option="{name}"]', json.dumps(value))
    for player, seat in enumerate(seats):
        page.select_option(f'select[data-seat="{player}"]', seat)
    page.click("#new-game")
    # the set-up folds when the new game is on the table (its log emptied just before);
    # the computer may already have moved when it moves first
    wait_until(page, "() => !document.querySelector('#setup-box').open")
    wait_for_turn_or_action(page)


def engine_state(page, options: dict):
    """The Python rules replaying the moves (throws included) shown in the log."""
    state = ludoteca.new_game("bul", **options).initial_state()
    for move in logged_moves(page):
        state = state.apply(move)
    return state


def shown_units(page) -> list:
    return page.locator("#board [data-row]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.row), e.dataset.pieces.split(',').map(Number),"
        " e.dataset.heading])")


def engine_units(state) -> list:
    return [[u["row"], u["pieces"], u["heading"]] for u in state.to_json()["units"]]


def shown_bases(page) -> list:
    return page.locator("#board [data-base]").evaluate_all(
        "els => els.map(e => Number(e.dataset.count))")


def shown_throws(page) -> list:
    """The throws in the beans panel: [value, used]."""
    return page.locator("#board .throw[data-value]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.value), e.classList.contains('used')])")


def offered(page) -> list:
    return sorted(page.locator(OFFERED).evaluate_all("els => els.map(e => e.dataset.step)"))


def expect_offered(page, expected: list, timeout_ms: int = 10_000) -> None:
    """Wait until exactly `expected` is offered (the engine answers a step asynchronously)."""
    try:
        wait_until(
            page, """([selector, expected]) => JSON.stringify([...document.querySelectorAll(
                selector)].map((e) => e.dataset.step).sort()) === JSON.stringify(expected)""",
            [OFFERED, sorted(expected)], timeout=timeout_ms)
    except PlaywrightTimeout:
        pass  # the assertion says what is offered instead
    assert offered(page) == expected


def play_to_the_end(page, rng, max_actions=600) -> int:
    """Throw with the button when it is the person's turn to throw, else click one of the
    offered steps (value chips, units, bases, pass), until the game is over."""
    for actions in range(max_actions):
        wait_for_turn_or_action(page)
        if game_over(page):
            return actions
        steps = offered(page)
        if steps:  # a step: the board is redrawn once the engine has answered
            click_and_wait(page, f"{OFFERED}[data-step={json.dumps(rng.choice(steps))}]")
        elif page.locator(THROW + ":not([disabled])").count():
            logged = page.locator("#log li").count()
            tap(page, THROW)
            wait_until(page, "(n) => document.querySelectorAll('#log li').length > n", logged)
    raise AssertionError("the game did not end")


def wait_for_log(page, n: int) -> None:
    expect(page.locator("#log li")).to_have_count(n)


def test_set_up_form_offers_rule_sets_lengths_and_teams(page, site):
    open_game(page, site, "bul")
    variant = page.locator('select[data-option="variant"] option')
    expect(variant).to_have_count(8)
    assert json.loads(page.locator('select[data-option="variant"]').input_value()) == "puluc"
    lengths = page.locator('select[data-option="length"] option').evaluate_all(
        "els => els.map(e => JSON.parse(e.value))")
    assert lengths == [None, 9, 11, 13, 15, 20, 21]
    assert page.locator('select[data-option="length"]').input_value() == "null"  # the default
    expect(page.locator("select[data-seat]")).to_have_count(2)
    expect(page.locator("#setup-seats")).to_contain_text(SIDES[0])
    expect(page.locator("#setup-seats")).to_contain_text(SIDES[1])
    # the rule set's description, under the board
    expect(page.locator(".bul-about")).to_contain_text(say("option.bul.variant.puluc"))
    # teams of two: four seats, sides A (0, 2) and B (1, 3)
    page.click("#setup-box > summary")  # folded away once the first game is on
    page.select_option('select[data-option="team_size"]', "2")
    expect(page.locator("select[data-seat]")).to_have_count(4)
    expect(page.locator("#setup-seats")).to_contain_text(say("bul.player.team", side=SIDES[0],
                                                             n=2))
    page.click("#new-game")  # Puluc is not played in teams: the engine says why
    expect(page.locator("#message")).to_have_attribute("data-code", "teams_not_allowed")
    page.select_option('select[data-option="variant"]', json.dumps("aj-sayil"))
    page.select_option('select[data-seat="2"]', "beginner")
    page.select_option('select[data-seat="1"]', "beginner")
    page.select_option('select[data-seat="3"]', "beginner")
    page.click("#new-game")
    expect(page.locator("#message")).to_be_empty()
    expect(page.locator("#scores li")).to_have_count(4)
    expect(page.locator(".bul-about")).to_contain_text(say("option.bul.variant.aj-sayil"))
    expect(page.locator('#board [data-base]')).to_have_count(4)
    expect(page.locator(THROW)).to_be_enabled()
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press(" ")  # the space bar throws too
    expect(page.locator("#log li")).not_to_have_count(0)
    assert logged_moves(page)[0] in "12345"
    # the bean odds: every fall of the beans, drawn under the value it gives
    page.click('#game-controls [data-action="odds"]')
    odds = page.locator(".bul-odds")
    expect(odds).to_be_visible()
    expect(odds.locator(".bean")).to_have_count(bul.BEANS * len(bul.FALLS))
    drawn = [odds.locator(f'li[data-value="{o["value"]}"] .odds-beans .bean.marked').count()
             for o in bul.throw_odds()]
    assert drawn == [o["marks"] * o["ways"] for o in bul.throw_odds()]


def link_to_a_game_under_way(options: dict, seats: list, seed: int) -> tuple:
    """A shared link of a game some way in: a random game by the Python rules (throws drawn
    with their odds) cut at two thirds of its moves, for the page to play on from there.
    Returns the link's code and its moves."""
    game = ludoteca.new_game("bul", **options)
    rng = random.Random(seed)
    moves = play(game.initial_state(), lambda s: uniform_move(s, rng))[1]
    moves = moves[:len(moves) * 2 // 3]
    return encode_link(make_record(game, moves), seats), moves


def test_three_rule_sets_against_the_computer_to_the_end(page, site):
    open_game(page, site, "bul")
    rng = random.Random(11)
    for seed, variant in enumerate(("puluc", "boolik", "a-kaakil")):
        # the first two thirds of each game come in a link: the page plays the rest
        options = {"variant": variant, "length": 9}
        link, moves = link_to_a_game_under_way(options, ["human", "casual"], seed)
        page.goto(f"{site}/#/bul?g={link}")
        wait_until(page, """(moves) => {  // the link's game is on the table
            const logged = [...document.querySelectorAll('#log li')].map((li) => li.dataset.move);
            return moves.every((move, i) => logged[i] === move);
          }""", arg=moves)
        play_to_the_end(page, rng)
        state = engine_state(page, options)
        assert state.is_terminal, variant
        assert shown_units(page) == engine_units(state)
        assert shown_bases(page) == state.to_json()["base"]
        winner = state.to_json()["winner"]
        result = page.locator("#turn.over").inner_text()
        if winner is None:
            assert say("result.draw") in result
            end = say("bul.log.end_draw")
        else:
            assert say("bul.end.win", side=SIDES[winner]) in result
            end = say("bul.log.end", side=SIDES[winner])
        expect(page.locator("#log li").last).to_contain_text(end)
        if variant == "a-kaakil":
            expect(page.locator("#board rect.cell.fire")).to_have_count(1)  # row 5 burns


def test_real_beans_capture_rescue_and_fire_match_the_engine(page, site):
    open_game(page, site, "bul")
    options = {"variant": "puluc", "length": 9}
    choose(page, options, ["human", "human"])
    page.check('#game-controls [data-action="real-beans"]')
    expect(page.locator(THROW)).to_be_hidden()
    beans = page.locator('#game-controls [data-action^="beans-"]')
    expect(beans).to_have_count(5)  # 0..4 marked faces: nothing else can be entered

    def real(k):
        tap(page, f'#game-controls [data-action="beans-{k}"]')

    def step(s):
        tap(page, f'#board [data-step="{s}"]')

    real(3)  # Rojo: three marked faces, moves 3
    wait_for_log(page, 1)
    expect_offered(page, ["enter"])
    step("enter")  # row 4
    real(0)  # Negro: no marked face counts 5
    wait_for_log(page, 3)
    assert logged_moves(page)[2] == "5"
    step("enter")  # Negro lands on row 9 - 5 = 4: a capture
    real(3)
    step("enter")  # Rojo lands on row 4 again: captures the pile and rescues his man
    wait_for_log(page, 6)
    assert logged_moves(page) == ["3", "enter", "5", "enter", "3", "enter"]
    state = engine_state(page, options)
    assert engine_units(state) == [[4, [0, 1, 0], "out"]]
    assert shown_units(page) == engine_units(state)
    assert shown_bases(page) == state.base == [3, 4]
    unit = page.locator('#board [data-row="4"]')
    expect(unit).to_have_attribute("data-pieces", "0,1,0")
    # the capture and the rescue, told as the engine's events say them
    capture = next(e for e in state.events if e["type"] == "capture")
    rescue = next(e for e in state.events if e["type"] == "rescue")
    log = page.locator("#log li").last
    expect(log).to_contain_text(say("bul.log.capture", row=capture["row"], names=", ".join(
        SIDES[p] for p in capture["captured"])))
    expect(log).to_contain_text(say("bul.log.rescue", names=", ".join(
        SIDES[p] for p in rescue["pieces"])))
    # the beans drawing shows the last value and which faces came up: 3 marked
    expect(page.locator("#board .throw[data-value='3'] .bean.marked")).to_have_count(3)

    # A K'aak'il (Fire), two values a turn: the value chips first, then the base
    options = {"variant": "a-kaakil", "length": 9}
    choose(page, options, ["human", "human"])
    expect(page.locator('#game-controls [data-action="real-beans"]')).to_be_checked()  # kept
    expect(page.locator("#board rect.cell.fire[data-cell='5']")).to_have_count(1)
    real(4)
    real(1)
    wait_for_log(page, 2)
    expect_offered(page, ["1:", "4:"])
    step("4:")
    expect_offered(page, ["4:enter"])
    expect(page.locator("#board .throw.chosen")).to_have_count(1)
    step("4:enter")  # lands on d = 4, row 5: the fire
    wait_for_log(page, 3)
    expect(page.locator("#log")).to_contain_text(say("bul.log.burn", row=5, names=SIDES[0]))
    state = engine_state(page, options)
    assert state.dead == [1, 0]
    assert shown_units(page) == engine_units(state) == []
    expect(page.locator(".bul-status li").first).to_contain_text(say("bul.status.dead.one"))
    # this turn's throws as the engine lists them: the 4 used, the 1 still to play
    assert shown_throws(page) == [[t["value"], t["used"]]
                                  for t in state.observation(None)["turn_throws"]] == [
        [4, True], [1, False]]
    step("1:")
    step("1:enter")  # the slot is free again: his second man enters on row 2
    real(1)
    real(1)
    step("1:")
    step("1:enter")  # Negro enters on row 8…
    step("1:")
    step("1:8")  # …and must use his second 1 too: row 7
    real(3)
    real(3)
    wait_for_log(page, 10)
    # not offered before a value is chosen, the man and the base ask what the engine says
    targets = engine_state(page, options).targets("")
    expect(page.locator('#board [data-row="2"]')).to_have_attribute(
        "data-forbidden", targets["unit:2@0"])
    page.locator('#board [data-base="0"]').click()  # "3:enter": one man in play already
    expect(page.locator("#message")).to_have_attribute("data-code", "one_movable_man")
    step("3:")
    expect_offered(page, ["3:2"])  # one man in play: no entry while he is on the road
    step("3:2")  # row 2 + 3 = row 5: the fire again
    wait_for_log(page, 11)
    state = engine_state(page, options)
    assert state.dead == [2, 0]
    assert shown_units(page) == engine_units(state)
    assert shown_bases(page) == state.base
    expect(page.locator("#log li", has_text=say("bul.log.burn", row=5, names=SIDES[0]))
           ).to_have_count(2)

def test_a_forced_pass_is_announced_and_offered_as_a_button(page, site):
    open_game(page, site, "bul")
    options = {"variant": "boolik", "length": 9}
    choose(page, options, ["human", "human"])
    page.check('#game-controls [data-action="real-beans"]')
    moves = ["2", "enter", "1", "enter", "3", "enter", "3", "8", "1", "4", "1", "enter", "2"]
    for i, move in enumerate(moves):
        if i % 2 == 0:  # a throw: the number of marked faces (0 stands for 5)
            tap(page, f'#game-controls [data-action="beans-{int(move) % 5}"]')
        else:
            tap(page, f'#board [data-step="{move}"]')
        wait_for_log(page, i + 1)
    assert logged_moves(page) == moves
    # Rojo threw 2: his piles on rows 3 and 5 and his base all land on his own men
    expect_offered(page, ["pass"])
    button = page.locator('#board [data-step="pass"]')
    expect(button).to_contain_text(say("bul.pass.button"))
    hint = page.locator("#game-controls .bul-hint")
    expect(hint).to_contain_text(say("bul.hint.pass"))
    button.click()
    wait_for_log(page, len(moves) + 1)
    expect(page.locator("#log li").last).to_contain_text(say("bul.log.pass", name=SIDES[0],
                                                             values=2))
    # the turn is over: its throw shows as the last one, used
    expect(page.locator("#board .throw.used[data-value='2']")).to_have_count(1)
    state = engine_state(page, options)
    assert shown_units(page) == engine_units(state)
    assert engine_units(state) == [[3, [0], "out"], [5, [0, 1], "home"], [8, [1], "out"]]


def test_a_move_is_animated_along_the_road(page, site):
    page.emulate_media(reduced_motion="no-preference")
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "bul", "?lang=en")
    choose(page, {"variant": "puluc", "length": 9}, ["human", "human"])
    assert page.locator("svg.bul-board.narrow").count() == 1  # a phone: the road winds
    expect(page.locator("#board .row-label")).to_have_count(9)
    page.check('#game-controls [data-action="real-beans"]')
    page.click('#game-controls [data-action="beans-4"]')  # Red moves 4
    expect_offered(page, ["enter"])
    watch_frames(page, """() => [...document.querySelectorAll('#board .pile.moving')]
                                .map((e) => Number(e.dataset.row))[0] ?? null""")
    page.locator('#board [data-step="enter"]').click()
    expect(page.locator("#log li")).to_have_count(2)
    wait_for_turn_or_action(page)  # the end of the animation
    seen = []
    for row in frames_seen(page):
        if row is not None and row not in seen:
            seen.append(row)
    assert seen == [2, 3, 4, 5], f"the man did not walk row by row: {seen}"
    expect(page.locator('#board [data-row="5"]')).to_have_attribute("data-pieces", "0")
    expect(page.locator("#log li").last).to_contain_text(
        say("bul.log.enter", "en", name=say("bul.side.0", "en"), row=5))


def in_view(page, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport, nothing scrolled."""
    return page.locator(selector).first.evaluate(
        """el => { const b = el.getBoundingClientRect();
                   return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight &&
                          b.right <= innerWidth && scrollY === 0; }""")


def as_a_phone(page) -> None:
    """The page as a phone shows it: 390×844, the mobile viewport, a touch screen. The same
    DevTools calls as Playwright's `is_mobile` and `has_touch`, made on this page of the
    warm profile: a new context for them would start Python cold."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setDeviceMetricsOverride",
             {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def test_on_a_phone_beans_button_base_and_road_are_in_one_view(page, site):
    as_a_phone(page)
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    open_game(page, site, "bul", "?lang=en")
    choose(page, {"variant": "puluc"}, ["casual", "human"])  # the computer throws first
    expect(page.locator("#log li")).not_to_have_count(0)
    wait_for_turn_or_action(page)
    throw = page.locator(THROW)
    expect(throw).to_be_enabled()
    assert throw.bounding_box()["height"] >= 44
    for selector in (THROW, "#board .beans-panel", '#board [data-base="1"]', "#board .road"):
        assert in_view(page, selector), selector
    # the hint is written for a touch screen (no space bar), in English, and not cut off
    hint = page.locator("#game-controls .bul-hint")
    expect(hint).to_have_text(say("bul.hint.throw.touch", "en"))
    assert hint.evaluate("el => el.scrollWidth <= el.clientWidth")
    expect(throw).to_have_text(say("bul.throw.button", "en"))
    # the computer's move stays marked on the road until the next move
    marks = page.locator("#board [data-last-move]")
    assert marks.count() >= 2
    throw.click()
    expect(page.locator('#board [data-step]').first).to_be_visible()
    # a man's cell is big enough to tap
    sizes = page.locator(OFFERED).evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return Math.min(b.width, b.height); })")
    assert sizes and min(sizes) >= 44, sizes


def test_a_base_clicked_before_throwing_says_why(page, site):
    open_game(page, site, "bul")
    choose(page, {"variant": "puluc"}, ["human", "human"])
    base = page.locator('#board [data-base="0"]')
    expect(base).to_have_attribute("data-forbidden", "enter")  # the engine's target
    base.click()
    expect(page.locator("#message")).to_have_attribute("data-code", "bad_throw")
    expect(page.locator("#log li")).to_have_count(0)


def test_on_a_laptop_the_road_stands_beside_the_panel(page, site):
    """A landscape laptop has width to spare, not height: under its panel (the throw, the
    counts, the rule set) Puluc's road had cells 53 px wide; beside it, 75."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, site, "bul")
    choose(page, {"variant": "puluc"}, ["human", "casual"])
    board = page.locator("#board").bounding_box()
    panel = page.locator("#game-controls").bounding_box()
    assert board["x"] >= panel["x"] + panel["width"], (board, panel)
    throw = page.locator(THROW)
    expect(throw).to_be_enabled()
    assert in_view(page, THROW) and in_view(page, "#board .road")
    widths = page.locator("#board [data-cell]").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().width)")
    assert len(widths) == 13 and min(widths) >= 64, widths


def test_a_throw_leaves_the_focus_on_the_board(page, site):
    """The throw button is disabled once thrown: the focus went to the page's body (the
    browser blurs it a moment after the table is drawn) and a player had to find the board
    again to move with the keyboard."""
    open_game(page, site, "bul")
    tap(page, THROW)
    look = settle(page, OFFERED)
    assert look["steps"]
    expect(page.locator("#board [data-step]:focus")).to_have_count(1)
