// The projector look sets a hint beside the board, at the foot of the column of words (style.css,
// issue 43 item 5): the column gives up the room the hint takes, no more. The hint's height
// is measured here (CSS cannot size a room by a box placed out of the flow).
import { $ } from "../kit/dom.js";

/** Keep `--hint-used` on the table: the hint box's height as drawn, in px. Call once. */
export function keepHintRoom() {
  const hint = $("hint-box");
  const table = hint?.closest(".table");
  if (!hint || !table || typeof ResizeObserver !== "function") return;
  new ResizeObserver(() => {
    const height = hint.hidden ? 0 : hint.getBoundingClientRect().height;
    table.style.setProperty("--hint-used", `${Math.ceil(height)}px`);
  }).observe(hint);
}
