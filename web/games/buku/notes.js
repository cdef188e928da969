// Buku's notes for teachers (teacher.js draws them): paths, colours and parity, and strategy
// under a designer's anti-computer rules. Words: `buku.notes.…`; links relative to the game;
// the source as docs/SOURCES.md gives it.
export default {
  options: {},
  plan: [
    { id: "hook", minutes: 6, link: { rules: true } },
    { id: "rules", minutes: 10, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, games: 1, link: { href: "" }, sheets: ["tally"] },
    { id: "pool", minutes: 6, link: { href: "/fairness" } }, // the fairness lab
    { id: "debrief", minutes: 8, link: { href: "?puzzle=day" }, sheets: ["puzzles", "key"] },
  ],
  questions: [
    { id: "colours", link: { href: "?learn=2" } },
    { id: "draw", link: { href: "?learn=11" } },
    { id: "first", link: { href: "" } },
    { id: "gift", link: { href: "?learn=7" } },
    { id: "starts", link: { href: "/fairness" }, // the fairness lab's shipped result
      figure: { fairness: { options: {} }, player: "buku.player.0" } },
  ],
  topics: ["paths", "parity", "strategy"],
  sources: [
    { id: "seed", author: "JG", title: "Buku", site: "Mesa de juegos", year: 2005,
      address: null },
    { id: "decisions", own: true },
  ],
};
