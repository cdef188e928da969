// Where things are on Buku's drawing: the margins round the 8×8 squares (wide, or slim on
// phones and in small embeds), the centre of a square, the band of a line, the names of the
// ranks and files, and the square under a pointer.
import { CELL, FILES, SIDE, centreOf, isSlim, squareName } from "../../kit/grid.js";
import { wordFloor } from "../../kit/index.js";

// margins round the board: the ranks' names (left), the files' (below), the hand (above)
const WIDE = { left: 74, bottom: 74, top: 62, right: 8 };
const SLIM = { left: 30, bottom: 30, top: 40, right: 2 }; // phones
// a room where slim margins leave squares too small for a finger and a number (a 320
// embed): the squares take all but the names' margins, the panel beside the board tells the
// pieces in hand
const COMPACT = { left: 44, bottom: 44, top: 4, right: 4 };
const ROOMY_CELL_PX = 32;

/** A square's side in CSS px, drawn with margins `M` in a room of `w`×`h` px. */
const cellPx = (M, w, h) => CELL * Math.min(w / (M.left + SIDE + M.right),
  h / (M.top + SIDE + M.bottom));

/** The layout of a board drawn in `root`, fitted to the room `room` (kit `roomOf`) by
 * `fit()` before each draw. */
export function createLayout(root, room) {
  let M = WIDE;

  /** Picks the margins for the room the board has now; sets the drawing's viewBox. */
  function fit() {
    const [w, h] = [room.size()[0], room.size()[1] || Infinity];
    const slim = isSlim([w, h]);
    M = !slim ? WIDE : cellPx(SLIM, w, h) < ROOMY_CELL_PX ? COMPACT : SLIM;
    root.setAttribute("viewBox", `0 0 ${M.left + SIDE + M.right} ${M.top + SIDE + M.bottom}`);
    root.classList.toggle("slim", slim);
    root.classList.toggle("compact", M === COMPACT);
    // the board's small words no smaller than the screen's floor, in the drawing's units
    // (issue 43: the path's numbers and "+ ficha 65" read 11.4 px on a 390 px phone)
    const scale = Math.min(w / (M.left + SIDE + M.right), h / (M.top + SIDE + M.bottom));
    root.style.setProperty("--bu-min", w > 0 && scale > 0
      ? `${Math.ceil((wordFloor() / scale) * 10) / 10}px` : "0px");
  }

  /** The band a line's step covers: its name's cell in the margin and its 8 squares (as
   * large as the squares on a phone too), and where its name is written. */
  function lineBand(orientation, squares) {
    const centres = squares.map((sq) => centreOf(sq, M));
    if (orientation === "rank") {
      const y = Math.min(...centres.map(([, cy]) => cy)) - CELL / 2;
      return { x: 2, y, width: M.left + SIDE - 2, height: CELL, name: [M.left / 2, y + CELL / 2] };
    }
    const x = Math.min(...centres.map(([cx]) => cx)) - CELL / 2;
    return { x, y: M.top, width: CELL, height: SIDE + M.bottom - 2,
      name: [x + CELL / 2, M.top + SIDE + M.bottom / 2] };
  }

  /** The board's coordinates as drawn: each rank's number (left) and file's letter (below)
   * with where it is written — also the names of the lines. */
  function coordinates() {
    const names = [];
    for (let i = 0; i < 8; i++) {
      names.push({ name: String(i + 1), kind: "rank", x: M.left / 2,
        y: M.top + (7 - i) * CELL + CELL / 2 });
      names.push({ name: FILES[i], kind: "file", x: M.left + i * CELL + CELL / 2,
        y: M.top + SIDE + M.bottom / 2 });
    }
    return names;
  }

  /** The square under a pointer event (client coordinates), or null. */
  function squareAt(event) {
    const matrix = root.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const f = Math.floor((point.x - M.left) / CELL);
    const r = 7 - Math.floor((point.y - M.top) / CELL);
    return f >= 0 && f < 8 && r >= 0 && r < 8 ? squareName(f, r) : null;
  }

  return {
    fit,
    lineBand,
    coordinates,
    squareAt,
    centre: (sq) => centreOf(sq, M),
    wide: () => M === WIDE,
    compact: () => M === COMPACT, // no hand drawn: the panel tells it
    margins: () => M, // changes with the room: compare to know when to redraw
    /** The half side of a line name's hit box in the margin. */
    nameRadius: () => Math.min(M.left, M.bottom) / 2,
    frame: () => ({ x: M.left, y: M.top, width: SIDE, height: SIDE }),
  };
}
