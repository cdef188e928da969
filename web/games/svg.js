// Small helpers shared by the game views: SVG elements, focusable steps, pauses.
const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

/** Make `el` a clickable, focusable board element for the move step `step`. */
export function makeStep(el, step, label, onStep) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.step = step;
  el.classList.add("step");
  el.addEventListener("click", () => onStep(step));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onStep(step);
    }
  });
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

export const pause = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Positions of `count` seeds in a pit: a sunflower spiral, the same every time. */
export function seedPositions(count, spread) {
  const positions = [];
  for (let i = 0; i < count; i++) {
    const r = spread * Math.sqrt(i + 0.5);
    const a = i * 2.39996; // the golden angle, in radians
    positions.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return positions;
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

/** An HTML button for a view's own controls. */
export function button(label, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}
