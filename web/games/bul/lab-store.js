// The bean lab kept in the browser (localStorage), one lab per game: the class number, the
// throws entered here (one by one, on screen or as typed tallies) and the result codes
// pooled from other devices, in the order they came. A store that cannot be read is never
// overwritten: it is set aside under another key (the kit's guarded store) and the page says
// so. A copy inside another page keeps its own lab, apart from the site's.
import { read, setAside, writeJSON } from "../../kit/store.js";

const PREFIX = "ludoteca.lab.beans.";
const ASIDE = "ludoteca.corrupt.lab.beans.";

const keyOf = (game, framed) => `${PREFIX}${game}${framed ? ".embedded" : ""}`;
const isCount = (n, most = 1e6) => Number.isInteger(n) && n >= 0 && n <= most;
const isTallies = (list, faces) => Array.isArray(list) && list.length === faces &&
  list.every((n) => isCount(n));

/** Whether `entry` is one the page writes: a throw, typed tallies or a pooled code. */
function isEntry(entry, faces) {
  if (!entry || typeof entry !== "object" || !isCount(entry.group, 99) || entry.group < 1) {
    return false;
  }
  if (entry.kind === "throw") return isCount(entry.marks, faces - 1);
  if (entry.kind === "typed") return isTallies(entry.tallies, faces);
  return entry.kind === "code" && isTallies(entry.tallies, faces) && isCount(entry.part, 99) &&
    typeof entry.code === "string" && entry.code.length < 60;
}

function isLab(data, faces) {
  return data && typeof data === "object" && isCount(data.class, 1e5) && data.class > 0 &&
    isCount(data.group, 99) && data.group > 0 && Number.isInteger(data.seed) &&
    Array.isArray(data.entries) && data.entries.every((e) => isEntry(e, faces));
}

/** A new lab: its class number and the seed of its throws on screen (neither decides a
 * rule: the number tells this class's codes from another's, the seed is the engine's). */
export function freshLab() {
  return { class: 1 + Math.floor(Math.random() * 2047), group: 1,
    seed: Math.floor(Math.random() * 2 ** 31), entries: [] };
}

/** The lab kept for `game` ({lab, setAside}); `setAside` when what was kept could not be
 * read (it is moved aside, not lost, and a fresh lab starts). */
export function loadLab(game, faces, framed) {
  const text = read(keyOf(game, framed)); // null when blocked: the lab works, unsaved
  if (!text) return { lab: freshLab(), setAside: false };
  try {
    const data = JSON.parse(text);
    if (isLab(data, faces)) return { lab: data, setAside: false };
  } catch { /* unreadable: set aside below */ }
  if (setAside(keyOf(game, framed), `${ASIDE}${game}.`)) return { lab: freshLab(), setAside: true };
  // cannot move it: it stays where it is, and is not overwritten (the lab goes on unsaved)
  return { lab: freshLab(), setAside: true, stuck: true };
}

export function saveLab(game, lab, framed) {
  writeJSON(keyOf(game, framed), lab); // not kept when full or blocked: the lab goes on unsaved
}

/** Each count's tally over `entries` (`faces` counts of marked faces). */
export function tally(entries, faces) {
  const sums = Array(faces).fill(0);
  for (const entry of entries) {
    if (entry.kind === "throw") sums[entry.marks] += 1;
    else entry.tallies.forEach((n, k) => { sums[k] += n; });
  }
  return sums;
}

/** The groups in the lab, in number order: [{group, tallies, throws, sources}]. */
export function groups(entries, faces) {
  const found = new Map();
  for (const entry of entries) {
    if (!found.has(entry.group)) found.set(entry.group, []);
    found.get(entry.group).push(entry);
  }
  return [...found.keys()].sort((a, b) => a - b).map((group) => {
    const own = found.get(group);
    const tallies = tally(own, faces);
    return { group, tallies, throws: tallies.reduce((a, b) => a + b, 0),
      sources: [...new Set(own.map((e) => e.kind))] };
  });
}

/** The running share of throws with `marks` marked faces as throws add up: [[throws,
 * share]], one point per throw entered here and one per batch of tallies. */
export function settling(entries, marks) {
  const points = [];
  let total = 0;
  let hits = 0;
  for (const entry of entries) {
    if (entry.kind === "throw") {
      total += 1;
      hits += entry.marks === marks ? 1 : 0;
    } else {
      total += entry.tallies.reduce((a, b) => a + b, 0);
      hits += entry.tallies[marks];
    }
    if (total) points.push([total, hits / total]);
  }
  return points;
}
