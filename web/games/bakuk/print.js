// Bakuk's print kit (web/teach/print.js): its 2×3 board as large as the paper allows (pits for
// real seeds), a score sheet, the tally the teacher's plan asks pairs to keep, six puzzles
// three to a sheet (each board beside its question and the lines to answer on: under them, a
// wide, low board was drawn two-thirds as large), and the rules.
import { PIT_RADIUS } from "./layout.js";

export default {
  cell: { units: 2 * PIT_RADIUS, key: "print.cell.pit" },
  items: ["board", "score", "tally", "puzzles", "key", "rules"],
  // the key three answers a sheet: each says why, move by move (answer_words.py)
  puzzles: { count: 6, perSheet: 3, keyPerSheet: 3, beside: true },
  scoreRows: 30,
  // the plan: short games, who started, who won and by how many seeds
  tally: ({ t }) => ({
    intro: [t("bakuk.print.tally.p1")],
    head: [t("bakuk.print.tally.game"), t("bakuk.print.tally.first"), t("bakuk.print.tally.winner"),
      t("bakuk.print.tally.by")],
    rows: Array.from({ length: 12 }, (_, i) => [String(i + 1)]),
    wide: [1, 2],
    after: [t("bakuk.print.tally.after")],
  }),
};
