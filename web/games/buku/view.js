// Buku's view: an 8×8 board where every square holds a pile of pieces. It draws an
// observation, offers the engine's steps (what each is: `step_facts` — a line to empty, then
// the squares of the path one by one), keeps the last move marked and animates a move by
// drawing the engine's frames. No rule is decided here.
//
// While a move is built the board shows it as it would stand, as the engine says in
// `partial_facts`: the chosen line emptied, one more piece on every square of the path so
// far, and the pieces still in hand (with White's 65th piece).
import {
  svg, roomOf, makeStep, markLast, pause, playFrames, focusToward, focusKeeper,
  resultText,
} from "../../kit/index.js";
import {
  CELL, FILES, SIDE, SQUARES, centreOf, fileOf, isSlim, rankOf, squareName,
} from "../../kit/grid.js";

// margins round the board: the ranks' names (left), the files' (below), the hand (above)
const WIDE = { left: 74, bottom: 74, top: 62, right: 8 };
const SLIM = { left: 30, bottom: 30, top: 40, right: 2 }; // phones, small embeds
const MAX_DISCS = 5; // more are told by the numeral
const MAX_HAND_DOTS = 24;
const KEY_DIRS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const FRAME_MS = { lift: 700, place: 160, capture: 900, end: 900 };

const RANKS = ["1", "2", "3", "4", "5", "6", "7", "8"];

function countsOf(board) {
  const counts = {};
  for (const sq of SQUARES) counts[sq] = board[rankOf(sq)][fileOf(sq)];
  return counts;
}

function lineName(t, line) {
  return t(RANKS.includes(line) ? "buku.rank" : "buku.file", { line });
}

