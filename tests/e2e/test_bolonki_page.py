"""Bolonki played on the built site in Chromium, by clicking what a person clicks.

Besides the play, every test checks the game's secret: the page never receives nor shows
the colour of a face-down piece. Every message from the worker is recorded (the Worker
constructor is wrapped before the page loads) and checked, and the board is checked at
every moment a person may act."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

import ludoteca
from ludoteca.games.bolonki import rules as bolonki
from ludoteca.records import encode_link, make_record

from .conftest import ENGINE_READY_MS
from .helpers import (
    STEP,
    click_and_wait,
    click_step,
    frames_seen,
    game_over,
    logged_moves,
    open_game,
    start_game,
    wait_for_table,
    wait_for_turn,
    wait_until,
    watch_frames,
)

RECORD_WORKER = """(() => {
  const Base = window.Worker;
  window.__fromWorker = [];
  window.__toWorker = 0;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__fromWorker.push(event.data));
    }

    postMessage(...args) {
      window.__toWorker += 1;
      return super.postMessage(...args);
    }
  };
})();"""

# A person may act (a step, "go on", or the end) and the engine has answered every request
# (after a move the page first asks whether a computer challenges it).
REST = """() => !document.querySelector('#board[aria-busy="true"]') &&
  (document.querySelector('#turn.over') ||
  document.querySelector('#board [data-step]') || document.querySelector('.bk-go-on'))"""
PIECE_WORDS = re.compile(r"ficha (azul|amarilla|roja|verde)")



def open_bolonki(page, site, query=""):
    page.add_init_script(RECORD_WORKER)
    open_game(page, site, "bolonki", query)


def wait_for_rest(page, timeout=60_000):
    """Until a person may act: a step, the "go on" button, or the end."""
    wait_until(page, REST, timeout=timeout)


def shown_pieces(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board .bk-piece')].map((el) => [el.dataset.square, el.dataset.colour || '?']))""")


def replay(page, **options):
    state = ludoteca.new_game("bolonki", **options).initial_state()
    for move in logged_moves(page):
        state = state.apply(move)
    return state


# --- the secret ------------------------------------------------------------------------------
def assert_board_hides_colours(page):
    """At rest nothing on the page carries a face-down piece's colour."""
    found = page.evaluate("""() => ({
        up: document.querySelectorAll('#board .bk-piece[data-face="up"]').length,
        coloured: document.querySelectorAll('[data-colour]').length,
        classes: document.querySelectorAll(
          '.bk-piece.bk-B, .bk-piece.bk-Y, .bk-piece.bk-R, .bk-piece.bk-G').length,
        marks: [...document.querySelectorAll('#board .bk-mark')].filter(
          (el) => el.textContent).length,
        news: document.querySelector('.bk-news').textContent })""")
    assert found == {"up": 0, "coloured": 0, "classes": 0, "marks": 0, "news": ""}, found


def assert_log_names_only_scored_colours(page):
    for line in page.locator("#log li").all_inner_texts():
        for sentence in line.split(". "):
            if PIECE_WORDS.search(sentence):
                assert "sale del tablero" in sentence, line


def walk(value, path=()):
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from walk(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, (*path, i))


def assert_worker_kept_the_secret(page) -> int:
    """Every answer from the worker: observations show "?" for every piece (the start
    layout only before the first move); a colour in an event only for a piece brought out
    (face up for good); the colour of a piece turned up for a moment only in the frame of
    the move that turned it up (``face_up``, in the answer that played it). Returns how
    many answers were checked."""
    messages = page.evaluate("() => window.__fromWorker")
    answers = [json.loads(m["response"]) for m in messages if m.get("type") == "answer"]
    assert answers
    for answer in answers:
        view = answer.get("view")
        if not view:  # any other answer carries no colour at all
            assert '"colour"' not in json.dumps(answer) and '"pieces"' not in json.dumps(answer)
            continue
        if view["observation"]["practice"]:
            continue
        for path, node in walk(answer):
            if "pieces" in node:
                assert set(node["pieces"].values()) <= {"?"}, (path, node["pieces"])
            if "colour" in node:
                assert node.get("type") == "reveal" and node["result"] == "scored", (path, node)
            if "face_up" in node:
                assert "played" in answer and path[:2] == ("view", "frames"), path
                assert len(node["face_up"]) == 1, (path, node["face_up"])
            if "start_colours" in node:
                assert node["move_count"] == 0, path
                assert node["start_colours"] == ludoteca.new_game(
                    "bolonki", players=node["players"]).initial_state().to_json()["pieces"]
    return len(answers)


