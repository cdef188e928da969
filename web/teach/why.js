// Why a move is worth what it is (issue 43, item 1): the line that proves it, played on the
// board step by step — for a review's key moment, a hint and a puzzle's answer.
//
// The engine's "why" op (py/ludoteca/web/analysis.py, analysis/lines.py) answers for a position
// (`ply`) and a move: the move's value for its player and each step of the line (the move, then
// best play) — who moved, what it did (events, in the game's own words: its `narrate`, as the
// move log says them) and the board there (a view shown as a replay is, with the table's
// last-move marks). This module only shows what the engine says.
//
// createWhy({ask, t, session, refresh, resume, side, tools}):
//   refresh(): the table draws `session.replay` (a line's view is put there while it is
//   shown); resume(): the computers may go on (the game is back where it was);
//   side: the side column (the box goes at its top on wide screens); tools: the table's tools
//   (the box goes after them, under the board, on narrow ones).
// Returns {explain(ply, choices, options), close(), sync()}:
//   choices: [{move, label}], the lines offered (the move made and the best one…), the first
//   shown first; options.you: the player to move is the person reading (a hint, a puzzle),
//   said "you"; options.title: the box's heading; options.back: its way back's words.
//   sync(): the table changed; a replay the person chose elsewhere ends the line.

import { $, button } from "../kit/dom.js";
import { formatNumber, has } from "../kit/i18n.js";
import { say } from "../kit/seats.js";
import { provide } from "../engine/data-files.js";
import { players } from "../table/setup.js";
import { teachPanel, nameTeachPanel } from "./panel.js";
import { foldable } from "../links/fold.js";
import { moveName } from "./move-names.js";

const WHY_BUDGET = 0.3; // seconds per position the line's search may take (Buku, Bul)
const NARROW = matchMedia("(max-width: 900px)");

