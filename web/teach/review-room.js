// The review's room beside the board (issue 43, items 1 and 3). On a laptop or wider screen
// the review takes a wide column (review.css), but the board keeps its size when the review
// opens: the column takes only the width the board does not use. The board is limited by the
// height there, so its drawing is narrower than its column; what it needs is measured before
// the review opens — the drawing's width, and the turn line beside the scores kept on one
// line (a second line took its height from the board) — and held as --review-board-w.

/** The board's column's need, in px, as laid out now (0 when there is no board). */
function boardNeed() {
  const svg = document.querySelector("#board svg");
  const view = svg?.viewBox?.baseVal;
  if (!view?.width || !view.height) return 0;
  const box = svg.getBoundingClientRect();
  let need = view.width * Math.min(box.width / view.width, box.height / view.height);
  const turn = document.getElementById("turn");
  const scores = document.getElementById("scores");
  if (turn && scores) {
    const words = document.createRange();
    words.selectNodeContents(turn);
    const line = words.getBoundingClientRect();
    const beside = scores.getBoundingClientRect();
    if (line.height && Math.abs(beside.top - turn.getBoundingClientRect().top) < beside.height) {
      // on one line now: keep it so (the status's gap between them, as style.css sets it)
      const status = turn.parentElement;
      const gap = parseFloat(getComputedStyle(status).columnGap) || 0;
      const basis = parseFloat(getComputedStyle(turn).flexBasis) || 0; // it wraps below that
      need = Math.max(need, Math.max(line.width, basis) + gap + beside.width);
    }
  }
  return Math.ceil(need) + 2; // a pixel's rounding either side
}

/** Call before the review opens (the page not yet rearranged for it). */
export function holdBoardRoom() {
  if (document.body.classList.contains("reviewing")) return; // measured when it opened
  const need = boardNeed();
  if (need) document.body.style.setProperty("--review-board-w", `${need}px`);
}

/** The review closed: the table is laid out as before. */
export function releaseBoardRoom() {
  document.body.style.removeProperty("--review-board-w");
}
