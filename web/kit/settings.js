// The page's and each view's own settings, kept in the browser, and what kind of pointer the
// person has.
import { read, write } from "./store.js";

/** A setting of the page (a string kept in the browser as `ludoteca.<name>`), else `fallback`. */
export function getSetting(name, fallback) {
  return read(`ludoteca.${name}`) ?? fallback;
}

export function setSetting(name, value) {
  write(`ludoteca.${name}`, value); // not kept when storage is full or blocked
}

/** A view's own setting (`<game>.<name>`), else `fallback`. */
export function setting(game, name, fallback) {
  return getSetting(`${game}.${name}`, fallback);
}

export function keepSetting(game, name, value) {
  setSetting(`${game}.${name}`, String(value));
}

/** True on touch screens (no keyboard hints there). */
export const coarsePointer = () => matchMedia("(pointer: coarse), (hover: none)").matches;
