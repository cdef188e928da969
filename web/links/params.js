// URL parameters: what a shared or embedded link asks for, checked against the engine's
// own option table (BUILD.games, written at build time) before anything reaches the engine.
//   ?game=bakuk&players=3&seats=human,strong,casual&level=casual&lang=en&embed=1
// Anything unknown or malformed is reported (translated by the page) and left at its default.
// The query is hostile: a name is looked up only among the table's OWN properties, so
// ?toString=1, ?constructor=1, ?__proto__=1 or ?game=constructor are unknown, never methods.
import { LANGUAGES } from "../kit/i18n.js";

// a puzzle set (issue 44: a SCORM package's): ?puzzles=bul&count=10&difficulty=easy&at=3 or
// ?puzzles=bul&ids=bul-3,bul-7 — N puzzles one after the other, from number `at` (1, 2, …)
const SET_PARAMS = ["count", "difficulty", "ids", "at"];
export const SET_DIFFICULTIES = ["easy", "medium", "hard"];
const SET_MOST = 200; // puzzles in one set

const own = (table, name) =>
  table !== null && typeof table === "object" && Object.hasOwn(table, name);

const GENERAL = ["game", "lang", "embed", "seats", "level", "hints", "review", "lesson", "step",
  "puzzle", "puzzles", "lab", "scorm", ...SET_PARAMS];

function parseValue(text) {
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+$/.test(text)) return Number(text);
  return text;
}

export function optionAllowed(spec, value) {
  if (!spec || !Array.isArray(spec.values)) return false;
  if (spec.values.some((v) => v === value)) return true;
  return Number.isInteger(value) && Number.isInteger(spec.min) && value >= spec.min &&
    value <= spec.max;
}

/**
 * Read the query string. Returns {game, options, seats, level, lang, embed, hints, review,
 * coach, lab, problems}, where problems are [{key, params}] i18n messages. `seatCount(game, options)` says how many seats;
 * `pageGame` (the game the address's #/ names) is the game when the query names none.
 */
export function readParams(search, catalogue, seatCount, pageGame = null) {
  const query = new URLSearchParams(search);
  const problems = [];
  const bad = (name, value) => problems.push({ key: "params.bad_value", params: { name, value } });
  const result = { game: null, options: {}, seats: null, level: null, lang: null, embed: false,
    hints: true, review: true, coach: null, lab: null, scorm: false, problems };
  if (query.has("game")) {
    const game = query.get("game");
    if (own(catalogue, game)) result.game = game;
    else bad("game", game);
  } else if (pageGame && own(catalogue, pageGame)) {
    result.game = pageGame; // ?seats=human,human#/bakuk: the set-up is for the page's game
  }
  readCoach(query, catalogue, result, bad); // a lesson or puzzle names its game
  if (query.has("lab")) { // ?lab=beans, ?lab=fairness&game=bul&variant=puluc: a page's name
    const lab = query.get("lab");
    if (/^[a-z]{1,20}$/.test(lab)) result.lab = lab;
    else bad("lab", lab);
  }
  if (query.has("lang")) {
    const lang = query.get("lang");
    if (LANGUAGES.includes(lang)) result.lang = lang;
    else bad("lang", lang);
  }
  if (query.has("embed")) {
    const embed = query.get("embed");
    if (["1", "true", "0", "false"].includes(embed)) result.embed = embed === "1" || embed === "true";
    else bad("embed", embed);
  }
  if (query.has("scorm")) { // framed by a SCORM package's launch page (web/scorm/)
    const scorm = query.get("scorm");
    if (["1", "true", "0", "false"].includes(scorm)) result.scorm = scorm === "1" || scorm === "true";
    else bad("scorm", scorm);
  }
  for (const name of ["hints", "review"]) { // a lesson page may switch the computer's help off
    if (!query.has(name)) continue;
    const value = query.get(name);
    if (["1", "true", "0", "false"].includes(value)) result[name] = value === "1" || value === "true";
    else bad(name, value);
  }
  const specs = (result.game && catalogue[result.game].options) || {};
  const levels = (result.game && catalogue[result.game].levels) || [];
  for (const [name, text] of query) {
    if (GENERAL.includes(name)) continue;
    if (!own(specs, name)) {
      problems.push({ key: "params.unknown", params: { name } });
      continue;
    }
    const value = parseValue(text);
    if (optionAllowed(specs[name], value)) result.options[name] = value;
    else bad(name, text);
  }
  if (query.has("level")) {
    const level = query.get("level");
    if (levels.includes(level)) result.level = level;
    else bad("level", level);
  }
  if (query.has("seats") && result.game) {
    const seats = query.get("seats").split(",");
    const count = seatCount(result.game, result.options);
    const known = ["human", ...levels];
    if (seats.length === count && seats.every((s) => known.includes(s))) result.seats = seats;
    else bad("seats", query.get("seats"));
  }
  return result;
}

