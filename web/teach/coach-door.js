// The door to lessons and puzzles (coach.js), start-up code: what the table and the routing
// ask of the coach, answered at once while nothing is coached, and coach.js itself fetched
// when an address first asks for a lesson step or a puzzle (links/rooms.js). Until then no
// lesson or puzzle is on the table, so there is nothing to judge or say.
import { setWanted } from "./puzzle-set.js";
import { door } from "../links/rooms.js";

let hooks = null;
const coachJs = door(() => import("./coach.js"), (module) => module.setUpCoach(hooks));

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
  const coach = await coachJs.open();
  return coach?.openCoached(game, wanted, fallback, options);
}

export const coaching = () => coachJs.now()?.coaching() ?? false;
export const coachedNow = () => coachJs.now()?.coachedNow() ?? null;
export const judgedText = () => coachJs.now()?.judgedText() ?? "";
export const onMoveShown = (answer) => coachJs.now()?.onMoveShown(answer);
export const refreshCoach = () => coachJs.now()?.refreshCoach();
export const stop = () => coachJs.now()?.stop();
