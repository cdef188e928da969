"""Bolonki's two waits in the page (web/games/bolonki/memorise.js and hold.js), run in Node
on a clock the test moves: the set-up shown to memorise and turned face down when the time is
up, shown again on request, forgotten once a move is made; the computers held while a person
may challenge, let go by the countdown or by "go on", and held again after an undo."""

from __future__ import annotations

from page_modules import WEB, run_in_node

CLOCK = r"""
let now = 1000;
let timers = [];
let nextId = 1;
const add = (fn, ms, every) => { const id = nextId++; timers.push({ id, at: now + ms, fn, every });
  return id; };
globalThis.setTimeout = (fn, ms) => add(fn, ms, 0);
globalThis.setInterval = (fn, ms) => add(fn, ms, ms);
globalThis.clearTimeout = globalThis.clearInterval = (id) => {
  timers = timers.filter((t) => t.id !== id); };
Date.now = () => now;
/** Move the clock on by `ms`, running the timers due on the way. */
const advance = (ms) => {
  const end = now + ms;
  for (;;) {
    const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
    if (!due) break;
    now = due.at;
    if (due.every) due.at += due.every; else timers = timers.filter((t) => t !== due);
    due.fn();
  }
  now = end;
};
"""

MEMORISE = CLOCK + r"""
const { createMemorise } = await import("./memorise.js");
const seen = { ticks: [], ends: 0 };
const memo = createMemorise({ seconds: () => 10, onTick: (n) => seen.ticks.push(n),
  onEnd: () => { seen.ends += 1; } });
const setUp = { b1: "B", a2: "Y" };
const out = {};
out.started = memo.follow("game", setUp);
out.showing = [memo.showing, memo.colours(), memo.secondsLeft()];
advance(4000);
out.after4 = [memo.showing, memo.secondsLeft(), seen.ticks.at(-1)];
advance(6000);
out.timeUp = [memo.showing, memo.done, memo.colours(), seen.ends];
out.sameGame = memo.follow("game", setUp);  // drawn again: not shown again by itself
memo.again(setUp);
out.again = [memo.showing, memo.colours()];
memo.finish();  // "I've got it"
out.finished = [memo.showing, memo.done, seen.ends];
memo.follow("game", undefined);  // a move made: nothing to show again
memo.again(setUp);
out.afterMove = [memo.showing, memo.done, memo.colours()];
out.newGame = [memo.follow("another", setUp), memo.showing];
memo.stop();
console.log(JSON.stringify(out));
"""

HOLD = CLOCK + r"""
const { createHold } = await import("./hold.js");
let wait = 6;
const seen = { ticks: [], releases: 0 };
const hold = createHold({ seconds: () => wait, onTick: (n) => seen.ticks.push(n),
  onRelease: () => { seen.releases += 1; } });
const out = {};
hold.at(5);
hold.follow(5);
out.waiting = [hold.counting(), hold.secondsLeft(), hold.released(5)];
advance(2000);
hold.follow(5);  // drawn again: the countdown goes on
advance(2000);
out.later = [hold.secondsLeft(), seen.ticks.at(-1), seen.releases];
advance(2000);
out.ranOut = [hold.released(5), seen.releases];
hold.at(6);
hold.follow(6);
hold.cancel();  // a person challenged: nobody waits
advance(10000);
out.cancelled = [hold.released(6), seen.releases];
hold.at(7);
wait = 0;  // "wait for me": no countdown
hold.follow(7);
advance(60000);
out.noLimit = [hold.counting(), hold.released(7), seen.releases];
hold.release();  // "go on"
out.goOn = [hold.released(7), seen.releases];
hold.at(7);
out.sameAgain = hold.released(7);
hold.at(4);  // undo: back before it
out.undone = hold.released(7);
console.log(JSON.stringify(out));
"""


def run(tmp_path, module, script):
    (tmp_path / module).write_bytes((WEB / "games" / "bolonki" / module).read_bytes())
    return run_in_node(tmp_path, (), script)


def test_memorise_shows_the_set_up_until_the_time_is_up_or_the_person_has_it(tmp_path):
    out = run(tmp_path, "memorise.js", MEMORISE)
    assert out["started"] is True
    assert out["showing"] == [True, {"b1": "B", "a2": "Y"}, 10]
    assert out["after4"] == [True, 6, 6]
    assert out["timeUp"] == [False, True, None, 1]  # face down: the colours forgotten
    assert out["sameGame"] is False
    assert out["again"] == [True, {"b1": "B", "a2": "Y"}]
    assert out["finished"] == [False, True, 2]
    assert out["afterMove"] == [False, False, None]
    assert out["newGame"] == [True, True]


def test_the_computers_wait_while_a_person_may_challenge(tmp_path):
    out = run(tmp_path, "hold.js", HOLD)
    assert out["waiting"] == [True, 6, False]
    assert out["later"] == [2, 2, 0]  # one countdown per position, however often drawn
    assert out["ranOut"] == [True, 1]
    assert out["cancelled"] == [False, 1]
    assert out["noLimit"] == [False, False, 1]
    assert out["goOn"] == [True, 2]
    assert out["sameAgain"] is True and out["undone"] is False
