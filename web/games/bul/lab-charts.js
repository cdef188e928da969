// The bean lab's two charts, in SVG without text (the words and numbers are in the HTML
// beside them and in their tables, so they read at every size): observed against expected
// for each count of marked faces, and the share of one count settling as throws add up.
// Observed and expected differ in fill and outline, never in colour alone.
import { svg } from "../../kit/index.js";

const WIDTH = 500;
const HEIGHT = 200;
const MAX_POINTS = 400; // a line of more points looks the same, and draws slower

/** Bars: per count, the observed share (filled) beside the expected share (dashed outline). */
export function drawBars(root, faces, label) {
  root.replaceChildren();
  root.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  root.setAttribute("preserveAspectRatio", "none"); // the box's width, strokes unscaled (CSS)
  root.setAttribute("aria-label", label);
  const total = faces.reduce((sum, f) => sum + f.observed, 0);
  const top = Math.max(...faces.map((f) => Math.max(f.probability,
    total ? f.observed / total : 0)), 0.01) * 1.1;
  const slot = WIDTH / faces.length;
  const bar = slot * 0.34;
  svg("line", { x1: 0, y1: HEIGHT - 1, x2: WIDTH, y2: HEIGHT - 1, class: "lab-axis" }, root);
  faces.forEach((face, i) => {
    const x = i * slot + slot / 2;
    const observed = total ? face.observed / total : 0;
    const high = (share) => (HEIGHT - 2) * share / top;
    svg("rect", { x: x - bar - 2, y: HEIGHT - 1 - high(observed), width: bar,
      height: high(observed), class: "lab-observed" }, root);
    svg("rect", { x: x + 2, y: HEIGHT - 1 - high(face.probability), width: bar,
      height: high(face.probability), class: "lab-expected" }, root);
  });
}

/** The line of the running share (`points`: [[throws, share]]) against the expected share
 * (a dashed line across). */
export function drawSettling(root, points, expected, label) {
  root.replaceChildren();
  root.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  root.setAttribute("preserveAspectRatio", "none"); // the box's width, strokes unscaled (CSS)
  root.setAttribute("aria-label", label);
  const top = Math.min(1, Math.max(expected * 2, ...points.map(([, s]) => s)) * 1.05);
  const y = (share) => HEIGHT - 2 - (HEIGHT - 4) * share / top;
  const last = points.length ? points[points.length - 1][0] : 1;
  const x = (n) => (WIDTH - 8) * n / last; // room for the last point's dot
  svg("line", { x1: 0, y1: HEIGHT - 1, x2: WIDTH, y2: HEIGHT - 1, class: "lab-axis" }, root);
  svg("line", { x1: 0, y1: y(expected), x2: WIDTH, y2: y(expected), class: "lab-expected-line" },
    root);
  if (!points.length) return;
  const step = Math.max(1, Math.ceil(points.length / MAX_POINTS));
  const shown = points.filter((_, i) => i % step === 0 || i === points.length - 1);
  const path = shown.map(([n, s], i) => `${i ? "L" : "M"}${x(n).toFixed(1)} ${y(s).toFixed(1)}`);
  svg("path", { d: path.join(" "), class: "lab-share-line" }, root);
  const [n, s] = points[points.length - 1];
  svg("line", { x1: x(n), y1: y(s), x2: x(n), y2: y(s), class: "lab-share-dot" }, root);
}

/** A few points of the line for its table: the first at or after 10, 20, 50, 100, 200,
 * 500… throws, and the last. */
export function checkpoints(points) {
  const picked = [];
  let i = 0;
  for (let size = 10; i < points.length && size < 1e7; size *= 10) {
    for (const mark of [size, size * 2, size * 5]) {
      while (i < points.length && points[i][0] < mark) i++;
      if (i < points.length && !picked.includes(points[i])) picked.push(points[i]);
    }
  }
  const last = points[points.length - 1];
  if (last && !picked.includes(last)) picked.push(last);
  return picked;
}
