"""A SCORM package launched by a real SCORM runtime (issue 44): scorm-again (npm), which LMS
builders use, is the platform in a test page (`Scorm12API` as `window.API`, `Scorm2004API` as
`window.API_1484_11`) served from one origin with the package unzipped beside it; the site is
served from another (a linked package) or inside the package (self-contained). A pupil
completes a lesson, leaves mid-lesson and comes back to the step, answers a puzzle set below
and above the mastery score, answers wrong; the runtime holds what a gradebook shows. Opened
outside a platform the activity plays and says once that nothing is recorded."""

from __future__ import annotations

import io
import json
import re
import shutil
import zipfile

import pytest
from playwright.sync_api import expect

import ludoteca
from ludoteca.classroom import scorm
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import puzzles

from .conftest import ROOT
from .helpers import play_move, tap, wait_until

COACH_MS = 60_000
GAME = "bakuk"  # the example: a Bakuk lesson, a page of its puzzles
NEW_QUESTION = ("() => !document.querySelector('#turn.judged') && "
                "document.querySelector('#coach').dataset.state === 'asking'")

PLATFORM = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Platform</title>
<script src="scorm-again/%(script)s"></script>
<script>
  window.%(name)s = new %(api)s({ logLevel: 5, autocommit: false });
  const saved = %(saved)s;
  if (saved) window.%(name)s.loadFromJSON(saved);
  window.calls = [];
  for (const call of ["%(init)s", "%(commit)s", "%(finish)s"]) {
    window.%(name)s.on(call, () => window.calls.push(call));
  }
  const refuse = %(refuse)s; // the platform refuses this element once (an error code)
  if (refuse) {
    const api = window.%(name)s, set = api.%(set)s.bind(api);
    let refusals = 1;
    api.%(set)s = (element, value) => {
      if (element === refuse && refusals > 0) { refusals -= 1; return "false"; }
      return set(element, value);
    };
  }
  // the data model as the platform holds it (its JSON: write-only elements too)
  window.cmi = () => JSON.parse(JSON.stringify(window.%(name)s.cmi));
</script>
%(frame)s
</html>"""
# the platform shows the package in a frame of its page (or opens it in a window of its own)
FRAME = """<iframe id="sco" src="%s/index.html" title="Activity"
        style="width: 100%%; height: 90vh; border: 0"></iframe>"""

STANDARDS = {
    "1.2": {"script": "scorm12.min.js", "name": "API", "api": "Scorm12API",
            "init": "LMSInitialize", "commit": "LMSCommit", "finish": "LMSFinish",
            "get": "LMSGetValue", "set": "LMSSetValue"},
    "2004": {"script": "scorm2004.min.js", "name": "API_1484_11", "api": "Scorm2004API",
             "init": "Initialize", "commit": "Commit", "finish": "Terminate",
             "get": "GetValue", "set": "SetValue"},
}


@pytest.fixture
def platform(tmp_path, site):
    """A learning platform on an origin of its own: `make(activity, ...)` writes a package
    (the launch page from dist/scorm, activity.js as the package maker writes it) and a
    platform page launching it; returns the platform page's URL."""
    from builder.paths import DIST
    from tools.server import start

    (tmp_path / "netlify.toml").write_text("")
    shutil.copytree(ROOT / "node_modules" / "scorm-again" / "dist", tmp_path / "scorm-again")
    server = start(tmp_path, tmp_path / "netlify.toml")
    origin = f"http://127.0.0.1:{server.server_port}"
    made = []

    def make(activity, standard="2004", saved=None, refuse=None, self_contained=False,
             mastery=None, lang="es", site_url=None, popup=False):
        name = f"package-{len(made)}"
        folder = tmp_path / name
        folder.mkdir()
        kind = "self-contained" if self_contained else "linked"
        described = scorm.settings(standard, kind, f"{site_url or site}/", activity,
                                   f"{activity['game']} — {activity['type']}", lang, mastery)
        launch_files = {f: (DIST / "scorm" / f).read_bytes() for f in scorm.LAUNCH_FILES}
        if self_contained:  # the built site inside the package (linked here, not zipped: 9 MB)
            for launch_file, data in launch_files.items():
                (folder / launch_file).write_bytes(data)
            (folder / "activity.js").write_text(scorm.activity_js(described))
            (folder / "site").symlink_to(DIST, target_is_directory=True)
        else:  # the package as the maker makes it, unzipped as a platform does
            with zipfile.ZipFile(io.BytesIO(scorm.package(described, launch_files))) as zipped:
                zipped.extractall(folder)
        page = tmp_path / f"{name}.html"
        page.write_text(PLATFORM % {**STANDARDS[standard], "saved": json.dumps(saved),
                                    "refuse": json.dumps(refuse),
                                    "frame": "" if popup else FRAME % name})
        made.append(name)
        return f"{origin}/{name}.html"

    make.origin = origin
    yield make
    server.shutdown()
    server.server_close()  # refused from now on, not accepted and left


