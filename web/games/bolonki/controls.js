// Bolonki's own controls under the board: what a person may do now besides moving a piece
// (memorise, challenge, pass, let the computers go on), the words of a piece turned up, who
// lost a turn or may not challenge, and the view's timing settings (kept in the browser).
import { button, el, keepSetting, setting } from "../../kit/index.js";

const TIMES = { // setting -> [the seconds offered, the default]
  memorise: [[5, 10, 20, 30, 60], 10], // the set-up shown face up at the start
  wait: [[3, 6, 10, 20, 0], 6], // to challenge before a computer moves on; 0: wait for me
};

/** A timing setting in seconds: one of those offered, else the default. */
export function seconds(name) {
  const [choices, fallback] = TIMES[name];
  const value = Number(setting("bolonki", name, NaN));
  return choices.includes(value) ? value : fallback;
}

/** Marks a button that ends a wait early ("I've got it", "go on") for whoever drives the
 * page without reading it (the end-to-end tests). */
function goOn(b) {
  b.dataset.action = "go-on";
  return b;
}

/** Marks a button with the step it makes (`data-step`, as the board's steps are) while
 * that step is offered: a person may make it now (a challenge is also shown while a
 * computer is to move, when it is played at once rather than offered). */
function offer(b, step, view) {
  if ((view.steps || []).some(([offered]) => offered === step)) b.dataset.step = step;
  return b;
}

export function createControls(ctx) {
  const t = ctx.t;
  const actions = el("div", { class: "bk-actions" });
  const news = el("p", { class: "bk-news" }); // the page's live region says it: no aria-live
  const status = el("ul", { class: "bk-status" });
  const settings = el("details", { class: "bk-settings" });
  const box = el("div", { class: "bk-controls" }, actions, news, status, settings);
  ctx.controls.append(box);

  /** What may be done now. `memorise` and `hold` are the view's two waits; `waiting`: the
   * computers wait for people who may challenge; `shown`: the colours to memorise before
   * the first move, which `showAgain` shows again. */
  function render(view, { memorise, hold, waiting, shown, showAgain }) {
    if (!box.isConnected) ctx.controls.append(box);
    actions.replaceChildren();
    status.replaceChildren();
    renderSettings();
    if (!view.seats) return; // the opening position, drawn while the engine loads
    const obs = view.observation;
    if (memorise.showing) {
      const text = el("span", { class: "bk-memorise" }, t("bolonki.memorise",
        { n: memorise.secondsLeft() }));
      text.setAttribute("role", "timer");
      actions.append(text, goOn(button(t("bolonki.memorise.done"), memorise.finish,
        "primary bk-ready")));
      return;
    }
    if (memorise.done && shown) {
      actions.append(button(t("bolonki.memorise.again"), showAgain, "bk-again"));
    }
    if (!view.terminal) {
      renderChallenges(view);
      const pass = Object.entries(view.step_facts || {}).find(([, f]) => f.kind === "pass");
      if (pass && view.steps?.length) {
        actions.append(offer(button(t("bolonki.pass"), () => ctx.onStep(pass[0]),
          "primary bk-pass"), pass[0], view));
      }
      if (waiting) actions.append(goOn(button(goOnText(hold), hold.release, "primary bk-go-on")));
    }
    renderFlags(obs);
  }

  /** The challenges people may make now (offered even while a computer is to move): the
   * button names whose move is doubted, and the challenger when several may. */
  function renderChallenges(view) {
    const names = ctx.players();
    const mover = names[view.last_move?.player]?.name ?? "";
    const challenges = Object.entries(view.step_facts || {})
      .filter(([, fact]) => fact.kind === "challenge" && ctx.isHuman(fact.player));
    for (const [step, { player }] of challenges) {
      const label = challenges.length > 1
        ? t("bolonki.challenge.by", { name: names[player].name, mover })
        : t("bolonki.challenge", { mover });
      const b = button(label, () => ctx.play(step), `bk-challenge ${names[player].cls}`);
      b.dataset.challenge = player;
      actions.append(offer(b, step, view));
    }
  }

  /** Who may not challenge (barred) and who loses his next turn, in words and a mark. */
  function renderFlags(obs) {
    const names = ctx.players();
    obs.barred.forEach((barred, p) => {
      if (!barred) return;
      const skip = obs.skip_next[p];
      const mark = el("span", { class: "bk-flag-mark" }, skip ? "↷" : "⊘");
      mark.setAttribute("aria-hidden", "true");
      const badge = el("span", { class: `player-badge ${names[p].cls}` },
        `${names[p].symbol} ${names[p].name}`);
      const flag = el("li", { class: `bk-flag ${names[p].cls}` }, mark, " ", badge, " ",
        t(skip ? "bolonki.flag.skip" : "bolonki.flag.barred"));
      flag.dataset.player = p;
      flag.dataset.flag = skip ? "skip" : "barred";
      status.append(flag);
    });
  }

  function goOnText(hold) {
    return hold.counting() ? t("bolonki.go_on.count", { n: hold.secondsLeft() })
      : t("bolonki.go_on");
  }

  function optionText(name, value) {
    return value ? t("bolonki.seconds", { n: value }) : t("bolonki.settings.wait.0");
  }

  function renderSettings() {
    if (settings.childElementCount) { // built once; its words follow the language
      settings.querySelector("summary").textContent = t("bolonki.settings");
      for (const label of settings.querySelectorAll("label")) {
        label.firstChild.textContent = t(`bolonki.settings.${label.dataset.setting}`);
        for (const option of label.querySelectorAll("option")) {
          option.textContent = optionText(label.dataset.setting, Number(option.value));
        }
      }
      return;
    }
    settings.append(el("summary", {}, t("bolonki.settings")));
    for (const [name, [choices]] of Object.entries(TIMES)) {
      const select = el("select", {});
      select.dataset.setting = name;
      for (const value of choices) select.append(new Option(optionText(name, value), value));
      select.value = String(seconds(name));
      select.addEventListener("change", () => keepSetting("bolonki", name, select.value));
      const label = el("label", {}, t(`bolonki.settings.${name}`), select);
      label.dataset.setting = name;
      settings.append(label);
    }
  }

  return {
    render,
    /** Words under the board (the page's live region reads the log, not these). */
    say(text, tone = "") {
      news.textContent = text;
      news.className = `bk-news ${tone}`;
    },
    /** While a move is shown: what may be pressed once it is, laid out as it will be then
     * (issue 43: a press was lost, and "go on" moved under the finger as a challenge came in
     * front of it) — the challenges of the move (the page keeps one till the move is shown)
     * and, when the computers will wait after it (`release`: null if not), "go on": pressed,
     * that wait is over before it begins, and the button says so by being pressed no more. */
    whileShown(view, release) {
      actions.replaceChildren();
      if (view.terminal) return;
      renderChallenges(view);
      if (!release) return;
      const b = goOn(button(t("bolonki.go_on"), () => {
        b.disabled = true;
        release();
      }, "primary bk-go-on"));
      actions.append(b);
    },
    /** Nothing of a game (the set-up mode): no actions, flags, words nor timing; the
     * board has the room. */
    hide() {
      box.remove(); // the page's panel, empty, takes no room
      actions.replaceChildren();
      status.replaceChildren();
      news.textContent = "";
    },
    memoriseLeft(n) {
      const text = actions.querySelector(".bk-memorise");
      if (text) text.textContent = t("bolonki.memorise", { n });
    },
    goOnLeft(n) {
      const go = actions.querySelector(".bk-go-on");
      if (go) go.textContent = t("bolonki.go_on.count", { n });
    },
    remove: () => box.remove(),
  };
}
