// Bakuk's print kit (web/print.js): its 2×3 board as large as the paper allows (pits for
// real seeds), a score sheet, six puzzles three to a sheet, and the rules.
export default {
  items: ["board", "score", "puzzles", "key", "rules"],
  puzzles: { count: 6, perSheet: 3 },
  scoreRows: 30,
};