def site_frame(page):
    """The framed site inside the launch page (inside the platform's page)."""
    return page.frame(url=lambda url: "scorm=1" in url)


def launch(page, url):
    page.goto(url)
    page.frame_locator("#sco").locator("#site")  # the launch page's frame
    expect(page.frame_locator("#sco").frame_locator("#site").locator("#coach")).to_be_visible(
        timeout=COACH_MS)
    return site_frame(page)


def coach(page):
    return page.frame_locator("#sco").frame_locator("#site").locator("#coach")


def answer_step(page, frame, step, move=None):
    """Play `move` (the step's own demonstration by default) in the lesson step."""
    wait_until(frame, NEW_QUESTION)
    play_move(frame, step.state(), move or step.demo)


def interactions(page) -> list:
    """The runtime's interactions, in order."""
    found = page.evaluate("() => window.cmi().interactions")
    return [found[k] for k in sorted(found, key=int)]


def leave(page):
    """The pupil closes the activity: the platform removes its frame (the launch page hears
    pagehide) and the session ends."""
    page.evaluate("() => document.getElementById('sco').remove()")
    wait_until(page, "(finish) => window.calls.includes(finish)",
               arg=STANDARDS[standard_of(page)]["finish"])


def standard_of(page) -> str:
    return "2004" if page.evaluate("() => Boolean(window.API_1484_11)") else "1.2"


def value(page, element: str) -> str:
    """An element of the data model, read as the platform's own side holds it."""
    return page.evaluate("""(element) => element.split('.').slice(1).reduce(
        (node, key) => node == null ? node : node[key], window.cmi())""", element)


TIMESPAN_12 = re.compile(r"^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$")
DURATION_2004 = re.compile(r"^PT(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?$")


