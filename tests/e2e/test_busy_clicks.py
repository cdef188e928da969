"""Issue 43: the page dropped clicks made while it was busy. "Deshacer" clicked twice
quickly took back one move (the first click made the page busy, the second did nothing);
◀ clicked twice quickly stepped back once (both counted from the position still shown); a
hole clicked while the move before was being sown was lost. Each is kept and done once the
page is free, as a click made while Python loads is (test_snapshot.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import aim, click_step, open_game, settle, step_selector

OPENING = ["a", "d", "b"]  # three moves of a Bakuk game between two people (then d, then b)


def three_moves_in(page, site, lang):
    open_game(page, site, "bakuk", f"?lang={lang}&seats=human,human")
    for move in OPENING:
        click_step(page, move)
    expect(page.locator("#log li")).to_have_count(3)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_undo_clicked_twice_quickly_takes_back_two_moves(page, site, lang):
    three_moves_in(page, site, lang)
    page.locator("#undo").dblclick()  # two clicks as a quick person makes them
    expect(page.locator("#log li")).to_have_count(1)
    settle(page)
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator("#redo")).to_be_enabled()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_step_back_clicked_twice_quickly_goes_back_two_moves(page, site, lang):
    three_moves_in(page, site, lang)
    page.locator("#replay-prev").dblclick()
    words = {"es": "Jugada 1 de 3", "en": "Move 1 of 3"}[lang]
    expect(page.locator("#replay-status")).to_have_text(words)
    page.locator("#replay-prev").dblclick()  # and on, from the first move
    expect(page.locator("#replay-status")).to_have_text(words.replace("1", "0", 1))


def test_a_hole_clicked_while_the_move_before_is_sown_is_played(page, site):
    page.emulate_media(reduced_motion="no-preference")  # the sowing is shown, seed by seed
    three_moves_in(page, site, "es")
    settle(page)
    sow, then = point(page, "d"), point(page, '#board [data-forbidden="b"]')
    page.mouse.click(**sow)
    expect(page.locator("#board")).to_have_attribute("aria-busy", "true")
    page.mouse.click(**then)  # the next player's hole, while the seeds still travel
    expect(page.locator("#log li")).to_have_count(5)
    assert page.locator("#log li").nth(4).get_attribute("data-move") == "b"
    expect(page.locator("#board")).not_to_have_attribute("data-pending-step", "b")


def point(page, target):
    spot = aim(page, step_selector(target) if len(target) == 1 else target)
    assert spot, target
    return {"x": spot["x"], "y": spot["y"]}
