// Where a link of the teacher's notes goes (teacher.js draws them): an address relative to its
// game with the plan's `options` (the rule set it teaches) in the address's hash query, the
// one place every reader of the site looks (routing.js for the table and the set-up mode,
// rule-set.js for the puzzles, the print kit, the labs). No DOM: the tests read it in Node.

/** The address `link` goes to: `href` "" is the game's table, "?learn=2" a lesson step,
 * "/fairness" a page beside it, `print: "tally"` a sheet of the print kit; every address
 * carries `options` (Bul's `variant=puluc`). */
export function linkAddress(game, link, options = {}) {
  const path = link.print ? `/print?item=${link.print}` : link.href || "";
  const tail = Object.entries(options).map(([name, value]) =>
    `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join("&");
  return `#/${game}${path}${tail ? `${path.includes("?") ? "&" : "?"}${tail}` : ""}`;
}
