// Bolonki's notes for teachers (teacher.js draws them): memory, inference, bluffing and the
// price of a wrong accusation, in a lesson of the two-player game (`options`). Words:
// `bolonki.notes.…`; links relative to the game; the source as docs/SOURCES.md gives it.
export default {
  options: { players: 2 },
  plan: [
    { id: "hook", minutes: 5, link: { rules: true } },
    { id: "rules", minutes: 10, link: { href: "?learn=1" } },
    { id: "play", minutes: 20, games: 1, link: { href: "" }, sheets: ["tally"] },
    { id: "pool", minutes: 5, link: { href: "?learn=7" } },
    { id: "debrief", minutes: 5, link: { href: "?puzzle=day" }, sheets: ["puzzles", "key"] },
  ],
  questions: [
    { id: "memory", link: { href: "?learn=1" } },
    { id: "bluff", link: { href: "?learn=2" } },
    { id: "price", link: { href: "?learn=7" } },
    { id: "infer", link: { href: "?learn=8" } },
    { id: "reveal", link: { href: "?learn=5" } },
  ],
  topics: ["memory", "inference", "bluff", "price"],
  sources: [
    { id: "seed", author: "Yetem", title: "Bolonki", site: null, year: null, address: null },
    { id: "decisions", own: true },
  ],
};
