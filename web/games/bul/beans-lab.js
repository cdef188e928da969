// The bean lab (`#/bul/beans`, `?lab=beans`): groups throw real beans (or throw on screen)
// and enter how many marked faces came up; groups on other devices send their tallies by a
// short result code or a result link. The page pools them and shows observed against
// expected, the share settling as throws add up, and the engine's verdict (a chi-square
// test) in plain words. Every fact about the beans (the counts, their odds, what a count is
// worth in the game), the test, the throws on screen and the codes are the engine's
// (`ludoteca.labs.bean_lab`); the page keeps the lab (lab-store.js) and draws (lab-charts.js).
import { ask } from "../../table/session.js";
import * as i18n from "../../kit/i18n.js";
import { inFrame, tellParent } from "../../links/embed.js";
import { button, el, svg } from "../../kit/index.js";
import { checkpoints, drawBars, drawSettling } from "./lab-charts.js";
import { groups, loadLab, freshLab, saveLab, settling, tally } from "./lab-store.js";

const { t } = i18n;
const SCREEN_THROWS = [1, 10, 100];

let page = null; // the lab on screen: {game, section, facts, lab, parts, verdict, ...}

/** A table in a box of its own that scrolls sideways when the screen is narrower (focusable,
 * so that a keyboard scrolls it too; named by the table's caption). */
function scrolling(table, id) {
  table.id = id;
  return el("div", { class: "lab-scroll", role: "region", tabindex: "0",
    "aria-labelledby": `${id}-caption` }, table);
}

// a share as the reader's language writes it ("37,5 %" / "37.5%"), never a hand-made " %"
const percent = (share, digits = 1) => i18n.formatPercent(share, digits);
/** `t` with the count of marked faces `k` in words too: {faces} "2 marked faces", {marked}
 * "2 marked" (plural forms by the count). */
const tk = (key, params) => t(key, { ...params, faces: t("bul.lab.faces", { n: params.k }),
  marked: t("bul.lab.marked", { n: params.k }) });
const number = (x, digits = 2) => x.toLocaleString(i18n.lang, { maximumFractionDigits: digits });

async function openLab({ game, query, section }) {
  const mine = { game, section, framed: inFrame || document.body.classList.contains("embed") };
  page = mine;
  section.classList.add("bean-lab");
  section.append(el("p", { class: "lab-loading", role: "status", text: t("bul.lab.loading") }));
  const answer = await ask("beans_facts", { game });
  if (page !== mine) return;
  section.replaceChildren();
  if (!answer.ok) {
    section.append(el("p", { role: "alert", text: t(`error.${answer.error.code}`,
      answer.error.params) }));
    return;
  }
  mine.facts = answer.lab;
  const faces = mine.facts.faces.length;
  const { lab, setAside, stuck } = loadLab(game, faces, mine.framed);
  Object.assign(mine, { lab, unsaved: Boolean(stuck), marks: 2, bias: null, verdict: null,
    made: null, notice: setAside ? { key: "bul.lab.set_aside", alert: true } : null });
  const asked = Number(query.get("class"));
  if (Number.isInteger(asked) && asked >= 1 && asked <= mine.facts.max_class) {
    if (!lab.entries.length) lab.class = asked;
    else if (asked !== lab.class) {
      mine.notice = { key: "bul.lab.other_class", params: { asked, number: lab.class } };
    }
  }
  build(mine);
  mine.watchLanguage = new MutationObserver(() => page === mine && texts(mine));
  mine.watchLanguage.observe(document.documentElement, { attributes: true,
    attributeFilter: ["lang"] });
  await refresh(mine, false, true);
  if (query.get("code")) {
    mine.parts.code.value = query.get("code");
    await pool(mine);
  }
}

function closeLab() {
  page?.watchLanguage?.disconnect();
  page = null;
}

