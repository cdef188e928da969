// Bul's print kit (web/teach/print.js): its road with both bases at every length the rules offer
// (one sheet each), a guide to marking the beans, the odds card, a score sheet, four puzzles
// two to a sheet, and the rules. Every rule fact (lengths, beans, falls, odds, throws per
// turn) is the catalogue's: the rules' own data.
import { BUILD } from "../../build-info.js";
import { el, svg } from "../../kit/index.js";
import { drawBean, fillOdds } from "./beans.js";

const facts = () => BUILD.games.bul.facts;
const BEAN_MM = 16; // a drawn bean's length on paper: about a maize kernel's or a bean's

/** One board a length, in the rules' order. */
function boards({ t, options }) {
  return facts().lengths.map((length) => ({ options: { ...options, length },
    label: t("bul.print.road", { n: length }) }));
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
  for (const beans of box.querySelectorAll("svg")) beans.style.height = "9mm"; // a card's size
  const sets = el("ul", { class: "bul-print-sets" });
  for (const [variant, set] of Object.entries(facts().variants)) {
    sets.append(el("li", { text: t("bul.print.odds.set", { name: t(`option.bul.variant.${variant}`),
      n: set.throws_per_turn }) }));
  }
  return [sheet(t("bul.print.odds.title"), box,
    el("p", { text: t("bul.print.odds.same", { falls: facts().falls }) }), sets)];
}

export default {
  items: ["board", "odds", "score", "puzzles", "key", "rules"],
  boards,
  afterBoards: beanGuide,
  extra: { odds: oddsCard },
  puzzles: { count: 4, perSheet: 2 },
  scoreRows: 24, // and its notation key, longer than the others', under them
};
