// A panel that a small embed folds to its first line (the coach's, a hint): "Read it all"
// lays it whole over the table, "Back to the board" folds it again. What both share: the
// toggle's state, the body's class that lays the panel whole, what lies under it made inert,
// and the fold when the panel goes away.

/** `panel` folded by `toggle` (its aria-expanded), over `under`; `bodyClass` lays it whole;
 * Escape pressed in `escapeOn` folds it (before any other Escape there, which would leave).
 * Returns {isOpen, open(yes)} for the caller's own ways to fold it (a button). */
export function foldable({ panel, toggle, under, bodyClass, escapeOn }) {
  const isOpen = () => toggle.getAttribute("aria-expanded") === "true";
  const open = (yes) => {
    document.body.classList.toggle(bodyClass, yes);
    toggle.setAttribute("aria-expanded", String(yes));
    under.inert = yes; // the board under the panel takes no click and no focus meanwhile
    if (yes) panel.scrollTop = 0;
  };
  toggle.addEventListener("click", () => open(!isOpen()));
  escapeOn.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.stopImmediatePropagation();
    open(false);
    toggle.focus();
  }, { capture: true });
  new MutationObserver(() => { if (panel.hidden && isOpen()) open(false); })
    .observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  return { isOpen, open };
}
