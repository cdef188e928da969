// Buku's view: an 8×8 board where every square holds a pile of pieces. It draws an
// observation, offers the engine's steps (a line to empty, then the squares of the path one
// by one), keeps the last move marked and animates a move by drawing the engine's frames.
// No rule is decided here, no notation written or read: the engine says what each step is
// (`step_facts`), what any other click would ask (`targets`) and, while a move is built, the
// board as it would stand (`partial_facts`: the line emptied, one more piece on every square
// of the path so far, the pieces still in hand with White's 65th piece).
//
// The modules, one job each: layout.js (where things are), drawing.js (the board as shown),
// steps.js (what can be clicked), gestures.js (keys and drags), panel.js (the words under
// the board), animation.js (a move in time), words.js (the log's and the end's sentences).
import print from "./print.js";
import { svg, roomOf, focusKeeper } from "../../kit/index.js";
import { SQUARES, fileOf, rankOf } from "../../kit/grid.js";
import { animateMove } from "./animation.js";
import { createDrawing } from "./drawing.js";
import { attachGestures } from "./gestures.js";
import { createLayout } from "./layout.js";
import { createPanel } from "./panel.js";
import { createSteps } from "./steps.js";
import { logWords, moveName, narrate, result } from "./words.js";
import notes from "./notes.js"; // the notes for teachers (teacher.js)

/** {square: pieces} of an observation's board (board[r][f]). */
function countsOf(board) {
  const counts = {};
  for (const sq of SQUARES) counts[sq] = board[rankOf(sq)][fileOf(sq)];
  return counts;
}

/** The last move's marks, from its events: the line emptied, the path, the captures. */
function lastMove(events) {
  const lift = (events || []).find((e) => e.type === "lift");
  const place = (events || []).find((e) => e.type === "place");
  const capture = (events || []).find((e) => e.type === "capture");
  return lift ? { line: lift.line, squares: lift.squares, path: place ? place.path : [],
    captured: capture ? capture.squares : [] } : null;
}

const seatClass = (fact) => `buku-${fact.colours[0]}`;

function createBoard(container, ctx) {
  container.replaceChildren();
  // drawn from the top of its room, not its middle: on a phone the room under the board
  // shrinks as a move is begun ("Undo step", the hand's longer words), and a centred board
  // moved its squares 33 px up under the finger between a move's two taps (issue 43)
  const root = svg("svg", {
    class: "buku-board", role: "group", "aria-roledescription": ctx.t("buku.board.role"),
    preserveAspectRatio: "xMidYMin meet",
  }, container);
  const title = svg("title", {}, root);
  const defs = svg("defs", {}, root);
  const hatch = svg("pattern", { id: "buku-hatch", width: 12, height: 12,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("rect", { width: 5, height: 12, class: "buku-hatch" }, hatch);
  const layers = {};
  for (const name of ["hand", "coords", "squares"]) {
    layers[name] = svg("g", { class: `buku-${name}` }, root);
  }
  layers.coords.setAttribute("aria-hidden", "true");
  const frame = svg("rect", { class: "buku-frame" }, root);
  for (const name of ["last", "path", "lines", "steps"]) {
    layers[name] = svg("g", { class: `buku-${name}` }, root);
  }
  layers.path.setAttribute("aria-hidden", "true");

  // a new size shows at the next draw, or at once when it changes the margins (the set-up
  // folding away after the first draw, a small embed's panel taking its column)
  const room = roomOf(container, () => {
    if (!current || animating || !alive) return;
    const drawn = layout.margins();
    layout.fit();
    if (layout.margins() !== drawn) draw(current);
  });
  const layout = createLayout(root, room);
  const drawing = createDrawing(layers, layout, ctx);
  const steps = createSteps(layers, layout, drawing, ctx);
  const panel = createPanel(ctx);

  // What is drawn now: `draw` fills it from a view, a frame changes it during a move.
  const shown = {
    counts: {}, owners: null, seats: null, mover: 0, line: null, lineSquares: [], path: [], hand: null,
    bonus: false, lifted: 0, reserve: 0, captured: [], last: null, heading: null,
  };
  let current = null; // the last view drawn
  let alive = true;
  let animating = false;

  const gestures = attachGestures(root, layers.squares, {
    shown: () => shown, view: () => current, steps, squareAt: layout.squareAt,
    say: panel.say,
  }, ctx);

  const focus = focusKeeper(root, (elements) => {
    // building a path: on the same way if offered, else the line's first square
    const byStep = (step) => elements.find((el) => el.dataset.step === step);
    if (shown.heading) return byStep(steps.toward(shown.heading));
    const target = (sq) => elements.find((el) => el.dataset.target === sq);
    return shown.line && !shown.path.length ? target(shown.lineSquares[0]) : null;
  });

  function fitFrame() {
    layout.fit();
    for (const [name, value] of Object.entries(layout.frame())) frame.setAttribute(name, value);
  }

  function draw(view) {
    const obs = view.observation || view;
    const wantFocus = focus.hadFocus() ||
      (gestures.usingKeys() && document.activeElement === document.body);
    fitFrame();
    current = view;
    const facts = view.partial ? view.partial_facts || {} : {};
    shown.owners = obs.owners;
    shown.seats = obs.seat_facts;
    shown.mover = obs.to_move ?? 0;
    shown.reserve = obs.hand_bonus || 0;
    shown.line = facts.line ?? null;
    shown.lineSquares = facts.line_squares || [];
    shown.path = facts.path || [];
    shown.heading = facts.heading ?? null;
    shown.hand = facts.line ? facts.hand ?? 0 : null;
    shown.bonus = Boolean(facts.bonus);
    shown.lifted = facts.lifted ?? 0;
    shown.counts = countsOf(facts.board || obs.board);
    shown.captured = [];
    shown.last = lastMove(view.events); // marked until the next move is made, not begun
    const offered = view.steps || [];
    root.classList.toggle("building", Boolean(facts.line) && offered.length > 0); // drag, not scroll
    drawing.draw(shown);
    steps.draw(view);
    panel.guide(shown, view, layout.compact());
    panel.showHand(shown, layout.compact());
    title.textContent = ctx.t("buku.board.title");
    if (wantFocus && offered.length) focus.focus();
    gestures.drawn(); // a drag goes on over the squares just offered
  }

  async function animate(view, before) {
    animating = true;
    // nothing offered while the move is shown, but a click on a line or a square asks what
    // it will ask once the move is shown (the view it leads to): the page keeps it till then
    // (issue 43: the next player's quick click was dropped)
    const clickable = { targets: view.targets };
    try {
      return await animateMove(view, before, {
        shown, counts: countsOf, ctx, alive: () => alive,
        redraw: (news) => {
          drawing.draw(shown);
          steps.draw(clickable);
          panel.showHand(shown, layout.compact());
          if (news) panel.news(news);
        },
      });
    } finally {
      animating = false;
    }
  }

  function destroy() {
    alive = false;
    room.stop();
    panel.remove();
    root.remove();
  }

  return { draw, animate, focusAfterMove: focus.focus, destroy };
}

/** The key to the last move's marks and the squares' owners, in one line (on demand). */
const legend = ({ t }) => t("buku.legend");

export default {
  id: "buku", seatClass, createBoard, narrate, logWords, result, moveName, legend, notes, print,
  // on a landscape laptop, the panel (the hand, the path's help) beside the board: ~470 px
  // high there, ~300 under it
  layout: "beside",
};
