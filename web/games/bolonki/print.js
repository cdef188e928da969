// Bolonki's print kit (web/teach/print.js): its 8×8 board with the start edges, pieces to cut out
// whose colour is on the half folded under (so a piece on the board shows no colour, as in
// the game), a score sheet, the tally of challenges the teacher's plan asks each player to
// keep, four memory puzzles two to a sheet (the start face up to
// memorise, the moves, the question face down), and the rules. The colours' start squares,
// edges and symbols are the catalogue's: the rules' own data.
import { BUILD } from "../../build-info.js";
import { glyph, svg, text } from "../../kit/index.js";
import { CELL } from "../../kit/grid.js";

const PIECE_MM = 15; // a piece's side: it fits within a square of the printed board (18 mm)
const GAP_MM = 4;

/** The pieces of every colour in a sheet: each a strip, its top half the piece's back (the
 * same for all), its bottom half the colour's symbol and name, folded under along the line. */
function cutOuts({ t, sheet, box }) {
  const colours = BUILD.games.bolonki.facts.colours;
  const perRow = Math.floor((box.width + GAP_MM) / (PIECE_MM + GAP_MM));
  const count = Object.values(colours).reduce((n, c) => n + c.start.length, 0);
  const rows = Math.ceil(count / perRow);
  const width = perRow * (PIECE_MM + GAP_MM) - GAP_MM;
  const height = rows * (2 * PIECE_MM + GAP_MM) - GAP_MM;
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bolonki-cutouts",
    role: "img", "aria-label": t("bolonki.print.cut.picture", { n: count }) });
  picture.style.width = `${width}mm`;
  picture.style.height = `${height}mm`;
  picture.dataset.widthMm = width;
  picture.dataset.heightMm = height;
  let i = 0;
  for (const [colour, { start, symbol }] of Object.entries(colours)) {
    for (let k = 0; k < start.length; k++, i++) {
      const x = (i % perRow) * (PIECE_MM + GAP_MM);
      const y = Math.floor(i / perRow) * (2 * PIECE_MM + GAP_MM);
      const g = svg("g", { class: `bk-cut bk-${colour}`, transform: `translate(${x} ${y})` },
        picture);
      // drawn in mm, black lines on white: a cut line, the back's ring, the fold's dashes
      svg("rect", { width: PIECE_MM, height: 2 * PIECE_MM, class: "bk-cut-line", fill: "#fff",
        stroke: "#000", "stroke-width": 0.3 }, g);
      svg("circle", { cx: PIECE_MM / 2, cy: PIECE_MM / 2, r: PIECE_MM * 0.36,
        class: "bk-cut-back", fill: "none", stroke: "#000", "stroke-width": 0.3 }, g);
      svg("rect", { x: 1, y: PIECE_MM + 1, width: PIECE_MM - 2, height: PIECE_MM - 2,
        class: "bk-cut-colour", fill: `var(--bk-${colour})`, "fill-opacity": 0.35 }, g);
      svg("line", { x1: 0, y1: PIECE_MM, x2: PIECE_MM, y2: PIECE_MM, class: "bk-cut-fold",
        stroke: "#000", "stroke-width": 0.3, "stroke-dasharray": "1 1" }, g);
      text(g, PIECE_MM / 2, PIECE_MM * 1.45, "bk-cut-symbol", glyph(symbol),
        { "font-size": 7, "text-anchor": "middle", "dominant-baseline": "central" });
      text(g, PIECE_MM / 2, PIECE_MM * 1.85, "bk-cut-name", t(`bolonki.colour.${colour}`),
        { "font-size": 2.6, "text-anchor": "middle", "dominant-baseline": "central" });
    }
  }
  const steps = ["p1", "p2", "p3"].map((p) => {
    const line = document.createElement("p");
    line.textContent = t(`bolonki.print.cut.${p}`);
    return line;
  });
  const figure = document.createElement("figure");
  figure.className = "print-drawing";
  const size = document.createElement("figcaption");
  size.className = "print-size";
  size.textContent = t("bolonki.print.cut.size", { mm: PIECE_MM, w: width, h: height });
  figure.append(picture, size);
  return [sheet(t("bolonki.print.cut.title"), ...steps, figure)];
}

export default {
  cell: { units: CELL, key: "print.cell.square" },
  items: ["board", "pieces", "score", "tally", "puzzles", "key", "rules"],
  extra: { pieces: cutOuts },
  // the notation's words ("challenge:2", "pass") said in the reader's language
  scoreKey: ({ t }) => ["p1", "p2", "p3"].map((p) => t(`bolonki.print.score.${p}`, {
    challenge: t("bolonki.move.challenge"), pass: t("bolonki.move.pass") })),
  // the plan: each player notes their challenges, right and wrong
  tally: ({ t }) => ({
    intro: [t("bolonki.print.tally.p1")],
    head: [t("bolonki.print.tally.player"), t("bolonki.print.tally.right"),
      t("bolonki.print.tally.wrong"), t("bolonki.print.tally.total")],
    rows: [1, 2, 3, 4].map((n) => [t("bolonki.print.tally.row", { n })]),
    wide: [1, 2],
  }),
  // room for its moves and longer questions, and the start beside each question
  // its answers list many moves and say why: two to a sheet of the key
  puzzles: { count: 4, perSheet: 2, keyPerSheet: 2, textMm: 48, start: {
    caption: "bolonki.print.puzzle.start",
    // face up where the puzzle shows its person the colours (as the memorising does)
    observation: (puzzle) => ({ ...puzzle.start, pieces: { ...puzzle.start.pieces, ...puzzle.shown } }),
  } },
  scoreRows: 28, // and its notation key under them
};
