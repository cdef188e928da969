// Bolonki's view: an 8×8 board of pieces that all look the same from above. It draws an
// observation (every piece "?" unless the game is a practice game), offers the engine's
// steps (what each is: `step_facts`), keeps the last move marked and animates a move's
// events. The colours, edges and shapes come from the engine. No rule is decided here.
//
// Hidden information: the page never holds the colour of a face-down piece. It sees colours
// only (a) in the public set-up (`start_colours`, sent by the engine before the first move),
// shown during the "memorise" countdown, and (b) in a reveal or challenge event (the flip
// everyone saw): the piece is shown face up for a moment, turned face down again, and the
// colour is then deleted from the event (which the page also keeps in its log).
import {
  svg, roomOf, makeStep, forbidStep, markLast, pause, focusToward, focusKeeper, button,
  glyph, setting as storedSetting, keepSetting, resultText,
} from "../../kit/index.js";
import { BUILD } from "../../build-info.js";
import { CELL, FILES, SIDE, SQUARES, centreOf, fileOf, isSlim, rankOf } from "../../kit/grid.js";

const WIDE_MARGIN = 64; // coordinates and the groups' bands round the board
const SLIM_MARGIN = 20; // phones: the squares as large as the room allows
const TINY_MARGIN = 2; // a small embed: the board alone (the scores say what is out)
const TINY_BELOW_PX = 300;
const RADIUS = 30;
const MEMORISE_CHOICES = [5, 10, 20, 30, 60]; // seconds
const WAIT_CHOICES = [3, 6, 10, 20, 0]; // seconds before the computers go on; 0: wait for me
const FLIP_MS = 180; // each half of a flip
const SHOW_MS = 1500; // a flipped piece stays face up this long…
const STILL_SHOW_MS = 600; // …or this long, without any motion, for reduced motion
const HOP_MS = 260;

// --- small helpers ---------------------------------------------------------------------------
const COLOURS = BUILD.games.bolonki?.facts?.colours || {};
const shapeOf = (colour) => glyph(COLOURS[colour]?.symbol);

function setting(name, choices, fallback) {
  const value = Number(storedSetting("bolonki", name, NaN));
  return choices.includes(value) ? value : fallback;
}

function colourName(t, c) {
  return t(`bolonki.colour.${c}`);
}

