// The review's key moments each whole in sight (issue 43, screens56). Where they scroll in
// their own list (a laptop's or the projector's column, a small embed's drawer), the list was
// as tall as the column left it, and the last moment in sight was cut through: Buku's third
// at 1280 × 720 in the projector look, a sliver of words under two whole ones. The list ends
// at the foot of its last whole moment instead (the others a scroll away, as before); the
// room under it goes to the move list below. Fitted again when its room changes.
import { placeIn } from "../table/list-sight.js";
import { inNextFrame } from "../table/next-frame.js";

let watch = null;

/** The moments' list as tall as the whole moments its room holds (now, and in the next
 * frame, once the page has laid out what changed). */
export function fitMoments() {
  fitNow();
  fitSoon();
}
const fitSoon = inNextFrame(() => fitNow());

function fitNow() {
  const list = document.getElementById("review-moments");
  if (!list) return;
  list.style.removeProperty("max-height"); // the room as the column leaves it
  const overflow = getComputedStyle(list).overflowY;
  if (!["auto", "scroll"].includes(overflow) || list.scrollHeight <= list.clientHeight + 1) return;
  let foot = 0; // the foot of the last moment whole in the room, from the list's top
  for (const item of list.children) {
    const { bottom } = placeIn(list, item);
    if (bottom > list.clientHeight + 0.5) break;
    foot = bottom + (parseFloat(getComputedStyle(item).marginBottom) || 0);
  }
  if (!foot) return; // not one whole: it scrolls as it is
  const border = list.offsetHeight - list.clientHeight; // box-sizing: border-box (style.css)
  list.style.maxHeight = `${Math.floor(Math.min(foot, list.clientHeight) + border)}px`;
}

/** Keep the list fitted while the review is open: its room changes with the column (a
 * window resized, a phone turned), a fold opened in the review, the moments drawn again. */
export function followMoments() {
  watch?.disconnect();
  const list = document.getElementById("review-moments");
  const side = document.getElementById("side");
  if (!list || typeof ResizeObserver === "undefined") return;
  watch = new ResizeObserver(() => fitMoments());
  watch.observe(list);
  if (side) watch.observe(side);
  const review = document.getElementById("review");
  if (review && !review.dataset.momentsFolds) { // its folds (toggle does not bubble)
    review.dataset.momentsFolds = "watched";
    review.addEventListener("toggle", () => { if (watch) fitMoments(); }, true);
  }
}

/** The review closed: the list as the stylesheet has it. */
export function releaseMoments() {
  watch?.disconnect();
  watch = null;
  document.getElementById("review-moments")?.style.removeProperty("max-height");
}
