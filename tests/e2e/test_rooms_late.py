"""The engine's rooms come after the table (builder/rooms.py, ludoteca/rooms.py, web/worker.js):
a first visit plays its first move with the rooms' zip still on its way; a lesson asked
for before it arrived waits for it, then opens; a restored engine (a repeat visit) has
the rooms in its memory snapshot and never fetches their zip. Every wait is for what the
page says or does, never a fixed time."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS, wait_for_mark
from .helpers import logged_moves, open_game, wait_until

ROOMS = "**/ludoteca-rooms.zip"


class HeldBack:
    """Requests for the rooms' zip held back until `release()`, every later one let go;
    `asked`: the requests seen (said before the route's handler runs)."""

    def __init__(self, context):
        self.routes, self.holding, self.asked = [], True, []
        context.on("request", lambda r: is_rooms(r) and self.asked.append(r.url))
        context.route(ROOMS, self)

    def __call__(self, route):
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self):
        self.holding = False
        for route in self.routes:
            route.continue_()


def is_rooms(request) -> bool:
    return request.url.endswith("/ludoteca-rooms.zip")


def asked_for_rooms(context, held: HeldBack) -> None:
    """Until the worker has asked for the rooms' zip (held back)."""
    if not held.asked:
        context.wait_for_event("request", is_rooms, timeout=ENGINE_READY_MS)


def has_mark(page, name: str) -> bool:
    return page.evaluate("(name) => performance.getEntriesByName(name).length > 0",
                         f"ludoteca:{name}")


def test_the_first_move_is_played_while_the_rooms_are_on_their_way(context, page, site):
    held = HeldBack(context)
    page.goto(f"{site}/?lang=es#/bakuk")
    expect(page.locator("#new-game")).to_be_enabled(timeout=ENGINE_READY_MS)
    page.locator('#board [data-forbidden="a"], #board [data-step="a"]').first.click()
    wait_until(page, "() => document.querySelector('#log li code')", timeout=ENGINE_READY_MS)
    assert logged_moves(page)[0] == "a"
    asked_for_rooms(context, held)  # once the game was playable
    assert not has_mark(page, "start-rooms")
    held.release()
    wait_until(page, "() => performance.getEntriesByName('ludoteca:start-rooms').length > 0",
               timeout=ENGINE_READY_MS)


def test_a_lesson_asked_before_the_rooms_arrived_waits_for_them(context, page, site):
    held = HeldBack(context)
    page.goto(f"{site}/?lang=es#/bul?learn=1")
    # the engine is up and has asked for the rooms; the lesson's request waits for them
    wait_until(page, "() => performance.getEntriesByName('ludoteca:start-rules').length > 0",
               timeout=ENGINE_READY_MS)
    asked_for_rooms(context, held)
    expect(page.locator("#coach")).not_to_be_visible()
    assert not has_mark(page, "start-rooms")
    held.release()
    expect(page.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#coach-head")).to_contain_text("1 de", timeout=ENGINE_READY_MS)
    assert has_mark(page, "start-rooms")


def test_a_restored_engine_has_the_rooms_without_their_zip(context, page, site):
    """A first visit stores the engine's snapshot (made once the rooms are in); the next visit,
    in a new tab, restores the whole engine and opens a lesson without asking for the rooms'
    zip. Its own browser (not the warm one the other tests share): a test before it once left
    the shared one in a state where the restore's mark was never seen."""
    open_game(page, site, "bakuk")
    wait_for_mark(page, "snapshot-stored")
    page.close()
    visit = context.new_page()
    asked = []
    visit.route(ROOMS, lambda route: asked.append(route.request.url) or route.continue_())
    visit.goto(f"{site}/?lang=es#/bul?learn=1")  # a repeat visit: the snapshot is there
    wait_for_mark(visit, "snapshot-restored")
    expect(visit.locator("#coach")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(visit.locator("#coach-head")).to_contain_text("1 de", timeout=ENGINE_READY_MS)
    assert asked == [] and not has_mark(visit, "start-rooms")
