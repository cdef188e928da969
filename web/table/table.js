// The table: the board, whose turn it is, the scores, the turn loop (computers and throws),
// what is said after each move (live region) and where the focus goes.
import { BUILD } from "../build-info.js";
import * as i18n from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { errorWords } from "../kit/seats.js";
import { GAME_VIEWS } from "../games/index.js";
import { tellParent } from "../links/embed.js";
import * as storage from "./storage.js";
import {
  session, CHANCE, isComputerTurn, canStep, startNew, moveRequest, stepBack as askStepBack,
  adopt,
} from "./session.js";
import {
  renderSetup, readOptions, readSeats, setSetupFromView, players, playerBadge,
  updateNewGameButton, foldSetup,
} from "./setup.js";
import {
  renderHistoryControls, renderLogEntry, refreshHistory, setUpHistory, narration,
} from "./history.js";
import { sizeBoardToItsRoom } from "./board-size.js";
import { keepEarlyStep, takeEarlyStep } from "./early-step.js";
import { clicksKept, whenFree, whenKeptDone } from "./when-free.js";
import { inNextFrame } from "./next-frame.js";
import { coaching, judgedText, onMoveShown, stop as stopCoach } from "../teach/coach-door.js";
import { editClick, editingNow, stopEditor } from "../teach/editor-door.js";
import { keepMatch, leaveMatch, matchNote, matchWords, renderMatch } from "../class/match.js";

const { t } = i18n;
const BOT_PAUSE_MS = 350;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
// the computer's move being thought — from the pause before it to its answer — which a
// person's undo stops (stopThinking), or null
let thinking = null;

let board = null;
// Whether the person is playing on the board (focus was last there): only then does the focus
// follow the board when its elements are redrawn.
let onBoard = false;
let lastStep = null; // data-step of the board element that last had the focus
let afterStart = () => {}; // set by app.js: what else changes when a game starts
// whether the computers and the automatic throws wait for another window (a projector
// window follows its presenter's, which plays them: two would play different moves)
let turnsHeld = () => false;

export function onGameStarted(callback) {
  afterStart = callback;
}

/** `held(view)`: true while this window must not play the computers' moves or throws. */
export function holdTurnsWhen(held) {
  turnsHeld = held;
}

/** Let the computers go on (the window that held them back no longer does). */
export function resumeTurns() {
  runComputers(session.generation);
}

function markOnce(name) {
  if (!performance.getEntriesByName(name).length) performance.mark(name);
}

/** The options chosen in the set-up that differ from the game's defaults, as an address's
 * query ("?length=9"), for the print kit. */
function optionsQuery(id) {
  const specs = BUILD.games[id].options;
  const chosen = Object.entries(readOptions())
    .filter(([name, value]) => value !== null && value !== specs[name]?.default);
  return chosen.length ? `?${new URLSearchParams(chosen.map(([n, v]) => [n, String(v)]))}` : "";
}

/** Open a game's page: its set-up form and its opening position (before the engine). */
export function openGame(id) {
  stopCoach();
  stopEditor();
  $("setup-options").replaceChildren(); // another game's options do not carry over
  session.gameId = id;
  $("play").dataset.game = id; // for the game's own stylesheet: its layout, with no `:has()`
  session.module = GAME_VIEWS[id];
  // for style.css, which names no game: the layout the view asks for (`layout`), if any
  if (session.module.layout) $("play").dataset.layout = session.module.layout;
  else delete $("play").dataset.layout;
  session.view = null;
  session.log = [];
  session.partials = [];
  $("game-title").textContent = t(`game.${id}.name`);
  $("game-tagline").textContent = t(`game.${id}.tagline`);
  $("learn-link").href = `#/${id}?learn=1`;
  $("print-link").href = `#/${id}/print`;
  // the kit prints the board of the options chosen here (a road's length…): they go along
  $("print-link").onclick = () => { $("print-link").href = `#/${id}/print${optionsQuery(id)}`; };
  $("puzzles-link").href = `#/${id}?puzzle=day`;
  $("edit-link").href = `#/${id}?edit`;
  $("edit-link").hidden = !BUILD.games[id].setup; // a game with a set-up mode
  renderSetup();
  $("game-controls").replaceChildren();
  board?.destroy?.(); // the old view's listeners and timers go with it
  board = session.module.createBoard($("board"), {
    t: (...args) => t(...args),
    players,
    onStep: (step) => onStep(step),
    tryStep: (step) => tryStep(step), // a click on an element that is not offered
    speed: () => (reducedMotion.matches ? 0 : 1),
    controls: $("game-controls"), // the view's own buttons (throw, challenge, …)
    play: (move) => playMove(move), // a complete move, e.g. a throw typed in by people
    throwBeans: () => throwNow(), // the engine draws a chance outcome
    isHuman: (p) => session.view !== null && session.view.seats[p] === "human",
    partial: () => (session.view ? session.view.partial : ""),
    back: () => stepBack(),
    resume: () => runComputers(session.generation), // see holdComputers in games/README.md
  });
  drawPreview();
  markOnce("ludoteca:board-drawn"); // read by bench/cold_start.py
  $("turn").textContent = "";
  $("log").replaceChildren();
  updateNewGameButton();
}

