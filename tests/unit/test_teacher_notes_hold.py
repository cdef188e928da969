"""The teacher's notes hold together (issue 43, item 7): every link and worksheet of a plan
opens material of the rule set the plan teaches (a Puluc lesson does not close on a puzzle
of Aj Sakalil), the minutes hold the games they ask for, every source is a citation with
its author, title, year and address as far as docs/SOURCES.md knows them, and every number
an answer quotes from the fairness lab is the shipped result's, computed by the page from
the engine's answer (web/teach/figures.js), never typed."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from page_modules import run_in_node
from test_teacher_notes import GAMES_WITH_NOTES, LANGS, page_folder, strings
from web_calls import call, fresh_sessions  # noqa: F401 (an autouse fixture)

from ludoteca import registry
from ludoteca.labs import fairness
from ludoteca.teaching.puzzles import LEVELS, of_the_day, shelf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from builder.catalogue import game_catalogue  # noqa: E402 (after the path)

SOURCES = (ROOT / "docs" / "SOURCES.md").read_text()
DAYS = [f"2026-12-{d:02}" for d in range(1, 29)]


@pytest.fixture(scope="module")
def plans(tmp_path_factory) -> dict:
    """Every game's notes.js as Node reads it: {game: {options, plan, questions, sources}}."""
    folder = tmp_path_factory.mktemp("plans")
    for game in GAMES_WITH_NOTES:
        (folder / f"{game}.js").write_text((page_folder(game) / "notes.js").read_text())
    script = ("const out = {};\n" + "".join(
        f'out["{g}"] = (await import("./{g}.js")).default;\n' for g in GAMES_WITH_NOTES) +
        "console.log(JSON.stringify(out));\n")
    return run_in_node(folder, (), script)


def rule_set(game: str, plan_options: dict):
    """The rule set a plan teaches (its options' value of the game's rule-set option)."""
    option = registry.spec_of(game).rule_set_option
    return plan_options.get(option) if option else None


def agrees(options: dict, plan_options: dict) -> bool:
    return all(options.get(name) == value for name, value in plan_options.items())


def links(plan: dict) -> list:
    """Every link of a plan: its rows' and questions' own, and the print kit's sheets."""
    found = [row["link"] for part in ("plan", "questions") for row in plan[part] if "link" in row]
    found += [{"print": item} for row in plan["plan"] for item in row.get("sheets", [])]
    return found


# --- the rule set --------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_a_plan_names_options_the_game_has(plans, game):
    options = plans[game]["options"]
    described = registry.spec_of(game).Game.describe_options()
    for name, value in options.items():
        assert name in described, (game, name)
        registry.new_game(game, **{name: value})  # a value the game takes


def test_bul_teaches_puluc_and_without_the_rule_set_a_day_would_bring_another():
    # the defect seen: the plan teaches Puluc, the day's puzzle was Aj Sakalil's
    assert any(of_the_day("bul", day)["options"]["variant"] != "puluc" for day in DAYS)


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_every_puzzle_a_plan_opens_is_of_its_rule_set(plans, game):
    plan = plans[game]["options"]
    chosen = rule_set(game, plan)
    puzzle_links = [link for link in links(plans[game]) if "?puzzle=" in link.get("href", "")
                    or link.get("print") in ("puzzles", "key")]
    assert puzzle_links, "a plan closes with a puzzle"
    own = shelf(game, chosen)
    assert len(own) >= 6, "enough puzzles of the rule set for a worksheet and a week of days"
    assert all(agrees(p["options"], plan) for p in own)
    for level in (None, *LEVELS):  # the puzzle of the day, at every level, every day
        for day in DAYS:
            assert agrees(of_the_day(game, day, level, chosen)["options"], plan), (day, level)
    # through the facade, as the page asks: the day's puzzle, its series, "next" and the sheets
    extra = {"rule_set": chosen} if chosen else {}
    for level in LEVELS:
        opened = call(op="puzzle", game=game, day="2026-12-06", level=level, **extra)
        assert opened["ok"], opened
        assert agrees(opened["view"]["options"], plan)
        assert opened["coach"]["count"] == len(shelf(game))  # progress counts the whole set
    listed = call(op="puzzles", game=game, **extra)["puzzles"]
    assert [p["id"] for p in listed] == [p["id"] for p in own]
    for key in (False, True):
        sheet = call(op="puzzle_sheet", game=game, count=12, key=key, **extra)
        assert sheet["total"] == len(own)
        assert sheet["puzzles"] and all(agrees(p["options"], plan) for p in sheet["puzzles"])


