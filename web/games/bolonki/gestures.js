// How a person plays Bolonki's board besides clicking an offered step: the arrow keys move
// to the nearest offered step that way, Escape takes a step back, and a click on a square
// that is not offered asks the engine for what it would mean there (the view's `targets`),
// so that the page says why it cannot be played.
import { focusToward } from "../../kit/index.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function boardKeys(root, ctx) {
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && ctx.partial()) {
      event.preventDefault();
      ctx.back();
      return;
    }
    const way = ARROWS[event.key];
    if (way && focusToward(root, way)) event.preventDefault();
  });
}

/** A click on a square (`cells`, each with data-cell) asks `tryStep` for its target in
 * `targets` (the engine's: square -> step); null targets: a click does nothing. */
export function forbidSquares(cells, targets, tryStep) {
  for (const cell of cells) {
    const step = targets?.[cell.dataset.cell];
    cell.onclick = step === undefined ? null : () => tryStep?.(step);
  }
}
