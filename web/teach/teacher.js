// The teacher's notes ("Para docentes"), at `#/<game>/teach`: NRICH's sections (why, approach,
// key questions, extension, support), a 45-minute plan, the maths and the culture the game
// carries and its sources. Each game's content is its view's `notes` (games/<id>/notes.js:
// which sections, plan rows, questions and links it has); every word is a string
// `<id>.notes.…` of its folder. Shared code never names a game.
//
// A link in the notes is relative to its game: `href` "" is the game's table, "?learn=2" a
// lesson step, "/fairness" a page beside it; `press` names a control of the table to open
// once it is there (Bul's odds box); `rules: true` opens the rules panel; `print: "tally"` a
// sheet of the print kit. Every address carries the plan's `options` (the rule set it teaches:
// Bul's `variant=puluc`), so its puzzles, worksheets and labs are of that rule set. A plan row
// may list `sheets` of the print kit to hand out, and name the `games` pairs play in it (its
// minutes hold that many games of the game's stated length). A key question's `figure` names
// the shipped fairness result its answer quotes (figures.js). A source is a citation: `author`,
// `title`, `site`, `year` (`updated`: the year of its last update) and `address` where one
// exists (null where the text gives none, said in words), or the project's `own`.
import * as i18n from "../kit/i18n.js";
import { GAME_VIEWS } from "../games/index.js";
import { button, el } from "../kit/dom.js";
import { presentGame as present } from "../class/present-button.js";
import { ask } from "../table/session.js";
import { fairnessParams } from "./figures.js";
import { linkAddress } from "./plan-links.js";
import { openRules } from "./rules.js";

const SECTIONS = ["why", "approach", "key", "extension", "support"]; // NRICH's order
const PRESS_WAIT_MS = 30_000; // a control that never shows up is left alone

/** The notes of a game (its view's `notes`), or null. */
export const notesOf = (game) => GAME_VIEWS[game]?.notes || null;


/** The paragraphs `<key>.p1`, `.p2`, … that exist. */
function paragraphs(key, t) {
  const out = [];
  for (let i = 1; i18n.has(`${key}.p${i}`); i++) out.push(el("p", { text: t(`${key}.p${i}`) }));
  return out;
}

/** A link of the notes: an address (then, maybe, a control pressed), or the rules panel. */
function linkTo(game, link, label, options = {}) {
  if (link.rules) { // the rules of the rule set the plan teaches, first
    const b = button(label, () => openRules(game, options), "secondary teach-go");
    b.dataset.teachLink = "rules";
    return b;
  }
  const a = el("a", { class: "button secondary teach-go", text: label });
  a.href = linkAddress(game, link, options);
  a.dataset.teachLink = link.print ? `print:${link.print}` : link.href || "";
  if (link.press) {
    a.dataset.press = link.press;
    a.addEventListener("click", () => pressWhenShown(link.press));
  }
  return a;
}