export function createWhy({ ask, t, session, refresh, resume, side, tools }) {
  const box = teachPanel("why", "why", `
    <div id="why-choices" class="why-choices" role="group"></div>
    <div id="why-nav" class="why-nav" role="group">
      <button type="button" id="why-first" class="secondary why-first-step"></button>
      <button type="button" id="why-prev" class="secondary"></button>
      <button type="button" id="why-next" class="primary"></button>
      <button type="button" id="why-last" class="secondary why-last-step"></button>
      <button type="button" id="why-fold" class="secondary why-fold" aria-controls="why"
        aria-expanded="false"><span class="fold-more"><span class="why-fold-words"></span>
        <span aria-hidden="true">▾</span></span><span class="fold-less"><span
        class="why-fold-words"></span> <span aria-hidden="true">▴</span></span></button>
    </div>
    <p id="why-step" class="why-step" aria-live="polite"></p>
    <p id="why-sum" class="why-sum"></p>
    <p id="why-digest" class="why-digest" hidden>
      <span id="why-digest-words"></span>
      <button type="button" id="why-each" class="secondary why-each" aria-pressed="false">
      </button>
    </p>
    <p id="why-keys" class="why-keys"></p>`);
  // the step buttons above the texts: they stay in one place as the sentences change
  place();
  NARROW.addEventListener("change", place);

  let open = null; // {ply, choices, chosen, lines: {move: why}, step, before, title, you, drawer}
  let run = 0; // bumps when another line is asked for: an older answer is dropped

  /** Under the board on a narrow screen (the side column is a drawer there), else at the top
   * of the side column, beside the board: the board keeps its size. */
  function place() {
    if (NARROW.matches) tools.after(box);
    else side.querySelector(".side-head")?.after(box) ?? side.prepend(box);
  }

  $("why-close").addEventListener("click", () => close());
  $("why-first").addEventListener("click", () => go(0));
  $("why-prev").addEventListener("click", () => go(stop(-1)));
  $("why-next").addEventListener("click", () => go(stop(1)));
  $("why-each").addEventListener("click", () => {
    open.each = !open.each;
    render();
  });
  $("why-last").addEventListener("click", () => go(Infinity));
  // a small embed (320 × 320) shows the step's sentence and its buttons under the board;
  // "Read it all" (style.css shows it there only) lays the whole box over the table, and a
  // step or a line chosen there folds it again: the move is seen on the board
  const fold = foldable({ panel: box, toggle: $("why-fold"),
    under: document.querySelector("#play .board-area") ?? box, bodyClass: "why-open",
    escapeOn: document });
  box.addEventListener("click", (event) => {
    if (fold.isOpen() && event.target.closest("#why-nav button:not(#why-fold), [data-choice]")) {
      fold.open(false);
    }
  });
  // the keys work wherever the focus is in the box, on the board, or nowhere (a button just
  // pressed may have turned disabled), not in another panel with keys of its own
  document.addEventListener("keydown", (event) => {
    const to = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!open || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = event.target;
    if (!(at === document.body || box.contains(at) || $("board")?.contains(at))) return;
    if (to) go(stop(to));
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(Infinity);
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
  });

  /** Show the lines of `choices` at the position after move `ply`, the first one first. */
  async function explain(ply, choices, { you = false, title = "", back = "" } = {}) {
    if (!session.view || !choices.length) return;
    const keep = open ? open.before : session.replay; // where the board was before any line
    const drawer = open ? open.drawer : closeDrawer();
    open = { ply, choices, chosen: 0, lines: {}, step: 0, before: keep, you, title, back,
      drawer, generation: session.generation, each: false };
    box.hidden = false;
    box.dataset.ready = "false";
    document.body.classList.add("explaining");
    render();
    await choose(0);
    $("why-next").focus({ preventScroll: true });
    box.scrollIntoView({ block: "start" }); // its heading and summary first
  }

  /** The line of choice `index`: asked for once, then kept. */
  async function choose(index) {
    const mine = ++run;
    open.chosen = index;
    open.step = 0;
    const { move } = open.choices[index];
    if (!open.lines[move]) {
      box.dataset.ready = "false";
      $("why-step").textContent = t("review.thinking");
      let answer = await ask("why", { ply: open.ply, move, budget: WHY_BUDGET });
      if (answer.ok && (await provide(answer.needs))) {
        answer = await ask("why", { ply: open.ply, move, budget: WHY_BUDGET });
      }
      if (mine !== run || !open) return;
      if (!answer.ok) {
        $("why-step").textContent = t("review.failed");
        return;
      }
      const start = await ask("goto", { ply: open.ply });
      if (mine !== run || !open) return;
      open.lines[move] = { ...answer.why, start: start.ok ? start.view : null };
    }
    box.dataset.ready = "true";
    go(0);
  }

  /** Step `n` of the line shown: 0 the position before the move, then each move of it. */
  function go(n) {
    if (!open) return;
    const line = open.lines[open.choices[open.chosen].move];
    if (!line?.steps) return render();
    open.step = Math.max(0, Math.min(line.steps.length, n));
    const view = open.step === 0 ? line.start : line.steps[open.step - 1].view;
    if (view) {
      // the replay's place stays the moment's (its slider and the review's graph say where)
      session.replay = { ...view, ply: open.ply, length: session.view.length,
        caption: t("why.caption", { step: open.step, n: line.steps.length }) };
      open.shown = session.replay;
      refresh();
    }
    render();
    // the heading, the summary and the step in sight (a short side column scrolls)
    if (!box.hidden) box.scrollIntoView({ block: "start" });
  }

  /** The line's chapters (the engine's `chapter` steps: Bakuk's move, captures and end), as
   * step numbers; null when every step is one (a short line, read move by move). */
  function chapters(line) {
    const steps = line?.steps;
    if (!steps || steps.every((step) => step.chapter !== false)) return null;
    return steps.flatMap((step, i) => (step.chapter ? [i + 1] : []));
  }

  /** Where "Next" (dir 1) or "Back" (-1) goes: the next chapter of a long line (the start
   * is one), or the next move when the person chose move by move. */
  function stop(dir) {
    const line = open.lines[open.choices[open.chosen].move];
    const marks = open.each ? null : chapters(line);
    if (!marks) return open.step + dir;
    const stops = [0, ...marks];
    const found = dir > 0 ? stops.find((n) => n > open.step)
      : stops.findLast((n) => n < open.step);
    return found ?? open.step;
  }

  /** Back to the game where it was (the replay it showed, or the game as it stands). */
  function close() {
    if (!open) return;
    const { before, drawer, shown, generation } = open;
    open = null;
    run++;
    box.hidden = true;
    document.body.classList.remove("explaining");
    if (session.replay === shown && generation === session.generation) {
      session.replay = before;
      refresh();
      if (!before) resume();
    }
    if (drawer) document.getElementById("side-open")?.click();
  }

  /** The table changed: a new game or move, or a replay the person chose elsewhere, ends
   * the line (the board is already where they asked). */
  function sync() {
    if (!open) return;
    if (open.shown && (session.replay !== open.shown || session.generation !== open.generation)) {
      open.shown = null;
      return close();
    }
    render(); // the language may have changed
  }

  /** On a narrow screen the side drawer covers the board: it closes while the line is
   * shown, and opens again after. Whether it was open. */
  function closeDrawer() {
    const toggle = document.getElementById("side-open");
    if (!toggle || toggle.offsetParent === null) return false;
    if (toggle.getAttribute("aria-expanded") !== "true") return false;
    toggle.click();
    return true;
  }

  function render() {
    if (!open) return;
    nameTeachPanel(box, open.title || t("why.title"), open.back || t("why.close"));
    $("why-first").textContent = t("why.first");
    $("why-prev").textContent = t("why.prev");
    $("why-next").textContent = t("why.next");
    $("why-last").textContent = t("why.last");
    $("why-keys").textContent = t("why.keys");
    const [more, less] = box.querySelectorAll(".why-fold-words");
    more.textContent = t("coach.fold.open");
    less.textContent = t("coach.fold.close");
    $("why-nav").setAttribute("aria-label", t("why.steps"));
    const group = $("why-choices");
    group.setAttribute("aria-label", t("why.choices"));
    group.replaceChildren(...open.choices.map(({ label }, i) => {
      const made = button(label, () => choose(i), "secondary");
      made.setAttribute("aria-pressed", String(i === open.chosen));
      made.dataset.choice = String(i);
      return made;
    }));
    group.hidden = open.choices.length < 2;
    const line = open.lines[open.choices[open.chosen].move];
    $("why-sum").textContent = line ? summary(line) : "";
    digest(line);
    const steps = line?.steps;
    if (line && !steps) $("why-step").textContent = t("why.no_line");
    else if (steps) $("why-step").textContent = stepWords(line);
    const n = steps ? steps.length : 0;
    $("why-first").disabled = $("why-prev").disabled = !steps || open.step === 0;
    $("why-next").disabled = $("why-last").disabled = !steps || open.step >= n;
    box.dataset.step = String(open.step);
    box.dataset.steps = String(n);
    // a button pressed that turned disabled (the last step) hands the focus on in the box
    if (box.contains(document.activeElement) && document.activeElement.disabled) {
      (open.step > 0 ? $("why-prev") : $("why-close")).focus({ preventScroll: true });
    }
  }

  /** A long line says how long it is and how "Next" reads it, with the choice to go
   * move by move. */
  function digest(line) {
    const marks = chapters(line);
    $("why-digest").hidden = !marks;
    if (!marks) {
      delete box.dataset.chapters;
      return;
    }
    const n = line.steps.length;
    const own = `${session.gameId}.why.digest`;
    $("why-digest-words").textContent = t(has(own) ? own : "why.digest",
      { n, count: formatNumber(n), stops: formatNumber(marks.length) });
    const each = $("why-each");
    each.textContent = t("why.each");
    each.setAttribute("aria-pressed", String(open.each));
    box.dataset.chapters = String(marks.length);
  }

  /** The sentence of the step shown: where the line starts, or what its move did. */
  function stepWords(line) {
    const steps = line.steps;
    if (open.step === 0) {
      const who = playerName(line.player);
      // the game's deed where its notation reads as no words ("para ver entra": issue 43),
      // in the sentence's middle (it opens one: "Metiendo…" → "metiendo…")
      const deed = session.module.moveDeed?.(line.move, { t });
      if (deed) return t("why.start.deed", { who, deed: lowerFirst(deed) });
      return t("why.start", { who, move: moveWords(line.move) });
    }
    const step = steps[open.step - 1];
    const said = session.module.narrate({ ...step, ply: open.ply + open.step },
      { t, players: players() }).filter(Boolean).join(" ");
    const words = t("why.step", { step: open.step, n: steps.length, said });
    if (open.step < steps.length) return words;
    return `${words} ${t(step.view.terminal ? "why.end.game" : "why.end.line")}`;
  }

  /** What the move is worth, in words a learner reads: seeds or points ahead of the other
   * side from here, or the chance to win; "you" for the person who asked. */
  function summary(line) {
    const value = line.value;
    if (typeof value !== "number") return "";
    const who = playerName(line.player);
    const other = otherName(line.player);
    const move = moveWords(line.move);
    const form = open.you ? "why.you" : "why.sum";
    // a move that ends the game is sure, whatever the analysis' kind
    const ends = line.steps?.length === 1 && line.steps[0].view.terminal;
    const trust = t(line.exact || ends ? "why.exact" : "why.estimate");
    if (line.kind === "win_chance") {
      const n = Math.round(value * 100);
      // the game's words for the move as a deed, where its notation reads as no sentence
      // (Bul's "Con entra tu bando…": "Metiendo un hombre nuevo en el camino, tu bando…")
      const deed = session.module.moveDeed?.(line.move, { t });
      const key = deed ? `${form}.chance.deed` : `${form}.chance`;
      return `${t(key, { n, move, deed, who, side: sideName(line.player) })} ${trust}`;
    }
    const rounded = Math.round(value * 10) / 10;
    const size = Math.abs(rounded);
    const where = rounded > 0 ? "ahead" : rounded < 0 ? "behind" : "even";
    const own = `${session.gameId}.why.amount.${line.kind}`;
    const amount = t(has(own) ? own : `why.amount.${line.kind}`,
      { n: size, count: formatNumber(size) });
    // a margin is what is captured from here on (the board's scores may say otherwise
    // so far): said so, where the kind has its own words
    const ownWords = `${form}.${line.kind}.${where}`;
    const key = has(ownWords) ? ownWords : `${form}.${where}`;
    return `${t(key, { move, who, other, amount })} ${trust}`;
  }

  /** A move in words: its short name where the game has one (Buku's long paths). */
  function moveWords(move) {
    return moveName(session, t, move);
  }

  /** A sentence's opening words put in its middle: the first letter small. */
  function lowerFirst(words) {
    return words.charAt(0).toLocaleLowerCase(document.documentElement.lang || undefined) +
      words.slice(1);
  }

  function playerName(p) {
    const fact = session.view?.observation?.seat_facts?.[p];
    if (fact?.name) return say(t, fact.name);
    return players()[p]?.name ?? t("review.player", { n: p + 1 });
  }

  /** The other player (two), or "the others". */
  function otherName(p) {
    const count = session.view?.seats?.length ?? 2;
    return count === 2 ? playerName(1 - p) : t("review.others");
  }

  /** The side of player `p`, as the table names it (Bul: two players a side). */
  function sideName(p) {
    const facts = session.view?.observation?.seat_facts?.[p];
    const names = session.view?.observation?.side_names;
    const s = facts?.side ?? p % 2;
    return names?.[s] ? say(t, names[s]) : playerName(p);
  }

  return { explain, close, sync, isOpen: () => open !== null };
}
