// The fairness lab (#/<game>/fairness?<options>): is the game fair to the player who
// starts? It shows the results shipped with the game at once (and the exact answer where
// the game is solved), compares the game's rule sets side by side, and lets the class run
// computer-vs-computer games live: in slices of ~0.3 s in the engine's worker, so the page
// never stutters, with a progress bar, a 95 % interval that narrows as games add up and a
// stop button. "Make it fairer": the class changes an option or a seat's level, predicts,
// runs, and sees whether the change helped. Every number comes from the engine
// (py/ludoteca/labs/fairness.py); the page draws and words them.
import * as i18n from "../kit/i18n.js";
import { $, el } from "../kit/dom.js";
import { seatPlayers } from "../kit/seats.js";
import { svg } from "../kit/svg.js";
import { ask } from "../table/session.js";
import { tellParent } from "../links/embed.js";
import { optionLabel } from "../table/setup.js";

const { t } = i18n;
const SLICE_SECONDS = 0.3; // one request's games: short enough that a stop is at once
const TARGETS = [200, 1000, 2400];
const PREDICTIONS = ["fairer", "less_fair", "same"];

let lab = null; // {game, section, info (the engine's), choice, run, live, column, prediction}
let langWatch = null;

// the page #/<game>/fairness, opened on demand (links/rooms.js; app.js adds it)
export const page = { open: openLab, close: closeLab };
export const STRINGS = ["labs"];

async function openLab({ game, query, section }) {
  lab = { game, section, info: null, choice: null, run: null, live: null, column: "",
    prediction: "", playersOpen: false, formError: "" };
  const mine = lab;
  section.append(el("p", { class: "fair-wait", role: "status" }, t("fairness.loading")));
  const answer = await ask("fairness_lab", { game });
  if (lab !== mine) return;
  if (!answer.ok) {
    section.replaceChildren(el("p", { class: "notice", role: "alert" },
      t(`error.${answer.error.code}`, answer.error.params)));
    return;
  }
  lab.info = answer.lab;
  lab.choice = {
    options: optionsFromQuery(answer.lab.options, query),
    levels: null, // the lab level at every seat (set when the players are known)
    target: TARGETS[1],
    fresh: true, // new games (another seed), else the shipped games again
  };
  if (await chooseConfig() && lab === mine) { // the address's options do not go together
    lab.choice.options = {};
    await chooseConfig();
  }
  if (lab !== mine || !lab.config) return;
  render();
  document.title = `${t("fairness.title")} · ${t(`game.${game}.name`)}`;
  langWatch = new MutationObserver(() => lab?.info && render());
  langWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  tellParent("fairness-open", { game });
}

function closeLab() {
  if (lab?.run) lab.run.stopped = true;
  langWatch?.disconnect();
  langWatch = null;
  lab = null;
}

/** The address's options (`?variant=puluc&length=13`), each one the game allows. */
function optionsFromQuery(specs, query) {
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (!query.has(name)) continue;
    const value = spec.values.find((v) => String(v) === query.get(name));
    if (value !== undefined) options[name] = value;
  }
  return options;
}

/** Ask the engine what the chosen options are (defaults filled, the shipped result); the
 * engine's error when it refuses them (a combination the game does not allow), else null. */
async function chooseConfig() {
  const { options, levels } = lab.choice;
  const answer = await ask("fairness_config", { game: lab.game, options, levels });
  if (!lab) return null;
  if (!answer.ok) return answer.error;
  lab.config = answer.config;
  lab.choice.levels = [...lab.config.levels];
  const query = new URLSearchParams(Object.entries(options)
    .filter(([, v]) => v !== null).map(([k, v]) => [k, String(v)]));
  const text = String(query);
  history.replaceState(null, "", `#/${lab.game}/fairness${text ? `?${text}` : ""}`);
  return null;
}

/** A choice of the form changed: ask the engine, keep the choice it refuses out (said in
 * words), draw again and give the focus back to the control. */
async function change(apply, undo, selector) {
  apply();
  const error = await chooseConfig();
  if (!lab) return;
  lab.formError = error ? t(`error.${error.code}`, error.params) : "";
  if (error) undo();
  render();
  $("fair-form")?.querySelector(selector)?.focus();
}