# --- a whole lesson ----------------------------------------------------------------------------
@pytest.mark.parametrize("standard", ["1.2", "2004"])
def test_a_lesson_completed_lands_in_the_gradebook(page, platform, standard):
    steps = lesson(GAME)
    url = platform({"type": "lesson", "game": GAME}, standard=standard)
    page.watch.allow(platform.origin)
    frame = launch(page, url)
    wrong_first = standard == "1.2"  # a wrong try first: an interaction marked wrong
    for index, step in enumerate(steps):
        expect(coach(page).locator("#coach-head")).to_contain_text(
            f"{index + 1} de {len(steps)}", timeout=COACH_MS)
        if index == 0 and wrong_first:
            state = step.state()
            wrong = next(m for m in state.legal_moves() if step.why_not(state, m) is not None)
            answer_step(page, frame, step, wrong)
            expect(coach(page)).to_have_attribute("data-state", "wrong", timeout=COACH_MS)
            tap(frame, '#coach-buttons [data-coach="again"]')
        answer_step(page, frame, step)
        expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
        if index + 1 < len(steps):
            tap(frame, '#coach-buttons [data-coach="next-step"]')
    # the way out of the recording is not offered in the package
    expect(coach(page).locator('[data-coach="to-puzzles"]')).to_be_hidden()
    expect(page.frame_locator("#sco").locator("#note")).to_contain_text(
        "Tu plataforma ya lo tiene")
    said = interactions(page)
    answers = said[1:] if wrong_first else said
    assert len(answers) == len(steps)  # one interaction per step
    for index, (step, told) in enumerate(zip(steps, answers, strict=True)):
        assert told["id"] == f"lesson-{GAME}-{index + 1}-{step.id}"
        assert told["result"] == "correct"
    if standard == "1.2":
        assert said[0]["result"] == "wrong" and said[0]["id"] == f"lesson-{GAME}-1-{steps[0].id}"
        assert said[1]["student_response"] == steps[0].demo
        assert value(page, "cmi.core.lesson_status") == "completed"
        assert float(value(page, "cmi.core.score.raw")) == 100
        assert value(page, "cmi.core.score.max") == "100"
        assert TIMESPAN_12.match(answers[0]["latency"]), answers[0]["latency"]
        assert re.match(r"^\d{2}:\d{2}:\d{2}$", answers[0]["time"])
    else:
        assert answers[0]["learner_response"] == steps[0].demo
        assert value(page, "cmi.completion_status") == "completed"
        assert float(value(page, "cmi.score.scaled")) == 1
        assert float(value(page, "cmi.score.raw")) == 100
        assert DURATION_2004.match(answers[0]["latency"]), answers[0]["latency"]
        assert re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", answers[0]["timestamp"])
    calls = page.evaluate("() => window.calls")
    assert calls.count(STANDARDS[standard]["commit"]) >= len(steps)  # after each answer
    leave(page)
    time = value(page, "cmi.core.session_time" if standard == "1.2" else "cmi.session_time")
    assert (TIMESPAN_12 if standard == "1.2" else DURATION_2004).match(time), time


# --- leave and come back -----------------------------------------------------------------------
@pytest.mark.parametrize("standard", ["1.2", "2004"])
def test_a_pupil_who_leaves_mid_lesson_comes_back_to_the_step(page, platform, standard):
    steps = lesson(GAME)
    activity = {"type": "lesson", "game": GAME}
    page.watch.allow(platform.origin)
    frame = launch(page, platform(activity, standard=standard))
    for index in range(2):
        answer_step(page, frame, steps[index])
        expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
        tap(frame, '#coach-buttons [data-coach="next-step"]')
    expect(coach(page).locator("#coach-head")).to_contain_text(f"3 de {len(steps)}",
                                                              timeout=COACH_MS)
    leave(page)
    twelve = standard == "1.2"
    suspend = value(page, "cmi.suspend_data")
    where = value(page, "cmi.core.lesson_location" if twelve else "cmi.location")
    assert where == "3"
    assert value(page, "cmi.core.exit" if twelve else "cmi.exit") == "suspend"
    assert value(page, "cmi.core.lesson_status" if twelve else "cmi.completion_status") == \
        "incomplete"
    assert len(suspend) <= 4096
    saved = ({"core": {"entry": "resume", "lesson_location": where}, "suspend_data": suspend}
             if twelve else {"entry": "resume", "location": where, "suspend_data": suspend})

    frame = launch(page, platform(activity, standard=standard, saved=saved))
    expect(coach(page).locator("#coach-head")).to_contain_text(f"3 de {len(steps)}",
                                                              timeout=COACH_MS)
    expect(page.frame_locator("#sco").locator("#note")).to_be_hidden()  # nothing to say
    answer_step(page, frame, steps[2])
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    # the two steps passed before count: 3 of 11
    raw = float(value(page, "cmi.core.score.raw" if twelve else "cmi.score.raw"))
    assert raw == pytest.approx(300 / len(steps), abs=0.01)


def test_damaged_suspend_data_starts_afresh_and_says_so(page, platform):
    page.watch.allow(platform.origin)
    url = platform({"type": "lesson", "game": GAME}, standard="1.2",
                   saved={"core": {"entry": "resume"}, "suspend_data": "{\"v\": 99, \"at\": 5"})
    launch(page, url)
    expect(coach(page).locator("#coach-head")).to_contain_text("1 de", timeout=COACH_MS)
    expect(page.frame_locator("#sco").locator("#note")).to_contain_text(
        "empieza de nuevo")


