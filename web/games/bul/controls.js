// Bul's own controls beside the board: the throw button, real beans (people throw and enter
// the marked faces they see: the engine's outcomes), a hint, who has what, the bean odds and
// the rule set in a sentence.
import { button, coarsePointer, keepSetting, setting } from "../../kit/index.js";
import { lang } from "../../kit/i18n.js";
import { fillOdds } from "./beans.js";
import { moreCue } from "./more-cue.js";

/** True when a person should throw at this chance node (else the page throws; a puzzle's
 * prelude is the coach's throw, and once the coach has judged the answer nothing is). */
export function waitsForThrow(view) {
  const obs = view.observation || view;
  return view.current_player === -1 && !view.terminal && !view.replay && !view.scripted &&
    !view.judged && Array.isArray(view.seats) && view.seats[obs.to_move] === "human";
}

/** Whether `el` is seen whole in the box that scrolls it, that box at its start (where a
 * person looks without scrolling); true where no box scrolls it (the page does). */
function wholeInItsColumn(el) {
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (!/auto|scroll/.test(getComputedStyle(box).overflowY)) continue;
    const foot = Math.min(box.getBoundingClientRect().top + box.clientHeight, innerHeight);
    return el.getBoundingClientRect().bottom + box.scrollTop <= foot + 0.5;
  }
  return true;
}