# --- playing ---------------------------------------------------------------------------------
def end_memorise(page, players):
    """The set-up shows face up (the public layout), then turns face down."""
    expect(page.locator(".bk-memorise")).to_be_visible()
    expect(page.locator(STEP)).to_have_count(0)  # nobody moves while memorising
    layout = {bolonki.SQUARES[i]: c for i, c in bolonki.start_layout(players).items()}
    assert shown_pieces(page) == layout
    click_and_wait(page, page.locator(".bk-ready"))
    wait_for_rest(page)
    assert set(shown_pieces(page).values()) == {"?"}
    assert_board_hides_colours(page)


STOP = "#step-controls button.primary"  # "stop here", in a jump chain


def offered_steps(page) -> tuple:
    """The steps on the board, and whether a chain may stop here (one look)."""
    return tuple(page.evaluate("""([steps, stop]) => [
        [...document.querySelectorAll(steps)].map((e) => e.dataset.step),
        document.querySelector(stop) !== null]""", [STEP, STOP]))


def step_on_board(step: str) -> str:
    return f"#board [data-step={json.dumps(step)}]"


def play_a_move(page, rng):
    """Pick a highlighted piece and step or jump it, stopping a chain at random."""
    steps, _ = offered_steps(page)
    click_and_wait(page, step_on_board(steps[rng.randrange(len(steps))]))
    before = len(logged_moves(page))
    while len(logged_moves(page)) == before:
        wait_for_rest(page)  # the log says a move once it has been shown
        if len(logged_moves(page)) != before:
            break
        targets, can_stop = offered_steps(page)
        if can_stop and (not targets or rng.random() < 0.5):
            click_and_wait(page, STOP)
            break
        click_and_wait(page, step_on_board(targets[rng.randrange(len(targets))]))
    wait_for_rest(page)


def play(page, rng, turns, challenge_rate=0.3):
    """Act as every person at the table: challenge at the first chance (so that every game
    played has a person's challenge), then now and then; else move or go on."""
    challenges = 0
    for _ in range(turns):
        wait_for_rest(page)
        if game_over(page):
            break
        assert_board_hides_colours(page)
        challenge = page.locator(".bk-challenge")
        if challenge.count() and (not challenges or rng.random() < challenge_rate):
            move = f"challenge:{challenge.first.get_attribute('data-challenge')}"
            before = logged_moves(page).count(move)
            click_and_wait(page, challenge.first)
            challenges += 1
            wait_for_rest(page)
            assert logged_moves(page).count(move) == before + 1
        elif page.locator(".bk-go-on").count():
            click_and_wait(page, page.locator(".bk-go-on"))
        else:
            play_a_move(page, rng)
    return challenges


def assert_page_matches_the_rules(page, **options):
    state = replay(page, **options)
    assert set(shown_pieces(page)) == set(state.to_json()["pieces"])
    assert [int(x) for x in page.locator("#scores .score").all_inner_texts()] == state.scored
    flags = page.locator(".bk-flag").evaluate_all("els => els.map(e => +e.dataset.player)")
    assert sorted(flags) == [p for p, barred in enumerate(state.barred) if barred]
    for colour, n in state.out.items():
        band = page.locator(f'#board [data-band="{colour}"]')
        expect(band).to_have_attribute("data-out", str(n))
    return state


