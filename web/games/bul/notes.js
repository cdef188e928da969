// Bul's notes for teachers (teacher.js draws them): the beans' odds, the expected throw and
// the Maize Road. Words: `bul.notes.…`; links are relative to the game (teacher.js).
export default {
  plan: [
    { id: "hook", minutes: 7, link: { rules: true } },
    { id: "rules", minutes: 10, link: { href: "?learn=1" } },
    { id: "play", minutes: 15, link: { href: "" } },
    { id: "pool", minutes: 6, link: { href: "", press: '[data-action="odds"]' } },
    { id: "debrief", minutes: 7, link: { href: "?puzzle=day" } },
  ],
  questions: [
    { id: "common", link: { href: "", press: '[data-action="odds"]' } },
    { id: "average", link: { href: "/beans" } }, // the bean lab
    { id: "five", link: { href: "?learn=2" } },
    { id: "rescue", link: { href: "?learn=3" } },
    { id: "first", link: { href: "/fairness" } }, // the fairness lab
  ],
  topics: ["odds", "expected", "maya", "road"],
  sources: ["seed", "verbeeck", "engine", "others"],
};
