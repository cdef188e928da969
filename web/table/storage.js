// Games save themselves in the browser (localStorage, through the kit's guarded store), one
// per game, as a record plus the seats. A save that cannot be read is never overwritten: it
// is kept aside under another key, so nothing a person had is lost.
import { read, readJSON, remove, setAside, write, writeJSON } from "../kit/store.js";

const PREFIX = "ludoteca.save.";
const ASIDE = "ludoteca.corrupt.";

let saving = true;

/** Embedded copies (embed=1) play without touching the site's own saved games. */
export function stopSaving() {
  saving = false;
}

export function saveGame(gameId, view) {
  if (!saving) return;
  const data = { record: view.record, seats: view.seats, savedAt: new Date().toISOString() };
  writeJSON(PREFIX + gameId, data); // not kept when full or blocked: the game goes on unsaved
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string";

/**
 * Whether `data` has the whole shape saveGame writes for `gameId`: a record of this game
 * (its options an object, its moves strings) and the seats (strings, one at least). Storage
 * is hostile too (edited by hand, written by another version): anything else is broken.
 */
function isSavedGame(data, gameId) {
  if (!isObject(data) || !Object.hasOwn(data, "record") || !Object.hasOwn(data, "seats")) {
    return false;
  }
  const { record, seats } = data;
  return isObject(record) && record.game === gameId && isObject(record.options) &&
    Array.isArray(record.moves) && record.moves.every(isText) &&
    Array.isArray(seats) && seats.length > 0 && seats.every(isText);
}

/**
 * The saved {record, seats} of a game, null if none; throws SyntaxError if it cannot be
 * read or is not a whole saved game of `gameId` (the caller keeps it aside and starts anew).
 */
export function loadSavedGame(gameId) {
  const text = read(PREFIX + gameId);
  if (!text) return null;
  const data = JSON.parse(text);
  if (!isSavedGame(data, gameId)) throw new SyntaxError("not a saved game");
  return { record: data.record, seats: data.seats };
}

/** Move an unreadable save aside (kept, never overwritten) and free the slot; one that
 * cannot be moved is left where it is. */
export function keepAside(gameId) {
  setAside(PREFIX + gameId, `${ASIDE}${gameId}.`);
}

// A saved game about to be replaced by a shared link, a file or a URL's own set-up is kept
// here (one per game), so opening something never silently loses what a person had.
const KEPT = "ludoteca.kept.";

/** Keep the saved game of `gameId` for later; true when there was one to keep. */
export function keepForLater(gameId) {
  const text = read(PREFIX + gameId);
  if (!text) return false;
  const earlier = read(KEPT + gameId);
  if (earlier && earlier !== text && !setAside(KEPT + gameId, `${KEPT}${gameId}.`)) return false;
  return write(KEPT + gameId, text);
}

/** Put the kept game back in the save slot; the game saved there is kept in its place. */
export function swapKept(gameId) {
  const kept = read(KEPT + gameId);
  if (!kept) return false;
  const current = read(PREFIX + gameId);
  if (!write(PREFIX + gameId, kept)) return false;
  if (current) return write(KEPT + gameId, current);
  remove(KEPT + gameId);
  return true;
}

// A learner's progress in lessons and puzzles: {step id: true} or {puzzle id: {correct,
// tries}}, one object per kind and game. Kept even in an embedded copy (it touches no saved
// game); anything unreadable counts as no progress.
const PROGRESS = "ludoteca.progress.";

export function loadProgress(kind, gameId) {
  const data = readJSON(`${PROGRESS}${kind}.${gameId}`, {});
  return isObject(data) ? data : {};
}

export function saveProgress(kind, gameId, data) {
  writeJSON(`${PROGRESS}${kind}.${gameId}`, data); // not kept when full or blocked
}