# --- tests -----------------------------------------------------------------------------------
def test_two_people_memorise_jump_chain_challenges_and_practice(page, site):
    open_bolonki(page, site)
    start_game_when_memorising(page, {"players": 2, "practice": "false"}, ["human", "human"])
    end_memorise(page, 2)
    expect(page.locator("#scores li")).to_have_count(2)
    expect(page.locator("#scores li").first).to_have_class(re.compile(r"\bbolonki-BY\b"))

    # a jump chain built hop by hop: e1 over d1 to c1, over b1 to a1 (then c3 would follow)
    page.click('#board [data-step="c1"]')
    click_and_wait(page, page.locator('#board [data-step="c1-b2"]'))
    wait_for_rest(page)
    expect(page.locator(".bk-challenge")).to_have_count(1)  # Red/Green may challenge
    click_and_wait(page, page.locator('#board [data-step="e1"]'))
    click_and_wait(page, page.locator('#board [data-step="e1-c1"]'))
    expect(page.locator(STOP)).to_have_count(1)  # "stop here": e1-c1 is a move
    click_and_wait(page, page.locator("#step-controls button:not(.primary)"))  # undo a step
    expect(page.locator('#board [data-step="e1-c1"]')).to_have_count(1)
    click_and_wait(page, page.locator('#board [data-step="e1-c1"]'))
    click_and_wait(page, page.locator('#board [data-step="e1-c1-a1"]'))
    expect(page.locator('#board [data-step="e1-c1-a1-c3"]')).to_have_attribute(
        "aria-label", "Saltar a c3")
    click_and_wait(page, page.locator("#step-controls button.primary"))  # stop here
    wait_for_rest(page)
    assert logged_moves(page) == ["c1-b2", "e1-c1-a1"]
    # a1 is Red's goal edge: the piece turned up (blue) and went back to e1
    expect(page.locator('#board [data-last-move="flip"]')).to_have_count(1)
    expect(page.locator('#board [data-last-move="back"]')).to_have_count(1)
    assert "e1" in shown_pieces(page) and "a1" not in shown_pieces(page)

    # keyboard: arrows move between the highlighted pieces, Enter picks one up
    page.locator(STEP).first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.step") != page.locator(
        STEP).first.get_attribute("data-step")
    page.keyboard.press("Enter")
    expect(page.locator("#step-controls button")).to_have_count(1)  # undo
    page.keyboard.press("Escape")
    expect(page.locator("#step-controls button")).to_have_count(0)

    challenges = play(page, random.Random(5), 30)
    assert challenges >= 3
    assert_page_matches_the_rules(page, players=2)
    assert_log_names_only_scored_colours(page)
    log = page.locator("#log li").all_inner_texts()
    assert not any("challenge:" in line for line in log)  # in words, never the raw notation

    # practice: the colours are shown all the time, and no memorising is needed
    start_game(page, {"practice": "true"}, ["human", "human"])
    expect(page.locator(".bk-ready")).to_have_count(0)
    start = ludoteca.new_game("bolonki", practice=True).initial_state().to_json()["pieces"]
    assert shown_pieces(page) == start
    assert_worker_kept_the_secret(page)


def set_times(page, memorise, wait):
    """The view's own settings: seconds to memorise, and to challenge (0: wait for me)."""
    if not page.locator(".bk-settings[open]").count():
        page.click(".bk-settings summary")
    page.select_option('.bk-settings select[data-setting="memorise"]', str(memorise))
    page.select_option('.bk-settings select[data-setting="wait"]', str(wait))


def start_game_when_memorising(page, options, seats, memorise=60, wait=0):
    set_times(page, memorise, wait)
    start_game(page, options, seats)  # until the new game is shown: the page's first game
    expect(page.locator(".bk-ready")).to_be_visible()  # memorises too, its button no cue


def test_four_players_against_computers_then_two_against_one(page, site):
    # A game of 30 moves (a link may ask for any limit from 10; the form offers 100 and up):
    # casual computers challenge 6 to 13 times in 30 moves of such play (40 seeds simulated)
    open_bolonki(page, site, "?game=bolonki&max_moves=30")
    start_game_when_memorising(page, {"players": 4, "max_moves": 30},
                               ["human", "casual", "casual", "casual"])
    expect(page.locator("#scores li")).to_have_count(4)
    end_memorise(page, 4)
    rng = random.Random(11)
    play(page, rng, 400, challenge_rate=0.15)
    assert game_over(page)
    state = assert_page_matches_the_rules(page, players=4, max_moves=30)
    assert state.is_terminal
    moves = logged_moves(page)
    assert any(m.startswith("challenge:") and m != "challenge:0" for m in moves)  # computers
    assert "challenge:0" in moves  # the person
    result = page.locator("#turn.over").inner_text()
    assert ("límite de 30" in result) if state.winner is None else "Gana" in result
    assert_log_names_only_scored_colours(page)
    assert_board_hides_colours(page)

    # a person and the computer, two colours each; the person challenges the computer
    start_game_when_memorising(page, {"players": 2, "max_moves": 100}, ["human", "casual"])
    end_memorise(page, 2)
    play(page, random.Random(2), 16, challenge_rate=0.5)
    assert "challenge:0" in logged_moves(page)
    assert_page_matches_the_rules(page, players=2, max_moves=100)
    assert assert_worker_kept_the_secret(page) > 100


