// The Bul family's view: a road of cells between two bases, units drawn as stacks of discs,
// and four beans thrown for a move. It draws an observation, offers exactly the engine's
// steps (what each one is comes in `step_facts`: a value to use first, a unit, the base, a
// pass), keeps the last move marked and animates a move by drawing the engine's frames.
// Every rule fact (throws per turn, the odds, the end reason) is the engine's word.
//
// The road is drawn as a road: a band with a cell for each row. It runs in one line (row 1,
// side A's base, on the left) or winds in lines from the bottom up — whichever shape gives
// the largest cells in the room the board has — so the beans, the base and the men fit in
// one view on a phone too. Rows carry their numbers, as in the notation.
import {
  svg, roomOf, text, makeStep, markLast, pause, button, arrowKeys, focusKeeper, setting,
  keepSetting, coarsePointer,
} from "../../kit/index.js";

const WINDING_COLS = [3, 4, 5, 6, 7]; // cells per line the winding road may have
const FRAME_MS = { lift: 150, "pass-row": 170, land: 250, capture: 800, burn: 900, home: 700,
  dissolve: 700, "free-captives": 800, pass: 900 };
const BANNER = { capture: "capture", burn: "burn", home: "home", dissolve: "dissolve",
  "free-captives": "free-captives", pass: "pass" }; // frame kind -> the event it shows

const sideOf = (obs, p) => obs.seat_facts?.[p]?.side ?? p % 2;
// the notation numbers the rows from side A's base (row 1) to side B's (the last row)
const baseRow = (obs, side) => (side === 0 ? 1 : obs.length);

function sideName(t, side, teams) {
  return teams ? t("bul.team", { side: t(`bul.side.${side}`) }) : t(`bul.side.${side}`);
}

/** The marked-faces patterns of four beans with `marks` marked faces up (for drawing). */
function patterns(marks) {
  const found = [];
  for (let i = 0; i < 16; i++) {
    const beans = [0, 1, 2, 3].map((b) => Boolean(i & (1 << b)));
    if (beans.filter(Boolean).length === marks) found.push(beans);
  }
  return found;
}

const marksOf = (obs, value) => (obs.throw_odds || []).find((o) => o.value === value)?.marks ?? 0;

// --- drawing helpers -----------------------------------------------------------------------
function drawBean(parent, x, y, marked, scale = 1, angle = 0) {
  const g = svg("g", { class: `bean${marked ? " marked" : ""}`,
    transform: `translate(${x} ${y}) rotate(${angle}) scale(${scale})` }, parent);
  svg("ellipse", { rx: 15, ry: 10, class: "bean-body" }, g);
  if (marked) {
    // the marked face: a burnt cross, so it is not told by colour alone
    svg("path", { d: "M -7 -5 L 7 5 M -7 5 L 7 -5", class: "bean-mark" }, g);
  } else {
    svg("path", { d: "M -8 -2 Q 0 -6 8 -2", class: "bean-hilum" }, g);
  }
  return g;
}

function drawFlame(parent, x, y, size) {
  const s = size / 24;
  const g = svg("g", { class: "flame", transform: `translate(${x} ${y}) scale(${s})`,
    "aria-hidden": "true" }, parent);
  svg("path", { d: "M0 -12 C 6 -4 10 0 8 6 C 6 11 -6 11 -8 6 C -10 0 -4 -2 0 -12 Z",
    class: "flame-outer" }, g);
  svg("path", { d: "M0 -3 C 3 1 5 3 4 6 C 3 9 -3 9 -4 6 C -5 3 -2 1 0 -3 Z",
    class: "flame-inner" }, g);
  return g;
}

// --- geometry ------------------------------------------------------------------------------
/** Where each row is drawn: {rows: {row: {x, y, w, h, dir}}, panel, width, height, narrow,
 * cell}; `dir` is the way to the next row on screen (+1 right, -1 left); `cols` cells a line
 * (all of them: one straight line). */