def test_bul_has_puluc_puzzles_of_two_men_against_one_at_every_level():
    puluc = shelf("bul", "puluc")
    assert {p["difficulty"] for p in puluc} == set(LEVELS)
    for puzzle in puluc:
        state = puzzle["state"]
        alive = [5 - state["dead"][p] - state["retired"][p] for p in (0, 1)]
        assert sorted(alive) == [1, 2], puzzle["id"]
        assert puzzle["question"]["key"] == "puzzle.bul.odds"  # one throw: Puluc's
    # and on the road of 13 rows the class plays, at every level
    assert {p["difficulty"] for p in puluc if p["options"]["length"] == 13} == set(LEVELS)


def test_a_rule_set_the_game_has_not_is_refused_in_words():
    for bad in ("chess", "", 3, ["puluc"], {"a": 1}):
        answer = call(op="puzzle", game="bul", day="2026-12-06", rule_set=bad)
        assert answer["error"]["code"] == "bad_rule_set", bad
        assert call(op="puzzles", game="bul", rule_set=bad)["error"]["code"] == "bad_rule_set"
    # a game without rule sets has none to name
    assert call(op="puzzles", game="buku", rule_set="puluc")["error"]["code"] == "bad_rule_set"


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_every_lesson_step_a_plan_links_is_of_its_rule_set(plans, game):
    plan = plans[game]["options"]
    steps = registry.spec_of(game).lessons()
    for link in links(plans[game]):
        found = re.fullmatch(r"\?learn=(\d+)", link.get("href") or "")
        if found:
            options = steps[int(found.group(1)) - 1].state().game.options
            assert agrees(options, plan), (game, link)


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_the_fairness_lab_a_plan_links_has_a_shipped_result_of_its_rule_set(plans, game):
    plan = plans[game]["options"]
    if any(link.get("href") == "/fairness" for link in links(plans[game])):
        config = fairness.config_of(game, plan)
        assert config["shipped"] is not None and agrees(config["options"], plan)


# --- every link opens the plan's options ------------------------------------------------------
# Each address a plan links, read by the site's own readers in Node (no page booted): the
# options the table, the set-up mode and the print kit take from the address's hash
# (params.js `optionsIn`, what routing.js and print.js ask), and the rule set a puzzle keeps
# to (rule-set.js). The defect seen: the notes put `variant=puluc` in the hash and the table
# read only the `?` query, so "Open the board" (now "Play Puluc") resumed a game of Aj Sakalil.
LINKS_SCRIPT = """
import { linkAddress } from "./teach/plan-links.js";
import { optionsIn } from "./links/params.js";
import { ruleSetNamed } from "./teach/rule-set.js";
import { BUILD } from "./build-info.js";
const plans = JSON.parse(process.argv[2]);
const out = [];
for (const [game, plan] of Object.entries(plans)) {
  const links = [...plan.plan, ...plan.questions].filter((row) => row.link).map((row) => row.link);
  for (const row of plan.plan) for (const item of row.sheets || []) links.push({ print: item });
  links.push({ href: "/print" }); // the notes' own way to the print kit
  for (const link of links) {
    if (link.rules) continue; // the rules panel: the notes' own button, no address
    const address = linkAddress(game, link, plan.options);
    const [where, query = ""] = address.slice(2).split("?");
    out.push({ game, link, address, where, options: optionsIn(query, BUILD.games[game]),
      ruleSet: ruleSetNamed(game, query) });
  }
}
console.log(JSON.stringify(out));
"""


