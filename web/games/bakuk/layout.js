// Where Bakuk's board is drawn: the holes in the rows the engine gives (as South sees the
// board), and the sowing order round them as arrows from each hole to the next.
import { svg } from "../../kit/index.js";

export const PIT_RADIUS = 80;
const PITCH = 180; // between the centres of neighbouring holes in a row
const ROW_PITCH = 250; // between the rows: room between them for the seeds in hand
const MARGIN = 150; // from the drawing's edge to the first hole's centre
const TRACK_GAP = 18; // between the pits and the arrows round them

/** {hole name: [x, y]} and the drawing's size, for the engine's `rows` (far row first). */
export function placesOf(rows) {
  const places = {};
  rows.forEach((row, r) => row.forEach((name, c) => {
    places[name] = [MARGIN + c * PITCH, MARGIN - 40 + r * ROW_PITCH];
  }));
  const columns = Math.max(...rows.map((row) => row.length));
  return { places, width: 2 * MARGIN + (columns - 1) * PITCH,
    height: 2 * (MARGIN - 40) + (rows.length - 1) * ROW_PITCH };
}

/** The sowing order (`order`: the holes' names in the order seeds go round) as an arrow
 * from each hole to the next, outside the pits, so sowing is seen going round. */
export function drawTrack(root, places, order) {
  const defs = svg("defs", {}, root);
  const marker = svg("marker", { id: "bakuk-arrow", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
  svg("path", { d: "M0 0 L10 5 L0 10 z", class: "arrow-head" }, marker);
  const xs = Object.values(places).map(([x]) => x);
  const ys = Object.values(places).map(([, y]) => y);
  const [centreX, centreY] = [(Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...ys) + Math.max(...ys)) / 2];
  const out = PIT_RADIUS + TRACK_GAP;
  order.forEach((name, i) => {
    const [x1, y1] = places[name];
    const [x2, y2] = places[order[(i + 1) % order.length]];
    let d;
    if (y1 === y2) { // along a row: outside it, from near one hole to near the next
      const y = y1 + Math.sign(y1 - centreY) * out;
      const dir = Math.sign(x2 - x1);
      d = `M ${x1 + dir * 50} ${y} L ${x2 - dir * 50} ${y}`;
    } else { // from one row to the other, at the end of the board they share
      const x = x1 + Math.sign(x1 - centreX) * out;
      const dir = Math.sign(y2 - y1);
      d = `M ${x} ${y1 + dir * 50} L ${x} ${y2 - dir * 50}`;
    }
    svg("path", { d, class: "track", "marker-end": "url(#bakuk-arrow)" }, root);
  });
}