const seatClass = (fact) => `buku-${fact.colours[0]}`;

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  let M = WIDE;
  const centre = (sq) => centreOf(sq, M);
  const root = svg("svg", {
    class: "buku-board", role: "group", "aria-roledescription": t("buku.board.role"),
  }, container);
  const title = svg("title", {}, root);
  const defs = svg("defs", {}, root);
  const hatch = svg("pattern", { id: "buku-hatch", width: 12, height: 12,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("rect", { width: 5, height: 12, class: "buku-hatch" }, hatch);
  const handLayer = svg("g", { class: "buku-hand" }, root);
  const coordLayer = svg("g", { class: "buku-coords", "aria-hidden": "true" }, root);
  const squareLayer = svg("g", { class: "buku-squares" }, root);
  const frame = svg("rect", { class: "buku-frame" }, root);
  const lastLayer = svg("g", { class: "buku-last" }, root);
  const pathLayer = svg("g", { class: "buku-path", "aria-hidden": "true" }, root);
  const lineLayer = svg("g", { class: "buku-lines" }, root);
  const stepLayer = svg("g", { class: "buku-steps" }, root);
  const focus = focusKeeper(root, (steps) => {
    // building a path: on the same way if offered, else the line's first square
    const target = (sq) => steps.find((el) => el.dataset.target === sq);
    const [head, before] = [shown.path.at(-1), shown.path.at(-2)];
    if (head && before) {
      const f = 2 * fileOf(head) - fileOf(before);
      const r = 2 * rankOf(head) - rankOf(before);
      if (f >= 0 && f < 8 && r >= 0 && r < 8) return target(squareName(f, r));
    }
    return shown.line && !head ? target(shown.lineSquares[0]) : null;
  });

  const room = roomOf(container); // a new size shows at the next draw
  function fitLayout() {
    const [w, h] = [room.size()[0], room.size()[1] || Infinity];
    const slim = isSlim([w, h]);
    M = slim ? SLIM : WIDE;
    root.setAttribute("viewBox", `0 0 ${M.left + SIDE + M.right} ${M.top + SIDE + M.bottom}`);
    root.classList.toggle("slim", slim);
    for (const [name, value] of Object.entries({ x: M.left, y: M.top, width: SIDE, height: SIDE })) {
      frame.setAttribute(name, value);
    }
  }

  // the view's own panel under the board: what to do now, and the keys
  const panel = document.createElement("div");
  panel.className = "buku-panel";
  const hint = document.createElement("p"); // the page's live region speaks: no aria-live
  hint.className = "buku-hint";
  const keys = document.createElement("p");
  keys.className = "buku-keys";
  panel.append(hint, keys);
  ctx.controls.append(panel);

  // What is drawn now: `draw` fills it from a view, a frame changes it during a move.
  const shown = {
    counts: {}, owners: null, mover: 0, line: null, lineSquares: [], path: [], hand: null,
    bonus: false, reserve: 0, captured: [], news: "", last: null,
  };
  let offered = new Map(); // square or line -> step, as drawn now
  let current = null; // the last view drawn
  let usingKeys = false;
  let alive = true;
  const drag = { on: false, pressed: null, over: null, moved: false, waiting: false, queue: [] };

  // --- drawing -----------------------------------------------------------------------
  function draw(view) {
    const obs = view.observation || view;
    const wantFocus = focus.hadFocus() || (usingKeys && document.activeElement === document.body);
    fitLayout();
    current = view;
    drag.waiting = false;
    const facts = view.partial ? view.partial_facts || {} : {};
    shown.owners = obs.owners;
    shown.mover = obs.to_move ?? 0;
    shown.reserve = obs.hand_bonus || 0;
    shown.line = facts.line ?? null;
    shown.lineSquares = facts.line_squares || [];
    shown.path = facts.path || [];
    shown.hand = facts.line ? facts.hand ?? 0 : null;
    shown.bonus = Boolean(facts.bonus);
    shown.counts = countsOf(facts.board || obs.board);
    shown.captured = [];
    shown.news = "";
    shown.last = lastMove(view.events); // marked until the next move is made, not begun
    const steps = view.steps || [];
    root.classList.toggle("building", Boolean(facts.line) && steps.length > 0); // drag, not scroll
    render(steps, view.step_facts || {});
    renderPanel(steps);
    title.textContent = t("buku.board.title");
    if (wantFocus && steps.length) focus.focus();
    follow(); // a drag goes on over the squares just offered
  }

  function lastMove(events) {
    const lift = (events || []).find((e) => e.type === "lift");
    const place = (events || []).find((e) => e.type === "place");
    const capture = (events || []).find((e) => e.type === "capture");
    return lift ? { line: lift.line, squares: lift.squares, path: place ? place.path : [],
      captured: capture ? capture.squares : [] } : null;
  }

  function render(steps = [], facts = {}) {
    if (shown.news) {
      hint.textContent = shown.news; // what the move being shown does, in words
      hint.classList.add("news");
      keys.textContent = "";
    }
    drawHand();
    drawCoords();
    drawSquares();
    drawLast();
    drawPath();
    drawSteps(steps, facts);
  }

  function drawHand() {
    handLayer.replaceChildren();
    const y = M.top / 2;
    let n = 0;
    let label = "";
    if (shown.hand !== null) {
      n = shown.hand;
      label = t("buku.hand", { n });
    } else if (shown.reserve) {
      label = t("buku.reserve");
    }
    handLayer.dataset.hand = shown.hand ?? "";
    handLayer.setAttribute("role", "img");
    const spoken = shown.hand !== null && shown.bonus
      ? t("buku.hand.bonus.spoken", { n: shown.hand }) : label;
    handLayer.setAttribute("aria-label", spoken || t("buku.hand.empty"));
    if (!label) return;
    const text = svg("text", { x: M.left, y, class: "buku-hand-text" }, handLayer);
    text.textContent = label;
    const dots = Math.min(n, MAX_HAND_DOTS);
    const x0 = M.left + 250;
    const step = Math.min(19, (SIDE - 250 - 30) / Math.max(dots + 1, 1));
    for (let i = 0; i < dots; i++) {
      // the 65th piece is the last of White's first hand: it goes down last
      const special = shown.bonus && i === dots - 1;
      svg("circle", { cx: x0 + i * step, cy: y, r: 8,
        class: `buku-hand-dot${special ? " bonus" : ""}` }, handLayer);
    }
    if (shown.reserve && shown.hand === null) {
      svg("circle", { cx: x0, cy: y, r: 10, class: "buku-hand-dot bonus" }, handLayer);
    }
    if (shown.bonus && dots > 0) {
      const note = svg("text", { x: x0 + dots * step + 8, y, class: "buku-hand-note" }, handLayer);
      note.textContent = t("buku.hand.bonus");
    }
  }

  // Drawn only where something changed: rebuilding all 64 squares (several hundred SVG
  // elements) and the coordinates on every draw was most of the page's work in a move, and a
  // move changes a few squares. What a draw adds to the kept ones is taken off again.
  let coordsFor = null; // the margins the coordinates were drawn for
  const drawnSquares = new Map(); // square -> { key: what it shows, g }

  /** The ranks' numbers on the left and the files' letters below (the board's coordinates). */
  function drawCoords() {
    if (coordsFor === M) {
      for (const label of coordLayer.children) label.classList.remove("offered");
      return;
    }
    coordsFor = M;
    coordLayer.replaceChildren();
    for (let i = 0; i < 8; i++) {
      const rank = svg("text", { x: M.left / 2, y: M.top + (7 - i) * CELL + CELL / 2,
        class: "buku-coord rank", "data-line": RANKS[i] }, coordLayer);
      rank.textContent = RANKS[i];
      const file = svg("text", { x: M.left + i * CELL + CELL / 2, y: M.top + SIDE + M.bottom / 2,
        class: "buku-coord file", "data-line": FILES[i] }, coordLayer);
      file.textContent = FILES[i];
    }
  }

  function drawSquares() {
    const lifted = new Set(shown.lineSquares);
    const captured = new Set(shown.captured);
    const names = ctx.players();
    for (const sq of SQUARES) {
      const [cx, cy] = centre(sq);
      const n = shown.counts[sq];
      const owner = shown.owners ? shown.owners[rankOf(sq)][fileOf(sq)] : 0;
      const label = t("buku.square", { square: sq, n, owner: names[owner]?.name ?? "" });
      const key = [cx, cy, n, owner, lifted.has(sq), captured.has(sq), label].join("|");
      const drawn = drawnSquares.get(sq);
      if (drawn && drawn.key === key) {
        drawn.g.classList.remove("preview");
        continue;
      }
      const g = svg("g", {
        class: `buku-sq ${owner ? "dark" : "light"}${lifted.has(sq) ? " lifted" : ""}` +
          `${captured.has(sq) ? " captured" : ""}`,
        "data-square": sq, "data-count": n, transform: `translate(${cx} ${cy})`,
      });
      svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL, class: "buku-cell" }, g);
      if (lifted.has(sq)) {
        svg("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL,
          class: "buku-lifted", fill: "url(#buku-hatch)" }, g);
      }
      // whose square: a bar like a row (White, "Fila") or like a column (Black, "Columna")
      if (owner) svg("rect", { x: -33, y: -34, width: 6, height: 22, rx: 2, class: "buku-own" }, g);
      else svg("rect", { x: -34, y: -33, width: 22, height: 6, rx: 2, class: "buku-own" }, g);
      const discs = Math.min(n, MAX_DISCS);
      for (let i = 0; i < discs; i++) {
        svg("ellipse", { cx: 0, cy: 24 - i * 9, rx: 21, ry: 8, class: "buku-disc" }, g);
      }
      if (n > 0) {
        const count = svg("text", { x: 27, y: -24, class: "buku-count" }, g);
        count.textContent = n;
      }
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", label);
      if (drawn) drawn.g.replaceWith(g);
      else squareLayer.append(g);
      drawnSquares.set(sq, { key, g });
    }
  }

  /** The last move, until the next one: the line emptied (hatched outline and its name
   * boxed), the path (a dotted line, its end ringed) and the squares captured (crossed). */
  function drawLast() {
    lastLayer.replaceChildren();
    const last = shown.last;
    if (!last) return;
    const box = (sq, cls, kind) => {
      const [x, y] = centre(sq);
      return markLast(svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6,
        height: CELL - 6, class: cls }, lastLayer), kind);
    };
    for (const sq of last.squares) box(sq, "buku-last-lifted", "line");
    const label = coordLayer.querySelector(`[data-line="${last.line}"]`);
    if (label) {
      const x = Number(label.getAttribute("x"));
      const y = Number(label.getAttribute("y"));
      markLast(svg("circle", { cx: x, cy: y, r: Math.min(M.left, M.bottom) / 2 - 2,
        class: "buku-last-name" }, lastLayer), "line");
    }
    if (last.path.length > 1) polyline(lastLayer, last.path, "buku-last-line");
    if (last.path.length) {
      const [x, y] = centre(last.path.at(-1));
      markLast(svg("circle", { cx: x, cy: y, r: 12, class: "buku-last-end" }, lastLayer), "to");
      box(last.path[0], "buku-last-start", "origin");
    }
    for (const sq of last.captured) {
      const [x, y] = centre(sq);
      markLast(svg("path", { d: `M${x - 22} ${y - 22} L${x + 22} ${y + 22} M${x - 22} ${y + 22} ` +
        `L${x + 22} ${y - 22}`, class: "buku-last-capture" }, lastLayer), "capture");
    }
  }

  function drawPath() {
    pathLayer.replaceChildren();
    const path = shown.path;
    if (!path.length) return;
    pathLayer.setAttribute("class", `buku-path p${shown.mover}`);
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

  /** The offered steps: a line is a target over its name and its whole row or column (as
   * large as the squares, on a phone too); a square is a target over the square. */
  function drawSteps(steps, facts) {
    stepLayer.replaceChildren();
    lineLayer.replaceChildren();
    offered = new Map();
    const head = shown.path.at(-1);
    for (const [step, complete] of steps) {
      const fact = facts[step];
      if (fact?.kind === "line") drawLineStep(step, complete, fact);
      else if (fact?.kind === "square") drawSquareStep(step, fact, head);
    }
    forbidLines(steps.some(([step]) => facts[step]?.kind === "line"));
  }

  function drawLineStep(step, complete, fact) {
    offered.set(fact.line, step);
    const rank = fact.orientation === "rank";
    const centres = fact.squares.map(centre);
    const xs = centres.map(([x]) => x);
    const ys = centres.map(([, y]) => y);
    // the name's cell in the margin, and the line's squares
    const [x, y, w, h] = rank
      ? [2, Math.min(...ys) - CELL / 2, M.left + SIDE - 2, CELL]
      : [Math.min(...xs) - CELL / 2, M.top, CELL, SIDE + M.bottom - 2];
    const [nx, ny] = rank ? [M.left / 2, y + CELL / 2] : [x + CELL / 2, M.top + SIDE + M.bottom / 2];
    const g = svg("g", { class: `buku-line ${rank ? "rank" : "file"} legal`, "data-line": fact.line,
      "data-target": fact.line, "data-x": nx, "data-y": ny }, lineLayer);
    // the whole row or column is the target; the outline is drawn inside it
    svg("rect", { x, y, width: w, height: h, class: "buku-area" }, g);
    svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 10, class: "buku-line-box" }, g);
    // visible text: the line's name, then its pieces (the spoken name starts the same way)
    coordLayer.querySelector(`[data-line="${fact.line}"]`)?.classList.add("offered"); // drawn here
    const name = svg("text", { x: nx, y: ny - (M === WIDE ? 10 : 0), class: "buku-line-name" }, g);
    name.textContent = fact.line;
    if (M === WIDE) {
      const count = svg("text", { x: nx, y: ny + 20, class: "buku-line-count" }, g);
      count.textContent = fact.pieces;
    }
    const key = complete ? "buku.step.line.empty" : "buku.step.line";
    makeStep(g, step, t(key, { line: lineName(t, fact.line), name: fact.line, n: fact.pieces }),
      ctx.onStep);
    const preview = (on) => previewLine(on ? fact.squares : []);
    g.addEventListener("pointerenter", () => preview(true));
    g.addEventListener("pointerleave", () => preview(false));
    g.addEventListener("focus", () => preview(true));
    g.addEventListener("blur", () => preview(false));
  }

  /** While lines are offered, a click on a line's name that is not offered says why. */
  function forbidLines(linesOffered) {
    for (const label of coordLayer.querySelectorAll("[data-line]")) {
      const line = label.dataset.line;
      if (!linesOffered || offered.has(line)) continue;
      const [x, y] = [Number(label.getAttribute("x")), Number(label.getAttribute("y"))];
      const g = svg("g", { class: "buku-line forbidden" }, lineLayer);
      const r = Math.min(M.left, M.bottom) / 2;
      svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "buku-line-hit" }, g);
      g.dataset.forbidden = `${line}:`;
      g.setAttribute("aria-hidden", "true"); // for pointers only: keys reach the offered lines
      g.addEventListener("click", () => ctx.tryStep?.(`${line}:`));
    }
  }

  function previewLine(squares) {
    const inLine = new Set(squares);
    for (const g of squareLayer.children) g.classList.toggle("preview", inLine.has(g.dataset.square));
  }

  function drawSquareStep(step, fact, head) {
    const sq = fact.square;
    offered.set(sq, step);
    const [x, y] = centre(sq);
    const start = !head;
    const g = svg("g", { class: `buku-target ${start ? "start" : "next"}`, "data-square": sq,
      "data-target": sq, "data-x": x, "data-y": y }, stepLayer);
    svg("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: "buku-area" }, g);
    svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6,
      rx: 10, class: "buku-hit" }, g);
    let label;
    if (start) {
      label = t("buku.step.start", { square: sq, n: fact.hand_after + 1 });
    } else {
      const dir = direction(head, sq);
      const arrow = svg("text", { x, y: y - 1, class: "buku-arrow", "aria-hidden": "true" }, g);
      arrow.textContent = { up: "↑", down: "↓", left: "←", right: "→" }[dir];
      label = t("buku.step.next", { square: sq, dir: t(`buku.dir.${dir}`), n: fact.hand_after });
    }
    makeStep(g, step, label, ctx.onStep);
  }

  function direction(from, to) {
    const df = fileOf(to) - fileOf(from);
    const dr = rankOf(to) - rankOf(from);
    if (dr > 0) return "up";
    if (dr < 0) return "down";
    return df > 0 ? "right" : "left";
  }

  // --- the panel: what to do now ---------------------------------------------------------
  function renderPanel(steps) {
    const names = ctx.players();
    hint.textContent = "";
    hint.classList.remove("news");
    keys.textContent = "";
    if (!steps.length) return;
    const mover = names[shown.mover]?.name ?? "";
    if (!shown.line) {
      const orientation = current?.step_facts?.[steps[0][0]]?.orientation;
      hint.textContent = t(orientation === "file" ? "buku.hint.file" : "buku.hint.rank", { name: mover });
      keys.textContent = t("buku.keys.line");
    } else if (!shown.path.length) {
      const hand = shown.bonus
        ? t("buku.hint.hand.bonus", { n: shown.hand, lifted: shown.hand - 1 })
        : t("buku.hint.hand", { n: shown.hand });
      hint.textContent = `${hand} ${t("buku.hint.start")}`;
      keys.textContent = t("buku.keys.start");
    } else {
      hint.textContent = `${t("buku.hint.left", { n: shown.hand })} ${t("buku.hint.next")}`;
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
      const step = f >= 0 && f < 8 && r >= 0 && r < 8 ? offered.get(squareName(f, r)) : null;
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
    const f = Math.floor((point.x - M.left) / CELL);
    const r = 7 - Math.floor((point.y - M.top) / CELL);
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? squareName(f, r) : null;
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
      const step = shown.path.length ? offered.get(sq) : null;
      if (step) {
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
    if (!sq || !current || !(current.steps || []).length || !shown.line) return;
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

  let suppressClick = false;
  root.addEventListener("pointerup", () => {
    if (drag.on && drag.moved) {
      // the click that ends a drag is not a step of its own
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    drag.on = false;
  });
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

  // --- a move, drawn frame by frame ------------------------------------------------------
  async function animate(view, before) {
    const events = view.events || [];
    const lift = events.find((e) => e.type === "lift");
    if (!lift) return;
    const frames = view.frames || [];
    const names = ctx.players();
    // a move a person built step by step is on the board already up to its last square
    const built = before?.partial_facts?.line === lift.line ? before.partial_facts.path.length : -1;
    const path = [];
    shown.mover = lift.player;
    shown.last = null;
    const drawFrame = (frame) => {
      const obs = frame.observation;
      shown.counts = countsOf(obs.board);
      shown.hand = obs.hand ?? null;
      shown.captured = [];
      shown.news = "";
      if (frame.kind === "lift") {
        shown.line = lift.line;
        shown.lineSquares = lift.squares;
        shown.bonus = lift.bonus > 0;
        shown.news = t(lift.bonus ? "buku.news.bonus" : "buku.news.lift", {
          n: lift.bonus ? lift.hand : lift.pieces, line: lineName(t, lift.line),
          name: names[lift.player]?.name ?? "" });
      } else if (frame.kind === "place") {
        path.push(frame.at);
        shown.path = [...path];
      } else if (frame.kind === "capture") {
        const capture = events.find((e) => e.type === "capture");
        shown.captured = capture ? capture.squares : [];
        if (capture) {
          shown.news = t("buku.news.capture", { n: capture.total,
            name: names[capture.player]?.name ?? "" });
        }
      } else if (frame.kind === "end") {
        const end = events.find((e) => e.type === "end");
        if (end) shown.news = t(`buku.news.end.${end.reason}`);
      }
      render();
    };
    let placed = 0;
    const delay = (frame) => {
      if (frame.kind === "place") placed += 1;
      const skip = frame.kind === "lift" ? built >= 0 : frame.kind === "place" && placed <= built;
      return skip ? 0 : FRAME_MS[frame.kind] ?? 300;
    };
    await playFrames(frames, drawFrame, delay, ctx.speed(), () => alive);
    await pause(0);
  }

  function destroy() {
    alive = false;
    room.stop();
    panel.remove();
    root.remove();
  }

  return { draw, animate, focusAfterMove: focus.focus, destroy };
}

function narrate(entry, { t, players }) {
  const name = players[entry.player]?.name ?? "";
  const other = players[1 - entry.player]?.name ?? "";
  return (entry.events || []).map((event) => {
    if (event.type === "lift") {
      const line = lineName(t, event.line);
      if (event.bonus) return t("buku.log.lift.bonus", { name, line, n: event.pieces, hand: event.hand });
      return t("buku.log.lift", { name, line, n: event.pieces });
    }
    if (event.type === "place") {
      if (!event.path.length) return t("buku.log.place.none");
      return t("buku.log.place", { n: event.path.length, from: event.path[0], to: event.path.at(-1) });
    }
    if (event.type === "capture") {
      return t("buku.log.capture", { n: event.total, squares: event.squares.join(", ") });
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
  const mover = view.last_move?.player ?? 0; // who made the last move: the engine says
  const shares = end ? end.distributed : [0, 0];
  const why = t(`buku.end.${obs.end_reason}`, {
    name: players[mover]?.name ?? "", other: players[1 - mover]?.name ?? "",
    n: shares[0] + shares[1], white: shares[0], black: shares[1],
  });
  return resultText(t, players, obs, why);
}

export default { id: "buku", seatClass, createBoard, narrate, result };
