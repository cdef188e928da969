// The move list's move of the moment in sight, and every move in sight whole (issue 43):
// scrolled to its end, a list whose height is not a whole number of moves showed half of an
// older one at its top (Bolonki at 1366 × 768: "a2→a1." under *Revisar la partida*). The
// move kept in sight is the newest in play, the position's move in a review (review-room.js
// says which). It stands at the list's foot, the list starting at the first move that fits
// whole above it, and a foot as tall as the rest (less than a move) lets the list scroll
// there. A move the person steps back to stands at the top instead. The list's room changes
// after a move is shown (a panel opening, the screen turned, the review filling): then it is
// fitted again, unless the person scrolled away to read other moves.
//
// One fitter only (screens57): the review's own scroll, a move's height at a time, left the
// long jump chain above the move shown cut in a 320 × 320 frame whenever it ran after this
// one (Bolonki's "c7-a7-a5-c3 …": how often depended on the order the two were called in).
import { $ } from "../kit/dom.js";
import { placeIn } from "./list-sight.js";
import { inNextFrame } from "./next-frame.js";

const newest = (log) => log.lastElementChild;
let kept = newest; // log → the move kept in sight
let following = true; // that move is in sight: keep it there when the room changes
let watched = null;

/** The newest move in view, once it is drawn (as often as asked, once a frame). */
export const showNewest = inNextFrame(() => {
  watch();
  following = true;
  fitMove({ whole: false });
});

/** Keep `pick(log)`'s move in sight (the review's position) instead of the newest; `null`:
 * the newest again. Fitted now: where it is whole among whole moves, the list stays. */
export function keepInSight(pick) {
  kept = pick ?? newest;
  watch();
  following = true;
  fitMove({ whole: true });
}

/** The kept move at the list's foot with the whole moves above it that fit, or at its top
 * where it lies above the list's top; the list ends at the foot of its last whole move (in a
 * review the moves after the one shown were cut there). With `whole`, a list whose moves in
 * sight are all whole, the kept one among them, stays as it is (a step of the replay does
 * not scroll the list). */
function fitMove({ whole }) {
  const log = $("log");
  const item = log && kept(log);
  if (!item || !log.clientHeight) return;
  if (whole && allWhole(log, placeIn(log, item))) return;
  for (const fitted of ["--log-foot", "max-height", "min-height"]) log.style.removeProperty(fitted);
  const room = log.clientHeight;
  const place = placeIn(log, item);
  let start = place.top; // stepped back above the list's top: it heads the list
  if (place.top >= log.scrollTop - 0.5) {
    let first = item; // the oldest move that still fits whole with it
    for (let other = item.previousElementSibling; other; other = other.previousElementSibling) {
      if (place.bottom - placeIn(log, other).top > room + 0.5) break;
      first = other;
    }
    start = placeIn(log, first).top;
  }
  // from the list's top (its padding too) where the first move heads it
  const head = log.firstElementChild;
  start = head === item || start <= placeIn(log, head).top + 0.5 ? 0 : Math.round(start);
  let end = start + room, last = start, cut = false; // the foot of the last whole move
  for (let other = item; other; other = other.nextElementSibling) {
    const { top, bottom } = placeIn(log, other);
    if (bottom > end + 0.5) {
      cut = top < end - 0.5;
      break;
    }
    last = bottom;
  }
  if (cut && last > start) {
    // a move less than the room the stylesheet gives it (its least height too: that is
    // the list's share where the column is crowded)
    const height = `${Math.floor(log.offsetHeight - (end - last))}px`;
    log.style.minHeight = log.style.maxHeight = height;
    end = last;
  }
  const foot = start - (log.scrollHeight - log.clientHeight);
  if (foot > 0) log.style.setProperty("--log-foot", `${Math.ceil(foot)}px`);
  log.scrollTop = start;
}

/** Every move in the list's box whole, the kept one (`place`) among them. */
function allWhole(log, place) {
  const top = log.scrollTop, foot = top + log.clientHeight;
  if (place.top < top - 0.5 || place.bottom > foot + 0.5) return false;
  for (const other of log.children) {
    const p = placeIn(log, other);
    if (p.bottom <= top + 0.5 || p.top >= foot - 0.5) continue; // out of sight
    if (p.top < top - 0.5 || p.bottom > foot + 0.5) return false;
  }
  return true;
}

/** Fitted again when the list's room changes; a person scrolling away stops the following. */
function watch() {
  const log = $("log");
  if (!log || watched === log) return;
  watched = log;
  log.addEventListener("scroll", () => {
    const item = kept(log);
    if (!item) return;
    const { top, bottom } = placeIn(log, item);
    // in sight: whole, or from its top where it is taller than the list
    following = top >= log.scrollTop - 0.5 && (bottom - top > log.clientHeight ||
      bottom <= log.scrollTop + log.clientHeight + 0.5);
  }, { passive: true });
  if (typeof ResizeObserver !== "function") return;
  new ResizeObserver(() => {
    if (following) fitMove({ whole: false });
  }).observe(log, { box: "border-box" });
}
