// The men, drawn on the road: in each cell the piles side by side — the men waiting in a
// base, the units (discs top first, an arrow for the way each travels next: the engine's
// `unit_facts`), the unit on its way in a frame (`moving`) — each pile offering its step or
// refusing a click with the engine's reason; a flash on the row a frame shows. In the set-up
// mode (`setup`: the tool's words and the rows and bases a click edits) a road row is one
// target, its piles only a picture, and a base or a far camp is one per pile.
import { pictureOnly, say, svg, text } from "../../kit/index.js";
import { baseName } from "./layout.js";
import { piecesText } from "./words.js";

/** The piles on each row: bases first (men waiting), then units in order of arrival. */
function pilesByRow(obs) {
  const piles = {};
  const add = (row, pile) => (piles[row] ||= []).push(pile);
  for (const side of obs.sides || []) {
    for (const p of side.players) {
      add(side.base_row, { kind: "base", player: p, pieces: Array(obs.base[p]).fill(p) });
    }
  }
  obs.units.forEach((unit, i) => add(unit.row, { kind: "unit", ...unit, ...obs.unit_facts?.[i] }));
  if (obs.moving) add(obs.moving.row, { kind: "moving", ...obs.moving });
  return piles;
}

/** Draw the men of `obs` with `drawLayer` (the kit's keyedLayer: a pile, a base, a button
 * drawn anew in place at each frame of a move, so a quick tap between two frames is not
 * lost: issue 43). `offer`: the offered steps by what they are (gestures.offers); `clicks`:
 * gestures.clicks; `flash`: {row, kind} or null; `setup`: null, or {tool, steps} in the
 * set-up mode. */
export function drawPieces(drawLayer, geo, obs, { offer, clicks, flash, players, t, setup = null }) {
  drawLayer((layer, keep) => {
    drawMen(layer, keep, { geo, obs, offer, clicks, flash, players, t, setup });
  });
}

function drawMen(layer, keep, { geo, obs, offer, clicks, flash, players, t, setup }) {
  const piles = pilesByRow(obs);
  const look = { layer, keep, geo, obs, offer, clicks, players, t, setup };
  const bases = new Set((obs.sides || []).map((side) => side.base_row));
  for (let row = 1; row <= obs.length; row++) {
    const cell = geo.rows[row];
    if (flash && flash.row === row) {
      svg("rect", { x: cell.x + 4, y: cell.y + 4, width: cell.w - 8, height: cell.h - 8, rx: 12,
        class: `flash ${flash.kind}` }, layer);
    }
    const list = piles[row] || [];
    const edited = setup?.steps.has(`row:${row}`);
    if (edited && !bases.has(row)) {
      drawSetupRow(look, cell, row, list);
      continue;
    }
    if (edited && !list.some((pile) => pile.kind === "unit")) list.push({ kind: "camp", pieces: [] });
    if (list.length) drawPiles(look, cell, row, list);
  }
}

/** A road row in the set-up mode: one target, whatever stands there. */
function drawSetupRow(look, cell, row, list) {
  const { obs, clicks, players, t, setup } = look;
  const g = look.keep(`row:${row}`, "g", { class: "setup-row" });
  g.dataset.cell = row;
  svg("rect", { x: cell.x + 6, y: cell.y + 6, width: cell.w - 12, height: cell.h - 12, rx: 10,
    class: "hit" }, g);
  const what = list.length ? list.map((pile) => pileText(t, players, pile)).join("; ")
    : t("bul.setup.empty");
  const key = (obs.fire || []).includes(row) ? "bul.setup.cell.fire" : "bul.setup.cell";
  clicks.offer(g, `row:${row}`, t(key, { row, what, tool: setup.tool }));
  if (list.length) drawPiles({ ...look, layer: g, picture: true }, cell, row, list);
}

function pileText(t, players, pile) {
  return t("bul.setup.pile", { pieces: piecesText(players, pile.pieces),
    heading: t(`bul.heading.${pile.heading}`) });
}