// --- the page's parts, made once (their words are set by `texts`) -------------------------
function build(p) {
  const parts = {};
  p.parts = parts;
  const faces = p.facts.faces;
  parts.title = el("h1", { id: "lab-title" });
  parts.intro = el("p", { class: "lead" });
  parts.notice = el("p", { class: "lab-notice", role: "status" });
  parts.classLabel = el("label", { for: "lab-class" });
  parts.classInput = el("input", { id: "lab-class", type: "number", min: 1,
    max: p.facts.max_class, inputmode: "numeric" });
  parts.classInput.addEventListener("change", () => {
    const n = Number(parts.classInput.value);
    if (Number.isInteger(n) && n >= 1 && n <= p.facts.max_class) {
      p.lab.class = n;
      p.made = null;
      changed(p);
    } else {
      parts.classInput.value = p.lab.class;
      say(p, "error.beans_bad_class", { most: p.facts.max_class }, true);
    }
  });
  parts.classHelp = el("span", { class: "lab-help" });
  parts.groupsLink = el("a", { class: "lab-link" });
  const classLine = el("p", { class: "lab-class" }, parts.classLabel, " ", parts.classInput,
    " ", parts.classHelp, " ", parts.groupsLink);

  // throws entered here
  parts.enterHead = el("h2", { id: "lab-enter-head" });
  parts.groupLabel = el("label", { for: "lab-group" });
  parts.groupInput = el("input", { id: "lab-group", type: "number", min: 1,
    max: p.facts.max_group, inputmode: "numeric" });
  parts.groupInput.addEventListener("change", () => {
    const n = Number(parts.groupInput.value);
    if (Number.isInteger(n) && n >= 1 && n <= p.facts.max_group) {
      p.lab.group = n;
      p.made = null;
      changed(p, false);
    } else {
      parts.groupInput.value = p.lab.group;
      say(p, "error.beans_bad_group", { most: p.facts.max_group }, true);
    }
  });
  parts.ask = el("p", { class: "lab-ask", id: "lab-ask" });
  parts.markButtons = faces.map((face) => {
    const b = button(String(face.marks), () => addThrows(p, [face.marks]), "secondary lab-mark");
    b.dataset.action = `mark-${face.marks}`;
    return b;
  });
  parts.marks = el("div", { class: "lab-marks", role: "group", "aria-labelledby": "lab-ask" },
    ...parts.markButtons);
  parts.screenButtons = SCREEN_THROWS.map((count) => {
    const b = button("", () => throwOnScreen(p, count), "secondary");
    b.dataset.action = `screen-${count}`;
    return b;
  });
  parts.undo = button("", () => undoThrow(p), "secondary");
  parts.undo.dataset.action = "undo-throw";
  parts.screenLabel = el("span", { id: "lab-screen-label" });
  parts.screen = el("div", { class: "lab-screen", role: "group",
    "aria-labelledby": "lab-screen-label" }, parts.screenLabel, ...parts.screenButtons, parts.undo);
  parts.last = el("p", { class: "lab-last", "aria-live": "polite" });
  parts.typedSummary = el("summary");
  parts.typedInputs = faces.map((face) => el("input", { type: "number", min: 0, max: 3825,
    inputmode: "numeric", "data-marks": face.marks, value: "0" }));
  parts.typedLabels = faces.map((face, i) => el("label", { class: "lab-typed-count" },
    el("span"), parts.typedInputs[i]));
  parts.typedAdd = button("", () => addTyped(p), "secondary");
  parts.typedAdd.dataset.action = "add-typed";
  parts.typed = el("details", { class: "lab-typed" }, parts.typedSummary,
    el("div", { class: "lab-typed-row" }, ...parts.typedLabels), parts.typedAdd);
  parts.makeCode = button("", () => makeCode(p), "primary");
  parts.makeCode.dataset.action = "make-code";
  parts.made = el("div", { class: "lab-made", "aria-live": "polite" });

  // results from other devices
  parts.receiveHead = el("h2", { id: "lab-receive-head" });
  parts.codeLabel = el("label", { for: "lab-code" });
  parts.code = el("input", { id: "lab-code", type: "text", autocomplete: "off",
    spellcheck: "false", autocapitalize: "characters" });
  parts.pool = button("", () => pool(p), "primary");
  parts.pool.dataset.action = "pool";
  parts.code.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      pool(p);
    }
  });
  parts.message = el("p", { class: "lab-message", id: "lab-message", "aria-live": "polite" });

  const enter = el("section", { class: "lab-enter", "aria-labelledby": "lab-enter-head" },
    parts.enterHead, el("p", { class: "lab-group" }, parts.groupLabel, " ", parts.groupInput),
    parts.ask, parts.marks, parts.screen, parts.last, parts.typed,
    el("p", { class: "lab-make" }, parts.makeCode), parts.made,
    parts.receiveHead, el("p", { class: "lab-receive" }, parts.codeLabel,
      el("span", { class: "lab-receive-row" }, parts.code, parts.pool)), parts.message);

  // the pooled results
  parts.resultsHead = el("h2", { id: "lab-results-head" });
  // not a live region: a throw is said by the line under the buttons, a code by the message
  parts.verdict = el("div", { class: "lab-verdict", id: "lab-verdict" });
  parts.barsHead = el("h3");
  parts.bars = svg("svg", { class: "lab-chart lab-bars", role: "img" });
  parts.barLabels = el("ol", { class: "lab-bar-labels", "aria-hidden": "true" });
  parts.barKey = el("p", { class: "lab-key" });
  parts.table = el("table", { class: "lab-table" });
  parts.settleHead = el("h3");
  parts.marksLabel = el("label", { for: "lab-marks-chosen" });
  parts.marksChosen = el("select", { id: "lab-marks-chosen" });
  parts.marksChosen.addEventListener("change", () => {
    p.marks = Number(parts.marksChosen.value);
    draw(p);
  });
  parts.settle = svg("svg", { class: "lab-chart lab-settle", role: "img" });
  parts.settleKey = el("p", { class: "lab-key" });
  parts.settleSummary = el("summary");
  parts.settleTable = el("table", { class: "lab-table" });
  parts.biasHead = el("h3");
  parts.biasLabel = el("label", { for: "lab-bias" });
  parts.biasChosen = el("select", { id: "lab-bias" });
  parts.biasChosen.addEventListener("change", () => {
    p.bias = Number(parts.biasChosen.value);
    refresh(p, false, true);
  });
  parts.biasText = el("p", { class: "lab-bias-text" });
  parts.groupsHead = el("h3");
  parts.groups = el("table", { class: "lab-table lab-groups" });
  parts.csv = button("", () => exportCsv(p), "secondary");
  parts.csv.dataset.action = "export-csv";
  parts.restart = button("", () => restart(p), "secondary");
  parts.restart.dataset.action = "new-lab";
  const results = el("section", { class: "lab-results", "aria-labelledby": "lab-results-head" },
    parts.resultsHead, parts.verdict,
    parts.barsHead, parts.bars, parts.barLabels, parts.barKey, scrolling(parts.table, "lab-counts"),
    parts.settleHead, el("p", {}, parts.marksLabel, " ", parts.marksChosen),
    parts.settle, parts.settleKey,
    el("details", {}, parts.settleSummary, scrolling(parts.settleTable, "lab-settling")),
    parts.biasHead, el("p", {}, parts.biasLabel, " ", parts.biasChosen), parts.biasText,
    parts.groupsHead, scrolling(parts.groups, "lab-groups"), el("p", { class: "lab-tools" }, parts.csv, parts.restart));

  p.section.append(parts.title, parts.intro, parts.notice, classLine,
    el("div", { class: "lab-columns" }, enter, results));
  texts(p);
}

