"""The rules panel: each game's rules inside the page, in Spanish and English, with a
diagram, the names the game is known by and where the sources differ; printing shows the
rules alone."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .helpers import open_game, open_setup, playable_games

NAMES = {"bul": "Bul", "bolonki": "Bolonki", "bakuk": "Bakuk", "buku": "Buku"}
GAMES = tuple(NAMES)
BUL_VARIANTS = ("boolik", "buul", "puluc", "aj-sayil", "aj-tiwil", "aj-sinaanil",
                "aj-sakalil", "a-kaakil")
TITLE = {"es": "Reglas del {}", "en": "How to play {}"}
SOURCES = {"es": "Donde las fuentes no coinciden", "en": "Where sources differ"}


def open_rules(page):
    page.click("#rules-open")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    return dialog


def check_panel(dialog, name: str, lang: str) -> None:
    """Title, history and names, a drawn diagram, rule sections and the sources note (as
    much as the four games' rules have: the test suite's fixture game has fewer)."""
    expect(dialog.locator("#rules-title")).to_have_text(TITLE[lang].format(name))
    expect(dialog.locator('[data-section="names"] p')).not_to_be_empty()
    expect(dialog.locator('[data-section="history"] p')).not_to_be_empty()
    diagram = dialog.locator("figure svg.rules-diagram").first
    expect(diagram).to_be_visible()
    assert diagram.get_attribute("role") == "img" and diagram.get_attribute("aria-label")
    assert diagram.locator("text").count() > 5
    expect(dialog.locator("figure figcaption")).not_to_be_empty()
    assert dialog.locator(".rules-section ul li").count() >= (8 if name in NAMES.values() else 3)
    sources = dialog.locator('[data-section="sources"]')
    expect(sources.locator("h3")).to_have_text(SOURCES[lang])
    assert sources.locator("li").count() >= 2
    text = dialog.locator(".rules-doc").inner_text()
    assert "rules." not in text, "an i18n key is shown instead of its text"


def check_print(page, dialog) -> None:
    page.emulate_media(media="print")
    expect(dialog.locator("#rules-title")).to_be_visible()
    expect(dialog.locator('[data-section="sources"]')).to_be_visible()
    expect(dialog.locator("figure svg").first).to_be_visible()
    expect(dialog.locator(".rules-bar")).to_be_hidden()  # no buttons on paper
    for hidden in ("#board", "#setup", ".topbar", "#play .play-head"):
        expect(page.locator(hidden)).to_be_hidden()
    colour = dialog.locator("#rules-title").evaluate("el => getComputedStyle(el).color")
    assert colour == "rgb(0, 0, 0)"
    page.emulate_media(media="screen")
    expect(dialog.locator(".rules-bar")).to_be_visible()
    expect(page.locator("#board")).to_be_visible()  # the page is back (the set-up may be folded)


def test_bakuk_rules_in_spanish_and_english_and_on_paper(page, site):
    page.goto(f"{site}/#/bakuk")
    expect(page.locator("#game-title")).to_have_text("Bakuk")
    dialog = open_rules(page)
    check_panel(dialog, "Bakuk", "es")
    holes = dialog.locator("figure svg .rd-hole-name").all_text_contents()
    assert sorted(holes) == list("abcdef")
    assert "decisión de Ludoteca" in dialog.locator(".rules-doc").inner_text()
    check_print(page, dialog)

    # the page's own language buttons: closed rules, English page, English rules
    dialog.locator(".rules-close").click()
    expect(dialog).to_be_hidden()
    page.click('button[data-lang="en"]')
    expect(page.locator("html")).to_have_attribute("lang", "en")
    dialog = open_rules(page)
    check_panel(dialog, "Bakuk", "en")
    assert "Ludoteca's decision" in dialog.locator(".rules-doc").inner_text()
    expect(page.locator("#rules-open")).to_have_text("Rules")

    # and back to Spanish from inside the panel, which stays open
    dialog.locator('[data-rules-lang="es"]').click()
    expect(dialog.locator("#rules-title")).to_have_text("Reglas del Bakuk")
    expect(dialog).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#rules-open")).to_have_text("Reglas")


def test_every_playable_game_has_its_rules(page, site):
    games = playable_games(page, site)
    assert "bakuk" in games
    for game in games:
        page.click(".brand")
        card = page.locator(f'.game-card[data-game="{game}"]')
        name = card.locator("h2").inner_text()
        assert name
        card.locator("> a").click()
        expect(page.locator("#game-title")).to_have_text(name)  # this game's page is open
        dialog = open_rules(page)
        check_panel(dialog, name, "es")
        if game == "bul":
            check_bul_rule_sets(page, dialog)
        check_print(page, dialog)
        dialog.locator(".rules-close").click()
        expect(dialog).to_be_hidden()


def check_bul_rule_sets(page, dialog) -> None:
    """The rule set chosen in the form comes first; the other seven are one click away."""
    chosen = json.loads(page.locator('select[data-option="variant"]').input_value())
    buttons = dialog.locator("[data-variant-button]")
    expect(buttons).to_have_count(len(BUL_VARIANTS))
    expect(dialog.locator(f'[data-variant-button="{chosen}"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(dialog.locator(".rules-variant")).to_have_attribute("data-variant", chosen)
    other = "a-kaakil" if chosen != "a-kaakil" else "boolik"
    dialog.locator(f'[data-variant-button="{other}"]').click()
    expect(dialog.locator(".rules-variant")).to_have_attribute("data-variant", other)
    expect(dialog.locator(f'[data-variant-button="{other}"]')).to_have_attribute(
        "aria-pressed", "true")


def test_all_rules_are_written_in_both_languages(page, site):
    """Every game and every Bul rule set, in Spanish and English: the panel opened as a
    person opens it, the rule set chosen in the set-up."""
    for game in GAMES:
        open_game(page, site, game)
        for lang in ("es", "en"):
            if page.locator("html").get_attribute("lang") != lang:
                page.click(f'button[data-lang="{lang}"]')
                expect(page.locator("html")).to_have_attribute("lang", lang)
            variants = BUL_VARIANTS if game == "bul" else (None,)
            for variant in variants:
                if variant:
                    open_setup(page)
                    page.select_option('select[data-option="variant"]', json.dumps(variant))
                dialog = open_rules(page)
                check_panel(dialog, NAMES[game], lang)
                if variant:
                    expect(dialog.locator(".rules-variant")).to_have_attribute(
                        "data-variant", variant)
                    expect(dialog.locator(".rules-variant h3")).not_to_be_empty()
                dialog.locator(".rules-close").click()
                expect(dialog).to_be_hidden()
