// Buku's view: an 8×8 board where every square holds a pile of pieces. It draws an
// observation, offers the engine's steps (a line to empty, then the squares of the path one
// by one) and animates the events of a move. No rule is decided here.
//
// A move is built in steps ("3:", "3:c4", "3:c4-c5", …). While it is being built the board
// shows it as it would stand: the chosen line emptied, one more piece on every square of the
// path so far, and the pieces still in hand, as the engine counts them (`partial_facts`,
// with White's 65th piece). The engine's steps alone say what
// may be clicked (and it plays the move itself once the hand is used up).
import { svg, makeStep, pause, focusToward } from "./svg.js";

const FILES = "abcdefgh";
const CELL = 80;
const LEFT = 74; // the ranks' targets (White empties ranks)
const BOTTOM = 74; // the files' targets (Black empties files)
const TOP = 62; // the hand
const RIGHT = 8;
const SIDE = 8 * CELL;
const WIDTH = LEFT + SIDE + RIGHT;
const HEIGHT = TOP + SIDE + BOTTOM;
const MAX_DISCS = 5; // more are told by the numeral
const MAX_HAND_DOTS = 24;
const SYMBOLS = ["═", "║"]; // White "Fila" lifts rows, Black "Columna" lifts columns
const CLASSES = ["buku-white", "buku-black"];
const KEY_DIRS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// --- squares and lines ---------------------------------------------------------------------
const fileOf = (sq) => FILES.indexOf(sq[0]);
const rankOf = (sq) => Number(sq.slice(1)) - 1;
const nameOf = (f, r) => FILES[f] + (r + 1);
const isSquare = (s) => /^[a-h][1-8]$/.test(s);
const centre = (sq) => [LEFT + fileOf(sq) * CELL + CELL / 2, TOP + (7 - rankOf(sq)) * CELL + CELL / 2];
const isDark = (sq) => (fileOf(sq) + rankOf(sq)) % 2 === 0; // a1 is dark
const ownerOf = (sq) => (isDark(sq) ? 1 : 0); // light squares are White's (player 0)
const isRank = (line) => /^[1-8]$/.test(line);
const ALL_SQUARES = [];
for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) ALL_SQUARES.push(nameOf(f, r));

function lineSquares(line) {
  if (isRank(line)) return [...FILES].map((f) => f + line);
  return Array.from({ length: 8 }, (_, r) => line + (r + 1));
}

/** "3:c4-c5" → {line: "3", path: ["c4", "c5"]}; "" → {line: null, path: []}. */
function parseMove(text) {
  const match = /^([1-8a-h]):(.*)$/.exec(text || "");
  if (!match) return { line: null, path: [] };
  return { line: match[1], path: match[2] ? match[2].split("-").filter(isSquare) : [] };
}

function countsOf(obs) {
  const counts = {};
  for (const sq of ALL_SQUARES) counts[sq] = obs.board[rankOf(sq)][fileOf(sq)];
  return counts;
}

function plural(t, key, n, params = {}) {
  return t(n === 1 ? `${key}.one` : key, { n, ...params });
}

function lineName(t, line) {
  return t(isRank(line) ? "buku.rank" : "buku.file", { line });
}