function geometry(length, cols, teams) {
  const rows = {};
  if (cols >= length) {
    const width = 1200;
    const top = 150;
    const height = 280;
    const baseWeight = teams ? 2.4 : 1.6;
    const unit = (width - 20) / (length - 2 + 2 * baseWeight);
    let x = 10;
    for (let row = 1; row <= length; row++) {
      const w = (row === 1 || row === length ? baseWeight : 1) * unit;
      rows[row] = { x, y: top, w, h: height, dir: 1 };
      x += w;
    }
    return { rows, panel: { x: 10, y: 8, w: width - 20, h: 128 }, width,
      height: top + height + 14, narrow: false, cell: Math.min(unit, height), cols };
  }
  const cellW = 97;
  const cellH = 124;
  const width = Math.max(400, 12 + cols * cellW);
  const left = (width - cols * cellW) / 2;
  const lines = Math.ceil(length / cols);
  const top = 142;
  for (let row = 1; row <= length; row++) {
    const line = Math.floor((row - 1) / cols);
    const at = (row - 1) % cols;
    const dir = line % 2 === 0 ? 1 : -1;
    const col = dir === 1 ? at : cols - 1 - at;
    rows[row] = { x: left + col * cellW, y: top + (lines - 1 - line) * cellH, w: cellW, h: cellH,
      dir };
  }
  return { rows, panel: { x: 6, y: 4, w: width - 12, h: 128 }, width,
    height: top + lines * cellH + 6, narrow: true, cell: cellW, cols };
}

/** The road's shape with the largest cells on screen in a `w`×`h` box. */
function bestGeometry(length, teams, w, h) {
  let best = null;
  let bestSize = -1;
  for (const cols of [...WINDING_COLS.filter((c) => c < length), length]) {
    const geo = geometry(length, cols, teams);
    const scale = h > 0 ? Math.min(w / geo.width, h / geo.height) : w / geo.width;
    if (geo.cell * scale > bestSize + 1) [best, bestSize] = [geo, geo.cell * scale];
  }
  return best;
}

