"""The fairness lab as a class uses it: from a game's set-up ("¿Es justo?") to its page; the
shipped results at once; a live run started, progressing (the bar moves, the interval
narrows) and stopped by the button; Bul's eight rule sets side by side; a "make it fairer"
prediction and its outcome."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ENGINE_READY_MS
from .helpers import open_game, open_setup, sized, wait_until

RUN_MS = 120_000  # games on a loaded machine; never a sleep

PROGRESS = "() => Number(document.querySelector('#fair-progress')?.value || 0)"
NARROW = "() => document.querySelector('#fair-narrow')?.getAttribute('aria-label') || ''"


def open_lab(page, site, address):
    page.goto(f"{site}/?lang=es{address}")
    expect(page.locator("#fair-start")).to_be_visible(timeout=ENGINE_READY_MS)


def interval_width(label: str) -> float:
    """The width in points of "el intervalo va de 41,7 % a 48,2 %"."""
    low, high = (float(x.replace(",", ".")) for x in re.findall(r"(\d+(?:,\d+)?)\s*%", label))
    return high - low


def test_the_set_up_leads_to_the_lab_and_its_shipped_results_show_at_once(page, site):
    open_game(page, site, "bakuk", "?lang=es")
    open_setup(page)  # folded once the game is on the table
    link = page.get_by_role("link", name="¿Es justo?")
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(r"#/bakuk/fairness"))
    shipped = page.locator("#fair-shipped-result")
    expect(shipped).to_contain_text("Sur gana")  # no run needed: shipped with the site
    expect(shipped.locator("table tbody tr")).to_have_count(2)
    expect(page.locator("#fair-exact")).to_contain_text("gana Sur por 2 semillas")
    expect(page.locator("#fair-progress")).to_have_count(0)  # nothing was run


def test_a_run_progresses_narrows_and_stops_at_the_button(page, site):
    open_lab(page, site, "#/bul/fairness")
    expect(page.locator("#fair-shipped-result")).to_contain_text("de las partidas")
    page.locator("#fair-target").select_option("2400")
    page.get_by_role("button", name="Jugar las partidas").click()
    expect(page.locator("#fair-stop")).to_be_enabled()
    wait_until(page, f"() => ({PROGRESS})() > 0", timeout=RUN_MS)
    early_games = page.evaluate(PROGRESS)
    early = interval_width(page.evaluate(NARROW))
    wait_until(page, f"() => ({PROGRESS})() >= {max(4 * early_games, 60)}", timeout=RUN_MS)
    later = interval_width(page.evaluate(NARROW))
    assert later < early  # more games, a narrower interval
    page.get_by_role("button", name="Parar").click()
    text = page.locator("#fair-progress-text")
    expect(text).to_contain_text("Parado tras", timeout=RUN_MS)
    expect(page.locator("#fair-start")).to_be_enabled()
    expect(page.locator("#fair-stop")).to_be_disabled()
    stopped_at = page.evaluate(PROGRESS)
    assert 0 < stopped_at < 2400
    assert f"{stopped_at} partidas" in text.inner_text()
    expect(page.locator("#fair-live .fair-table tbody tr")).to_have_count(2)


def test_bul_compares_its_eight_rule_sets_on_every_road(page, site):
    open_lab(page, site, "#/bul/fairness")
    table = page.locator("#fair-compare-table")
    expect(table.locator("tbody tr")).to_have_count(8)
    expect(table.locator("thead th")).to_have_count(1 + 6)  # the rule set, then six roads
    for name in ("Boolik", "Bu'ul", "Puluc", "Aj Sayil", "Aj T'iwil", "Aj Sina'anil",
                 "Aj Sakalil", "A K'aak'il"):
        expect(table.locator("tbody th", has_text=name)).to_have_count(1)
    assert "—" not in table.locator("tbody").inner_text()  # every road of every rule set
    chart = page.locator("#fair-compare-head ~ .fair-chart .fair-row")
    expect(chart).to_have_count(8)
    page.locator("#fair-column").select_option("9")
    expect(chart).to_have_count(8)


def test_make_it_fairer_a_prediction_and_its_outcome(page, site):
    """A beginner who starts against a casual player: the class predicts "less fair", runs
    it, and the page says whether the change made the game less fair and whether they were
    right."""
    open_lab(page, site, "#/bakuk/fairness")
    page.locator('#fair-form [data-seat="0"]').select_option("beginner")
    prediction = page.get_by_role("radio", name="menos justo")
    expect(prediction).to_be_enabled()
    prediction.check()
    page.locator("#fair-target").select_option("200")
    page.get_by_role("button", name="Jugar las partidas").click()
    outcome = page.locator("#fair-outcome")
    expect(outcome).to_contain_text("menos justo", timeout=RUN_MS)
    expect(outcome).to_contain_text("acertó")
    expect(page.locator("#fair-progress-text")).to_contain_text("Terminado: 200 partidas")


def test_a_shipped_result_played_again_in_the_browser_is_the_same(page, site):
    """The same seed, the same games: the browser's engine makes the very tally the build
    made (seeded games do not depend on the machine, nor on how the run is sliced)."""
    open_lab(page, site, "#/bakuk/fairness")
    shipped = page.locator("#fair-shipped-result table tbody").inner_text()
    page.get_by_role("button", name="Volver a jugar estas 2400 partidas").click()
    expect(page.locator("#fair-progress-text")).to_contain_text(
        "Terminado: 2400 partidas (semilla 37)", timeout=RUN_MS)
    assert page.locator("#fair-live table tbody").inner_text() == shipped


def test_a_combination_the_rules_do_not_have_is_refused_in_words(page, site):
    """Teams are played only in the Verbeeck rule sets: asked for Puluc, the lab says so and
    keeps the game as it was; with a Verbeeck rule set the teams' result shows."""
    open_lab(page, site, "#/bul/fairness?variant=puluc")
    teams = page.locator('#fair-form [data-option="team_size"]')
    teams.select_option(label="2 por bando (4 personas)")
    expect(page.get_by_role("alert")).to_contain_text("Verbeeck")
    expect(teams).to_have_value("1")
    expect(page.locator("#fair-form [data-seat]")).to_have_count(2)
    page.locator('#fair-form [data-option="variant"]').select_option(label="Aj Sayil (Hormiga)")
    page.locator('#fair-form [data-option="team_size"]').select_option(
        label="2 por bando (4 personas)")
    expect(page.locator("#fair-form [data-seat]")).to_have_count(4)
    expect(page.locator("#fair-shipped-result tbody tr")).to_have_count(4)
    expect(page).to_have_url(re.compile(r"variant=aj-sayil&team_size=2"))