// --- drawing ---------------------------------------------------------------------------
function render() {
  const { section, game, info } = lab;
  const name = t(`game.${game}.name`);
  const head = el("div", { class: "fair-head" },
    el("h1", { id: "fair-title", tabindex: "-1" }, `${t("fairness.title")} · ${name}`),
    el("a", { class: "button secondary", href: `#/${game}` }, t("fairness.back", { game: name })));
  const intro = el("p", { class: "fair-lead" }, t("fairness.lead"));
  const players = el("details", { class: "fair-players", ...(lab.playersOpen ? { open: "" } : {}) },
    el("summary", {}, t("fairness.players.title")),
    el("p", {}, t("fairness.players.text", { level: t(`level.${info.level}`) })),
    ...(i18n.has(`${game}.fairness.skill`) ? [el("p", {}, t(`${game}.fairness.skill`))] : []));
  players.addEventListener("toggle", () => { lab.playersOpen = players.open; });
  // what is known and the run side by side where the screen is wide (fairness.css)
  const columns = el("div", { class: "fair-columns" }, shippedPart(), runPart());
  section.replaceChildren(head, intro, players, columns, comparePart());
  section.querySelector("#fair-shipped-result")?.replaceChildren(...resultOf(
    lab.config?.shipped?.summary, lab.config));
  renderLive();
}

/** What is known already: the shipped result of the chosen options, and the exact answer. */
function shippedPart() {
  const part = el("section", { class: "fair-part", "aria-labelledby": "fair-shipped-head" });
  const shipped = lab.config?.shipped;
  part.append(el("h2", { id: "fair-shipped-head" }, t("fairness.shipped.title")));
  part.append(el("p", { class: "fair-config" }, describeConfig(lab.config)));
  if (!shipped) {
    part.append(el("p", {}, t("fairness.shipped.none")));
    return part;
  }
  part.append(el("p", { class: "fair-note" }, t("fairness.shipped.games",
    { n: shipped.tally.games, seed: shipped.seed })));
  const again = el("button", { type: "button", class: "secondary", id: "fair-again" },
    t("fairness.shipped.again", { n: shipped.tally.games }));
  again.addEventListener("click", () => {
    lab.choice.fresh = false; // the same seed: the same games, the same tally
    lab.choice.target = shipped.tally.games;
    startRun();
  });
  part.append(el("div", { id: "fair-shipped-result" }), again);
  const exact = shipped.exact;
  if (exact) {
    const key = exact.winner === null ? "fairness.exact.draw" : "fairness.exact.win";
    const who = exact.winner === null ? "" : seatName(exact.winner);
    part.append(el("p", { class: "fair-exact", id: "fair-exact" },
      t(key, { player: who, n: Math.abs(exact.value) })));
  }
  return part;
}

/** The sentences, chart and table of a summary (the engine's). */
function resultOf(summary, config) {
  if (!summary || !summary.games) return [];
  const pct = (x) => formatPercent(x);
  const share = summary.share;
  const verdict = el("p", { class: `fair-verdict fair-${verdictKind(summary)}` },
    verdictText(summary, config));
  const line = el("p", {}, t("fairness.share", {
    player: seatName(0), rate: pct(share.rate), low: pct(share.low), high: pct(share.high),
    fair: pct(summary.fair) }));
  const draws = el("p", {}, t("fairness.draws", { rate: pct(summary.draws.rate),
    low: pct(summary.draws.low), high: pct(summary.draws.high) }) + " " +
    t("fairness.length", { n: Math.round(summary.length), shortest: summary.shortest,
      longest: summary.longest }));
  const seats = seatsOf(config);
  const fairWin = (1 - summary.draws.rate) * summary.fair;
  const rows = summary.wins.map((w, p) => ({ label: seats[p], ...w, fair: fairWin }));
  const chart = intervalChart(rows, t("fairness.chart.wins", { fair: pct(fairWin) }));
  const table = el("table", { class: "fair-table" },
    el("caption", {}, t("fairness.table.wins", { n: summary.games })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("fairness.table.player")),
      el("th", { scope: "col" }, t("fairness.table.rate")),
      el("th", { scope: "col" }, t("fairness.table.interval")))),
    el("tbody", {}, ...rows.map((r) => el("tr", {}, el("th", { scope: "row" }, r.label),
      el("td", {}, pct(r.rate)), el("td", {}, `${pct(r.low)} – ${pct(r.high)}`)))));
  return [verdict, line, draws, chart, table];
}

