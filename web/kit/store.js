// The browser's own storage (localStorage), guarded: storage that is blocked (some iframes,
// private modes) or full never stops the page, it only means that nothing is kept. A value
// that cannot be read is never overwritten: the caller sets it aside under a key of its own,
// where nothing a person had is lost, and says so in its own words.

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked: the page works, keeping nothing
  }
}

/** The text kept under `key`; null when there is none or storage is blocked. */
export function read(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keep `text` under `key`; false when it could not be kept (storage full or blocked). */
export function write(key, text) {
  try {
    const s = storage();
    s?.setItem(key, text);
    return Boolean(s);
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    storage()?.removeItem(key);
  } catch { /* blocked: nothing was kept */ }
}

/** The JSON value kept under `key`; `fallback` when there is none or it cannot be read (an
 * unreadable value is left where it is: see `setAside`). */
export function readJSON(key, fallback = null) {
  const text = read(key);
  if (text === null) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

export function writeJSON(key, value) {
  return write(key, JSON.stringify(value));
}

/**
 * Move what `key` holds to a new key `<prefix><time>` (`.2`, `.3`… when that is taken: what
 * was set aside before is never overwritten) and free `key`. True when `key` is free (its
 * value moved, or there was none); false when it could not be moved: it stays where it is,
 * and must not be overwritten.
 */
export function setAside(key, prefix) {
  const s = storage();
  try {
    const text = s?.getItem(key) ?? null;
    if (text === null) return true;
    let aside = `${prefix}${Date.now()}`;
    for (let n = 2; s.getItem(aside) !== null; n++) aside = `${prefix}${Date.now()}.${n}`;
    s.setItem(aside, text);
    s.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