# --- a puzzle set, below and above mastery -------------------------------------------------
def easy_puzzles(count):
    return [p for p in puzzles(GAME) if p["difficulty"] == 1][:count]


def answer_puzzle(page, frame, puzzle, right: bool, game=GAME):
    state = ludoteca.registry.new_game(game, **puzzle["options"]).state_from_json(
        puzzle["state"])
    move = puzzle["best"][0] if right else min(
        (m for m in puzzle["values"] if m not in puzzle["best"]),
        key=lambda m: puzzle["values"][m])
    wait_until(frame, NEW_QUESTION)
    wait_until(frame, "() => document.querySelector('#board [data-step]')")
    play_move(frame, state, move)
    expect(coach(page)).to_have_attribute("data-state", "right" if right else "wrong",
                                          timeout=COACH_MS)
    return move


@pytest.mark.parametrize(("standard", "mastery", "verdict"),
                         [("2004", 0.6, "passed"), ("1.2", 0.8, "failed")])
def test_a_puzzle_set_below_and_above_mastery(page, platform, standard, mastery, verdict):
    shelf = easy_puzzles(3)
    page.watch.allow(platform.origin)
    url = platform({"type": "puzzles", "game": GAME, "level": "easy", "ids": None,
                    "count": 3}, standard=standard, mastery=mastery)
    frame = launch(page, url)
    given = []
    for index, (puzzle, right) in enumerate(zip(shelf, [True, False, True], strict=True)):
        expect(coach(page).locator("#coach-head")).to_contain_text(f"Puzle {index + 1} de 3",
                                                                   timeout=COACH_MS)
        given.append(answer_puzzle(page, frame, puzzle, right))
        if index < 2:
            tap(frame, '#coach-buttons [data-coach="next-puzzle"]')
    # the set's last puzzle: no next one, and no level to change
    expect(coach(page).locator('[data-coach="next-puzzle"]')).to_have_count(0)
    expect(coach(page).locator("#coach-levels")).to_be_hidden()
    expect(page.frame_locator("#sco").locator("#note")).to_contain_text(
        "2 de 3 puzles resueltos a la primera")
    said = interactions(page)
    assert [i["id"] for i in said] == [f"puzzle-{p['id']}" for p in shelf]
    wrong = "wrong" if standard == "1.2" else "incorrect"
    assert [i["result"] for i in said] == ["correct", wrong, "correct"]
    response = "student_response" if standard == "1.2" else "learner_response"
    assert [i[response] for i in said] == given
    raw = float(value(page, "cmi.core.score.raw" if standard == "1.2" else "cmi.score.raw"))
    assert raw == pytest.approx(66.67, abs=0.01)
    if standard == "1.2":
        assert value(page, "cmi.core.lesson_status") == verdict
    else:
        assert value(page, "cmi.completion_status") == "completed"
        assert value(page, "cmi.success_status") == verdict
        assert float(value(page, "cmi.score.scaled")) == pytest.approx(0.6667, abs=1e-4)


def test_a_puzzle_set_of_one_rule_set_keeps_to_it(page, platform):
    """A package made for a class taught Puluc (the activity's `options`, as the maker
    writes them) hands out Puluc's puzzles only, in the game's order."""
    puluc = [p for p in puzzles("bul") if p["options"].get("variant") == "puluc"]
    assert len(puluc) >= 2 and puluc[0]["id"] != puzzles("bul")[0]["id"]
    page.watch.allow(platform.origin)
    frame = launch(page, platform({"type": "puzzles", "game": "bul", "level": None,
                                   "ids": None, "count": 2, "options": {"variant": "puluc"}},
                                  standard="1.2"))
    assert "variant=puluc" in frame.url
    answer_puzzle(page, frame, puluc[0], right=True, game="bul")
    assert [i["id"] for i in interactions(page)] == [f"puzzle-{puluc[0]['id']}"]


