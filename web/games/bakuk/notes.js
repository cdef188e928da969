// Bakuk's notes for teachers (teacher.js draws them): counting on, parity, a solved game and
// the Jbala, in a lesson of the two-player game (`options`). Words: `bakuk.notes.…`; links are
// relative to the game (teacher.js); the source is cited as docs/SOURCES.md gives it.
export default {
  options: { players: 2 },
  plan: [
    { id: "hook", minutes: 6, link: { rules: true } },
    { id: "rules", minutes: 9, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, games: 2, link: { href: "" }, sheets: ["tally"] },
    { id: "pool", minutes: 7, link: { href: "/fairness" } }, // the fairness lab
    { id: "debrief", minutes: 8, link: { href: "?puzzle=day" }, sheets: ["puzzles", "key"] },
  ],
  questions: [
    { id: "count", link: { href: "?learn=3" } }, // "Una semilla por hoyo" (after "Sembrar")
    { id: "even", link: { href: "?learn=7" } }, // "Una cadena de capturas"
    { id: "first", link: { href: "/fairness" } },
    { id: "hint", link: { href: "?edit" } },
  ],
  topics: ["counting", "parity", "solved", "culture"],
  sources: [
    { id: "seed", author: null, title: "Bakuk", site: "Mancala World", year: null,
      address: null },
    { id: "engine", own: true },
    { id: "decisions", own: true },
  ],
};
