// The teacher's page of a class tournament (#/class): the pupils, the game and the pairing
// system; each round's pairings with the match code a pupil types on any device; the result
// codes the devices show at game over, typed in here; the standings. The engine pairs, reads
// the codes and ranks (ludoteca.classroom.tournament); this page keeps the tournament in the teacher's
// browser and shows it. Nothing leaves the device.
import { BUILD } from "../build-info.js";
import * as i18n from "../kit/i18n.js";
import { $, button, el } from "../kit/dom.js";
import { read, remove, setAside, writeJSON } from "../kit/store.js";
import { errorWords, seatPlayers } from "../kit/seats.js";
import { GAME_ORDER } from "../games/index.js";
import { codeElement } from "./match.js";
import { ask } from "../table/session.js";
import { optionLabel } from "../table/setup.js";
import { csvOfTournament, renderStandings, resultText } from "./tournament-standings.js";

const { t } = i18n;
const KEY = "ludoteca.tournament";
const ASIDE = "ludoteca.tournament.aside."; // tournaments set aside, never deleted

let section = null; // the page's element while it is open
let described = null; // the engine's last view of the tournament
let said = null; // {text, tone} of the last thing said about an entry
let watchLanguage = null;
let showing = "round"; // what the projector look shows: the round or the standings

// the page #/class, opened on demand (links/rooms.js; app.js adds it)
export const page = { open, close };
export const STRINGS = ["class"];

async function open({ section: element }) {
  section = element;
  described = null;
  said = null;
  // the page is drawn in the reader's language: again when it changes
  watchLanguage = new MutationObserver(render);
  watchLanguage.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  const kept = readKept();
  if (kept) {
    const answer = await ask("tournament_view", { tournament: kept });
    if (answer.ok) described = answer;
    else {
      keepAside();
      said = { text: t("tournament.corrupt"), tone: "error" };
    }
  }
  render();
  section.focus();
}

function close() {
  watchLanguage?.disconnect();
  section = null;
}

// --- kept in the browser -------------------------------------------------------------------
function readKept() {
  const text = read(KEY);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // the engine refuses it, and it is set aside
  }
}

function keep() {
  // not kept when storage is full or blocked: the tournament lives until the page closes
  if (described) writeJSON(KEY, described.tournament);
  else remove(KEY);
}

/** A kept tournament the engine cannot read (or one the teacher drops) is moved aside,
 * never lost. */
function keepAside() {
  setAside(KEY, ASIDE);
}

// --- drawing -------------------------------------------------------------------------------
function render() {
  if (!section) return;
  const focused = document.activeElement?.id;
  section.replaceChildren(el("h1", { text: t("tournament.title") }));
  section.classList.add("tournament");
  if (described) renderTournament();
  else renderSetUp();
  const again = focused ? section.querySelector(`#${focused}`) : null;
  again?.focus();
}

function message(id) {
  const box = el("p", { id, class: "tournament-said", role: "status" });
  if (said) {
    box.textContent = said.text;
    box.dataset.tone = said.tone;
  }
  return box;
}

