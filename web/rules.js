// The rules panel: every game's rules in the reader's language, built as DOM nodes from the
// i18n keys "rules.<game>.…" (never innerHTML), with a small diagram, the names the game is
// known by and where the sources differ. Printable: rules.css hides the rest of the page.
//
// A section <id> of a game is the keys rules.<game>.<id>.title, then paragraphs .p1, .p2, …,
// a list .li1, .li2, …, and closing notes or examples .q1, .q2, … (each read while it exists).
//
// Which sections a game has, and every rule fact a diagram shows (Bul's rule sets, road
// lengths, burning rows and bean odds; Bolonki's set-up; Buku's squares and example move),
// come from the engine's catalogue (build.py `game_catalogue`: `rules_sections`, `facts`).
import * as i18n from "./i18n.js";
import { BUILD } from "./build-info.js";
import { svg } from "./games/svg.js";

const { t } = i18n;

const catalogue = (game) => BUILD.games[game];
// A game with rule sets (Bul's, in the engine's order) lists them in `facts.variants`, each
// with its family: the panel offers a chooser and the sections of the chosen one.
const variantsOf = (game) => Object.keys(catalogue(game).facts?.variants || {});
const familyOf = (game, variant) => catalogue(game).facts.variants[variant].family;
const bulFacts = () => catalogue("bul").facts;

const state = { dialog: null, game: null, variant: null, options: {} };

/** Show the rules of `gameId` (of a game with rule sets, `options.variant` first). */
export function openRules(gameId, options = {}) {
  if (!catalogue(gameId)) return;
  const dialog = state.dialog || createDialog();
  state.game = gameId;
  state.options = options || {};
  const variants = variantsOf(gameId);
  state.variant = !variants.length ? null : variants.includes(state.options.variant)
    ? state.options.variant : catalogue(gameId).options.variant.default;
  render();
  if (!dialog.open) dialog.showModal();
  document.documentElement.classList.add("rules-open");
  dialog.scrollTop = 0;
  dialog.querySelector(".rules-doc").scrollTop = 0;
  dialog.querySelector("#rules-title").focus();
}

// --- the dialog -----------------------------------------------------------------------------
function el(tag, cls = "", text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  return node;
}

