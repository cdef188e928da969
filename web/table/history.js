// History and replay: the move log, undo / redo, stepping through earlier positions, and
// the demo (computers against each other) controls.
import { BUILD } from "../build-info.js";
import * as i18n from "../kit/i18n.js";
import { session, ask, changeCourse as askCourse, fetchHistory } from "./session.js";
import { players } from "./setup.js";
import { showNewest } from "./log-sight.js";
import { whenFree } from "./when-free.js";
import { $ } from "../kit/dom.js";

const { t } = i18n;

// what the table gives this module: {refresh(), resume(), newGame(), showError(error),
// saved(), stopThinking()}
let table = null;

/** Adds a move to the log and scrolls to it. */
export function renderLogEntry(entry) {
  $("log").append(logItem(entry));
  showNewest();
}

function logItem(entry) {
  const item = document.createElement("li");
  item.dataset.ply = entry.ply;
  item.dataset.move = entry.move; // the notation; the log shows it in words where a view says so
  const move = document.createElement("code");
  move.textContent = session.module.moveText?.(entry, { t, players: players() }) ?? entry.move;
  // a game with the list's own words (`logWords`) says the move in them: its notation (Buku's
  // path of up to 15 squares ran a move to 4-5 lines, issue 43) stays the item's tooltip
  const { logWords } = session.module;
  if (logWords) {
    move.hidden = true;
    item.title = entry.move;
  }
  const text = logWords
    ? logWords(entry, { t, players: players() }).filter(Boolean).join(" ")
    : narration(entry);
  const jump = document.createElement("button");
  jump.type = "button";
  jump.className = "log-jump";
  jump.setAttribute("aria-label", t("replay.goto", { ply: entry.ply }));
  jump.textContent = "⟲";
  jump.addEventListener("click", () => replayTo(entry.ply));
  // the last word and the jump hold together: the jump never takes a line of its own
  const cut = text.lastIndexOf(" ") + 1;
  const tail = document.createElement("span");
  tail.className = "log-tail";
  tail.append(text.slice(cut), " ", jump);
  item.append(move, " ", text.slice(0, cut), tail);
  return item;
}

/** The log's sentence for a move (also what the live region says). */
export function narration(entry) {
  return session.module.narrate(entry, { t, players: players() }).filter(Boolean).join(" ");
}

export function renderLog() {
  $("log").replaceChildren(...session.log.map(logItem));
  showNewest();
}

export async function refreshHistory() {
  await fetchHistory();
  renderLog();
}

export function renderHistoryControls() {
  const view = session.view;
  // A click while the page is busy (a move shown, a computer thinking) is kept and done once
  // it is free (when-free.js; an undo stops a computer's thinking: courseWhenFree), so the
  // controls stay as they are (issue 43) — but in a demo, where the computers never leave
  // the page free: there, pause first.
  const busy = session.busy && view.seats.every((seat) => seat !== "human");
  const length = view.length ?? view.ply;
  const ply = session.replay ? session.replay.ply : length;
  $("undo").disabled = busy || !!session.replay || !view.can_undo;
  $("redo").disabled = busy || !!session.replay || !view.can_redo;
  const slider = $("replay-slider");
  slider.max = length;
  slider.value = ply;
  slider.disabled = busy || length === 0;
  $("replay-first").disabled = $("replay-prev").disabled = busy || ply === 0;
  $("replay-next").disabled = $("replay-last").disabled = busy || ply >= length;
  $("replay-status").textContent = session.replay ? t("replay.status", { ply, n: length }) : "";
  $("replay-continue").hidden = !session.replay;
  for (const item of $("log").children) {
    item.classList.toggle("current", session.replay !== null && Number(item.dataset.ply) === ply);
  }
  const allComputers = view.seats.every((seat) => seat !== "human");
  $("demo-controls").hidden = !allComputers || view.terminal;
  $("demo-pause").textContent = session.paused ? t("demo.play") : t("demo.pause");
}

/** Undo, redo or truncate, then show where the game is. */
async function changeCourse(op, fields = {}) {
  if (session.busy || !session.view) return;
  const generation = session.generation;
  const answer = await askCourse(op, fields);
  if (!answer) return;
  if (!answer.ok) {
    table.showError(answer.error);
    return table.refresh();
  }
  table.showError(null);
  table.saved();
  await refreshHistory();
  table.refresh();
  table.resume(generation);
}

// Which replayTo was asked last: an earlier one's answer, arriving after it, is dropped (a
// move picked in the list, then ▶| at once, showed the picked move once its answer came).
let replayAsked = 0;
// ...and the position it asked for, until its answer comes: a step from there (◀ clicked
// twice quickly stepped back once: both counted from the position still shown, issue 43)
let replayAim = null;

export async function replayTo(ply) {
  if (!session.view) return;
  if (session.busy) return whenFree(() => replayTo(ply)); // kept, not dropped (issue 43)
  const asked = ++replayAsked;
  const length = session.view.length ?? session.view.ply;
  ply = Math.max(0, Math.min(length, ply));
  if (ply === length) {
    replayAim = null;
    session.replay = null; // back to the game as it stands
    table.refresh();
    return table.resume(session.generation);
  }
  replayAim = ply;
  const answer = await ask("goto", { ply });
  if (asked !== replayAsked) return;
  replayAim = null;
  if (!answer.ok) return table.showError(answer.error);
  session.replay = answer.view;
  table.refresh();
}

/** The position the replay shows, or is on its way to. */
function replayAt() {
  return replayAim ?? (session.replay ? session.replay.ply : session.view?.length ?? 0);
}

/** Undo or redo, now or once the page is free: a second click while the first is on its way
 * is kept (issue 43), and done if there is still a move to take back or play again then.
 * An undo while a computer thinks stops it and takes back the person's move at once: the
 * move they regret, not an answer they have not seen yet (which showing first would only
 * delay, and give away); while a computer's move is shown, it is taken back once shown. */
function courseWhenFree(op) {
  const stops = op === "undo" && session.view?.can_undo && !session.replay;
  if (stops && table.stopThinking()) return changeCourse(op);
  if (!session.busy) return changeCourse(op); // refused in words where it may not be done
  const can = () => session.view?.[`can_${op}`] && !session.replay;
  return whenFree(() => (can() ? changeCourse(op) : null));
}

export function setUpHistory(tableHooks) {
  table = tableHooks;
  $("undo").addEventListener("click", () => courseWhenFree("undo"));
  $("redo").addEventListener("click", () => courseWhenFree("redo"));
  $("replay-first").addEventListener("click", () => replayTo(0));
  // a step kept while the page is busy counts from where the page is once it is free
  const step = (by) => (session.busy ? whenFree(() => replayTo(replayAt() + by))
    : replayTo(replayAt() + by));
  $("replay-prev").addEventListener("click", () => step(-1));
  $("replay-next").addEventListener("click", () => step(1));
  $("replay-last").addEventListener("click", () => replayTo(Infinity));
  $("replay-slider").addEventListener("input", (e) => replayTo(Number(e.target.value)));
  $("replay-continue").addEventListener("click", () => {
    if (session.replay) changeCourse("truncate", { ply: session.replay.ply });
  });
  $("demo").addEventListener("click", () => {
    const strongest = BUILD.games[session.gameId].levels.at(-1);
    for (const select of $("setup-seats").querySelectorAll("select")) select.value = strongest;
    table.newGame();
  });
  $("demo-pause").addEventListener("click", () => {
    session.paused = !session.paused;
    table.refresh();
    if (!session.paused) table.resume(session.generation);
  });
}
