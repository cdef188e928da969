// Whether two windows' tables (mirror.js's values: {game, coach, record, moves, seats, …})
// show the same game, and whether one is the other with more moves. No page needed: the
// unit tests run it in Node.

/** What makes two games the same game before their moves: game, rules, start, seats. */
function base(state) {
  const { game, coach, record, seats } = state;
  return JSON.stringify([game, coach, record?.options ?? null, record?.start ?? null, seats]);
}

/** How many moves `later` is on from `earlier` (0 when it is not `earlier` continued). */
export function movesOn(earlier, later) {
  if (!earlier || !later || base(earlier) !== base(later)) return 0;
  const [a, b] = [earlier.moves, later.moves];
  if (b.length <= a.length || a.some((move, i) => move !== b[i])) return 0;
  return b.length - a.length;
}

/** Whether two tables show the same game at the same move (replay, pace and language
 * aside). */
export function sameGame(a, b) {
  return Boolean(a && b) && base(a) === base(b) &&
    JSON.stringify(a.moves) === JSON.stringify(b.moves);
}
