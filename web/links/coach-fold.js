// A lesson or a puzzle in a small embed (a 320 × 320 lesson frame; issue 43, item 9). The
// coach's panel above the board keeps to what fits there (style.css), so the board keeps its
// room; "Read it all" lays the same panel whole over the table, where it scrolls, and "Back to
// the board" (or Escape, or a button that changes the board) folds it again.
import { $ } from "../kit/dom.js";
import { foldable } from "./fold.js";

export function setUpCoachFold() {
  const panel = $("coach");
  const fold = $("coach-fold");
  // Escape in the panel folds it before the coach's own Escape (which leaves the lesson)
  const { isOpen, open } = foldable({ panel, toggle: fold,
    under: document.querySelector("#play .table"), bodyClass: "coach-open", escapeOn: panel });
  // "show me", "next", "again", a level…: what they do is seen on the board (a hint is read here)
  panel.addEventListener("click", (event) => {
    const pressed = event.target.closest("button, a");
    if (!isOpen() || !pressed || pressed === fold || pressed.dataset.coach === "hint") return;
    open(false);
  });
}
