// A step clicked on the opening board while the engine is still loading: kept, shown as
// pending ("one moment…"), and played as soon as the game is on the table — never silently
// lost. table.js calls keepEarlyStep when there is no game yet, and takeEarlyStep once one
// has started.
import { t } from "../kit/i18n.js";
import { $ } from "../kit/dom.js";

let kept = null;

export function keepEarlyStep(step) {
  kept = step;
  const board = $("board");
  board.dataset.pendingStep = step; // also what the tests wait for
  for (const el of board.querySelectorAll(".pending-step")) el.classList.remove("pending-step");
  const selector = `[data-step="${CSS.escape(step)}"], [data-forbidden="${CSS.escape(step)}"]`;
  board.querySelector(selector)?.classList.add("pending-step");
  $("turn").textContent = t("engine.pending");
}

/** The kept step, to be played in `view` — or null. A step clicked on the opening is only
 * played in a new game: when a saved game or a link was resumed instead, it is dropped and
 * `onDropped` tells the person. */
export function takeEarlyStep(view, onDropped) {
  if (kept === null) return null;
  const step = kept;
  kept = null;
  delete $("board").dataset.pendingStep;
  if ((view.length ?? view.ply) === 0) return step;
  onDropped({ code: "early_step_dropped", params: { step } });
  return null;
}
