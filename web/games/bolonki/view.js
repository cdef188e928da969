// Bolonki's view: an 8×8 board of pieces that all look the same from above. It draws the
// engine's views (every piece "?" unless the game is a practice game), offers the engine's
// steps, keeps the last move marked and shows a move by drawing its frames. It wires the
// modules of this folder: layout (where things are drawn), drawing and pieces (the board),
// gestures (keys, clicks on squares not offered), controls (the buttons under the board),
// memorise and hold (the view's two waits), animation (a move in time) and narration.
//
// Hidden information: the page never keeps the colour of a face-down piece. Colours come
// in the public set-up (`start_colours`, sent by the engine before the first move, shown
// while memorising; a puzzle's start comes as `shown`, a teacher's position in its record),
// in the frame that turns a piece up (`face_up`), drawn for a moment, and in the set-up
// mode (`view.setup`), where the teacher places them.
import print from "./print.js";
import { focusKeeper, roomOf, svg } from "../../kit/index.js";
import { playMove } from "./animation.js";
import { createControls, seconds } from "./controls.js";
import { createDrawing } from "./drawing.js";
import { boardKeys, forbidSquares } from "./gestures.js";
import { createHold } from "./hold.js";
import { createLayout } from "./layout.js";
import { createMemorise } from "./memorise.js";
import { moveText, narrate, result, turnNote } from "./narration.js";
import { createPieces } from "./pieces.js";
import notes from "./notes.js"; // the notes for teachers (teacher.js)

// one class token per player, named by his colours (the page adds it with classList.add)
const seatClass = (fact) => `bolonki-${fact.colours.join("")}`;

/** What to memorise before the first move: the set-up every game shows, a puzzle's start
 * (`shown`: the colours its person sees before the moves watched face down), or the
 * position a game began at (a teacher's: public in its record, as a set-up is). */
function toMemorise(view) {
  const start = view.ply === 0 && !view.options?.practice ? view.record?.start?.pieces : null;
  return view.observation?.start_colours || view.shown || start || null;
}

