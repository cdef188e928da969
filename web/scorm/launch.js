// A SCORM package's launch page (issue 44): it frames Ludoteca (the site at its address, or
// the copy inside the package) with the activity that activity.js names, hears the site's
// messages (README, "Embedding") and writes what the learner does into the learning
// platform's data model: status, score, session time, where to resume, one interaction per
// answer. A plain classic script (no modules, no network but the framed site): it runs from
// any platform's path, or from a file.
(function () {
  "use strict";

  // The launch page's own words, from web/i18n ("scorm.*"), written in by the build: the
  // page is served by the platform and cannot load the site's files.
  const STRINGS = {}; // @SCORM-STRINGS@
  const FORMAT = 1; // of activity.js and of the suspend data this page writes
  const PROTOCOL = 1; // the site's message protocol (web/links/embed.js)
  const KNOWN = ["ready", "move", "gameover", "lesson-open", "lesson-step", "lesson-done",
    "puzzle-open", "puzzle-solved"];
  const SEARCH_MOST = 500; // the standard's search gives up after this many parents

  // What differs between the standards: the API's name and calls, and the elements' names.
  const STANDARDS = {
    "1.2": {
      api: "API", init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue",
      commit: "LMSCommit", finish: "LMSFinish", error: "LMSGetLastError",
      errorText: "LMSGetErrorString", suspendMost: 4096,
      suspend: "cmi.suspend_data", location: "cmi.core.lesson_location",
      locationMost: 255, entry: "cmi.core.entry", exit: "cmi.core.exit",
      sessionTime: "cmi.core.session_time", score: "cmi.core.score",
      response: "student_response", wrong: "wrong", stamp: "time", type: "fill-in",
    },
    "2004": {
      api: "API_1484_11", init: "Initialize", get: "GetValue", set: "SetValue",
      commit: "Commit", finish: "Terminate", error: "GetLastError",
      errorText: "GetErrorString", suspendMost: 64000,
      suspend: "cmi.suspend_data", location: "cmi.location", locationMost: 1000,
      entry: "cmi.entry", exit: "cmi.exit", sessionTime: "cmi.session_time",
      score: "cmi.score", response: "learner_response", wrong: "incorrect",
      stamp: "timestamp", type: "other",
    },
  };

  const activity = window.LUDOTECA_SCORM;
  const lang = activity && STRINGS[activity.lang] ? activity.lang
    : (navigator.language || "es").slice(0, 2) === "en" ? "en" : "es";
  document.documentElement.lang = lang;
  const started = Date.now();

  /** A string of the launch page in the activity's language; `{name}` filled, the plural
   * form (`key.one`) where the number `n` asks for it, numbers in the language's way. */
  function t(key, params) {
    params = params || {};
    const table = STRINGS[lang] || {};
    const form = typeof params.n === "number"
      ? key + "." + new Intl.PluralRules(lang).select(params.n) : key;
    const template = table[form] || table[key] || key;
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
      const value = params[name];
      return typeof value === "number" ? new Intl.NumberFormat(lang).format(value) : value;
    });
  }

  // --- the note above the frame: said once, closed by the learner ---------------------------
  const noteBox = document.getElementById("note");
  const noteText = document.getElementById("note-text");
  const noteClose = document.getElementById("note-close");
  noteClose.setAttribute("aria-label", t("scorm.close"));
  noteClose.title = t("scorm.close");
  noteClose.addEventListener("click", function () { noteBox.hidden = true; });

  function say(key, params, kind) {
    noteText.textContent = t(key, params);
    noteBox.dataset.key = key;
    noteBox.dataset.kind = kind || "info";
    noteBox.hidden = false;
  }

  function unsay(key) {
    if (noteBox.dataset.key === key) noteBox.hidden = true;
  }

  // --- the activity --------------------------------------------------------------------------
  const TYPES = ["lesson", "puzzles", "game"];
  const good = activity && typeof activity === "object" && activity.format === FORMAT &&
    Object.prototype.hasOwnProperty.call(STANDARDS, activity.standard) &&
    typeof activity.site === "string" && activity.activity &&
    TYPES.indexOf(activity.activity.type) >= 0 &&
    /^[a-z][a-z0-9_]{0,30}$/.test(activity.activity.game || "");
  if (!good) {
    say("scorm.bad_package", {}, "problem");
    return;
  }
  const what = activity.activity;
  const mastery = typeof activity.mastery === "number" && activity.mastery >= 0 &&
    activity.mastery <= 1 ? activity.mastery : null;
  if (typeof activity.title === "string" && activity.title) {
    document.title = activity.title; // the teacher's own words, as the platform lists them
    document.getElementById("title").textContent = activity.title;
  }
  const standard = STANDARDS[activity.standard];

  // --- the platform's API: the standard's search, the window's parents then its opener's -----
  function findIn(win) {
    for (let tries = 0; win && tries <= SEARCH_MOST; tries += 1) {
      try {
        if (win[standard.api]) return win[standard.api];
      } catch (error) { /* a parent of another origin: not the platform's window */ }
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }

  let api = findIn(window) || (window.opener ? findIn(window.opener) : null);
  if (api && String(call("init", "")) !== "true") {
    console.warn("Ludoteca SCORM: the platform did not start the session (" + lastError() + ")");
    api = null;
  }

  function call(name) {
    const args = Array.prototype.slice.call(arguments, 1);
    try {
      return api[standard[name]].apply(api, args);
    } catch (error) {
      console.warn("Ludoteca SCORM: " + standard[name] + " failed", error);
      return "false";
    }
  }

  function lastError() {
    const code = call("error");
    return code + " " + call("errorText", code);
  }

  function read(element) {
    return api ? String(call("get", element) || "") : "";
  }

  // Values the platform refused (an error code): set again with the next answer, never in
  // the learner's way.
  const refused = new Map();

  function put(element, value) {
    if (!api) return;
    refused.delete(element);
    if (String(call("set", element, String(value))) !== "true") {
      console.warn("Ludoteca SCORM: the platform refused " + element + " = " +
        JSON.stringify(String(value)) + " (" + lastError() + "); set again with the next answer");
      refused.set(element, value);
    }
  }

  let unsent = false; // a commit the platform did not take: the next answer's commit sends it

  function commit() {
    if (!api) return;
    Array.from(refused).forEach(function (pair) { put(pair[0], pair[1]); });
    put(standard.sessionTime, sessionTime(Date.now() - started));
    if (String(call("commit", "")) === "true") {
      if (unsent) say("scorm.sent");
      unsent = false;
    } else {
      console.warn("Ludoteca SCORM: the platform did not take the commit (" + lastError() + ")");
      unsent = true;
      say("scorm.not_sent", {}, "problem");
    }
  }

  // --- formats ------------------------------------------------------------------------------
  const two = function (n) { return String(n).padStart(2, "0"); };

  /** A time span: 1.2's CMITimespan (HHHH:MM:SS.SS), 2004's ISO 8601 duration (PT1H2M3.4S). */
  function sessionTime(ms) {
    const cs = Math.max(0, Math.round(ms / 10));
    const hours = Math.min(9999, Math.floor(cs / 360000));
    const minutes = Math.floor(cs / 6000) % 60;
    const seconds = (cs % 6000) / 100;
    if (activity.standard === "1.2") {
      return two(hours) + ":" + two(minutes) + ":" + seconds.toFixed(2).padStart(5, "0");
    }
    return "PT" + hours + "H" + minutes + "M" + seconds.toFixed(2) + "S";
  }

  /** A moment: 1.2's CMITime (HH:MM:SS), 2004's time (YYYY-MM-DDThh:mm:ss), local time. */
  function moment(date) {
    const time = two(date.getHours()) + ":" + two(date.getMinutes()) + ":" +
      two(date.getSeconds());
    if (activity.standard === "1.2") return time;
    return date.getFullYear() + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate()) +
      "T" + time;
  }

  // --- what is kept for the next visit (suspend data) --------------------------------------
  // {v: FORMAT, t: type, g: game, at: where to resume (0-based), n: how many steps or puzzles,
  //  r: one character per step or puzzle: "1" passed / solved at the first try, "0" not,
  //  "-" not answered yet, h: a puzzle set's fingerprint}; a game keeps {s: its score}.
  function fresh() {
    return { v: FORMAT, t: what.type, g: what.game, at: 0, n: 0, r: "" };
  }

  function readKept() {
    const text = read(standard.suspend);
    if (!text) return fresh();
    try {
      const kept = JSON.parse(text);
      if (kept && kept.v === FORMAT && kept.t === what.type && kept.g === what.game &&
          (kept.h === undefined || typeof kept.h === "string") &&
          Number.isInteger(kept.at) && kept.at >= 0 && Number.isInteger(kept.n) &&
          typeof kept.r === "string" && /^[-01]*$/.test(kept.r)) {
        return kept;
      }
    } catch (error) { /* said below */ }
    console.warn("Ludoteca SCORM: suspend data of another version or damaged: starting afresh",
      text.slice(0, 200));
    say("scorm.damaged", {}, "problem");
    return fresh();
  }

  const kept = api ? readKept() : fresh();
  // an activity the platform already holds as done, with no progress kept (a platform that
  // drops suspend data once complete): its status is never taken back to incomplete
  const doneBefore = api && !read(standard.suspend) && /^(completed|passed|failed)$/.test(
    read(activity.standard === "1.2" ? "cmi.core.lesson_status" : "cmi.completion_status"));
  let interactions = api ? Number(read("cmi.interactions._count")) || 0 : 0;

  function keep() {
    const text = JSON.stringify(kept);
    if (text.length <= standard.suspendMost) put(standard.suspend, text);
    else console.warn("Ludoteca SCORM: suspend data too long for the standard, not kept");
  }

  function mark(index, value) {
    const marks = kept.r.padEnd(Math.max(kept.n, index + 1), "-").split("");
    marks[index] = value;
    kept.r = marks.join("");
  }

  const count = function (value) { return kept.r.split(value).length - 1; };

  // --- the data model: status, score, location ---------------------------------------------
  /** {complete, score (0..1 or null), done (answered, 0..1)} of what is kept. */
  function standing() {
    if (what.type === "game") {
      return { complete: typeof kept.s === "number", score: typeof kept.s === "number"
        ? kept.s : null, done: typeof kept.s === "number" ? 1 : 0 };
    }
    if (!kept.n) return { complete: false, score: null, done: 0 };
    const answered = what.type === "lesson" ? count("1") : count("0") + count("1");
    return { complete: answered >= kept.n, score: count("1") / kept.n, done: answered / kept.n };
  }

  function report() {
    const now = standing();
    if (doneBefore && !now.complete) return now;
    const success = !now.complete || mastery === null ? null
      : now.score >= mastery - 1e-9 ? "passed" : "failed";
    if (now.score !== null) {
      put(standard.score + ".min", "0");
      put(standard.score + ".max", "100");
      put(standard.score + ".raw", String(Math.round(now.score * 10000) / 100));
    }
    if (activity.standard === "1.2") {
      put("cmi.core.lesson_status", success || (now.complete ? "completed" : "incomplete"));
    } else {
      if (now.score !== null) put("cmi.score.scaled", String(Math.round(now.score * 10000) / 10000));
      put("cmi.progress_measure", String(Math.round(now.done * 10000) / 10000));
      put("cmi.completion_status", now.complete ? "completed" : "incomplete");
      put("cmi.success_status", success || "unknown");
    }
    put(standard.exit, now.complete ? (activity.standard === "1.2" ? "" : "normal") : "suspend");
    return now;
  }

  function locate(index) {
    kept.at = index;
    put(standard.location, String(index + 1).slice(0, standard.locationMost));
  }

  /** One interaction per answer: its id, the move given, right or not, latency, time. */
  function interaction(id, move, result, latency) {
    const base = "cmi.interactions." + interactions + ".";
    interactions += 1;
    // an identifier has no spaces (CMIIdentifier, long_identifier_type)
    put(base + "id", id.replace(/[^\w.:-]/g, "_").slice(0, 255));
    put(base + "type", standard.type);
    if (typeof move === "string" && move) put(base + standard.response, move.slice(0, 255));
    put(base + "result", result);
    if (typeof latency === "number" && latency >= 0) {
      put(base + "latency", sessionTime(latency));
    }
    put(base + standard.stamp, moment(new Date()));
    put(base + "weighting", "1");
  }

  // --- the framed site ------------------------------------------------------------------------
  const frame = document.getElementById("site");
  const site = new URL(activity.site, location.href);
  site.search = "?" + siteQuery();
  site.hash = "";
  const siteOrigin = site.origin; // "null" for a file: the messages then come from "null"
  frame.title = "Ludoteca — " + (activity.title || what.game);
  frame.src = site.href;

  /** The activity's game options, as the site's address writes them. */
  function addOptions(query) {
    const options = what.options && typeof what.options === "object" ? what.options : {};
    Object.keys(options).forEach(function (name) {
      query.set(name, String(options[name]));
    });
  }

  /** The site's address query for the activity, from where the learner is (kept). */
  function siteQuery() {
    const query = new URLSearchParams();
    if (what.type === "lesson") {
      query.set("lesson", what.game);
      query.set("step", String(kept.at + 1));
    } else if (what.type === "puzzles") {
      query.set("puzzles", what.game);
      if (Array.isArray(what.ids) && what.ids.length) query.set("ids", what.ids.join(","));
      if (["easy", "medium", "hard"].indexOf(what.level) >= 0) query.set("difficulty", what.level);
      query.set("count", String(Number.isInteger(what.count) && what.count > 0 ? what.count : 10));
      const next = kept.r.indexOf("-");
      const resume = next >= 0 ? next : kept.r.length < kept.n ? kept.r.length : kept.at;
      query.set("at", String(resume + 1));
      addOptions(query); // the rule set taught (Bul's variant): that rule set's puzzles
    } else {
      query.set("game", what.game);
      addOptions(query);
      if (typeof what.seats === "string" && what.seats) query.set("seats", what.seats);
    }
    query.set("lang", lang);
    query.set("embed", "1");
    query.set("scorm", "1");
    return query.toString();
  }

  /** What was kept is of another version of the site (another lesson, another set): the
   * activity starts afresh, and says so. */
  function restart() {
    console.warn("Ludoteca SCORM: the kept progress is of another version of the activity");
    const blank = fresh();
    Object.keys(kept).forEach(function (key) { delete kept[key]; });
    Object.assign(kept, blank);
    say("scorm.damaged", {}, "problem");
    report();
    keep();
    commit();
    site.search = "?" + siteQuery();
    frame.src = site.href;
  }

  /** A short fingerprint of a puzzle set's ids: the same set on the next visit, or not. */
  function fingerprint(ids) {
    let hash = 0;
    const text = ids.join(",");
    for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
    return (hash >>> 0).toString(36) + "." + ids.length;
  }

  if (api) {
    report();
    keep();
    commit();
  } else {
    say("scorm.no_api");
  }

  // --- the site's messages: only from the framed site, only the protocol's types -------------
  let humanSeat = 0; // a game's learner: the first seat a person plays
  let heard = false;

  addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || event.origin !== siteOrigin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.source !== "ludoteca" ||
        data.version !== PROTOCOL || KNOWN.indexOf(data.type) < 0 || data.game !== what.game) {
      return;
    }
    heard = true;
    unsay("scorm.unreachable");
    if (!api) return;
    const handler = HANDLERS[data.type];
    if (handler) handler(data);
  });

  const whole = function (n) { return Number.isInteger(n) && n >= 0; };

  const HANDLERS = {
    "lesson-open": function (data) {
      if (what.type !== "lesson" || !whole(data.index) || !whole(data.count)) return;
      if (kept.n && kept.n !== data.count) return restart(); // a lesson of another length
      kept.n = data.count;
      locate(data.index);
      keep();
      commit();
    },
    "lesson-step": function (data) {
      // the computer's demonstration (*Show me*) is no answer of the learner's
      if (what.type !== "lesson" || data.shown || !whole(data.index)) return;
      if (whole(data.count)) kept.n = data.count;
      const passed = kept.r.charAt(data.index) === "1";
      if (!passed) mark(data.index, data.correct === true ? "1" : "-");
      interaction("lesson-" + what.game + "-" + (data.index + 1) + "-" + String(data.step),
        data.move, data.correct === true ? "correct" : standard.wrong, data.latency);
      answered();
    },
    "puzzle-open": function (data) {
      if (what.type !== "puzzles" || !whole(data.index) || !whole(data.count)) return;
      const set = Array.isArray(data.set) ? fingerprint(data.set.map(String)) : null;
      if (kept.h && set && kept.h !== set) return restart(); // not the set answered before
      if (set) kept.h = set;
      kept.n = data.count;
      locate(data.index);
      keep();
      commit();
    },
    "puzzle-solved": function (data) {
      if (what.type !== "puzzles" || !whole(data.index)) return;
      if (whole(data.count)) kept.n = data.count;
      if (kept.r.charAt(data.index) === "0" || kept.r.charAt(data.index) === "1") return;
      mark(data.index, data.correct === true ? "1" : "0");
      interaction("puzzle-" + String(data.id), data.move,
        data.correct === true ? "correct" : standard.wrong, data.latency);
      answered();
    },
    "ready": function (data) {
      const seats = Array.isArray(data.seats) ? data.seats : [];
      humanSeat = Math.max(0, seats.indexOf("human"));
    },
    "gameover": function (data) {
      if (what.type !== "game" || !Array.isArray(data.returns)) return;
      const mine = Number(data.returns[humanSeat]);
      const best = Math.max.apply(null, data.returns.map(Number));
      // win 100, draw 50, loss 0: a draw is the best return shared with another player
      const shared = data.returns.filter(function (r) { return Number(r) === best; }).length;
      kept.s = mine < best ? 0 : shared > 1 ? 0.5 : 1;
      interaction("game-" + what.game, kept.s === 1 ? "win" : kept.s === 0 ? "loss" : "draw",
        "neutral", null);
      answered();
    },
  };

  function answered() {
    const now = report();
    keep();
    commit();
    if (now.complete) {
      say(what.type === "puzzles" ? "scorm.recorded.puzzles" : "scorm.recorded." + what.type,
        { n: count("1"), count: kept.n });
    }
  }

  // --- the site out of reach ------------------------------------------------------------------
  // A linked package needs the site: a request that cannot reach it at all (no-cors: only
  // whether the network answers) says so; losing the network later is said too, and the
  // answers stay with the platform's API until a commit goes through.
  function probe() {
    if (site.protocol !== "http:" && site.protocol !== "https:") return;
    fetch(site.origin + site.pathname, { mode: "no-cors", cache: "no-store" }).catch(function () {
      if (!heard) say("scorm.unreachable", { site: site.origin }, "problem");
    });
  }
  probe();
  addEventListener("offline", function () { say("scorm.offline", {}, "problem"); });
  addEventListener("online", function () {
    unsay("scorm.offline");
    if (api && unsent) commit();
  });

  // --- leaving: the session's time, where to resume, then the end of the session -------------
  let finished = false;

  function finish() {
    if (finished || !api) return;
    finished = true;
    report();
    keep();
    commit();
    if (String(call("finish", "")) !== "true") {
      console.warn("Ludoteca SCORM: the platform did not end the session (" + lastError() + ")");
    }
  }
  addEventListener("pagehide", finish);
  addEventListener("beforeunload", finish);
})();