/** Every word of the page, in the language of the moment. */
function texts(p) {
  const { parts, facts } = p;
  parts.title.textContent = t("bul.lab.title");
  parts.intro.textContent = t("bul.lab.intro", { beans: facts.beans, falls: facts.falls });
  parts.classLabel.textContent = t("bul.lab.class");
  parts.enterHead.textContent = t("bul.lab.enter");
  parts.groupLabel.textContent = t("bul.lab.group");
  parts.ask.textContent = t("bul.lab.ask", { beans: facts.beans });
  facts.faces.forEach((face, i) => {
    const words = tk("bul.lab.marks_worth", { k: face.marks, value: face.value });
    parts.markButtons[i].setAttribute("aria-label", words);
    parts.markButtons[i].title = words;
    parts.typedLabels[i].firstChild.textContent = t("bul.lab.marked", { n: face.marks });
  });
  SCREEN_THROWS.forEach((count, i) => {
    parts.screenButtons[i].textContent = t("bul.lab.screen", { n: count });
    parts.screenButtons[i].setAttribute("aria-label", t("bul.lab.screen_full", { n: count }));
  });
  parts.screenLabel.textContent = t("bul.lab.screen_label");
  parts.undo.textContent = t("bul.lab.undo");
  parts.typedSummary.textContent = t("bul.lab.typed");
  parts.typedAdd.textContent = t("bul.lab.typed_add");
  parts.makeCode.textContent = t("bul.lab.make_code");
  parts.receiveHead.textContent = t("bul.lab.receive");
  parts.codeLabel.textContent = t("bul.lab.code");
  parts.code.placeholder = "B123-4567-89AB-CDEF";
  parts.pool.textContent = t("bul.lab.pool");
  parts.resultsHead.textContent = t("bul.lab.results");
  parts.barsHead.textContent = t("bul.lab.bars");
  parts.barKey.textContent = t("bul.lab.bars_key");
  parts.settleHead.textContent = t("bul.lab.settle");
  parts.marksLabel.textContent = t("bul.lab.settle_marks");
  parts.marksChosen.replaceChildren(...facts.faces.map((face) => el("option",
    { value: face.marks, text: t("bul.lab.marked", { n: face.marks }) })));
  parts.settleSummary.textContent = t("bul.lab.settle_table");
  parts.biasHead.textContent = t("bul.lab.bias");
  parts.biasLabel.textContent = t("bul.lab.bias_choose");
  parts.biasChosen.replaceChildren(...facts.bias_examples.map((b) => el("option",
    { value: b, text: t("bul.lab.bias_option", { percent: b }) })));
  parts.groupsHead.textContent = t("bul.lab.groups");
  parts.csv.textContent = t("bul.lab.csv");
  parts.restart.textContent = t("bul.lab.new");
  if (p.said) say(p, p.said.key, p.said.params, p.said.alert);
  if (p.thrown) sayThrow(p, p.thrown.key, p.thrown.params);
  draw(p);
}

