// The view kit: what every game view shares — SVG elements, focusable steps, the last-move
// marker, focus keeping, key bindings, frame playback, settings, seats and result text.
// Nothing here knows a rule: the engine's observations and facts say everything.
import { BUILD } from "../build-info.js";
import { getSetting, setSetting } from "../storage.js";

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

/** The room a board has: `el`'s [clientWidth, clientHeight], kept by a ResizeObserver. A
 * view that read them on every draw laid the whole page out again each time (a move draws
 * several times; 10-15 ms a layout on a laptop). `onChange(size)` is called when it changes;
 * `stop()` lets go. */
export function roomOf(el, onChange = () => {}) {
  let size = [el.clientWidth, el.clientHeight]; // once, before the first observation
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const now = [el.clientWidth, el.clientHeight]; // laid out already: nothing forced
    if (now[0] === size[0] && now[1] === size[1]) return;
    size = now;
    onChange(size);
  }) : null;
  observer?.observe(el);
  return { size: () => size, stop: () => observer?.disconnect() };
}

/** An SVG text element (hidden from screen readers: the element around it is named). */
export function text(parent, x, y, cls, content, extra = {}) {
  const el = svg("text", { x, y, class: cls, "aria-hidden": "true", ...extra }, parent);
  el.textContent = content;
  return el;
}

function onActivate(el, action) {
  el.addEventListener("click", action);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

/** Make `el` a clickable, focusable board element for the move step `step`. The label
 * starts with the element's visible text, so what is seen is what is spoken. */
export function makeStep(el, step, label, onStep) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.step = step;
  el.classList.add("step");
  onActivate(el, () => onStep(step));
}

/** A board element that may not be played now: a click asks the page to say why (the
 * engine's reason for `step`). Pages without `tryStep` just ignore the click. */
export function forbidStep(el, step, label, ctx) {
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  el.dataset.forbidden = step;
  el.addEventListener("click", () => ctx.tryStep?.(step));
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

export const pause = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Animate a move by drawing the engine's frames (the observation after each step of the
 * move) one after another: `drawFrame(frame)` draws one, `delayOf(frame)` says how long it
 * stays (ms at normal speed). With reduced motion (`speed` 0) nothing waits.
 */
export async function playFrames(frames, drawFrame, delayOf, speed, alive = () => true) {
  for (const frame of frames || []) {
    if (!alive()) return;
    drawFrame(frame);
    await pause(speed * delayOf(frame));
  }
}

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

/** An HTML button for a view's own controls. */
export function button(label, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

/** A view's own setting (a string kept in the browser through storage.js), else `fallback`. */
export function setting(game, name, fallback) {
  return getSetting(`${game}.${name}`, fallback);
}

export function keepSetting(game, name, value) {
  setSetting(`${game}.${name}`, String(value));
}

/** True on touch screens (no keyboard hints there). */
export const coarsePointer = () => matchMedia("(pointer: coarse), (hover: none)").matches;

// --- seats and results, from the engine's facts ------------------------------------------
const GLYPHS = { circle: "●", triangle: "▲", square: "■", diamond: "◆", rows: "═", columns: "║" };

/** The character drawn for one of the engine's symbol ids. */
export const glyph = (id) => GLYPHS[id] ?? id ?? "";

/** A message from the engine ({key, params}, params themselves messages) in words. */
export function say(t, message) {
  if (!message || typeof message !== "object") return message ?? "";
  const params = {};
  for (const [name, value] of Object.entries(message.params || {})) params[name] = say(t, value);
  return t(message.key, params);
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

/** The sentence that ends a game: why, who won (or a draw), and the scores. */
export function resultText(t, players, obs, why, winnerName = null) {
  const scores = players.map((p, i) => `${p.symbol} ${p.name} ${obs.scores?.[i] ?? ""}`.trim())
    .join(" · ");
  const win = obs.winner === null || obs.winner === undefined ? t("result.draw")
    : t("result.win", { name: winnerName ?? players[obs.winner]?.name ?? "" });
  return `${why} ${win} (${scores})`;
}
