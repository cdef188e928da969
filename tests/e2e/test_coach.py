"""Learn by playing: a lesson step by step and puzzles with proven answers, on the board.
A person opens them from the home page, plays each step by clicks (or the keyboard), reads
why a wrong try does not meet the goal, asks for the demonstration, and answers puzzles
right and wrong; a page framing Ludoteca hears how it went. Every game's whole lesson is
played through by clicks alone.

The lessons and puzzles share one page (`shared_page`), each opened by its address or a
click, as a link followed in the page; the page framing Ludoteca has its own."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

import ludoteca
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import puzzles

from .helpers import GO_ON, move_steps, play_move, settle, tap, wait_until

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

ES = merged_strings("es", game_catalogue())
GAMES = [g for g in ludoteca.GAMES if lesson(g)]
COACH_MS = 60_000


def said(message) -> str:
    """A message of the engine as the Spanish page says it (placeholders filled, themselves
    messages maybe)."""
    if not isinstance(message, dict):
        return str(message)
    text = ES[message["key"]]
    n = message["params"].get("n")
    if n == 1 and f"{message['key']}.one" in ES:
        text = ES[f"{message['key']}.one"]
    for name, value in message["params"].items():
        text = text.replace("{" + name + "}", said(value))
    return text


def open_coach(page, site, game, query, lang="es"):
    page.goto(f"{site}/?lang={lang}#/{game}?{query}")
    expect(page.locator("#coach")).to_be_visible(timeout=COACH_MS)
    settle(page)


NEW_QUESTION = ("() => !document.querySelector('#turn.judged') && "
                "document.querySelector('#coach').dataset.state === 'asking'")


def verdict(page, state: str) -> None:
    expect(page.locator(f'#coach[data-state="{state}"]')).to_be_visible(timeout=COACH_MS)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_lesson_is_played_by_clicks_alone(shared_page, site, game):
    page = shared_page
    steps = lesson(game)
    page.goto(f"{site}/?lang=es#/")
    tap(page, f'.game-card[data-game="{game}"] .teach a[href$="learn=1"]')
    for index, step in enumerate(steps):
        expect(page.locator("#coach-head")).to_contain_text(f"{index + 1} de {len(steps)}",
                                                             timeout=COACH_MS)
        expect(page.locator("#coach-goal")).to_have_text(ES[f"lesson.{game}.{step.id}.goal"])
        wait_until(page, NEW_QUESTION)
        until_steps(page)
        play_move(page, step.state(), step.demo)
        verdict(page, "right")
        if index + 1 < len(steps):
            tap(page, '#coach-buttons [data-coach="next-step"]')
    expect(page.locator("#coach-progress")).to_contain_text(f"{len(steps)} de {len(steps)}")
    progress = page.evaluate(f"() => localStorage.getItem('ludoteca.progress.lesson.{game}')")
    assert set(json.loads(progress)) == {step.id for step in steps}


def test_a_wrong_try_says_why_and_the_demonstration_shows_the_goal_met(shared_page, site):
    page = shared_page
    game = GAMES[0]
    step = lesson(game)[0]
    state = step.state()
    wrong = next(m for m in state.legal_moves() if not step.passes(state, m)) \
        if _listable(state) else None
    open_coach(page, site, game, "learn=1")
    if wrong is not None:
        play_move(page, state, wrong)
        verdict(page, "wrong")
        expect(page.locator("#coach-verdict")).to_contain_text(said(step.why_not(state, wrong)))
        expect(page.locator("#turn")).to_have_class("turn judged")
        assert not page.locator("#board [data-step]").count()  # nothing more to play
        tap(page, '#coach-buttons [data-coach="again"]')
        wait_until(page, "() => document.querySelector('#coach').dataset.state === 'asking'")
    tap(page, '#coach-buttons [data-coach="hint"]')
    expect(page.locator("#coach-hint")).to_have_text(ES[f"lesson.{game}.{step.id}.hint"])
    tap(page, '#coach-buttons [data-coach="show"]')
    # shown, not "right": this pinned the old verdict, which credited the learner with the
    # computer's move (issue 43, item 3; test_board_keeps_size.py reads what it says)
    verdict(page, "shown")
    expect(page.locator("#log li")).to_have_count(1)
    assert page.locator("#log li").get_attribute("data-move") == step.demo
    # a demonstration is not a step passed
    assert page.evaluate(f"() => localStorage.getItem('ludoteca.progress.lesson.{game}')") is None


def _listable(state) -> bool:
    try:
        state.legal_moves()
    except ludoteca.core.IllegalMoveError:
        return False
    return True


def tab_to(page, predicate: str, what: str) -> None:
    """Press Tab, as a keyboard user does, until the focused element is `predicate`."""
    for _ in range(200):
        if page.evaluate(f"() => {{ const el = document.activeElement; return {predicate}; }}"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{what} cannot be reached with Tab")


def test_a_whole_lesson_is_played_by_keyboard_alone(shared_page, site):
    page = shared_page
    game = "bakuk" if "bakuk" in GAMES else GAMES[0]
    steps = lesson(game)
    open_coach(page, site, game, "learn=1")
    for index, step in enumerate(steps):
        expect(page.locator("#coach-goal")).to_be_focused()  # the goal is read first
        expect(page.locator("#coach-goal")).to_have_text(ES[f"lesson.{game}.{step.id}.goal"])
        for move_step in move_steps(step.state(), step.demo):
            look = settle(page)
            tab_to(page, f"el?.dataset?.step === {json.dumps(move_step)}", move_step)
            page.keyboard.press("Enter")
            settle(page, before=look["look"])
        verdict(page, "right")
        expect(page.locator("#coach-verdict")).to_be_focused()  # the verdict is read next
        if index + 1 < len(steps):
            tab_to(page, "el?.dataset?.coach === 'next-step'", "the next step")
            page.keyboard.press("Enter")
    expect(page.locator("#coach-progress")).to_contain_text(f"{len(steps)} de {len(steps)}")


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_answered_right_and_one_answered_wrong_each_say_why(shared_page, site, game):
    page = shared_page
    shelf = puzzles(game)
    first, second = shelf[0], shelf[1]
    assert first["difficulty"] == second["difficulty"] == 1  # "next" stays at the level (easy)
    open_coach(page, site, game, f"puzzle={first['id']}")
    expect(page.locator("#coach-goal")).to_have_text(said(first["question"]))
    _answer(page, game, first, first["best"][0])
    verdict(page, "right")
    for move in first["best"]:
        expect(page.locator(f'.coach-values li.best[data-move="{move}"]')).to_have_count(1)
    tap(page, '#coach-buttons [data-coach="next-puzzle"]')
    expect(page.locator("#coach-head")).to_contain_text(f"Puzle 2 de {len(shelf)}",
                                                        timeout=COACH_MS)
    wrong = min((m for m in second["values"] if m not in second["best"]),
                key=lambda m: second["values"][m])
    _answer(page, game, second, wrong)
    verdict(page, "wrong")
    # a wrong try gives no values (issue 43 item 2): the answer comes when asked for
    expect(page.locator(".coach-values")).to_have_count(0)
    tap(page, '#coach-buttons [data-coach="solution"]')
    expect(page.locator(f'.coach-values li.chosen[data-move="{wrong}"]')).to_have_count(
        1, timeout=COACH_MS)
    solved = json.loads(page.evaluate(
        f"() => localStorage.getItem('ludoteca.progress.puzzle.{game}')"))
    assert solved == {first["id"]: {"correct": True, "tries": 1},
                      second["id"]: {"correct": False, "tries": 1}}


def _answer(page, game, puzzle, move):
    """Watch the prelude, if any, then play `move` by clicks. A memorising countdown (Bolonki's)
    is ended as a person who has looked ends it: with "I remember" (GO_ON)."""
    registry = ludoteca.registry
    state = registry.new_game(game, **puzzle["options"]).state_from_json(puzzle["state"])
    wait_until(page, NEW_QUESTION)
    until_steps(page)
    play_move(page, state, move)


def until_steps(page) -> None:
    """Until steps are offered on the board; a wait a person may end (Bolonki's memorising
    countdown: "I remember", GO_ON) ended as a person who has looked ends it."""
    ready = f"document.querySelector('#board [data-step]') || document.querySelector({GO_ON!r})"
    while page.locator("#board [data-step]").count() == 0:
        wait_until(page, f"() => {ready}")
        if page.locator(GO_ON).count():
            tap(page, GO_ON)
            wait_until(page, f"() => !document.querySelector({GO_ON!r}) || "
                             "document.querySelector('#board [data-step]')")


def test_a_puzzle_of_the_day_and_an_unknown_puzzle(shared_page, site):
    page = shared_page
    game = GAMES[0]
    open_coach(page, site, game, "puzzle=day")
    head = page.locator("#coach-head").text_content()
    assert "Puzle" in head
    page.goto(f"{site}/?lang=es#/{game}?puzzle={game}-99999")
    expect(page.locator("#message")).to_have_attribute("data-code", "unknown_puzzle",
                                                       timeout=COACH_MS)
    expect(page.locator("#coach")).to_be_hidden()
    settle(page)  # the game's own page goes on
    assert "?" not in page.url.split("#")[1]


LESSON_PAGE = """<!doctype html><meta charset="utf-8"><title>Lesson</title>
<iframe id="lesson" src="%s" width="640" height="560" title="Ludoteca"></iframe>
<iframe id="puzzle" src="%s" width="640" height="560" title="Ludoteca"></iframe>
<script>
window.heard = [];
addEventListener("message", (e) => window.heard.push(e.data));
</script>"""


def test_a_lesson_page_framing_ludoteca_hears_the_steps_and_the_puzzles(page, site,
                                                                          lesson_site):
    game = "nim" if "nim" in GAMES else GAMES[0]
    steps = lesson(game)
    puzzle = puzzles(game)[0]
    folder, origin = lesson_site
    (folder / "lesson.html").write_text(LESSON_PAGE % (
        f"{site}/?lesson={game}&step={len(steps)}&embed=1",
        f"{site}/?puzzle={puzzle['id']}&embed=1"))
    page.watch.allow(origin)
    page.goto(origin + "/lesson.html")
    expect(page.frame_locator("#lesson").locator("#coach")).to_be_visible(timeout=COACH_MS)
    frame = page.frame(url=lambda url: "lesson=" in url)
    step = steps[-1]
    play_move(frame, step.state(), step.demo)
    expect(page.frame_locator("#lesson").locator('#coach[data-state="right"]')).to_be_visible()
    heard = wait_until(page, "() => window.heard.some((m) => m.type === 'lesson-step') "
                             "&& window.heard")
    told = next(m for m in heard if m["type"] == "lesson-step")
    # issue 44 added the move given (the game's notation), the step count and the latency (ms)
    latency = told.pop("latency")
    assert isinstance(latency, int) and latency >= 0
    assert told == {"source": "ludoteca", "version": 1, "type": "lesson-step", "game": game,
                    "step": step.id, "index": len(steps) - 1, "correct": True,
                    "count": len(steps), "move": step.demo}
    opened = next(m for m in heard if m["type"] == "lesson-open")
    assert opened == {"source": "ludoteca", "version": 1, "type": "lesson-open", "game": game,
                      "step": step.id, "index": len(steps) - 1, "count": len(steps)}
    expect(page.frame_locator("#puzzle").locator("#coach")).to_be_visible(timeout=COACH_MS)
    frame = page.frame(url=lambda url: "puzzle=" in url)
    state = ludoteca.registry.new_game(game, **puzzle["options"]).state_from_json(
        puzzle["state"])
    play_move(frame, state, puzzle["best"][0])
    heard = wait_until(page, "() => window.heard.some((m) => m.type === 'puzzle-solved') "
                             "&& window.heard")
    solved = next(m for m in heard if m["type"] == "puzzle-solved")
    assert isinstance(solved.pop("latency"), int)
    assert solved == {"source": "ludoteca", "version": 1, "type": "puzzle-solved",
                      "game": game, "id": puzzle["id"], "correct": True, "tries": 1,
                      "move": puzzle["best"][0], "index": 0, "count": len(puzzles(game))}
