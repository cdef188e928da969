// Bul's notes for teachers (teacher.js draws them): the beans' odds, the expected throw and
// the Maize Road, in a lesson of Puluc (`options`: every link opens Puluc's material). Words:
// `bul.notes.…`; links are relative to the game (teacher.js). The sources are cited as
// docs/SOURCES.md gives them: nothing the texts do not say.
export default {
  options: { variant: "puluc" },
  plan: [
    { id: "hook", minutes: 5, link: { rules: true } },
    { id: "rules", minutes: 8, link: { href: "?learn=1" } },
    { id: "play", minutes: 20, games: 1, link: { href: "" }, sheets: ["tally"] },
    { id: "pool", minutes: 6, link: { href: "", press: '[data-action="odds"]' } },
    { id: "debrief", minutes: 6, link: { href: "?puzzle=day" }, sheets: ["puzzles", "key"] },
  ],
  questions: [
    { id: "common", link: { href: "", press: '[data-action="odds"]' } },
    { id: "average", link: { href: "/beans" } }, // the bean lab
    { id: "five", link: { href: "?learn=2" } },
    { id: "rescue", link: { href: "?learn=3" } },
    { id: "first", link: { href: "/fairness" }, // the fairness lab, Puluc's shipped result
      figure: { fairness: { options: { variant: "puluc", length: 13 } }, player: "bul.side.0" } },
  ],
  topics: ["odds", "expected", "maya", "road"],
  sources: [
    { id: "seed", author: null, title: "Boolik / Boo ik / Bu'ul / Bul / Pulúc — Carretera del Maíz",
      site: null, year: 2018, updated: true, address: null },
    { id: "wikipedia", author: null, title: "Bul (game)", site: "Wikipedia", year: null,
      address: "https://en.wikipedia.org/wiki/Bul_(game)" },
    { id: "cyningstan", author: null, title: "Puluc", site: "cyningstan", year: null,
      address: "http://www.cyningstan.com/game/149/puluc" },
    { id: "mazarbul", author: null, title: null, site: "mazarbulgb.blogspot.com", year: 2008,
      address: "http://mazarbulgb.blogspot.com/2008/06/puluc-la-carretera-del-maz.html" },
    { id: "laficharoja", author: null, title: null, site: "laficharoja.blogspot.com", year: 2008,
      address: "http://laficharoja.blogspot.com/2008/02/juegos-del-mundo-bul-un-juego-maya.html" },
    { id: "verbeeck", author: "Lieve Verbeeck", title: "Linguistic Acculturation in Mopan Maya",
      site: "LINCOM Europa, ISBN 978-3-89586-103-1", year: 1998, address: null },
    { id: "engine", own: true },
    { id: "others", own: true },
  ],
};
