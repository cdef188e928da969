// URL parameters: what a shared or embedded link asks for, checked against the engine's
// own option table (BUILD.games, written at build time) before anything reaches the engine.
//   ?game=bakuk&players=3&seats=human,strong,casual&level=casual&lang=en&embed=1
// Anything unknown or malformed is reported (translated by the page) and left at its default.
// The query is hostile: a name is looked up only among the table's OWN properties, so
// ?toString=1, ?constructor=1, ?__proto__=1 or ?game=constructor are unknown, never methods.
import { LANGUAGES } from "./i18n.js";

const own = (table, name) =>
  table !== null && typeof table === "object" && Object.hasOwn(table, name);

const GENERAL = ["game", "lang", "embed", "seats", "level", "hints", "review"];

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
 * Read the query string. Returns {game, options, seats, level, lang, embed, problems}, where
 * problems are [{key, params}] i18n messages. `seatCount(game, options)` says how many seats;
 * `pageGame` (the game the address's #/ names) is the game when the query names none.
 */
export function readParams(search, catalogue, seatCount, pageGame = null) {
  const query = new URLSearchParams(search);
  const problems = [];
  const bad = (name, value) => problems.push({ key: "params.bad_value", params: { name, value } });
  const result = { game: null, options: {}, seats: null, level: null, lang: null, embed: false,
    hints: true, review: true, problems };
  if (query.has("game")) {
    const game = query.get("game");
    if (own(catalogue, game)) result.game = game;
    else bad("game", game);
  } else if (pageGame && own(catalogue, pageGame)) {
    result.game = pageGame; // ?seats=human,human#/bakuk: the set-up is for the page's game
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
