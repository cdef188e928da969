// Bakuk's view: a 2×3 board of pits. It draws an observation, highlights the legal holes
// (the engine's steps) and animates the events of a move. No rule is decided here.
import { svg, makeStep, arrowKeys, pause, seedPositions } from "./svg.js";

const HOLES = "abcdef";
// South's holes a b c run left to right along the bottom; North's d e f run back along
// the top (d faces c): sowing goes round counter-clockwise.
const PLACE = { a: [150, 290], b: [330, 290], c: [510, 290], d: [510, 110], e: [330, 110], f: [150, 110] };
const PIT_RADIUS = 80;
const MAX_DRAWN_SEEDS = 24;
const SYMBOLS = ["●", "▲", "■"];

function players(options, t) {
  const n = options.players || 2;
  return Array.from({ length: n }, (_, p) => ({
    name: t(`bakuk.player.${n}.${p}`),
    symbol: SYMBOLS[p],
    cls: `p${p}`,
  }));
}

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
  const shown = { holes: [6, 6, 6, 6, 6, 6], owners: [0, 0, 0, 1, 1, 1] };

  function drawHole(i, { legal = false, state = "" } = {}) {
    const name = HOLES[i];
    const [x, y] = PLACE[name];
    const seeds = shown.holes[i];
    const owner = shown.owners[i];
    const player = ctx.players()[owner];
    const old = holes[name];
    const g = svg("g", {
      class: `hole p${owner}${legal ? " legal" : ""}${state ? " " + state : ""}`,
      "data-hole": name, "data-count": seeds, transform: `translate(${x} ${y})`,
    });
    old.replaceWith(g);
    holes[name] = g;
    svg("circle", { r: PIT_RADIUS, class: "pit" }, g);
    const pile = svg("g", { class: "seeds", "aria-hidden": "true" }, g);
    for (const [sx, sy] of seedPositions(Math.min(seeds, MAX_DRAWN_SEEDS), 10.5)) {
      svg("circle", { cx: sx.toFixed(1), cy: (sy + 4).toFixed(1), r: 8, class: "seed" }, pile);
    }
    const text = (x, y, cls, content) => {
      const el = svg("text", { x, y, class: cls, "aria-hidden": "true" }, g);
      el.textContent = content;
    };
    text(-50, -40, "label", name);
    svg("circle", { cx: 50, cy: -50, r: 25, class: "badge" }, g);
    text(50, -49, "count", seeds);
    if (player) text(0, 66, "owner", player.symbol);
    const owned = player ? player.name : "";
    if (legal) {
      makeStep(g, name, ctx.t("bakuk.hole.play", { hole: name, n: seeds, owner: owned }),
        ctx.onStep);
    } else {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", ctx.t("bakuk.hole", { hole: name, n: seeds, owner: owned }));
    }
  }

  function draw(view) {
    const obs = view.observation || view;
    const hadFocus = root.contains(document.activeElement);
    shown.holes = [...obs.holes];
    shown.owners = [...obs.owners];
    const legal = new Set((view.steps || []).map(([step]) => step));
    HOLES.split("").forEach((name, i) => drawHole(i, { legal: legal.has(name) }));
    title.textContent = ctx.t("bakuk.board.title");
    hand.textContent = "";
    if (hadFocus) (root.querySelector("[data-step]") || root).focus?.();
  }

  async function animate(view) {
    const speed = ctx.speed();
    for (const event of view.events) {
      if (event.type === "sow") {
        const origin = HOLES.indexOf(event.hole);
        let inHand = shown.holes[origin];
        shown.holes[origin] = 0;
        drawHole(origin, { state: "origin" });
        const delay = speed * Math.max(60, Math.min(220, 1600 / event.path.length));
        for (const name of event.path) {
          hand.textContent = ctx.t("bakuk.hand", { n: inHand });
          await pause(delay);
          const i = HOLES.indexOf(name);
          shown.holes[i] += 1;
          inHand -= 1;
          drawHole(i, { state: "sown" });
        }
        hand.textContent = "";
        await pause(delay);
      } else if (event.type === "capture") {
        for (const name of event.holes) drawHole(HOLES.indexOf(name), { state: "captured" });
        await pause(speed * 700);
        for (const name of event.holes) {
          shown.holes[HOLES.indexOf(name)] = 0;
          drawHole(HOLES.indexOf(name), { state: "emptied" });
        }
        await pause(speed * 250);
      }
    }
  }

  return { draw, animate };
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

function scores(obs) {
  return obs.captured;
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
  const scoresText = players.map((p, i) => `${p.name} ${obs.captured[i]}`).join(" · ");
  const why = t(`bakuk.end.${obs.end_reason}`);
  if (obs.winner === null) return `${why} ${t("result.draw")} (${scoresText})`;
  return `${why} ${t("result.win", { name: players[obs.winner].name })} (${scoresText})`;
}

export default { id: "bakuk", players, createBoard, scores, narrate, result };
