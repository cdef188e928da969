// The board's drawing is sized in pixels, to the room #board has, not as 100% of it. With a
// percentage height Chromium laid the whole drawing out again, every text on it, whenever
// anything else in the board's column changed — the turn line, the scores, the panel, several
// times a move (`python3 bench/step_cpu.py` prints a step's layout work). The drawing is out
// of the flow (style.css), so its size never feeds back into the room it is given.

/** Keep `board`'s --board-w and --board-h at its inner size in pixels. */
export function sizeBoardToItsRoom(board) {
  if (typeof ResizeObserver !== "function") return; // then style.css's 100% applies
  new ResizeObserver(() => { // called after layout: reading the size forces nothing
    board.style.setProperty("--board-w", `${board.clientWidth}px`);
    board.style.setProperty("--board-h", `${board.clientHeight}px`);
  }).observe(board);
}