function players(options, t) {
  return [0, 1].map((p) => ({ name: t(`buku.player.${p}`), symbol: SYMBOLS[p], cls: CLASSES[p] }));
}

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "buku-board", role: "group",
    "aria-roledescription": t("buku.board.role"),
  }, container);
  const title = svg("title", {}, root);
  const defs = svg("defs", {}, root);
  const hatch = svg("pattern", { id: "buku-hatch", width: 12, height: 12,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("rect", { width: 5, height: 12, class: "buku-hatch" }, hatch);
  const handLayer = svg("g", { class: "buku-hand" }, root);
  const lineLayer = svg("g", { class: "buku-lines" }, root);
  const squareLayer = svg("g", { class: "buku-squares" }, root);
  svg("rect", { x: LEFT, y: TOP, width: SIDE, height: SIDE, class: "buku-frame" }, root);
  const lastLayer = svg("g", { class: "buku-last", "aria-hidden": "true" }, root);
  const pathLayer = svg("g", { class: "buku-path", "aria-hidden": "true" }, root);
  const stepLayer = svg("g", { class: "buku-steps" }, root);

  // the view's own panel under the board: what to do now, and the keys
  const panel = document.createElement("div");
  panel.className = "buku-panel";
  const hint = document.createElement("p");
  hint.className = "buku-hint";
  hint.setAttribute("aria-live", "polite");
  const keys = document.createElement("p");
  keys.className = "buku-keys";
  panel.append(hint, keys);
  ctx.controls.append(panel);

  // What is drawn now. `draw` fills it from a view, `animate` changes it piece by piece.
  const shown = {
    counts: countsOf({ board: Array.from({ length: 8 }, () => Array(8).fill(1)) }),
    mover: 0, line: null, path: [], hand: null, bonus: false, bonusNew: false,
    captured: [], news: "", last: null, reserve: 0,
  };
  let offered = new Map(); // square or line -> step, as drawn now
  let current = null; // the last view drawn
  let usingKeys = false;
  const drag = { on: false, pressed: null, over: null, moved: false, waiting: false, queue: [] };

  // --- drawing -----------------------------------------------------------------------
  function draw(view) {
    const obs = view.observation || view;
    const wantFocus = root.contains(document.activeElement) ||
      (usingKeys && document.activeElement === document.body);
    const focused = document.activeElement?.dataset?.target;
    current = view;
    drag.waiting = false;
    const { line, path } = parseMove(view.partial);
    const counts = countsOf(obs);
    shown.mover = obs.to_move ?? 0;
    shown.reserve = obs.hand_bonus || 0;
    shown.line = line;
    shown.path = path;
    shown.captured = [];
    shown.news = "";
    shown.bonusNew = false;
    if (line) {
      for (const sq of lineSquares(line)) counts[sq] = 0; // the board as the move stands
      const facts = view.partial_facts || {}; // the hand is the engine's word
      shown.bonus = Boolean(facts.bonus);
      shown.bonusNew = shown.bonus && path.length === 0;
      shown.hand = facts.hand ?? 0;
      for (const sq of path) counts[sq] += 1;
    } else {
      shown.hand = null;
      shown.bonus = false;
    }
    shown.counts = counts;
    shown.last = line || !view.events ? null : lastMove(view.events);
    const steps = view.steps || [];
    root.classList.toggle("building", Boolean(line) && steps.length > 0); // drag, not scroll
    render(steps);
    renderPanel(view, steps);
    title.textContent = t("buku.board.title");
    if (wantFocus && steps.length) focusAfterDraw(focused);
    follow(); // a drag goes on over the squares just offered
  }

  function lastMove(events) {
    const lift = events.find((e) => e.type === "lift");
    const place = events.find((e) => e.type === "place");
    return lift ? { line: lift.line, path: place ? place.path : [] } : null;
  }

  function render(steps = []) {
    if (shown.news) {
      // what the move being shown does, in words, under the board (read out too)
      hint.textContent = shown.news;
      hint.classList.add("news");
      keys.textContent = "";
    }
    drawHand();
    drawLines(steps);
    drawSquares();
    drawLast();
    drawPath();
    drawSteps(steps);
  }

  function drawHand() {
    handLayer.replaceChildren();
    const y = TOP / 2;
    let n = 0;
    let label = "";
    if (shown.hand !== null) {
      n = shown.hand;
      label = plural(t, "buku.hand", n);
    } else if (shown.reserve) {
      n = 0;
      label = t("buku.reserve");
    }
    handLayer.dataset.hand = shown.hand ?? "";
    handLayer.setAttribute("role", "img");
    const spoken = shown.hand === null ? label
      : shown.bonus ? t("buku.hand.bonus.spoken", { n: shown.hand }) : label;
    handLayer.setAttribute("aria-label", spoken || t("buku.hand.empty"));
    if (!label) return;
    const text = svg("text", { x: LEFT, y, class: "buku-hand-text" }, handLayer);
    text.textContent = label;
    const dots = Math.min(n, MAX_HAND_DOTS);
    const x0 = LEFT + 250;
    const step = Math.min(19, (SIDE - 250 - 30) / Math.max(dots + 1, 1));
    for (let i = 0; i < dots; i++) {
      // the 65th piece is the last of White's first hand: it goes down last
      const special = shown.bonus && i === dots - 1;
      svg("circle", { cx: x0 + i * step, cy: y, r: 8,
        class: `buku-hand-dot${special ? " bonus" : ""}${special && shown.bonusNew ? " joining" : ""}` },
      handLayer);
    }
    if (shown.reserve && shown.hand === null) {
      svg("circle", { cx: x0, cy: y, r: 10, class: "buku-hand-dot bonus" }, handLayer);
    }
    if (shown.bonus && dots > 0) {
      const note = svg("text", { x: x0 + dots * step + 8, y, class: "buku-hand-note" }, handLayer);
      note.textContent = t("buku.hand.bonus");
    }
  }

  function drawLines(steps) {
    lineLayer.replaceChildren();
    const lineSteps = new Map();
    for (const [step, complete] of steps) {
      const { line, path } = parseMove(step);
      if (line && !path.length && step.endsWith(":")) lineSteps.set(line, { step, complete });
    }
    for (let i = 0; i < 8; i++) {
      drawLine(String(i + 1), lineSteps);
      drawLine(FILES[i], lineSteps);
    }
  }

  function drawLine(line, lineSteps) {
    const rank = isRank(line);
    const i = rank ? Number(line) - 1 : FILES.indexOf(line);
    const [x, y, w, h] = rank
      ? [6, TOP + (7 - i) * CELL + 6, LEFT - 14, CELL - 12]
      : [LEFT + i * CELL + 6, TOP + SIDE + 8, CELL - 12, BOTTOM - 14];
    const pieces = lineSquares(line).reduce((sum, sq) => sum + shown.counts[sq], 0);
    const { step, complete } = lineSteps.get(line) || {};
    const emptied = shown.line === line || (shown.last && shown.last.line === line);
    const g = svg("g", {
      class: `buku-line ${rank ? "rank" : "file"}${step ? " legal" : ""}${emptied ? " emptied" : ""}`,
      "data-line": line, "data-x": x + w / 2, "data-y": y + h / 2, "data-target": line,
    }, lineLayer);
    svg("rect", { x, y, width: w, height: h, rx: 10, class: "buku-line-box" }, g);
    const name = svg("text", { x: x + w / 2, y: y + h / 2 - 8, class: "buku-line-name" }, g);
    name.textContent = line;
    const count = svg("text", { x: x + w / 2, y: y + h / 2 + 18, class: "buku-line-count" }, g);
    count.textContent = `${pieces}●`;
    count.setAttribute("aria-hidden", "true");
    if (step) {
      const label = complete ? t("buku.step.line.empty", { line: lineName(t, line) })
        : plural(t, "buku.step.line", pieces, { line: lineName(t, line) });
      makeStep(g, step, label, ctx.onStep);
      const preview = (on) => previewLine(on ? line : null);
      g.addEventListener("pointerenter", () => preview(true));
      g.addEventListener("pointerleave", () => preview(false));
      g.addEventListener("focus", () => preview(true));
      g.addEventListener("blur", () => preview(false));
    } else {
      g.setAttribute("aria-hidden", "true");
    }
  }

  function previewLine(line) {
    const inLine = new Set(line ? lineSquares(line) : []);
    for (const g of squareLayer.children) g.classList.toggle("preview", inLine.has(g.dataset.square));
  }

  function drawSquares() {
    squareLayer.replaceChildren();
    const lifted = new Set(shown.line ? lineSquares(shown.line) : []);
    const captured = new Set(shown.captured);
    const names = ctx.players();
    for (const sq of ALL_SQUARES) {
      const [cx, cy] = centre(sq);
      const n = shown.counts[sq];
      const dark = isDark(sq);
      const g = svg("g", {
        class: `buku-sq ${dark ? "dark" : "light"}${lifted.has(sq) ? " lifted" : ""}` +
          `${captured.has(sq) ? " captured" : ""}`,
        "data-square": sq, "data-count": n, transform: `translate(${cx} ${cy})`,
      }, squareLayer);
      svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL, class: "buku-cell" }, g);
      if (lifted.has(sq)) {
        svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL,
          class: "buku-lifted", fill: "url(#buku-hatch)" }, g);
      }
      // whose square: a bar like a row (White, "Fila") or like a column (Black, "Columna")
      if (dark) svg("rect", { x: -33, y: -34, width: 6, height: 22, rx: 2, class: "buku-own" }, g);
      else svg("rect", { x: -34, y: -33, width: 22, height: 6, rx: 2, class: "buku-own" }, g);
      const discs = Math.min(n, MAX_DISCS);
      for (let i = 0; i < discs; i++) {
        svg("ellipse", { cx: 0, cy: 24 - i * 9, rx: 21, ry: 8, class: "buku-disc" }, g);
      }
      if (n > 0) {
        const count = svg("text", { x: 27, y: -24, class: "buku-count" }, g);
        count.textContent = n;
      }
      const owner = names[ownerOf(sq)]?.name ?? "";
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", plural(t, "buku.square", n, { square: sq, owner }));
    }
  }

  function drawLast() {
    lastLayer.replaceChildren();
    if (!shown.last || shown.path.length) return;
    const path = shown.last.path;
    if (path.length > 1) polyline(lastLayer, path, "buku-last-line");
    if (path.length) {
      const [x, y] = centre(path.at(-1));
      svg("circle", { cx: x, cy: y, r: 6, class: "buku-last-end" }, lastLayer);
    }
  }

  function drawPath() {
    pathLayer.replaceChildren();
    const path = shown.path;
    if (!path.length) return;
    pathLayer.setAttribute("class", `buku-path ${CLASSES[shown.mover]}`);
    if (path.length > 1) polyline(pathLayer, path, "buku-path-line");
    path.forEach((sq, i) => {
      const [x, y] = centre(sq);
      const g = svg("g", { class: `buku-placed${i === path.length - 1 ? " head" : ""}`,
        "data-placed": i + 1, transform: `translate(${x} ${y})` }, pathLayer);
      svg("circle", { r: 15, class: "buku-placed-disc" }, g);
      const num = svg("text", { y: 1, class: "buku-placed-num" }, g);
      num.textContent = i + 1;
    });
  }

  function polyline(parent, squares, cls) {
    const points = squares.map((sq) => centre(sq).join(",")).join(" ");
    return svg("polyline", { points, class: cls }, parent);
  }

  function drawSteps(steps) {
    stepLayer.replaceChildren();
    offered = new Map();
    const head = shown.path.at(-1);
    const hand = shown.hand ?? 0;
    for (const [step] of steps) {
      const { line, path } = parseMove(step);
      if (!line) continue;
      if (!path.length) {
        offered.set(line, step);
        continue;
      }
      const sq = path.at(-1);
      offered.set(sq, step);
      const [x, y] = centre(sq);
      const start = path.length === 1;
      const g = svg("g", { class: `buku-target ${start ? "start" : "next"}`, "data-square": sq,
        "data-target": sq, "data-x": x, "data-y": y }, stepLayer);
      svg("rect", { x: x - CELL / 2 + 4, y: y - CELL / 2 + 4, width: CELL - 8, height: CELL - 8,
        rx: 10, class: "buku-hit" }, g);
      let label;
      if (start) {
        label = plural(t, "buku.step.start", hand, { square: sq });
      } else {
        const dir = direction(head, sq);
        const arrow = svg("text", { x, y: y - 1, class: "buku-arrow", "aria-hidden": "true" }, g);
        arrow.textContent = { up: "↑", down: "↓", left: "←", right: "→" }[dir];
        label = plural(t, "buku.step.next", hand - 1, {
          square: sq, dir: t(`buku.dir.${dir}`),
        });
      }
      makeStep(g, step, label, ctx.onStep);
    }
  }

  function direction(from, to) {
    const df = fileOf(to) - fileOf(from);
    const dr = rankOf(to) - rankOf(from);
    if (dr > 0) return "up";
    if (dr < 0) return "down";
    return df > 0 ? "right" : "left";
  }

  function focusAfterDraw(focused) {
    const head = shown.path.at(-1);
    let el = focused && root.querySelector(`[data-step][data-target="${focused}"]`);
    if (!el && head && shown.path.length > 1) {
      // keep going the same way if that is offered
      const before = shown.path.at(-2);
      const f = 2 * fileOf(head) - fileOf(before);
      const r = 2 * rankOf(head) - rankOf(before);
      if (f >= 0 && f < 8 && r >= 0 && r < 8) {
        el = root.querySelector(`[data-step][data-target="${nameOf(f, r)}"]`);
      }
    }
    if (!el && shown.line && !head) {
      el = root.querySelector(`[data-step][data-target="${lineSquares(shown.line)[0]}"]`);
    }
    (el || root.querySelector("[data-step]"))?.focus();
  }

  // --- the panel: what to do now ---------------------------------------------------------
  function renderPanel(view, steps) {
    const names = ctx.players();
    hint.textContent = "";
    hint.classList.remove("news");
    keys.textContent = "";
    if (!steps.length) return;
    const mover = names[shown.mover]?.name ?? "";
    if (!shown.line) {
      hint.textContent = t(shown.mover === 0 ? "buku.hint.rank" : "buku.hint.file", { name: mover });
      keys.textContent = t("buku.keys.line");
    } else if (!shown.path.length) {
      const lifted = shown.hand - (shown.bonus ? 1 : 0);
      const hand = shown.bonus
        ? t("buku.hint.hand.bonus", { n: shown.hand, lifted })
        : plural(t, "buku.hint.hand", shown.hand);
      hint.textContent = `${hand} ${t("buku.hint.start")}`;
      keys.textContent = t("buku.keys.start");
    } else {
      hint.textContent = `${plural(t, "buku.hint.left", shown.hand)} ${t("buku.hint.next")}`;
      keys.textContent = t("buku.keys.path");
    }
  }

  // --- keys: arrows walk the path (or move the focus), Backspace takes a step back ---------
  root.addEventListener("keydown", (event) => {
    usingKeys = true;
    if ((event.key === "Backspace" || event.key === "Escape") && ctx.partial()) {
      event.preventDefault();
      ctx.back();
      return;
    }
    const dir = KEY_DIRS[event.key];
    if (!dir) return;
    event.preventDefault();
    const head = shown.path.at(-1);
    if (head && offered.size) {
      const f = fileOf(head) + dir[0];
      const r = rankOf(head) + dir[1];
      const step = f >= 0 && f < 8 && r >= 0 && r < 8 ? offered.get(nameOf(f, r)) : null;
      if (step) ctx.onStep(step);
      else hint.textContent = t("buku.hint.blocked");
      return;
    }
    focusToward(root, [dir[0], -dir[1]]); // the key map has up as +1
  });


  // --- drag: press on a square and slide through the next ones ---------------------------
  function squareAt(event) {
    const matrix = root.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const f = Math.floor((point.x - LEFT) / CELL);
    const r = 7 - Math.floor((point.y - TOP) / CELL);
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? nameOf(f, r) : null;
  }

  function send(step) {
    drag.waiting = true; // until the engine's answer is drawn
    ctx.onStep(step);
  }

  /** While dragging, take the steps onto the squares the pointer went through, in order, as
   * each is offered; sliding back onto the square before the last takes the last step back. */
  function follow() {
    while (drag.moved && !drag.waiting && drag.queue.length) {
      const sq = drag.queue.shift();
      const step = offered.get(sq);
      if (step && step.includes("-")) {
        send(step);
      } else if (shown.path.length > 1 && sq === shown.path.at(-2)) {
        drag.waiting = true;
        ctx.back();
      }
    }
  }

  root.addEventListener("pointerdown", (event) => {
    usingKeys = false;
    if (event.button > 0) return;
    const sq = squareAt(event);
    if (!sq || !current || !(current.steps || []).length) return;
    const pressed = offered.get(sq) || null;
    if (!pressed && sq !== shown.path.at(-1)) return;
    drag.on = true;
    drag.pressed = pressed;
    drag.over = sq;
    drag.moved = false;
    drag.waiting = false;
    drag.queue = [];
    // a finger is captured by the square it touched: let the squares under it get the moves
    if (event.target.hasPointerCapture?.(event.pointerId)) {
      event.target.releasePointerCapture(event.pointerId);
    }
  });

  root.addEventListener("pointermove", (event) => {
    if (!drag.on) return;
    const points = event.getCoalescedEvents?.() || [];
    for (const point of points.length ? points : [event]) {
      const sq = squareAt(point);
      if (!sq || sq === drag.over) continue;
      drag.over = sq;
      if (!drag.moved) {
        drag.moved = true;
        if (drag.pressed) send(drag.pressed); // the square pressed first starts the path
      }
      drag.queue.push(sq);
    }
    follow();
  });

  const endDrag = () => {
    if (drag.on && drag.moved) {
      // the click that ends a drag is not a step of its own
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    drag.on = false;
  };
  let suppressClick = false;
  root.addEventListener("pointerup", endDrag);
  root.addEventListener("pointercancel", () => {
    drag.on = false;
    drag.queue = [];
  });
  root.addEventListener("click", (event) => {
    if (suppressClick) {
      event.stopPropagation();
      event.preventDefault();
      suppressClick = false;
    }
  }, true);

  // --- animation of a move -------------------------------------------------------------
  async function animate(view, before) {
    const speed = ctx.speed();
    const events = view.events || [];
    const lift = events.find((e) => e.type === "lift");
    const place = events.find((e) => e.type === "place");
    if (!lift) return;
    const path = place ? place.path : [];
    const move = `${lift.line}:${path.join("-")}`;
    const built = before && before.partial && move.startsWith(before.partial) &&
      parseMove(before.partial).line === lift.line;
    const obs = before ? before.observation || before : null;
    const names = ctx.players();
    shown.mover = lift.player;
    shown.last = null;
    shown.news = "";
    shown.captured = [];
    shown.bonusNew = false;
    let done = 0;
    if (built) {
      done = parseMove(before.partial).path.length; // the board already shows the move so far
    } else {
      shown.counts = obs ? countsOf(obs) : shown.counts;
      shown.line = null;
      shown.path = [];
      shown.hand = null;
      shown.bonus = false;
      shown.reserve = lift.bonus;
      render();
      previewLine(lift.line);
      await pause(speed * 450);
      for (const sq of lineSquares(lift.line)) shown.counts[sq] = 0;
      shown.line = lift.line;
      shown.hand = lift.pieces;
      shown.news = plural(t, "buku.news.lift", lift.pieces, {
        line: lineName(t, lift.line), name: names[lift.player]?.name ?? "",
      });
      render();
      await pause(speed * 500);
      if (lift.bonus) {
        shown.hand = lift.hand;
        shown.bonus = true;
        shown.bonusNew = true;
        shown.reserve = 0;
        shown.news = t("buku.news.bonus", { n: lift.hand });
        render();
        await pause(speed * 900);
        shown.bonusNew = false;
      }
    }
    shown.news = "";
    const delay = speed * Math.max(90, Math.min(260, 2400 / Math.max(path.length, 1)));
    for (let i = done; i < path.length; i++) {
      const sq = path[i];
      shown.counts[sq] += 1;
      shown.path = path.slice(0, i + 1);
      shown.hand = lift.hand - (i + 1);
      render();
      await pause(delay);
    }
    const capture = events.find((e) => e.type === "capture");
    if (capture) {
      shown.captured = capture.squares;
      shown.news = t("buku.news.capture", { n: capture.total, name: names[capture.player]?.name ?? "" });
      render();
      await pause(speed * 900);
      for (const sq of capture.squares) shown.counts[sq] = 0;
      render();
      await pause(speed * 300);
    }
    const end = events.find((e) => e.type === "end");
    if (end) {
      shown.news = t(`buku.news.end.${end.reason}`);
      render();
      await pause(speed * 900);
    }
  }

  return { draw, animate };
}