// one class token per player, named by his colours (the page adds it with classList.add)
const seatClass = (fact) => `bolonki-${fact.colours.join("")}`;

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  // the layout: wide margins (coordinates, bands) when there is room, slim ones otherwise
  let MARGIN = WIDE_MARGIN;
  let TOTAL = SIDE + 2 * MARGIN;
  const centre = (sq) => centreOf(sq, { left: MARGIN, top: MARGIN });
  const place = (el, sq) => {
    const [x, y] = centre(sq);
    el.style.transform = `translate(${x}px, ${y}px)`;
  };
  const polyline = (parent, squares, cls) => svg("polyline", {
    points: squares.map((sq) => centre(sq).join(",")).join(" "), class: cls }, parent);
  const root = svg("svg", {
    class: "bolonki-board", role: "group", "aria-roledescription": t("bolonki.board.role"),
  }, container);
  const room = roomOf(container); // a new size shows at the next draw
  function fitLayout() {
    const [w, h] = [room.size()[0], room.size()[1] || Infinity];
    const slim = isSlim([w, h]);
    MARGIN = !slim ? WIDE_MARGIN : w < TINY_BELOW_PX ? TINY_MARGIN : SLIM_MARGIN;
    TOTAL = SIDE + 2 * MARGIN;
    root.setAttribute("viewBox", `0 0 ${TOTAL} ${TOTAL}`);
    root.classList.toggle("slim", slim);
  }
  fitLayout();
  const title = svg("title", {}, root);
  const margins = svg("g", { class: "bk-margins" }, root);
  const squares = svg("g", { class: "bk-squares" }, root);
  const marks = svg("g", { class: "bk-marks", "aria-hidden": "true" }, root);
  const pieceLayer = svg("g", { class: "bk-pieces" }, root);
  const stepLayer = svg("g", { class: "bk-steps" }, root);
  const banner = svg("g", { class: "bk-banner", "aria-hidden": "true" }, root);
  gridKeys(root, ctx);
  const focus = focusKeeper(root);

  // the view's own controls: what happens now (memorise, challenge), who lost a turn, times
  const box = document.createElement("div");
  box.className = "bk-controls";
  const actions = document.createElement("div");
  actions.className = "bk-actions";
  const news = document.createElement("p"); // the page's live region says it: no aria-live
  news.className = "bk-news";
  const status = document.createElement("ul");
  status.className = "bk-status";
  const settings = document.createElement("details");
  settings.className = "bk-settings";
  box.append(actions, news, status, settings);
  ctx.controls.append(box);

  const shown = { pieces: {} }; // square -> "?" or a colour letter, as drawn now
  const memo = { state: "idle", key: "", timer: null, deadline: 0, colours: null };
  const hold = { ply: -1, released: -1, timer: null, deadline: 0 };
  let lastView = null;
  let animating = false;
  let alive = true;
  let layoutKey = "";

  // --- drawing -------------------------------------------------------------------------
  function draw(view) {
    const obs = view.observation || view;
    const hadFocus = focus.hadFocus();
    if (!animating) fitLayout();
    const key = root.getAttribute("viewBox");
    if (key !== layoutKey) {
      layoutKey = key;
      drawSquares(view);
    }
    lastView = view;
    if (view.ply < hold.ply) hold.released = hold.ply = -1; // undone: plies come round again
    followMemorise(view, obs);
    const faces = facesOf(obs);
    const path = pathOf(view);
    shown.pieces = faces;
    drawMargins(obs);
    drawMarks(view, path);
    drawPieces(faces, path);
    const offered = memo.state === "running" || animating ? [] : view.steps || [];
    drawSteps(offered, view.step_facts || {}, path);
    forbidSquares(view, path, offered);
    title.textContent = t("bolonki.board.title");
    renderControls(view, obs);
    if (hadFocus) focus.focus();
  }

  /** The squares of the move being built (the engine's facts of its partial move). */
  function pathOf(view) {
    return view.partial_facts?.path || [];
  }

  function drawSquares() {
    squares.replaceChildren();
    for (const sq of SQUARES) {
      const [x, y] = centre(sq);
      svg("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
        class: (fileOf(sq) + rankOf(sq)) % 2 ? "bk-light" : "bk-dark", "data-cell": sq },
      squares);
    }
    svg("rect", { x: MARGIN, y: MARGIN, width: SIDE, height: SIDE, class: "bk-frame" }, squares);
  }

  /** A click on a square that is not offered: the page says why it cannot be played. */
  function forbidSquares(view, path, offered) {
    if (!offered.length || memo.state === "running") return;
    const taken = new Set(offered.map(([step]) => view.step_facts?.[step]?.to ??
      view.step_facts?.[step]?.square));
    for (const cell of squares.querySelectorAll("[data-cell]")) {
      const sq = cell.dataset.cell;
      if (taken.has(sq)) continue;
      const step = path.length ? `${view.partial}-${sq}` : sq; // what that click would mean
      cell.onclick = () => ctx.tryStep?.(step);
    }
  }

  function facesOf(obs) {
    const faces = { ...obs.pieces };
    if (memo.state === "running" && memo.colours) {
      for (const sq of Object.keys(faces)) faces[sq] = memo.colours[sq] || "?";
    }
    return faces;
  }

  let marginsKey = "";
  function drawMargins(obs) {
    // redrawn only when they change (32 coordinates and the bands): most moves leave them
    const key = JSON.stringify([MARGIN, obs.out, obs.start_edges, document.documentElement.lang]);
    if (key === marginsKey) return;
    marginsKey = key;
    margins.replaceChildren();
    const slim = MARGIN !== WIDE_MARGIN;
    for (let i = 0; i < 8 && !slim; i++) {
      const x = MARGIN + i * CELL + CELL / 2;
      const y = MARGIN + (7 - i) * CELL + CELL / 2;
      label(margins, x, MARGIN - 12, FILES[i], "bk-coord");
      label(margins, x, MARGIN + SIDE + 12, FILES[i], "bk-coord");
      label(margins, MARGIN - 12, y, String(i + 1), "bk-coord");
      label(margins, MARGIN + SIDE + 12, y, String(i + 1), "bk-coord");
    }
    const out = MARGIN === TINY_MARGIN ? {} : obs.out || {};
    for (const colour of Object.keys(out)) {
      const edge = obs.start_edges?.[colour] ?? COLOURS[colour]?.start_edge;
      const g = svg("g", { class: `bk-band bk-${colour}`, "data-band": colour }, margins);
      const thick = slim ? MARGIN - 4 : 40;
      const inner = slim ? 2 : 22; // the coordinates sit between the board and the band
      const long = SIDE - 2 * CELL; // the six start squares
      const [x, y, w, h, rot] = {
        south: [MARGIN + CELL, MARGIN + SIDE + inner, long, thick, 0],
        north: [MARGIN + CELL, MARGIN - inner - thick, long, thick, 0],
        west: [MARGIN - inner - thick, MARGIN + CELL, thick, long, -90],
        east: [MARGIN + SIDE + inner, MARGIN + CELL, thick, long, 90],
      }[edge];
      svg("rect", { x, y, width: w, height: h, rx: 8, class: "bk-band-fill" }, g);
      const cx = x + w / 2;
      const cy = y + h / 2;
      const text = svg("text", {
        x: cx, y: cy, class: "bk-band-text", transform: `rotate(${rot} ${cx} ${cy})`,
      }, g);
      const arrow = { south: "↑", north: "↓", west: "→", east: "←" }[edge];
      text.textContent = t("bolonki.band", {
        symbol: shapeOf(colour), colour: colourName(t, colour), n: out[colour], arrow,
      });
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", t("bolonki.band.label", {
        colour: colourName(t, colour), n: out[colour],
      }));
    }
  }

  /** The last move's squares, from its events: {path, from, to, flipped}. */
  function lastOf(events) {
    const last = { path: [], flipped: null };
    for (const event of events || []) {
      if (event.type === "move") last.path = event.path;
      else if (event.type === "reveal" || event.type === "challenge") {
        last.flipped = event.square;
        if (event.to && event.to !== event.square) last.back = event.to;
      }
    }
    return last;
  }

  function drawMarks(view, path) {
    marks.replaceChildren();
    const last = lastOf(view.events);
    if (last.path.length || last.flipped) { // marked until the next move is made, not begun
      const mark = (sq, kind, cls) => {
        const [x, y] = centre(sq);
        markLast(svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6,
          height: CELL - 6, class: cls }, marks), kind);
        return [x, y];
      };
      if (last.path.length) {
        mark(last.path[0], "origin", "bk-last-from");
        const [x, y] = mark(last.path.at(-1), "to", "bk-last-to");
        polyline(marks, last.path, "bk-last-path");
        svg("circle", { cx: x + CELL / 2 - 12, cy: y - CELL / 2 + 12, r: 7, class: "bk-last-dot" },
          marks);
      }
      if (last.flipped) {
        const [x, y] = mark(last.flipped, "flip", "bk-last-flip");
        label(marks, x - CELL / 2 + 14, y - CELL / 2 + 14, "?", "bk-last-glyph");
      }
      if (last.back) mark(last.back, "back", "bk-last-from");
    }
    if (path.length) {
      const [x, y] = centre(path[0]);
      svg("rect", { x: x - CELL / 2 + 4, y: y - CELL / 2 + 4, width: CELL - 8, height: CELL - 8,
        class: "bk-origin" }, marks);
      if (path.length > 1) polyline(marks, path, "bk-path");
    }
  }

  function drawPieces(faces, path) {
    pieceLayer.replaceChildren();
    const moving = path.length > 1 ? path[0] : null;
    for (const [sq, face] of Object.entries(faces)) {
      const at = sq === moving ? path.at(-1) : sq;
      const el = piece(face, at);
      if (sq === moving) el.classList.add("lifted");
      if (path.length === 1 && sq === path[0]) el.classList.add("selected");
      pieceLayer.append(el);
    }
  }

  function piece(face, sq) {
    const g = svg("g", { class: "bk-piece", "data-square": sq });
    place(g, sq);
    const inner = svg("g", { class: "bk-face" }, g);
    svg("circle", { r: RADIUS, class: "bk-disc" }, inner);
    svg("circle", { r: RADIUS - 9, class: "bk-ring" }, inner);
    const mark = svg("text", { class: "bk-mark", y: 1 }, inner);
    setFace(g, face, mark);
    return g;
  }

  function setFace(g, face, mark = g.querySelector(".bk-mark")) {
    for (const c of "BYRG") g.classList.remove(`bk-${c}`);
    const sq = g.dataset.square;
    if (face && face !== "?") {
      g.dataset.face = "up";
      g.dataset.colour = face;
      g.classList.add(`bk-${face}`);
      mark.textContent = shapeOf(face);
      g.setAttribute("aria-label", t("bolonki.piece.up", { square: sq, colour: t(`bolonki.piece.${face}`) }));
    } else {
      g.dataset.face = "down";
      delete g.dataset.colour;
      mark.textContent = "";
      g.setAttribute("aria-label", t("bolonki.piece.down", { square: sq }));
    }
    g.setAttribute("role", "img");
  }

  function drawSteps(steps, facts, path) {
    stepLayer.replaceChildren();
    for (const [step] of steps) {
      const fact = facts[step];
      if (!fact || !["piece", "step", "jump"].includes(fact.kind)) continue; // controls offer
      const pick = fact.kind === "piece";
      const jump = fact.kind === "jump";
      const sq = pick ? fact.square : fact.to;
      const [x, y] = centre(sq);
      const g = svg("g", { class: `bk-target ${pick ? "pick" : jump ? "jump" : "to"}`,
        "data-square": sq, "data-target": sq, "data-x": x, "data-y": y }, stepLayer);
      // the whole square is the target; the outline is drawn inside it
      svg("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: "bk-area" }, g);
      svg("rect", { x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6,
        rx: 10, class: "bk-hit" }, g);
      if (!pick) svg("circle", { cx: x, cy: y, r: jump ? 14 : 11, class: "bk-dot" }, g);
      const key = pick ? "bolonki.step.pick" : jump ? "bolonki.step.jump" : "bolonki.step.to";
      makeStep(g, step, t(key, { square: sq, from: path[0] || "" }), ctx.onStep);
    }
  }

  // --- controls: memorise, challenge, lost turns, times ----------------------------------
  function renderControls(view, obs) {
    actions.replaceChildren();
    status.replaceChildren();
    renderSettings();
    if (!view.seats) return; // the opening position, drawn while the engine loads
    const names = ctx.players();
    if (memo.state === "running") {
      const left = Math.max(0, Math.ceil((memo.deadline - Date.now()) / 1000));
      const text = document.createElement("span");
      text.className = "bk-memorise";
      text.setAttribute("role", "timer");
      text.textContent = t("bolonki.memorise", { n: left });
      actions.append(text, goOn(button(t("bolonki.memorise.done"), endMemorise,
        "primary bk-ready")));
      return;
    }
    if (!view.terminal && obs.move_count === 0 && obs.start_colours && !obs.practice) {
      actions.append(button(t("bolonki.memorise.again"), () => startMemorise(obs), "bk-again"));
    }
    if (!view.terminal) {
      // the challenges people may make now (offered even while a computer is to move)
      const facts = Object.entries(view.step_facts || {});
      const challenges = facts.filter(([, f]) => f.kind === "challenge" && ctx.isHuman(f.player));
      const mover = names[view.last_move?.player]?.name ?? "";
      for (const [step, fact] of challenges) {
        const p = fact.player;
        // the button names whose move is doubted; the challenger only when several may
        const label = challenges.length > 1
          ? t("bolonki.challenge.by", { name: names[p].name, mover })
          : t("bolonki.challenge", { mover });
        const b = button(label, () => ctx.play(step), `bk-challenge ${names[p].cls}`);
        b.dataset.challenge = p;
        actions.append(b);
      }
      const pass = facts.find(([, f]) => f.kind === "pass");
      if (pass && (view.steps || []).length) {
        actions.append(button(t("bolonki.pass"), () => ctx.onStep(pass[0]), "primary bk-pass"));
      }
      if (holding(view)) {
        const wait = setting("wait", WAIT_CHOICES, 6);
        if (hold.ply !== view.ply) {
          clearTimeout(hold.timer);
          hold.ply = view.ply;
          hold.deadline = wait ? Date.now() + wait * 1000 : 0;
          if (wait) tickHold();
        }
        actions.append(goOn(button(goOnText(), release, "primary bk-go-on")));
      }
    }
    obs.barred.forEach((barred, p) => {
      if (!barred) return;
      const item = document.createElement("li");
      item.className = `bk-flag ${names[p].cls}`;
      item.dataset.player = p;
      item.dataset.flag = obs.skip_next[p] ? "skip" : "barred";
      const badge = document.createElement("span");
      badge.className = `player-badge ${names[p].cls}`;
      badge.textContent = `${names[p].symbol} ${names[p].name}`;
      const mark = document.createElement("span");
      mark.className = "bk-flag-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = obs.skip_next[p] ? "↷" : "⊘";
      item.append(mark, " ", badge, " ",
        t(obs.skip_next[p] ? "bolonki.flag.skip" : "bolonki.flag.barred"));
      status.append(item);
    });
  }

  function goOnText() {
    const left = Math.max(0, Math.ceil((hold.deadline - Date.now()) / 1000));
    return hold.deadline ? t("bolonki.go_on.count", { n: left }) : t("bolonki.go_on");
  }

  function renderSettings() {
    if (settings.childElementCount) {
      settings.querySelector("summary").textContent = t("bolonki.settings");
      for (const label of settings.querySelectorAll("label")) {
        label.firstChild.textContent = t(`bolonki.settings.${label.dataset.setting}`);
        for (const option of label.querySelectorAll("option")) {
          option.textContent = optionText(label.dataset.setting, Number(option.value));
        }
      }
      return;
    }
    const summary = document.createElement("summary");
    summary.textContent = t("bolonki.settings");
    settings.append(summary);
    for (const [name, choices, fallback] of [["memorise", MEMORISE_CHOICES, 10],
      ["wait", WAIT_CHOICES, 6]]) {
      const label = document.createElement("label");
      label.dataset.setting = name;
      label.append(document.createTextNode(t(`bolonki.settings.${name}`)));
      const select = document.createElement("select");
      select.dataset.setting = name;
      for (const value of choices) select.append(new Option(optionText(name, value), value));
      select.value = String(setting(name, choices, fallback));
      select.addEventListener("change", () => keepSetting("bolonki", name, select.value));
      label.append(select);
      settings.append(label);
    }
  }

  function optionText(name, value) {
    return value ? t("bolonki.seconds", { n: value }) : t("bolonki.settings.wait.0");
  }


  // --- memorise: the public set-up, face up for a few seconds ----------------------------
  function followMemorise(view, obs) {
    if (!view.seats) return;
    const key = JSON.stringify([view.options, view.seats]);
    const fresh = obs.move_count === 0 && obs.start_colours && !obs.practice && !view.terminal;
    if (!fresh) {
      if (memo.state === "running") stopMemorise();
      memo.state = "idle";
      memo.colours = null; // forget the set-up once a move is made
      if (view.ply === 0) hold.released = hold.ply = -1;
      return;
    }
    if (view.ply === 0) hold.released = hold.ply = -1;
    if (memo.state === "idle" || memo.key !== key) startMemorise(obs, key, false);
  }

  function startMemorise(obs, key = memo.key, redraw = true) {
    clearInterval(memo.timer);
    memo.state = "running";
    memo.key = key;
    memo.colours = { ...obs.start_colours };
    memo.deadline = Date.now() + setting("memorise", MEMORISE_CHOICES, 10) * 1000;
    memo.timer = setInterval(() => {
      const text = actions.querySelector(".bk-memorise");
      const left = Math.max(0, Math.ceil((memo.deadline - Date.now()) / 1000));
      if (Date.now() >= memo.deadline) endMemorise();
      else if (text) text.textContent = t("bolonki.memorise", { n: left });
    }, 250);
    if (redraw && lastView) draw(lastView);
  }

  function stopMemorise() {
    clearInterval(memo.timer);
    memo.timer = null;
  }

  function endMemorise() {
    if (memo.state !== "running") return;
    stopMemorise();
    if (!root.isConnected) return; // the page has moved on to another game
    memo.state = "done";
    memo.colours = null; // turned face down: the page keeps no colour
    if (lastView) draw(lastView);
    ctx.resume();
  }

  /** Marks a button that ends a wait early ("I remember", "go on"), for whoever drives
   * the page without reading it (the end-to-end tests). */
  function goOn(b) {
    b.dataset.action = "go-on";
    return b;
  }

  // --- the challenge window while computers would move ----------------------------------
  function holding(view) {
    const obs = view.observation;
    if (!obs || view.terminal || !view.seats) return false;
    const p = view.current_player;
    if (p === null || p < 0 || ctx.isHuman(p)) return false;
    if (hold.released === view.ply) return false;
    return (obs.can_challenge || []).some((q) => ctx.isHuman(q));
  }

  function tickHold() {
    hold.timer = setTimeout(() => {
      if (!root.isConnected || !lastView || hold.ply !== lastView.ply || !holding(lastView)) return;
      if (Date.now() >= hold.deadline) release();
      else {
        const go = actions.querySelector(".bk-go-on");
        if (go) go.textContent = goOnText();
        tickHold();
      }
    }, 250);
  }

  function release() {
    clearTimeout(hold.timer);
    if (lastView) hold.released = lastView.ply;
    if (lastView) renderControls(lastView, lastView.observation);
    ctx.resume();
  }

  function holds(view) {
    if (memo.state === "running") return true;
    return holding(view);
  }

  // --- animation -----------------------------------------------------------------------
  function pieceAt(sq) {
    return pieceLayer.querySelector(`.bk-piece[data-square="${sq}"]`);
  }

  async function flip(el, face, speed) {
    el.classList.add("turning");
    await pause(speed * FLIP_MS);
    setFace(el, face);
    el.classList.remove("turning");
    await pause(speed * FLIP_MS);
  }

  async function slide(el, squares, speed) {
    for (const sq of squares) {
      place(el, sq);
      el.dataset.square = sq;
      await pause(speed * HOP_MS);
    }
  }

  function say(text, short = "", cls = "") {
    banner.replaceChildren();
    news.textContent = text;
    news.className = `bk-news ${cls}`;
    if (!short) return;
    svg("rect", { x: MARGIN + 40, y: MARGIN + SIDE / 2 - 44, width: SIDE - 80, height: 88,
      rx: 16, class: `bk-banner-box ${cls}` }, banner);
    const line = svg("text", { x: TOTAL / 2, y: MARGIN + SIDE / 2 + 2, class: "bk-banner-text" },
      banner);
    line.textContent = short;
  }

  async function animate(view, before) {
    const speed = ctx.speed();
    const show = speed ? SHOW_MS * speed : STILL_SHOW_MS;
    const names = ctx.players();
    animating = true;
    actions.replaceChildren(); // nothing to click while the move is shown
    const beforeObs = before.observation || before;
    marks.replaceChildren(); // the move before this one is no longer the last
    drawPieces(facesOf(beforeObs), []);
    stepLayer.replaceChildren();
    try {
      for (const event of view.events) {
        const who = names[event.player];
        if (!alive) return;
        if (event.type === "move") {
          const el = pieceAt(event.path[0]);
          if (!el) continue;
          el.classList.add("lifted");
          pieceLayer.append(el); // on top of the others
          await slide(el, event.path.slice(1), speed);
          el.classList.remove("lifted");
        } else if (event.type === "reveal" || event.type === "challenge") {
          const el = pieceAt(event.square);
          if (!el) continue;
          el.classList.add("flipped");
          await flip(el, event.colour, speed);
          const piece = t(`bolonki.piece.${event.colour}`);
          const key = event.type === "reveal" ? `bolonki.say.${event.result}`
            : `bolonki.say.challenge.${event.result}`;
          const cls = event.result === "failed" || event.result === "returned" ? "bad" : "good";
          say(t(key, { piece, name: who.name, mover: names[event.mover]?.name ?? "" }),
            t(`bolonki.say.short.${event.result}`), cls);
          await pause(show);
          if (event.result === "scored") {
            el.classList.add("leaving");
            await pause(speed * 400);
            el.remove();
          } else {
            await flip(el, "?", speed);
            el.classList.remove("flipped");
            if (event.to !== event.square) await slide(el, [event.to], speed * 1.5);
          }
          say("");
          forget(event);
        } else if (event.type === "skip") {
          say(t("bolonki.say.skip", { name: who.name }), t("bolonki.say.short.skip"), "bad");
          await pause(speed * 900);
          say("");
        }
      }
    } finally {
      animating = false;
      say("");
      view.events.forEach(forget);
    }
  }

  function destroy() {
    alive = false;
    room.stop();
    stopMemorise();
    clearTimeout(hold.timer);
    box.remove();
    root.remove();
  }

  return { draw, animate, holds, focusAfterMove: focus.focus, destroy };
}

