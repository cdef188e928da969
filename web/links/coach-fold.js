// A lesson or a puzzle in a small embed (a 320 × 320 lesson frame; issue 43, item 9). The
// coach's panel above the board keeps to what fits there (style.css), so the board keeps its
// room; "Read it all" lays the same panel whole over the table, where it scrolls, and "Back to
// the board" (or Escape, or a button that changes the board) folds it again.
import { $ } from "../kit/dom.js";

export function setUpCoachFold() {
  const panel = $("coach");
  const fold = $("coach-fold");
  const table = document.querySelector("#play .table");
  const isOpen = () => fold.getAttribute("aria-expanded") === "true";
  const open = (yes) => {
    document.body.classList.toggle("coach-open", yes);
    fold.setAttribute("aria-expanded", String(yes));
    table.inert = yes; // the board under the panel takes no click and no focus meanwhile
    if (yes) panel.scrollTop = 0;
  };
  fold.addEventListener("click", () => open(!isOpen()));
  // before the coach's own Escape (which leaves the lesson): first it only folds the panel
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.stopImmediatePropagation();
    open(false);
    fold.focus();
  }, { capture: true });
  // "show me", "next", "again", a level…: what they do is seen on the board (a hint is read here)
  panel.addEventListener("click", (event) => {
    const pressed = event.target.closest("button, a");
    if (!isOpen() || !pressed || pressed === fold || pressed.dataset.coach === "hint") return;
    open(false);
  });
  new MutationObserver(() => { if (panel.hidden && isOpen()) open(false); })
    .observe(panel, { attributes: true, attributeFilter: ["hidden"] });
}
