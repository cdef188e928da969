// Where Bolonki's board is drawn: the margins round its 8×8 squares for the room it has —
// wide (coordinates and the groups' bands; the side bands wide enough for their few words to
// be written across in short lines, not turned on their side) when there is room, slim on phones, tiny in a
// small embed (the board alone: the scores say what is out) — and each square's centre.
import { SIDE, centreOf, isSlim } from "../../kit/grid.js";

const WIDE = [96, 64]; // [left and right, top and bottom]
const SLIM = [33, 33]; // room for the bands' words at 12 px on a phone
const TINY = [2, 2];
const TINY_BELOW_PX = 300;
// the wide margins from a room of this many px each way (the kit's slim rule keeps them for
// larger rooms: its margins are turned sideways, these are not and need more room)
const WIDE_FROM_PX = [480, 420];

/** The layout of the board drawn in `root` (an SVG) for the room `room` (kit roomOf). */
export function createLayout(root, room) {
  const layout = {
    margins: WIDE,
    /** The margin left and right of the squares. */
    get side() { return layout.margins[0]; },
    /** The margin above and below them. */
    get margin() { return layout.margins[1]; },
    get width() { return SIDE + 2 * layout.side; },
    get height() { return SIDE + 2 * layout.margin; },
    get wide() { return layout.margins === WIDE; },
    get tiny() { return layout.margins === TINY; },
    /** Pick the margins for the room the board has now (a new size shows at the next draw). */
    fit() {
      const [w, h] = [room.size()[0], room.size()[1] || Infinity];
      const slim = isSlim([w, h]) && (w < WIDE_FROM_PX[0] || h < WIDE_FROM_PX[1]);
      layout.margins = !slim ? WIDE : w < TINY_BELOW_PX ? TINY : SLIM;
      root.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
      root.classList.toggle("slim", slim);
      root.classList.toggle("tiny", layout.tiny);
    },
    /** The drawing's scale on screen: CSS px per unit (1 before the room is known). */
    scale() {
      const [w, h] = room.size();
      return w > 0 ? Math.min(w / layout.width, h > 0 ? h / layout.height : Infinity) : 1;
    },
    centre: (square) => centreOf(square, { left: layout.side, top: layout.margin }),
    /** Move `el` (a piece) onto `square`; the stylesheet makes the move a slide. */
    place(el, square) {
      const [x, y] = layout.centre(square);
      el.style.transform = `translate(${x}px, ${y}px)`;
      el.dataset.square = square;
    },
  };
  return layout;
}