def test_computers_wait_for_memorising_and_for_a_person_who_may_challenge(page, site):
    open_bolonki(page, site)
    # seat 0 is a computer: it waits until the colours are turned face down
    start_game_when_memorising(page, {"players": 4, "max_moves": 100},
                               ["casual", "human", "casual", "casual"], wait=6)
    expect(page.locator("#log li")).to_have_count(0)
    click_and_wait(page, page.locator(".bk-ready"))
    expect(page.locator("#log li")).not_to_have_count(0)
    # after a computer's move, the next computer waits while the person may challenge
    rng = random.Random(1)
    for _ in range(20):
        wait_for_rest(page)
        if page.locator(".bk-go-on").count():
            break
        play_a_move(page, rng)
    go_on = page.locator(".bk-go-on")
    # a countdown (6 s; a loaded machine may look a second or two late: any second left)
    expect(go_on).to_have_text(re.compile(r"\([1-6]\)"))
    expect(page.locator(".bk-challenge")).to_have_count(1)
    n = len(logged_moves(page))
    expect(go_on).to_have_text(re.compile(r"\([1-3]\)"), timeout=6_000)  # still waiting
    assert len(logged_moves(page)) == n
    # the countdown runs out: play goes on by itself
    wait_until(page, "(n) => document.querySelectorAll('#log li').length > n", arg=n)
    wait_for_rest(page)
    assert_board_hides_colours(page)
    assert_worker_kept_the_secret(page)


def test_the_computers_move_stays_marked_and_the_challenge_names_the_mover(page, site):
    open_bolonki(page, site)
    start_game_when_memorising(page, {"players": 2}, ["casual", "human"], wait=0)
    end_memorise(page, 2)  # the computer moves first; then I may move or challenge
    expect(page.locator("#log li")).to_have_count(1, timeout=60_000)
    wait_for_rest(page)
    expect(page.locator('#board [data-last-move="origin"]')).to_have_count(1)
    expect(page.locator('#board [data-last-move="to"]')).to_have_count(1)
    challenge = page.locator(".bk-challenge")
    expect(challenge).to_have_text("Desconfiar de la jugada de Azul/Amarillo")
    # a piece of mine lifted (the move begun): the computer's move is still marked
    look = click_step(page, next(s for s in wait_for_turn(page)["steps"] if "challenge" not in s))
    assert look["steps"] and all("-" in s for s in look["steps"])  # where it may go
    expect(page.locator('#board [data-last-move="origin"]')).to_have_count(1)
    expect(page.locator('#board [data-last-move="to"]')).to_have_count(1)


def test_after_a_failed_challenge_the_turn_line_says_who_lost_the_turn(page, site):
    game = ludoteca.new_game("bolonki")
    state = game.initial_state().apply("b1-a1")  # Blue's own piece
    after = state.apply("challenge:1")
    assert after.current_player == 0 and after.observation(0)["barred"] == [False, True]
    link = encode_link(make_record(game, ["b1-a1", "challenge:1"]), ["human", "human"])
    page.goto(f"{site}/#/bolonki?g={link}")
    expect(page.locator("#log li")).to_have_count(2, timeout=ENGINE_READY_MS)
    wait_for_table(page)
    # Red/Green was wrong: Blue/Yellow moves again, and the turn line says why
    expect(page.locator("#turn")).to_contain_text("Azul/Amarillo")
    expect(page.locator("#turn")).to_contain_text("elige tu jugada (Rojo/Verde pierde el turno)")
    page.locator("#undo").click()  # back to before the challenge: no lost turn to speak of
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#turn")).not_to_contain_text("pierde el turno")


# The piece turned up on the board, if one is: [its colour, its square, whether the words
# under the board name it ("ficha azul")].
TURNED_UP = """() => {
  const up = document.querySelector('#board .bk-piece[data-face="up"]');
  return up && [up.dataset.colour, up.dataset.square,
                document.querySelector('.bk-news').textContent.includes('ficha azul')];
}"""


