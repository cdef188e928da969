// The beans, drawn: one bean (its marked face a burnt cross, so it is not told by colour
// alone), the fall shown for a value thrown (one of the engine's falls that give it), and
// the odds' box of the controls (every fall of every value, from the engine's throw odds).
import { formatPercent } from "../../kit/i18n.js";
import { svg } from "../../kit/index.js";

export function drawBean(parent, x, y, marked, scale = 1, angle = 0) {
  const g = svg("g", { class: `bean${marked ? " marked" : ""}`,
    transform: `translate(${x} ${y}) rotate(${angle}) scale(${scale})` }, parent);
  svg("ellipse", { rx: 15, ry: 10, class: "bean-body" }, g);
  if (marked) svg("path", { d: "M -7 -5 L 7 5 M -7 5 L 7 -5", class: "bean-mark" }, g);
  else svg("path", { d: "M -8 -2 Q 0 -6 8 -2", class: "bean-hilum" }, g);
  return g;
}

/** The odds of a value thrown ({value, marks, falls, ways, probability}), from the engine. */
export const oddsOf = (obs, value) => (obs.throw_odds || []).find((o) => o.value === value);

/** The fall drawn for a value thrown: one of those that give it, the same each time the
 * same throw (its place in the turn, its player) is drawn. */
export function fallShown(obs, value, index, player) {
  const falls = oddsOf(obs, value)?.falls || [];
  return falls[(value * 5 + index * 3 + player) % falls.length] || [];
}

/** Beans fallen any old way, for a throw in the air (`step`: the moment of the tumble). */
export function tumbling(obs, seed, step) {
  return Array.from({ length: obs.beans ?? 0 }, (_, b) => ((seed * 7 + step * 5) >> b) % 2 === 1);
}

/** The bean odds, from the engine: per value, in how many of the falls it comes up, and
 * those falls drawn. */
export function fillOdds(box, obs, t) {
  box.replaceChildren();
  const head = document.createElement("p");
  const none = (obs.throw_odds || []).find((o) => o.marks === 0)?.value;
  head.textContent = t("bul.odds.intro", { beans: obs.beans, falls: obs.falls, none });
  const list = document.createElement("ul");
  for (const { value, marks, falls, ways, probability } of obs.throw_odds || []) {
    const item = document.createElement("li");
    item.dataset.value = value;
    const label = document.createElement("span");
    label.className = "odds-label";
    label.textContent = t("bul.odds.value", { value, k: marks, n: ways, falls: obs.falls,
      percent: formatPercent(probability) }); // the reader's way: 37,5 % / 37.5%
    const width = 21 * obs.beans + 8; // one fall's beans and a gap
    const picture = svg("svg", { viewBox: `0 0 ${falls.length * width} 26`, class: "odds-beans",
      role: "img", "aria-label": t("bul.odds.patterns", { n: ways, k: marks, falls: obs.falls }) });
    falls.forEach((fall, i) => fall.forEach((marked, b) => {
      drawBean(picture, i * width + 12 + b * 21, 13, marked, 0.62);
    }));
    item.append(label, picture);
    list.append(item);
  }
  const lab = document.createElement("a"); // the class's own beans: the bean lab
  lab.href = "#/bul/beans";
  lab.className = "bul-lab-link";
  lab.dataset.lab = "beans";
  lab.textContent = t("bul.lab.beans.link");
  box.append(head, list, lab);
}