/** Leaving a game page: the view lets go of what it holds. */
export function closeBoard() {
  board?.destroy?.();
  board = null;
}

/** The opening position, computed at build time: shown while the engine loads. */
export function drawPreview() {
  const { preview, preview_targets: targets } = BUILD.games[session.gameId];
  board.draw({ ...preview, steps: [], targets });
  renderScores(preview);
}

/** Start a new game with the set-up form's choices. `notice`: an error to show with it. */
export async function newGame(notice = null) {
  const answer = await startNew({
    game: session.gameId, options: readOptions(), seats: readSeats(),
    seed: Math.floor(Math.random() * 2 ** 31),
  });
  if (!answer) return;
  if (!answer.ok) return showError(answer.error);
  showError(notice && notice.code ? notice : null);
  leaveMatch(session.view); // a new game on a match's page is not the match
  $("log").replaceChildren();
  refreshTable();
  save(session.view);
  foldSetup();
  afterStart();
  tellParent("ready", { game: session.gameId, options: session.view.options,
    seats: session.view.seats });
  runComputers(session.generation);
  playEarlyStep(); // a click made while the engine loaded
}

/** A step clicked while a move is shown or a request is on its way (the next player's,
 * quick, or the next square of a path): kept, marked on the board (#board's
 * data-pending-step), and played once the page is free — in the position then on the table,
 * where the rules say why if it cannot be played (issue 43: it was dropped). Not after a
 * move the person had not seen when clicking (a computer's, a throw's). */
function keepBusyStep(step) {
  const seen = session.log.length;
  const board = $("board");
  const unmark = () => {
    if (board.dataset.pendingStep === step) delete board.dataset.pendingStep;
  };
  board.dataset.pendingStep = step;
  whenFree(() => {
    unmark();
    if (!session.view) return null;
    const seats = session.view.seats;
    const unseen = session.log.slice(seen).some(({ player }) => seats[player] !== "human");
    if (unseen || !canStep()) return null; // the game over, a replay shown, a computer's turn
    const offered = session.view.steps.some(([each]) => each === step);
    return offered ? onStep(step) : tryStep(step);
  }, unmark); // another game took the table: not played there
}

/** The step clicked on the opening board before the engine was ready, if any. */
function playEarlyStep() {
  const step = session.view && takeEarlyStep(session.view, showError);
  if (step === null || step === undefined) return;
  if (session.view.steps.some(([offered]) => offered === step)) onStep(step);
  else tryStep(step); // says why not (e.g. the computer moves first)
}

/** A game loaded from a link, a save or a file: shown at its last move. */
export async function showLoaded(view) {
  adopt(view);
  setSetupFromView(view);
  foldSetup();
  await refreshHistory();
  refreshTable();
  save(view);
  tellParent("ready", { game: session.gameId, options: view.options, seats: view.seats });
  runComputers(session.generation);
  playEarlyStep(); // dropped with a word unless this is a new game
}

/** Keep the game in the browser: not a lesson step or a puzzle, which has its own address. */
function save(view) {
  if (!coaching()) storage.saveGame(session.gameId, view);
  keepMatch(view); // a tournament's game: kept with its pupils' names, apart
}

