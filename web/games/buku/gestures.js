// How a person builds a Buku move besides clicking the offered steps: the arrow keys walk
// the path (or move the focus among the steps), Backspace takes a step back, a finger or a
// mouse drags the path through the squares, and a click on a square the path cannot take
// asks the engine why.
import { focusToward } from "../../kit/index.js";

const KEY_WAYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const SCREEN = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }; // y grows down

/**
 * Listens on `root` (the board's SVG). `board` says what is drawn now: `shown()` (the
 * path and line being built), `view()` (the last view drawn), `steps` (the offered steps:
 * `offered(square)`, `toward(direction)`, `any()`), `squareAt(event)` (layout) and
 * `say(text)` (the panel's hint).
 */
export function attachGestures(root, squaresLayer, board, ctx) {
  let usingKeys = false;
  const drag = { on: false, pressed: null, over: null, moved: false, waiting: false, queue: [] };

  // --- keys: arrows walk the path (or move the focus), Backspace takes a step back ---------
  root.addEventListener("keydown", (event) => {
    usingKeys = true;
    if ((event.key === "Backspace" || event.key === "Escape") && ctx.partial()) {
      event.preventDefault();
      ctx.back();
      return;
    }
    const way = KEY_WAYS[event.key];
    if (!way) return;
    event.preventDefault();
    if (board.shown().path.length && board.steps.any()) {
      const step = board.steps.toward(way);
      if (step) ctx.onStep(step);
      else board.say(ctx.t("buku.hint.blocked"));
      return;
    }
    focusToward(root, SCREEN[way]);
  });

  // --- a click on a square the path cannot take: the engine says why ----------------------
  squaresLayer.addEventListener("click", (event) => {
    const square = event.target.closest("[data-forbidden]");
    if (square) ctx.tryStep?.(square.dataset.forbidden);
  });

  // --- drag: press on a square and slide through the next ones ---------------------------
  function send(step) {
    drag.waiting = true; // until the engine's answer is drawn
    ctx.onStep(step);
  }

  /** While dragging, take the steps onto the squares the pointer went through, in order, as
   * each is offered; sliding back onto the square before the last takes the last step back. */
  function follow() {
    const path = board.shown().path;
    while (drag.moved && !drag.waiting && drag.queue.length) {
      const sq = drag.queue.shift();
      const step = path.length ? board.steps.offered(sq) : null;
      if (step) {
        send(step);
      } else if (path.length > 1 && sq === path.at(-2)) {
        drag.waiting = true;
        ctx.back();
      }
    }
  }

  root.addEventListener("pointerdown", (event) => {
    usingKeys = false;
    if (event.button > 0) return;
    const sq = board.squareAt(event);
    const view = board.view();
    const shown = board.shown();
    if (!sq || !view || !(view.steps || []).length || !shown.line) return;
    const pressed = board.steps.offered(sq);
    if (!pressed && sq !== shown.path.at(-1)) return;
    drag.on = true;
    drag.pressed = pressed;
    drag.over = sq;
    drag.moved = false;
    drag.waiting = false;
    drag.queue = [];
    // a finger is captured by the square it touched: let the squares under it get the moves
    if (event.target.hasPointerCapture?.(event.pointerId)) {
      event.target.releasePointerCapture(event.pointerId);
    }
  });

  root.addEventListener("pointermove", (event) => {
    if (!drag.on) return;
    const points = event.getCoalescedEvents?.() || [];
    for (const point of points.length ? points : [event]) {
      const sq = board.squareAt(point);
      if (!sq || sq === drag.over) continue;
      drag.over = sq;
      if (!drag.moved) {
        drag.moved = true;
        if (drag.pressed) send(drag.pressed); // the square pressed first starts the path
      }
      drag.queue.push(sq);
    }
    follow();
  });

  let suppressClick = false;
  root.addEventListener("pointerup", () => {
    if (drag.on && drag.moved) {
      // the click that ends a drag is not a step of its own
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    drag.on = false;
  });
  root.addEventListener("pointercancel", () => {
    drag.on = false;
    drag.queue = [];
  });
  root.addEventListener("click", (event) => {
    if (suppressClick) {
      event.stopPropagation();
      event.preventDefault();
      suppressClick = false;
    }
  }, true);

  return {
    /** A view was drawn: the engine has answered, and a drag goes on over the new steps. */
    drawn() {
      drag.waiting = false;
      follow();
    },
    usingKeys: () => usingKeys,
  };
}
