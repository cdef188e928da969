// Clicks made while the page is busy (issue 43): "undo" clicked twice quickly, a step of the
// board clicked while a move is being shown or a request is on its way, were dropped — the
// first click made the page busy and the second did nothing. They are kept, in the order
// made, and done as soon as the page is free, as a click made while Python loads is
// (early-step.js).
import { session, whenIdle } from "./session.js";

let queue = Promise.resolve();
let waiting = 0; // actions kept and not done yet
let onDone = () => {};

/** Whether a click is kept: the computers wait for it (a person's undo, kept while their
 * own move is shown, comes before the computer's answer, not after it). */
export const clicksKept = () => waiting > 0;

/** `callback()` once every kept click is done (the table lets the computers go on). */
export function whenKeptDone(callback) {
  onDone = callback;
}

/** Do `action` once the page is free and the actions kept before it are done — unless
 * another game, lesson or address took the table meanwhile (a click is for the game it was
 * made in): then `dropped` instead. */
export function whenFree(action, dropped = () => {}) {
  const generation = session.generation;
  waiting += 1;
  queue = queue.then(async () => {
    while (session.busy) await whenIdle();
    if (generation !== session.generation) return dropped();
    await action(); // its first request starts now, in the turn that found the page free
  }).catch((error) => console.error(error)) // one failed action never stops the next
    .finally(() => {
      waiting -= 1;
      if (!waiting) onDone();
    });
  return queue;
}
