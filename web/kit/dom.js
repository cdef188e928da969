// The page's HTML: an element by its id, and a button.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** An HTML button (`cls` its classes). */
export function button(label, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}
