// The Bul family's view: a road of rows between two bases, units drawn as stacks of
// discs, and four beans thrown for a move. It draws an observation, highlights exactly the
// engine's steps (a value chip "3:", a unit "7" / "2:7" / "2:7@3", a backward capture
// "2:7b", the base "enter" / "3:enter", "pass") and animates the events of a move along
// their path. No rule is decided here.
//
// The road is horizontal on wide screens (row 1, side A's base, on the left) and vertical
// on narrow ones (row 1 at the bottom); rows are labelled with their absolute numbers, as
// in the notation.
import { svg, makeStep, arrowKeys, pause, button } from "./svg.js";

const SYMBOLS = ["●", "▲", "■", "◆"];
const VERBEECK = ["aj-sayil", "aj-tiwil", "aj-sinaanil", "aj-sakalil", "a-kaakil"];
const NARROW_PX = 600; // narrower containers get the vertical road
const STEP_RE = /^(?:([1-5]):)?(?:(enter)|(\d+)(b)?(?:@(\d))?)$/;
const STORE = "ludoteca.bul.";
// the 16 equally likely ways four beans fall: true = marked face up
const PATTERNS = Array.from({ length: 16 }, (_, i) => [0, 1, 2, 3].map((b) => Boolean(i & (1 << b))));
const marksFor = (value) => (value === 5 ? 0 : value); // marked faces up for a value
const valueFor = (marks) => (marks === 0 ? 5 : marks);

const isVerbeeck = (variant) => VERBEECK.includes(variant);
const sideOf = (player) => player % 2;

function setting(name) {
  try { return localStorage.getItem(STORE + name) === "1"; } catch { return false; }
}

function keep(name, on) {
  try { localStorage.setItem(STORE + name, on ? "1" : "0"); } catch { /* not kept: fine */ }
}

function players(options, t) {
  const teams = (options.team_size || 1) === 2;
  return Array.from({ length: teams ? 4 : 2 }, (_, p) => ({
    name: teams ? t("bul.player.team", { side: t(`bul.side.${sideOf(p)}`), n: 1 + (p >> 1) })
      : t(`bul.side.${p}`),
    symbol: SYMBOLS[p],
    cls: `p${p}`,
  }));
}

function sideName(t, side, teams) {
  return teams ? t("bul.team", { side: t(`bul.side.${side}`) }) : t(`bul.side.${side}`);
}

/** Pattern of beans (true = marked face up) for a thrown value: varies with `seed`. */
function patternFor(value, seed = 0) {
  const fitting = PATTERNS.filter((p) => p.filter(Boolean).length === marksFor(value));
  return fitting[Math.abs(seed * 5 + 3) % fitting.length];
}

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

function text(parent, x, y, cls, content, extra = {}) {
  const el = svg("text", { x, y, class: cls, "aria-hidden": "true", ...extra }, parent);
  el.textContent = content;
  return el;
}

// --- geometry ------------------------------------------------------------------------------
/** Where each row is drawn: {rows: {row: {x, y, w, h}}, panel, width, height, vertical}. */
function geometry(length, vertical, teams) {
  const rows = {};
  if (!vertical) {
    const width = 1200;
    const panel = { x: 10, y: 8, w: width - 20, h: 128 };
    const top = 150;
    const height = 300;
    const baseWeight = teams ? 2.4 : 1.6;
    const unit = (width - 20) / (length - 2 + 2 * baseWeight);
    let x = 10;
    for (let row = 1; row <= length; row++) {
      const w = (row === 1 || row === length ? baseWeight : 1) * unit;
      rows[row] = { x, y: top, w, h: height };
      x += w;
    }
    return { rows, panel, width, height: top + height + 34, vertical };
  }
  const width = 400;
  const panel = { x: 6, y: 6, w: width - 12, h: 150 };
  const left = 44;
  const rowH = 46;
  const baseH = teams ? 70 : 56;
  let y = 168;
  for (let row = length; row >= 1; row--) {
    const h = row === 1 || row === length ? baseH : rowH;
    rows[row] = { x: left, y, w: width - left - 6, h };
    y += h;
  }
  return { rows, panel, width, height: y + 8, vertical };
}

