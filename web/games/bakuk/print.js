// Bakuk's print kit (web/teach/print.js): its 2×3 board as large as the paper allows (pits for
// real seeds), a score sheet, six puzzles three to a sheet, and the rules.
import { PIT_RADIUS } from "./layout.js";

export default {
  cell: { units: 2 * PIT_RADIUS, key: "print.cell.pit" },
  items: ["board", "score", "puzzles", "key", "rules"],
  puzzles: { count: 6, perSheet: 3 },
  scoreRows: 30,
};