// --- the board -----------------------------------------------------------------------------
function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  const root = svg("svg", { class: "bul-board", role: "group",
    "aria-roledescription": t("bul.board.role") }, container);
  const title = svg("title", {}, root);
  const road = svg("g", { class: "road" }, root);
  const lastLayer = svg("g", { class: "last" }, root);
  const layer = svg("g", { class: "pieces" }, root);
  const panel = svg("g", { class: "beans-panel" }, root);
  arrowKeys(root);
  const focus = focusKeeper(root);

  const controls = buildControls(ctx);
  const shown = { obs: null, view: null, flash: null, banner: "" };
  const memory = { turn: { player: 0, values: [] }, last: null, seed: 0 };
  let geo = null;
  let geoKey = "";
  let animating = false;
  let alive = true;
  // the road changes shape when the room for the board does
  const room = roomOf(container, ([width, height]) => {
    if (!shown.view || animating || !geo) return;
    const obs = shown.obs;
    const shape = bestGeometry(obs.length, obs.players > 2, width || 1200, height);
    if (shape.cols !== geo.cols) draw(shown.view);
  });

  const obsOf = (view) => view.observation || view;

  function ensureGeometry(obs) {
    const teams = obs.players > 2;
    const [width, height] = room.size();
    const shape = bestGeometry(obs.length, teams, width || 1200, height);
    const narrow = shape.narrow;
    const key = `${obs.length}/${shape.cols}/${teams}/${(obs.fire || []).join(",")}/` +
      t("bul.base.label", { side: "" });
    if (key === geoKey) return;
    geoKey = key;
    geo = shape;
    root.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
    root.classList.toggle("narrow", narrow);
    drawRoad(obs);
  }

  /** The road: a band through every cell, the cells on it, their numbers, fire, bases. */
  function drawRoad(obs) {
    road.replaceChildren();
    const fire = new Set(obs.fire || []);
    const centres = [];
    for (let row = 1; row <= obs.length; row++) {
      const c = geo.rows[row];
      centres.push(`${c.x + c.w / 2},${c.y + c.h / 2}`);
    }
    const band = Math.min(geo.rows[2].w, geo.rows[2].h) * 0.94;
    svg("polyline", { points: centres.join(" "), class: "road-band", "stroke-width": band }, road);
    svg("polyline", { points: centres.join(" "), class: "road-centre" }, road);
    for (let row = 1; row <= obs.length; row++) {
      const c = geo.rows[row];
      const base = row === 1 || row === obs.length;
      const side = row === 1 ? 0 : 1;
      const cls = base ? `cell base base-${side}` : `cell${fire.has(row) ? " fire" : ""}`;
      svg("rect", { x: c.x + 9, y: c.y + 9, width: c.w - 18, height: c.h - 18, rx: 10, class: cls,
        "data-cell": row }, road);
      if (fire.has(row)) drawFlame(road, c.x + c.w - 18, c.y + 20, 26);
      text(road, c.x + 16, c.y + 18, `row-label${fire.has(row) ? " fire" : ""}`, row);
      if (base) {
        text(road, c.x + c.w / 2, c.y + c.h - 14, `base-label side-${side}`,
          t("bul.base.label", { side: t(`bul.side.${side}`) }));
      }
    }
  }

  // --- turn memory: which beans fell for each value thrown this turn (and last turn) ----
  function reconcile(obs) {
    const perTurn = obs.throws_per_turn ?? 1;
    const thrown = obs.terminal ? 0 : perTurn - obs.throws_pending;
    const turn = memory.turn;
    if (thrown === 0) {
      if (turn.values.length) memory.last = turn;
      memory.turn = { player: obs.to_move, values: [] };
      return;
    }
    const fits = turn.player === obs.to_move && turn.values.length === thrown;
    if (!fits) {
      memory.turn = { player: obs.to_move,
        values: obs.throws.map((value) => entryFor(obs, value)) };
    }
  }

  function entryFor(obs, value) {
    const fitting = patterns(marksOf(obs, value));
    return { value, pattern: fitting[(memory.seed++ * 5 + 3) % fitting.length] };
  }

  function rememberThrow(obs, event) {
    const entry = entryFor(obs, event.value);
    if (event.index === 0) {
      if (memory.turn.values.length) memory.last = memory.turn;
      memory.turn = { player: event.player, values: [entry] };
    } else {
      memory.turn.values.push(entry);
    }
    return entry;
  }

  // --- draw ------------------------------------------------------------------------------
  function draw(view) {
    const obs = obsOf(view);
    const hadFocus = focus.hadFocus();
    shown.view = view;
    shown.obs = obs;
    shown.flash = null;
    shown.banner = "";
    ensureGeometry(obs);
    if (!animating) reconcile(obs);
    title.textContent = t("bul.board.title", { variant: t(`option.bul.variant.${obs.variant}`) });
    render(animating ? [] : view.steps || [], view.step_facts || {});
    drawLast(animating ? [] : view.events);
    controls.update(view, obs, animating);
    if (hadFocus) focus.focus();
  }

  const playerName = (p) => ctx.players()[p]?.name ?? "";
  const piecesText = (pieces) => {
    const all = ctx.players();
    return pieces.map((p) => `${all[p]?.symbol ?? ""} ${all[p]?.name ?? ""}`).join(", ");
  };

  /** What the engine offers, by what it is: {units: row@controller → step, back, enter,
   * chips: value → step, pass}. */
  function offers(steps, facts) {
    const offer = { units: new Map(), back: new Map(), enter: null, chips: new Map(), pass: null };
    for (const [step] of steps) {
      const fact = facts[step];
      if (!fact) continue;
      if (fact.kind === "pass") offer.pass = step;
      else if (fact.kind === "value") offer.chips.set(fact.value, step);
      else if (fact.kind === "enter") offer.enter = { step, ...fact };
      else if (fact.kind === "unit") {
        (fact.backward ? offer.back : offer.units).set(`${fact.row}@${fact.controller}`,
          { step, ...fact });
      }
    }
    return offer;
  }

  /** Rebuild the pieces layer and the beans panel from `shown`, offering `steps`. */
  function render(steps, facts = {}) {
    const obs = shown.obs;
    layer.replaceChildren();
    const offer = offers(steps, facts);
    // the piles on each row: bases first (men waiting), then units in order of arrival
    const piles = {};
    const add = (row, pile) => (piles[row] ||= []).push(pile);
    for (let p = 0; p < obs.players; p++) {
      add(baseRow(obs, sideOf(obs, p)), { kind: "base", player: p, pieces: Array(obs.base[p]).fill(p) });
    }
    for (const unit of obs.units) add(unit.row, { kind: "unit", ...unit });
    if (obs.moving) add(obs.moving.row, { kind: "moving", ...obs.moving });
    for (let row = 1; row <= obs.length; row++) {
      const cell = geo.rows[row];
      if (shown.flash && shown.flash.row === row) {
        svg("rect", { x: cell.x + 4, y: cell.y + 4, width: cell.w - 8, height: cell.h - 8, rx: 12,
          class: `flash ${shown.flash.kind}` }, layer);
      }
      if (piles[row]) drawPiles(cell, row, piles[row], offer, obs);
    }
    drawPanel(obs, shown.view, offer);
  }

  /** The piles of a cell side by side; each pile's slot (the whole cell height) is what is
   * tapped, so a lone pile is as large a target as its cell. */
  function drawPiles(cell, row, list, offer, obs) {
    const slot = (cell.w - 8) / list.length;
    const rMax = geo.narrow ? 13 : 17;
    list.forEach((pile, i) => {
      const r = Math.max(7, Math.min(rMax, slot / 2 - 6));
      const x0 = cell.x + 4 + slot * i;
      const top = cell.y + (geo.narrow ? 30 : 36);
      const bottom = cell.y + cell.h - (pile.kind === "base" ? 30 : 10);
      drawPile(pile, row, { x0, slot, cell, cx: x0 + slot / 2, cy: top + r, r,
        room: bottom - top - 2 * r }, offer, obs);
    });
  }

  /** One pile: a unit (pieces top first, heading arrow), the men in a base, or a unit on its
   * way (`moving`). */
  function drawPile(pile, row, place, offer, obs) {
    const { x0, slot, cell, cx, cy, r, room } = place;
    const n = pile.pieces.length;
    const spacing = n > 1 ? Math.min(2 * r + 3, room / (n - 1)) : 0;
    const g = svg("g", { class: `pile ${pile.kind}` }, layer);
    const hit = { x: x0 + 1, y: cell.y + 6, width: slot - 2, height: cell.h - 12, rx: 10,
      class: "hit" };
    const all = ctx.players();
    if (pile.kind === "base") {
      g.dataset.base = pile.player;
      g.dataset.count = n;
      g.classList.add(`p${pile.player}`);
      const name = all[pile.player]?.name ?? "";
      svg("rect", hit, g);
      if (n === 0) text(g, cx, cy + 5, "empty", "0");
      const enter = offer.enter && offer.enter.player === pile.player ? offer.enter : null;
      if (enter) {
        g.classList.add("legal");
        makeStep(g, enter.step, t("bul.step.enter", { name, value: enter.value, n }), ctx.onStep);
      } else {
        forbid(g, t("bul.base.men", { name, n }), "enter", obs, pile.player);
      }
    } else {
      const controller = pile.pieces[0];
      g.dataset.row = row;
      g.dataset.pieces = pile.pieces.join(",");
      g.dataset.heading = pile.heading;
      g.dataset.controller = controller;
      g.classList.add(`p${controller}`);
      svg("rect", hit, g);
      const up = (sideOf(obs, controller) === 0) === (pile.heading === "out"); // to higher rows
      const arrow = (up ? cell.dir : -cell.dir) > 0 ? "→" : "←";
      text(g, cx, cell.y + (geo.narrow ? 20 : 24), `heading p${controller}`, arrow);
      const key = `${row}@${controller}`;
      const move = pile.kind === "unit" ? offer.units.get(key) : null;
      if (move) {
        g.classList.add("legal");
        makeStep(g, move.step, t("bul.step.move", { value: move.value, row,
          pieces: piecesText(pile.pieces) }), ctx.onStep);
      } else if (pile.kind === "unit") {
        forbid(g, t("bul.unit", { row, pieces: piecesText(pile.pieces),
          heading: t(`bul.heading.${pile.heading}`) }), String(row), obs, controller);
      }
      const back = pile.kind === "unit" ? offer.back.get(key) : null;
      if (back) drawBackStep(back, row, cx + r + 4, cell.y + cell.h - 26);
    }
    // the discs, bottom first so the top piece is drawn over the others
    for (let i = n - 1; i >= 0; i--) {
      const y = cy + spacing * i;
      const p = pile.pieces[i];
      const disc = svg("g", { class: `piece p${p}${i === 0 ? " top" : ""}`, "aria-hidden": "true" }, g);
      svg("circle", { cx, cy: y, r, class: "disc" }, disc);
      const overlap = spacing < 2 * r && i < n - 1;
      const sy = y - (overlap ? r - spacing / 2 : 0); // the symbol in the part that shows
      text(disc, cx, sy + r * 0.36, "symbol", all[p]?.symbol ?? "?",
        { "font-size": Math.max(9, Math.min(r * 1.1, overlap ? spacing * 1.05 : r * 1.1)) });
    }
  }

  /** A pile or base that may not be played now: a person's click asks why (not a computer's
   * turn, nor someone else's men). `step` is what that click would mean. */
  function forbid(g, label, step, obs, player) {
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", label);
    const view = shown.view;
    if (!view?.seats || view.terminal || animating) return;
    if (view.seats[obs.to_move] !== "human" || player !== obs.to_move) return;
    const whole = (obs.throws_per_turn ?? 1) > 1 && obs.throws.length ? `${obs.throws[0]}:${step}`
      : step;
    g.dataset.forbidden = whole;
    g.addEventListener("click", () => ctx.tryStep?.(whole));
  }

  function drawBackStep(back, row, x, y) {
    // a round button beside the pile: the Scorpion's capture against the heading
    const g = svg("g", { class: "back-step legal" }, layer);
    svg("circle", { cx: x, cy: y, r: 20, class: "back-disc" }, g);
    text(g, x, y + 7, "back-glyph", "↶");
    makeStep(g, back.step, t("bul.step.back", { value: back.value, row }), ctx.onStep);
  }

  /** The last move, until the next: where the pile left (solid ring), the rows it crossed
   * (dots), where it landed (double ring) and captures (✕). A throw alone marks nothing. */
  function drawLast(events) {
    lastLayer.replaceChildren();
    const mark = (row, kind) => {
      const c = geo.rows[row];
      if (!c) return;
      markLast(svg("rect", { x: c.x + 8, y: c.y + 8, width: c.w - 16, height: c.h - 16, rx: 10,
        class: `last-cell ${kind}` }, lastLayer), kind);
      const glyphs = { origin: "◦", to: "◉", capture: "✕", burn: "✕" };
      if (glyphs[kind]) text(lastLayer, c.x + c.w - 16, c.y + c.h - 14, `last-glyph ${kind}`, glyphs[kind]);
    };
    for (const event of events || []) {
      if (event.type === "move" || event.type === "enter") {
        for (const row of event.path.slice(0, -1)) mark(row, "path");
        mark(event.from, "origin");
        mark(event.to, "to");
      } else if (event.type === "capture") mark(event.row, "capture");
      else if (event.type === "burn") mark(event.row, "burn");
    }
  }

  // --- the beans panel --------------------------------------------------------------------
  function drawPanel(obs, view, offer) {
    panel.replaceChildren();
    const p = geo.panel;
    svg("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 10, class: "panel-bg" }, panel);
    const perTurn = obs.throws_per_turn ?? 1;
    const turn = memory.turn;
    const waiting = waitsForThrow(view) && !animating && !view.replay;
    const k = geo.narrow ? 0.98 : 1.45; // bean size
    const groupW = 192 * k;
    const showLast = obs.terminal || (turn.values.length === 0 && memory.last);
    const left = [...obs.throws];
    const chipDone = new Set();
    // a value chosen first (Verbeeck rule sets): the steps offered now all use it
    const chosenValue = view.partial ? Object.values(view.step_facts || {})
      .find((f) => f.value !== undefined)?.value : undefined;
    const x0 = p.x + (geo.narrow ? 6 : 14);
    const y0 = p.y + (geo.narrow ? 28 : 24);
    let caption;
    if (obs.terminal) caption = t("bul.panel.over");
    else if (turn.values.length === 0 && showLast) {
      caption = t("bul.panel.last", { name: playerName(memory.last.player),
        values: memory.last.values.map((v) => v.value).join(" · ") });
    } else caption = t("bul.panel.turn", { name: playerName(turn.player) });
    text(panel, x0, p.y + 19, "panel-caption", shown.banner || caption,
      shown.banner ? { class: "panel-caption banner" } : {});
    const source = showLast && turn.values.length === 0 && memory.last ? memory.last.values : null;
    for (let i = 0; i < perTurn; i++) {
      const entry = source ? source[i] || null : turn.values[i] || null;
      const gx = x0 + i * groupW;
      const g = svg("g", { class: "throw" }, panel);
      // the whole group is the target, gaps between beans included
      svg("rect", { x: gx, y: y0 - 4 * k, width: 186 * k, height: 92 * k, rx: 8, class: "hit" }, g);
      if (!entry) {
        for (let b = 0; b < 4; b++) drawBean(g, gx + k * (18 + b * 31), y0 + 30 * k, false, k, -20 + b * 13);
        g.classList.add("unthrown");
        text(g, gx + 160 * k, y0 + 42 * k, "value unknown", "?", { "font-size": 30 * k });
        if (waiting && i === turn.values.length) {
          g.classList.add("throw-here");
          makeStep(g, "", t("bul.throw.tap"), () => ctx.throwBeans());
          delete g.dataset.step; // not a move step: the throw is the engine's chance
          g.dataset.action = "throw-beans";
        }
        continue;
      }
      const value = entry.value;
      let used = Boolean(source);
      if (!source) {
        const at = left.indexOf(value);
        if (at >= 0) left.splice(at, 1);
        else used = true;
      }
      entry.pattern.forEach((marked, b) => drawBean(g, gx + k * (18 + b * 31), y0 + 30 * k,
        marked, k, [-12, 8, -4, 14][b]));
      svg("rect", { x: gx + 140 * k, y: y0 + 10 * k, width: 40 * k, height: 44 * k, rx: 8,
        class: "value-box" }, g);
      text(g, gx + 160 * k, y0 + 42 * k, "value", value, { "font-size": 30 * k });
      text(g, gx + 80 * k, y0 + 68 * k, "marks", t("bul.marks", { k: marksOf(obs, value) }),
        { "font-size": 14 * k });
      g.dataset.value = value;
      if (used) g.classList.add("used");
      const chip = !used && !chipDone.has(value) ? offer.chips.get(value) : null;
      const chosen = !used && !chipDone.has(value) && chosenValue === value;
      if (!used) chipDone.add(value);
      if (chosen) g.classList.add("chosen");
      if (chip) {
        g.classList.add("legal", "chip");
        makeStep(g, chip, t("bul.step.value", { value }), ctx.onStep);
      } else {
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", t(used ? "bul.throw.used" : "bul.throw.value",
          { value, k: marksOf(obs, value) }));
      }
    }
    if (offer.pass) {
      const [bx, by] = [p.x + p.w - 156, p.y + p.h - 52];
      const g = svg("g", { class: "pass-button legal" }, panel);
      svg("rect", { x: bx, y: by, width: 150, height: 46, rx: 8 }, g);
      text(g, bx + 75, by + 30, "pass-text", t("bul.pass.button"));
      makeStep(g, offer.pass, t("bul.pass.label"), ctx.onStep);
    }
  }

  // --- a move, drawn frame by frame ------------------------------------------------------
  async function animate(view) {
    const speed = ctx.speed();
    const events = [...(view.events || [])];
    const frames = view.frames || [];
    animating = true;
    controls.update(view, obsOf(view), true);
    try {
      for (const frame of frames) {
        if (!alive) return;
        shown.obs = frame.observation;
        shown.flash = null;
        shown.banner = "";
        if (frame.kind === "throw") {
          const event = events.find((e) => e.type === "throw");
          const entry = event ? rememberThrow(frame.observation, event) : null;
          if (entry && speed) await tumble(entry, speed);
          continue;
        }
        const shows = BANNER[frame.kind];
        const event = shows ? events.find((e) => e.type === shows) : null;
        if (event) {
          events.splice(events.indexOf(event), 1);
          shown.banner = banner(event);
        }
        if (frame.at && ["land", "capture", "burn", "home", "dissolve"].includes(frame.kind)) {
          shown.flash = { row: frame.at, kind: frame.kind === "dissolve" ? "home" : frame.kind };
        }
        render([]);
        await pause(speed * (FRAME_MS[frame.kind] ?? 200));
      }
    } finally {
      animating = false;
    }
  }

  function banner(event) {
    const name = playerName(event.player);
    switch (event.type) {
      case "capture": return t("bul.banner.capture", { n: event.captured.length });
      case "burn": return t("bul.banner.burn", { n: event.pieces.length });
      case "home": case "dissolve": return t(`bul.banner.${event.type}`, { name });
      case "free-captives": return t("bul.banner.free_captives", { n: event.pieces.length });
      case "pass": return t("bul.banner.pass", { name });
      default: return "";
    }
  }

  async function tumble(entry, speed) {
    const real = entry.pattern;
    for (let i = 0; i < 4; i++) {
      entry.pattern = [0, 1, 2, 3].map((b) => ((memory.seed * 7 + i * 5) >> b) % 2 === 1);
      render([]);
      await pause(speed * 90);
    }
    entry.pattern = real;
    render([]);
    await pause(speed * 350);
  }

  // the space bar throws when a person is to throw and no control has the focus
  function onKey(event) {
    if (event.key !== " " || !root.isConnected || root.closest("[hidden]")) return;
    const at = document.activeElement;
    if (at && at.closest("button, input, select, textarea, a, [role=button], dialog")) return;
    if (!controls.canThrow()) return;
    event.preventDefault();
    ctx.throwBeans();
  }
  document.addEventListener("keydown", onKey);

  function destroy() {
    alive = false;
    room.stop();
    document.removeEventListener("keydown", onKey);
    controls.remove();
    root.remove();
  }

  return { draw, animate, focusAfterMove: focus.focus, destroy };
}

