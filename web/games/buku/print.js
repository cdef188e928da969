// Buku's print kit (web/teach/print.js): its 8×8 board with its light and dark squares, a score
// sheet, the tally the teacher's plan asks pairs to keep, four puzzles two to a sheet, and the rules.
import { CELL } from "../../kit/grid.js";

export default {
  cell: { units: CELL, key: "print.cell.square" },
  items: ["board", "score", "tally", "puzzles", "key", "rules"],
  // its answers list many moves each: three to a sheet of the key
  puzzles: { count: 4, perSheet: 2, keyPerSheet: 3 },
  scoreRows: 30,
  // the plan: each pair notes the final score of both players
  tally: ({ t }) => ({
    intro: [t("buku.print.tally.p1")],
    head: [t("buku.print.tally.game"), t("buku.print.tally.points", { name: t("buku.player.0") }),
      t("buku.print.tally.points", { name: t("buku.player.1") }), t("buku.print.tally.winner")],
    rows: Array.from({ length: 12 }, (_, i) => [String(i + 1)]),
    wide: [1, 2, 3],
  }),
};
