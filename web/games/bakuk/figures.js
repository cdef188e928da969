// Bakuk's diagram for the rules panel.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (build.py's catalogue), and it returns {params, drawings}: the
// diagrams with the key of each one's name (rules.bakuk.diagram.<label>).
import { svg } from "../../kit/svg.js";
import { arrowMarker, text } from "../../kit/figures.js";

// Bakuk: South's a b c along the bottom, North's d e f along the top from right to left,
// sown anticlockwise.
function bakukDiagram(t) {
  const root = svg("svg", { viewBox: "0 0 420 290", class: "rd rd-bakuk" });
  arrowMarker(root);
  text(root, 210, 24, t("rules.bakuk.diagram.north"), "rd-side");
  text(root, 210, 278, t("rules.bakuk.diagram.south"), "rd-side");
  svg("rect", { x: 20, y: 40, width: 380, height: 210, rx: 30, class: "rd-wood" }, root);
  const spots = { a: [100, 190], b: [210, 190], c: [320, 190], d: [320, 100], e: [210, 100],
    f: [100, 100] };
  for (const [hole, [x, y]] of Object.entries(spots)) {
    svg("circle", { cx: x, cy: y, r: 36, class: "rd-hole" }, root);
    text(root, x, y - 4, hole, "rd-hole-name");
    text(root, x, y + 22, "6", "rd-hole-count");
  }
  const arrows = [[140, 190, 170, 190], [250, 190, 280, 190], [372, 180, 372, 110],
    [280, 100, 250, 100], [170, 100, 140, 100], [48, 110, 48, 180]];
  for (const [x1, y1, x2, y2] of arrows) {
    svg("line", { x1, y1, x2, y2, class: "rd-arrow", "marker-end": "url(#rules-arrowhead)" }, root);
  }
  text(root, 210, 145, `↺ ${t("rules.bakuk.diagram.sowing")}`, "rd-label");
  return root;
}

export default function figures({ t }) {
  return { params: {}, drawings: [[bakukDiagram(t), "label"]] };
}
