// Board elements drawn anew in place, frame after frame: the same node, its attributes and
// children renewed. A new node put in place of a clickable one between a quick tap's press
// and its release took no click at all (issue 43: a hole clicked while a move was sown was
// lost now and then); the same node takes it, with the action it has by then (steps.js).
import { svg } from "./svg.js";

// what steps.js's makeStep, forbidStep and pictureOnly set and clear, called next: a step
// stays focusable all along (its tabindex taken away a moment could lose the focus)
const STEP_ATTRIBUTES = new Set(["tabindex", "role", "aria-label", "data-step",
  "data-forbidden"]);

/** `el` drawn anew: its attributes `attrs` (the others gone, but for a step's, which the
 * caller sets next with makeStep, forbidStep or pictureOnly) and no children yet. */
export function renew(el, attrs) {
  for (const name of el.getAttributeNames()) {
    if (!(name in attrs) && !STEP_ATTRIBUTES.has(name)) el.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.replaceChildren();
  return el;
}

/**
 * A layer drawn anew at every frame whose elements named by a key stay the same nodes.
 * `draw(fill)` calls `fill(put, keep)`: `put` is the parent to give svg() for a new element,
 * `keep(key, tag, attrs)` gives the element drawn under `key` the time before, renewed (a
 * new one the first time). The layer then holds what was drawn, in the order drawn: the
 * elements kept stay where they are (unless their order changed), the others go.
 */
export function keyedLayer(layer) {
  let kept = new Map(); // key -> its element, as drawn last
  return function draw(fill) {
    const order = [];
    const next = new Map();
    const put = { append: (el) => order.push(el) };
    const keep = (key, tag, attrs) => {
      while (next.has(key)) key += "+"; // two alike: each its own element
      const before = kept.get(key);
      const el = before?.localName === tag ? renew(before, attrs) : svg(tag, attrs);
      next.set(key, el);
      order.push(el);
      return el;
    };
    fill(put, keep);
    kept = next;
    const drawn = new Set(order);
    for (const child of [...layer.children]) if (!drawn.has(child)) child.remove();
    let at = layer.firstChild;
    for (const el of order) {
      if (el === at) at = el.nextSibling;
      else layer.insertBefore(el, at);
    }
  };
}