def link_targets(plans, folder: Path) -> list:
    """Every link of every plan, with what the site reads from its address."""
    (folder / "build-info.js").write_text(
        f"export const BUILD = {json.dumps({'games': game_catalogue()})};\n")
    (folder / "kit").mkdir()
    (folder / "kit" / "i18n.js").write_text('export const LANGUAGES = ["es", "en"];\n')
    return run_in_node(folder, ("teach/plan-links.js", "links/params.js", "teach/rule-set.js"),
                       LINKS_SCRIPT, json.dumps(plans))


def test_every_link_of_every_plan_opens_the_options_it_teaches(plans, tmp_path):
    targets = link_targets(plans, tmp_path)
    assert {t["game"] for t in targets} == set(GAMES_WITH_NOTES)
    for target in targets:
        game, plan = target["game"], plans[target["game"]]["options"]
        # the table, a lesson, a puzzle, the set-up mode, the print kit, a lab: all of them
        # take the plan's options from the address, whole
        assert target["options"] == plan, target
        assert target["ruleSet"] == rule_set(game, plan), target
        assert target["where"].split("/")[0] == game
    # the Bul plan's "open the board" and its puzzle of the day: Puluc, read from the hash
    bul = {t["address"]: t for t in targets if t["game"] == "bul"}
    assert bul["#/bul?variant=puluc"]["options"] == {"variant": "puluc"}
    assert bul["#/bul?puzzle=day&variant=puluc"]["ruleSet"] == "puluc"


# --- the minutes -----------------------------------------------------------------------------
def stated_minutes(game: str, lang: str) -> int:
    """The length of one game as the home page states it ("unos 20 minutos")."""
    return int(re.search(r"\d+", strings(game, lang)[f"game.{game}.length"]).group())


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_the_minutes_hold_the_games_they_ask_for(plans, game):
    rows = plans[game]["plan"]
    assert sum(row["minutes"] for row in rows) == 45
    playing = [row for row in rows if row["id"] == "play"]
    assert playing and all(row.get("games", 0) >= 1 for row in playing)
    for lang in LANGS:
        length = stated_minutes(game, lang)
        for row in rows:
            assert row["minutes"] >= row.get("games", 0) * length, (game, row["id"], lang)


# --- the sources -----------------------------------------------------------------------------
def sources_section(game: str) -> str:
    """Its game's section of docs/SOURCES.md."""
    name = {"bul": "Bul"}.get(game, game.capitalize())
    return re.search(rf"^## {name}\b.*?(?=^## )", SOURCES, re.S | re.M).group()


@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_every_source_is_a_citation_docs_sources_knows(plans, game):
    section = sources_section(game)
    cited = plans[game]["sources"]
    texts = [s for s in cited if not s.get("own")]
    assert texts and cited[0]["id"] == "seed"
    for source in texts:
        # every part is there: its value, or null where the text gives none (said in words)
        assert set(source) >= {"id", "author", "title", "site", "year", "address"}, source
        assert source["title"] or source["address"], source
        for part in ("author", "title", "site"):
            if source[part]:
                assert source[part].split(",")[0] in section, (game, part, source[part])
        if source["year"] is not None:
            assert str(source["year"]) in section, (game, source)
        if source["address"]:
            assert f"<{source['address']}>" in section, (game, source["address"])
    # no address SOURCES.md gives for the game is left out
    given = set(re.findall(r"<(https?://[^>]+)>", section))
    assert given == {s["address"] for s in texts if s["address"]}


def test_bul_names_its_seed_by_title_and_no_text_is_anonymous_twice():
    words = strings("bul", "es")["bul.notes.source.seed"]
    assert not words.startswith("Texto en español")


