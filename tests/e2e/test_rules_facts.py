"""The rules panel draws the engine's facts (builder/catalogue.py `game_catalogue`), not
copies of the rules: Bul's burning rows and bean odds, Buku's squares and example move,
Bolonki's set-up."""

from __future__ import annotations

import json

from playwright.sync_api import expect

import ludoteca
from ludoteca.games.bolonki import rules as bolonki
from ludoteca.games.buku import rules as buku
from ludoteca.games.bul import rules as bul

from .helpers import open_game, open_setup


def open_rules(page, options=None):
    """As a person does on a game's page: its options chosen in the set-up, then "rules"."""
    open_setup(page)
    for name, value in (options or {}).items():
        page.select_option(f'select[data-option="{name}"]', json.dumps(value))
    page.click("#rules-open")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    return dialog


def test_bul_road_and_throw_table_come_from_the_engine(page, site):
    open_game(page, site, "bul")
    for length in (20, 21):
        dialog = open_rules(page, {"variant": "a-kaakil", "length": length})
        road = dialog.locator("svg.rd-bul-road")
        expect(road.locator("rect.rd-cell")).to_have_count(length)
        fire = sorted(ludoteca.new_game("bul", variant="a-kaakil", length=length).fire_rows)
        numbers = road.locator("text.rd-row-number").all_text_contents()
        cells = road.locator("rect.rd-cell").evaluate_all(
            "cells => cells.map(c => c.classList.contains('rd-fire'))")
        assert sorted(int(n) for n, on_fire in zip(numbers, cells, strict=True) if on_fire) == fire
        chances = dialog.locator("svg.rd-bul-throws text.rd-chance").all_text_contents()
        assert [int(c.split()[0]) for c in chances] == [o["ways"] for o in bul.throw_odds()]
        dialog.locator(".rules-close").click()


def test_buku_and_bolonki_diagrams_come_from_the_engine(page, site):
    open_game(page, site, "buku")
    dialog = open_rules(page)
    dark = sum(row.count(1) for row in buku.Game.rules_facts()["owners"])
    expect(dialog.locator("svg.rd-buku rect.rd-dark")).to_have_count(dark + 1)  # + legend
    path = buku.Game.rules_facts()["example"]["path"]
    expect(dialog.locator("svg.rd-buku .rd-path-stop")).to_have_count(len(path))
    dialog.locator(".rules-close").click()
    open_game(page, site, "bolonki")
    dialog = open_rules(page)
    for colour, squares in bolonki.START.items():
        expect(dialog.locator(f"svg.rd-bolonki .rd-{colour} .rd-piece")).to_have_count(
            len(squares))