def test_run_and_stop_are_in_sight_without_scrolling(page, site):
    """On a laptop and a projector the form is taller than what is left of the screen: its
    buttons stay at the foot of the screen, in sight, while the form is."""
    for width, height in ((1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        open_lab(page, site, "#/bakuk/fairness")
        for name in ("#fair-start", "#fair-stop"):
            box = page.locator(name).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, name, box)


@pytest.mark.parametrize(("lang", "stronger", "starts", "done"), [
    ("es", "Gana más el nivel más fuerte: Norte", "empieza", "Terminado: 200"),
    ("en", "The stronger level wins more: North", "start", "Done: 200")])
def test_a_change_of_level_is_worded_as_levels_not_as_who_starts(page, site, lang, stronger,
                                                                   starts, done):
    """Skill is not the first move: a beginner who starts against a casual player loses
    because of the levels, and the verdict says so; with one level at every seat (the
    shipped results) the verdict still speaks of who starts."""
    page.goto(f"{site}/?lang={lang}#/bakuk/fairness")
    expect(page.locator("#fair-start")).to_be_visible(timeout=ENGINE_READY_MS)
    expect(page.locator("#fair-shipped-result .fair-verdict")).to_contain_text(starts)
    page.locator('#fair-form [data-seat="0"]').select_option("beginner")
    page.locator("#fair-target").select_option("200")
    page.locator("#fair-start").click()
    expect(page.locator("#fair-progress-text")).to_contain_text(done, timeout=RUN_MS)
    verdict = page.locator("#fair-live .fair-verdict")
    expect(verdict).to_contain_text(stronger)
    expect(verdict).not_to_contain_text(starts)


# Every heading of a lab page (and a legend, a caption, a summary) whose box a border of a
# box around it crosses: [text, the crossed box's class].
CUT_HEADINGS = """() => {
  const cut = [];
  for (const h of document.querySelectorAll('main :is(h1, h2, h3, legend, caption, summary)')) {
    const r = h.getBoundingClientRect();
    if (!r.height) continue;
    for (let a = h.parentElement; a && a.tagName !== 'MAIN'; a = a.parentElement) {
      const s = getComputedStyle(a);
      const box = a.getBoundingClientRect();
      const top = parseFloat(s.borderTopWidth);
      if (top > 0 && s.borderTopStyle !== 'none' && r.top < box.top + top - 0.5
          && r.bottom > box.top + 0.5) cut.push([h.textContent.trim().slice(0, 40), a.className]);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("width", "height", "projector"), [
    (1366, 768, False), (390, 844, False), (1920, 1080, True)])
def test_no_lab_heading_is_cut_by_its_box_border(page, site, lang, width, height, projector):
    """The question of "make it fairer" is long and wraps: as a fieldset's legend it sat on
    the box's top border, which ran through its lines. The bean lab is looked at too."""
    sized(page, width, height, projector)
    page.goto(f"{site}/?lang={lang}#/bakuk/fairness")
    expect(page.locator("#fair-start")).to_be_visible(timeout=ENGINE_READY_MS)
    page.locator('#fair-form [data-seat="0"]').select_option("beginner")  # the long question
    expect(page.locator("#fair-predict input").first).to_be_enabled()
    assert page.evaluate(CUT_HEADINGS) == []
    page.goto(f"{site}/?lang={lang}#/bul/beans")
    expect(page.locator(".bean-lab h2").first).to_be_visible(timeout=ENGINE_READY_MS)
    assert page.evaluate(CUT_HEADINGS) == []
