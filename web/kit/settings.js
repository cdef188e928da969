// A view's own settings, kept in the browser, and what kind of pointer the person has.
import { getSetting, setSetting } from "../table/storage.js";

/** A view's own setting (a string kept in the browser through storage.js), else `fallback`. */
export function setting(game, name, fallback) {
  return getSetting(`${game}.${name}`, fallback);
}

export function keepSetting(game, name, value) {
  setSetting(`${game}.${name}`, String(value));
}

/** True on touch screens (no keyboard hints there). */
export const coarsePointer = () => matchMedia("(pointer: coarse), (hover: none)").matches;
