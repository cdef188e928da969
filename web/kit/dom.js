// The page's HTML: an element by its id, a new element, and a button.

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

/**
 * A new HTML element: `props` holds its `class` (none when empty), its `text` and any other
 * attribute (`id`, `role`, `aria-…`, `data-…`, `href`…); `children` (nodes or texts) go
 * inside it. The page's one way to build HTML in code (never innerHTML).
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "class") {
      if (value) node.className = value;
    } else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}