// --- the view's own controls: throw, real beans, bean odds, the rule set ---------------------
function buildControls(ctx) {
  const t = ctx.t;
  const box = document.createElement("div");
  box.className = "bul-controls";
  const row = document.createElement("div");
  row.className = "bul-actions";
  // A throw sent: no throw can be entered until the engine offers the next one (a second
  // quick click would otherwise land while the first is answered, and be dropped).
  let realButtons = [];
  const sending = (send) => () => {
    throwButton.disabled = true;
    for (const b of realButtons) b.disabled = true;
    send();
  };
  const throwButton = button("", sending(() => ctx.throwBeans()), "primary");
  throwButton.dataset.action = "throw";
  const real = document.createElement("div");
  real.className = "bul-real";
  real.setAttribute("role", "group");
  const realText = document.createElement("span");
  real.append(realText);
  const hint = document.createElement("p");
  hint.className = "bul-hint";
  row.append(throwButton, real, hint);

  const options = document.createElement("div");
  options.className = "bul-options";
  const check = document.createElement("label");
  check.className = "check";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.dataset.action = "real-beans";
  input.checked = setting("bul", "real", "0") === "1";
  const checkText = document.createElement("span");
  check.append(input, checkText);
  const oddsButton = button("", () => {
    odds.hidden = !odds.hidden;
    oddsButton.setAttribute("aria-expanded", String(!odds.hidden));
  }, "secondary");
  oddsButton.dataset.action = "odds";
  oddsButton.setAttribute("aria-expanded", "false");
  oddsButton.setAttribute("aria-controls", "bul-odds");
  options.append(check, oddsButton);
  const odds = document.createElement("div");
  odds.className = "bul-odds";
  odds.id = "bul-odds";
  odds.hidden = true;
  const status = document.createElement("ul");
  status.className = "bul-status";
  const about = document.createElement("p");
  about.className = "bul-about";
  box.append(row, status, options, odds, about);
  ctx.controls.append(box);

  let last = null;
  let oddsDrawn = ""; // what the odds' box shows: the odds and the language it was drawn in
  let canThrow = false;
  input.addEventListener("change", () => {
    keepSetting("bul", "real", input.checked ? "1" : "0");
    if (last) update(...last);
  });

  /** Fill the controls in the language of the moment (the page may switch it any time). */
  function update(view, obs, busy) {
    last = [view, obs, busy];
    const waiting = !busy && waitsForThrow(view);
    const realOn = input.checked;
    canThrow = waiting && !realOn;
    throwButton.textContent = t("bul.throw.button");
    throwButton.hidden = realOn;
    throwButton.disabled = !waiting;
    real.hidden = !realOn;
    real.setAttribute("aria-label", t("bul.real.group"));
    realText.textContent = t("bul.real.ask");
    for (const b of realButtons) b.remove();
    // the outcomes the engine offers at this throw (their marks: the odds' faces)
    const outcomes = (obs.throw_odds || []).slice().sort((a, b) => a.marks - b.marks);
    realButtons = outcomes.map(({ value, marks }) => {
      const b = button(`${marks}`, sending(() => ctx.play(String(value))),
        "secondary bean-count");
      b.dataset.action = `beans-${marks}`;
      b.setAttribute("aria-label", t("bul.real.count", { k: marks, value }));
      b.title = t("bul.real.count", { k: marks, value });
      b.disabled = !waiting;
      real.append(b);
      return b;
    });
    hint.textContent = hintText(view, obs, waiting);
    checkText.textContent = ` ${t("bul.real.option")}`;
    oddsButton.textContent = t("bul.odds.button");
    // drawn again only when the odds or the language change: not on every step (~50 beans)
    const oddsKey = JSON.stringify([obs.throw_odds, t("bul.odds.intro")]);
    if (oddsKey !== oddsDrawn) fillOdds(odds, obs, t);
    oddsDrawn = oddsKey;
    // who has what: base, in play, dead (and retired captors in Aj T'iwil)
    status.replaceChildren();
    const all = ctx.players();
    for (let p = 0; p < obs.players; p++) {
      const item = document.createElement("li");
      item.className = `p${p}`;
      const onRoad = obs.units.reduce((n, u) => n + u.pieces.filter((x) => x === p).length, 0);
      const parts = [t("bul.status.base", { n: obs.base[p] }), t("bul.status.road", { n: onRoad }),
        t("bul.status.dead", { n: obs.dead[p] })];
      if (obs.retired[p]) parts.push(t("bul.status.retired", { n: obs.retired[p] }));
      item.textContent = `${all[p]?.symbol ?? ""} ${all[p]?.name ?? ""}: ${parts.join(" · ")}`;
      status.append(item);
    }
    about.replaceChildren();
    const name = document.createElement("strong");
    name.textContent = `${t(`option.bul.variant.${obs.variant}`)} · ${t("bul.about.length", { n: obs.length })}. `;
    about.append(name, t(`bul.variant.${obs.variant}.about`));
  }

  function hintText(view, obs, waiting) {
    if (waiting) return t(coarsePointer() ? "bul.hint.throw.touch" : "bul.hint.throw");
    const kinds = new Set(Object.values(view.step_facts || {}).map((f) => f.kind));
    if (!(view.steps || []).length) return "";
    if (kinds.has("pass")) return t("bul.hint.pass");
    if (kinds.has("value")) return t("bul.hint.value");
    return t("bul.hint.unit");
  }

  return { update, canThrow: () => canThrow, remove: () => box.remove() };
}

