"""The bean lab (`#/bul/beans`, `?lab=beans`) as a class uses it: groups on two other devices
send their tallies by result code (one read aloud and typed, one pasted as a result link), a
third group's throws are entered by hand on the teacher's page; the page pools them and says
in words whether the beans look fair. A code pooled twice is recognised, a mistyped one is
refused in words with nothing lost, a reload restores the lab, the CSV holds the tallies,
a lab kept that cannot be read is set aside and said, and the lab embeds in a lesson page
that hears what was pooled."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from ludoteca.games.bul import beans_lab
from ludoteca.labs import bean_lab

from .conftest import ENGINE_READY_MS, Watch
from .helpers import wait_until
from .test_a11y import violations
from .test_offline_embed import PARENT_PAGE

MARK = "[data-action=mark-{}]"
GROUPS = ".lab-groups tbody tr"


def open_lab(page, site, address="?lab=beans&lang=en", opened=False):
    if not opened:
        page.goto(f"{site}/{address}")
    expect(page.locator(MARK.format(2))).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("[data-verdict]")).to_be_visible(timeout=ENGINE_READY_MS)


def group_row(page, group):
    return page.locator(f'{GROUPS}[data-group="{group}"] td')


def switch_on(browser, browser_context_args, site, class_number):
    """Another browser (nothing shared with the teacher's), opened on the class's link; its
    engine loads while the test goes on: returns (context, page, watch)."""
    context = browser.new_context(**browser_context_args)
    watch = Watch(context, site)
    device = context.new_page()
    device.goto(f"{site}/?lang=en#/bul/beans?class={class_number}")
    return context, device, watch


def a_group_device(browser, browser_context_args, site, class_number, group, switched=None):
    """Another browser (nothing shared with the teacher's; `switched` on already, or now), on
    the class's link, as group `group`: returns (context, page, watch)."""
    context, device, watch = switched or switch_on(browser, browser_context_args, site,
                                                   class_number)
    open_lab(device, site, f"?lang=en#/bul/beans?class={class_number}", opened=True)
    expect(device.locator("#lab-class")).to_have_value(str(class_number))
    device.fill("#lab-group", str(group))
    device.locator("#lab-group").dispatch_event("change")
    return context, device, watch


def made_code(device):
    code = device.locator(".lab-code-text").first
    # a code made before (not this one), read in one step: a change of class or group takes
    # the old code away, and a wait for its text between a count and a read never ended
    shown = device.evaluate("() => document.querySelector('.lab-code-text')?.innerText ?? null")
    device.click("[data-action=make-code]")
    if shown is not None:
        expect(code).not_to_have_text(shown)
    expect(code).to_have_text(re.compile(r"^B[0-9A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$"))
    return code.inner_text(), device.locator(".lab-result-link").first.get_attribute("href")


def pool(page, text):
    page.fill("#lab-code", text)
    page.click("[data-action=pool]")


def test_three_groups_pooled_by_code_link_and_hand(page, site, browser, browser_context_args):
    open_lab(page, site)
    class_number = page.locator("#lab-class").input_value()
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", "none")

    # both groups' devices switched on at once (their engines load together)
    switched = [switch_on(browser, browser_context_args, site, class_number) for _ in range(2)]
    # group 2 counted with real beans and types its tallies in one go
    context_a, device_a, watch_a = a_group_device(browser, browser_context_args, site,
                                                  class_number, 2, switched[0])
    device_a.click(".lab-typed summary")
    for marks, count in enumerate([9, 41, 58, 39, 13]):
        device_a.fill(f'.lab-typed input[data-marks="{marks}"]', str(count))
    device_a.click("[data-action=add-typed]")
    expect(group_row(device_a, 2).first).to_have_text("160")
    code_a, _ = made_code(device_a)

    # group 3 throws on screen (the engine's throws)
    context_b, device_b, watch_b = a_group_device(browser, browser_context_args, site,
                                                  class_number, 3, switched[1])
    device_b.click("[data-action=screen-100]")
    expect(group_row(device_b, 3).first).to_have_text("100")
    code_b, link_b = made_code(device_b)
    assert f"code={code_b}" in link_b

    # group 1 enters its throws by hand on the teacher's page, throw by throw
    throws = [2, 1, 3, 2, 0, 2, 4, 1, 2, 3, 2, 1]
    for n, marks in enumerate(throws, 1):
        page.click(MARK.format(marks))
        expect(page.locator(".lab-last")).to_contain_text(f"Throw {n}:")
    expect(group_row(page, 1).first).to_have_text(str(len(throws)))

    # group 2's code read aloud and typed as people type it; group 3's link pasted
    pool(page, code_a.lower().replace("-", " ").replace("1", "l").replace("0", "o"))
    expect(page.locator("#lab-message")).to_have_text("Group 2 pooled: 160 throws.")
    pool(page, link_b)
    expect(page.locator("#lab-message")).to_have_text("Group 3 pooled: 100 throws.")
    expect(page.locator(GROUPS)).to_have_count(3)
    total = len(throws) + 160 + 100
    expect(page.locator(".lab-table caption").first).to_have_text(
        f"Observed against expected in {total} throws")

    # the verdict, in words, with its p-value explained
    verdict = page.locator(".lab-verdict-main")
    expect(verdict).to_have_attribute("data-verdict", re.compile("fair|doubtful|unfair"))
    expect(verdict).to_have_text(re.compile(r"The beans (look fair|might not be fair|do not)"))
    expect(page.locator("#lab-verdict")).to_contain_text("experiments like yours")
    expect(page.locator(".lab-bias-text")).to_contain_text("throws for the test to notice")
    # the charts have their text alternative: a table of observed and expected
    rows = page.locator(".lab-table").first.locator("tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.nth(0).locator("td").nth(0)).to_have_text("1/16")
    expect(rows.nth(0).locator("th")).to_have_text("0 worth 5")

    # pooled twice: recognised, nothing changes
    pool(page, code_a)
    expect(page.locator("#lab-message")).to_contain_text("already pooled (group 2, part 1)")
    expect(page.locator(GROUPS)).to_have_count(3)
    expect(group_row(page, 2).first).to_have_text("160")

    # a symbol mistyped: refused in words; the text stays to be corrected; nothing lost
    typo = code_b[:6] + ("X" if code_b[6] != "X" else "Y") + code_b[7:]
    pool(page, typo)
    message = page.locator("#lab-message")
    expect(message).to_have_attribute("role", "alert")
    expect(message).to_contain_text("check symbol does not match")
    expect(page.locator("#lab-code")).to_have_value(typo)
    expect(page.locator(GROUPS)).to_have_count(3)

    # a code an older Ludoteca made: another version, said so; nothing lost
    pool(page, "B04H-1041-0610-5M")
    expect(message).to_contain_text("another version of Ludoteca")
    expect(page.locator(GROUPS)).to_have_count(3)

    # another class's code: said so
    device_a.fill("#lab-class", str(int(class_number) % 2047 + 1))
    device_a.locator("#lab-class").dispatch_event("change")
    other_code, _ = made_code(device_a)
    pool(page, other_code)
    expect(message).to_contain_text("from another lab")
    for context, device, watch in ((context_a, device_a, watch_a),
                                   (context_b, device_b, watch_b)):
        watch.stop()
        watch.check([device])
        context.close()

    # a reload restores the lab
    page.reload()
    expect(page.locator(GROUPS)).to_have_count(3, timeout=ENGINE_READY_MS)
    expect(page.locator("#lab-class")).to_have_value(class_number)
    expect(page.locator(".lab-table caption").first).to_have_text(
        f"Observed against expected in {total} throws")

    # the CSV holds every group's tallies and the class's
    with page.expect_download() as download:
        page.click("[data-action=export-csv]")
    table = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert table[0][:4] == ["Group", "From", "Code", "Throws"]
    by_group = {row[0]: row for row in table[1:]}
    assert by_group["2"][2] == code_a and by_group["2"][4:] == ["9", "41", "58", "39", "13"]
    assert by_group["1"][3] == str(len(throws))
    assert by_group["1"][4:] == [str(throws.count(k)) for k in range(5)]
    assert by_group["The whole class"][3] == str(total)


def test_a_lab_that_cannot_be_read_is_set_aside_and_said(page, site):
    page.goto(f"{site}/?lang=en")
    page.evaluate("() => localStorage.setItem('ludoteca.lab.beans.bul', '{\"class\": \"oops\"')")
    open_lab(page, site)
    expect(page.locator(".lab-notice")).to_contain_text("set aside (not deleted)")
    kept = page.evaluate("""() => Object.keys(localStorage)
      .filter((k) => k.startsWith('ludoteca.corrupt.lab.beans.bul.'))
      .map((k) => localStorage.getItem(k))""")
    assert kept == ['{"class": "oops"']
    page.click(MARK.format(2))  # the new lab works and is kept
    expect(group_row(page, 1).first).to_have_text("1")

    # a result link opened on the teacher's device pools its code
    class_number = int(page.locator("#lab-class").input_value())
    code = bean_lab.make_codes(beans_lab, class_number, 4, [1, 2, 3, 4, 5])[0]["code"]
    page.goto(f"{site}/?lang=en#/bul/beans?code={code}")
    expect(page.locator("#lab-message")).to_have_text("Group 4 pooled: 15 throws.",
                                                      timeout=ENGINE_READY_MS)
    expect(page.locator(GROUPS)).to_have_count(2)


def test_the_lab_reached_from_bul_and_embedded_in_a_lesson(page, site, lesson_site):
    # from Bul's table: the odds' box links to the lab
    page.goto(f"{site}/?lang=en#/bul")
    page.click("[data-action=odds]")
    page.click(".bul-lab-link")
    expect(page.locator(MARK.format(0))).to_be_visible(timeout=ENGINE_READY_MS)
    assert page.url.endswith("#/bul/beans")

    # in a lesson page: the lab fits, and the lesson hears each throw pooled
    folder, lesson = lesson_site
    (folder / "lesson.html").write_text(
        PARENT_PAGE % (f"{site}/?lab=beans&embed=1&lang=en", 320, 320))
    page.watch.allow(lesson)
    page.goto(lesson + "/lesson.html")
    frame = page.frame_locator("#game")
    expect(frame.locator(MARK.format(3))).to_be_visible(timeout=ENGINE_READY_MS)
    expect(frame.locator("[data-verdict]")).to_be_visible(timeout=ENGINE_READY_MS)
    assert page.frames[1].evaluate("() => document.scrollingElement.scrollWidth") <= 320
    frame.locator(MARK.format(3)).click()
    pooled = wait_until(page, """() => window.received.find((m) => m.type === 'beans-pooled')""")
    assert pooled["source"] == "ludoteca" and pooled["game"] == "bul"
    assert pooled["throws"] == 1 and pooled["tallies"] == [0, 0, 0, 1, 0]
    assert pooled["verdict"] == "too_few"


@pytest.fixture
def axe_lab(page):
    """A page where axe-core runs (its Content-Security-Policy bypassed, as test_a11y's)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.context.new_cdp_session(page).send("Page.setBypassCSP", {"enabled": True})
    return page


def test_the_lab_by_keyboard_without_accessibility_violations(axe_lab, site):
    page = axe_lab
    open_lab(page, site)
    page.focus("#lab-group")
    page.keyboard.press("Tab")  # the first button: no marked face up
    expect(page.locator(MARK.format(0))).to_be_focused()
    page.keyboard.press("ArrowRight")  # nothing moves the focus but Tab
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".lab-last")).to_have_text("Throw 1: 1 marked face (worth 1).")
    page.focus("[data-action=screen-10]")
    page.keyboard.press("Space")
    expect(group_row(page, 1).first).to_have_text("11")
    page.click("[data-action=make-code]")
    expect(page.locator(".lab-code-text")).to_be_visible()
    found = violations(page, "lab")
    page.click('button[data-lang="es"]')  # the page speaks the language of the moment
    expect(page.locator("#lab-title")).to_have_text("Laboratorio de frijoles")
    expect(page.locator(".lab-last")).to_have_text(re.compile(r"^10 tiradas en pantalla: "))
    page.click('button[data-lang="en"]')
    page.click("#projector")
    found += violations(page, "lab, projector")
    page.click("#projector")
    page.set_viewport_size({"width": 390, "height": 844})
    found += violations(page, "lab, phone")
    assert found == []