# --- the numbers from the fairness lab ---------------------------------------------------------
FIGURES_SCRIPT = """
import { fairnessParams } from "./teach/figures.js";
const [config, lang] = [JSON.parse(process.argv[2]), process.argv[3]];
const formatNumber = (x, o = { maximumFractionDigits: 1 }) =>
  new Intl.NumberFormat(lang, o).format(x);
const formatPercent = (x, d = 1) => formatNumber(x, { style: "percent", maximumFractionDigits: d });
console.log(JSON.stringify(fairnessParams(config, { formatNumber, formatPercent })));
"""


def figures(game: str) -> list:
    return [q for q in _notes_of(game)["questions"] if "figure" in q]


_NOTES = {}


def _notes_of(game):
    return _NOTES[game]


@pytest.fixture(autouse=True)
def _keep_notes(plans):  # the module's helpers read the notes the fixture read
    _NOTES.update(plans)


def percent(share: float, lang: str) -> str:
    text = f"{round(share * 100, 1):g}"
    return f"{text}%" if lang == "en" else f"{text.replace('.', ',')}\u00a0%"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES_WITH_NOTES)
def test_every_figure_an_answer_quotes_is_the_shipped_result(plans, game, lang, tmp_path):
    for question in figures(game):
        figure = question["figure"]
        assert agrees(figure["fairness"]["options"], plans[game]["options"])
        config = fairness.config_of(game, figure["fairness"]["options"])
        shipped = config["shipped"]
        assert shipped is not None, (game, question["id"])
        words = strings(game, lang)[f"{game}.notes.q.{question['id']}.a"]
        for name in ("games", "wins", "rate", "others", "otherRate", "low", "high", "verdict"):
            assert f"{{{name}}}" in words, (game, lang, name)
        typed = re.sub(r"\{\w+\}|95\s?%", "", words)  # the interval's confidence is the lab's
        assert not re.search(r"\d", typed), "no number typed by hand"
        assert strings(game, lang).get(figure["player"]) or \
            json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text()).get(figure["player"])
        params = run_in_node(tmp_path, ("teach/figures.js",), FIGURES_SCRIPT,
                             json.dumps(config), lang)
        tally, summary = shipped["tally"], shipped["summary"]
        wins = tally["wins"]
        digits = (lambda n: f"{n:,}") if lang == "en" else str  # es: no group of 4 digits
        assert params["games"] == digits(tally["games"])
        assert params["wins"] == digits(wins[0])
        assert params["others"] == digits(sum(wins[1:]))
        assert params["rate"] == percent(wins[0] / tally["games"], lang)
        assert params["otherRate"] == percent(sum(wins[1:]) / tally["games"], lang)
        assert params["low"] == percent(summary["share"]["low"], lang)
        assert params["high"] == percent(summary["share"]["high"], lang)
        assert params["verdict"] == summary["verdict"]
        for name, value in config["options"].items():
            if f"{{{name}}}" in words:
                assert params[name] == str(value)


def test_a_rule_set_with_no_puzzles_gets_the_whole_set_and_says_so():
    # Boolik has no proven puzzles: a sheet or "next" from a Boolik table is never empty
    assert shelf("bul", "boolik") == ()
    every = [p["id"] for p in shelf("bul")]
    assert [p["id"] for p in call(op="puzzles", game="bul", rule_set="boolik")["puzzles"]] == \
        every
    sheet = call(op="puzzle_sheet", game="bul", count=4, rule_set="boolik")
    assert sheet["total"] == len(every) and sheet["rule_set"] is None and sheet["puzzles"]
    kept = call(op="puzzle_sheet", game="bul", count=4, rule_set="puluc")
    assert kept["rule_set"] == "puluc"
    assert call(op="puzzle", game="bul", day="2026-12-06", rule_set="boolik")["ok"]