export function buildControls(ctx) {
  const t = ctx.t;
  const box = document.createElement("div");
  box.className = "bul-controls";
  const row = document.createElement("div");
  row.className = "bul-actions";
  // Real beans entered: no count can be entered until the engine offers the next throw (a
  // second quick click would otherwise land while the first is answered, and be dropped).
  // The throw button stays as it is: a throw clicked while the page is busy (a move shown,
  // a throw on its way) is kept by the page and made once it is free, if a throw is still
  // awaited then (issue 43: two quick clicks are two throws only where two are offered).
  // So are the counts, while a move is shown that leads to a throw.
  let realButtons = [];
  let realDrawn = ""; // the counts' buttons: the outcomes and the language they were made for
  const sending = (send) => () => {
    for (const b of realButtons) b.disabled = true;
    send();
  };
  const throwButton = button("", () => ctx.throwBeans(), "primary");
  throwButton.dataset.action = "throw";
  const real = document.createElement("div");
  real.className = "bul-real";
  real.setAttribute("role", "group");
  const realText = document.createElement("span");
  real.append(realText);
  const hint = document.createElement("p");
  hint.className = "bul-hint";

  const options = document.createElement("div");
  options.className = "bul-options";
  const check = document.createElement("label");
  check.className = "check";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.dataset.action = "real-beans";
  input.checked = setting("bul", "real", "0") === "1";
  const checkText = document.createElement("span");
  check.append(input, checkText);
  const oddsButton = button("", () => {
    odds.hidden = !odds.hidden;
    oddsButton.setAttribute("aria-expanded", String(!odds.hidden));
    // the panel scrolls inside when the screen is short: the opened odds come into it (laid
    // over the table instead, in a small embed: there the focus goes to its way back)
    if (!odds.hidden) odds.scrollIntoView({ block: "nearest" });
    if (!odds.hidden && getComputedStyle(oddsClose).display !== "none") {
      oddsClose.focus({ preventScroll: true });
    }
  }, "secondary");
  oddsButton.dataset.action = "odds";
  oddsButton.setAttribute("aria-expanded", "false");
  oddsButton.setAttribute("aria-controls", "bul-odds");
  // the odds beside the throw, on the panel's first line, which stays in sight: further
  // down, a phone's short panel cut it at the toolbar's edge, where a tap reached the toolbar
  row.append(throwButton, real, oddsButton, hint);
  options.append(check);
  const odds = document.createElement("div");
  odds.className = "bul-odds";
  odds.id = "bul-odds";
  odds.hidden = true;
  // a small embed lays the odds over the table (style.css): its way back to the board, there
  const oddsClose = button("", () => {
    odds.hidden = true;
    oddsButton.setAttribute("aria-expanded", "false");
    oddsButton.focus();
  }, "secondary bul-odds-close");
  odds.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && getComputedStyle(oddsClose).display !== "none") oddsClose.click();
  });
  const status = document.createElement("ul");
  status.className = "bul-status";
  // the rule set's name and length, and its sentence: folded to the name on a phone on its
  // side (issue 43: open, the panel beside the road scrolled in its box), open elsewhere;
  const about = document.createElement("details");
  about.className = "bul-about";
  const aboutName = document.createElement("summary");
  const aboutText = document.createElement("span");
  about.append(aboutName, aboutText);
  // where it folds is said once, in style.css (--bul-about-folds); elsewhere it folds where
  // the column that scrolls it cannot show it whole (issue 43: at 1366×768, and on a
  // projector at 1920×1080, it ran under the column's foot): its name stays, whole, the
  // sentence a click away, brought into sight when opened. Looked at again when the screen
  // turns; until then folded stays folded (no flicker as the words above change length) and
  // a person's own choice is kept.
  let folded = null;
  let chosen = false;
  const foldAbout = (event) => {
    if (!about.isConnected || about.hidden) return;
    if (event) [folded, chosen] = [null, false]; // a new screen: looked at afresh
    if (chosen || folded) return;
    const folds = getComputedStyle(about).getPropertyValue("--bul-about-folds").trim() === "1";
    about.open = true;
    // (an embed keeps its own layout: there the rules are a tool away, and the board's room
    // is measured with the sentence open)
    folded = folds || (!document.body.classList.contains("embed") && !wholeInItsColumn(about));
    about.open = !folded;
  };
  addEventListener("resize", foldAbout);
  aboutName.addEventListener("click", () => { chosen = true; });
  about.addEventListener("toggle", () => {
    if (chosen && about.open) about.scrollIntoView({ block: "nearest" });
  });
  const cue = moreCue(box, t); // "▾ more" while the column hides more under its fold
  box.append(row, status, options, odds, about, cue.el);
  ctx.controls.append(box);

  let last = null;
  let oddsDrawn = ""; // what the odds' box shows: the odds and the language it was drawn in
  let canThrow = false;
  input.addEventListener("change", () => {
    keepSetting("bul", "real", input.checked ? "1" : "0");
    if (last) update(...last);
  });

  /** Fill the controls in the language of the moment (the page may switch it any time). */
  function update(view, obs, busy) {
    last = [view, obs, busy];
    const waiting = !busy && waitsForThrow(view);
    const realOn = input.checked;
    // while a move is shown, `view` is the one it leads to: a throw due there may be
    // clicked (or the space bar pressed) already, and is kept till the move is shown
    const throwDue = waitsForThrow(view);
    canThrow = throwDue && !realOn;
    // while a position is set up nothing is thrown: only who has what is shown
    for (const part of [row, options, about]) part.hidden = Boolean(view.setup);
    if (view.setup) {
      odds.hidden = true;
      oddsButton.setAttribute("aria-expanded", "false");
    }
    throwButton.textContent = t("bul.throw.button");
    throwButton.hidden = realOn;
    throwButton.disabled = !throwDue;
    real.hidden = !realOn;
    real.setAttribute("aria-label", t("bul.real.group"));
    realText.textContent = t("bul.real.ask");
    // the outcomes the engine offers at this throw (their marks: the odds' faces), made
    // again only when they or the language change: a button made anew each frame of a move
    // between a quick click's press and release takes no click
    const outcomes = (obs.throw_odds || []).slice().sort((a, b) => a.marks - b.marks);
    const realKey = JSON.stringify([outcomes, lang]);
    if (realKey !== realDrawn) {
      for (const b of realButtons) b.remove();
      realButtons = outcomes.map(({ value, marks }) => {
        const b = button(`${marks}`, sending(() => ctx.play(String(value))),
          "secondary bean-count");
        b.dataset.action = `beans-${marks}`;
        b.setAttribute("aria-label", t("bul.real.count", { k: marks, value }));
        b.title = t("bul.real.count", { k: marks, value });
        real.append(b);
        return b;
      });
      realDrawn = realKey;
    }
    // while a move is shown, a count for the throw due after it is kept till it has been
    for (const b of realButtons) b.disabled = !throwDue;
    hint.textContent = hintText(view, waiting);
    checkText.textContent = ` ${t("bul.real.option")}`;
    oddsButton.textContent = t("bul.odds.button");
    // drawn again only when the odds or the language change: not on every step (~50 beans)
    const oddsKey = JSON.stringify([obs.throw_odds, lang]);
    if (oddsKey !== oddsDrawn) {
      fillOdds(odds, obs, t);
      odds.prepend(oddsClose);
    }
    oddsDrawn = oddsKey;
    oddsClose.textContent = t("bul.odds.close");
    // who has what: base, on the road, dead (and retired captors in Aj T'iwil)
    status.replaceChildren();
    const all = ctx.players();
    for (let p = 0; p < obs.players; p++) {
      const item = document.createElement("li");
      item.className = `p${p}`;
      const parts = [t("bul.status.base", { n: obs.base[p] }),
        t("bul.status.road", { n: obs.men_on_road?.[p] ?? 0 }), t("bul.status.dead", { n: obs.dead[p] })];
      // the retired captors in a part of their own: where the other counts step aside (a
      // phone on its side, style.css), the road and the scores say those; nothing says this
      const counts = document.createElement("span");
      counts.className = "bul-counts";
      counts.textContent = parts.join(" · ") + (obs.retired[p] ? " · " : "");
      item.append(`${all[p]?.symbol ?? ""} ${all[p]?.name ?? ""}: `, counts);
      if (obs.retired[p]) {
        const retired = document.createElement("span");
        retired.className = "bul-retired";
        retired.textContent = t("bul.status.retired", { n: obs.retired[p] });
        item.append(retired);
      }
      status.append(item);
    }
    aboutName.textContent = `${t(`option.bul.variant.${obs.variant}`)} · ${t("bul.about.length", { n: obs.length })}. `;
    aboutText.textContent = t(`bul.variant.${obs.variant}.about`);
    foldAbout();
    cue.update();
  }

  function hintText(view, waiting) {
    if (waiting) return t(coarsePointer() ? "bul.hint.throw.touch" : "bul.hint.throw");
    if (view.setup) return "";
    const kinds = new Set(Object.values(view.step_facts || {}).map((f) => f.kind));
    if (!(view.steps || []).length) return "";
    if (kinds.has("pass")) return t("bul.hint.pass");
    if (kinds.has("value")) return t("bul.hint.value");
    return t("bul.hint.unit");
  }

  /** A person's move is on its way and the next turn is a person's: its throw may be
   * clicked (or the space bar pressed) already. The page keeps it till the move has been
   * answered and shown, and makes it then if a throw is awaited (issue 43: it was lost, the
   * button still showing the position before the move). The next update says what is so. */
  function throwMayFollow() {
    if (input.checked) return; // real beans: the counts wait for the throw offered
    throwButton.disabled = false;
    canThrow = true;
  }

  return { update, throwMayFollow, canThrow: () => canThrow,
    remove: () => { cue.stop(); box.remove(); } };
}
