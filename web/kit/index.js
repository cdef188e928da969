// The kit: one copy of each helper the page's rooms and the game views share (a view imports
// it from here; the rooms import its modules, among them the strings, i18n.js, and the
// browser's guarded storage, store.js). Nothing in it knows a rule or names a game: the
// engine's observations and facts say everything.
export { $, button, el } from "./dom.js";
export { keyedLayer, renew } from "./inplace.js";
export { pause, playFrames } from "./motion.js";
export { glyph, resultText, say, seatPlayers } from "./seats.js";
export { coarsePointer, keepSetting, setting } from "./settings.js";
export {
  arrowKeys, askWhy, focusKeeper, focusToward, forbidStep, makeStep, markLast, pictureOnly,
} from "./steps.js";
export { roomOf, svg, text, wordFloor } from "./svg.js";
