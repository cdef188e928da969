// The review's key moments each whole in sight (issue 43, screens56). Where they scroll in
// their own list (a laptop's or the projector's column, a small embed's drawer), the list was
// as tall as the column left it, and the last moment in sight was cut through: Buku's third
// at 1280 × 720 in the projector look, a sliver of words under two whole ones. The list ends
// at the foot of its last whole moment instead (the others a scroll away, as before); the
// room under it goes to the move list below. Fitted again when its room changes.
import { t } from "../kit/i18n.js";
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
  fitList();
  sayBelow();
}

function fitList() {
  const list = document.getElementById("review-moments");
  if (!list) return;
  for (const fitted of ["max-height", "min-height"]) list.style.removeProperty(fitted); // the
  // room as the column leaves it
  const overflow = getComputedStyle(list).overflowY;
  if (!["auto", "scroll"].includes(overflow) || list.scrollHeight <= list.clientHeight + 1) return;
  let foot = 0; // the foot of the last moment whole in the room, from the list's top in sight
  const from = list.scrollTop; // (scrolled by "▾ more" to a later moment)
  // Review58: "▾ more" at the list's end could not bring the next moment to the top (the
  // list scrolls no further): the one above it stood cut at the list's top. The list starts
  // under that one instead, at the first whole moment.
  const cut = [...list.children].map((item) => placeIn(list, item))
    .find(({ top, bottom }) => top < from - 0.5 && bottom > from + 0.5);
  const start = cut ? Math.ceil(cut.bottom) : from;
  for (const item of list.children) {
    const { top, bottom } = placeIn(list, item);
    if (top < start - 0.5) continue;
    if (bottom - from > list.clientHeight + 0.5) break;
    foot = bottom - start + (parseFloat(getComputedStyle(item).marginBottom) || 0);
  }
  const border = list.offsetHeight - list.clientHeight; // box-sizing: border-box (style.css)
  if (foot) {
    list.style.maxHeight = `${Math.floor(Math.min(foot, list.clientHeight) + border)}px`;
    if (start !== from) { // shorter than its least height (review.css) if it must
      list.style.minHeight = list.style.maxHeight;
      list.scrollTop = start; // now it can: the list is shorter
    }
    return;
  }
  // not one whole: the first in sight is taller than the list's least height (a phone's
  // drawer gave Bolonki's three-line moment two and a half lines, review58) — the list grows
  // to hold it whole; what is under it in the drawer gives up the height
  const first = [...list.children].find((item) => placeIn(list, item).bottom > start + 0.5);
  if (first) {
    const { top, bottom } = placeIn(list, first);
    const margin = parseFloat(getComputedStyle(first).marginBottom) || 0;
    list.style.minHeight = `${Math.ceil(bottom - Math.max(top, start) + margin + border)}px`;
    list.scrollTop = Math.max(top, start);
  }
}

// Issue 43 (screens57): only a faint shadow at the list's foot said that more key moments lay
// under it (a 320 × 320 frame showed one of three, a phone four of six). A button under the
// list says how many, and brings the next one to the list's top.

/** The moments under the list's foot, not yet in sight: [first, count] (one taller than the
 * list, at its top, is in sight: it scrolls by hand). */
function below(list) {
  const top = list.scrollTop + 0.5, foot = top + list.clientHeight;
  const under = [...list.children].filter((item) => {
    const place = placeIn(list, item);
    return place.bottom > foot && place.top > top;
  });
  return [under[0], under.length];
}

function sayBelow() {
  const list = document.getElementById("review-moments");
  const next = document.getElementById("review-moments-next");
  if (!list || !next) return;
  const [, count] = below(list);
  next.hidden = !count;
  if (!count) return;
  const long = document.createElement("span");
  long.className = "next-long";
  long.textContent = t("review.moments.below", { n: count });
  const short = document.createElement("span");
  short.className = "next-short"; // a small frame's, beside the graph's fold (review.css)
  short.textContent = t("review.moments.below.short", { n: count });
  next.replaceChildren(long, short);
}

function showNext() {
  const list = document.getElementById("review-moments");
  const [first] = list ? below(list) : [];
  if (!first) return;
  // the list's whole room again for the moments from there on (a later one may be taller)
  for (const fitted of ["max-height", "min-height"]) list.style.removeProperty(fitted);
  list.scrollTop = placeIn(list, first).top;
  fitMoments();
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
    list.addEventListener("scroll", sayBelow, { passive: true }); // the count as it scrolls
    document.getElementById("review-moments-next")?.addEventListener("click", showNext);
  }
}

/** The review closed: the list as the stylesheet has it. */
export function releaseMoments() {
  watch?.disconnect();
  watch = null;
  const list = document.getElementById("review-moments");
  for (const fitted of ["max-height", "min-height"]) list?.style.removeProperty(fitted);
  const next = document.getElementById("review-moments-next");
  if (next) next.hidden = true;
}
