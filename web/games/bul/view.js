// The Bul family's view: a road of cells between two bases, units drawn as stacks of discs,
// and four beans thrown for a move. It draws an observation, offers exactly the engine's
// steps (what each one is comes in `step_facts`: a value to use first, a unit, the base, a
// pass), keeps the last move marked and animates a move by drawing the engine's frames.
// Every rule fact (sides, bases, directions, the beans and their odds, the throws used, what
// a click asks, the end) is the engine's word.
//
// This module wires the board's parts: layout.js (the road's shape for the room it has),
// road.js (cells, bases, fire, the last move), pieces.js (the men), panel.js (the beans
// thrown), gestures.js (what clicks and keys mean), controls.js (the buttons beside the
// board), words.js (the log's sentences and the end's).
import print from "./print.js";
import {
  arrowKeys, focusKeeper, keyedLayer, pause, playFrames, roomOf, svg, wordFloor,
} from "../../kit/index.js";
import { tumbling } from "./beans.js";
import { buildControls, waitsForThrow } from "./controls.js";
import { clicks, offers, spaceThrows } from "./gestures.js";
import { bestGeometry, roadFacts } from "./layout.js";
import { drawPanel } from "./panel.js";
import { drawPieces } from "./pieces.js";
import { drawLast, drawRoad } from "./road.js";
import { bannerText, moveDeed, moveText, narrate, result } from "./words.js";
import notes from "./notes.js"; // the notes for teachers (teacher.js)
import { addRoomPage } from "../../links/rooms.js";
import { GAME_VIEWS } from "../index.js"; // read when a page is asked for, not at import

// the bean lab, a page beside the table (`labs`): its code and strings fetched when it opens
addRoomPage("beans", () => import("./beans-lab.js"),
  { offers: (game) => Boolean(GAME_VIEWS[game]?.labs?.includes("beans")) });

const FRAME_MS = { lift: 150, "pass-row": 170, land: 250, capture: 800, burn: 900, home: 700,
  dissolve: 700, "free-captives": 800, pass: 900 };
const BANNER = { capture: "capture", burn: "burn", home: "home", dissolve: "dissolve",
  "free-captives": "free-captives", pass: "pass" }; // frame kind -> the event it shows