/** The live run and "make it fairer": options and levels, a prediction, run and stop. */
function runPart() {
  const part = el("section", { class: "fair-part", id: "fair-run",
    "aria-labelledby": "fair-run-head" });
  part.append(el("h2", { id: "fair-run-head" }, t("fairness.run.title")));
  part.append(el("p", { class: "fair-note" }, t("fairness.run.help")));
  const form = el("form", { class: "fair-form", id: "fair-form" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startRun();
  });
  for (const [name, spec] of Object.entries(lab.info.options)) {
    const select = el("select", { "data-option": name });
    for (const value of spec.values) {
      const option = new Option(optionLabel(lab.game, name, value), JSON.stringify(value));
      option.selected = JSON.stringify(lab.choice.options[name] ?? spec.default) === option.value;
      select.append(option);
    }
    const before = lab.choice.options[name];
    select.addEventListener("change", () => change(
      () => { lab.choice.options[name] = JSON.parse(select.value); },
      () => { lab.choice.options[name] = before; }, `[data-option="${name}"]`));
    form.append(el("label", {}, el("span", {}, t(`option.${lab.game}.${name}`)), select));
  }
  seatsOf(lab.config).forEach((seat, p) => {
    const select = el("select", { "data-seat": String(p) });
    for (const level of lab.info.levels) {
      select.append(new Option(t(`level.${level}`), level));
    }
    select.value = lab.choice.levels[p];
    const before = lab.choice.levels[p];
    select.addEventListener("change", () => change(
      () => { lab.choice.levels[p] = select.value; },
      () => { lab.choice.levels[p] = before; }, `[data-seat="${p}"]`));
    form.append(el("label", {}, el("span", {}, seat), select));
  });
  if (lab.formError) form.append(el("p", { class: "notice", role: "alert" }, lab.formError));
  const target = el("select", { id: "fair-target" });
  const counts = [...new Set([...TARGETS, lab.choice.target])].sort((a, b) => a - b);
  for (const n of counts) target.append(new Option(t("fairness.run.games", { n }), String(n)));
  target.value = String(lab.choice.target);
  target.addEventListener("change", () => { lab.choice.target = Number(target.value); });
  form.append(el("label", {}, el("span", {}, t("fairness.run.how_many")), target));
  const fresh = el("input", { type: "checkbox", id: "fair-fresh" });
  fresh.checked = lab.choice.fresh;
  fresh.addEventListener("change", () => { lab.choice.fresh = fresh.checked; });
  form.append(el("label", { class: "check" }, fresh, " ", t("fairness.run.fresh")));
  // the prediction: against the game as it is played by default (the baseline)
  const changed = lab.config.key !== lab.info.baseline.key;
  const predict = el("fieldset", { class: "fair-predict", id: "fair-predict" },
    el("legend", {}, t(changed ? "fairness.predict.changed" : "fairness.predict.same_game",
      { config: describeConfig(lab.info.baseline) })));
  for (const value of PREDICTIONS) {
    const radio = el("input", { type: "radio", name: "fair-prediction", value });
    radio.checked = lab.prediction === value;
    radio.disabled = !changed;
    radio.addEventListener("change", () => { lab.prediction = value; });
    predict.append(el("label", { class: "check" }, radio, " ",
      t(`fairness.predict.${value}`)));
  }
  form.append(predict);
  const running = Boolean(lab.run && !lab.run.stopped);
  const buttons = el("div", { class: "fair-buttons" },
    el("button", { type: "submit", class: "primary", id: "fair-start", ...(running ?
      { disabled: "" } : {}) }, t("fairness.run.start")),
    el("button", { type: "button", class: "secondary", id: "fair-stop", ...(running ? {} :
      { disabled: "" }) }, t("fairness.run.stop")));
  buttons.querySelector("#fair-stop").addEventListener("click", stopRun);
  form.append(buttons);
  part.append(form);
  part.append(el("div", { id: "fair-live", class: "fair-live" }));
  part.append(el("p", { id: "fair-said", class: "visually-hidden", role: "status",
    "aria-live": "polite" }));
  return part;
}

