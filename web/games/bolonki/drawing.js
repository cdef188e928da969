// Bolonki's board in layers: the squares; the margins (coordinates, and each group's band
// on its start edge saying what it has brought out, with an arrow toward its goal); the last
// move's marks and the move being built; the pieces (pieces.js); the steps offered; and a
// banner over the board. Everything drawn is the engine's: edges, counts, symbols, steps.
import { glyph, makeStep, markLast, svg, text, wordFloor } from "../../kit/index.js";
import { CELL, FILES, SIDE, SQUARES, fileOf, rankOf } from "../../kit/grid.js";

const TOWARD = { north: "↑", south: "↓", east: "→", west: "←" }; // an arrow toward an edge
const LINE = 32; // between the lines of a side band's words
const [COORD_UNITS, COORD_MOST] = [22, 28]; // the coordinates' size; the most their gap holds
const [BAND_UNITS, BAND_MOST] = [24, 28]; // a band's words (a wide band is 40 units thick)
const STEP_KINDS = { piece: "pick", step: "to", jump: "jump" }; // the steps drawn on squares

export function createDrawing(root, layout, ctx) {
  const t = ctx.t;
  const margins = svg("g", { class: "bk-margins" }, root);
  const squares = svg("g", { class: "bk-squares" }, root);
  const marks = svg("g", { class: "bk-marks", "aria-hidden": "true" }, root);
  const pieceLayer = svg("g", { class: "bk-pieces" }, root);
  const stepLayer = svg("g", { class: "bk-steps" }, root);
  const bannerLayer = svg("g", { class: "bk-banner", "aria-hidden": "true" }, root);
  let marginsKey = "";

  /** A square's outline inside it, `inset` from its edges. */
  function inside(square, inset, attrs, parent) {
    const [x, y] = layout.centre(square);
    return svg("rect", { x: x - CELL / 2 + inset, y: y - CELL / 2 + inset, width: CELL - 2 * inset,
      height: CELL - 2 * inset, ...attrs }, parent);
  }

  function polyline(path, cls) {
    svg("polyline", { points: path.map((sq) => layout.centre(sq).join(",")).join(" "),
      class: cls }, marks);
  }

  function drawSquares() {
    squares.replaceChildren();
    for (const square of SQUARES) {
      inside(square, 0, { class: (fileOf(square) + rankOf(square)) % 2 ? "bk-light" : "bk-dark",
        "data-cell": square }, squares);
    }
    svg("rect", { x: layout.side, y: layout.margin, width: SIDE, height: SIDE,
      class: "bk-frame" }, squares);
  }

  /** Coordinates and the groups' bands; redrawn only when they change (most moves leave
   * them as they were). */
  function drawMargins(obs) {
    const edges = layout.tiny ? {} : obs.start_edges || {};
    // the coordinates no smaller than the screen's floor (issue 43: 13.2 px at 1280×720 in
    // the projector look), up to what the gap between the board and its bands holds
    // (and the bands' words, 14.4 px there, up to what a band holds)
    const least = Math.ceil((wordFloor() / layout.scale()) * 10) / 10;
    const coord = Math.min(COORD_MOST, Math.max(COORD_UNITS, least));
    const band = Math.min(BAND_MOST, Math.max(BAND_UNITS, least));
    const key = JSON.stringify([layout.margin, obs.out, edges, document.documentElement.lang,
      coord, band]);
    if (key === marginsKey) return;
    marginsKey = key;
    margins.replaceChildren();
    const [s, m] = [layout.side, layout.margin];
    margins.style.setProperty("--bk-coord", `${coord}px`);
    margins.style.setProperty("--bk-band", `${band}px`);
    for (let i = 0; i < FILES.length && layout.wide; i++) {
      const x = s + i * CELL + CELL / 2;
      const y = m + (FILES.length - 1 - i) * CELL + CELL / 2;
      text(margins, x, m - 12, "bk-coord", FILES[i]);
      text(margins, x, m + SIDE + 12, "bk-coord", FILES[i]);
      text(margins, s - 14, y, "bk-coord", String(i + 1));
      text(margins, s + SIDE + 14, y, "bk-coord", String(i + 1));
    }
    for (const [colour, edge] of Object.entries(edges)) drawBand(obs, colour, edge);
  }

  function drawBand(obs, colour, edge) {
    const [s, m] = [layout.side, layout.margin];
    const g = svg("g", { class: `bk-band bk-${colour}`, "data-band": colour,
      "data-out": obs.out[colour], role: "img" }, margins);
    const thick = layout.wide ? 40 : m - 4;
    const across = layout.wide ? s - 32 : s - 4; // a side band: its words written across
    const gap = layout.wide ? 26 : 2; // the coordinates sit between the board and the band
    const long = SIDE - 2 * CELL; // along the six start squares
    const [x, y, w, h] = {
      south: [s + CELL, m + SIDE + gap, long, thick],
      north: [s + CELL, m - gap - thick, long, thick],
      west: [s - gap - across, m + CELL, across, long],
      east: [s + SIDE + gap, m + CELL, across, long],
    }[edge];
    svg("rect", { x, y, width: w, height: h, rx: 8, class: "bk-band-fill" }, g);
    const [cx, cy] = [x + w / 2, y + h / 2];
    const name = t(`bolonki.colour.${colour}`);
    const counts = { n: obs.out[colour], total: obs.pieces_per_colour };
    const words = { symbol: glyph(obs.colour_symbols?.[colour]), colour: name,
      arrow: TOWARD[obs.goal_edges?.[colour]] ?? "", ...counts };
    const sideways = edge === "west" || edge === "east";
    // on paper (the print kit) a band says whose edge it is, not a running count
    const key = ctx.print ? ".print" : "";
    if (sideways && layout.wide) { // one short line under another, read as the others are
      const lines = t(`bolonki.band.side${key}`, words).split("\n");
      lines.forEach((line, i) => text(g, cx, cy + (i - (lines.length - 1) / 2) * LINE, "bk-band-text",
        line));
    } else {
      text(g, cx, cy, "bk-band-text", t(`bolonki.band${key}`, words),
        sideways ? { transform: `rotate(${edge === "west" ? -90 : 90} ${cx} ${cy})` } : {});
    }
    g.setAttribute("aria-label", t(`bolonki.band.label${key}`, { colour: name, ...counts }));
  }

  /** The last move, from its events, marked until the next move is made (not merely
   * begun); and the move being built (`path`). */
  function drawMarks(events, path) {
    marks.replaceChildren();
    const mark = (square, kind, cls) => {
      markLast(inside(square, 3, { class: cls }, marks), kind);
      return layout.centre(square);
    };
    for (const event of events || []) {
      if (event.type === "move") {
        mark(event.path[0], "origin", "bk-last-from");
        const [x, y] = mark(event.path.at(-1), "to", "bk-last-to");
        polyline(event.path, "bk-last-path");
        svg("circle", { cx: x + CELL / 2 - 12, cy: y - CELL / 2 + 12, r: 7,
          class: "bk-last-dot" }, marks);
      } else if (event.type === "reveal" || event.type === "challenge") {
        const [x, y] = mark(event.square, "flip", "bk-last-flip");
        text(marks, x - CELL / 2 + 14, y - CELL / 2 + 14, "bk-last-glyph", "?");
        if (event.to && event.to !== event.square) mark(event.to, "back", "bk-last-from");
      }
    }
    if (path.length) {
      inside(path[0], 4, { class: "bk-origin" }, marks);
      if (path.length > 1) polyline(path, "bk-path");
    }
  }

  /** The steps offered on squares (what each is: the engine's step facts); `from` names
   * where a moving piece comes from. */
  function drawSteps(steps, facts, from) {
    stepLayer.replaceChildren();
    for (const [step] of steps) {
      const fact = facts[step];
      const kind = STEP_KINDS[fact?.kind];
      if (!kind) continue; // a challenge or a pass: the controls offer it
      const square = kind === "pick" ? fact.square : fact.to;
      const [x, y] = layout.centre(square);
      const g = svg("g", { class: `bk-target ${kind}`, "data-square": square,
        "data-target": square, "data-x": x, "data-y": y }, stepLayer);
      // the whole square is the target; the outline is drawn inside it
      inside(square, 0, { class: "bk-area" }, g);
      inside(square, 3, { rx: 10, class: "bk-hit" }, g);
      if (kind !== "pick") svg("circle", { cx: x, cy: y, r: kind === "jump" ? 14 : 11,
        class: "bk-dot" }, g);
      makeStep(g, step, t(`bolonki.step.${kind}`, { square, from }), ctx.onStep);
    }
  }

  /** The set-up mode: every square of `squares` a click that edits it with `tool` (its
   * words), named by what stands there now (`pieces`: square -> colour, face up). */
  function drawEdits(squares, pieces, tool) {
    stepLayer.replaceChildren();
    for (const [square] of squares) {
      const [x, y] = layout.centre(square);
      const g = svg("g", { class: "bk-target edit", "data-square": square,
        "data-target": square, "data-x": x, "data-y": y }, stepLayer);
      inside(square, 0, { class: "bk-area" }, g);
      inside(square, 3, { rx: 10, class: "bk-hit" }, g);
      const piece = pieces[square] ? t(`bolonki.piece.${pieces[square]}`)
        : t("bolonki.square.empty");
      makeStep(g, square, t("bolonki.square.edit", { square, piece, tool }), ctx.onStep);
    }
  }

  /** A message over the board (`short`, empty: none). */
  function banner(short, cls) {
    bannerLayer.replaceChildren();
    if (!short) return;
    const [s, m] = [layout.side, layout.margin];
    svg("rect", { x: s + 40, y: m + SIDE / 2 - 44, width: SIDE - 80, height: 88, rx: 16,
      class: `bk-banner-box ${cls}` }, bannerLayer);
    text(bannerLayer, layout.width / 2, m + SIDE / 2 + 2, "bk-banner-text", short);
  }

  return {
    pieceLayer,
    cells: () => squares.querySelectorAll("[data-cell]"),
    drawSquares, drawMargins, drawMarks, drawSteps, drawEdits, banner,
    clearMarks: () => marks.replaceChildren(),
    clearSteps: () => stepLayer.replaceChildren(),
  };
}