/** A base or a far camp's pile in the set-up mode: offered when a click edits it. */
function offerSetup(look, g, pile, row) {
  const { obs, clicks, players, t, setup } = look;
  const n = pile.pieces.length;
  let step;
  let label;
  if (pile.kind === "base") {
    step = `base:${pile.player}`;
    label = t("bul.setup.base", { name: players[pile.player]?.name ?? "", n, tool: setup.tool });
  } else {
    step = `row:${row}`;
    const side = (obs.sides || []).find((s) => s.far_row === row)?.side;
    label = t("bul.setup.camp", { row, side: say(t, obs.side_names?.[side]), tool: setup.tool,
      what: n ? pileText(t, players, pile) : t("bul.setup.empty") });
  }
  if (setup.steps.has(step)) {
    g.classList.add("setup");
    clicks.offer(g, step, label);
  } else {
    pictureOnly(g, label);
  }
}

/** The piles of a cell side by side; each pile's slot (the whole cell height) is what is
 * tapped, so a lone pile is as large a target as its cell. */
function drawPiles(look, cell, row, list) {
  const { geo } = look;
  const slot = (cell.w - 8) / list.length;
  // compact: a disc large enough for its symbol at the floor, the men counted under it
  const f = geo.minFont ?? 0;
  const rMax = geo.compact ? Math.max(13, f * 0.95) : geo.narrow ? 13 : 17;
  list.forEach((pile, i) => {
    const x0 = cell.x + 4 + slot * i;
    const top = cell.y + (geo.compact ? 8 + f * 1.2 : geo.narrow ? 30 : 36);
    // compact: under the man, the count of a pile of more than one ("×5")
    const counted = geo.compact && pile.pieces.length > 1;
    const bottom = geo.compact ? cell.y + cell.h - 6 - (counted ? f * 1.1 : 0)
      : pile.kind === "base" ? baseName(geo, cell).top : cell.y + cell.h - 10;
    // the disc between the cell's words above it and the count below it: in a 320 embed a
    // base of five had room for none (the floor's words are large there) and its men ran up
    // over the side's name (issue 43)
    const fits = geo.compact ? (bottom - top) / 2 : Infinity;
    const r = Math.max(7, Math.min(rMax, slot / 2 - (geo.compact ? 2 : 6), fits));
    drawPile(look, pile, row, { x0, slot, cell, cx: x0 + slot / 2, cy: top + r, r,
      room: Math.max(0, bottom - top - 2 * r) });
  });
}

