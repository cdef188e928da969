// The rule set an address names (a game's `rule_set_option`: Bul's `variant=puluc`), which the
// puzzles keep to: a teacher's plan for Puluc opens Puluc's puzzle of the day, its "next" and
// its worksheet, never another rule set's. A game without rule sets names none.
import { BUILD } from "../build-info.js";
import { ruleSetIn, ruleSetTail } from "../links/params.js";

/** The rule set `query` (an address's query string or URLSearchParams) names for `game`, or
 * null (none named, or not one of the game's). */
export function ruleSetNamed(game, query) {
  return ruleSetIn(query, BUILD.games[game]);
}

/** `ruleSet` as the tail of an address's query ("&variant=puluc"; none: ""). */
export function ruleSetQuery(game, ruleSet) {
  return ruleSetTail(BUILD.games[game], ruleSet);
}