/** The bean odds, from the engine: per value, in how many of the 16 falls it comes up. */
function fillOdds(box, obs, t) {
  box.replaceChildren();
  const head = document.createElement("p");
  head.textContent = t("bul.odds.intro");
  const list = document.createElement("ul");
  for (const { value, marks, ways, probability } of obs.throw_odds || []) {
    const fitting = patterns(marks);
    const item = document.createElement("li");
    item.dataset.value = value;
    const label = document.createElement("span");
    label.className = "odds-label";
    label.textContent = t("bul.odds.value", { value, k: marks, n: ways,
      percent: Math.round(probability * 1000) / 10 });
    const picture = svg("svg", { viewBox: `0 0 ${fitting.length * 92} 26`, class: "odds-beans",
      role: "img", "aria-label": t("bul.odds.patterns", { n: ways, k: marks }) });
    fitting.forEach((pattern, i) => pattern.forEach((marked, b) => {
      drawBean(picture, i * 92 + 12 + b * 21, 13, marked, 0.62);
    }));
    item.append(label, picture);
    list.append(item);
  }
  box.append(head, list);
}

// --- the page's questions ------------------------------------------------------------------
function waitsForThrow(view) {
  const obs = view.observation || view;
  return view.current_player === -1 && !view.terminal && !view.replay && Array.isArray(view.seats) &&
    view.seats[obs.to_move] === "human";
}

