// The board's drawing is sized in pixels, to the room #board has, not as 100% of it. With a
// percentage height Chromium laid the whole drawing out again, every text on it, whenever
// anything else in the board's column changed — the turn line, the scores, the panel, several
// times a move (`python3 bench/step_cpu.py` prints a step's layout work). The drawing is out
// of the flow (style.css), so its size never feeds back into the room it is given.

const keepers = new Set(); // who asked the board to keep its size (a name each): see below
let freeHeight = 0; // the board's height when nothing holds it, as last laid out

/** Keep `board`'s --board-w and --board-h at its inner size in pixels. */
export function sizeBoardToItsRoom(board) {
  if (typeof ResizeObserver !== "function") return; // then style.css's 100% applies
  new ResizeObserver(() => { // called after layout: reading the size forces nothing
    if (!keepers.size) freeHeight = board.clientHeight; // the height the page gives it
    board.style.setProperty("--board-w", `${board.clientWidth}px`);
    board.style.setProperty("--board-h", `${board.clientHeight}px`);
  }).observe(board);
}

// Issue 43, item 3: the board keeps its size when something opens above or beside it (the
// game's options, a lesson's or puzzle's feedback on a narrow screen). The page is exactly the
// screen high and the board takes the height left, so whatever opened used to take it from
// the board (a thumbnail under the options). While something is open the board's height is
// held at what it was, and the page scrolls instead: the board never shrinks under the learner.

/** `who` ("setup", "coach") opens (`on`) or closes something: the board keeps the height it
 * had before the first of them opened, until the last has closed. */
export function keepBoardSize(who, on) {
  const board = document.getElementById("board");
  if (!board) return;
  const before = keepers.size;
  if (on) keepers.add(who);
  else keepers.delete(who);
  // measured before the panel's own layout (a mutation's callback runs before the next
  // layout, and reading the size now would lay the opened panel out first)
  if (before === 0 && keepers.size > 0) {
    const height = freeHeight || board.clientHeight;
    document.body.style.setProperty("--board-kept", `${height}px`);
  }
  document.body.classList.toggle("board-kept", keepers.size > 0);
}

/** The board held under `above` (a verdict above it on a phone) is scrolled up into view,
 * as far as `above`'s top stays on screen: the learner reads what was said and sees the move
 * it speaks of, whole, together (the page only grew below, out of sight). */
export function showBoardBelow(above) {
  requestAnimationFrame(() => { // after the verdict's layout
    const board = document.getElementById("board")?.getBoundingClientRect();
    if (!board || !above || above.hidden) return;
    const by = Math.min(board.bottom - innerHeight, above.getBoundingClientRect().top);
    if (by > 0) scrollBy({ top: by, behavior: "instant" });
  });
}

/** The screen changed size (a phone turned): the board's height is measured again. */
addEventListener("resize", () => {
  if (!keepers.size) return;
  document.body.classList.remove("board-kept");
  const board = document.getElementById("board");
  if (board?.clientHeight) { // the room left beside what is open, at the new size
    document.body.style.setProperty("--board-kept", `${board.clientHeight}px`);
  }
  document.body.classList.add("board-kept");
});
