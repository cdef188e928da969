// A hint in a small embed (a 320 × 320 lesson frame; issue 43, item 9). Beside or under the
// board it took the board's room (the frame scrolled, the board a strip): there style.css
// lays the hint's first line ("Best move: c", the move marked on the board) over the turn
// line at the frame's top, and "Read it all" lays the whole hint over the table, where it
// scrolls; "Back to the board" (or Escape, or the hint gone with the next move) folds it.
// The strip stops short of the scores (--hint-right: from the scores' left edge to the
// frame's right): over them it hid who is ahead while the hint was shown.
import { $ } from "../kit/dom.js";
import { foldable } from "./fold.js";

export function setUpHintFold() {
  const box = $("hint-box");
  const fold = $("hint-fold");
  const area = document.querySelector("#play .board-area");
  if (!box || !fold || !area) return;
  const scores = $("scores");
  const keepScores = () => {
    const left = scores?.getBoundingClientRect().left ?? innerWidth;
    const right = left > 0 && left < innerWidth ? Math.ceil(innerWidth - left) + 2 : 0;
    document.body.style.setProperty("--hint-right", `${right}px`);
  };
  if (scores) new ResizeObserver(keepScores).observe(scores);
  addEventListener("resize", keepScores);
  new MutationObserver(keepScores).observe(box, { attributes: true, attributeFilter: ["hidden"] });
  const { isOpen, open } = foldable({ panel: box, toggle: fold, under: area,
    bodyClass: "hint-open", escapeOn: document });
  // "Show why" steps through a line on the board: it is seen there
  box.addEventListener("click", (event) => {
    if (isOpen() && event.target.closest(".why-open")) open(false);
  });
}
