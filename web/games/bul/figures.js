// The Bul family's diagrams for the rules panel: the road and the throw's odds.
// The rules panel (rules.js) calls the default export with {t, facts, variant, options}:
// `facts` are the engine's (build.py's catalogue), and it returns {params, drawings}: the
// diagrams with the key of each one's name (rules.bul.diagram.<label>).
import { svg } from "../../kit/svg.js";
import { arrowMarker, text } from "../../kit/figures.js";

/** The road length of the set-up form when it is for the rule set shown, else its own. */
function lengthShown(facts, variant, options) {
  const asked = Number(options.length);
  if (options.variant === variant && asked) return asked;
  return facts.variants[variant].default_length;
}

// Bul: the road from side A's base (row 1, bottom) to side B's (row L, top).
function bulRoad(t, facts, length, variant) {
  const cell = Math.min(30, 560 / length);
  const top = 34;
  const roadHeight = cell * length;
  const root = svg("svg", { viewBox: `0 0 190 ${top + roadHeight + 34}`, class: "rd rd-bul-road" });
  arrowMarker(root);
  const fire = facts.variants[variant].fire_rows[String(length)] || [];
  for (let row = 1; row <= length; row++) {
    const y = top + (length - row) * cell;
    const base = row === 1 || row === length;
    const cls = base ? "rd-cell rd-base" : fire.includes(row) ? "rd-cell rd-fire" : "rd-cell";
    svg("rect", { x: 40, y, width: 86, height: cell, class: cls }, root);
    text(root, 32, y + cell / 2, String(row), "rd-row-number");
    if (base) {
      const name = row === 1 ? "rules.bul.diagram.base_a" : "rules.bul.diagram.base_b";
      text(root, 83, y + cell / 2, t(name), "rd-cell-text");
    } else if (fire.includes(row)) {
      text(root, 83, y + cell / 2, `✹ ${t("rules.bul.diagram.fire")}`, "rd-cell-text");
    }
  }
  const y1 = top + cell * 1.5;
  const y2 = top + roadHeight - cell * 1.5;
  svg("line", { x1: 146, y1: y2, x2: 146, y2: y1, class: "rd-arrow",
    "marker-end": "url(#rules-arrowhead)" }, root);
  text(root, 146, top + roadHeight + 16, "A", "rd-side");
  svg("line", { x1: 172, y1, x2: 172, y2, class: "rd-arrow rd-arrow-b",
    "marker-end": "url(#rules-arrowhead)" }, root);
  text(root, 172, top - 16, "B", "rd-side");
  return root;
}

// The throw table: marks showing on four beans → spaces moved, with its chances in 16.
function bulThrows(t, facts) {
  const root = svg("svg", { viewBox: "0 0 290 308", class: "rd rd-bul-throws" });
  text(root, 58, 16, t("rules.bul.diagram.marks"), "rd-head");
  text(root, 156, 16, t("rules.bul.diagram.moves"), "rd-head");
  facts.throw_odds.forEach(({ marks, value, ways: chance }, i) => {
    const y = 62 + i * 54;
    svg("rect", { x: 2, y: y - 24, width: 286, height: 48, rx: 8, class: "rd-throw" }, root);
    for (let b = 0; b < 4; b++) {
      const cx = 22 + b * 24;
      svg("ellipse", { cx, cy: y, rx: 10, ry: 14, class: "rd-bean" }, root);
      if (b < marks) svg("circle", { cx, cy: y, r: 4.5, class: "rd-mark" }, root);
    }
    text(root, 122, y, "→", "rd-label");
    text(root, 156, y, String(value), "rd-value");
    text(root, 232, y, `${chance} ${t("rules.bul.diagram.chance")}`, "rd-chance");
  });
  return root;
}

export default function figures({ t, facts, variant, options }) {
  const length = lengthShown(facts, variant, options);
  return { params: { length }, drawings: [[bulRoad(t, facts, length, variant), "label"],
    [bulThrows(t, facts), "throws_label"]] };
}