// --- the board -----------------------------------------------------------------------------
let active = null; // the board on the page (for the SPACE bar)

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  const root = svg("svg", { class: "bul-board", role: "group",
    "aria-roledescription": t("bul.board.role") }, container);
  const title = svg("title", {}, root);
  const road = svg("g", { class: "road" }, root);
  const layer = svg("g", { class: "pieces" }, root);
  const panel = svg("g", { class: "beans-panel" }, root);
  arrowKeys(root);

  const controls = buildControls(ctx);
  const shown = { obs: null, view: null, moving: null, flash: null, banner: "" };
  const memory = { turn: { player: 0, values: [] }, last: null, seed: 0 };
  let geo = null;
  let geoKey = "";
  let animating = false;

  function obsOf(view) {
    return view.observation || view;
  }

  function ensureGeometry(obs) {
    const vertical = container.clientWidth > 0 && container.clientWidth < NARROW_PX;
    const teams = obs.team_size === 2;
    const key = `${obs.length}/${vertical}/${teams}/${(obs.fire || []).join(",")}`;
    if (key === geoKey) return;
    geoKey = key;
    geo = geometry(obs.length, vertical, teams);
    root.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
    root.classList.toggle("vertical", vertical);
    drawRoad(obs);
  }

  function drawRoad(obs) {
    road.replaceChildren();
    const fire = new Set(obs.fire || []);
    for (let row = 1; row <= obs.length; row++) {
      const c = geo.rows[row];
      const base = row === 1 || row === obs.length;
      const side = row === 1 ? 0 : 1;
      const cls = base ? `cell base base-${side}` : `cell${fire.has(row) ? " fire" : ""}`;
      svg("rect", { x: c.x + 1, y: c.y + 1, width: c.w - 2, height: c.h - 2, rx: 6, class: cls,
        "data-cell": row }, road);
      if (fire.has(row)) {
        const size = geo.vertical ? 30 : Math.min(40, c.w * 0.7);
        const fx = geo.vertical ? c.x + c.w - 24 : c.x + c.w / 2;
        const fy = geo.vertical ? c.y + c.h / 2 + 2 : c.y + c.h - 26;
        drawFlame(road, fx, fy, size);
      }
      const label = geo.vertical ? [22, c.y + c.h / 2] : [c.x + c.w / 2, c.y + c.h + 22];
      text(road, label[0], label[1], `row-label${fire.has(row) ? " fire" : ""}`, row);
      if (base) {
        const [bx, by] = geo.vertical ? [c.x + c.w - 8, c.y + 13] : [c.x + c.w / 2, c.y + c.h - 8];
        text(road, bx, by, `base-label side-${side}${geo.vertical ? " end" : ""}`,
          t("bul.base.label", { side: t(`bul.side.${side}`) }));
      }
    }
  }

  // --- turn memory: what was thrown this turn (and the last turn, to keep it in sight) ----
  function reconcile(obs) {
    const perTurn = isVerbeeck(obs.variant) ? 2 : 1;
    const thrown = obs.terminal ? 0 : perTurn - obs.throws_pending;
    const turn = memory.turn;
    if (thrown === 0) {
      if (turn.values.length) memory.last = turn;
      memory.turn = { player: obs.to_move, values: [] };
      return;
    }
    const left = [...obs.throws];
    const fits = turn.player === obs.to_move && turn.values.length === thrown &&
      left.every((v) => turn.values.filter((x) => x.value === v).length >=
        left.filter((x) => x === v).length);
    if (!fits) {
      memory.turn = { player: obs.to_move,
        values: obs.throws.map((value) => ({ value, pattern: patternFor(value, memory.seed++) })) };
    }
  }

  function rememberThrow(event) {
    const entry = { value: event.value, pattern: patternFor(event.value, memory.seed++) };
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
    const hadFocus = root.contains(document.activeElement);
    const focusedStep = document.activeElement?.dataset?.step;
    shown.view = view;
    shown.obs = { ...obs, units: obs.units.map((u) => ({ ...u, pieces: [...u.pieces] })), base: [...obs.base],
      dead: [...obs.dead], retired: [...obs.retired] };
    shown.moving = null;
    shown.flash = null;
    shown.banner = "";
    ensureGeometry(obs);
    if (!animating) reconcile(obs);
    title.textContent = t("bul.board.title", { variant: t(`option.bul.variant.${obs.variant}`) });
    render(animating ? [] : view.steps || []);
    controls.update(view, obs, animating);
    if (hadFocus) {
      const again = focusedStep && root.querySelector(`[data-step="${CSS.escape(focusedStep)}"]`);
      (again || root.querySelector("[data-step]") || root).focus?.();
    }
  }

  function playerName(p) {
    return ctx.players()[p]?.name ?? "";
  }

  function piecesText(pieces) {
    const all = ctx.players();
    return pieces.map((p) => `${all[p]?.symbol ?? ""} ${all[p]?.name ?? ""}`).join(", ");
  }

  /** Rebuild the pieces layer and the beans panel from `shown`, offering `steps`. */
  function render(steps) {
    const obs = shown.obs;
    const view = shown.view;
    layer.replaceChildren();
    const offer = parseSteps(steps.map(([s]) => s), obs);
    // the piles on each row: bases first (men waiting), then units in order of arrival
    const piles = {};
    const add = (row, pile) => (piles[row] ||= []).push(pile);
    for (let p = 0; p < obs.players; p++) {
      const row = sideOf(p) === 0 ? 1 : obs.length;
      add(row, { kind: "base", player: p, pieces: Array(obs.base[p]).fill(p) });
    }
    for (const unit of obs.units) add(unit.row, { kind: "unit", ...unit });
    if (shown.moving) add(shown.moving.row, { kind: "moving", ...shown.moving });
    for (let row = 1; row <= obs.length; row++) {
      const cell = geo.rows[row];
      if (shown.flash && shown.flash.row === row) {
        svg("rect", { x: cell.x + 1, y: cell.y + 1, width: cell.w - 2, height: cell.h - 2, rx: 6,
          class: `flash ${shown.flash.kind}` }, layer);
      }
      if (piles[row]) drawPiles(cell, row, piles[row], offer, obs);
    }
    drawPanel(obs, view, offer);
  }

  function parseSteps(list, obs) {
    const offer = { units: new Map(), back: new Map(), enter: null, chips: new Map(),
      pass: null, value: null };
    for (const step of list) {
      if (step === "pass") {
        offer.pass = step;
        continue;
      }
      if (/^[1-5]:$/.test(step)) {
        offer.chips.set(Number(step[0]), step);
        continue;
      }
      const m = STEP_RE.exec(step);
      if (!m) continue;
      const value = m[1] ? Number(m[1]) : obs.throws[0];
      if (m[2]) {
        offer.enter = { step, value };
      } else {
        const controller = m[5] !== undefined ? Number(m[5]) : obs.to_move;
        const key = `${m[3]}@${controller}`;
        (m[4] ? offer.back : offer.units).set(key, { step, value });
      }
    }
    return offer;
  }

  function drawPiles(cell, row, list, offer, obs) {
    const vertical = geo.vertical;
    const count = list.length;
    if (!vertical) {
      const slot = cell.w / count;
      const r = Math.max(7, Math.min(17, slot / 2 - 4));
      list.forEach((pile, i) => {
        const cx = cell.x + slot * (i + 0.5);
        const top = cell.y + (pile.kind === "base" ? 10 : 30);
        const bottom = cell.y + cell.h - (pile.kind === "base" ? 26 : 8);
        drawPile(pile, row, { cx, cy: top + r, r, along: [0, 1], room: bottom - top - 2 * r,
          arrowAt: [cx, cell.y + 17] }, offer, obs);
      });
      return;
    }
    const r = Math.max(7, Math.min(16, cell.h / 2 - 6));
    const arrowW = 20;
    const gap = 10;
    const pieces = list.reduce((n, p) => n + Math.max(1, p.pieces.length), 0);
    const room = cell.w - 12 - list.length * (arrowW + gap);
    const spacing = Math.min(2 * r + 3, room / pieces);
    let x = cell.x + 6;
    const cy = cell.y + cell.h / 2 + (row === 1 || row === obs.length ? 5 : 0);
    for (const pile of list) {
      const n = Math.max(1, pile.pieces.length);
      drawPile(pile, row, { cx: x + arrowW + r, cy, r, along: [1, 0], room: spacing * (n - 1),
        arrowAt: [x + arrowW / 2, cy] }, offer, obs);
      x += arrowW + gap + spacing * n;
    }
  }

  /** One pile: a unit (pieces top first, heading arrow), the men in a base, or a unit on its
   * way (`moving`). `place.along` is the direction from the top piece to the bottom one. */
  function drawPile(pile, row, place, offer, obs) {
    const { cx, cy, r, along, room, arrowAt } = place;
    const n = pile.pieces.length;
    const spacing = n > 1 ? Math.min(2 * r + 3, room / (n - 1)) : 0;
    const g = svg("g", { class: `pile ${pile.kind}` }, layer);
    const all = ctx.players();
    if (pile.kind === "base") {
      g.dataset.base = pile.player;
      g.dataset.count = n;
      g.classList.add(`p${pile.player}`);
      const player = all[pile.player];
      const label = t("bul.base.men", { name: player?.name ?? "", n });
      const enter = offer.enter && pile.player === obs.to_move ? offer.enter : null;
      const box = boxOf(cx, cy, r, along, spacing, Math.max(n, 1));
      svg("rect", { ...box, rx: r, class: "pile-box" }, g);
      if (n === 0) text(g, cx, cy + 5, "empty", "0");
      if (enter) {
        g.classList.add("legal");
        makeStep(g, enter.step, t("bul.step.enter", { name: player?.name ?? "", value: enter.value, n }),
          ctx.onStep);
      } else {
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", label);
      }
    } else {
      g.dataset.row = row;
      g.dataset.pieces = pile.pieces.join(",");
      g.dataset.heading = pile.heading;
      g.dataset.controller = pile.pieces[0];
      g.classList.add(`p${pile.pieces[0]}`);
      const box = boxOf(cx, cy, r, along, spacing, n);
      svg("rect", { ...box, rx: r, class: "pile-box" }, g);
      const side = sideOf(pile.pieces[0]);
      const up = (side === 0) === (pile.heading === "out"); // toward higher rows
      const arrow = geo.vertical ? (up ? "↑" : "↓") : (up ? "→" : "←");
      text(g, arrowAt[0], arrowAt[1] + 7, `heading p${pile.pieces[0]}`, arrow);
      const key = `${row}@${pile.pieces[0]}`;
      const label = t("bul.unit", { row, pieces: piecesText(pile.pieces),
        heading: t(`bul.heading.${pile.heading}`) });
      const move = pile.kind === "unit" ? offer.units.get(key) : null;
      if (move) {
        g.classList.add("legal");
        makeStep(g, move.step, t("bul.step.move", { value: move.value, row,
          pieces: piecesText(pile.pieces) }), ctx.onStep);
      } else {
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", label);
      }
      const back = pile.kind === "unit" ? offer.back.get(key) : null;
      if (back) drawBackStep(back, row, cx, cy, r, along, spacing, n);
    }
    // the discs, bottom first so the top piece is drawn over the others
    for (let i = n - 1; i >= 0; i--) {
      const x = cx + along[0] * spacing * i;
      const y = cy + along[1] * spacing * i;
      const p = pile.pieces[i];
      const disc = svg("g", { class: `piece p${p}${i === 0 ? " top" : ""}`, "aria-hidden": "true" }, g);
      svg("circle", { cx: x, cy: y, r, class: "disc" }, disc);
      const overlap = spacing < 2 * r && i < n - 1;
      // when discs overlap, the symbol sits in the visible part
      const sx = x - (overlap ? along[0] * (r - spacing / 2) : 0);
      const sy = y - (overlap ? along[1] * (r - spacing / 2) : 0);
      text(disc, sx, sy + r * 0.36, "symbol", all[p]?.symbol ?? "?",
        { "font-size": Math.max(9, Math.min(r * 1.1, overlap ? spacing * 1.05 : r * 1.1)) });
    }
  }

  function boxOf(cx, cy, r, along, spacing, n) {
    const length = spacing * (n - 1);
    const pad = 4;
    return along[0]
      ? { x: cx - r - pad, y: cy - r - pad, width: length + 2 * (r + pad), height: 2 * (r + pad) }
      : { x: cx - r - pad, y: cy - r - pad, width: 2 * (r + pad), height: length + 2 * (r + pad) };
  }

  function drawBackStep(back, row, cx, cy, r, along, spacing, n) {
    // a small round button beside the pile: the Scorpion's capture against the heading
    const end = spacing * (n - 1);
    const [x, y] = along[0] ? [cx + end + r + 18, cy] : [cx, cy + end + r + 16];
    const g = svg("g", { class: "back-step legal" }, layer);
    svg("circle", { cx: x, cy: y, r: 13, class: "back-disc" }, g);
    text(g, x, y + 6, "back-glyph", "↶");
    makeStep(g, back.step, t("bul.step.back", { value: back.value, row }), ctx.onStep);
  }

  // --- the beans panel --------------------------------------------------------------------
  function drawPanel(obs, view, offer) {
    panel.replaceChildren();
    const p = geo.panel;
    svg("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 10, class: "panel-bg" }, panel);
    const perTurn = isVerbeeck(obs.variant) ? 2 : 1;
    const turn = memory.turn;
    const mover = playerName(turn.player);
    const waiting = waitsForThrow(view) && !animating && !view.replay;
    const k = geo.vertical ? 1 : 1.45; // bean size
    const groupW = 190 * k;
    const slots = [];
    for (let i = 0; i < perTurn; i++) slots.push(turn.values[i] || null);
    const showLast = obs.terminal || (turn.values.length === 0 && memory.last);
    const left = [...obs.throws];
    const chipDone = new Set();
    const x0 = geo.vertical ? p.x + 6 : p.x + 14;
    const y0 = p.y + (geo.vertical ? 30 : 24);
    // heading line: whose beans these are
    let caption;
    if (obs.terminal) caption = t("bul.panel.over");
    else if (turn.values.length === 0 && showLast) {
      caption = t("bul.panel.last", { name: playerName(memory.last.player),
        values: memory.last.values.map((v) => v.value).join(" · ") });
    } else caption = t("bul.panel.turn", { name: mover });
    text(panel, x0, p.y + 20, "panel-caption", caption);
    const source = showLast && turn.values.length === 0 && memory.last ? memory.last.values : null;
    slots.forEach((entry, i) => {
      const gx = x0 + i * groupW;
      const g = svg("g", { class: "throw" }, panel);
      // the whole group is the target, gaps between beans included
      svg("rect", { x: gx, y: y0 - 4 * k, width: 184 * k, height: 74 * k, rx: 8, class: "hit" }, g);
      const shownEntry = source ? source[i] || null : entry;
      if (!shownEntry) {
        // beans still in the hand
        for (let b = 0; b < 4; b++) drawBean(g, gx + k * (18 + b * 31), y0 + 28 * k, false, k, -20 + b * 13);
        g.classList.add("unthrown");
        text(g, gx + 160 * k, y0 + 40 * k, "value unknown", "?", { "font-size": 30 * k });
        if (waiting && i === turn.values.length) {
          g.classList.add("throw-here");
          g.setAttribute("role", "button");
          g.setAttribute("tabindex", "0");
          g.setAttribute("aria-label", t("bul.throw.tap"));
          g.addEventListener("click", () => ctx.throwBeans());
          g.addEventListener("keydown", (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              ctx.throwBeans();
            }
          });
        }
        return;
      }
      const value = shownEntry.value;
      let used = Boolean(source);
      if (!source) {
        const at = left.indexOf(value);
        if (at >= 0) left.splice(at, 1);
        else used = true;
      }
      shownEntry.pattern.forEach((marked, b) => drawBean(g, gx + k * (18 + b * 31), y0 + 28 * k,
        marked, k, [-12, 8, -4, 14][b]));
      svg("rect", { x: gx + 140 * k, y: y0 + 8 * k, width: 40 * k, height: 44 * k, rx: 8,
        class: "value-box" }, g);
      text(g, gx + 160 * k, y0 + 40 * k, "value", value, { "font-size": 30 * k });
      text(g, gx + 80 * k, y0 + 62 * k, "marks", t("bul.marks", { k: marksFor(value) }),
        { "font-size": 13 * k });
      g.dataset.value = value;
      if (used) g.classList.add("used");
      const chip = !used && !chipDone.has(value) ? offer.chips.get(value) : null;
      const chosen = !used && !chipDone.has(value) && view.partial === `${value}:`;
      if (!used) chipDone.add(value);
      if (chosen) g.classList.add("chosen");
      if (chip) {
        g.classList.add("legal", "chip");
        makeStep(g, chip, t("bul.step.value", { value }), ctx.onStep);
      } else {
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", t(used ? "bul.throw.used" : "bul.throw.value", { value,
          k: marksFor(value) }));
      }
    });
    // the hint, and the pass button when nothing can move
    const hx = geo.vertical ? x0 : x0 + perTurn * groupW + 10;
    const hy = geo.vertical ? p.y + p.h - 12 : y0 + 14;
    let hint = "";
    if (shown.banner) hint = shown.banner;
    else if (waiting) hint = t("bul.hint.throw");
    else if (offer.pass) hint = t("bul.hint.pass");
    else if (offer.chips.size) hint = t("bul.hint.value");
    else if (offer.units.size || offer.enter || offer.back.size) hint = t("bul.hint.unit");
    text(panel, hx, hy, `hint${shown.banner ? " banner" : ""}`, hint);
    if (offer.pass) {
      const [bx, by] = geo.vertical ? [p.x + p.w - 152, p.y + p.h - 44] : [hx, y0 + 26];
      const g = svg("g", { class: "pass-button legal" }, panel);
      svg("rect", { x: bx, y: by, width: 146, height: 36, rx: 8 }, g);
      text(g, bx + 73, by + 24, "pass-text", t("bul.pass.button"));
      makeStep(g, offer.pass, t("bul.pass.label"), ctx.onStep);
    }
  }

  // --- animation --------------------------------------------------------------------------
  async function animate(view) {
    const speed = ctx.speed();
    const events = view.events || [];
    animating = true;
    controls.update(view, obsOf(view), true);
    try {
      for (let i = 0; i < events.length; i++) {
        const event = events[i];
        if (event.type === "throw") {
          const entry = rememberThrow(event);
          if (speed) await tumble(entry, speed);
        } else if (event.type === "enter" || event.type === "move") {
          if (speed) await travel(event, events.slice(i + 1), speed);
        } else if (speed) {
          await showEvent(event, speed);
        }
      }
    } finally {
      animating = false;
    }
  }

  async function tumble(entry, speed) {
    const real = entry.pattern;
    for (let k = 0; k < 4; k++) {
      entry.pattern = PATTERNS[(memory.seed * 7 + k * 5) % 16];
      render([]);
      await pause(speed * 90);
    }
    entry.pattern = real;
    render([]);
    await pause(speed * 350);
  }

  async function travel(event, after, speed) {
    const obs = shown.obs;
    let pieces;
    let heading = event.heading;
    if (event.type === "enter") {
      obs.base[event.player] -= 1;
      pieces = [event.player];
    } else {
      const at = obs.units.findIndex((u) => u.row === event.from && u.pieces[0] === event.controller);
      const unit = at >= 0 ? obs.units.splice(at, 1)[0] : { pieces: [event.controller] };
      pieces = unit.pieces;
      heading = unit.heading || heading;
    }
    const delay = speed * Math.max(90, Math.min(200, 1400 / Math.max(1, event.path.length)));
    for (const row of event.path) {
      shown.moving = { row, pieces, heading };
      render([]);
      await pause(delay);
    }
    shown.moving = null;
    // where it stays: settled, unless a capture, burn or homecoming follows (shown next)
    const next = after.find((e) => !["rescue", "discard", "free"].includes(e.type));
    const handled = next && ["capture", "burn", "home", "dissolve"].includes(next.type);
    if (!handled) obs.units.push({ row: event.to, pieces, heading: event.heading });
    render([]);
  }

  async function showEvent(event, speed) {
    const obs = shown.obs;
    const flash = async (row, kind, banner, ms = 700) => {
      shown.flash = row ? { row, kind } : null;
      shown.banner = banner;
      render([]);
      await pause(speed * ms);
      shown.flash = null;
      shown.banner = "";
    };
    const names = (list) => list.map((p) => playerName(p)).join(", ");
    if (event.type === "capture") {
      obs.units = obs.units.filter((u) => u.row !== event.row);
      if (event.pieces.length) obs.units.push({ row: event.row, pieces: event.pieces, heading: event.heading });
      await flash(event.row, "capture", t("bul.banner.capture", { n: event.captured.length }));
    } else if (event.type === "rescue") {
      await flash(event.row, "rescue", t("bul.banner.rescue", { n: event.pieces.length }));
    } else if (event.type === "burn") {
      for (const p of event.pieces) obs.dead[p] += 1;
      await flash(event.row, "burn", t("bul.banner.burn", { n: event.pieces.length }), 900);
    } else if (event.type === "retire") {
      await flash(event.row, "capture", t("bul.banner.retire", { name: playerName(event.player) }));
    } else if (event.type === "home" || event.type === "dissolve") {
      for (const p of event.returned) obs.base[p] += 1;
      for (const p of event.discarded) obs.dead[p] += 1;
      await flash(event.row, "home", t(`bul.banner.${event.type}`, { name: playerName(event.player) }));
    } else if (event.type === "discard") {
      await flash(event.row, "burn", t("bul.banner.discard", { names: names(event.pieces) }), 500);
    } else if (event.type === "free") {
      await flash(event.row, "rescue", t("bul.banner.free", { names: names(event.pieces) }), 500);
    } else if (event.type === "free-captives") {
      for (const { row, player } of event.pieces) {
        const unit = obs.units.find((u) => u.row === row && u.pieces.includes(player) &&
          sideOf(u.pieces[0]) !== sideOf(player));
        if (unit) unit.pieces.splice(unit.pieces.lastIndexOf(player), 1);
        obs.base[player] += 1;
      }
      await flash(null, "rescue", t("bul.banner.free_captives", { n: event.pieces.length }), 800);
    } else if (event.type === "pass") {
      await flash(null, "pass", t("bul.banner.pass", { name: playerName(event.player) }), 900);
    }
  }

  // --- resize: the road turns when the container crosses the width limit ------------------
  if (typeof ResizeObserver === "function") {
    let was = null;
    const observer = new ResizeObserver(() => {
      if (!container.isConnected) return observer.disconnect();
      const vertical = container.clientWidth < NARROW_PX;
      if (was !== null && vertical !== was && shown.view && !animating) draw(shown.view);
      was = vertical;
    });
    observer.observe(container);
  }

  const board = { draw, animate, ctx, controls, root };
  active = board;
  return { draw, animate };
}

