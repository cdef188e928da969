// The board kit: what every game view shares, one copy of each (a view imports it from here).
// Nothing in it knows a rule: the engine's observations and facts say everything.
export { $, button, el } from "./dom.js";
export { pause, playFrames } from "./motion.js";
export { glyph, resultText, say, seatPlayers } from "./seats.js";
export { coarsePointer, keepSetting, setting } from "./settings.js";
export {
  arrowKeys, focusKeeper, focusToward, forbidStep, makeStep, markLast,
} from "./steps.js";
export { roomOf, svg, text } from "./svg.js";