def test_a_turned_up_piece_is_drawn_from_the_frames_then_face_down_again(page, site):
    """With motion: a reveal and a challenge each turn the piece up (its colour from the
    move's frames, named in the words under the board), then it goes back face down."""
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(RECORD_WORKER)
    game = ludoteca.new_game("bolonki")
    link = encode_link(make_record(game, ["c1-b2"]), ["human", "human"])
    page.goto(f"{site}/#/bolonki?g={link}")
    expect(page.locator("#log li")).to_have_count(1, timeout=ENGINE_READY_MS)
    wait_for_table(page)
    for step in ("e1", "e1-c1", "e1-c1-a1"):  # a1 is Red's goal: the blue piece turns up
        click_and_wait(page, page.locator(step_on_board(step)))
    watch_frames(page, TURNED_UP)  # each frame, as it is drawn: a loaded machine looks late
    page.locator(STOP).click()
    wait_for_rest(page)
    assert ["B", "a1", True] in frames_seen(page)  # named in the words: "ficha azul"
    assert_board_hides_colours(page)
    assert "e1" in shown_pieces(page) and "a1" not in shown_pieces(page)

    click_and_wait(page, page.locator(step_on_board("c8")))  # Blue/Yellow moves a red piece
    click_and_wait(page, page.locator(step_on_board("c8-c7")))
    wait_for_rest(page)
    watch_frames(page, TURNED_UP.replace("azul", "roja"))
    page.locator(".bk-challenge").click()  # Red/Green challenges: right
    wait_for_rest(page)
    assert ["R", "c7", True] in frames_seen(page)
    assert_board_hides_colours(page)
    assert "c8" in shown_pieces(page) and "c7" not in shown_pieces(page)
    assert_worker_kept_the_secret(page)


# Every control of the table shown: [what, why] for those cut by their box, covered, or out
# of the screen (as they are: nothing scrolled to them).
SQUEEZED = """() => {
  const out = [];
  if (scrollX || scrollY) out.push(['page', `scrolled ${scrollX},${scrollY}`]);
  const controls = document.querySelectorAll(
    '#game-controls button, #game-controls summary, #step-controls button, ' +
    '.table-tools button, #legend > summary');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if ((!r.width && !r.height) || el.closest('[hidden]') ||
        getComputedStyle(el).visibility !== 'visible') continue;  // not shown
    const name = el.textContent.trim().slice(0, 24);
    if (r.height < 24 || el.scrollHeight > el.clientHeight + 1) {
      out.push([name, `squeezed ${r.height}`]);
    }
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 ||
        r.bottom > innerHeight + 0.5) {
      out.push([name, `off screen ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`]);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el.contains(hit) || hit.contains(el))) {
      out.push([name, `hidden under ${hit && (hit.id || hit.className.baseVal || hit.className)}`]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_column_beside_the_board_keeps_every_control_whole(page, site, lang):
    """Issue 43, items 5 and 9: on a landscape laptop (1366×768, 1280×720) and a phone on its
    side (844×390) the marks' key opened and a long message shown together never squeeze a
    control of the column beside the board, nor push one out of sight."""
    page.goto(f"{site}/?lang={lang}#/bolonki")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    expect(page.locator('#game-controls [data-action="go-on"], #game-controls button').first
           ).to_be_visible(timeout=ENGINE_READY_MS)
    # the key opened, and a message as long as the longest the game says (two of its lines)
    page.evaluate("""() => {
      const legend = document.getElementById('legend');
      legend.hidden = false; legend.classList.remove('unused'); legend.open = true;
      document.getElementById('legend-text').textContent =
        document.querySelector('#board svg title, #board [aria-label]')?.textContent ||
        'x'.repeat(150);
      const message = document.getElementById('message');
      message.textContent = `${document.getElementById('legend-text').textContent} ` +
        `${document.querySelector('#game-controls').textContent}`;
    }""")
    for width, height in [(1366, 768), (1280, 720)]:
        page.set_viewport_size({"width": width, "height": height})
        wait_until(page, """() => new Promise((done) => requestAnimationFrame(() =>
          requestAnimationFrame(() => done(true))))""")
        assert page.evaluate(SQUEEZED) == [], f"{lang} {width}×{height}"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_phone_on_its_side_has_the_board_beside_every_control(page, site, lang):
    """Issue 43, item 9: on a phone on its side (844×390) the board was a stamp laid over the
    tools: every game's board takes the height beside a column of whose turn, the panel and
    the tools, every control whole and in sight, nothing scrolled."""
    page.set_viewport_size({"width": 844, "height": 390})
    for game in ["bolonki", "bakuk", "bul", "buku"]:
        page.goto(f"{site}/?lang={lang}#/{game}")
        expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
        wait_until(page, "() => !document.querySelector('#board[aria-busy=\"true\"]')")
        assert page.evaluate(SQUEEZED) == [], f"{game} {lang}"
        board = page.locator("#board").bounding_box()
        tools = page.locator(".table-tools").bounding_box()
        assert board["height"] >= 0.6 * 390 - 110, f"{game} {lang}: {board}"  # under the bars
        assert board["x"] >= tools["x"] + tools["width"], f"{game} {lang}: beside the tools"
        assert board["y"] + board["height"] <= 390.5, f"{game} {lang}: {board}"