/** The piece is face down again: its colour leaves the page's memory too (the engine's
 * later answers, history included, never carry it again). */
function forget(event) {
  if (event.type === "challenge" || (event.type === "reveal" && event.result !== "scored")) {
    delete event.colour;
    delete event.owner;
  }
}

function label(parent, x, y, text, cls) {
  const el = svg("text", { x, y, class: cls, "aria-hidden": "true" }, parent);
  el.textContent = text;
  return el;
}


/** Arrow keys move the focus to the nearest step in that direction; Escape takes a step back. */
function gridKeys(root, ctx) {
  const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && ctx.partial()) {
      event.preventDefault();
      ctx.back();
      return;
    }
    const dir = DIRS[event.key];
    if (!dir) return;
    if (focusToward(root, dir)) event.preventDefault();
  });
}

function narrate(entry, { t, players }) {
  const name = (p) => players[p]?.name ?? "";
  return entry.events.map((event) => {
    switch (event.type) {
      case "move":
        return t(event.jump ? "bolonki.log.jump" : "bolonki.log.step",
          { name: name(event.player), path: event.path.join("→") });
      case "reveal":
        if (event.result === "scored") {
          return t("bolonki.log.scored", { square: event.square,
            piece: t(`bolonki.piece.${event.colour}`) });
        }
        return t("bolonki.log.returned", { square: event.square, to: event.to });
      case "challenge":
        return t(`bolonki.log.challenge.${event.result}`, {
          name: name(event.player), mover: name(event.mover), square: event.square,
          to: event.to,
        });
      case "skip":
        return t("bolonki.log.skip", { name: name(event.player) });
      case "pass":
        return t("bolonki.log.pass", { name: name(event.player) });
      case "end":
        return event.reason === "all_out"
          ? t("bolonki.log.end.all_out", { name: name(event.winner) })
          : t("bolonki.log.end.max_moves");
      default:
        return "";
    }
  });
}

/** After a failed challenge the turn line says why this player moves (again). */
function turnNote(view, { t, players }) {
  const p = view.current_player;
  const skipped = (view.events || []).find((e) => e.type === "skip" && e.player !== p);
  return skipped && players[skipped.player]
    ? t("bolonki.turn.after_skip", { name: players[skipped.player].name }) : null;
}

function result(view, { t, players }) {
  const obs = view.observation;
  return resultText(t, players, obs, t(`bolonki.end.${obs.end_reason}`, { n: obs.max_moves }));
}

/** How the log shows a move: its notation, but a challenge in words. */
function moveText(entry, { t }) {
  return entry.events.some((e) => e.type === "challenge") ? t("bolonki.move.challenge")
    : entry.move;
}

export default {
  id: "bolonki", seatClass, createBoard, narrate, result, moveText, turnNote,
  reactions: true,
  holdComputers: (view, board) => board?.holds?.(view) ?? false,
};