# --- hostile and bad cases -----------------------------------------------------------------------
def test_outside_a_platform_it_plays_and_says_once_that_nothing_is_recorded(page, platform):
    url = platform({"type": "lesson", "game": GAME}, lang="en")
    page.watch.allow(platform.origin)
    page.goto(url.replace(".html", "/index.html"))  # the launch page alone: no API anywhere
    frame = page.frame(url=lambda u: "scorm=1" in u)
    expect(page.frame_locator("#site").locator("#coach")).to_be_visible(timeout=COACH_MS)
    note = page.locator("#note")
    expect(note).to_contain_text("nothing is recorded")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    step = lesson(GAME)[0]
    wait_until(frame, NEW_QUESTION)
    play_move(frame, step.state(), step.demo)
    expect(page.frame_locator("#site").locator("#coach")).to_have_attribute(
        "data-state", "right", timeout=COACH_MS)
    expect(note).to_contain_text("nothing is recorded")  # said once: the same note, no other
    page.locator("#note-close").click()
    expect(note).to_be_hidden()


def test_a_refused_value_never_stops_the_pupil_and_is_set_again(page, platform):
    page.watch.allow(platform.origin)
    url = platform({"type": "lesson", "game": GAME}, standard="1.2",
                   refuse="cmi.interactions.0.result")
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    frame = launch(page, url)
    steps = lesson(GAME)
    answer_step(page, frame, steps[0])
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    assert any("cmi.interactions.0.result" in w for w in warnings), warnings
    tap(frame, '#coach-buttons [data-coach="next-step"]')
    answer_step(page, frame, steps[1])  # the pupil goes on
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    wait_until(page, "() => Object.keys(window.cmi().interactions).length >= 2")
    said = interactions(page)
    assert [i["result"] for i in said] == ["correct", "correct"]  # set again with the next


def test_the_launch_page_hears_only_the_framed_site(page, platform):
    """A message from another window or origin, or of a type the protocol lacks, records
    nothing."""
    page.watch.allow(platform.origin)
    launch(page, platform({"type": "lesson", "game": GAME}, standard="2004"))
    sco = page.frame(url=lambda u: u.endswith("/index.html"))
    page.evaluate("""(game) => {
      const sco = document.getElementById('sco').contentWindow;
      const forged = {source: 'ludoteca', version: 1, type: 'lesson-step', game, step: 'sow',
                      index: 0, count: 11, correct: true, move: 'a', latency: 5};
      sco.postMessage(forged, '*');                                  // the platform's window
      sco.postMessage({...forged, type: 'lesson-everything'}, '*');  // no such type
    }""", GAME)
    sco.evaluate("""(game) => {
      // a message of an unknown type from the framed site itself is ignored too
      window.postMessage({source: 'ludoteca', version: 1, type: 'lesson-step', game}, '*');
    }""", GAME)
    wait_until(page, "() => window.calls.length >= 2")  # the launch's own commit, at least
    assert interactions(page) == []
    assert value(page, "cmi.completion_status") == "incomplete"


@pytest.mark.parametrize("standard", ["1.2", "2004"])
def test_a_self_contained_package_plays_from_the_platforms_origin(page, platform, standard):
    """The built site inside the package (site/): no other origin is reached."""
    url = platform({"type": "lesson", "game": GAME}, standard=standard, self_contained=True)
    page.watch.allow(platform.origin)
    frame = launch(page, url)
    assert frame.url.startswith(platform.origin + "/")
    step = lesson(GAME)[0]
    answer_step(page, frame, step)
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    wait_until(page, "() => Object.keys(window.cmi().interactions).length >= 1")
    assert interactions(page)[0]["result"] == "correct"


def test_a_game_against_the_computer_is_scored_at_its_end(page, platform):
    """Completed when the game ends; the result as the score: win 100, draw 50, loss 0."""
    from .helpers import play_to_the_end

    page.watch.allow(platform.origin)
    url = platform({"type": "game", "game": GAME, "seats": "human,casual",
                    "options": {"players": "2"}}, standard="1.2")
    page.goto(url)
    game = page.frame_locator("#sco").frame_locator("#site")
    expect(game.locator("#board [data-step]").first).to_be_visible(timeout=COACH_MS)
    frame = site_frame(page)
    assert "seats=human%2Ccasual" in frame.url or "seats=human,casual" in frame.url
    play_to_the_end(frame)
    wait_until(page, "() => window.cmi().core.lesson_status === 'completed'")
    said = interactions(page)
    assert [i["id"] for i in said] == [f"game-{GAME}"]
    assert said[0]["result"] == "neutral"
    score = {"win": "100", "draw": "50", "loss": "0"}[said[0]["student_response"]]
    assert value(page, "cmi.core.score.raw") == score


