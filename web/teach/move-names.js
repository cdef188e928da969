// A move named for a list or a sentence (issue 43): the game's short name where its notation
// is long (the `moveName` hook: Buku's "la fila 3 (de f2 a d5)" for "3:f2-f1-e1-…-d5", which
// ran a key moment to six lines beside a projector's board), else its words (`moveText`:
// Bul's "entrar"), else the notation. A short name may leave out what tells two moves apart
// (Buku's path between its ends): moves named side by side that would read alike keep their
// whole words.
import { players } from "../table/setup.js";

/** The words of `move` (its notation where the game has none of its own). */
export function moveWords(session, t, move) {
  return session.module?.moveText?.({ move }, { t, players: players() }) ?? move;
}

/** Names for `moves` shown together: short where the game has them and none two read alike. */
export function moveNames(session, t, moves) {
  const short = moves.map((move) => session.module?.moveName?.(move, { t }) ?? null);
  return moves.map((move, i) => {
    const name = short[i];
    const alike = short.some((other, j) => other === name && moves[j] !== move);
    return name && !alike ? name : moveWords(session, t, move);
  });
}

/** One move's name (short where the game has one). */
export const moveName = (session, t, move) => moveNames(session, t, [move])[0];