function narrate(entry, { t, players }) {
  const name = (p) => players[p]?.name ?? "";
  const names = (list) => list.map(name).join(", ");
  return entry.events.map((e) => {
    switch (e.type) {
      case "throw":
        // the marked faces, when the engine says them
        return e.marks === undefined ? t("bul.log.throw.value", { name: name(e.player), value: e.value })
          : t("bul.log.throw", { name: name(e.player), value: e.value, k: e.marks });
      case "enter":
        return t("bul.log.enter", { name: name(e.player), row: e.to });
      case "move": {
        const key = e.backward ? "bul.log.back" : e.bounce ? "bul.log.bounce" : "bul.log.move";
        const whose = e.controller !== e.player ? t("bul.log.helps", { name: name(e.controller) }) : "";
        return t(key, { name: name(e.player), from: e.from, to: e.to, value: e.value }) + whose;
      }
      case "capture":
        return t("bul.log.capture", { row: e.row, n: e.captured.length, names: names(e.captured) });
      case "rescue":
        return t("bul.log.rescue", { names: names(e.pieces) });
      case "burn":
        return t("bul.log.burn", { row: e.row, n: e.pieces.length, names: names(e.pieces) });
      case "retire":
        return t("bul.log.retire", { name: name(e.player), n: e.prey.length });
      case "home":
        return t("bul.log.home", { name: name(e.player) });
      case "dissolve":
        return t("bul.log.dissolve", { name: name(e.player) });
      case "discard":
        return t("bul.log.discard", { n: e.pieces.length, names: names(e.pieces) });
      case "free":
        return t("bul.log.free", { names: names(e.pieces) });
      case "free-captives":
        return t("bul.log.free_captives", { n: e.pieces.length });
      case "pass":
        return e.lost.length ? t("bul.log.pass", { name: name(e.player), values: e.lost.join(", ") })
          : t("bul.log.pass_none", { name: name(e.player) });
      case "end":
        return e.winner === null || e.winner === undefined ? t("bul.log.end_draw")
          : t("bul.log.end", { side: sideName(t, e.winner, players.length > 2) });
      default:
        return "";
    }
  }).filter(Boolean);
}

function result(view, { t, players }) {
  const obs = view.observation;
  const teams = players.length > 2;
  const [a, b] = obs.taken;
  const tally = t("bul.end.taken", { a, b, sideA: t("bul.side.0"), sideB: t("bul.side.1") });
  const why = t(`bul.end.${obs.end_reason}`, { n: obs.max_turns });
  if (obs.winner === null || obs.winner === undefined) return `${why} ${t("result.draw")} (${tally})`;
  const members = teams ? ` (${players.filter((_, p) => sideOf(obs, p) === obs.winner)
    .map((p) => p.name).join(", ")})` : "";
  return `${why} ${t("bul.end.win", { side: sideName(t, obs.winner, teams) })}${members} (${tally})`;
}

export default { id: "bul", createBoard, narrate, result, waitsForThrow };
