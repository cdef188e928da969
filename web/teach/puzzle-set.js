// A puzzle set (issue 44: what a SCORM package of puzzles plays): N puzzles of a game, one
// after the other, chosen by a level or listed by id; the address says which one is on the
// table (#/<game>?puzzle=set&count=10&difficulty=easy&at=3, or &ids=bul-3,bul-7&at=2).
// The same address always makes the same set (the game's own order), so a platform that
// relaunches the package at puzzle 3 finds the same puzzles as before.
import { SET_DIFFICULTIES } from "../links/params.js";

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

/** The set's puzzle ids, from the game's puzzles ([{id, difficulty}], in order). */
export function setIds(set, shelf) {
  const known = new Set(shelf.map((p) => p.id));
  if (set.ids) { // a teacher's list: unknown ids are left out (the engine would refuse them)
    const listed = set.ids.filter((id) => known.has(id));
    return set.count ? listed.slice(0, set.count) : listed;
  }
  const level = set.difficulty ? SET_DIFFICULTIES.indexOf(set.difficulty) + 1 : null;
  const chosen = level ? shelf.filter((p) => p.difficulty === level) : shelf;
  return chosen.slice(0, set.count || 10).map((p) => p.id);
}

/** The address of puzzle number `at` (from 1) of the same set. */
export function setAddress(game, query, at) {
  const params = new URLSearchParams(query);
  params.set("at", String(at));
  return `#/${game}?${params}`;
}
