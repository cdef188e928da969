// What the rules panel's diagrams share (each game draws its own in its folder's figures.js):
// text, an arrowhead, a board's squares and coordinates. Nothing here knows a rule.
import { svg } from "./svg.js";

const FILES = "abcdefgh";

/** A visible SVG text (a diagram is named as a whole: its texts are read from the name). */
export function text(parent, x, y, content, cls = "") {
  const node = svg("text", { x, y, class: cls }, parent);
  node.textContent = content;
  return node;
}

/** The arrowhead marker (`url(#rules-arrowhead)`) in a new <defs> of `root`; returns it. */
export function arrowMarker(root) {
  const defs = svg("defs", {}, root);
  const marker = svg("marker", { id: "rules-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, defs);
  svg("path", { d: "M0,0 L10,5 L0,10 z", class: "rd-arrowhead" }, marker);
  return defs;
}

/** The centre of `square` ("c4") on an 8×8 board drawn from (x0, y0), rank 8 on top. */
export function boardCentre(square, x0, y0, size) {
  const f = FILES.indexOf(square[0]);
  const r = Number(square.slice(1)) - 1;
  return [x0 + f * size + size / 2, y0 + (7 - r) * size + size / 2];
}

/** Files a–h under an 8×8 board and ranks 1–8 beside it. */
export function coordinates(root, x0, y0, size) {
  for (let i = 0; i < 8; i++) {
    text(root, x0 + i * size + size / 2, y0 + 8 * size + 14, FILES[i], "rd-coord");
    text(root, x0 - 12, y0 + (7 - i) * size + size / 2, String(i + 1), "rd-coord");
  }
}
