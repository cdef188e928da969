// Where Bolonki's board is drawn: the margin round its 8×8 squares for the room it has —
// wide (coordinates and the groups' bands) when there is room, slim on phones, tiny in a
// small embed (the board alone: the scores say what is out) — and each square's centre.
import { SIDE, centreOf, isSlim } from "../../kit/grid.js";

const WIDE_MARGIN = 64;
const SLIM_MARGIN = 20;
const TINY_MARGIN = 2;
const TINY_BELOW_PX = 300;

/** The layout of the board drawn in `root` (an SVG) for the room `room` (kit roomOf). */
export function createLayout(root, room) {
  const layout = {
    margin: WIDE_MARGIN,
    get total() { return SIDE + 2 * layout.margin; },
    get wide() { return layout.margin === WIDE_MARGIN; },
    get tiny() { return layout.margin === TINY_MARGIN; },
    /** Pick the margin for the room the board has now (a new size shows at the next draw). */
    fit() {
      const [w, h] = [room.size()[0], room.size()[1] || Infinity];
      const slim = isSlim([w, h]);
      layout.margin = !slim ? WIDE_MARGIN : w < TINY_BELOW_PX ? TINY_MARGIN : SLIM_MARGIN;
      root.setAttribute("viewBox", `0 0 ${layout.total} ${layout.total}`);
      root.classList.toggle("slim", slim);
    },
    centre: (square) => centreOf(square, { left: layout.margin, top: layout.margin }),
    /** Move `el` (a piece) onto `square`; the stylesheet makes the move a slide. */
    place(el, square) {
      const [x, y] = layout.centre(square);
      el.style.transform = `translate(${x}px, ${y}px)`;
      el.dataset.square = square;
    },
  };
  return layout;
}