/** Press a control of the table once the table shows it, if it is not open already. */
function pressWhenShown(selector) {
  const until = performance.now() + PRESS_WAIT_MS;
  const look = () => {
    const control = document.querySelector(`#play:not([hidden]) ${selector}`);
    if (control && !control.disabled) {
      if (control.getAttribute("aria-expanded") !== "true") control.click();
      return;
    }
    if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** A section under a heading of `level` (2 on the notes' page, under its h1; 3 in the
 * presenter's window). */
function section(level, id, title, ...children) {
  const box = el("section", { class: "teach-section" });
  box.dataset.section = id;
  const head = el(`h${level}`, { text: title });
  head.id = `teach-${id}`;
  box.setAttribute("aria-labelledby", head.id);
  box.append(head, ...children);
  return box;
}

/** The 45-minute plan: a table of minutes and what to do, with its links. */
function planTable(game, notes, t) {
  const table = el("table", { class: "teach-plan" });
  const head = el("tr");
  head.append(el("th", { text: t("teach.plan.minutes") }),
    el("th", { text: t("teach.plan.what") }));
  head.querySelectorAll("th").forEach((th) => th.setAttribute("scope", "col"));
  const body = el("tbody");
  for (const row of notes.plan) {
    const key = `${game}.notes.plan.${row.id}`;
    const tr = el("tr");
    tr.dataset.minutes = String(row.minutes);
    const what = el("td");
    what.append(el("strong", { text: t(key) }), " ", t(`${key}.p`));
    const go = el("div", { class: "teach-links" }); // the row's links, side by side
    if (row.link) go.append(linkTo(game, row.link, t(`${key}.go`), notes.options));
    for (const item of row.sheets || []) { // a sheet of the print kit to hand out
      go.append(linkTo(game, { print: item },
        t("teach.sheet", { item: t(`print.item.${item}`) }), notes.options));
    }
    if (go.childElementCount) what.append(go);
    tr.append(el("td", { class: "teach-minutes", text: t("teach.minutes", { n: row.minutes }) }),
      what);
    body.append(tr);
  }
  const total = notes.plan.reduce((sum, row) => sum + row.minutes, 0);
  const foot = el("tfoot");
  const last = el("tr");
  const cell = el("td", { text: t("teach.plan.total", { n: total }) });
  cell.colSpan = 2;
  last.append(cell);
  foot.append(last);
  const thead = el("thead");
  thead.append(head);
  table.append(el("caption", { text: t("teach.plan.caption", { n: total }) }), thead, body, foot);
  return table;
}

/** The key questions, each with its answer (folded) and where the app shows it. */
function questionList(game, notes, t) {
  const list = el("ol", { class: "teach-questions" });
  for (const q of notes.questions) {
    const key = `${game}.notes.q.${q.id}`;
    const item = el("li");
    item.dataset.question = q.id;
    // folded: opened after the class has talked
    const answer = el("details", { class: "teach-answer" });
    const words = el("p", { text: q.figure ? t("teach.figure.wait") : t(`${key}.a`) });
    if (q.figure) fillFigure(words, game, q.figure, `${key}.a`, t);
    answer.append(el("summary", { text: t("teach.answer") }), words);
    item.append(el("p", { class: "teach-question", text: t(key) }), answer);
    if (q.link) item.append(linkTo(game, q.link, t(`${key}.go`), notes.options));
    list.append(item);
  }
  return list;
}

/** An answer that quotes the shipped fairness results: its words once the engine has said
 * them (`data-figure` "ready", or "missing" when nothing was shipped for it). */
async function fillFigure(words, game, figure, key, t) {
  words.dataset.figure = "waiting";
  const answer = await ask("fairness_config", { game, options: figure.fairness.options });
  const params = answer.ok && fairnessParams(answer.config, i18n);
  if (!params) {
    words.textContent = t("teach.figure.missing");
    words.dataset.figure = "missing";
    return;
  }
  const player = t(figure.player);
  words.textContent = t(key, { ...params, level: t(`level.${params.level}`),
    verdict: t(`fairness.verdict.${params.verdict}`, { player }) });
  words.dataset.figure = "ready";
}

/** A source as a citation: author, title, where, year and address, each said when missing. */
function citation(game, source, t) {
  const item = el("li");
  item.dataset.source = source.id;
  const about = t(`${game}.notes.source.${source.id}`);
  if (source.own) {
    item.append(el("strong", { text: t("teach.source.own") }), " ", about);
    return item;
  }
  const year = source.year === null ? t("teach.source.no_year")
    : source.updated ? t("teach.source.updated", { year: source.year }) : String(source.year);
  const parts = [source.author ?? t("teach.source.no_author"),
    source.title === null ? t("teach.source.no_title") : t("teach.source.title",
      { title: source.title }), ...(source.site ? [source.site] : []), year];
  const text = parts.join(", ");
  const cite = el("cite", { class: "teach-cite",
    text: `${text.charAt(0).toLocaleUpperCase(i18n.lang)}${text.slice(1)}.` });
  item.append(cite, " ");
  if (source.address) {
    const a = el("a", { class: "teach-address", text: source.address });
    a.href = source.address;
    a.rel = "noopener";
    item.append(a, ". ");
  } else {
    item.append(el("span", { class: "teach-address", text: `${t("teach.source.no_address")} ` }));
  }
  item.append(about);
  return item;
}

/**
 * Render the notes of `game` into `container` (replacing what it holds). `t` translates;
 * `compact` (the presenter's window) keeps what a teacher needs while teaching: the plan and
 * the key questions. Returns false when the game has no notes (a message says so).
 */
export function renderNotes(container, game, { t = i18n.t, compact = false } = {}) {
  const notes = notesOf(game);
  const doc = el("article", { class: `teach-notes${compact ? " compact" : ""}` });
  doc.dataset.game = game;
  container.replaceChildren(doc);
  if (!notes) {
    doc.append(el("p", { class: "teach-missing",
      text: t("teach.missing", { game: t(`game.${game}.name`) }) }));
    return false;
  }
  // the page's own heading; in the presenter's window, a part of its page
  const title = el(compact ? "h2" : "h1", { class: "teach-title",
    text: t("teach.heading", { game: t(`game.${game}.name`) }) });
  title.id = "teach-title";
  title.tabIndex = -1;
  doc.append(title);
  if (compact) {
    const questions = questionList(game, notes, t);
    doc.append(planTable(game, notes, t), section(3, "key", t("teach.key"), questions));
    return true;
  }
  doc.append(...paragraphs(`${game}.notes.intro`, t));
  const parts = {
    why: () => paragraphs(`${game}.notes.why`, t),
    approach: () => [...paragraphs(`${game}.notes.approach`, t), planTable(game, notes, t)],
    key: () => [...paragraphs(`${game}.notes.key`, t), questionList(game, notes, t)],
    extension: () => paragraphs(`${game}.notes.extension`, t),
    support: () => paragraphs(`${game}.notes.support`, t),
  };
  for (const id of SECTIONS) doc.append(section(2, id, t(`teach.${id}`), ...parts[id]()));
  const topics = el("dl", { class: "teach-topics" });
  for (const topic of notes.topics) {
    const key = `${game}.notes.topic.${topic}`;
    topics.append(el("dt", { text: t(key) }), el("dd", { text: t(`${key}.p`) }));
  }
  doc.append(section(2, "topics", t("teach.topics"), topics));
  const sources = el("ul", { class: "teach-sources" });
  for (const source of notes.sources) sources.append(citation(game, source, t));
  doc.append(section(2, "sources", t("teach.sources"), el("p", { text: t("teach.sources.p") }),
    sources));
  return true;
}

// --- the page ------------------------------------------------------------------------------
let shown = null; // {game, section} of the notes on screen

function fill() {
  const { game, section } = shown;
  const { t } = i18n;
  const bar = el("div", { class: "teach-toolbar" });
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", t("teach.toolbar"));
  const back = el("a", { class: "button secondary teach-back", text: 
    t("teach.back", { game: t(`game.${game}.name`) }) });
  back.href = `#/${game}`;
  const print = button(t("teach.print"), () => window.print(), "primary teach-print");
  const rules = button(t("teach.rules"), () => openRules(game, notesOf(game)?.options),
    "secondary");
  const kit = el("a", { class: "button secondary teach-kit", text: t("teach.kit") });
  kit.href = linkAddress(game, { href: "/print" }, notesOf(game)?.options);
  bar.append(print, rules, kit);
  const framed = ["embed", "framed"].some((c) => document.body.classList.contains(c));
  if (present && !framed && typeof BroadcastChannel === "function") {
    const show = button(t("teach.present"), () => present(game), "secondary teach-present");
    show.title = t("presenter.button_title");
    bar.append(show);
  }
  bar.append(back);
  const body = el("div", { class: "teach-body" });
  const has = renderNotes(body, game, { t });
  print.hidden = !has;
  section.replaceChildren(bar, body);
  document.title = `${t("teach.heading", { game: t(`game.${game}.name`) })} · ${t("app.name")}`;
}

/** On paper every answer shows (a folded one would print as its summary alone). */
function showAnswers() {
  for (const answer of shown?.section.querySelectorAll("details") || []) answer.open = true;
}

/** Draw the notes on screen again (the language changed). */
export function refreshTeacher() {
  if (shown) fill();
}

// the page #/<game>/teach, opened on demand (links/rooms.js; app.js adds it)
export const page = {
  open({ game, section }) {
    shown = { game, section };
    section.classList.add("teach-page");
    document.documentElement.classList.add("teach-open"); // teacher.css: what is printed
    addEventListener("beforeprint", showAnswers);
    fill();
    section.querySelector("#teach-title")?.focus({ preventScroll: true });
    scrollTo(0, 0);
  },
  close() {
    shown?.section.classList.remove("teach-page");
    document.documentElement.classList.remove("teach-open");
    removeEventListener("beforeprint", showAnswers);
    shown = null;
  },
};
export const STRINGS = ["notes", "labs", "print"];
