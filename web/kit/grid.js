// An 8×8 board whose squares are named as the notation names them: a file letter and a rank
// number, a1 at the bottom left. Where each square is drawn, and how wide the margins round
// the board are for the room it has (slim on phones and in small embeds).

export const FILES = "abcdefgh";
export const CELL = 80; // a square's side, in the drawing's units
export const SIDE = 8 * CELL;

export const fileOf = (square) => FILES.indexOf(square[0]);
export const rankOf = (square) => Number(square.slice(1)) - 1;
export const squareName = (file, rank) => FILES[file] + (rank + 1);

/** Every square's name, a1 first, rank by rank. */
export const SQUARES = [];
for (let rank = 0; rank < 8; rank++) {
  for (let file = 0; file < 8; file++) SQUARES.push(squareName(file, rank));
}

const SLIM_BELOW_PX = 560;

/** Whether a board in a room of `width`×`height` CSS px (0 while unknown) has too little
 * room for wide margins: its squares then take what the margins would. */
export function isSlim([width, height]) {
  return width > 0 && (width < SLIM_BELOW_PX || (height || Infinity) < SLIM_BELOW_PX * 0.75);
}

/** The centre of `square` on a board drawn with `margins` ({left, top}) round it. */
export function centreOf(square, margins) {
  return [margins.left + fileOf(square) * CELL + CELL / 2,
    margins.top + (7 - rankOf(square)) * CELL + CELL / 2];
}
