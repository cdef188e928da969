"""Helpers for driving the page the way a person does."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import ENGINE_READY_MS

STEP = "#board [data-step]"


def open_game(page: Page, site: str, game: str, query: str = "") -> None:
    page.goto(f"{site}/{query}#/{game}")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)


def start_game(page: Page, options: dict | None = None, seats: list | None = None) -> None:
    """Choose options and seats in the set-up form and press "new game"."""
    if not page.locator("#setup-box").evaluate("box => box.open"):
        page.click("#setup-box > summary")  # on a phone the set-up is folded away
    for name, value in (options or {}).items():
        page.select_option(f'select[data-option="{name}"]', str(value))
    for player, seat in enumerate(seats or []):
        page.select_option(f'select[data-seat="{player}"]', seat)
    page.click("#new-game")
    wait_for_turn_or_action(page)


def wait_for_turn(page: Page, timeout: int = 30_000) -> None:
    """Wait until a person may move (a step is offered) or the game is over."""
    page.wait_for_function(
        """() => document.querySelector('#turn.over') ||
                 document.querySelector('#board [data-step]')""",
        timeout=timeout,
    )


def game_over(page: Page) -> bool:
    return page.locator("#turn.over").count() > 0


def logged_moves(page: Page) -> list:
    return page.locator("#log li code").all_inner_texts()


def progress(page: Page) -> None:
    """Do what a person to move would do next: click an offered step, or throw."""
    wait_for_turn_or_action(page)
    target = page.locator("#board [data-step], #game-controls [data-step]")
    if target.count() == 0:
        target = page.locator('#game-controls [data-action="throw"]')
    target.first.click()


def wait_for_turn_or_action(page: Page, timeout: int = 30_000) -> None:
    page.wait_for_function(
        """() => document.querySelector('#turn.over') ||
                 document.querySelector('#board [data-step], #game-controls [data-step]') ||
                 document.querySelector('#game-controls [data-action="throw"]:not([disabled])')""",
        timeout=timeout,
    )


def playable_games(page: Page, site: str) -> list:
    """The games the home page links to (those with a playable page)."""
    page.goto(site + "/")
    page.wait_for_selector(".game-card")
    return page.locator(".game-card a").evaluate_all(
        "els => els.map(a => a.getAttribute('href').slice(2))")


def wait_for_service_worker(page: Page) -> None:
    """Until the service worker has precached the build and controls the page."""
    page.wait_for_function(
        """async () => (await navigator.serviceWorker.ready).active !== null &&
                       navigator.serviceWorker.controller !== null""",
        timeout=120_000,
    )