// --- the view's own controls: throw, real beans, bean odds, the rule set ---------------------
function buildControls(ctx) {
  const t = ctx.t;
  const box = document.createElement("div");
  box.className = "bul-controls";
  const row = document.createElement("div");
  row.className = "bul-actions";
  const throwButton = button(t("bul.throw.button"), () => ctx.throwBeans(), "primary");
  throwButton.dataset.action = "throw";
  const real = document.createElement("div");
  real.className = "bul-real";
  real.setAttribute("role", "group");
  real.setAttribute("aria-label", t("bul.real.group"));
  const realText = document.createElement("span");
  realText.textContent = t("bul.real.ask");
  real.append(realText);
  const realButtons = [0, 1, 2, 3, 4].map((k) => {
    const b = button(`${k}`, () => ctx.play(String(valueFor(k))), "secondary bean-count");
    b.dataset.action = `beans-${k}`;
    b.setAttribute("aria-label", t("bul.real.count", { k, value: valueFor(k) }));
    b.title = t("bul.real.count", { k, value: valueFor(k) });
    real.append(b);
    return b;
  });
  row.append(throwButton, real);

  const options = document.createElement("div");
  options.className = "bul-options";
  const check = document.createElement("label");
  check.className = "check";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.dataset.action = "real-beans";
  input.checked = setting("real");
  check.append(input, ` ${t("bul.real.option")}`);
  const oddsButton = button(t("bul.odds.button"), () => {
    odds.hidden = !odds.hidden;
    oddsButton.setAttribute("aria-expanded", String(!odds.hidden));
  }, "secondary");
  oddsButton.dataset.action = "odds";
  oddsButton.setAttribute("aria-expanded", "false");
  options.append(check, oddsButton);
  const odds = buildOdds(t);
  odds.hidden = true;
  oddsButton.setAttribute("aria-controls", "bul-odds");
  const status = document.createElement("ul");
  status.className = "bul-status";
  const about = document.createElement("p");
  about.className = "bul-about";
  box.append(row, status, options, odds, about);
  ctx.controls.append(box);

  let last = null;
  input.addEventListener("change", () => {
    keep("real", input.checked);
    if (last) update(...last);
  });

  function update(view, obs, busy) {
    last = [view, obs, busy];
    const waiting = !busy && waitsForThrow(view);
    const realOn = input.checked;
    throwButton.hidden = realOn;
    real.hidden = !realOn;
    throwButton.disabled = !waiting;
    for (const b of realButtons) b.disabled = !waiting;
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

  return { update, realOn: () => input.checked };
}


/** The 16 equally likely bean patterns, grouped by the value they give. */
function buildOdds(t) {
  const box = document.createElement("div");
  box.className = "bul-odds";
  box.id = "bul-odds";
  const head = document.createElement("p");
  head.textContent = t("bul.odds.intro");
  box.append(head);
  const list = document.createElement("ul");
  for (const value of [1, 2, 3, 4, 5]) {
    const fitting = PATTERNS.filter((p) => p.filter(Boolean).length === marksFor(value));
    const item = document.createElement("li");
    item.dataset.value = value;
    const label = document.createElement("span");
    label.className = "odds-label";
    label.textContent = t("bul.odds.value", { value, k: marksFor(value), n: fitting.length,
      percent: Math.round((fitting.length / 16) * 1000) / 10 });
    const picture = svg("svg", { viewBox: `0 0 ${fitting.length * 92} 26`, class: "odds-beans",
      role: "img", "aria-label": t("bul.odds.patterns", { n: fitting.length, k: marksFor(value) }) });
    fitting.forEach((pattern, i) => pattern.forEach((marked, b) => {
      drawBean(picture, i * 92 + 12 + b * 21, 13, marked, 0.62);
    }));
    item.append(label, picture);
    list.append(item);
  }
  box.append(list);
  return box;
}

// --- the SPACE bar throws when a person is to throw and no button has the focus ---------------
addEventListener("keydown", (event) => {
  if (event.key !== " " || !active) return;
  const board = active;
  if (!board.root.isConnected || board.root.closest("[hidden]")) return;
  const focus = document.activeElement;
  if (focus && focus.closest("button, input, select, textarea, a, [role=button], dialog")) return;
  const throwButton = board.ctx.controls.querySelector('[data-action="throw"]');
  if (!throwButton || throwButton.hidden || throwButton.disabled) return;
  event.preventDefault();
  board.ctx.throwBeans();
});

// --- the page's questions ------------------------------------------------------------------
function waitsForThrow(view) {
  const obs = view.observation || view;
  return view.current_player === -1 && !view.terminal && !view.replay && Array.isArray(view.seats) &&
    view.seats[obs.to_move] === "human";
}

function scores(obs) {
  // enemy men dead: what each side took (shown for every player of the side)
  const taken = [0, 1].map((side) => obs.dead.filter((_, p) => sideOf(p) !== side)
    .reduce((a, b) => a + b, 0));
  return Array.from({ length: obs.players }, (_, p) => taken[sideOf(p)]);
}

function narrate(entry, { t, players }) {
  const name = (p) => players[p]?.name ?? "";
  const names = (list) => list.map(name).join(", ");
  return entry.events.map((e) => {
    switch (e.type) {
      case "throw":
        return t("bul.log.throw", { name: name(e.player), value: e.value, k: marksFor(e.value) });
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
          : t("bul.log.end", { side: sideName(t, e.winner, players.length === 4) });
      default:
        return "";
    }
  }).filter(Boolean);
}

function result(view, { t, players }) {
  const obs = view.observation;
  const teams = players.length === 4;
  const taken = scores(obs);
  const tally = t("bul.end.taken", { a: taken[0], b: taken[1], sideA: t("bul.side.0"),
    sideB: t("bul.side.1") });
  const why = obs.variant === "aj-tiwil" ? t("bul.end.eagle") : t("bul.end.no_free_men");
  if (obs.winner === null || obs.winner === undefined) return `${why} ${t("result.draw")} (${tally})`;
  const members = teams ? ` (${players.filter((_, p) => sideOf(p) === obs.winner).map((p) => p.name).join(", ")})` : "";
  return `${why} ${t("bul.end.win", { side: sideName(t, obs.winner, teams) })}${members} (${tally})`;
}

export default { id: "bul", players, createBoard, scores, narrate, result, waitsForThrow };
