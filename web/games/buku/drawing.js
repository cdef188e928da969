// Drawing what is shown on Buku's board (`shown`, filled by the view from the engine's view
// or by a frame of a move): the hand above the board, the coordinates, the squares with
// their piles, the last move's marks and the path being laid.
import { svg, markLast, renew } from "../../kit/index.js";
import { CELL, SIDE, SQUARES, fileOf, rankOf } from "../../kit/grid.js";

const MAX_DISCS = 5; // more are told by the numeral
const MAX_HAND_DOTS = 24;

/** A drawing in `layers` ({hand, coords, squares, last, path}: SVG groups), laid out by
 * `layout`. */
export function createDrawing(layers, layout, ctx) {
  const t = ctx.t;
  let coordsFor = null; // the margins the coordinates were drawn for
  // Drawn only where something changed: rebuilding all 64 squares (several hundred SVG
  // elements) on every draw was most of the page's work in a move, and a move changes a
  // few squares.
  const drawnSquares = new Map(); // square -> { key: what it shows, g }

  function drawHand(shown) {
    const layer = layers.hand;
    layer.replaceChildren();
    const M = layout.margins();
    const y = M.top / 2;
    let n = 0;
    let label = "";
    if (shown.hand !== null) {
      n = shown.hand;
      label = t("buku.hand", { n });
    } else if (shown.reserve) {
      label = t("buku.reserve");
    }
    layer.dataset.hand = shown.hand ?? "";
    layer.setAttribute("role", "img");
    const spoken = shown.hand !== null && shown.bonus
      ? t("buku.hand.bonus.spoken", { n: shown.hand }) : label;
    layer.setAttribute("aria-label", spoken || t("buku.hand.empty"));
    if (layout.compact() || !label) return; // compact: the panel says it, beside the board
    const text = svg("text", { x: M.left, y, class: "buku-hand-text" }, layer);
    text.textContent = label;
    const dots = Math.min(n, MAX_HAND_DOTS);
    const x0 = M.left + 250;
    const step = Math.min(19, (SIDE - 250 - 30) / Math.max(dots + 1, 1));
    for (let i = 0; i < dots; i++) {
      // the 65th piece is the last of White's first hand: it goes down last
      const special = shown.bonus && i === dots - 1;
      svg("circle", { cx: x0 + i * step, cy: y, r: 8,
        class: `buku-hand-dot${special ? " bonus" : ""}` }, layer);
    }
    if (shown.reserve && shown.hand === null) {
      svg("circle", { cx: x0, cy: y, r: 10, class: "buku-hand-dot bonus" }, layer);
    }
    if (shown.bonus && dots > 0) {
      const note = svg("text", { x: x0 + dots * step + 8, y, class: "buku-hand-note" }, layer);
      note.textContent = t("buku.hand.bonus");
    }
  }

  /** The ranks' numbers on the left and the files' letters below: the lines' names. */
  function drawCoords() {
    if (coordsFor === layout.margins()) {
      for (const label of layers.coords.children) label.classList.remove("offered");
      return;
    }
    coordsFor = layout.margins();
    layers.coords.replaceChildren();
    for (const { name, kind, x, y } of layout.coordinates()) {
      const label = svg("text", { x, y, class: `buku-coord ${kind}`, "data-line": name },
        layers.coords);
      label.textContent = name;
    }
  }

  /** The coordinate naming `line` (drawn by drawCoords), or null. */
  const nameOf = (line) => layers.coords.querySelector(`[data-line="${line}"]`);

  function drawSquares(shown) {
    const lifted = new Set(shown.lineSquares);
    const captured = new Set(shown.captured);
    const names = ctx.players();
    for (const sq of SQUARES) {
      const [cx, cy] = layout.centre(sq);
      const n = shown.counts[sq];
      const owner = shown.owners ? shown.owners[rankOf(sq)][fileOf(sq)] : 0;
      // whose square: its shade (the page's key says so; its name says it in words)
      const colour = shown.seats?.[owner]?.colours[0] ?? "light";
      const label = t("buku.square", { square: sq, n, owner: names[owner]?.name ?? "" });
      const compact = layout.compact(); // the number alone, large, in the middle
      const key = [cx, cy, compact, n, colour, lifted.has(sq), captured.has(sq), label].join("|");
      const drawn = drawnSquares.get(sq);
      if (drawn && drawn.key === key) {
        drawn.g.classList.remove("preview");
        continue;
      }
      // the same node, drawn anew: a square clicked while a move is laid on it took no
      // click when a new one came between the press and the release (issue 43)
      const attrs = {
        class: `buku-sq ${colour}${lifted.has(sq) ? " lifted" : ""}` +
          `${captured.has(sq) ? " captured" : ""}`,
        "data-square": sq, "data-count": n, transform: `translate(${cx} ${cy})`,
      };
      const g = drawn ? renew(drawn.g, attrs) : svg("g", attrs, layers.squares);
      svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL, class: "buku-cell" }, g);
      if (lifted.has(sq)) {
        svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL,
          class: "buku-lifted", fill: "url(#buku-hatch)" }, g);
      }
      const discs = compact ? 0 : Math.min(n, MAX_DISCS);
      for (let i = 0; i < discs; i++) {
        svg("ellipse", { cx: 0, cy: 24 - i * 9, rx: 21, ry: 8, class: "buku-disc" }, g);
      }
      if (n > 0) {
        const count = svg("text", compact ? { x: 0, y: 2, class: "buku-count" }
          : { x: 27, y: -24, class: "buku-count" }, g);
        count.textContent = n;
      }
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", label);
      drawnSquares.set(sq, { key, g });
    }
  }

  /** The last move, until the next one, and only what explains it: the line emptied
   * (hatched, its name ringed), the path (a dotted line, its end ringed) and the squares
   * captured (crossed). The view's `legend` is the key to these marks. */
  function drawLast(shown) {
    const layer = layers.last;
    layer.replaceChildren();
    const last = shown.last;
    if (!last) return;
    const box = (sq, cls, kind) => {
      const [x, y] = layout.centre(sq);
      return markLast(svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6,
        height: CELL - 6, class: cls }, layer), kind);
    };
    for (const sq of last.squares) box(sq, "buku-last-lifted", "line");
    const label = nameOf(last.line);
    if (label) {
      markLast(svg("circle", { cx: label.getAttribute("x"), cy: label.getAttribute("y"),
        r: layout.nameRadius() - 2, class: "buku-last-name" }, layer), "line");
    }
    if (last.path.length > 1) polyline(layer, last.path, "buku-last-line");
    if (last.path.length) {
      const [x, y] = layout.centre(last.path.at(-1));
      markLast(svg("circle", { cx: x, cy: y, r: 12, class: "buku-last-end" }, layer), "to");
    }
    for (const sq of last.captured) {
      const [x, y] = layout.centre(sq);
      markLast(svg("path", { d: `M${x - 22} ${y - 22} L${x + 22} ${y + 22} M${x - 22} ${y + 22} ` +
        `L${x + 22} ${y - 22}`, class: "buku-last-capture" }, layer), "capture");
    }
  }

  /** The path being laid: a line through numbered pieces, its head filled. */
  function drawPath(shown) {
    const layer = layers.path;
    layer.replaceChildren();
    const path = shown.path;
    if (!path.length) return;
    layer.setAttribute("class", `buku-path p${shown.mover}`);
    if (path.length > 1) polyline(layer, path, "buku-path-line");
    path.forEach((sq, i) => {
      const [x, y] = layout.centre(sq);
      const g = svg("g", { class: `buku-placed${i === path.length - 1 ? " head" : ""}`,
        "data-placed": i + 1, transform: `translate(${x} ${y})` }, layer);
      svg("circle", { r: layout.compact() ? 30 : 17, class: "buku-placed-disc" }, g);
      const num = svg("text", { y: 1, class: "buku-placed-num" }, g);
      num.textContent = i + 1;
    });
  }

  function polyline(parent, squares, cls) {
    const points = squares.map((sq) => layout.centre(sq).join(",")).join(" ");
    return svg("polyline", { points, class: cls }, parent);
  }

  /** Outlines the squares of a line while its step is pointed at or focused. */
  function previewLine(squares) {
    const inLine = new Set(squares);
    for (const g of layers.squares.children) {
      g.classList.toggle("preview", inLine.has(g.dataset.square));
    }
  }

  /** Marks the squares a click would ask the engine about, though not offered. */
  function markForbidden(forbidden) {
    for (const [sq, { g }] of drawnSquares) {
      if (forbidden.has(sq)) g.dataset.forbidden = forbidden.get(sq);
      else delete g.dataset.forbidden;
    }
  }

  function draw(shown) {
    drawHand(shown);
    drawCoords();
    drawSquares(shown);
    drawLast(shown);
    drawPath(shown);
  }

  return { draw, nameOf, previewLine, markForbidden };
}
