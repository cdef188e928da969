// Clicks made while the page is busy (issue 43): "undo" clicked twice quickly, a step of the
// board clicked while a move is being shown or a request is on its way, were dropped — the
// first click made the page busy and the second did nothing. They are kept, in the order
// made, and done as soon as the page is free, as a click made while Python loads is
// (early-step.js).
import { session, whenIdle } from "./session.js";

let queue = Promise.resolve();

/** Do `action` once the page is free and the actions kept before it are done — unless
 * another game, lesson or address took the table meanwhile (a click is for the game it was
 * made in): then `dropped` instead. */
export function whenFree(action, dropped = () => {}) {
  const generation = session.generation;
  queue = queue.then(async () => {
    while (session.busy) await whenIdle();
    if (generation !== session.generation) return dropped();
    await action(); // its first request starts now, in the turn that found the page free
  }).catch((error) => console.error(error)); // one failed action never stops the next
  return queue;
}