const TUMBLE = [0, 1, 2, 3]; // the moments of a throw in the air
const FLASH = { land: "land", capture: "capture", burn: "burn", home: "home", dissolve: "home" };

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  const root = svg("svg", { class: "bul-board", role: "group",
    "aria-roledescription": t("bul.board.role") }, container);
  const title = svg("title", {}, root);
  const roadLayer = svg("g", { class: "road" }, root);
  const lastLayer = svg("g", { class: "last" }, root);
  const drawMen = keyedLayer(svg("g", { class: "pieces" }, root)); // the same piles each frame
  const panelLayer = svg("g", { class: "beans-panel" }, root);
  arrowKeys(root);
  const focus = focusKeeper(root);
  const controls = buildControls(ctx);
  // what is drawn: the page's view, the observation shown (a frame's while animating), a
  // row flashed, a banner and a throw in the air
  const shown = { view: null, obs: null, flash: null, banner: "", tumble: null };
  let geo = null;
  let geoKey = "";
  let animating = false;
  let next = null; // while a move is shown: the view it leads to, whose targets a click asks
  let alive = true;
  const click = clicks(ctx, () => (animating ? next : shown.view));
  const stopKeys = spaceThrows(root, controls.canThrow, ctx);
  // the road changes shape when the room for the board does
  const room = roomOf(container, ([width, height]) => {
    if (!shown.view || animating || !geo) return;
    if (shapeOf(bestGeometry(roadFacts(shown.obs), width || 1200, height, wordFloor())) !== shapeOf(geo)) {
      draw(shown.view);
    }
  });

  const obsOf = (view) => view.observation || view;
  /** What of a road's shape the room decides: redrawn when it changes. */
  const shapeOf = (shape) => `${shape.cols}/${shape.minFont ?? ""}`;

  function ensureGeometry(obs) {
    const facts = roadFacts(obs);
    const [width, height] = room.size();
    const shape = bestGeometry(facts, width || 1200, height, wordFloor());
    const key = JSON.stringify([obs.length, shapeOf(shape), [...facts.bases], obs.fire,
      obs.side_names, t("bul.base.label", { side: "" })]);
    if (key === geoKey) return;
    geoKey = key;
    geo = shape;
    // on paper (the print kit: `ctx.print`) the road alone: the beans panel is the screen's
    const top = ctx.print ? geo.panel.y + geo.panel.h : 0;
    root.setAttribute("viewBox", `0 ${top} ${geo.width} ${geo.height - top}`);
    root.classList.toggle("narrow", geo.narrow);
    // compact: no word drawn smaller than the floor, whatever the drawing's scale
    root.classList.toggle("compact", Boolean(geo.compact));
    // either road: its words no smaller than the screen's floor (the kit's `wordFloor`)
    root.style.setProperty("--bul-min", geo.minFont ? `${geo.minFont}px` : "");
    drawRoad(roadLayer, geo, obs, t);
  }

  /** A person's step sent to the engine (the table says so): where it ends a move and every
   * seat is a person's (one device passed round), the next player's throw may be clicked
   * while the move is on its way. */
  function stepSent(step) {
    const view = shown.view;
    const ends = (view?.steps || []).some(([each, whole]) => each === step && whole);
    const people = view?.seats?.length > 0 && view.seats.every((seat) => seat === "human");
    if (ends && people) controls.throwMayFollow();
  }

  function draw(view) {
    const obs = obsOf(view);
    const hadFocus = focus.hadFocus();
    Object.assign(shown, { view, obs, flash: null, banner: "", tumble: null });
    ensureGeometry(obs);
    title.textContent = t("bul.board.title", { variant: t(`option.bul.variant.${obs.variant}`) });
    render(animating ? [] : view.steps || [], view.step_facts || {});
    drawLast(lastLayer, geo, animating ? [] : view.events);
    controls.update(view, obs, animating);
    if (hadFocus) focus.focus();
  }

  /** The men and the beans panel from `shown`, offering `steps`. */
  function render(steps, facts = {}) {
    const { view, obs } = shown;
    const offer = offers(steps, facts);
    // the set-up mode: a click edits a row or a base with the tool chosen (editor.js)
    const setup = view.setup ? { tool: view.setup.tool, steps: new Set(steps.map(([s]) => s)) }
      : null;
    drawPieces(drawMen, geo, obs, { offer, clicks: click, flash: shown.flash,
      players: ctx.players(), t, setup });
    renderPanel(offer);
  }

  /** The beans' panel alone (the road unchanged: a throw in the air). */
  function renderPanel(offer = offers([], {})) {
    if (ctx.print) return;
    const { view, obs } = shown;
    drawPanel(panelLayer, { geo, obs, offer, clicks: click, players: ctx.players(), t,
      chosen: view.partial_facts?.value, banner: shown.banner, tumble: shown.tumble,
      waiting: waitsForThrow(view) && !animating });
  }

  // --- a move, drawn frame by frame ------------------------------------------------------
  async function animate(view) {
    const speed = ctx.speed();
    const events = [...(view.events || [])];
    animating = true;
    next = view;
    controls.update(view, obsOf(view), true);
    try {
      for (const frame of view.frames || []) {
        if (!alive) return;
        Object.assign(shown, { obs: frame.observation, flash: null, banner: "", tumble: null });
        if (frame.kind === "throw") {
          const event = events.find((e) => e.type === "throw");
          if (event && speed) await tumble(event, speed);
          continue;
        }
        const shows = BANNER[frame.kind];
        const event = shows ? events.find((e) => e.type === shows) : null;
        if (event) {
          events.splice(events.indexOf(event), 1);
          shown.banner = bannerText(t, ctx.players(), event);
        }
        if (frame.at && FLASH[frame.kind]) shown.flash = { row: frame.at, kind: FLASH[frame.kind] };
        render([]);
        await pause(speed * (FRAME_MS[frame.kind] ?? 200));
      }
    } finally {
      animating = false;
      next = null;
    }
  }

  /** The beans of a throw in the air a moment, then as they fell. */
  async function tumble(event, speed) {
    // the road is drawn once, the beans every frame: a base drawn anew each 90 ms between a
    // quick click's press and release took no click at all (issue 43, a base clicked while
    // the beans fell was lost now and then)
    render([]);
    await playFrames(TUMBLE, (step) => {
      shown.tumble = { index: event.index, fall: tumbling(shown.obs, event.value + event.index, step) };
      renderPanel();
    }, () => 90, speed, () => alive);
    shown.tumble = null;
    renderPanel();
    await pause(speed * 350);
  }

  function destroy() {
    alive = false;
    room.stop();
    stopKeys();
    controls.remove();
    root.remove();
  }

  return { draw, animate, stepSent, focusAfterMove: focus.focus, destroy };
}

export default {
  id: "bul", createBoard, narrate, result, moveText, moveDeed, waitsForThrow, notes, print,
  labs: ["beans"],
  // on a landscape laptop, the panel (the throw, the counts, the rule set) beside the road: its
  // cells 75 px wide there (63 on a road of 21 rows), 53 (40) under it
  layout: "beside",
};
