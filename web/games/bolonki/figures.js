// Bolonki's diagram for the rules panel.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (build.py's catalogue), and it returns {params, drawings}: the
// diagrams with the key of each one's name (rules.bolonki.diagram.<label>).
import { glyph } from "../../kit/seats.js";
import { svg } from "../../kit/svg.js";
import { boardCentre, coordinates, text } from "../../kit/figures.js";

// Bolonki: the four groups on the middle squares of the edges, each with its goal (the
// opposite edge) as a labelled band outside the board. Colour always comes with a shape.
// The engine says each colour's start squares, goal edge and symbol; the diagram only
// picks the glyph of a symbol and the place of an edge.
const BANDS = { north: "top", south: "bottom", west: "left", east: "right" };

function bolonkiDiagram(t, facts) {
  const size = 36;
  const x0 = 60;
  const y0 = 40;
  const side = 8 * size;
  const root = svg("svg", { viewBox: "0 0 408 410", class: "rd rd-bolonki" });
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      svg("rect", { x: x0 + f * size, y: y0 + r * size, width: size, height: size,
        class: (f + r) % 2 ? "rd-plain-b" : "rd-plain-a" }, root);
    }
  }
  svg("rect", { x: x0, y: y0, width: side, height: side, class: "rd-frame" }, root);
  coordinates(root, x0, y0, size);
  const bands = {
    top: [x0, y0 - 32, side, 24, 0],
    bottom: [x0, y0 + side + 24, side, 24, 0],
    left: [x0 - 56, y0, 24, side, -90],
    right: [x0 + side + 8, y0, 24, side, 90],
  };
  for (const [colour, group] of Object.entries(facts.colours)) {
    const shape = glyph(group.symbol);
    const squares = group.start;
    const [x, y, w, h, turn] = bands[BANDS[group.goal_edge]];
    const g = svg("g", { class: `rd-group rd-${colour}` }, root);
    svg("rect", { x, y, width: w, height: h, rx: 6, class: "rd-band" }, g);
    const cx = x + w / 2;
    const cy = y + h / 2;
    const label = text(g, cx, cy, `${shape} ${t("rules.bolonki.diagram.goal",
      { colour: t(`rules.bolonki.colour.${colour}`) })}`, "rd-band-text");
    if (turn) label.setAttribute("transform", `rotate(${turn} ${cx} ${cy})`);
    for (const sq of squares) {
      const [px, py] = boardCentre(sq, x0, y0, size);
      svg("circle", { cx: px, cy: py, r: 14, class: "rd-piece" }, g);
      text(g, px, py + 1, shape, "rd-piece-shape");
    }
  }
  return root;
}
export default function figures({ t, facts }) {
  return { params: {}, drawings: [[bolonkiDiagram(t, facts), "label"]] };
}
