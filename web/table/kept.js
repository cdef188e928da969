// "Keep both": a shared link, a record file or a URL's own set-up never silently replaces a
// saved game. The saved one is kept aside (storage.keepForLater) and a notice offers to
// switch back to it with one click; switching keeps the other game in its place.
import { t } from "../kit/i18n.js";
import * as storage from "./storage.js";
import { load } from "./session.js";
import { showLoaded, showError } from "./table.js";
import { $ } from "../kit/dom.js";

let gameOfNotice = null;

/** Call before something else takes the save slot of `gameId`. `except`: its record. */
export function keepSavedGame(gameId, except = null) {
  let saved = null;
  try {
    saved = storage.loadSavedGame(gameId);
  } catch {
    return; // a broken save is set aside by routing.js, never lost
  }
  if (!saved || !saved.record.moves.length) return;
  if (except && JSON.stringify(except.moves) === JSON.stringify(saved.record.moves)) return;
  if (storage.keepForLater(gameId)) showKeptNotice(gameId, saved.record.moves.length);
}

function showKeptNotice(gameId, moves) {
  gameOfNotice = gameId;
  $("kept-text").textContent = t("kept.text", { n: moves });
  $("kept").hidden = false;
}

export function hideKeptNotice() {
  $("kept").hidden = true;
  gameOfNotice = null;
}

async function switchBack() {
  const gameId = gameOfNotice;
  if (!gameId) return;
  let current = null;
  let saved = null;
  try {
    current = storage.loadSavedGame(gameId); // the game on the table: kept in turn
    if (!storage.swapKept(gameId)) return hideKeptNotice();
    saved = storage.loadSavedGame(gameId);
  } catch {
    return hideKeptNotice();
  }
  const answer = await load(saved);
  if (!answer) return;
  if (!answer.ok) return showError(answer.error);
  await showLoaded(answer.view);
  if (current?.record.moves.length) showKeptNotice(gameId, current.record.moves.length);
  else hideKeptNotice();
}

export function setUpKept() {
  $("kept-back").addEventListener("click", switchBack);
}
