// The projector's window sets a hint beside the board, at the foot of the column of words
// (presenter.css, issue 43 item 5): the column gives up the room the hint takes, no more, and the hint takes
// no more than the column can give (whose turn and the scores stay whole above it; the view's
// panel keeps a line). CSS cannot size a room by a box placed out of the flow: measured here.
import { $ } from "../kit/dom.js";

const PANEL_LINE_EM = 4; // the view's panel's first line, and the gaps around it

/** Keep on the table `--hint-used` (the hint box's height as drawn) and `--hint-fits` (the
 * height the column beside the board leaves under the turn and the scores), in px. Call once. */
export function keepHintRoom() {
  const hint = $("hint-box");
  const table = hint?.closest(".table");
  const area = table?.querySelector(".board-area");
  const status = area?.querySelector(".status");
  if (!hint || !area || !status || typeof ResizeObserver !== "function") return;
  const measure = () => {
    const used = hint.hidden ? 0 : hint.getBoundingClientRect().height;
    table.style.setProperty("--hint-used", `${Math.ceil(used)}px`);
    const em = parseFloat(getComputedStyle(area).fontSize) || 16;
    const fits = area.getBoundingClientRect().bottom - status.getBoundingClientRect().bottom -
      PANEL_LINE_EM * em;
    table.style.setProperty("--hint-fits", `${Math.max(0, Math.floor(fits))}px`);
  };
  const watch = new ResizeObserver(measure);
  for (const part of [hint, area, status]) watch.observe(part);
}