def test_a_lost_connection_is_said_and_the_answers_wait_for_it(page, platform):
    page.watch.allow(platform.origin)
    frame = launch(page, platform({"type": "lesson", "game": GAME}, standard="2004"))
    note = page.frame_locator("#sco").locator("#note")
    page.context.set_offline(True)
    expect(note).to_contain_text("Sin conexión")
    expect(note).to_have_attribute("data-kind", "problem")
    step = lesson(GAME)[0]
    answer_step(page, frame, step)  # the pupil plays on, offline
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    wait_until(page, "() => Object.keys(window.cmi().interactions).length === 1")
    page.context.set_offline(False)
    expect(note).to_be_hidden()


def test_a_site_out_of_reach_is_said(page, platform):
    """A linked package whose site cannot be reached (blocked, or the network down)."""
    from tools.server import start

    gone = start(ROOT / "tests", ROOT / "netlify.toml")  # a port that answered, then no more
    address = f"http://127.0.0.1:{gone.server_port}"
    gone.shutdown()
    gone.server_close()
    page.watch.allow(platform.origin)
    page.watch.allow(address)
    page.goto(platform({"type": "lesson", "game": GAME}, standard="1.2", site_url=address))
    note = page.frame_locator("#sco").locator("#note")
    expect(note).to_contain_text("No se puede llegar a Ludoteca", timeout=COACH_MS)
    expect(note).to_contain_text(address)


def test_a_puzzle_set_resumes_at_the_first_puzzle_not_answered(page, platform):
    shelf = easy_puzzles(3)
    activity = {"type": "puzzles", "game": GAME, "level": "easy", "ids": None, "count": 3}
    page.watch.allow(platform.origin)
    frame = launch(page, platform(activity, standard="2004", mastery=0.5))
    answer_puzzle(page, frame, shelf[0], right=True)
    leave(page)
    assert value(page, "cmi.location") == "1"
    saved = {"entry": "resume", "location": "1", "suspend_data": value(page, "cmi.suspend_data")}
    frame = launch(page, platform(activity, standard="2004", mastery=0.5, saved=saved))
    expect(coach(page).locator("#coach-head")).to_contain_text("Puzle 2 de 3", timeout=COACH_MS)
    answer_puzzle(page, frame, shelf[1], right=True)
    # the first visit's answer counts: 2 of 3 solved so far
    wait_until(page, "() => window.cmi().score.raw === '66.67'")
    assert value(page, "cmi.completion_status") == "incomplete"


def test_a_puzzle_set_by_address_keeps_its_order_and_refuses_what_is_not_one(page, site):
    """The site's own puzzle-set mode, as a teacher's link names it: the ids in the order
    given, from `at`; a set number past its end is said in words over the game's page."""
    listed = [p["id"] for p in puzzles(GAME)][4:1:-1]  # three ids, not in the game's order
    page.goto(f"{site}/?puzzles={GAME}&ids={','.join(listed)}&at=2&lang=es#/")
    expect(page.locator("#coach-head")).to_contain_text("Puzle 2 de 3", timeout=COACH_MS)
    assert "puzzle=set" in page.url
    shelf = {p["id"]: p for p in puzzles(GAME)}
    answer = answer_puzzle_here(page, shelf[listed[1]])
    assert answer
    tap(page, '#coach-buttons [data-coach="next-puzzle"]')
    expect(page.locator("#coach-head")).to_contain_text("Puzle 3 de 3", timeout=COACH_MS)
    page.goto(f"{site}/?puzzles={GAME}&count=0&lang=es#/")
    expect(page.locator("#notice")).to_contain_text("count = «0»", timeout=COACH_MS)
    page.goto(f"{site}/?lang=es#/{GAME}?puzzle=set&ids={listed[0]}&at=5")
    expect(page.locator("#message")).to_have_attribute("data-code", "unknown_puzzle",
                                                       timeout=COACH_MS)