// --- the set-up form -----------------------------------------------------------------------
function renderSetUp() {
  const form = el("form", { class: "tournament-setup", id: "tournament-setup" });
  const games = GAME_ORDER.filter((id) => BUILD.games[id]);
  const names = el("textarea", { id: "tournament-names", rows: "6", autocomplete: "off",
    spellcheck: "false", "aria-describedby": "tournament-names-help" });
  const count = el("input", { id: "tournament-count", type: "number", min: "2", max: "32",
    value: "4", inputmode: "numeric" });
  const numbered = button(t("tournament.setup.number"), () => {
    const n = Math.max(2, Math.min(32, Number(count.value) || 2));
    names.value = Array.from({ length: n }, (_, i) => String(i + 1)).join("\n");
  });
  numbered.id = "tournament-number";
  numbered.className = "secondary";
  const game = el("select", { id: "tournament-game" });
  for (const id of games) game.append(new Option(t(`game.${id}.name`), id));
  const options = el("div", { class: "tournament-options" });
  const drawOptions = () => {
    options.replaceChildren();
    for (const [name, spec] of Object.entries(BUILD.games[game.value].options)) {
      const select = el("select", { "data-option": name });
      for (const value of spec.values) {
        const option = new Option(optionLabel(game.value, name, value), JSON.stringify(value));
        option.selected = JSON.stringify(spec.default) === option.value;
        select.append(option);
      }
      options.append(el("label", {}, t(`option.${game.value}.${name}`), select));
    }
  };
  game.addEventListener("change", drawOptions);
  drawOptions();
  const system = el("fieldset", { class: "tournament-system" },
    el("legend", { text: t("tournament.setup.system") }));
  for (const [value, checked] of [["round_robin", true], ["swiss", false]]) {
    const radio = el("input", { type: "radio", name: "system", value });
    radio.checked = checked;
    system.append(el("label", {}, radio, t(`tournament.system.${value}`)));
  }
  const rounds = el("input", { id: "tournament-rounds", type: "number", min: "1", max: "31",
    value: "3", inputmode: "numeric" });
  const roundsLabel = el("label", {}, t("tournament.setup.rounds"), rounds);
  const swissOnly = () => { // a round robin's rounds follow from the pupils
    roundsLabel.hidden = !form.querySelector('input[value="swiss"]').checked;
  };
  system.addEventListener("change", swissOnly);
  const boards = el("input", { id: "tournament-boards", type: "number", min: "1", max: "32",
    value: "2", inputmode: "numeric" });
  const start = el("button", { type: "submit", class: "primary", id: "tournament-start",
    text: t("tournament.setup.start") });
  form.append(
    el("p", { class: "lead", text: t("tournament.lead") }),
    el("div", { class: "tournament-pupils" },
      el("label", { for: "tournament-names" }, t("tournament.setup.names")),
      el("p", { id: "tournament-names-help", class: "hint", text: t("tournament.setup.names_help") }),
      names,
      el("div", { class: "tournament-row" },
        el("label", {}, t("tournament.setup.count"), count), numbered)),
    el("div", { class: "tournament-choices" },
      el("div", { class: "tournament-row" }, el("label", {}, t("tournament.setup.game"), game),
        options),
      system,
      el("div", { class: "tournament-row" }, roundsLabel,
        el("label", {}, t("tournament.setup.boards"), boards)),
      start, message("tournament-setup-said")));
  swissOnly();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = Object.fromEntries([...options.querySelectorAll("select")]
      .map((select) => [select.dataset.option, JSON.parse(select.value)]));
    const pupils = names.value.split("\n").map((line) => line.trim()).filter(Boolean);
    const kind = form.querySelector('input[name="system"]:checked').value;
    start.disabled = true;
    const answer = await ask("tournament_new", {
      names: pupils, game: game.value, options: chosen, system: kind,
      boards: Number(boards.value), rounds: Number(rounds.value),
      seed: Math.floor(Math.random() * 2 ** 31),
    });
    start.disabled = false;
    if (!answer.ok) return sayError(answer.error, "tournament-setup-said");
    described = answer;
    said = null;
    keep();
    render();
    $("tournament-pairings")?.focus();
  });
  section.append(form);
}

function sayError(error, where) {
  said = { text: errorWords(t, i18n.has, error), tone: "error" };
  const box = $(where);
  if (box) {
    box.textContent = said.text;
    box.dataset.tone = said.tone;
  }
}

// --- the tournament ------------------------------------------------------------------------
function renderTournament() {
  const { tournament } = described;
  const optionsText = Object.entries(tournament.options)
    .filter(([name]) => BUILD.games[tournament.game]?.options[name])
    .map(([name, value]) => optionLabel(tournament.game, name, value)).join(" · ");
  section.append(el("p", { class: "tournament-facts" },
    [t(`game.${tournament.game}.name`), optionsText, t(`tournament.system.${tournament.system}`),
      t("tournament.pupils", { n: tournament.names.length })].filter(Boolean).join(" · ")));
  // the projector has room for one of the two at the room's type size: the teacher switches
  const show = button("", () => {
    showing = showing === "round" ? "standings" : "round";
    showWhat(show);
  }, "secondary tournament-show");
  show.id = "tournament-show";
  section.append(show);
  showWhat(show);
  const layout = el("div", { class: "tournament-layout" });
  layout.append(el("section", { id: "tournament-pairings" }), renderEntry(),
    el("section", { id: "tournament-standings" }));
  section.append(layout, renderTools());
  refresh();
}

function showWhat(show) {
  section.dataset.show = showing;
  show.textContent = t(showing === "round" ? "tournament.show_standings" : "tournament.show_round");
}

/** After an answer of the engine: the pairings, the standings and the next-round button
 * again; the entry form (its field, its status line) stays, so what it says is announced. */
function refresh() {
  const { tournament, standings } = described;
  $("tournament-pairings").replaceWith(renderPairings(tournament, tournament.rounds.length));
  $("tournament-standings").replaceWith(
    renderStandings(t, tournament, standings, described.tie_breaks));
  const next = $("tournament-next");
  next.textContent = t(described.more_rounds ? "tournament.next" : "tournament.over");
  next.disabled = !(described.round_complete && described.more_rounds);
  const box = $("tournament-entry-said");
  box.textContent = said?.text ?? "";
  box.dataset.tone = said?.tone ?? "";
}

