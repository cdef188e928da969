// The door to lessons and puzzles (coach.js), start-up code: what the table and the routing
// ask of the coach, answered at once while nothing is coached, and coach.js itself fetched
// when an address first asks for a lesson step or a puzzle (links/rooms.js). Until then no
// lesson or puzzle is on the table, so there is nothing to judge or say.
import { session } from "../table/session.js";
import { setWanted } from "./puzzle-set.js";
import { room, sayFailed } from "../links/rooms.js";

const load = room(() => import("./coach.js"));
let coach = null; // coach.js, once fetched and set up
let hooks = null;

/** `hooks`: what the table does for the coach (coach.js setUpCoach). */
export function setUpCoach(tableHooks) {
  hooks = tableHooks;
}

/** What an address's query asks the coach for: {kind, value} or null (no fetch needed). */
export function coachWanted(query) {
  const params = new URLSearchParams(query);
  if (params.has("learn")) return { kind: "lesson", value: params.get("learn") };
  if (params.get("puzzle") === "set") {
    return { kind: "puzzle", value: "set", set: setWanted(params), query };
  }
  if (params.has("puzzle")) {
    return { kind: "puzzle", value: params.get("puzzle"), question: params.get("q"), query };
  }
  return null;
}

/** Put what `wanted` names on the table (coach.js openCoached), once coach.js is here; a
 * failed fetch is said in words, and the table stays as it was. */
export async function openCoached(game, wanted, fallback, options) {
  const asked = session.generation;
  if (!coach) {
    try {
      const module = await load();
      if (!coach) module.setUpCoach(hooks);
      coach = module;
    } catch {
      return sayFailed();
    }
    sayFailed(true);
    if (asked !== session.generation) return; // something else was opened meanwhile
  }
  return coach.openCoached(game, wanted, fallback, options);
}

export const coaching = () => coach?.coaching() ?? false;
export const coachedNow = () => coach?.coachedNow() ?? null;
export const judgedText = () => coach?.judgedText() ?? "";
export const onMoveShown = (answer) => coach?.onMoveShown(answer);
export const refreshCoach = () => coach?.refreshCoach();
export const stop = () => coach?.stop();