/** A lesson (?lesson=<game>&step=<n>), a puzzle (?puzzle=<game>-<n>) or the puzzles of a
 * game, starting with the day's (?puzzles=<game>): `result.coach` becomes the game page's
 * address query (learn=<n> or puzzle=<id | day>) and `result.game` its game. Whether the
 * puzzle exists is the engine's to say. */
function readCoach(query, catalogue, result, bad) {
  const asked = ["lesson", "puzzle", "puzzles"].filter((name) => query.has(name));
  if (asked.length > 1) return asked.slice(1).forEach((name) => bad(name, query.get(name)));
  const [name] = asked;
  const value = name ? query.get(name) : null;
  const game = name === "puzzle" ? value.replace(/-\d{1,6}$/, "") : value;
  if (name && (!own(catalogue, game) || (name === "puzzle" && game === value))) {
    return bad(name, value);
  }
  let step = 1;
  if (query.has("step")) {
    const text = query.get("step");
    if (name === "lesson" && /^\d{1,3}$/.test(text) && Number(text) >= 1) step = Number(text);
    else bad("step", text);
  }
  const set = name === "puzzles" ? readSet(query, game, bad) : null;
  if (!name) return;
  result.game = game;
  const entry = catalogue[game]; // a set keeps to the rule set named (a Puluc class's package)
  result.coach = name === "lesson" ? `learn=${step}` : name === "puzzle" ? `puzzle=${value}`
    : set ? `puzzle=set&${set}${ruleSetTail(entry, ruleSetIn(query, entry))}` : "puzzle=day";
}

/** The rule set `query` names for a game (its catalogue `entry`'s `rule_set_option`: Bul's
 * `variant=puluc`), or null (none named, or not one of the game's). */
export function ruleSetIn(query, entry) {
  const option = entry?.rule_set_option;
  if (!option) return null;
  const value = new URLSearchParams(query).get(option);
  return value !== null && Object.hasOwn(entry.rule_sets || {}, value) ? value : null;
}

/** `ruleSet` of a game (its catalogue `entry`) as the tail of an address's query
 * ("&variant=puluc"; none: ""). */
export function ruleSetTail(entry, ruleSet) {
  const option = entry?.rule_set_option;
  return option && ruleSet ? `&${encodeURIComponent(option)}=${encodeURIComponent(ruleSet)}` : "";
}

/** A puzzle set's parameters (`count`, `difficulty`, `ids`, `at`), checked: the coach's
 * address query for them, or null when the address asks for none (the puzzle of the day). */
function readSet(query, game, bad) {
  if (!SET_PARAMS.some((name) => query.has(name))) return null;
  const set = new URLSearchParams();
  const whole = (name, most) => {
    const text = query.get(name);
    if (/^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= most) return Number(text);
    bad(name, text);
    return null;
  };
  if (query.has("ids")) {
    const ids = query.get("ids").split(",");
    const pattern = new RegExp(`^${game.replace(/[^a-z0-9_]/g, "")}-\\d{1,6}$`);
    if (ids.length <= SET_MOST && ids.every((id) => pattern.test(id))) set.set("ids", ids.join(","));
    else bad("ids", query.get("ids"));
  }
  if (query.has("difficulty")) {
    const difficulty = query.get("difficulty");
    if (SET_DIFFICULTIES.includes(difficulty)) set.set("difficulty", difficulty);
    else bad("difficulty", difficulty);
  }
  const count = query.has("count") ? whole("count", SET_MOST) : null;
  if (count) set.set("count", String(count));
  const at = query.has("at") ? whole("at", SET_MOST) : null;
  set.set("at", String(at || 1));
  return set.toString();
}

/** The game's options `query` names (an address's hash query, where the site's own links
 * put them: the teacher's notes' `#/bul?variant=puluc`, the print kit's way back), read as
 * readParams reads the `?` query: known options with allowed values only. Every other name
 * is the page's own (learn=, puzzle=, edit, g=…) and left to it. `entry`: the game's
 * catalogue entry (BUILD.games[id]). */
export function optionsIn(query, entry) {
  const options = {};
  const specs = (entry && entry.options) || {};
  for (const [name, text] of new URLSearchParams(query)) {
    if (!own(specs, name)) continue;
    const value = parseValue(text);
    if (optionAllowed(specs[name], value)) options[name] = value;
  }
  return options;
}

/** The query string for a game set-up (the inverse of readParams). */
export function writeParams({ game, options, seats, lang, embed, hints = true, review = true }) {
  const query = new URLSearchParams({ game });
  for (const [name, value] of Object.entries(options)) query.set(name, String(value));
  if (seats) query.set("seats", seats.join(","));
  if (lang) query.set("lang", lang);
  if (embed) query.set("embed", "1");
  if (!hints) query.set("hints", "0");
  if (!review) query.set("review", "0");
  return query.toString();
}

/** The query string of a game's lesson (`what` "lesson") or puzzles ("puzzles"). */
export function writeCoachParams(what, game, { lang, embed }) {
  const query = new URLSearchParams({ [what]: game });
  if (lang) query.set("lang", lang);
  if (embed) query.set("embed", "1");
  return query.toString();
}
