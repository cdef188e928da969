// Games save themselves in the browser (localStorage), one per game, as a record plus the
// seats. A save that cannot be read is never overwritten: it is kept aside under another
// key, so nothing a person had is lost.
const PREFIX = "ludoteca.save.";
const ASIDE = "ludoteca.corrupt.";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (some iframes, private modes): play without saving
  }
}

let saving = true;

/** Embedded copies (embed=1) play without touching the site's own saved games. */
export function stopSaving() {
  saving = false;
}

export function saveGame(gameId, view) {
  if (!saving) return;
  const data = { record: view.record, seats: view.seats, savedAt: new Date().toISOString() };
  try {
    store()?.setItem(PREFIX + gameId, JSON.stringify(data));
  } catch { /* full or blocked: the game goes on unsaved */ }
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
  const text = store()?.getItem(PREFIX + gameId);
  if (!text) return null;
  const data = JSON.parse(text);
  if (!isSavedGame(data, gameId)) throw new SyntaxError("not a saved game");
  return { record: data.record, seats: data.seats };
}

/** A key under `prefix` that holds nothing yet: what is set aside is never overwritten. */
function uniqueKey(s, prefix) {
  let key = `${prefix}${Date.now()}`;
  for (let n = 2; s.getItem(key) !== null; n++) key = `${prefix}${Date.now()}.${n}`;
  return key;
}

/** Move an unreadable save aside (kept, never overwritten) and free the slot. */
export function keepAside(gameId) {
  const s = store();
  let text = null;
  try {
    text = s?.getItem(PREFIX + gameId);
  } catch { /* blocked: nothing to move */ }
  if (text == null) return;
  try {
    s.setItem(uniqueKey(s, `${ASIDE}${gameId}.`), text);
    s.removeItem(PREFIX + gameId);
  } catch { /* cannot move it: leave it where it is */ }
}

// A saved game about to be replaced by a shared link, a file or a URL's own set-up is kept
// here (one per game), so opening something never silently loses what a person had.
const KEPT = "ludoteca.kept.";

/** Keep the saved game of `gameId` for later; true when there was one to keep. */
export function keepForLater(gameId) {
  try {
    const s = store();
    const text = s?.getItem(PREFIX + gameId);
    if (!text) return false;
    const earlier = s.getItem(KEPT + gameId);
    if (earlier && earlier !== text) s.setItem(uniqueKey(s, `${KEPT}${gameId}.`), earlier);
    s.setItem(KEPT + gameId, text);
    return true;
  } catch {
    return false;
  }
}

/** Put the kept game back in the save slot; the game saved there is kept in its place. */
export function swapKept(gameId) {
  try {
    const s = store();
    const kept = s?.getItem(KEPT + gameId);
    if (!kept) return false;
    const current = s.getItem(PREFIX + gameId);
    s.setItem(PREFIX + gameId, kept);
    if (current) s.setItem(KEPT + gameId, current);
    else s.removeItem(KEPT + gameId);
    return true;
  } catch {
    return false;
  }
}

export function getSetting(name, fallback) {
  try {
    return store()?.getItem(`ludoteca.${name}`) ?? fallback;
  } catch {
    return fallback;
  }
}

export function setSetting(name, value) {
  try {
    store()?.setItem(`ludoteca.${name}`, value);
  } catch { /* not kept */ }
}

// A learner's progress in lessons and puzzles: {step id: true} or {puzzle id: {correct,
// tries}}, one object per kind and game. Kept even in an embedded copy (it touches no saved
// game); anything unreadable counts as no progress.
const PROGRESS = "ludoteca.progress.";

export function loadProgress(kind, gameId) {
  try {
    const data = JSON.parse(store()?.getItem(`${PROGRESS}${kind}.${gameId}`) || "{}");
    return isObject(data) ? data : {};
  } catch {
    return {};
  }
}

export function saveProgress(kind, gameId, data) {
  try {
    store()?.setItem(`${PROGRESS}${kind}.${gameId}`, JSON.stringify(data));
  } catch { /* not kept */ }
}