/** A lesson step or a puzzle the coach put on the table (already the session's view). */
export async function showCoached() {
  const generation = session.generation;
  showError(null);
  $("log").replaceChildren();
  refreshTable(); // at once: the board of the step or puzzle, never the last one's
  await refreshHistory();
  if (generation !== session.generation) return;
  refreshTable();
  runComputers(generation); // a puzzle's prelude: the coach's moves, shown as a computer's
}

/** A request of the coach that plays a move (its demonstration), shown as any move is. */
export async function playForCoach(op) {
  if (session.busy) return;
  await send(op, {});
}

export function refreshTable() {
  const view = session.replay || session.view;
  // no game on the table (one being opened or started: its preview is drawn): an answer for
  // the game before it, arriving late, has nothing to refresh (seen under load, issue 43)
  if (!view) return;
  $("play").classList.toggle("judged", Boolean(session.view?.judged));
  const offered = !(session.busy || session.replay || isComputerTurn()) && view.steps.length > 0;
  board.draw(offered ? view : { ...view, steps: [] });
  if (offered) markOnce("ludoteca:first-move-possible");
  renderScores(view.observation);
  renderTurn();
  renderStepControls();
  renderLegend(view);
  renderHistoryControls();
  renderMatch(session.view); // a tournament's game: who plays whom, and no help till the end
  keepFocusOnBoard();
  keyboardScroll();
}

