// Bul's print kit (web/teach/print.js): its road with both bases at the length of the game's
// options (the others on request), a guide to marking the beans, the odds card, a score
// sheet in the reader's words, the tally sheet of the teacher's plan (pairs count each value
// thrown), four puzzles two to a sheet, and the rules. Every rule fact (lengths, beans,
// falls, odds, throws per turn) is the catalogue's: the rules' own data.
import { BUILD } from "../../build-info.js";
import { formatPercent } from "../../kit/i18n.js";
import { el, svg } from "../../kit/index.js";
import { drawBean, fillOdds } from "./beans.js";

const facts = () => BUILD.games.bul.facts;
const BEAN_MM = 16; // a drawn bean's length on paper: about a maize kernel's or a bean's

/** The board's caption: the road's length (the options filled in by the engine). */
function board({ t }, options) {
  return t("bul.print.road", { n: options.length });
}

/** The beans, marked on one face: both faces of each, drawn at a bean's size. */
function beanGuide({ t, sheet }) {
  const { beans } = facts();
  const picture = svg("svg", { viewBox: `0 0 ${beans * 80} 60`, class: "bul-board bul-print-beans",
    role: "img", "aria-label": t("bul.print.beans.picture", { n: beans }) });
  picture.style.width = `${(beans * 80 * BEAN_MM) / 30}mm`;
  for (let b = 0; b < beans; b++) {
    drawBean(picture, b * 80 + 20, 30, true);
    drawBean(picture, b * 80 + 58, 30, false);
  }
  const none = facts().throw_odds.find((o) => o.marks === 0)?.value;
  return [sheet(t("bul.print.beans.title"),
    el("p", { text: t("bul.print.beans.p1", { n: beans }) }),
    picture, el("p", { text: t("bul.print.beans.p2", { none }) }),
    el("p", { text: t("bul.print.beans.p3") }))];
}

/** The odds card: the falls of the beans, how many ways each value comes and what it counts;
 * then how many throws a turn each rule set gives. */
function oddsCard({ t, sheet }) {
  const box = el("div", { class: "bul-odds bul-print-odds" });
  fillOdds(box, facts(), t);
  box.querySelector(".bul-lab-link")?.remove(); // a link to click: the screen's, not paper's
  for (const beans of box.querySelectorAll("svg")) beans.style.height = "9mm"; // a card's size
  const sets = el("ul", { class: "bul-print-sets" });
  for (const [variant, set] of Object.entries(facts().variants)) {
    sets.append(el("li", { text: t("bul.print.odds.set", { name: t(`option.bul.variant.${variant}`),
      n: set.throws_per_turn }) }));
  }
  return [sheet(t("bul.print.odds.title"), box,
    el("p", { text: t("bul.print.odds.same", { falls: facts().falls }) }), sets)];
}

/** How to write a turn down, in the reader's words (the record's "enter" is "entra"). */
function scoreKey({ t }) {
  return ["p1", "p2", "p3", "p4"].map((p) => t(`bul.print.score.${p}`, {
    enter: t("bul.move.enter"), pass: t("bul.move.pass"), back: t("bul.move.back", { row: 7 }) }));
}

/** The plan's tally: each pair counts how often each value comes up (a row per value, its
 * marked faces), then the class adds them up and compares with the odds. */
function tally({ t }) {
  const { falls, throw_odds: odds } = facts();
  return {
    intro: [t("bul.print.tally.p1"), t("bul.print.tally.p2")],
    head: [t("bul.print.tally.value"), t("bul.print.tally.marks"), t("bul.print.tally.pair"),
      t("bul.print.tally.class"), t("bul.print.tally.odds")],
    rows: [...odds].sort((a, b) => a.value - b.value).map((o) => [
      o.marks ? t("bul.print.tally.row", { value: o.value, n: o.marks })
        : t("bul.print.tally.row.none", { value: o.value }), "", "", "",
      t("bul.print.tally.odd", { n: o.ways, falls, percent: formatPercent(o.probability) })]),
    wide: [1],
    total: true,
  };
}

export default {
  items: ["board", "beans", "odds", "score", "tally", "puzzles", "key", "rules"],
  board,
  boardOption: "length",
  extra: { beans: beanGuide, odds: oddsCard },
  puzzles: { count: 4, perSheet: 2 },
  scoreRows: 24, // and its key under them
  scoreKey,
  tally,
};