function drawPile(look, pile, row, place) {
  const { layer, keep, geo, offer, clicks, players, t, setup, picture } = look;
  const { x0, slot, cell, cx, cy, r, room } = place;
  const n = pile.pieces.length;
  const f = geo.minFont ?? 0; // compact: the floor, in the drawing's units
  const spacing = n > 1 ? Math.min(2 * r + 3, room / (n - 1)) : 0;
  const attrs = { class: `pile ${pile.kind}` };
  // a pile in a set-up row is part of its picture; the others are kept by what they are
  const key = pile.kind === "base" ? `base:${pile.player}` : pile.kind === "moving" ? "moving"
    : `${pile.kind}:${row}@${pile.pieces[0] ?? ""}`;
  const g = picture ? svg("g", attrs, layer) : keep(key, "g", attrs);
  svg("rect", { x: x0 + 1, y: cell.y + 6, width: slot - 2, height: cell.h - 12, rx: 10,
    class: "hit" }, g);
  if (picture) g.setAttribute("aria-hidden", "true"); // its row says what it is
  else if (setup) offerSetup(look, g, pile, row);
  if (pile.kind === "camp") {
    svg("circle", { cx, cy: cell.y + cell.h / 2, r, class: "camp-slot" }, g);
    return;
  }
  if (pile.kind === "base") {
    g.dataset.base = pile.player;
    g.dataset.count = n;
    g.classList.add(`p${pile.player}`);
    const name = players[pile.player]?.name ?? "";
    if (n === 0) text(g, cx, cy + 5, "empty", "0");
    const enter = offer.enter && offer.enter.player === pile.player ? offer.enter : null;
    if (enter) {
      g.classList.add("legal");
      clicks.offer(g, enter.step, t("bul.step.enter", { name, value: enter.value, n }));
    } else if (!setup) { // the set-up mode's base is offered above
      clicks.refuse(g, t("bul.base.men", { name, n }), `base:${pile.player}`);
    }
  } else {
    const controller = pile.pieces[0];
    g.dataset.row = row;
    g.dataset.pieces = pile.pieces.join(",");
    g.dataset.heading = pile.heading;
    g.dataset.controller = controller;
    g.classList.add(`p${controller}`);
    const arrow = pile.direction * cell.dir > 0 ? "→" : "←"; // the way it goes, on screen
    if (geo.compact) text(g, x0 + slot - 4, cell.y + 4 + geo.minFont * 0.6, `heading end p${controller}`, arrow);
    else text(g, cx, cell.y + (geo.narrow ? 20 : 24), `heading p${controller}`, arrow);
    const key = `${row}@${controller}`;
    const move = pile.kind === "unit" ? offer.units.get(key) : null;
    const pieces = piecesText(players, pile.pieces);
    if (move) {
      g.classList.add("legal");
      clicks.offer(g, move.step, t("bul.step.move", { value: move.value, row, pieces }));
    } else if (pile.kind === "unit" && !setup) { // set-up: offered above, or its row is
      clicks.refuse(g, t("bul.unit", { row, pieces, heading: t(`bul.heading.${pile.heading}`) }),
        `unit:${key}`);
    }
    const back = pile.kind === "unit" ? offer.back.get(key) : null;
    if (back) drawBackStep(look, back, row, cx + r + 4, cell.y + cell.h - 26);
  }
  // the discs, bottom first so the top piece is drawn over the others; a symbol too thin to
  // read at the screen's floor (`f`, the drawing's units) is left out, the men counted
  // instead (issue 43: a 640×560 embed drew them at 7.6 px)
  let untold = false;
  for (let i = n - 1; i >= 0; i--) {
    const y = cy + spacing * i;
    const p = pile.pieces[i];
    const disc = svg("g", { class: `piece p${p}${i === 0 ? " top" : ""}`, "aria-hidden": "true" }, g);
    svg("circle", { cx, cy: y, r, class: "disc" }, disc);
    // the top man (drawn last, over the others) shows whole: its symbol at its centre (in a
    // pile of men in one disc, it was drawn at the disc's rim, over the base's name)
    const overlap = spacing < 2 * r && i > 0 && i < n - 1;
    const sy = y - (overlap ? r - spacing / 2 : 0); // the symbol in the part that shows
    const size = Math.min(r * 1.1, overlap ? spacing * 1.05 : r * 1.1);
    // a man in sight whole shows his mark at the floor, as the top one does (a phone's
    // usual road left the second man of a base a black disc: r * 1.1 under its floor)
    const whole = i === 0 || spacing >= 2 * r;
    if (!whole && size < f) { // too thin a sliver: the count says it
      untold = true;
      continue;
    }
    text(disc, cx, sy + r * 0.36, "symbol", players[p]?.symbol ?? "?",
      { "font-size": Math.max(geo.compact || whole ? f : 9, size) });
  }
  if (geo.compact && n > 1) {
    text(g, cx, cy + spacing * (n - 1) + r + f * 0.75, "count", `×${n}`);
  } else if (untold) { // the usual road: beside the top man, the pile's count
    text(g, cx + r + 3, cy + f * 0.35, "count beside", `×${n}`, { "font-size": Math.max(f, 14) });
  }
}

/** A round button beside the pile: the Scorpion's capture against the heading. */
function drawBackStep(look, back, row, x, y) {
  const g = look.keep(`back:${row}`, "g", { class: "back-step legal" });
  svg("circle", { cx: x, cy: y, r: 20, class: "back-disc" }, g);
  text(g, x, y + 7, "back-glyph", "↶");
  look.clicks.offer(g, back.step, look.t("bul.step.back", { value: back.value, row }));
}
