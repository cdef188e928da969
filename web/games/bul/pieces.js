// The men, drawn on the road: in each cell the piles side by side — the men waiting in a
// base, the units (discs top first, an arrow for the way each travels next: the engine's
// `unit_facts`), the unit on its way in a frame (`moving`) — each pile offering its step or
// refusing a click with the engine's reason; a flash on the row a frame shows.
import { svg, text } from "../../kit/index.js";
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

/** Draw the men of `obs` in `layer`. `offer`: the offered steps by what they are
 * (gestures.offers); `clicks`: gestures.clicks; `flash`: {row, kind} or null. */
export function drawPieces(layer, geo, obs, { offer, clicks, flash, players, t }) {
  layer.replaceChildren();
  const piles = pilesByRow(obs);
  const look = { layer, geo, offer, clicks, players, t };
  for (let row = 1; row <= obs.length; row++) {
    const cell = geo.rows[row];
    if (flash && flash.row === row) {
      svg("rect", { x: cell.x + 4, y: cell.y + 4, width: cell.w - 8, height: cell.h - 8, rx: 12,
        class: `flash ${flash.kind}` }, layer);
    }
    if (piles[row]) drawPiles(look, cell, row, piles[row]);
  }
}

/** The piles of a cell side by side; each pile's slot (the whole cell height) is what is
 * tapped, so a lone pile is as large a target as its cell. */
function drawPiles(look, cell, row, list) {
  const { geo } = look;
  const slot = (cell.w - 8) / list.length;
  const rMax = geo.narrow ? 13 : 17;
  list.forEach((pile, i) => {
    const r = Math.max(7, Math.min(rMax, slot / 2 - 6));
    const x0 = cell.x + 4 + slot * i;
    const top = cell.y + (geo.narrow ? 30 : 36);
    const bottom = cell.y + cell.h - (pile.kind === "base" ? 30 : 10);
    drawPile(look, pile, row, { x0, slot, cell, cx: x0 + slot / 2, cy: top + r, r,
      room: bottom - top - 2 * r });
  });
}

function drawPile(look, pile, row, place) {
  const { layer, geo, offer, clicks, players, t } = look;
  const { x0, slot, cell, cx, cy, r, room } = place;
  const n = pile.pieces.length;
  const spacing = n > 1 ? Math.min(2 * r + 3, room / (n - 1)) : 0;
  const g = svg("g", { class: `pile ${pile.kind}` }, layer);
  svg("rect", { x: x0 + 1, y: cell.y + 6, width: slot - 2, height: cell.h - 12, rx: 10,
    class: "hit" }, g);
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
    } else {
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
    text(g, cx, cell.y + (geo.narrow ? 20 : 24), `heading p${controller}`, arrow);
    const key = `${row}@${controller}`;
    const move = pile.kind === "unit" ? offer.units.get(key) : null;
    const pieces = piecesText(players, pile.pieces);
    if (move) {
      g.classList.add("legal");
      clicks.offer(g, move.step, t("bul.step.move", { value: move.value, row, pieces }));
    } else if (pile.kind === "unit") {
      clicks.refuse(g, t("bul.unit", { row, pieces, heading: t(`bul.heading.${pile.heading}`) }),
        `unit:${key}`);
    }
    const back = pile.kind === "unit" ? offer.back.get(key) : null;
    if (back) drawBackStep(look, back, row, cx + r + 4, cell.y + cell.h - 26);
  }
  // the discs, bottom first so the top piece is drawn over the others
  for (let i = n - 1; i >= 0; i--) {
    const y = cy + spacing * i;
    const p = pile.pieces[i];
    const disc = svg("g", { class: `piece p${p}${i === 0 ? " top" : ""}`, "aria-hidden": "true" }, g);
    svg("circle", { cx, cy: y, r, class: "disc" }, disc);
    const overlap = spacing < 2 * r && i < n - 1;
    const sy = y - (overlap ? r - spacing / 2 : 0); // the symbol in the part that shows
    text(disc, cx, sy + r * 0.36, "symbol", players[p]?.symbol ?? "?",
      { "font-size": Math.max(9, Math.min(r * 1.1, overlap ? spacing * 1.05 : r * 1.1)) });
  }
}

/** A round button beside the pile: the Scorpion's capture against the heading. */
function drawBackStep(look, back, row, x, y) {
  const g = svg("g", { class: "back-step legal" }, look.layer);
  svg("circle", { cx: x, cy: y, r: 20, class: "back-disc" }, g);
  text(g, x, y + 7, "back-glyph", "↶");
  look.clicks.offer(g, back.step, look.t("bul.step.back", { value: back.value, row }));
}
