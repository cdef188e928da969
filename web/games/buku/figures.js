// Buku's diagram for the rules panel.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (build.py's catalogue), and it returns {params, drawings}: the
// diagrams with the key of each one's name (rules.buku.diagram.<label>).
import { svg } from "../../kit/svg.js";
import { arrowMarker, boardCentre, coordinates, text } from "../../kit/figures.js";

// Buku: a chessboard (a1 dark), light squares White's ("Row"), dark striped ones Black's
// ("Column"); rank 3 emptied and the example path laid with its eight pieces.
function bukuDiagram(t, facts) {
  const size = 40;
  const x0 = 30;
  const y0 = 10;
  const root = svg("svg", { viewBox: "0 0 380 420", class: "rd rd-buku" });
  const owners = facts.owners; // owners[rank][file]: the player whose colour it is
  const defs = arrowMarker(root);
  const hatch = svg("pattern", { id: "rules-hatch", width: 8, height: 8,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "rd-hatch" }, hatch);
  for (let r = 1; r <= 8; r++) {
    for (let f = 1; f <= 8; f++) {
      const dark = facts.colours[owners[r - 1][f - 1]] === "dark"; // Black's, striped
      const x = x0 + (f - 1) * size;
      const y = y0 + (8 - r) * size;
      svg("rect", { x, y, width: size, height: size, class: dark ? "rd-dark" : "rd-light" }, root);
      if (dark) svg("rect", { x, y, width: size, height: size, fill: "url(#rules-hatch)" }, root);
    }
  }
  svg("rect", { x: x0, y: y0, width: 8 * size, height: 8 * size, class: "rd-frame" }, root);
  coordinates(root, x0, y0, size);
  // the example's line, emptied, and its first step as written (e.g. "3:") beside it
  const { line_step: lineStep, line_squares: lineSquares, orientation, path } = facts.example;
  const [lineX, lineY] = boardCentre(lineSquares[0], x0, y0, size);
  if (orientation === "rank") {
    svg("rect", { x: x0 + 2, y: lineY - size / 2 + 2, width: 8 * size - 4, height: size - 4,
      class: "rd-emptied" }, root);
    text(root, x0 + 8 * size + 20, lineY, lineStep, "rd-label");
  } else {
    svg("rect", { x: lineX - size / 2 + 2, y: y0 + 2, width: size - 4, height: 8 * size - 4,
      class: "rd-emptied" }, root);
    text(root, lineX, y0 + 8 * size + 30, lineStep, "rd-label");
  }
  const squares = path;
  const points = squares.map((sq) => boardCentre(sq, x0, y0, size).join(",")).join(" ");
  svg("polyline", { points, class: "rd-path" }, root);
  squares.forEach((sq, i) => {
    const [cx, cy] = boardCentre(sq, x0, y0, size);
    svg("circle", { cx, cy, r: 12, class: "rd-path-stop" }, root);
    text(root, cx, cy, String(i + 1), "rd-path-number");
  });
  // legend
  svg("rect", { x: x0, y: 366, width: 22, height: 22, class: "rd-light" }, root);
  svg("rect", { x: x0, y: 366, width: 22, height: 22, class: "rd-swatch" }, root);
  text(root, x0 + 30, 377, t("rules.buku.diagram.light"), "rd-legend");
  svg("rect", { x: x0, y: 394, width: 22, height: 22, class: "rd-dark" }, root);
  svg("rect", { x: x0, y: 394, width: 22, height: 22, fill: "url(#rules-hatch)", class: "rd-swatch" },
    root);
  text(root, x0 + 30, 405, t("rules.buku.diagram.dark"), "rd-legend");
  return root;
}

export default function figures({ t, facts }) {
  return { params: { move: facts.example.move }, drawings: [[bukuDiagram(t, facts), "label"]] };
}
