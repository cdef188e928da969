// A puzzle set (issue 44: what a SCORM package of puzzles plays): N puzzles of a game, one
// after the other, chosen by a level or listed by id; the address says which one is on the
// table (#/<game>?puzzle=set&count=10&difficulty=easy&at=3, or &ids=bul-3,bul-7&at=2).
// The same address always makes the same set (the game's own order), so a platform that
// relaunches the package at puzzle 3 finds the same puzzles as before.
import { SET_DIFFICULTIES } from "../links/params.js";

const SET_MOST = 100; // puzzles in a set, as the engine takes them (web/teaching.py SET_MOST)

/** The set's choices in an address's query ({count, difficulty, ids, at}), or null. */
export function setWanted(params) {
  if (params.get("puzzle") !== "set") return null;
  const number = (name) => (/^\d{1,3}$/.test(params.get(name) || "") ? Number(params.get(name))
    : null);
  const difficulty = params.get("difficulty");
  return {
    count: number("count"),
    difficulty: SET_DIFFICULTIES.includes(difficulty) ? difficulty : null,
    ids: params.get("ids") ? params.get("ids").split(",") : null,
    at: number("at") || 1,
  };
}

/** What the engine's ``puzzle_set`` is asked for the set (it chooses the puzzles). */
export function setChoices(set) {
  const choices = {};
  if (set.ids) choices.ids = set.ids;
  else if (set.difficulty) choices.level = SET_DIFFICULTIES.indexOf(set.difficulty) + 1;
  if (set.count) choices.count = Math.min(set.count, SET_MOST);
  return choices;
}

/** The address of puzzle number `at` (from 1) of the same set. */
export function setAddress(game, query, at) {
  const params = new URLSearchParams(query);
  params.set("at", String(at));
  return `#/${game}?${params}`;
}