/** The live run's progress, result, narrowing interval and outcome. */
function renderLive() {
  const box = $("fair-live");
  const live = lab?.live;
  if (!box) return;
  if (!live) {
    box.replaceChildren();
    return;
  }
  const games = live.summary?.games ?? 0;
  const progress = el("progress", { id: "fair-progress", max: String(live.target),
    value: String(games), "aria-labelledby": "fair-progress-text" });
  const text = el("p", { id: "fair-progress-text", class: "fair-progress-text" },
    t(live.done ? (live.stopped ? "fairness.run.stopped" : "fairness.run.done")
      : "fairness.run.progress", { n: games, target: live.target, seed: live.seed }));
  const parts = [progress, text];
  if (live.error) parts.push(el("p", { class: "notice", role: "alert" }, live.error));
  if (live.summary) {
    parts.push(narrowingChart(live.history, live.summary.fair, live.target));
    parts.push(...resultOf(live.summary, live.config));
  }
  if (live.done && live.verdict) {
    parts.push(el("p", { class: "fair-outcome", id: "fair-outcome", tabindex: "-1" },
      outcomeOf(live)));
  }
  box.replaceChildren(...parts);
}

/** Whether the change helped, against the game as played by default, and whether the
 * class predicted it. */
function outcomeOf(live) {
  if (!live.verdict) return "";
  const said = [t(`fairness.outcome.${live.verdict}`,
    { config: describeConfig(lab.info.baseline) })];
  if (live.prediction) {
    const right = live.prediction === (live.verdict === "unclear" ? "same" : live.verdict);
    said.push(t(right ? "fairness.outcome.right" : "fairness.outcome.wrong",
      { prediction: t(`fairness.predict.${live.prediction}`) }));
  }
  return said.join(" ");
}

// --- the live run --------------------------------------------------------------------------
async function startRun() {
  if (lab.run && !lab.run.stopped) return;
  const run = { stopped: false };
  lab.run = run;
  const config = lab.config;
  const baseline = lab.info.baseline.shipped;
  const changed = config.key !== lab.info.baseline.key;
  const seed = lab.choice.fresh ? Math.floor(Math.random() * 2 ** 31)
    : (config.shipped?.seed ?? 0);
  lab.live = { config, target: lab.choice.target, seed, summary: null, tally: null,
    history: [], done: false, stopped: false, verdict: null,
    prediction: changed ? lab.prediction : "" };
  const live = lab.live;
  render();
  $("fair-stop")?.focus();
  say(t("fairness.said.start", { target: live.target }));
  tellParent("fairness-run", { game: lab.game, options: config.options, levels: config.levels,
    seed, prediction: live.prediction || null });
  let first = 0;
  let quarter = 0;
  while (!run.stopped && first < live.target) {
    const answer = await ask("fairness_run", { game: lab.game, options: config.options,
      levels: config.levels, seed, first, games: live.target - first, seconds: SLICE_SECONDS,
      tally: live.tally, ...(changed && baseline ? { baseline: { tally: baseline.tally,
        fair: baseline.fair } } : {}) });
    if (lab?.live !== live) return; // the page closed, or another run began
    if (!answer.ok) {
      live.error = t(`error.${answer.error.code}`, answer.error.params);
      break;
    }
    first += answer.played;
    live.tally = answer.tally;
    live.summary = answer.summary;
    live.verdict = answer.verdict ?? null;
    live.history.push({ games: answer.summary.games, low: answer.summary.share.low,
      high: answer.summary.share.high });
    const reached = Math.floor((4 * first) / live.target);
    if (reached > quarter && first < live.target) { // polite, a few times a run
      quarter = reached;
      say(t("fairness.said.progress", { n: first, target: live.target,
        low: formatPercent(live.summary.share.low),
        high: formatPercent(live.summary.share.high) }));
    }
    renderLive();
  }
  live.stopped = run.stopped;
  run.stopped = true;
  live.done = true;
  const focusStart = document.activeElement === $("fair-stop") || live.stopped;
  render();
  if (focusStart) $("fair-start")?.focus();
  if (live.summary) {
    say(t(live.stopped ? "fairness.run.stopped" : "fairness.run.done",
      { n: live.summary.games, target: live.target, seed }) + " " +
      verdictText(live.summary, live.config) + " " +
      outcomeOf(live));
  }
  tellParent("fairness-done", { game: lab.game, options: config.options,
    levels: config.levels, seed, stopped: live.stopped, tally: live.tally,
    share: live.summary?.share ?? null, verdict: live.summary?.verdict ?? null,
    change: live.verdict, prediction: live.prediction || null });
}

function stopRun() {
  if (!lab?.run || lab.run.stopped) return;
  lab.run.stopped = true; // the slice on its way is the last
  const stop = $("fair-stop");
  if (stop) stop.disabled = true;
  $("fair-start")?.removeAttribute("disabled");
  $("fair-start")?.focus();
}

function say(text) {
  const box = $("fair-said");
  if (box) box.textContent = text;
}

