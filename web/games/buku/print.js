// Buku's print kit (web/teach/print.js): its 8×8 board with its light and dark squares, a score
// sheet, four puzzles two to a sheet, and the rules.
import { CELL } from "../../kit/grid.js";

export default {
  cell: { units: CELL, key: "print.cell.square" },
  items: ["board", "score", "puzzles", "key", "rules"],
  puzzles: { count: 4, perSheet: 2 },
  scoreRows: 30,
};
