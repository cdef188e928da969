// Bakuk's view: a 2×3 board of pits. It draws an observation where the engine says the holes
// stand, offers the engine's steps, animates a move by drawing the engine's frames and keeps
// the last move marked.
import print from "./print.js";
import {
  svg, text, makeStep, forbidStep, markLast, arrowKeys, focusKeeper, playFrames, renew,
  resultText,
} from "../../kit/index.js";
import { PIT_RADIUS, drawTrack, placesOf } from "./layout.js";
import { seedPositions } from "./pits.js";
import notes from "./notes.js"; // the notes for teachers (teacher.js)

const MAX_DRAWN_SEEDS = 24;
const FRAME_MS = { lift: 350, sow: 180, capture: 600 };
const LAST_GLYPH = { origin: "↥", sown: "+", capture: "✕" };

function createBoard(container, ctx) {
  container.replaceChildren();
  const root = svg("svg", { class: "bakuk-board", role: "group",
    "aria-roledescription": ctx.t("bakuk.board.role") }, container);
  const title = svg("title", {}, root);
  const board = svg("g", {}, root);
  arrowKeys(root);
  const focus = focusKeeper(root);
  let layout = null; // the holes' places, made once from the engine's rows
  let hand = null;
  const holes = {};
  let alive = true;

  function lay(obs) {
    if (layout) return;
    layout = placesOf(obs.rows);
    root.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    drawTrack(board, layout.places, obs.hole_names);
    for (const name of obs.hole_names) holes[name] = svg("g", { class: "hole" }, board);
    hand = svg("text", { x: layout.width / 2, y: layout.height / 2 + 8, class: "hand",
      "aria-hidden": "true" }, board);
  }

  /** Draw hole `i` of `obs`; `mark` its part in the last move, `step` its step if offered,
   * `target` what a click on it asks (refused: the page says why). */
  function drawHole(obs, i, { step = null, target = null, mark = null, flash = "", tool = null } = {}) {
    const name = obs.hole_names[i];
    const [x, y] = layout.places[name];
    const seeds = obs.holes[i];
    const owner = obs.owners[i];
    const player = ctx.players()[owner];
    // the same node every frame: a new one put in its place between a quick tap's press
    // and release took no click (issue 43)
    const g = renew(holes[name], {
      class: `hole p${owner}${step ? " legal" : ""}${flash ? " " + flash : ""}`,
      "data-hole": name, "data-count": seeds, "data-target": name,
      transform: `translate(${x} ${y})`,
    });
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
    if (mark) text(g, -58, 58, `last-glyph ${mark}`, LAST_GLYPH[mark]);
    const params = { hole: name, n: seeds, owner: player ? player.name : "" };
    const last = mark ? ` ${ctx.t(`bakuk.last.${mark}`)}` : "";
    if (step && tool) makeStep(g, step, ctx.t("bakuk.hole.edit", { ...params, tool }), ctx.onStep);
    else if (step) makeStep(g, step, ctx.t("bakuk.hole.play", params) + last, ctx.onStep);
    else forbidStep(g, target, ctx.t("bakuk.hole", params) + last, ctx);
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
    lay(obs);
    const hadFocus = focus.hadFocus();
    const offered = new Set((view.steps || []).map(([step]) => step));
    const targets = view.targets || {};
    const marks = lastMarks(view.events);
    obs.hole_names.forEach((name, i) => drawHole(obs, i, {
      step: offered.has(name) ? name : null, target: targets[name] ?? null,
      mark: marks[name] || null, tool: view.setup?.tool ?? null, // the set-up mode's tool
    }));
    title.textContent = ctx.t("bakuk.board.title");
    hand.textContent = "";
    if (hadFocus) focus.focus();
  }

  /** A frame of the move: the position after one of its steps (lift, a seed sown, a capture).
   * A hole clicked meanwhile asks what it will ask once the move is shown (`targets`, the
   * view it leads to): the page keeps the click till then (issue 43, a quick next player's
   * click was lost). */
  function drawFrame(frame, targets) {
    const obs = frame.observation;
    obs.hole_names.forEach((name, i) => {
      const flash = name !== frame.at ? "" : frame.kind === "lift" ? "origin"
        : frame.kind === "sow" ? "sown" : "captured";
      drawHole(obs, i, { flash, target: targets[name] ?? null });
    });
    const inHand = obs.hand ?? 0;
    hand.textContent = inHand ? ctx.t("bakuk.hand", { n: inHand }) : "";
  }

  async function animate(view) {
    const targets = view.targets || {};
    await playFrames(view.frames, (frame) => drawFrame(frame, targets),
      (f) => FRAME_MS[f.kind] ?? 200, ctx.speed(), () => alive);
    hand.textContent = "";
  }

  function destroy() {
    alive = false;
    root.remove();
  }

  return { draw, animate, focusAfterMove: focus.focus, destroy };
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

function result(view, { t, players, scoresShown }) {
  const obs = view.observation;
  return resultText(t, players, obs, t(`bakuk.end.${obs.end_reason}`), { scoresShown });
}

/** The key to the last move's marks, in one line (shown on demand). */
function legend({ t }) {
  return t("bakuk.legend", LAST_GLYPH);
}

export default { id: "bakuk", createBoard, narrate, result, legend, notes, print };
