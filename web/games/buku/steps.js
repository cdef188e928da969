// What can be clicked on Buku's board, as the engine says: the offered steps (`steps`, what
// each is in `step_facts`) — a line to empty (a box over its name and its whole row or
// column), then the squares of the path — and the elements a click on which would ask a step
// that is not offered (`targets`): the other lines' names, the squares the path cannot take.
// In the set-up mode (`view.setup`) every square offered is a step that edits it.
import { askWhy, keyedLayer, svg, makeStep } from "../../kit/index.js";
import { CELL, fileOf, rankOf } from "../../kit/grid.js";
import { lineName } from "./words.js";

const ARROWS = { up: "↑", down: "↓", left: "←", right: "→" };

/** The steps drawn in `layers` ({lines, steps}: SVG groups) over `drawing`'s board. */
export function createSteps(layers, layout, drawing, ctx) {
  const t = ctx.t;
  let offered = new Map(); // square or line -> its step, as drawn now
  let ways = new Map(); // direction -> the step going that way from the path's head
  // the lines' names a click asks about stay the same nodes while a move is shown, frame
  // after frame (issue 43: one drawn anew between a quick tap's press and release took no
  // click): `lines` ({parent, keep}, keyedLayer's) is where a draw puts them
  const drawLines = keyedLayer(layers.lines);

  function drawLine(lines, step, complete, fact) {
    offered.set(fact.line, step);
    const band = layout.lineBand(fact.orientation, fact.squares);
    const [nx, ny] = band.name;
    const g = svg("g", { class: `buku-line ${fact.orientation} legal`, "data-line": fact.line,
      "data-target": fact.line, "data-x": nx, "data-y": ny }, lines.parent);
    // the whole row or column is the target; the outline is drawn inside it
    svg("rect", { x: band.x, y: band.y, width: band.width, height: band.height,
      class: "buku-area" }, g);
    svg("rect", { x: band.x + 3, y: band.y + 3, width: band.width - 6, height: band.height - 6,
      rx: 10, class: "buku-line-box" }, g);
    // visible text: the line's name, then its pieces (the spoken name starts the same way)
    drawing.nameOf(fact.line)?.classList.add("offered"); // written here instead
    const wide = layout.wide();
    const name = svg("text", { x: nx, y: ny - (wide ? 10 : 0), class: "buku-line-name" }, g);
    name.textContent = fact.line;
    if (wide) {
      const count = svg("text", { x: nx, y: ny + 20, class: "buku-line-count" }, g);
      count.textContent = fact.pieces;
    }
    const key = complete ? "buku.step.line.empty" : "buku.step.line";
    makeStep(g, step, t(key, { line: lineName(t, fact.orientation, fact.line), name: fact.line,
      n: fact.pieces }), ctx.onStep);
    const preview = (on) => drawing.previewLine(on ? fact.squares : []);
    g.addEventListener("pointerenter", () => preview(true));
    g.addEventListener("pointerleave", () => preview(false));
    g.addEventListener("focus", () => preview(true));
    g.addEventListener("blur", () => preview(false));
  }

  function drawSquare(step, fact) {
    const sq = fact.square;
    offered.set(sq, step);
    if (fact.direction) ways.set(fact.direction, step);
    const [x, y] = layout.centre(sq);
    const g = svg("g", { class: `buku-target ${fact.start ? "start" : "next"}`, "data-square": sq,
      "data-target": sq, "data-x": x, "data-y": y }, layers.steps);
    svg("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: "buku-area" }, g);
    svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6,
      rx: 10, class: "buku-hit" }, g);
    let label;
    if (fact.start) {
      label = t("buku.step.start", { square: sq, n: fact.hand });
    } else {
      const arrow = svg("text", { x, y: y - 1, class: "buku-arrow", "aria-hidden": "true" }, g);
      arrow.textContent = ARROWS[fact.direction];
      label = t("buku.step.next", { square: sq, dir: t(`buku.dir.${fact.direction}`),
        n: fact.hand_after });
    }
    makeStep(g, step, label, ctx.onStep);
  }

  /** A square the set-up mode's tool edits (`tool`: its words), named with what it holds. */
  function drawEdit(sq, obs, tool) {
    offered.set(sq, sq);
    const [x, y] = layout.centre(sq);
    const g = svg("g", { class: "buku-target edit", "data-target": sq, "data-x": x, "data-y": y },
      layers.steps);
    svg("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: "buku-area" }, g);
    svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6,
      rx: 10, class: "buku-hit" }, g);
    const owner = ctx.players()[obs.owners[rankOf(sq)][fileOf(sq)]]?.name ?? "";
    makeStep(g, sq, t("buku.square.edit", { square: sq, n: obs.board[rankOf(sq)][fileOf(sq)],
      owner, tool }), ctx.onStep);
  }

  /** A line's name that may not be emptied now: a click on it says why. For pointers only
   * (hidden from screen readers): keys reach the offered lines. */
  function forbidLine(lines, label, step) {
    const [x, y] = [Number(label.getAttribute("x")), Number(label.getAttribute("y"))];
    const r = layout.nameRadius();
    const g = lines.keep(`forbidden:${label.dataset.line}`, "g",
      { class: "buku-line forbidden", "aria-hidden": "true" });
    svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "buku-line-hit" }, g);
    askWhy(g, step, ctx);
  }

  /** Draws the view's offered steps and marks what else a click would ask about. */
  function draw(view) {
    layers.steps.replaceChildren();
    drawLines((parent, keep) => drawSteps(view, { parent, keep }));
  }

  function drawSteps(view, lines) {
    offered = new Map();
    ways = new Map();
    const facts = view.step_facts || {};
    if (view.setup) {
      const obs = view.observation || view;
      for (const [sq] of view.steps || []) drawEdit(sq, obs, view.setup.tool);
      return;
    }
    for (const [step, complete] of view.steps || []) {
      const fact = facts[step];
      if (fact?.kind === "line") drawLine(lines, step, complete, fact);
      else if (fact?.kind === "square") drawSquare(step, fact);
    }
    const targets = view.targets || {};
    const forbidden = new Map();
    for (const [element, step] of Object.entries(targets)) {
      if (offered.has(element)) continue;
      const label = drawing.nameOf(element);
      if (label) forbidLine(lines, label, step);
      else forbidden.set(element, step);
    }
    drawing.markForbidden(forbidden);
  }

  return {
    draw,
    /** The step a click on `element` (a square or a line) would take, if it is offered. */
    offered: (element) => offered.get(element) ?? null,
    /** The offered step going `direction` from the path's head, if any. */
    toward: (direction) => ways.get(direction) ?? null,
    any: () => offered.size > 0,
  };
}
