// The Bul family's diagrams for the rules panel: the road and the throw's odds.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (build.py's catalogue: `Game.rules_facts`), and it returns
// {params, drawings}: the diagrams with the key of each one's name
// (rules.bul.diagram.<label>).
import { svg } from "../../kit/svg.js";
import { arrowMarker, text } from "../../kit/figures.js";

/** The road length of the set-up form when it is for the rule set shown, else its own. */
function lengthShown(facts, variant, options) {
  const asked = Number(options.length);
  if (options.variant === variant && asked) return asked;
  return facts.variants[variant].default_length;
}

// Bul: the road, row 1 at the bottom; each side's base where the engine puts it, and an arrow
// from each base toward the other.
function bulRoad(t, facts, length, variant) {
  const cell = Math.min(30, 560 / length);
  const top = 34;
  const roadHeight = cell * length;
  const root = svg("svg", { viewBox: `0 0 190 ${top + roadHeight + 34}`, class: "rd rd-bul-road" });
  arrowMarker(root);
  const y = (row) => top + (length - row) * cell;
  const fire = facts.variants[variant].fire_rows[String(length)] || [];
  const bases = facts.base_rows[String(length)]; // side A's, side B's
  const names = ["rules.bul.diagram.base_a", "rules.bul.diagram.base_b"];
  for (let row = 1; row <= length; row++) {
    const side = bases.indexOf(row);
    const cls = side >= 0 ? "rd-cell rd-base" : fire.includes(row) ? "rd-cell rd-fire" : "rd-cell";
    svg("rect", { x: 40, y: y(row), width: 86, height: cell, class: cls }, root);
    text(root, 32, y(row) + cell / 2, String(row), "rd-row-number");
    if (side >= 0) text(root, 83, y(row) + cell / 2, t(names[side]), "rd-cell-text");
    else if (fire.includes(row)) {
      text(root, 83, y(row) + cell / 2, `✹ ${t("rules.bul.diagram.fire")}`, "rd-cell-text");
    }
  }
  [[bases[0], bases[1]], [bases[1], bases[0]]].forEach(([from, to], side) => {
    const way = Math.sign(y(to) - y(from)); // down the drawing (+1) or up it
    const [x, label] = [146 + 26 * side, "AB"[side]];
    svg("line", { x1: x, y1: y(from) + cell / 2 + cell * way, x2: x,
      y2: y(to) + cell / 2 - cell * way, class: side ? "rd-arrow rd-arrow-b" : "rd-arrow",
      "marker-end": "url(#rules-arrowhead)" }, root);
    text(root, x, y(from) + cell / 2 - (cell / 2 + 16) * way, label, "rd-side");
  });
  return root;
}

// The throw table: one fall of the beans for each value → spaces moved, with its chances
// among all the falls.
function bulThrows(t, facts) {
  const rows = facts.throw_odds.length;
  const root = svg("svg", { viewBox: `0 0 290 ${38 + rows * 54}`, class: "rd rd-bul-throws" });
  text(root, 58, 16, t("rules.bul.diagram.marks"), "rd-head");
  text(root, 156, 16, t("rules.bul.diagram.moves"), "rd-head");
  facts.throw_odds.forEach(({ falls, value, ways }, i) => {
    const y = 62 + i * 54;
    svg("rect", { x: 2, y: y - 24, width: 286, height: 48, rx: 8, class: "rd-throw" }, root);
    falls.at(-1).forEach((marked, b) => { // one of the falls that give it
      const cx = 22 + b * 24;
      svg("ellipse", { cx, cy: y, rx: 10, ry: 14, class: "rd-bean" }, root);
      if (marked) svg("circle", { cx, cy: y, r: 4.5, class: "rd-mark" }, root);
    });
    text(root, 122, y, "→", "rd-label");
    text(root, 156, y, String(value), "rd-value");
    text(root, 232, y, `${ways} ${t("rules.bul.diagram.chance", { falls: facts.falls })}`,
      "rd-chance");
  });
  return root;
}

/** The throw table in words, for its accessible name. */
function throwsInWords(t, facts) {
  return facts.throw_odds.map(({ marks, value, ways }) => t(
    marks ? "rules.bul.diagram.throw_row" : "rules.bul.diagram.throw_row_none",
    { n: marks, value, ways, falls: facts.falls })).join(", ");
}

export default function figures({ t, facts, variant, options }) {
  const length = lengthShown(facts, variant, options);
  return { params: { length, throws: throwsInWords(t, facts) },
    drawings: [[bulRoad(t, facts, length, variant), "label"], [bulThrows(t, facts), "throws_label"]] };
}
