// Who sits at the table, from the engine's seat facts: names (messages in words), symbols
// (so colour is never the only signal) and the sentence that ends a game.
import { BUILD } from "../build-info.js";

const GLYPHS = { circle: "●", triangle: "▲", square: "■", diamond: "◆", rows: "═", columns: "║" };

/** The character drawn for one of the engine's symbol ids. */
export const glyph = (id) => GLYPHS[id] ?? id ?? "";

/** A message from the engine ({key, params}, params themselves messages) in words. */
export function say(t, message) {
  if (!message || typeof message !== "object") return message ?? "";
  if (typeof message.key !== "string") return message; // a value, not a message (a list...)
  const params = {};
  for (const [name, value] of Object.entries(message.params || {})) params[name] = say(t, value);
  return t(message.key, params);
}

/** An engine's refusal in the reader's words: its own string, else the generic one. */
export function errorWords(t, has, error) {
  const key = `error.${error.code}`;
  return has(key) ? say(t, { key, params: error.params || {} }) : t("error.generic", error);
}

/** The seat facts of a game with these options: from the observation when there is one,
 * else from the build's catalogue (the set-up form, before a game exists). */
function seatFacts(game, options = {}, observation = null) {
  if (observation?.seat_facts) return observation.seat_facts;
  const seats = BUILD.games[game]?.seats || [];
  const match = seats.find((entry) => Object.entries(entry.options)
    .every(([name, value]) => options[name] === undefined ? isDefault(game, name, value)
      : options[name] === value));
  return (match || seats[0])?.list || [];
}

function isDefault(game, name, value) {
  return BUILD.games[game]?.options?.[name]?.default === value;
}

/** `[{name, symbol, cls}]` per player, for the page's score panel and set-up form. */
export function seatPlayers(game, options, t, cls = null) {
  cls ??= (fact) => `p${fact.player}`;
  return seatFacts(game, options).map((fact) => ({
    name: say(t, fact.name),
    symbol: fact.symbols.map((s) => GLYPHS[s] ?? s).join(""),
    cls: cls(fact),
  }));
}

/** The sentence that ends a game: why, who won (or a draw), and the scores — unless
 * `scoresShown`: the page's score panel shows them beside it (the end's line on screen, where
 * the same figures twice cost a small screen a line of the board's room). */
export function resultText(t, players, obs, why, { scoresShown = false } = {}) {
  const win = obs.winner === null || obs.winner === undefined ? t("result.draw")
    : t("result.win", { name: players[obs.winner]?.name ?? "" });
  if (scoresShown) return `${why} ${win}`;
  const scores = players.map((p, i) => `${p.symbol} ${p.name} ${obs.scores?.[i] ?? ""}`.trim())
    .join(" · ");
  return `${why} ${win} (${scores})`;
}