// --- what changes ------------------------------------------------------------------------
/** Keep the lab, ask the engine for the verdict again, tell a lesson page, draw. */
async function changed(p, verdictToo = true) {
  if (!p.unsaved) saveLab(p.game, p.lab, p.framed);
  if (verdictToo) await refresh(p, true);
  else draw(p);
}

/** The engine's verdict on the pooled tallies; with `withBias`, the throws that would show
 * the bias chosen too (slower: asked for when the bias changes, kept meanwhile). */
async function refresh(p, tell, withBias = false) {
  const tallies = tally(p.lab.entries, p.facts.faces.length);
  const bias = withBias ? { bias: p.bias ?? p.facts.bias_examples[0] } : {};
  const answer = await ask("beans_verdict", { game: p.game, tallies, ...bias });
  if (page !== p) return;
  if (answer.ok) {
    p.verdict = answer.verdict;
    if (answer.verdict.bias) p.biasSize = answer.verdict.bias;
  }
  draw(p);
  if (tell && answer.ok) {
    const v = answer.verdict;
    tellParent("beans-pooled", { game: p.game, groups: groups(p.lab.entries, tallies.length).length,
      throws: v.total, tallies, verdict: v.verdict, p_value: v.p_value ?? null });
  }
}

/** Say something about the code or tallies just given (kept, to say again in another
 * language). */
function say(p, key, params = {}, alert = false) {
  p.said = { key, params, alert };
  p.parts.message.textContent = tk(key, params);
  p.parts.message.setAttribute("role", alert ? "alert" : "status");
  p.parts.message.classList.toggle("lab-error", alert);
}

/** Say what the last throw was (kept too). */
function sayThrow(p, key, params = {}) {
  p.thrown = key && { key, params };
  p.parts.last.textContent = key ? tk(key, params) : "";
}

function addThrows(p, marks, said = true) {
  for (const m of marks) p.lab.entries.push({ kind: "throw", group: p.lab.group, marks: m });
  p.made = null;
  if (said && marks.length === 1) {
    const own = ownEntries(p).filter((e) => e.kind === "throw").length;
    sayThrow(p, "bul.lab.last", { n: own, k: marks[0], value: p.facts.faces[marks[0]].value });
  }
  return changed(p);
}

async function throwOnScreen(p, count) {
  const seed = p.lab.seed + p.lab.entries.length;
  const answer = await ask("beans_throw", { game: p.game, count, seed });
  if (page !== p) return;
  if (!answer.ok) return say(p, `error.${answer.error.code}`, answer.error.params, true);
  const throws = answer.throws;
  const counts = tally(throws.map((marks) => ({ kind: "throw", marks })), p.facts.faces.length);
  if (count === 1) {
    sayThrow(p, "bul.lab.screen_one", { k: throws[0], value: p.facts.faces[throws[0]].value });
  } else sayThrow(p, "bul.lab.screen_many", { n: count, counts: counts.join(" · ") });
  await addThrows(p, throws, false);
}

