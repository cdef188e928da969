// Bakuk's view: a 2×3 board of pits. It draws an observation, offers the engine's steps,
// animates a move by drawing the engine's frames and keeps the last move marked.
import {
  svg, text, makeStep, forbidStep, markLast, arrowKeys, focusKeeper, playFrames,
  resultText,
} from "../../kit/index.js";
import { seedPositions } from "./pits.js";

const HOLES = "abcdef";
// Where each hole is drawn (the rules' order a…f runs counter-clockwise: a b c along the
// bottom, d e f back along the top), so sowing is seen going round.
const PLACE = { a: [150, 290], b: [330, 290], c: [510, 290], d: [510, 110], e: [330, 110], f: [150, 110] };
const PIT_RADIUS = 80;
const MAX_DRAWN_SEEDS = 24;
const FRAME_MS = { lift: 350, sow: 180, capture: 600 };

function createBoard(container, ctx) {
  container.replaceChildren();
  const root = svg("svg", {
    viewBox: "0 0 660 400", class: "bakuk-board", role: "group",
    "aria-roledescription": ctx.t("bakuk.board.role"),
  }, container);
  const title = svg("title", {}, root);
  drawTrack(root);
  const hand = svg("text", { x: 330, y: 208, class: "hand", "aria-hidden": "true" }, root);
  const holes = {};
  for (const name of HOLES) holes[name] = svg("g", { class: "hole" }, root);
  arrowKeys(root);
  const focus = focusKeeper(root);
  let alive = true;

  /** Draw hole `i` of `obs`; `mark` its part in the last move, `step` its step if offered. */
  function drawHole(obs, i, { step = null, mark = null, flash = "" } = {}) {
    const name = HOLES[i];
    const [x, y] = PLACE[name];
    const seeds = obs.holes[i];
    const owner = obs.owners[i];
    const player = ctx.players()[owner];
    const g = svg("g", {
      class: `hole p${owner}${step ? " legal" : ""}${flash ? " " + flash : ""}`,
      "data-hole": name, "data-count": seeds, "data-target": name,
      transform: `translate(${x} ${y})`,
    });
    holes[name].replaceWith(g);
    holes[name] = g;
    if (mark) {
      markLast(svg("circle", { r: PIT_RADIUS + 9, class: `last-ring ${mark}` }, g), mark);
      g.classList.add(`last-${mark}`);
    }
    svg("circle", { r: PIT_RADIUS, class: "pit" }, g);
    const pile = svg("g", { class: "seeds", "aria-hidden": "true" }, g);
    for (const [sx, sy] of seedPositions(Math.min(seeds, MAX_DRAWN_SEEDS), 10.5)) {
      svg("circle", { cx: sx.toFixed(1), cy: (sy + 4).toFixed(1), r: 8, class: "seed" }, pile);
    }
    // visible text in reading order: the hole's name, its count (the name spoken starts so)
    text(g, -50, -40, "label", name);
    svg("circle", { cx: 50, cy: -50, r: 25, class: "badge" }, g);
    text(g, 50, -49, "count", seeds);
    if (player) text(g, 0, 66, "owner", player.symbol);
    if (mark) text(g, -58, 58, `last-glyph ${mark}`, { origin: "↥", sown: "+", capture: "✕" }[mark]);
    const params = { hole: name, n: seeds, owner: player ? player.name : "" };
    const last = mark ? ` ${ctx.t(`bakuk.last.${mark}`)}` : "";
    if (step) makeStep(g, step, ctx.t("bakuk.hole.play", params) + last, ctx.onStep);
    else forbidStep(g, name, ctx.t("bakuk.hole", params) + last, ctx);
  }

  /** Which holes the last move touched: {hole: "origin" | "sown" | "capture"}. */
  function lastMarks(events) {
    const marks = {};
    for (const event of events || []) {
      if (event.type === "sow") {
        for (const name of event.path) marks[name] = "sown";
        marks[event.hole] = "origin";
      } else if (event.type === "capture") {
        for (const name of event.holes) marks[name] = "capture";
      }
    }
    return marks;
  }

  function draw(view) {
    const obs = view.observation || view;
    const hadFocus = focus.hadFocus();
    const offered = new Set((view.steps || []).map(([step]) => step));
    const marks = lastMarks(view.events);
    HOLES.split("").forEach((name, i) => drawHole(obs, i, {
      step: offered.has(name) ? name : null, mark: marks[name] || null,
    }));
    title.textContent = ctx.t("bakuk.board.title");
    hand.textContent = "";
    if (hadFocus) focus.focus();
  }

  /** A frame of the move: the position after one of its steps (lift, a seed sown, a capture). */
  function drawFrame(frame) {
    const obs = frame.observation;
    HOLES.split("").forEach((name, i) => {
      const flash = name !== frame.at ? "" : frame.kind === "lift" ? "origin"
        : frame.kind === "sow" ? "sown" : "captured";
      drawHole(obs, i, { flash });
    });
    const inHand = obs.hand ?? 0;
    hand.textContent = inHand ? ctx.t("bakuk.hand", { n: inHand }) : "";
  }

  async function animate(view) {
    await playFrames(view.frames, drawFrame, (f) => FRAME_MS[f.kind] ?? 200, ctx.speed(),
      () => alive);
    hand.textContent = "";
  }

  function destroy() {
    alive = false;
    root.remove();
  }

  return { draw, animate, focusAfterMove: focus.focus, destroy };
}

function drawTrack(root) {
  // The sowing direction, drawn as a ring of arrows round the pits.
  const defs = svg("defs", {}, root);
  const marker = svg("marker", { id: "bakuk-arrow", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
  svg("path", { d: "M0 0 L10 5 L0 10 z", class: "arrow-head" }, marker);
  const sides = ["M 250 388 L 410 388", "M 642 250 L 642 150", "M 410 12 L 250 12",
    "M 18 150 L 18 250"];
  for (const d of sides) svg("path", { d, class: "track", "marker-end": "url(#bakuk-arrow)" }, root);
}

function narrate(entry, { t, players }) {
  const name = players[entry.player]?.name ?? "";
  return entry.events.map((event) => {
    if (event.type === "sow") return t("bakuk.log.sow", { name, hole: event.hole, n: event.seeds });
    if (event.type === "capture") {
      return t("bakuk.log.capture", { n: event.total, holes: event.holes.join(", ") });
    }
    if (event.type === "end") return t(`bakuk.log.end.${event.reason}`);
    return "";
  });
}

function result(view, { t, players }) {
  const obs = view.observation;
  return resultText(t, players, obs, t(`bakuk.end.${obs.end_reason}`));
}

export default { id: "bakuk", createBoard, narrate, result };
