// The move list's newest moves in sight, each whole (issue 43): scrolled to its end, a list
// whose height is not a whole number of moves showed half of an older one at its top
// (Bolonki at 1366 × 768: "a2→a1." under *Revisar la partida*). The list starts at the first
// move that fits whole above the newest, and a foot as tall as the rest (less than a move)
// lets it scroll there with the newest still at its foot. The list's room changes after a
// move is shown (a panel opening, the screen turned, the page settling): then it is fitted
// again, unless the person scrolled away from the newest to read older moves.
import { $ } from "../kit/dom.js";
import { inNextFrame } from "./next-frame.js";

let following = true; // the newest move is in sight: keep it there when the room changes
let watched = null;

/** The newest move in view, once it is drawn (as often as asked, once a frame). */
export const showNewest = inNextFrame(() => {
  watch();
  following = true;
  fitNewest();
});

function fitNewest() {
  const log = $("log");
  const newest = log?.lastElementChild;
  if (!newest || !log.clientHeight) return;
  log.style.removeProperty("--log-foot");
  const top = log.getBoundingClientRect().top + log.clientTop; // inside its border
  const at = (edge) => edge - top + log.scrollTop; // a place in the list's scrolled content
  const bottom = at(newest.getBoundingClientRect().bottom);
  let first = newest; // the oldest move that still fits whole with the newest
  for (let item = newest.previousElementSibling; item; item = item.previousElementSibling) {
    if (bottom - at(item.getBoundingClientRect().top) > log.clientHeight + 0.5) break;
    first = item;
  }
  // all of it fits: from the list's top (its padding too); else from the first whole move
  const start = first === log.firstElementChild ? 0
    : Math.round(at(first.getBoundingClientRect().top));
  const foot = start - (log.scrollHeight - log.clientHeight);
  if (foot > 0) log.style.setProperty("--log-foot", `${Math.ceil(foot)}px`);
  log.scrollTop = start;
}

/** Fitted again when the list's room changes; a person scrolling up stops the following. */
function watch() {
  const log = $("log");
  if (!log || watched === log) return;
  watched = log;
  log.addEventListener("scroll", () => {
    const newest = log.lastElementChild;
    if (!newest) return;
    const foot = log.getBoundingClientRect().top + log.clientTop + log.clientHeight;
    following = newest.getBoundingClientRect().bottom <= foot + 0.5;
  }, { passive: true });
  if (typeof ResizeObserver !== "function") return;
  new ResizeObserver(() => {
    if (following) fitNewest();
  }).observe(log, { box: "border-box" });
}
