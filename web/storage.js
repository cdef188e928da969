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

/** The saved {record, seats} of a game, null if none; throws SyntaxError if unreadable. */
export function loadSavedGame(gameId) {
  const text = store()?.getItem(PREFIX + gameId);
  if (!text) return null;
  const data = JSON.parse(text);
  if (!data || typeof data !== "object" || !data.record || !Array.isArray(data.seats)) {
    throw new SyntaxError("not a saved game");
  }
  return data;
}

/** Move an unreadable save aside (kept, never overwritten) and free the slot. */
export function keepAside(gameId) {
  const s = store();
  const text = s?.getItem(PREFIX + gameId);
  if (text == null) return;
  try {
    s.setItem(`${ASIDE}${gameId}.${Date.now()}`, text);
    s.removeItem(PREFIX + gameId);
  } catch { /* cannot move it: leave it where it is */ }
}

export function forgetGame(gameId) {
  try {
    store()?.removeItem(PREFIX + gameId);
  } catch { /* nothing to do */ }
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
