// What a person clicks on a board: focusable step elements (each with the step's notation in
// data-step and an accessible name), forbidden ones that ask the engine why, the last-move
// marker, and the keys and focus that keep a keyboard player on the board.

// A board element's action lives on the element, behind one pair of listeners added once:
// a view that renews an element in place each frame (rather than drawing a new one, which a
// quick tap's press and release either side of the redraw never reached: issue 43) replaces
// its action instead of adding one more.
const ACTION = Symbol("board action");

/** `run` on a click on `el` (and, with `keys`, on Enter or the space bar on it); null: none. */
function setAction(el, run, keys = false) {
  if (!(ACTION in el)) {
    el.addEventListener("click", () => el[ACTION]?.run());
    el.addEventListener("keydown", (event) => {
      if (!el[ACTION]?.keys || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      el[ACTION].run();
    });
  }
  el[ACTION] = run ? { run, keys } : null;
}

/** `el` no longer a step nor forbidden: not focusable, no action, no step's marks. */
function clearStep(el) {
  el.removeAttribute("tabindex");
  el.classList.remove("step");
  delete el.dataset.step;
  delete el.dataset.forbidden;
  if (ACTION in el) setAction(el, null);
}

/** Make `el` a clickable, focusable board element for the move step `step`. The label
 * starts with the element's visible text, so what is seen is what is spoken. Called again
 * on the same element, it replaces what it was (a step, a forbidden one, a picture). */
export function makeStep(el, step, label, onStep) {
  delete el.dataset.forbidden;
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.step = step;
  el.classList.add("step");
  setAction(el, () => onStep(step), true);
}

/** A board element that may not be played now: a click asks the page to say why (the
 * engine's reason for `step`). Pages without `tryStep` just ignore the click. */
export function forbidStep(el, step, label, ctx) {
  clearStep(el);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  if (step === null || step === undefined) return; // nothing a click could ask (mid-move)
  askWhy(el, step, ctx);
}

/** A click on `el` asks the page why `step` may not be played (no name nor role given: for
 * a part of the board hidden from screen readers, which reach the steps by keys). */
export function askWhy(el, step, ctx) {
  el.dataset.forbidden = step;
  setAction(el, () => ctx.tryStep?.(step));
}

/** A board element only seen, named `label`: no step, nothing a click asks. */
export function pictureOnly(el, label) {
  forbidStep(el, null, label, null);
}

/** Mark `el` as part of the last move (`kind`: origin, path, sown, to, capture, line…).
 * The CSS draws it with an outline and a pattern, never with colour alone. */
export function markLast(el, kind) {
  el.classList.add("last-move");
  el.dataset.lastMove = kind;
  return el;
}

/** Arrow keys move the focus between the step elements of `root`, in document order. */
export function arrowKeys(root) {
  root.addEventListener("keydown", (event) => {
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    const backward = event.key === "ArrowLeft" || event.key === "ArrowUp";
    if (!forward && !backward) return;
    const steps = [...root.querySelectorAll("[data-step]")];
    const at = steps.indexOf(document.activeElement);
    if (!steps.length) return;
    event.preventDefault();
    const next = at < 0 ? 0 : (at + (forward ? 1 : steps.length - 1)) % steps.length;
    steps[next].focus();
  });
}

/**
 * Move the focus to the nearest step element of `root` in the direction [dx, dy] (screen
 * axes: y grows downwards), by the elements' data-x / data-y. Returns false when there is
 * no step to focus.
 */
export function focusToward(root, [dx, dy]) {
  const steps = [...root.querySelectorAll("[data-step]")];
  if (!steps.length) return false;
  const at = document.activeElement;
  if (!steps.includes(at)) {
    steps[0].focus();
    return true;
  }
  const [x0, y0] = [Number(at.dataset.x), Number(at.dataset.y)];
  let best = null;
  let bestScore = Infinity;
  for (const el of steps) {
    const ex = Number(el.dataset.x) - x0;
    const ey = Number(el.dataset.y) - y0;
    const along = ex * dx + ey * dy;
    if (along <= 0) continue;
    const score = along + 2 * (Math.abs(ex * dy) + Math.abs(ey * dx));
    if (score < bestScore) [best, bestScore] = [el, score];
  }
  (best || at).focus();
  return true;
}

const keyOf = (el) => el?.dataset?.target ?? el?.dataset?.step ?? null;
const centreOf = (el) => {
  const box = el.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
};

/**
 * Focus keeping for a board: remembers the board element that had the focus (by its
 * data-target, else its data-step, and where it was) so that after a redraw or a move the
 * focus goes back to the same element, else to the one `prefer(steps)` picks, else to the
 * nearest offered step, else to the board.
 */
export function focusKeeper(root, prefer = () => null) {
  let lastKey = null;
  let lastAt = null;
  root.addEventListener("focusin", (event) => {
    if (event.target === root) return;
    lastKey = keyOf(event.target);
    lastAt = centreOf(event.target);
  });
  const hadFocus = () => root.contains(document.activeElement);
  function focus() {
    const steps = [...root.querySelectorAll("[data-step]")];
    let el = lastKey !== null ? steps.find((s) => keyOf(s) === lastKey) : null;
    el ||= prefer(steps); // where the view would go next (e.g. on along a path)
    if (!el && lastAt && steps.length) {
      const far = (s) => {
        const [x, y] = centreOf(s);
        return Math.hypot(x - lastAt[0], y - lastAt[1]);
      };
      el = steps.reduce((a, b) => (far(b) < far(a) ? b : a));
    }
    el ||= steps[0];
    if (!el) {
      el = root;
      if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
    }
    if (document.activeElement !== el) el.focus({ preventScroll: true });
  }
  return { focus, hadFocus };
}
