// Bakuk's diagram for the rules panel: the board as South sees it (the engine's rows), each
// hole's name and starting seeds, and an arrow from each hole to the next in sowing order.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (`Game.rules_facts`), and it returns {params, drawings}: the
// diagrams with the key of each one's name (rules.bakuk.diagram.<label>).
import { svg } from "../../kit/svg.js";
import { arrowMarker, text } from "../../kit/figures.js";

const PITCH = 110;
const LEFT = 100;
const TOP = 100;
const RADIUS = 36;

function bakukDiagram(t, facts) {
  const root = svg("svg", { viewBox: "0 0 420 290", class: "rd rd-bakuk" });
  arrowMarker(root);
  text(root, 210, 24, t("rules.bakuk.diagram.north"), "rd-side");
  text(root, 210, 278, t("rules.bakuk.diagram.south"), "rd-side");
  svg("rect", { x: 20, y: 40, width: 380, height: 210, rx: 30, class: "rd-wood" }, root);
  const spots = {};
  facts.rows.forEach((row, r) => row.forEach((hole, c) => {
    spots[hole] = [LEFT + c * PITCH, TOP + r * (190 - TOP)];
  }));
  for (const [hole, [x, y]] of Object.entries(spots)) {
    svg("circle", { cx: x, cy: y, r: RADIUS, class: "rd-hole" }, root);
    text(root, x, y - 4, hole, "rd-hole-name");
    text(root, x, y + 22, String(facts.seeds_per_hole), "rd-hole-count");
  }
  const order = facts.holes;
  order.forEach((hole, i) => {
    const [x1, y1] = spots[hole];
    const [x2, y2] = spots[order[(i + 1) % order.length]];
    // between neighbours in a row; round the end of the board from one row to the other
    const line = y1 === y2
      ? { x1: x1 + Math.sign(x2 - x1) * (RADIUS + 4), y1, x2: x2 - Math.sign(x2 - x1) * (RADIUS + 4),
        y2 }
      : { x1: x1 + Math.sign(x1 - 210) * (RADIUS + 16), y1: y1 + Math.sign(y2 - y1) * 10,
        x2: x1 + Math.sign(x1 - 210) * (RADIUS + 16), y2: y2 - Math.sign(y2 - y1) * 10 };
    svg("line", { ...line, class: "rd-arrow", "marker-end": "url(#rules-arrowhead)" }, root);
  });
  text(root, 210, 145, `↺ ${t("rules.bakuk.diagram.sowing")}`, "rd-label");
  return root;
}

export default function figures({ t, facts }) {
  return { params: {}, drawings: [[bakukDiagram(t, facts), "label"]] };
}
