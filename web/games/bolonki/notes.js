// Bolonki's notes for teachers (teacher.js draws them): memory, inference, bluffing and the
// price of a wrong accusation. Words: `bolonki.notes.…`; links relative to the game.
export default {
  plan: [
    { id: "hook", minutes: 5, link: { rules: true } },
    { id: "rules", minutes: 10, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, link: { href: "" } },
    { id: "pool", minutes: 7, link: { href: "?learn=7" } },
    { id: "debrief", minutes: 8, link: { href: "?puzzle=day" } },
  ],
  questions: [
    { id: "memory", link: { href: "?learn=1" } },
    { id: "bluff", link: { href: "?learn=2" } },
    { id: "price", link: { href: "?learn=7" } },
    { id: "infer", link: { href: "?learn=8" } },
    { id: "reveal", link: { href: "?learn=5" } },
  ],
  topics: ["memory", "inference", "bluff", "price"],
  sources: ["seed", "decisions"],
};