function createBoard(container, ctx) {
  container.replaceChildren();
  const t = ctx.t;
  // drawn from the top of its room, not its middle: on a phone the room under the board
  // changes as a move is shown (a challenge, "go on", its words), and a centred board moved
  // its squares under the pointer as the move ended (issue 43)
  const root = svg("svg", {
    class: "bolonki-board", role: "group", "aria-roledescription": t("bolonki.board.role"),
    preserveAspectRatio: "xMidYMin meet",
  }, container);
  // a new size shows at the next draw, or at once when it changes the margins (the set-up
  // folding away while the colours are shown to memorise, with nothing else to redraw)
  const room = roomOf(container, () => {
    const drawn = root.getAttribute("viewBox");
    if (animating || !lastView) return;
    layout.fit();
    if (root.getAttribute("viewBox") !== drawn) draw(lastView);
  });
  const layout = createLayout(root, room);
  layout.fit();
  const title = svg("title", {}, root);
  const drawing = createDrawing(root, layout, ctx);
  const pieces = createPieces(drawing.pieceLayer, layout, t);
  const controls = createControls(ctx);
  boardKeys(root, ctx);
  const focus = focusKeeper(root);
  let lastView = null;
  let animating = false;
  let alive = true;
  let drawnLayout = "";

  const memorise = createMemorise({
    seconds: () => seconds("memorise"),
    onTick: controls.memoriseLeft,
    onEnd() {
      if (!root.isConnected) return; // the page has moved on to another game
      if (lastView) draw(lastView);
      ctx.resume();
    },
  });
  const hold = createHold({
    seconds: () => seconds("wait"),
    onTick: controls.goOnLeft,
    onRelease() {
      if (lastView) renderControls(lastView);
      ctx.resume();
    },
  });

  function draw(view) {
    const obs = view.observation || view;
    const hadFocus = focus.hadFocus();
    if (!animating) layout.fit();
    if (root.getAttribute("viewBox") !== drawnLayout) {
      drawnLayout = root.getAttribute("viewBox");
      drawing.drawSquares();
    }
    lastView = view;
    if (view.setup) return drawSetup(view, obs, hadFocus);
    if (view.seats) { // a game, not the opening position drawn while the engine loads
      hold.at(view.ply);
      const shown = toMemorise(view);
      memorise.follow(JSON.stringify([view.options, view.seats, shown]), shown);
    }
    const path = view.partial_facts?.path || [];
    drawing.drawMargins(obs);
    drawing.drawMarks(view.events, path);
    pieces.draw(facesOf(obs), obs.colour_symbols, path);
    const offered = memorise.showing || animating ? [] : view.steps || [];
    drawing.drawSteps(offered, view.step_facts || {}, path[0] || "");
    forbidSquares(drawing.cells(), offered.length ? view.targets : null, ctx.tryStep);
    title.textContent = t("bolonki.board.title");
    renderControls(view);
    if (hadFocus) focus.focus();
  }

  /** The set-up mode: the teacher's draft, face up; a click on any square edits it with
   * the tool chosen (`view.setup.tool`, in words). Nothing to memorise, no move marked. */
  function drawSetup(view, obs, hadFocus) {
    memorise.follow("", null);
    hold.cancel();
    drawing.drawMargins(obs);
    drawing.drawMarks([], []);
    pieces.draw(obs.pieces, obs.colour_symbols);
    drawing.drawEdits(view.steps || [], obs.pieces, view.setup.tool);
    forbidSquares(drawing.cells(), null, ctx.tryStep);
    title.textContent = t("bolonki.board.title.setup");
    controls.hide();
    if (hadFocus) focus.focus();
  }

  /** What each square shows: the set-up while memorising, else the engine's faces. */
  function facesOf(obs) {
    const shown = memorise.colours();
    if (!shown) return obs.pieces;
    return Object.fromEntries(Object.keys(obs.pieces).map((sq) => [sq, shown[sq] || "?"]));
  }

  /** Whether the computers wait because people may still challenge the last move. */
  function waitsForPeople(view) {
    const obs = view.observation;
    const p = view.current_player;
    if (!obs || view.terminal || !view.seats || p === null || p < 0 || ctx.isHuman(p)) {
      return false;
    }
    return !hold.released(view.ply) && (obs.can_challenge || []).some((q) => ctx.isHuman(q));
  }

  function renderControls(view) {
    const waiting = waitsForPeople(view);
    if (waiting) hold.follow(view.ply);
    else hold.cancel();
    controls.render(view, {
      memorise, hold, waiting,
      shown: toMemorise(view),
      showAgain() {
        memorise.again(toMemorise(view));
        if (lastView) draw(lastView);
      },
    });
  }

  function say(text, short = "", tone = "") {
    controls.say(text, tone);
    drawing.banner(short, tone);
  }

  async function animate(view, before) {
    const beforeObs = before.observation || before;
    animating = true;
    drawing.clearMarks(); // the move before this one is no longer the last
    drawing.clearSteps();
    pieces.draw(facesOf(beforeObs), beforeObs.colour_symbols);
    // nothing offered while the move is shown, but a click on a square asks what it will ask
    // once it is shown (the view it leads to): the page keeps it till then (issue 43: a quick
    // next player's click was dropped); so are a challenge and "go on"
    forbidSquares(drawing.cells(), view.targets, ctx.tryStep);
    controls.whileShown(view, waitsForPeople(view) ? () => hold.releaseAt(view.ply) : null);
    try {
      await playMove(view, { pieces, say, t, names: ctx.players(), speed: ctx.speed(),
        alive: () => alive });
    } finally {
      animating = false;
      say("");
    }
  }

  function destroy() {
    alive = false;
    room.stop();
    memorise.stop();
    hold.stop();
    controls.remove();
    root.remove();
  }

  return {
    draw, animate, focusAfterMove: focus.focus, destroy,
    holds: (view) => memorise.showing || waitsForPeople(view),
  };
}

/** The turn line: before the first move of a game with colours to show, memorising them
 * comes first; else who lost a turn, if anyone. */
function turnLine(view, args) {
  if (view.ply === 0 && toMemorise(view)) return args.t("bolonki.turn.memorise");
  return turnNote(view, args);
}

/** The key to the last move's marks (drawing.js), one line. */
const legend = ({ t }) => t("bolonki.legend");

// (No `layout: "beside"` of the shared sheet: the board would lose its coordinates in that
// column, too narrow for its wide margins; style.css here lays its own column out.)
export default {
  id: "bolonki", seatClass, createBoard, narrate, result, moveText, turnNote: turnLine, legend,
  reactions: true, notes,
  holdComputers: (view, board) => board?.holds?.(view) ?? false,
  print,
};
