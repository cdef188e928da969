// Where Bul's road is drawn: a cell for each row, in one straight line (row 1 on the left)
// or winding in lines from the bottom up — whichever shape gives the largest cells in the
// room the board has; a compact road in a small room — and the beans panel above it.
// Drawing units, no rules: the rows, the bases and how many players wait in each come from
// the engine's observation.

const WINDING_COLS = [3, 4, 5, 6, 7]; // cells per line the winding road may have

/** What the road's shape depends on: its rows and, per base row, the players based there. */
export function roadFacts(obs) {
  const bases = new Map();
  for (const side of obs.sides || []) bases.set(side.base_row, side.players.length);
  return { length: obs.length, bases };
}

/** Where each row is drawn: {rows: {row: {x, y, w, h, dir}}, panel, width, height, narrow,
 * cell, cols}; `dir` is the way to the next row on screen (+1 right, -1 left); `cols` cells a
 * line (all of them: one straight line). A base is wider when more players wait in it. */
export function geometry({ length, bases }, cols) {
  const rows = {};
  if (cols >= length) {
    const width = 1200;
    const top = 150;
    const height = 280;
    const weight = (row) => (bases.has(row) ? 0.8 + 0.8 * bases.get(row) : 1);
    let weights = 0;
    for (let row = 1; row <= length; row++) weights += weight(row);
    const unit = (width - 20) / weights;
    let x = 10;
    for (let row = 1; row <= length; row++) {
      const w = weight(row) * unit;
      rows[row] = { x, y: top, w, h: height, dir: 1 };
      x += w;
    }
    return { rows, panel: { x: 10, y: 8, w: width - 20, h: 128 }, width,
      height: top + height + 14, narrow: false, cell: Math.min(unit, height), cols };
  }
  const cellW = 97;
  const cellH = 124;
  const width = Math.max(400, 12 + cols * cellW);
  const left = (width - cols * cellW) / 2;
  const lines = Math.ceil(length / cols);
  const top = 142;
  for (let row = 1; row <= length; row++) {
    const line = Math.floor((row - 1) / cols);
    const at = (row - 1) % cols;
    const dir = line % 2 === 0 ? 1 : -1;
    const col = dir === 1 ? at : cols - 1 - at;
    rows[row] = { x: left + col * cellW, y: top + (lines - 1 - line) * cellH, w: cellW, h: cellH,
      dir };
  }
  return { rows, panel: { x: 6, y: 4, w: width - 12, h: 128 }, width,
    height: top + lines * cellH + 6, narrow: true, cell: cellW, cols };
}

/** The compact road of a small room (a 320 embed): winding in lines of `cols` cells that
 * are small in the drawing's units, so that its words, drawn no smaller than `minFont`
 * units (set by `bestGeometry`), are large beside them; a low strip for the beans above. */
export function compactGeometry({ length }, cols) {
  const [cellW, cellH, top] = [64, 96, 66];
  const width = 8 + cols * cellW;
  const lines = Math.ceil(length / cols);
  const rows = {};
  for (let row = 1; row <= length; row++) {
    const line = Math.floor((row - 1) / cols);
    const at = (row - 1) % cols;
    const dir = line % 2 === 0 ? 1 : -1;
    const col = dir === 1 ? at : cols - 1 - at;
    rows[row] = { x: 4 + col * cellW, y: top + (lines - 1 - line) * cellH, w: cellW, h: cellH,
      dir };
  }
  return { rows, panel: { x: 4, y: 4, w: width - 8, h: 56 }, width,
    height: top + lines * cellH + 4, narrow: true, compact: true, cell: cellW, cols };
}

/** The usual road's base: its name across the cell's foot, as large as its CSS draws it (13
 * units, or the screen's floor in the drawing's units: 17 on a phone), and `top`, the line
 * its men stand above. A phone's name was drawn over the cell's edge, its men over it
 * (issue 43). */
export function baseName(geo, cell) {
  const size = Math.max(13.5, geo.minFont ?? 0);
  const baseline = cell.y + cell.h - 11 - 0.25 * size; // its foot inside the cell's frame
  return { size, baseline, top: baseline - size - 4 };
}

// The smallest text on the board: the usual road draws its row numbers at 15 units (17 on a
// straight road); where that would read smaller than 10.5 CSS px, the compact road is drawn
// instead. Either road then draws its words no smaller than the screen's floor (`floor`, CSS
// px: the kit's `wordFloor`), in its own units (`minFont`): a phone's road numbers read 10.6
// px at 15 units, under a phone's 12 (issue 43).
const FLOOR_PX = 10.5;
const ROW_NUMBER_UNITS = 15;

/** The road's shape with the largest cells on screen in a `w`×`h` box (`h` 0: unknown), its
 * words no smaller than `floor` CSS px. */
export function bestGeometry(facts, w, h, floor = FLOOR_PX) {
  const scaleOf = (geo) => (h > 0 ? Math.min(w / geo.width, h / geo.height) : w / geo.width);
  const largest = (shapes) => {
    let best = null;
    let bestSize = -1;
    for (const geo of shapes) {
      if (geo.cell * scaleOf(geo) > bestSize + 1) [best, bestSize] = [geo, geo.cell * scaleOf(geo)];
    }
    return best;
  };
  // the floor in the drawing's units, to a tenth (a redraw only when it changes that much)
  const minFont = (geo) => Math.ceil((Math.max(floor, FLOOR_PX) / scaleOf(geo)) * 10) / 10;
  const winding = WINDING_COLS.filter((c) => c < facts.length);
  const usual = largest([...winding, facts.length].map((cols) => geometry(facts, cols)));
  if (!(h > 0)) return usual;
  if (scaleOf(usual) * ROW_NUMBER_UNITS >= FLOOR_PX) return { ...usual, minFont: minFont(usual) };
  const compact = largest(winding.map((cols) => compactGeometry(facts, cols)));
  if (!compact) return { ...usual, minFont: minFont(usual) };
  return { ...compact, minFont: minFont(compact) };
}