function renderPairings(tournament, number) {
  const box = el("section", { id: "tournament-pairings", class: "tournament-pairings",
    tabindex: "-1", "aria-labelledby": "tournament-round-title" });
  box.append(el("h2", { id: "tournament-round-title",
    text: t("tournament.round", { round: number, rounds: tournament.rounds_planned }) }));
  box.append(el("p", { class: "tournament-how", text: t("tournament.how",
    { address: `${location.origin}${location.pathname}#/match` }) }));
  const seats = seatPlayers(tournament.game, tournament.options, t);
  box.append(el("p", { class: "tournament-starts", text: t("tournament.starts_first",
    { first: `${seats[0]?.symbol ?? ""} ${seats[0]?.name ?? ""}`.trim(),
      second: `${seats[1]?.symbol ?? ""} ${seats[1]?.name ?? ""}`.trim() }) }));
  const round = tournament.rounds.at(-1);
  const list = el("ol", { class: "tournament-games" });
  round.pairs.forEach(([first, second], game) => {
    const sitting = Math.floor(game / tournament.boards) + 1;
    const where = t(sitting > 1 ? "tournament.board_later" : "tournament.board",
      { board: (game % tournament.boards) + 1, sitting });
    const result = round.results[game];
    const item = el("li", { class: "tournament-game", "data-game": String(game) });
    item.append(
      el("span", { class: "tournament-where" }, t("tournament.game", { game: game + 1 }), " · ",
        where),
      el("span", { class: "tournament-who" },
        el("span", { class: "p0" }, `${seats[0]?.symbol ?? ""} ${tournament.names[first]}`),
        el("span", { class: "vs", text: ` ${t("tournament.versus")} ` }),
        el("span", { class: "p1" }, `${seats[1]?.symbol ?? ""} ${tournament.names[second]}`),
        el("span", { class: "visually-hidden", text: ` (${t("tournament.starts",
          { name: tournament.names[first], seat: seats[0]?.name ?? "" })})` })),
      el("span", { class: "tournament-code" },
        el("span", { class: "tournament-code-label", text: t("tournament.match_code") }), " ",
        codeElement(described.match_codes[game])));
    const state = el("span", { class: "tournament-result", "data-result": String(result ?? "") });
    if (result === null) state.textContent = t("tournament.waiting");
    else {
      state.append(resultText(t, tournament, first, second, result), " ");
      const undo = button(t("tournament.clear"), () => clearResult(game), "secondary");
      undo.setAttribute("aria-label", t("tournament.clear_label", { game: game + 1 }));
      state.append(undo);
    }
    item.append(state);
    list.append(item);
  });
  box.append(list);
  if (round.bye !== null) {
    box.append(el("p", { class: "tournament-bye", text: t(`tournament.bye.${tournament.system}`,
      { name: tournament.names[round.bye] }) }));
  }
  return box;
}

function renderEntry() {
  const box = el("form", { class: "tournament-entry", id: "tournament-entry" });
  const input = el("input", { id: "tournament-code", autocomplete: "off", spellcheck: "false",
    autocapitalize: "characters", "aria-describedby": "tournament-entry-said" });
  box.append(el("label", { for: "tournament-code" }, t("tournament.enter.label")),
    el("div", { class: "tournament-row" }, input,
      el("button", { type: "submit", class: "primary", id: "tournament-enter",
        text: t("tournament.enter.button") })),
    message("tournament-entry-said"));
  let busy = false; // one code at a time: a second Enter would read the tournament before it
  box.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const code = input.value;
    $("tournament-entry-said").textContent = ""; // the same words again are said again
    const answer = await ask("tournament_enter", { tournament: described.tournament, code });
    busy = false;
    if (!answer.ok) {
      sayError(answer.error, "tournament-entry-said");
      input.focus();
      return;
    }
    described = answer;
    keep();
    const { tournament } = answer;
    const [first, second] = tournament.rounds.at(-1).pairs[answer.entered.game];
    said = { tone: "ok", text: t("tournament.entered", { game: answer.entered.game + 1,
      result: resultText(t, tournament, first, second, answer.entered.result) }) };
    input.value = "";
    refresh();
  });
  const next = el("button", { type: "button", id: "tournament-next", class: "primary" });
  next.addEventListener("click", nextRound);
  box.append(next);
  return box;
}

async function clearResult(game) {
  const answer = await ask("tournament_clear", { tournament: described.tournament, game });
  if (!answer.ok) return sayError(answer.error, "tournament-entry-said");
  described = answer;
  said = { tone: "ok", text: t("tournament.cleared", { game: game + 1 }) };
  keep();
  refresh();
  $("tournament-code").focus();
}

async function nextRound() {
  const answer = await ask("tournament_next", { tournament: described.tournament });
  if (!answer.ok) return sayError(answer.error, "tournament-entry-said");
  described = answer;
  said = null;
  keep();
  refresh();
  $("tournament-pairings").focus();
}

function renderTools() {
  const tools = el("div", { class: "tournament-tools" });
  const csv = button(t("tournament.csv"), () => {
    const blob = new Blob([csvOfTournament(t, described)], { type: "text/csv;charset=utf-8" });
    const link = el("a", { href: URL.createObjectURL(blob), download: t("tournament.csv_file") });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }, "secondary");
  csv.id = "tournament-csv";
  const drop = button(t("tournament.new"), () => {
    if (drop.dataset.confirm !== "yes") { // a second press, said in words, drops it
      drop.dataset.confirm = "yes";
      drop.textContent = t("tournament.new_confirm");
      return;
    }
    keepAside(); // kept aside all the same: a click too many loses nothing
    described = null;
    said = null;
    keep();
    render();
  }, "secondary");
  drop.id = "tournament-drop";
  tools.append(csv, drop);
  return tools;
}