def answer_puzzle_here(page, puzzle):
    state = ludoteca.registry.new_game(GAME, **puzzle["options"]).state_from_json(
        puzzle["state"])
    wait_until(page, NEW_QUESTION)
    wait_until(page, "() => document.querySelector('#board [data-step]')")
    play_move(page, state, puzzle["best"][0])
    expect(page.locator("#coach")).to_have_attribute("data-state", "right", timeout=COACH_MS)
    return puzzle["best"][0]


def test_the_launch_page_has_no_accessibility_violation(page, platform):
    from .test_a11y import violations

    url = platform({"type": "lesson", "game": GAME}, lang="en")
    page.watch.allow(platform.origin)
    for width, height in [(390, 844), (1366, 768)]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url.replace(".html", "/index.html"))  # the note shown: no platform
        expect(page.frame_locator("#site").locator("#coach")).to_be_visible(timeout=COACH_MS)
        expect(page.locator("#note")).to_be_visible()
        assert violations(page, f"launch page {width}×{height}") == []
        page.screenshot(path=f"/tmp/scormrun-launch-{width}.png")


def test_progress_kept_for_another_set_starts_afresh_and_says_so(page, platform):
    """Suspend data of another version of the set (the site's puzzles changed since): the
    kept answers would be counted against other puzzles, so the set starts afresh."""
    page.watch.allow(platform.origin)
    kept = {"v": 1, "t": "puzzles", "g": GAME, "at": 1, "n": 3, "r": "1--", "h": "other.3"}
    url = platform({"type": "puzzles", "game": GAME, "level": "easy", "ids": None, "count": 3},
                   standard="2004", mastery=0.8,
                   saved={"entry": "resume", "location": "2", "suspend_data": json.dumps(kept)})
    launch(page, url)
    expect(page.frame_locator("#sco").locator("#note")).to_contain_text("empieza de nuevo",
                                                                        timeout=COACH_MS)
    expect(coach(page).locator("#coach-head")).to_contain_text("Puzle 1 de 3", timeout=COACH_MS)
    wait_until(page, "() => JSON.parse(window.cmi().suspend_data).r === ''")


def test_an_activity_already_done_is_never_taken_back_to_incomplete(page, platform):
    """A platform that keeps the status of a completed activity but not its progress: the
    pupil may play again, and the gradebook keeps what it had."""
    page.watch.allow(platform.origin)
    url = platform({"type": "lesson", "game": GAME}, standard="1.2",
                   saved={"core": {"lesson_status": "completed", "score": {"raw": "100"}}})
    frame = launch(page, url)
    step = lesson(GAME)[0]
    answer_step(page, frame, step)
    expect(coach(page)).to_have_attribute("data-state", "right", timeout=COACH_MS)
    wait_until(page, "() => Object.keys(window.cmi().interactions).length === 1")
    assert value(page, "cmi.core.lesson_status") == "completed"
    assert value(page, "cmi.core.score.raw") == "100"


def test_a_package_opened_in_a_window_of_its_own_finds_the_api_of_its_opener(page, platform):
    """The standard's search: the window's parents, then its opener's (a platform that opens
    the activity in a new window)."""
    page.watch.allow(platform.origin)
    url = platform({"type": "lesson", "game": GAME}, standard="1.2", popup=True)
    page.goto(url)
    with page.context.expect_page() as opened:
        page.evaluate("(url) => window.open(url)", url.replace(".html", "/index.html"))
    window = opened.value
    expect(window.frame_locator("#site").locator("#coach")).to_be_visible(timeout=COACH_MS)
    expect(window.locator("#note")).to_be_hidden()  # the platform was found: nothing to say
    frame = window.frame(url=lambda u: "scorm=1" in u)
    step = lesson(GAME)[0]
    wait_until(frame, NEW_QUESTION)
    play_move(frame, step.state(), step.demo)
    wait_until(page, "() => Object.keys(window.cmi().interactions).length === 1")
    window.close()
    wait_until(page, "() => window.calls.includes('LMSFinish')")
