// The road, drawn: a band through every cell, the cells with their row numbers (as the
// notation numbers them), the bases and the burning rows (the engine's `sides` and `fire`),
// and the last move's marks on it until the next move.
import { markLast, say, svg, text } from "../../kit/index.js";
import { baseName } from "./layout.js";

function drawFlame(parent, x, y, size) {
  const s = size / 24;
  const g = svg("g", { class: "flame", transform: `translate(${x} ${y}) scale(${s})`,
    "aria-hidden": "true" }, parent);
  svg("path", { d: "M0 -12 C 6 -4 10 0 8 6 C 6 11 -6 11 -8 6 C -10 0 -4 -2 0 -12 Z",
    class: "flame-outer" }, g);
  svg("path", { d: "M0 -3 C 3 1 5 3 4 6 C 3 9 -3 9 -4 6 C -5 3 -2 1 0 -3 Z",
    class: "flame-inner" }, g);
  return g;
}

/** `node` (a drawn text) no wider than `room`, its glyphs drawn narrower if need be: a 320
 * embed's base cell is narrower than "Negro" at the screen's floor size, and the name ran
 * into the row number beside it (issue 43). Its height, what makes it read, stays. */
function fitWidth(node, room) {
  if (node.getComputedTextLength() > room) {
    node.setAttribute("textLength", room);
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

/** The road of `obs` in `layer`, its cells where `geo` puts them. */
export function drawRoad(layer, geo, obs, t) {
  layer.replaceChildren();
  const fire = new Set(obs.fire || []);
  const baseOf = new Map((obs.sides || []).map((side) => [side.base_row, side.side]));
  const centres = [];
  let space = null; // a cell of the road proper: the band is as wide as it
  for (let row = 1; row <= obs.length; row++) {
    const c = geo.rows[row];
    centres.push(`${c.x + c.w / 2},${c.y + c.h / 2}`);
    if (!space && !baseOf.has(row)) space = c;
  }
  const band = Math.min(space.w, space.h) * 0.94;
  svg("polyline", { points: centres.join(" "), class: "road-band", "stroke-width": band }, layer);
  svg("polyline", { points: centres.join(" "), class: "road-centre" }, layer);
  for (let row = 1; row <= obs.length; row++) {
    const c = geo.rows[row];
    const side = baseOf.get(row);
    const base = side !== undefined;
    const cls = base ? `cell base base-${side}` : `cell${fire.has(row) ? " fire" : ""}`;
    const inset = geo.compact ? 3 : 9;
    svg("rect", { x: c.x + inset, y: c.y + inset, width: c.w - 2 * inset, height: c.h - 2 * inset,
      rx: 10, class: cls, "data-cell": row }, layer);
    if (fire.has(row)) drawFlame(layer, c.x + c.w - 18, c.y + 20, 26);
    const label = `row-label${fire.has(row) ? " fire" : ""}`;
    if (geo.compact && base) { // the side's name on top: the cell's shade says it is a base
      const name = text(layer, c.x + c.w / 2, c.y + 4 + geo.minFont * 0.6,
        `row-label base-label side-${side}`, say(t, obs.side_names[side]));
      fitWidth(name, c.w - 2 * inset - 2);
    } else if (geo.compact) text(layer, c.x + 6, c.y + 4 + geo.minFont * 0.6, `${label} start`, row);
    else text(layer, c.x + 16, c.y + 18, label, row);
    if (base && !geo.compact) { // "Black base" at a phone's floor was wider than its cell
      const name = text(layer, c.x + c.w / 2, baseName(geo, c).baseline, `base-label side-${side}`,
        t("bul.base.label", { side: say(t, obs.side_names[side]) }));
      fitWidth(name, c.w - 2 * inset - 6);
    }
  }
}

const GLYPHS = { origin: "◦", to: "◉", capture: "✕", burn: "✕" };

/** The last move, until the next: where the pile left (dashed ring), the rows it crossed
 * (dots), where it landed (thick ring) and captures (✕). A throw alone marks nothing. */
export function drawLast(layer, geo, events) {
  layer.replaceChildren();
  const mark = (row, kind) => {
    const c = geo.rows[row];
    if (!c) return;
    const inset = geo.compact ? 2 : 8;
    markLast(svg("rect", { x: c.x + inset, y: c.y + inset, width: c.w - 2 * inset,
      height: c.h - 2 * inset, rx: 10, class: `last-cell ${kind}` }, layer), kind);
    if (GLYPHS[kind]) text(layer, c.x + c.w - 16, c.y + c.h - 14, `last-glyph ${kind}`, GLYPHS[kind]);
  };
  for (const event of events || []) {
    if (event.type === "move" || event.type === "enter") {
      for (const row of event.path.slice(0, -1)) mark(row, "path");
      mark(event.from, "origin");
      mark(event.to, "to");
    } else if (event.type === "capture") mark(event.row, "capture");
    else if (event.type === "burn") mark(event.row, "burn");
  }
}