// --- comparing the rule sets ----------------------------------------------------------------
/** The shipped results side by side: a row per value of the first axis (Bul's rule sets),
 * a column per value of the second (road lengths); the chart shows one column. */
function comparePart() {
  const axes = lab.info.compare;
  const part = el("section", { class: "fair-part", "aria-labelledby": "fair-compare-head" });
  if (!axes.length) return part;
  const [rowName, columnName] = axes;
  const specs = lab.info.options;
  const rows = specs[rowName].values.filter((v) => v !== null);
  const columns = columnName ? specs[columnName].values.filter((v) => v !== null) : [null];
  const level = lab.info.level;
  const cell = (row, column) => lab.info.shipped.find((r) =>
    r.levels.every((l) => l === level) && r.options[rowName] === row &&
    (column === null || r.options[columnName] === column) &&
    Object.entries(specs).every(([name, spec]) => axes.includes(name) ||
      spec.default === null || r.options[name] === spec.default));
  const found = rows.flatMap((r) => columns.map((c) => cell(r, c))).filter(Boolean);
  if (found.length < 2) return part;
  part.append(el("h2", { id: "fair-compare-head" }, t("fairness.compare.title",
    { rows: t(`option.${lab.game}.${rowName}`) })));
  part.append(el("p", { class: "fair-note" }, t("fairness.compare.help",
    { player: seatName(0), level: t(`level.${level}`) })));
  const own = (row) => specs[columnName]?.defaults?.[row];
  let chartColumn = lab.column;
  if (columnName) {
    const select = el("select", { id: "fair-column" });
    select.append(new Option(t("fairness.compare.own"), ""));
    for (const c of columns) select.append(new Option(optionLabel(lab.game, columnName, c), String(c)));
    select.value = chartColumn;
    select.addEventListener("change", () => {
      lab.column = select.value;
      render();
      $("fair-column")?.focus();
    });
    part.append(el("label", { class: "fair-column" },
      el("span", {}, t(`option.${lab.game}.${columnName}`)), select));
  }
  const chartRows = rows.map((row) => {
    const column = !columnName ? null : chartColumn === "" ? own(row)
      : columns.find((c) => String(c) === chartColumn);
    const result = cell(row, column ?? null);
    const share = result?.summary.share;
    return { label: optionLabel(lab.game, rowName, row), rate: share?.rate, low: share?.low,
      high: share?.high, fair: result?.fair, games: result?.tally.games };
  }).filter((r) => r.rate !== undefined && r.rate !== null);
  part.append(intervalChart(chartRows, t("fairness.chart.compare", { player: seatName(0) })));
  const table = el("table", { class: "fair-table fair-grid", id: "fair-compare-table" },
    el("caption", {}, t("fairness.compare.table", { player: seatName(0) })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(`option.${lab.game}.${rowName}`)),
      ...columns.map((c) => el("th", { scope: "col" }, c === null ? t("fairness.table.share")
        : optionLabel(lab.game, columnName, c))))),
    el("tbody", {}, ...rows.map((row) => el("tr", {},
      el("th", { scope: "row" }, optionLabel(lab.game, rowName, row)),
      ...columns.map((c) => {
        const result = cell(row, c);
        if (!result) return el("td", {}, "—");
        const s = result.summary.share;
        const mark = result.summary.verdict === "fair" ? "" : " *";
        return el("td", { class: `fair-${result.summary.verdict}`,
          title: t("fairness.games", { n: result.tally.games }) },
        `${formatPercent(s.rate)}${mark}`, el("br"),
        el("small", {}, `${formatPercent(s.low)}–${formatPercent(s.high)}`));
      })))));
  part.append(el("div", { class: "fair-scroll" }, table));
  part.append(el("p", { class: "fair-note" }, t("fairness.compare.star")));
  return part;
}

// --- charts: SVG strips beside HTML labels (no text below the page's floors) ------------
/** One row per result: its label, a strip with the rate, its 95 % interval and the fair
 * mark, and the numbers. The table beside it is the text alternative. */
