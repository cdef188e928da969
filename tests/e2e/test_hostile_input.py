"""The page treats its address and its storage as hostile: parameters named like
object properties, a game id like "constructor", a save of the wrong shape. The page starts
every time, reports what it refused, and keeps the broken save aside. (The `page` fixture
fails the test on any uncaught error.)"""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS


def test_parameters_named_like_object_properties_never_stop_the_page(page, site):
    page.goto(f"{site}/?game=bakuk&toString=1&constructor=1&__proto__=1&hasOwnProperty=2")
    expect(page.locator("#notice")).to_contain_text("toString")
    expect(page.locator("#game-title")).to_have_text("Bakuk")
    expect(page.locator("#board [data-step]").first).to_be_visible(timeout=ENGINE_READY_MS)
    for address in ("/?game=constructor", "/?toString=1", "/#/constructor", "/#/__proto__"):
        page.goto(site + address)
        expect(page.locator("#home")).to_be_visible()
        expect(page.locator("#play")).to_be_hidden()


def test_a_save_of_the_wrong_shape_is_kept_aside_and_a_game_starts(page, site):
    page.goto(site + "/")
    broken = '{"record": {"game": "bakuk"}, "seats": []}'  # a save missing its moves
    page.evaluate("text => localStorage.setItem('ludoteca.save.bakuk', text)", broken)
    page.goto(site + "/#/bakuk")
    expect(page.locator("#message")).to_contain_text("apartado", timeout=ENGINE_READY_MS)
    expect(page.locator("#board [data-step]").first).to_be_visible()
    kept = page.evaluate("""() => Object.keys(localStorage)
                           .filter(k => k.startsWith('ludoteca.corrupt.bakuk'))
                           .map(k => localStorage.getItem(k))""")
    assert kept == [broken]