/** After a redraw: the focus goes back to the board if the person was playing there. */
function keepFocusOnBoard() {
  const active = document.activeElement;
  // a control the move disabled (Bul's throw) still holds the focus until the browser blurs
  // it, a moment after this redraw: lost too, or the focus would end on the page's body
  const lost = !active || active === document.body || !active.isConnected || active.disabled;
  if (!onBoard || !(lost || $("board").contains(active))) return;
  if ($("board").contains(active) && active.matches("[data-step]")) return;
  if (board.focusAfterMove) return board.focusAfterMove();
  const steps = [...$("board").querySelectorAll("[data-step]")];
  const same = steps.find((el) => el.dataset.step === lastStep);
  const target = same || steps[0] || $("board").querySelector("svg");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** The game's panel, when it scrolls (a short screen), can be reached with the keyboard to
 * scroll it. */
function keyboardScrollNow() {
  const panel = $("game-controls");
  panel.tabIndex = panel.scrollHeight > panel.clientHeight + 1 ? 0 : -1;
}
// its content changes several times a move: looked at once, in the next frame
const keyboardScroll = inNextFrame(keyboardScrollNow);

/** Say a move once, in the log's words, to screen readers (polite live region). */
function announce(text) {
  const line = document.createElement("span");
  line.textContent = text; // a new node each time: the same words twice are said twice
  $("announce").replaceChildren(line);
}

function renderScores(observation) {
  const list = $("scores");
  list.replaceChildren();
  const scores = observation.scores;
  players().forEach((player, p) => {
    const item = document.createElement("li");
    item.className = player.cls;
    item.dataset.player = p;
    if (session.view && session.view.current_player === p) item.classList.add("to-move");
    item.append(playerBadge(player));
    const value = document.createElement("strong");
    value.className = "score";
    value.textContent = scores[p];
    const game = session.gameId;
    const label = i18n.has(`${game}.score.value`) ? `${game}.score.value` : "score.value";
    value.setAttribute("aria-label", t(label, { n: scores[p] }));
    item.append(value);
    list.append(item);
  });
}

/** Whether the page offers the game's review now: its own button (the side panel's) is there
 * and shown (the address may switch the review off). */
function reviewAllowed() {
  const open = $("review-open");
  return Boolean(open && !open.hidden && !open.disabled);
}

/** The end's way into the review: the very entry the side panel's button is. */
function reviewButton() {
  const review = document.createElement("button");
  review.type = "button";
  review.className = "secondary";
  review.id = "over-review";
  review.textContent = t("review.open");
  review.addEventListener("click", () => $("review-open")?.click());
  return review;
}

function renderTurn() {
  const view = session.view;
  const turn = $("turn");
  // the game on the table is over (its end shown, or looked back at in the review): the
  // views' panels give the room they keep for play to the board (style.css)
  $("play").toggleAttribute("data-over", Boolean(view?.terminal));
  turn.replaceChildren();
  turn.className = "turn";
  delete turn.dataset.returns;
  if (session.replay) {
    turn.classList.add("replaying");
    // a line that explains a move (teach/why.js) says which of its steps is shown
    turn.textContent = session.replay.caption ??
      t("replay.turn", { ply: session.replay.ply, n: view.length });
    return;
  }
  if (view.judged) { // a lesson step or puzzle answered: the coach's panel says the rest
    turn.classList.add("judged");
    if (view.terminal) turn.dataset.returns = view.returns.join(",");
    turn.textContent = judgedText();
    return;
  }
  if (view.terminal) {
    turn.classList.add("over");
    turn.dataset.returns = view.returns.join(","); // the engine's result, per player
    // the score panel beside it shows the scores (the announcement says them)
    const words = document.createElement("span");
    words.className = "turn-words"; // a small frame keeps two lines of it (style.css)
    words.textContent = session.module.result(view, { t, players: players(), scoresShown: true });
    turn.replaceChildren(words);
    const again = document.createElement("button");
    again.type = "button";
    again.className = "primary";
    again.textContent = t("setup.again");
    again.addEventListener("click", () => newGame());
    turn.append(" ", again);
    const note = matchNote(view); // a tournament's game: its result code, not "play again"
    if (note) again.replaceWith(note);
    else if (reviewAllowed()) turn.append(" ", reviewButton());
    return;
  }
  if (view.scripted) { // a puzzle's prelude: the person watches (and, first, memorises)
    turn.textContent = t("coach.turn.watch");
    return;
  }
  const p = view.current_player;
  const thrower = view.observation?.to_move; // a throw: whose beans they are, when known
  if (p === CHANCE && !(Number.isInteger(thrower) && players()[thrower])) {
    turn.textContent = t("turn.chance");
    return;
  }
  if (p === CHANCE) {
    const player = players()[thrower];
    const key = i18n.has(`${session.gameId}.turn.throw`) ? `${session.gameId}.turn.throw`
      : "turn.chance";
    const text = document.createElement("span");
    text.textContent = t(key);
    turn.classList.add(player.cls);
    turn.append(turnLabel(), " ", playerBadge(player), " ", text);
    return;
  }
  const player = players()[p];
  turn.classList.add(player.cls);
  const text = document.createElement("span");
  const held = isComputerTurn() && session.module.holdComputers?.(view, board);
  // the view may say why this player moves now (a turn lost by another, say)
  const note = session.module.turnNote?.(view, { t, players: players() });
  text.textContent = held ? t("turn.held") : isComputerTurn() ? t("turn.thinking")
    : note || t("turn.yours");
  turn.append(turnLabel(), " ", playerBadge(player), " ", text);
}

function turnLabel() {
  const label = document.createElement("span");
  label.className = "turn-label"; // "Turn:" (left out where room is short)
  label.textContent = t("turn.label");
  return label;
}

/** The key to the last move's marks, one line on demand (the view's `legend`). */
function renderLegend(view) {
  const text = view.last_move ? session.module.legend?.({ t }) : null;
  // a game with marks keeps the key's line from the start, unseen until a move is marked:
  // the board does not lose that line's height at the first move (issue 43, item 3)
  $("legend").hidden = !session.module.legend;
  $("legend").classList.toggle("unused", !text);
  $("legend-text").textContent = text || "";
}

function renderStepControls() {
  const box = $("step-controls");
  box.replaceChildren();
  const view = session.view;
  if (!view.partial || isComputerTurn() || session.replay) return;
  if (view.partial_complete) {
    box.append(button(t("step.stop"), () => playMove(view.partial), "primary"));
  }
  box.append(button(t("step.back"), stepBack));
}

export function showError(error) {
  const box = $("message");
  if (!error) {
    box.textContent = "";
    return;
  }
  // a parameter may itself be a message (the reason a set-up position is not legal)
  box.textContent = errorWords(t, i18n.has, error);
  box.dataset.code = error.code;
}

// --- moves ---------------------------------------------------------------------------------
/** The set-up mode's position on the board (editor.js): what a click edits is offered. */
export function drawForEditor(view) {
  $("play").classList.remove("judged");
  board.draw(view);
  renderScores(view.observation);
  const turn = $("turn");
  turn.className = "turn";
  turn.textContent = t("editor.turn");
  $("step-controls").replaceChildren();
  $("log").replaceChildren();
}

async function onStep(step) {
  if (editingNow()) return editClick(step);
  if (!session.view) return keepEarlyStep(step); // the engine is loading
  if (session.busy) return keepBusyStep(step);
  if (!canStep()) return;
  board?.stepSent?.(step); // the view may ready what the answer brings (Bul: the next throw)
  await send("step", { partial: step });
}

/** A click on a board element that is not offered: the rules' reason, nothing changes. */
async function tryStep(step) {
  if (editingNow()) return editClick(step);
  if (!session.view) return keepEarlyStep(step); // the engine is loading
  if (session.busy) return keepBusyStep(step);
  if (!canStep()) return;
  const generation = session.generation;
  const before = session.view;
  const answer = await moveRequest("step", { partial: step }, { probe: true });
  if (answer && !answer.ok) return showError(answer.error);
  await settle(answer, before, generation); // it was legal after all (a view out of date)
}

/** Play a whole move (a view's, or one made in another window of the same game). One
 * pressed while the page is busy (a Bolonki challenge while the move is shown) is kept and
 * played once the page is free, if the game is still where it was (issue 43: it was lost). */
export async function playMove(move) {
  if (session.busy) {
    const length = session.view?.length;
    const still = () => session.view && !session.replay && session.view.length === length;
    return whenFree(() => (still() ? playMove(move) : null));
  }
  await send("play", { move });
}

async function throwNow() {
  if (!session.view) return;
  if (session.busy) return whenFree(() => (throwAwaited() ? throwNow() : null));
  if (session.view.current_player !== CHANCE) return;
  await send("throw", {});
}

/** Whether a person's throw is awaited now (the view's `waitsForThrow`): a throw clicked
 * while the page was busy is made once it is free only then — two quick clicks are two
 * throws where a turn has two, one where it has one (issue 43: the second was dropped). */
function throwAwaited() {
  const view = session.view;
  return Boolean(view && !session.replay && view.current_player === CHANCE &&
    session.module.waitsForThrow?.(view));
}

async function stepBack() {
  if (session.busy) return;
  const generation = session.generation;
  const before = session.view;
  await settle(await askStepBack(), before, generation);
}

async function send(op, fields) {
  const generation = session.generation;
  const before = session.view;
  await settle(await moveRequest(op, fields), before, generation);
}

/** Show what a person's request did, then let the computers go on. */
async function settle(answer, before, generation) {
  if (!answer) return;
  if (!answer.ok) {
    showError(answer.error);
    refreshTable();
    return;
  }
  showError(null);
  if (answer.played !== undefined) await showMove(answer, before, generation);
  else refreshTable();
  runComputers(generation);
}

/** Log, announce and animate a move just played; `before` is the view it was played in. */
async function showMove(answer, before, generation) {
  const view = answer.view;
  const player = before.current_player;
  session.log.push({ ply: view.ply, move: answer.played, events: view.events, player });
  const said = narration(session.log.at(-1));
  session.reactPending = true;
  save(view);
  tellParent("move", { game: session.gameId, ply: view.ply, move: answer.played, player });
  renderHistoryControls(); // undo or replay clicked while the move is shown: kept till then
  board.draw({ ...before, steps: [] });
  await board.animate(view, before);
  if (generation !== session.generation) return;
  // the log says the move once the board has shown it: words, scores and board agree
  renderLogEntry(session.log.at(-1));
  session.busy = false;
  onMoveShown(answer); // a lesson step's or a puzzle's answer: the coach says what it was worth
  refreshTable();
  if (!view.terminal) return announce(said);
  const note = matchWords(view);
  announce(`${said} ${session.module.result(view, { t, players: players() })} ${note}`.trim());
  tellParent("gameover", { game: session.gameId, returns: view.returns,
    winner: view.observation.winner, record: view.record });
  $("turn").querySelector("button")?.focus(); // "play again"
}

async function runComputers(generation) {
  // a click kept while the page was busy is done first (when-free.js calls this again after)
  while (generation === session.generation && session.view && !session.view.terminal &&
         !session.view.judged && !turnsHeld(session.view) && !clicksKept() &&
         !session.busy && !session.replay && !session.paused) {
    const view = session.view;
    const p = view.current_player;
    if (session.module.reactions && session.reactPending) {
      // computer seats may act out of turn first (a Bolonki challenge)
      session.reactPending = false;
      if (view.seats.some((seat) => seat !== "human")) {
        const answer = await moveRequest("react", {});
        if (!answer) return;
        if (answer.ok && answer.played !== undefined) {
          await showMove(answer, view, generation);
          continue;
        }
      }
    }
    // a view may hold the computers back while people can still react (its own button
    // or countdown calls ctx.resume)
    if (session.module.holdComputers?.(view, board)) return;
    let op = null;
    // A person may throw for himself (the view shows how); everything else is automatic.
    if (view.scripted) op = "bot"; // a puzzle's prelude (its throws too): the coach plays
    else if (p === CHANCE) op = session.module.waitsForThrow?.(view) ? null : "throw";
    else if (view.seats[p] !== "human") op = "bot";
    if (!op) return;
    session.busy = true;
    const turn = (thinking = { op });
    refreshTable();
    // A demonstration keeps the pace chosen for the class, reduced motion or not (it sets
    // how fast the game goes, not how moves are drawn); against a person, reduced motion
    // skips the pause: the last move stays marked on the board.
    const demo = view.seats.every((seat) => seat !== "human");
    const wait = demo ? Number($("demo-speed").value) : reducedMotion.matches ? 0 : BOT_PAUSE_MS;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (thinking !== turn) return; // a person's undo stopped it: the page is the undo's
    if (session.paused || session.replay || generation !== session.generation) {
      thinking = null;
      session.busy = false;
      if (generation === session.generation) refreshTable();
      return;
    }
    const asked = performance.now();
    const answer = await moveRequest(op, { budget: 0.8 });
    if (thinking === turn) thinking = null;
    if (op === "bot") performance.measure("ludoteca:bot-move", { start: asked }); // for bench/
    if (!answer) return;
    if (!answer.ok) {
      showError(answer.error);
      return;
    }
    await showMove(answer, view, generation);
  }
}

/** Stop the computer's move being thought (its pause, its request), if one is: the page is
 * free for a person's undo at once, and the move's answer, when it comes, is dropped unseen
 * (a new generation: so is any click kept for the position it would have led to). True
 * when one was stopped. A move already being shown is not: it is on the board. */
function stopThinking() {
  if (!thinking) return false;
  thinking = null;
  session.generation++;
  session.busy = false;
  return true;
}

/** Wire the history controls to the table; follow where the person's focus is. */
export function setUpTable() {
  sizeBoardToItsRoom($("board"));
  whenKeptDone(() => runComputers(session.generation));
  // the view's panel may start or stop scrolling when the screen or the look changes: said at
  // once (a resize is reported after layout, when sizes cost nothing to read; a new look is
  // a person's click, after which the panel must be right before anything else looks at it)
  const panel = $("game-controls");
  new ResizeObserver(keyboardScrollNow).observe(panel);
  new MutationObserver(keyboardScrollNow).observe(document.body,
    { attributes: true, attributeFilter: ["class"] });
  new MutationObserver(keyboardScroll).observe(panel,
    { childList: true, subtree: true, characterData: true });
  document.addEventListener("focusin", (event) => {
    const area = event.target.closest?.(".board-area");
    onBoard = Boolean(area);
    if ($("board").contains(event.target) && event.target.dataset.step !== undefined) {
      lastStep = event.target.dataset.step;
    }
  });
  setUpHistory({
    refresh: refreshTable,
    resume: runComputers,
    newGame: () => newGame(),
    showError,
    saved: () => save(session.view),
    stopThinking,
  });
}