function intervalChart(rows, label) {
  const chart = el("div", { class: "fair-chart", role: "img", "aria-label": label });
  for (const row of rows) {
    const strip = svg("svg", { viewBox: "0 0 100 10", preserveAspectRatio: "none",
      class: "fair-strip", "aria-hidden": "true" });
    strip.append(svg("rect", { x: 0, y: 4.5, width: 100, height: 1, class: "fair-axis" }));
    strip.append(svg("rect", { x: 100 * row.low, y: 2, width: Math.max(0.6,
      100 * (row.high - row.low)), height: 6, class: "fair-band" }));
    strip.append(svg("rect", { x: 100 * row.rate - 0.6, y: 0.5, width: 1.2, height: 9,
      class: "fair-dot" }));
    if (row.fair !== undefined) {
      strip.append(svg("line", { x1: 100 * row.fair, x2: 100 * row.fair, y1: 0, y2: 10,
        class: "fair-mark", "vector-effect": "non-scaling-stroke" }));
    }
    chart.append(el("div", { class: "fair-row", "aria-hidden": "true" },
      el("span", { class: "fair-label" }, row.label), strip,
      el("span", { class: "fair-value" }, formatPercent(row.rate))));
  }
  chart.append(el("p", { class: "fair-key", "aria-hidden": "true" }, t("fairness.chart.key")));
  return chart;
}

/** The first player's share of the games won, with its interval, as games add up: the
 * band narrows. */
function narrowingChart(history, fair, target) {
  const last = history.at(-1);
  const box = el("figure", { class: "fair-narrow" });
  const graph = svg("svg", { viewBox: "0 0 300 100", preserveAspectRatio: "none",
    role: "img", id: "fair-narrow", "aria-label": t("fairness.chart.narrow", {
      n: last.games, low: formatPercent(last.low), high: formatPercent(last.high) }) });
  const most = Math.max(target, last.games, 1); // the run's length: the band grows rightwards
  const x = (games) => (300 * games) / most;
  const y = (share) => 100 - 100 * share;
  // before any game nothing is known: the interval is all of 0–100 %
  const points = [{ games: 0, low: 0, high: 1 }, ...history.filter((h) => h.low !== null)];
  if (points.length) {
    const upper = points.map((h) => `${x(h.games)},${y(h.high)}`);
    const lower = points.map((h) => `${x(h.games)},${y(h.low)}`).reverse();
    graph.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "fair-band" }));
  }
  graph.append(svg("line", { x1: 0, x2: 300, y1: y(fair), y2: y(fair), class: "fair-mark",
    "vector-effect": "non-scaling-stroke" }));
  box.append(graph, el("figcaption", {}, t("fairness.chart.narrow_caption",
    { player: seatName(0), fair: formatPercent(fair) })));
  return box;
}

// --- words ---------------------------------------------------------------------------------
/** What the games say, in words. With one level at every seat the share measures the first
 * move ("it favours South, who starts"); with different levels it measures skill too, and the
 * engine's `levels` verdict names the seat whose level wins more. */
function verdictText(summary, config) {
  const levels = summary.levels;
  if (!levels || summary.verdict === "unknown") {
    return t(`fairness.verdict.${summary.verdict}`, { player: seatName(0) });
  }
  if (levels.leader === null) return t("fairness.verdict.levels.even");
  return t(`fairness.verdict.levels.${levels.stronger ? "stronger" : "weaker"}`, {
    player: seatName(levels.leader, config), level: t(`level.${levels.level}`) });
}

function verdictKind(summary) {
  if (!summary.levels || summary.verdict === "unknown") return summary.verdict;
  return summary.levels.leader === null ? "levels-even" : "levels";
}

function seatsOf(config) {
  const players = seatPlayers(lab.game, config?.options ?? {}, t);
  return (config?.levels ?? []).map((level, p) => {
    const player = players[p];
    const name = player ? `${player.symbol} ${player.name}`.trim() : t("fairness.seat", { n: p + 1 });
    return `${name} (${t(`level.${level}`)})`;
  });
}

function seatName(p, config = lab.config) {
  const player = seatPlayers(lab.game, config?.options ?? {}, t)[p];
  return player ? player.name : t("fairness.seat", { n: p + 1 });
}

function describeConfig(config) {
  if (!config) return "";
  const options = Object.entries(config.options)
    .filter(([name]) => Object.hasOwn(lab.info.options, name))
    .map(([name, value]) => `${t(`option.${lab.game}.${name}`)}: ${optionLabel(lab.game, name, value)}`);
  const levels = config.levels.map((l) => t(`level.${l}`)).join(" – ");
  return [...options, t("fairness.levels", { levels })].join(" · ");
}

function formatPercent(x) {
  if (x === null || x === undefined) return "—";
  return new Intl.NumberFormat(i18n.lang, { style: "percent", maximumFractionDigits: 1 })
    .format(x);
}


