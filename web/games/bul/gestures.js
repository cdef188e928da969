// What a click or a key means on Bul's board: the engine's offered steps sorted by what each
// one is (`step_facts`), an offered element, an element that is not offered (a click asks the
// engine's `targets` step, refused with its reason), the beans tapped to throw, and the space
// bar that throws.
import { forbidStep, makeStep, pictureOnly } from "../../kit/index.js";

/** The offered steps by what they are: {units: "row@controller" → {step, …fact}, back (the
 * same, for backward captures), enter, chips: value → step, pass}. */
export function offers(steps, facts) {
  const offer = { units: new Map(), back: new Map(), enter: null, chips: new Map(), pass: null };
  for (const [step] of steps) {
    const fact = facts[step];
    if (!fact) continue;
    if (fact.kind === "pass") offer.pass = step;
    else if (fact.kind === "value") offer.chips.set(fact.value, step);
    else if (fact.kind === "enter") offer.enter = { step, ...fact };
    else if (fact.kind === "unit") {
      (fact.backward ? offer.back : offer.units).set(`${fact.row}@${fact.controller}`,
        { step, ...fact });
    }
  }
  return offer;
}

/** Clicks on board elements: `current()` is the view whose `targets` a click asks — the one
 * drawn, or while a move is shown the one it leads to (the page keeps a click made then and
 * plays it once the move is shown: issue 43, it was dropped). */
export function clicks(ctx, current) {
  return {
    /** `el` offers `step`: its accessible name begins with what it shows. */
    offer(el, step, label) {
      makeStep(el, step, label, ctx.onStep);
    },
    /** `el` (the board element `target`) is not offered: a person to move who clicks it is
     * told why by the engine (the step its target asks); otherwise it is only a picture. */
    refuse(el, label, target) {
      const view = current();
      const obs = view?.observation || view; // a bare observation while the engine loads
      const step = view?.targets?.[target];
      if (step !== undefined && !view.terminal && ctx.isHuman(obs.to_move)) {
        forbidStep(el, step, label, ctx);
      } else {
        pictureOnly(el, label);
      }
    },
    /** `el` throws the beans when tapped (the engine draws the throw: no move step). */
    throwHere(el, label) {
      makeStep(el, "", label, () => ctx.throwBeans());
      delete el.dataset.step;
      el.dataset.action = "throw-beans";
    },
  };
}

/** The space bar throws when `canThrow()` and no control has the focus; returns `stop`. */
export function spaceThrows(root, canThrow, ctx) {
  function onKey(event) {
    if (event.key !== " " || !root.isConnected || root.closest("[hidden]")) return;
    const at = document.activeElement;
    if (at && at.closest("button, input, select, textarea, a, [role=button], dialog")) return;
    if (!canThrow()) return;
    event.preventDefault();
    ctx.throwBeans();
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