function scores(obs) {
  return obs.captured;
}

function narrate(entry, { t, players }) {
  const name = players[entry.player]?.name ?? "";
  const other = players[1 - entry.player]?.name ?? "";
  return (entry.events || []).map((event) => {
    if (event.type === "lift") {
      const line = lineName(t, event.line);
      if (event.bonus) return t("buku.log.lift.bonus", { name, line, n: event.pieces, hand: event.hand });
      return plural(t, "buku.log.lift", event.pieces, { name, line });
    }
    if (event.type === "place") {
      if (!event.path.length) return t("buku.log.place.none");
      return plural(t, "buku.log.place", event.path.length,
        { from: event.path[0], to: event.path.at(-1) });
    }
    if (event.type === "capture") {
      return plural(t, "buku.log.capture", event.total, { squares: event.squares.join(", ") });
    }
    if (event.type === "end") {
      const n = event.distributed[0] + event.distributed[1];
      return t(`buku.log.end.${event.reason}`, { n, other, white: event.distributed[0],
        black: event.distributed[1] });
    }
    return "";
  }).filter(Boolean);
}

function result(view, { t, players }) {
  const obs = view.observation;
  const end = (view.events || []).find((e) => e.type === "end");
  const mover = 1 - obs.to_move; // who made the last move
  const shares = end ? end.distributed : [0, 0];
  const why = t(`buku.end.${obs.end_reason}`, {
    name: players[mover]?.name ?? "", other: players[1 - mover]?.name ?? "",
    n: shares[0] + shares[1], white: shares[0], black: shares[1],
  });
  const scoresText = players.map((p, i) => `${p.symbol} ${p.name} ${obs.captured[i]}`).join(" · ");
  const win = obs.winner === null ? t("result.draw") : t("result.win", { name: players[obs.winner].name });
  return `${why} ${win} (${scoresText})`;
}

export default { id: "buku", players, createBoard, scores, narrate, result };
