// Bakuk's notes for teachers (teacher.js draws them): counting on, parity, a solved game and
// the Jbala. Words: `bakuk.notes.…`; links are relative to the game (teacher.js).
export default {
  plan: [
    { id: "hook", minutes: 6, link: { rules: true } },
    { id: "rules", minutes: 9, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, link: { href: "" } },
    { id: "pool", minutes: 7, link: { href: "/fairness" } }, // the fairness lab
    { id: "debrief", minutes: 8, link: { href: "?puzzle=day" } },
  ],
  questions: [
    { id: "count", link: { href: "?learn=3" } }, // "Una semilla por hoyo" (after "Sembrar")
    { id: "even", link: { href: "?learn=7" } }, // "Una cadena de capturas"
    { id: "first", link: { href: "/fairness" } },
    { id: "hint", link: { href: "?edit" } },
  ],
  topics: ["counting", "parity", "solved", "culture"],
  sources: ["seed", "engine", "decisions"],
};
