// The beans panel above the road: this turn's throws as the engine lists them
// (`turn_throws`: each value, its marked faces, whether it is used) or, before the first
// throw of a turn, the turn before's (`last_throws`); a "?" for a throw still to come (tapped
// to throw), the values to choose first as chips, the one chosen, and the pass button.
import { svg, text } from "../../kit/index.js";
import { drawBean, fallShown } from "./beans.js";

/** Draw the panel in `layer`. `look`: {geo, obs, offer, clicks, chosen (the value chosen
 * first, or undefined), waiting (a person is to throw), banner, tumble ({index, fall}: a
 * throw in the air), players, t}. */
export function drawPanel(layer, look) {
  const { geo, obs, offer, clicks, chosen, waiting, banner, tumble, players, t } = look;
  layer.replaceChildren();
  const p = geo.panel;
  svg("rect", { x: p.x, y: p.y, width: p.w, height: p.h, rx: 10, class: "panel-bg" }, layer);
  const turn = obs.turn_throws || [];
  const last = obs.last_throws;
  const showLast = turn.length === 0 && last;
  const x0 = p.x + (geo.narrow ? 6 : 14);
  const y0 = p.y + (geo.narrow ? 28 : 24);
  let caption;
  if (obs.terminal) caption = t("bul.panel.over");
  else if (showLast) {
    caption = t("bul.panel.last", { name: players[last.player]?.name ?? "",
      values: last.values.join(" · ") });
  } else caption = t("bul.panel.turn", { name: players[obs.to_move]?.name ?? "" });
  // compact: no caption (the turn line above the board says whose beans), the beans low
  if (!geo.compact) {
    text(layer, x0, p.y + 19, banner ? "panel-caption banner" : "panel-caption", banner || caption);
  }
  // the throws drawn: this turn's, else the last turn's (all used), else none yet
  const shown = showLast ? last.values.map((value, i) => ({ value, marks: last.marks[i],
    used: true, player: last.player })) : turn.map((entry) => ({ ...entry, player: obs.to_move }));
  const k = geo.compact ? 0.72 : geo.narrow ? 0.98 : 1.45; // bean size
  // where a throw's group has its beans, its value's box and its target
  const place = geo.compact ? { step: 140, beansY: p.y + p.h / 2, valueY: p.y + p.h / 2 + 9,
    hit: [p.y, p.h], font: Math.max(geo.minFont, 26) }
    : { step: 192 * k, beansY: y0 + 30 * k, valueY: y0 + 42 * k, hit: [y0 - 4 * k, 92 * k],
      font: 30 * k };
  const chipped = new Set(); // equal values: one chip for the value
  for (let i = 0; i < (obs.throws_per_turn ?? 1); i++) {
    const entry = shown[i];
    const gx = x0 + i * place.step;
    const g = svg("g", { class: "throw" }, layer);
    // the whole group is the target, gaps between beans included
    svg("rect", { x: gx, y: place.hit[0], width: 186 * k, height: place.hit[1], rx: 8,
      class: "hit" }, g);
    if (!entry) {
      for (let b = 0; b < (obs.beans ?? 0); b++) {
        drawBean(g, gx + k * (18 + b * 31), place.beansY, false, k, -20 + b * 13);
      }
      g.classList.add("unthrown");
      text(g, gx + 160 * k, place.valueY, "value unknown", "?", { "font-size": place.font });
      if (waiting && i === turn.length) {
        g.classList.add("throw-here");
        clicks.throwHere(g, t("bul.throw.tap"));
      }
      continue;
    }
    const { value, marks, used } = entry;
    const fall = tumble && tumble.index === i ? tumble.fall : fallShown(obs, value, i, entry.player);
    fall.forEach((marked, b) => drawBean(g, gx + k * (18 + b * 31), place.beansY, marked, k,
      [-12, 8, -4, 14][b % 4]));
    if (geo.compact) {
      svg("rect", { x: gx + 140 * k - 4, y: p.y + 4, width: 40 * k + 8, height: p.h - 8, rx: 8,
        class: "value-box" }, g);
    } else {
      svg("rect", { x: gx + 140 * k, y: y0 + 10 * k, width: 40 * k, height: 44 * k, rx: 8,
        class: "value-box" }, g);
    }
    text(g, gx + 160 * k, place.valueY, "value", value, { "font-size": place.font });
    if (!geo.compact) { // compact: the beans show the marked faces, the box the value
      // no smaller than the screen's floor (geo.minFont: 14.5 px at 1280×720 before)
      text(g, gx + 80 * k, y0 + 68 * k, "marks", t("bul.marks", { k: marks }),
        { "font-size": Math.max(14 * k, geo.minFont ?? 0) });
    }
    g.dataset.value = value;
    if (used) g.classList.add("used");
    const first = !used && !chipped.has(value);
    if (first) chipped.add(value);
    if (first && chosen === value) g.classList.add("chosen");
    const chip = first ? offer.chips.get(value) : null;
    if (chip) {
      g.classList.add("legal", "chip");
      clicks.offer(g, chip, t("bul.step.value", { value }));
    } else {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", t(used ? "bul.throw.used" : "bul.throw.value", { value, k: marks }));
    }
  }
  if (offer.pass) {
    const [bw, bh] = geo.compact ? [Math.min(150, p.w / 2), p.h - 6] : [150, 46];
    const [bx, by] = [p.x + p.w - bw - 6, p.y + p.h - bh - 3 * (geo.compact ? 1 : 2)];
    const g = svg("g", { class: "pass-button legal" }, layer);
    svg("rect", { x: bx, y: by, width: bw, height: bh, rx: 8 }, g);
    text(g, bx + bw / 2, by + bh / 2 + 7, "pass-text", t("bul.pass.button"));
    clicks.offer(g, offer.pass, t("bul.pass.label"));
  }
}