function undoThrow(p) {
  const entries = p.lab.entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].kind === "throw" && entries[i].group === p.lab.group) {
      entries.splice(i, 1);
      p.made = null;
      sayThrow(p, "bul.lab.undone");
      return changed(p);
    }
  }
  sayThrow(p, "bul.lab.nothing_to_undo");
}

function addTyped(p) {
  const counts = p.parts.typedInputs.map((input) => Number(input.value));
  if (!counts.every((n) => Number.isInteger(n) && n >= 0 && n <= 3825) ||
      !counts.some((n) => n > 0)) {
    return say(p, "bul.lab.typed_bad", {}, true);
  }
  p.lab.entries.push({ kind: "typed", group: p.lab.group, tallies: counts });
  for (const input of p.parts.typedInputs) input.value = "0";
  p.made = null;
  say(p, "bul.lab.typed_added", { group: p.lab.group, n: counts.reduce((a, b) => a + b, 0) });
  return changed(p);
}

/** The throws this device entered for its group (one by one, on screen or typed). */
const ownEntries = (p) => p.lab.entries.filter((e) => e.group === p.lab.group &&
  e.kind !== "code");

async function makeCode(p) {
  const tallies = tally(ownEntries(p), p.facts.faces.length);
  if (!tallies.some((n) => n > 0)) {
    p.made = { empty: true };
    return draw(p);
  }
  const answer = await ask("beans_code", { game: p.game, class: p.lab.class,
    group: p.lab.group, tallies });
  if (page !== p) return;
  if (!answer.ok) return say(p, `error.${answer.error.code}`, answer.error.params, true);
  p.made = { codes: answer.codes, throws: tallies.reduce((a, b) => a + b, 0) };
  draw(p);
}

/** Pool the code (or result link) typed in: new, an update of a group's part, or a
 * duplicate (nothing changes); refused in words, the text left as typed, when it cannot
 * be read or belongs to another class. */
async function pool(p) {
  const text = p.parts.code.value.trim();
  if (!text) return say(p, "bul.lab.code_empty", {}, true);
  const pooled = p.lab.entries.filter((e) => e.kind === "code")
    .map(({ group, part, tallies }) => ({ group, part, tallies }));
  const answer = await ask("beans_read", { game: p.game, code: text, class: p.lab.class,
    pooled });
  if (page !== p) return;
  if (!answer.ok) {
    const { code, params } = answer.error;
    return say(p, `error.${code}`, params, true);
  }
  const read = answer.read;
  const throws = read.tallies.reduce((a, b) => a + b, 0);
  p.parts.code.value = "";
  if (read.status === "duplicate") {
    return say(p, "bul.lab.duplicate", { group: read.group, part: read.part, code: read.code });
  }
  const entry = { kind: "code", group: read.group, part: read.part, tallies: read.tallies,
    code: read.code };
  const old = p.lab.entries.findIndex((e) => e.kind === "code" && e.group === read.group &&
    e.part === read.part);
  if (old >= 0) p.lab.entries[old] = entry;
  else p.lab.entries.push(entry);
  say(p, read.status === "update" ? "bul.lab.updated" : "bul.lab.pooled",
    { group: read.group, part: read.part, n: throws });
  await changed(p);
}

function removeGroup(p, group) {
  p.lab.entries = p.lab.entries.filter((e) => e.group !== group);
  p.made = null;
  say(p, "bul.lab.removed", { group });
  changed(p);
  p.parts.csv.focus();
}

function restart(p) {
  if (p.lab.entries.length && !window.confirm(t("bul.lab.new_confirm"))) return;
  p.lab = freshLab();
  p.made = null;
  sayThrow(p, null);
  say(p, "bul.lab.new_done", { number: p.lab.class });
  changed(p);
}

