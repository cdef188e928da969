// The review's room beside the board (issue 43, items 1 and 3). On a laptop or wider screen
// the review takes a wide column (review.css), but the board keeps its size when the review
// opens: the column takes only the width the board does not use. The board is limited by the
// height there, so its drawing is narrower than its column; what it needs is measured before
// the review opens — the drawing's width, and the turn line beside the scores kept on one
// line (a second line took its height from the board) — and held as --review-board-w.

// On a phone the review is a drawer over the lower part of the screen: the board's drawing
// is held at the top of its room (--review-board-h, its drawn height), so that what the
// drawer leaves above it is the board, not the empty room around it.

import { keepInSight } from "../table/log-sight.js";
import { inNextFrame } from "../table/next-frame.js";

/** The board's drawing's size on screen, as laid out now (null when there is no board). */
function drawn() {
  const svg = document.querySelector("#board svg");
  const view = svg?.viewBox?.baseVal;
  if (!view?.width || !view.height) return null;
  const box = svg.getBoundingClientRect();
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return { width: view.width * scale, height: view.height * scale };
}

/** The board's column's need, in px, as laid out now (0 when there is no board). */
function boardNeed() {
  const size = drawn();
  if (!size) return 0;
  let need = size.width;
  // the words beside the board (the projector look's column of whose turn and the scores):
  // the board's column holds them too, as wide as now or narrower (a share of the column)
  const board = document.getElementById("board");
  const area = board?.closest(".board-area");
  if (area) {
    const words = board.getBoundingClientRect().left - area.getBoundingClientRect().left;
    if (words > 1) need += Math.min(words, projectedWords(area));
  }
  const turn = document.getElementById("turn");
  const scores = document.getElementById("scores");
  if (turn && scores) {
    const words = document.createRange();
    words.selectNodeContents(turn);
    const line = words.getBoundingClientRect();
    const beside = scores.getBoundingClientRect();
    const box = turn.getBoundingClientRect();
    // beside it, not under it (the projector look's column stacks them: their tops differ
    // by less than the scores' height there too, and it was read as one line)
    const sideBySide = Math.abs(beside.top - box.top) < beside.height
      && beside.left >= box.right - 1;
    if (line.height && sideBySide) {
      // on one line now: keep it so (the status's gap between them, as style.css sets it)
      const status = turn.parentElement;
      const gap = parseFloat(getComputedStyle(status).columnGap) || 0;
      const basis = parseFloat(getComputedStyle(turn).flexBasis) || 0; // it wraps below that
      need = Math.max(need, Math.max(line.width, basis) + gap + beside.width);
    }
  }
  return Math.ceil(need) + 2; // a pixel's rounding either side
}

/** The projector look's column of words beside the board, as the review narrows it
 * (review.css: 12em, the turn line and the scores still whole; 13em for a game over's
 * sentence, set smaller): the width it gives up goes to the key moments and the move list,
 * read from the back of the room (issue 43). Elsewhere: no limit. */
function projectedWords(area) {
  if (!document.body.classList.contains("projector")) return Infinity;
  const em = area.querySelector(".turn.over") ? OVER_WORDS_EM : WORDS_EM;
  const style = getComputedStyle(area);
  return em * parseFloat(style.fontSize) + (parseFloat(style.columnGap) || 0);
}
const WORDS_EM = 12; // as review.css's `body.projector.reviewing .board-area`
const OVER_WORDS_EM = 13; // ...and its `.board-area:has(.turn.over)`

/** The move of the position shown in the move list's sight, whole among whole moves (issue
 * 43: the review, opening and growing, took the list's height under a scroll made for the
 * old one: the newest move sat half below the column's foot, the one above it half under the
 * review). `current()` → the list's item of the position shown; log-sight.js fits the list. */
export function showLogMove(current) {
  const log = document.getElementById("log");
  const item = current();
  if (!log || !item || !log.clientHeight) return;
  holdMoveRoom(log, item);
  keepInSight(() => current());
}

/** The list as tall as the move shown at least (--log-move-h, review.css): Buku's last move,
 * four lines, stood in a list of two and a half at 1366 × 768 and could not be read whole
 * however it was scrolled (issue 43); the key moments' list, above it, gives up the room. */
function holdMoveRoom(log, item) {
  const style = getComputedStyle(log);
  const frame = ["borderTopWidth", "borderBottomWidth", "paddingTop", "paddingBottom"]
    .reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0);
  const need = `${Math.ceil(item.getBoundingClientRect().height + frame)}px`;
  if (log.style.getPropertyValue("--log-move-h") !== need) log.style.setProperty("--log-move-h", need);
}

let logWatch = null; // while the review is open: the move shown changes height with the width

/** Keep the position's move in sight while the review is open and changes the list's room
 * (log-sight.js refits it; here, the list's room for the move shown, whose lines change). */
export function followLog(current) {
  logWatch?.disconnect();
  const log = document.getElementById("log");
  if (!log) return;
  keepInSight(() => current());
  if (typeof ResizeObserver === "undefined") return;
  logWatch = new ResizeObserver(() => showLogMove(current)); // in sight again, whole
  logWatch.observe(log);
}

/** Call before the review opens (the page not yet rearranged for it). */
export function holdBoardRoom() {
  if (document.body.classList.contains("reviewing")) return; // measured when it opened
  const need = boardNeed();
  if (need) document.body.style.setProperty("--review-board-w", `${need}px`);
  const size = drawn();
  if (size) document.body.style.setProperty("--review-board-h", `${Math.ceil(size.height) + 1}px`);
}

/** A phone's drawer as tall as the board leaves it (at least a third of the screen, review.css's
 * 34dvh): the key moments get what lay empty between the board's foot and the drawer (Buku's
 * board, held at the top of its room, left 80 px there and a key moment and a half in sight:
 * issue 43). Call once the drawer is open, the page laid out for the review; it is fitted
 * again whenever the screen changes size while the review is open (a phone turned). */
export function fitDrawer() {
  if (!refit) {
    refit = inNextFrame(fitDrawerNow);
    addEventListener("resize", unfitDrawer);
  }
  fitDrawerNow();
}

// Issue 43: the height fitted to a phone held upright (60 % of 844 px) stayed when it was
// turned (390 px high): the drawer covered the whole board. On a new size the fitted height
// goes at once, and is measured again in the next frame, the board laid out at its new size.
let refit = null;
function unfitDrawer() {
  document.body.style.removeProperty("--review-drawer-h");
  refit?.();
}

function fitDrawerNow() {
  if (!document.body.classList.contains("reviewing")) return; // closed before this frame
  const side = document.getElementById("side");
  const svg = document.querySelector("#board svg");
  const size = drawn();
  if (!side || !svg || !size || getComputedStyle(side).position !== "fixed") return;
  const box = svg.getBoundingClientRect();
  const foot = box.top + (box.height - size.height) / 2 + size.height;
  const room = Math.floor(innerHeight - foot - 4);
  if (room > innerHeight * 0.34) {
    document.body.style.setProperty("--review-drawer-h", `${Math.min(room, innerHeight * 0.6)}px`);
  }
}

/** The review closed: the table is laid out as before. */
export function releaseBoardRoom() {
  removeEventListener("resize", unfitDrawer);
  refit = null;
  logWatch?.disconnect();
  logWatch = null;
  keepInSight(null); // the newest again
  document.getElementById("log")?.style.removeProperty("--log-move-h");
  document.body.style.removeProperty("--review-board-w");
  document.body.style.removeProperty("--review-board-h");
  document.body.style.removeProperty("--review-drawer-h");
}
