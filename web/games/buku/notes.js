// Buku's notes for teachers (teacher.js draws them): paths, colours and parity, and strategy
// under a designer's anti-computer rules. Words: `buku.notes.…`; links relative to the game.
export default {
  plan: [
    { id: "hook", minutes: 6, link: { rules: true } },
    { id: "rules", minutes: 10, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, link: { href: "" } },
    { id: "pool", minutes: 6, link: { href: "/fairness" } }, // the fairness lab
    { id: "debrief", minutes: 8, link: { href: "?puzzle=day" } },
  ],
  questions: [
    { id: "colours", link: { href: "?learn=2" } },
    { id: "draw", link: { href: "?learn=11" } },
    { id: "first", link: { href: "" } },
    { id: "gift", link: { href: "?learn=7" } },
  ],
  topics: ["paths", "parity", "strategy"],
  sources: ["seed", "decisions"],
};