function exportCsv(p) {
  const names = p.facts.faces.map((f) => t("bul.lab.marked", { n: f.marks }));
  const head = [t("bul.lab.col.group"), t("bul.lab.col.source"), t("bul.lab.col.code"),
    t("bul.lab.col.throws"), ...names];
  const rows = [];
  const faces = p.facts.faces.length;
  for (const g of groups(p.lab.entries, faces)) {
    const own = p.lab.entries.filter((e) => e.group === g.group);
    const here = tally(own.filter((e) => e.kind !== "code"), faces);
    if (here.some((n) => n > 0)) {
      rows.push([g.group, t("bul.lab.source.here"), "", sum(here), ...here]);
    }
    for (const e of own.filter((x) => x.kind === "code")) {
      rows.push([g.group, t("bul.lab.source.code"), e.code, sum(e.tallies), ...e.tallies]);
    }
  }
  const all = tally(p.lab.entries, faces);
  rows.push([t("bul.lab.col.all"), "", "", sum(all), ...all]);
  const cell = (value) => (/[",\n;]/.test(String(value))
    ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  const text = [head, ...rows].map((row) => row.map(cell).join(",")).join("\r\n");
  const file = new Blob([`${text}\r\n`], { type: "text/csv" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = `ludoteca-${p.game}-beans-${p.lab.class}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(p, "bul.lab.csv_done");
}

const sum = (list) => list.reduce((a, b) => a + b, 0);

// --- drawing -----------------------------------------------------------------------------
function draw(p) {
  const { parts, facts, lab } = p;
  if (!parts) return;
  parts.notice.hidden = !p.notice;
  if (p.notice) {
    parts.notice.textContent = t(p.notice.key, p.notice.params);
    parts.notice.setAttribute("role", p.notice.alert ? "alert" : "status");
  }
  parts.classInput.value = lab.class;
  parts.groupInput.value = lab.group;
  const link = groupLink(p);
  parts.classHelp.textContent = t("bul.lab.class_help");
  parts.groupsLink.href = link;
  parts.groupsLink.textContent = t("bul.lab.class_link", { number: lab.class });
  const own = ownEntries(p).filter((e) => e.kind === "throw").length;
  parts.undo.disabled = own === 0;
  drawMade(p);
  const faces = facts.faces.length;
  const v = p.verdict;
  const observed = tally(lab.entries, faces);
  const total = sum(observed);
  const rows = facts.faces.map((face, k) => ({ ...face, observed: observed[k],
    expected: total * face.probability }));
  drawVerdict(p, v, total);
  drawBars(parts.bars, rows, t("bul.lab.bars_label", { n: total }));
  parts.barLabels.replaceChildren(...facts.faces.map((face) => el("li", {},
    el("span", { class: "lab-bar-count" }, String(face.marks),
      el("span", { class: "lab-bar-word", text: ` ${t("bul.lab.marked_word", { n: face.marks })}` })),
    el("span", { class: "lab-bar-worth", text: t("bul.lab.worth", { value: face.value }) }))));
  drawTable(p, rows, total);
  parts.marksChosen.value = String(p.marks);
  const expected = facts.faces[p.marks].probability;
  const points = settling(lab.entries, p.marks);
  const now = points.length ? points[points.length - 1] : null;
  drawSettling(parts.settle, points, expected, tk("bul.lab.settle_label",
    { k: p.marks, expected: percent(expected) }));
  parts.settleKey.textContent = now
    ? tk("bul.lab.settle_key", { k: p.marks, expected: percent(expected), share: percent(now[1]),
      n: now[0] })
    : tk("bul.lab.settle_none", { k: p.marks, expected: percent(expected) });
  parts.settleTable.replaceChildren(
    el("caption", { id: "lab-settling-caption", text: tk("bul.lab.settle_caption", { k: p.marks }) }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("bul.lab.col.throws") }),
      el("th", { scope: "col", text: t("bul.lab.col.share") }),
      el("th", { scope: "col", text: t("bul.lab.col.expected_share") }))),
    el("tbody", {}, ...checkpoints(points).map(([n, share]) => el("tr", {},
      el("td", { text: number(n, 0) }), el("td", { text: percent(share) }),
      el("td", { text: percent(expected) })))));
  parts.biasChosen.value = String(p.bias ?? facts.bias_examples[0]);
  const size = p.biasSize;
  if (size) {
    parts.biasText.textContent = `${t("bul.lab.bias_text", { percent: size.percent,
      n: size.throws, power: Math.round(size.power * 10) })} ${t(total >= size.throws
      ? "bul.lab.bias_reached" : "bul.lab.bias_not_yet", { n: total })}`;
  }
  drawGroups(p);
}

function groupLink(p) {
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/${p.game}/beans?class=${p.lab.class}`;
}

function drawMade(p) {
  const { parts } = p;
  parts.made.replaceChildren();
  if (!p.made) return;
  if (p.made.empty) {
    parts.made.append(el("p", { text: t("bul.lab.make_empty") }));
    return;
  }
  const { codes, throws } = p.made;
  parts.made.append(el("p", { text: t("bul.lab.made", { n: throws, group: p.lab.group,
    number: p.lab.class, parts: codes.length }) }));
  for (const { code, part } of codes) {
    const link = `${location.origin}${location.pathname}#/${p.game}/beans?code=${code}`;
    parts.made.append(el("p", { class: "lab-code-out" },
      el("span", { class: "lab-code-text", "data-part": part, text: code }), " ",
      el("a", { href: link, class: "lab-result-link", text: t("bul.lab.result_link") })));
  }
}

function drawVerdict(p, v, total) {
  const box = p.parts.verdict;
  box.replaceChildren();
  if (!v) return;
  const main = el("p", { class: `lab-verdict-main verdict-${v.verdict}`,
    "data-verdict": v.verdict });
  main.append(el("strong", { text: t(`bul.lab.verdict.${v.verdict}`, { n: total,
    enough: v.enough }) }));
  box.append(main);
  if (v.p_value === undefined || v.verdict === "none") return;
  // how often fair beans would do this, in words a child reads: times in 100, in 1,000
  let often = t("bul.lab.p_never");
  if (v.p_value >= 0.01) often = t("bul.lab.p_times", { n: Math.round(v.p_value * 100) });
  else if (v.p_value >= 0.001) often = t("bul.lab.p_rare", { n: Math.round(v.p_value * 1000) });
  box.append(el("p", { text: t("bul.lab.p_explain", { p: number(v.p_value, 3),
    often }) }));
  if (v.verdict !== "too_few") box.append(el("p", { text: t(`bul.lab.means.${v.verdict}`) }));
  if (v.widest) {
    box.append(el("p", { text: tk(v.widest.more ? "bul.lab.widest_more" : "bul.lab.widest_fewer",
      { k: v.widest.marks }) }));
  }
  box.append(el("p", { class: "lab-small", text: t("bul.lab.chi", {
    x: number(v.statistic), df: v.df }) }));
}

function drawTable(p, rows, total) {
  const th = (key, params) => el("th", { scope: "col", text: t(key, params) });
  p.parts.table.replaceChildren(
    el("caption", { id: "lab-counts-caption", text: t("bul.lab.table_caption", { n: total, falls: p.facts.falls }) }),
    el("thead", {}, el("tr", {}, th("bul.lab.col.marks"),
      th("bul.lab.col.ways", { falls: p.facts.falls }), th("bul.lab.col.expected"),
      th("bul.lab.col.observed"))),
    el("tbody", {}, ...rows.map((r) => el("tr", { "data-marks": r.marks },
      el("th", { scope: "row" }, String(r.marks),
        el("span", { class: "lab-worth", text: ` ${t("bul.lab.worth", { value: r.value })}` })),
      el("td", { text: `${r.ways}/${p.facts.falls}` }),
      el("td", {}, number(r.expected, 1),
        el("span", { class: "lab-share", text: ` (${percent(r.probability)})` })),
      el("td", { class: "lab-observed-cell" }, String(r.observed),
        el("span", { class: "lab-share",
          text: ` (${total ? percent(r.observed / total) : "–"})` }))))));
}

function drawGroups(p) {
  const faces = p.facts.faces;
  const list = groups(p.lab.entries, faces.length);
  const th = (text) => el("th", { scope: "col", text });
  p.parts.groups.replaceChildren(
    el("caption", { id: "lab-groups-caption", text: t("bul.lab.groups_caption", { n: list.length }) }),
    el("thead", {}, el("tr", {}, th(t("bul.lab.col.group")), th(t("bul.lab.col.throws")),
      ...faces.map((f) => th(String(f.marks))), th(t("bul.lab.col.source")),
      el("td"))),
    el("tbody", {}, ...list.map((g) => {
      const remove = button(t("bul.lab.remove"), () => removeGroup(p, g.group), "secondary");
      remove.setAttribute("aria-label", t("bul.lab.remove_group", { group: g.group }));
      return el("tr", { "data-group": g.group },
        el("th", { scope: "row", text: String(g.group) }), el("td", { text: String(g.throws) }),
        ...g.tallies.map((n) => el("td", { text: String(n) })),
        el("td", { text: g.sources.map((s) => t(`bul.lab.source.${s === "code" ? "code"
          : "here"}`)).filter((s, i, all) => all.indexOf(s) === i).join(", ") }),
        el("td", {}, remove));
    })));
}

// the page #/bul/beans, opened on demand (view.js adds it: links/rooms.js)
const labPage = { open: openLab, close: closeLab };
export { labPage as page };
export const STRINGS = ["labs"];