function button(cls, onClick) {
  const b = el("button", cls);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function createDialog() {
  const dialog = el("dialog", "rules-dialog");
  dialog.id = "rules-dialog";
  dialog.setAttribute("aria-labelledby", "rules-title");
  const bar = el("div", "rules-bar");
  const lang = button("secondary rules-lang", switchLanguage);
  const print = button("secondary rules-print", () => window.print());
  const close = button("primary rules-close", () => dialog.close());
  bar.append(lang, print, close);
  const doc = el("article", "rules-doc");
  dialog.append(bar, doc);
  dialog.addEventListener("close", () => {
    if (!dialog.open) document.documentElement.classList.remove("rules-open");
  });
  document.body.append(dialog);
  // The page's language may change while the rules are open (our own button, an embedding
  // page): draw them again in the new language.
  new MutationObserver(() => dialog.open && render()).observe(document.documentElement,
    { attributes: true, attributeFilter: ["lang"] });
  state.dialog = dialog;
  return dialog;
}

function otherLanguage() {
  return i18n.LANGUAGES.find((code) => code !== i18n.lang) || "es";
}

/** Read the rules in the other language: the page's own language buttons do the switch
 *  (they are out of reach while the modal dialog is open, so close it for that instant). */
function switchLanguage() {
  const target = document.querySelector(`.topbar button[data-lang="${otherLanguage()}"]`);
  if (!target) return;
  state.dialog.close();
  target.click();
  state.dialog.showModal();
  document.documentElement.classList.add("rules-open");
  state.dialog.querySelector(".rules-lang").focus();
}

function render() {
  const dialog = state.dialog;
  const game = state.game;
  const other = otherLanguage();
  const lang = dialog.querySelector(".rules-lang");
  lang.textContent = other === "en" ? "English" : "Español"; // a language's own name
  lang.lang = other;
  lang.dataset.rulesLang = other;
  dialog.querySelector(".rules-print").textContent = t("rules.print");
  dialog.querySelector(".rules-close").textContent = t("rules.close");

  const doc = dialog.querySelector(".rules-doc");
  doc.dataset.game = game;
  doc.replaceChildren();
  const title = el("h2", "rules-title", t("rules.title", { game: t(`game.${game}.name`) }));
  title.id = "rules-title";
  title.tabIndex = -1;
  doc.append(title);

  const history = el("section", "rules-section rules-history");
  history.dataset.section = "history";
  history.append(el("h3", "", t("rules.history.title")), el("p", "", t(`rules.${game}.history`)));
  const names = el("section", "rules-section rules-names");
  names.dataset.section = "names";
  names.append(el("h3", "", t("rules.names.title")), el("p", "", t(`rules.${game}.names`)));
  doc.append(history, names);

  if (state.variant) doc.append(variantChooser(game));
  if (FIGURES[game]) doc.append(figure(game));
  for (const id of catalogue(game).rules_sections) doc.append(section(`rules.${game}.${id}`, id));
  if (state.variant) {
    const variant = state.variant;
    const family = familyOf(game, variant);
    doc.append(section(`rules.${game}.${family}`, family));
    const own = section(`rules.${game}.v.${variant}`, "variant",
      t("rules.variant.title", { name: t(`rules.${game}.v.${variant}.title`) }));
    own.classList.add("rules-variant");
    own.dataset.variant = variant;
    doc.append(own);
  }
  doc.append(section(`rules.${game}.notation`, "notation"));
  const sources = section(`rules.${game}.sources`, "sources", t("rules.sources.title"));
  sources.classList.add("rules-sources");
  doc.append(sources);
}

/** One section from its keys: title, paragraphs p1…, list li1…, notes q1…. */
function section(base, id, heading = null) {
  const box = el("section", "rules-section");
  box.dataset.section = id;
  box.append(el("h3", "", heading ?? t(`${base}.title`)));
  for (let i = 1; i18n.has(`${base}.p${i}`); i++) box.append(el("p", "", t(`${base}.p${i}`)));
  if (i18n.has(`${base}.li1`)) {
    const list = el("ul");
    for (let i = 1; i18n.has(`${base}.li${i}`); i++) list.append(el("li", "", t(`${base}.li${i}`)));
    box.append(list);
  }
  for (let i = 1; i18n.has(`${base}.q${i}`); i++) {
    box.append(el("p", "rules-note", t(`${base}.q${i}`)));
  }
  return box;
}

function variantChooser(game) {
  const nav = el("div", "rules-variants");
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", t("rules.variants.label"));
  nav.append(el("span", "rules-variants-label", t("rules.variants.label")));
  for (const variant of variantsOf(game)) {
    const b = button("rules-variant-button", () => {
      state.variant = variant;
      render();
      state.dialog.querySelector(`[data-variant-button="${variant}"]`).focus();
    });
    b.dataset.variantButton = variant;
    b.textContent = t(`rules.${game}.v.${variant}.name`);
    b.setAttribute("aria-pressed", String(variant === state.variant));
    nav.append(b);
  }
  return nav;
}

// --- diagrams ---------------------------------------------------------------------------------
// A game's diagrams: {params, drawings: [[svg, label key]]}. A game without an entry has
// no figure (its rules panel is its sections alone).
const FIGURES = {
  bakuk: () => ({ params: {}, drawings: [[bakukDiagram(), "label"]] }),
  bul: () => {
    const length = bulLength();
    return { params: { length },
      drawings: [[bulRoad(length, state.variant), "label"], [bulThrows(), "throws_label"]] };
  },
  buku: () => ({ params: { move: catalogue("buku").facts.example.move },
    drawings: [[bukuDiagram(), "label"]] }),
  bolonki: () => ({ params: {}, drawings: [[bolonkiDiagram(), "label"]] }),
};

function figure(game) {
  const box = el("figure", `rules-figure rules-figure-${game}`);
  const { params, drawings } = FIGURES[game]();
  const row = el("div", "rules-figure-row");
  for (const [drawing, label] of drawings) {
    drawing.setAttribute("role", "img");
    drawing.setAttribute("aria-label", t(`rules.${game}.diagram.${label}`, params));
    drawing.classList.add("rules-diagram");
    row.append(drawing);
  }
  box.append(row, el("figcaption", "", t(`rules.${game}.diagram.caption`, params)));
  return box;
}

function text(parent, x, y, content, cls = "") {
  const node = svg("text", { x, y, class: cls }, parent);
  node.textContent = content;
  return node;
}

function arrowMarker(root) {
  const defs = svg("defs", {}, root);
  const marker = svg("marker", { id: "rules-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, defs);
  svg("path", { d: "M0,0 L10,5 L0,10 z", class: "rd-arrowhead" }, marker);
  return defs;
}

// Bakuk: South's a b c along the bottom, North's d e f along the top from right to left,
// sown anticlockwise.
function bakukDiagram() {
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

function bulLength() {
  const asked = Number(state.options.length);
  if (state.options.variant === state.variant && asked) return asked;
  return bulFacts().variants[state.variant].default_length;
}

// Bul: the road from side A's base (row 1, bottom) to side B's (row L, top).
function bulRoad(length, variant) {
  const cell = Math.min(30, 560 / length);
  const top = 34;
  const roadHeight = cell * length;
  const root = svg("svg", { viewBox: `0 0 190 ${top + roadHeight + 34}`, class: "rd rd-bul-road" });
  arrowMarker(root);
  const fire = bulFacts().variants[variant].fire_rows[String(length)] || [];
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
function bulThrows() {
  const root = svg("svg", { viewBox: "0 0 290 308", class: "rd rd-bul-throws" });
  text(root, 58, 16, t("rules.bul.diagram.marks"), "rd-head");
  text(root, 156, 16, t("rules.bul.diagram.moves"), "rd-head");
  bulFacts().throw_odds.forEach(({ marks, value, ways: chance }, i) => {
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

// Buku: a chessboard (a1 dark), light squares White's ("Row"), dark striped ones Black's
// ("Column"); rank 3 emptied and the example path laid with its eight pieces.
const FILES = "abcdefgh";

function boardCentre(square, x0, y0, size) {
  const f = FILES.indexOf(square[0]);
  const r = Number(square.slice(1)) - 1;
  return [x0 + f * size + size / 2, y0 + (7 - r) * size + size / 2];
}

function coordinates(root, x0, y0, size) {
  for (let i = 0; i < 8; i++) {
    text(root, x0 + i * size + size / 2, y0 + 8 * size + 14, FILES[i], "rd-coord");
    text(root, x0 - 12, y0 + (7 - i) * size + size / 2, String(i + 1), "rd-coord");
  }
}

function bukuDiagram() {
  const size = 40;
  const x0 = 30;
  const y0 = 10;
  const root = svg("svg", { viewBox: "0 0 380 420", class: "rd rd-buku" });
  const owners = catalogue("buku").facts.owners; // owners[rank][file]: 1 = Black, dark
  const defs = arrowMarker(root);
  const hatch = svg("pattern", { id: "rules-hatch", width: 8, height: 8,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "rd-hatch" }, hatch);
  for (let r = 1; r <= 8; r++) {
    for (let f = 1; f <= 8; f++) {
      const dark = owners[r - 1][f - 1] === 1; // Black's squares are the dark ones
      const x = x0 + (f - 1) * size;
      const y = y0 + (8 - r) * size;
      svg("rect", { x, y, width: size, height: size, class: dark ? "rd-dark" : "rd-light" }, root);
      if (dark) svg("rect", { x, y, width: size, height: size, fill: "url(#rules-hatch)" }, root);
    }
  }
  svg("rect", { x: x0, y: y0, width: 8 * size, height: 8 * size, class: "rd-frame" }, root);
  coordinates(root, x0, y0, size);
  const { line, line_squares: lineSquares, path } = catalogue("buku").facts.example;
  const rank = Number(lineSquares[0].slice(1));
  svg("rect", { x: x0 + 2, y: y0 + (8 - rank) * size + 2, width: 8 * size - 4, height: size - 4,
    class: "rd-emptied" }, root);
  text(root, x0 + 8 * size + 20, y0 + (8 - rank) * size + size / 2, `${line}:`, "rd-label");
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

// Bolonki: the four groups on the middle squares of the edges, each with its goal (the
// opposite edge) as a labelled band outside the board. Colour always comes with a shape.
// The engine says each colour's start squares, goal edge and symbol; the diagram only
// picks the glyph of a symbol and the place of an edge.
const GLYPHS = { circle: "●", triangle: "▲", square: "■", diamond: "◆" };
const BANDS = { north: "top", south: "bottom", west: "left", east: "right" };

function bolonkiDiagram() {
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
  for (const [colour, group] of Object.entries(catalogue("bolonki").facts.colours)) {
    const shape = GLYPHS[group.symbol];
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
