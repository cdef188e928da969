// The session client: the game on the table as the engine sees it — the engine's last view,
// the steps of the move being built (partial move), the replay position, and the busy flag.
// Requests to the engine go through these functions, which keep the view and the partial
// move; the table and the history also set the page's own flags (which game's page is open,
// busy while a move is shown, the replay position, the demo's pause). Nothing here draws.
// Every request resolves with the engine's answer, or null when the answer belongs to an
// older game (a new game started meanwhile).
import { Engine } from "../engine/engine.js";

export const CHANCE = -1;

let busy = false;

export const session = {
  engineReady: false,
  gameId: null, // the game whose page is open
  module: null, // its view module (games/<id>.js)
  view: null, // the engine's last answer for the table
  partials: [], // the steps of the move being built
  // busy: a request is on its way, or a move is being shown: no clicks. Mirrored as
  // #board[aria-busy] for assistive tech and for the end-to-end tests ("don't click yet").
  get busy() {
    return busy;
  },
  set busy(value) {
    busy = value;
    document.getElementById("board")?.setAttribute("aria-busy", String(value));
    if (!value && idleWaiters.length) queueMicrotask(wakeIdle);
  },
  log: [], // [{ply, player, move, events}] of the game on the table
  generation: 0, // bumps on every new game, so a late answer of an old one is dropped
  reactPending: false, // computer seats still to be asked whether they act out of turn
  replay: null, // the engine's view of an earlier position while stepping through the game
  paused: false, // demo: computers wait
};

let engine = null;

// who waits for the page to be free (when-free.js): woken once the code that freed it has
// run to its first wait (it may have made the page busy again: then they wait on)
let idleWaiters = [];

/** Resolves once the page is not busy (at once if it is not). */
export function whenIdle() {
  return busy ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
}

function wakeIdle() {
  if (busy) return;
  const waiting = idleWaiters;
  idleWaiters = [];
  for (const resolve of waiting) resolve();
}

/** Start the worker; `onStatus` gets its loading / ready / failed reports. */
export function startEngine(onStatus) {
  engine = new Engine({ onStatus });
  return engine;
}

/** Forget the game on the table: a late answer for it is dropped from now on. */
export function dropGame() {
  session.generation++;
  session.view = null;
  session.log = [];
  session.partials = [];
  session.replay = null;
}

/** A plain request that does not change the game (history, link, goto). */
export function ask(op, fields = {}) {
  return engine.request(op, fields);
}

export function isComputerTurn(view = session.view) {
  const p = view?.current_player;
  if (view?.scripted) return true; // a puzzle's prelude: the coach plays, as a computer would
  return p !== null && p !== undefined && p !== CHANCE && view.seats[p] !== "human";
}

/** Whether a person may click a step now. */
export function canStep() {
  const v = session.view;
  return !(session.busy || session.replay || !v || v.terminal || isComputerTurn());
}

/** Start a fresh game ({game, options, seats, seed}); the view is the session's on success. */
export async function startNew(fields) {
  const generation = ++session.generation;
  session.replay = null;
  session.paused = false;
  session.busy = true;
  const answer = await engine.request("new", fields);
  if (generation !== session.generation) return null;
  session.busy = false;
  if (answer.ok) take(answer.view);
  return answer;
}

/** Load a link ({link}), a save ({record, seats}) or a record file ({record}). */
export async function load(payload) {
  const generation = session.generation;
  const answer = await engine.request("load", payload);
  if (generation !== session.generation) return null;
  return answer;
}

/** Make a loaded answer's view the game on the table (a new generation). */
export function adopt(view) {
  session.generation++;
  take(view);
}

function take(view) {
  session.view = view;
  session.partials = [];
  session.replay = null;
  session.log = [];
}

/**
 * A move request (step, play, throw, bot, react). Resolves with the answer; on success the
 * session holds the new view (and, for a step that is not a whole move, the partial).
 */
export async function moveRequest(op, fields = {}, { back = false, probe = false } = {}) {
  const generation = session.generation;
  session.busy = true;
  const answer = await engine.request(op, fields);
  if (generation !== session.generation) return null;
  if (!answer.ok) {
    session.busy = false;
    if (probe) return answer; // a forbidden click: the move being built stays as it was
    if (answer.view) session.view = answer.view;
    if (op === "step" || op === "play") session.partials = [];
    return answer;
  }
  if (answer.played !== undefined) {
    session.partials = [];
  } else {
    if (!back && op === "step") session.partials.push(fields.partial);
    session.busy = false;
  }
  session.view = answer.view;
  return answer;
}

/** The partial move one step shorter. */
export function stepBack() {
  session.partials.pop();
  return moveRequest("step", { partial: session.partials.at(-1) || "" }, { back: true });
}

/** Change the game's course (undo, redo, truncate). */
export async function changeCourse(op, fields = {}) {
  const generation = session.generation;
  session.busy = true;
  const answer = await engine.request(op, fields);
  session.busy = false;
  if (generation !== session.generation) return null;
  if (answer.ok) {
    session.view = answer.view;
    session.partials = [];
    session.replay = null;
    session.paused = false;
  }
  return answer;
}

/** The game's moves so far, for the log. */
export async function fetchHistory() {
  const answer = await engine.request("history");
  if (answer.ok) session.log = answer.history;
  return answer;
}
