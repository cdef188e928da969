// The set-up form: the game's options and who sits at each seat. Once a game is on the
// table it folds into a one-line summary that reopens with one click.
import { BUILD } from "../build-info.js";
import * as i18n from "../kit/i18n.js";
import { $ } from "../kit/dom.js";
import { seatPlayers } from "../kit/seats.js";
import { optionAllowed } from "../links/params.js";
import { keepBoardSize } from "./board-size.js";
import { session } from "./session.js";

const { t } = i18n;

let urlParams = null; // what the URL asked for (params.js), applied to the first game opened

export function setUrlParams(params) {
  urlParams = params;
}

export function optionLabel(id, name, value) {
  const key = `option.${id}.${name}.${value}`;
  return i18n.has(key) ? t(key) : String(value);
}

/** The URL's choices when they are for the game on the page. */
export function urlChoices() {
  return urlParams && urlParams.game === session.gameId ? urlParams : null;
}

export function renderSetup() {
  const id = session.gameId;
  const options = $("setup-options");
  const before = { ...urlChoices()?.options, ...readOptions() };
  options.replaceChildren();
  for (const [name, spec] of Object.entries(BUILD.games[id].options)) {
    const label = document.createElement("label");
    label.textContent = t(`option.${id}.${name}`);
    const select = document.createElement("select");
    select.name = name;
    select.dataset.option = name;
    const values = [...spec.values];
    if (name in before && !values.includes(before[name]) && optionAllowed(spec, before[name])) {
      values.push(before[name]); // a value in range that the form does not list (from a link)
    }
    for (const value of values) {
      const option = new Option(optionLabel(id, name, value), JSON.stringify(value));
      option.selected = JSON.stringify(before[name] ?? spec.default) === option.value;
      select.append(option);
    }
    select.addEventListener("change", renderSeats);
    label.append(select);
    options.append(label);
  }
  // the game's labs (pages beside the table its view lists: `labs`), a link each
  for (const lab of session.module?.labs || []) {
    const link = document.createElement("a");
    link.className = "setup-lab";
    link.href = `#/${id}/${lab}`;
    link.dataset.lab = lab;
    link.textContent = t(`${id}.lab.${lab}.link`);
    options.append(link);
  }
  renderSeats();
}

export function readOptions() {
  const options = {};
  for (const select of $("setup-options").querySelectorAll("select")) {
    options[select.dataset.option] = JSON.parse(select.value);
  }
  return options;
}

function defaultSeat(player) {
  const asked = urlChoices();
  if (asked?.seats) return asked.seats[player];
  const level = asked?.level || BUILD.games[session.gameId].levels[1];
  return player === 0 ? "human" : level || "human";
}

function renderSeats() {
  const fieldset = $("setup-seats");
  const before = readSeats();
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  const players = playersOf(readOptions());
  players.forEach((player, p) => {
    const label = document.createElement("label");
    label.className = `seat ${player.cls}`;
    const name = document.createElement("span");
    name.append(playerBadge(player));
    const select = document.createElement("select");
    select.dataset.seat = p;
    select.append(new Option(t("seat.human"), "human"));
    for (const level of BUILD.games[session.gameId].levels) {
      select.append(new Option(t("seat.computer", { level: t(`level.${level}`) }), level));
    }
    // a seat kept from the form as it was (another game's may name a level this one lacks)
    const kept = [...select.options].some((o) => o.value === before[p]);
    select.value = kept ? before[p] : defaultSeat(p);
    label.append(name, select);
    fieldset.append(label);
  });
}

export function readSeats() {
  return [...$("setup-seats").querySelectorAll("select")].map((s) => s.value);
}

/** Show a loaded game's options and seats in the form. */
export function setSetupFromView(view) {
  for (const [name, value] of Object.entries(view.options)) {
    const select = document.querySelector(`select[data-option="${name}"]`);
    if (select && [...select.options].some((o) => o.value === JSON.stringify(value))) {
      select.value = JSON.stringify(value);
    }
  }
  renderSeats();
  view.seats.forEach((seat, p) => {
    const select = document.querySelector(`select[data-seat="${p}"]`);
    if (select) select.value = seat;
  });
}

/** `[{name, symbol, cls}]` per player of the game open with `options`, from the engine's
 * seat facts (the view may name each player's CSS class: `seatClass`). */
function playersOf(options) {
  return seatPlayers(session.gameId, options, t, session.module.seatClass);
}

/** The players of the game on the table (or of the form's options before it starts). */
export function players() {
  return playersOf(session.view ? session.view.options : readOptions());
}

export function playerBadge(player) {
  const badge = document.createElement("span");
  badge.className = `player-badge ${player.cls}`;
  const symbol = document.createElement("span");
  symbol.className = "symbol";
  symbol.setAttribute("aria-hidden", "true");
  symbol.textContent = player.symbol;
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = player.name;
  badge.append(symbol, " ", name);
  return badge;
}

export function updateNewGameButton() {
  const button = $("new-game");
  if (!button) return;
  button.disabled = !session.engineReady;
  button.textContent = session.engineReady ? t("setup.new") : t("engine.wait");
}

/** Once a game is on the table the set-up folds into its summary line, so the board shows. */
export function foldSetup() {
  $("setup-box").open = false;
  markFolded();
  renderSummaryLine();
}

/** #play says whether the set-up is folded (style.css gives its title line to the board
 * then): a class, where a `:has()` of the folding made Chromium style the whole table again
 * on every change of the board, most of a step's styling work (`bench/step_cpu.py`). */
function markFolded() {
  const open = $("setup-box").open;
  $("play").classList.toggle("setup-folded", !open);
  // opened over a game on the table: the board keeps its size, the page scrolls (item 3)
  const over = open && Boolean(session.view);
  $("play").classList.toggle("setup-over", over);
  keepBoardSize("setup", over);
}

/** Follow the set-up's folding, by the code or by a click on its summary: as its `open`
 * changes (a "toggle" event comes a task later, after a frame may have been drawn and a
 * click aimed at a table about to move). */
export function setUpFolding() {
  new MutationObserver(markFolded).observe($("setup-box"),
    { attributes: true, attributeFilter: ["open"] });
  markFolded();
}

/** The folded set-up's one line: who sits where ("South: a person · North: computer (easy)"). */
/** The game's options in words ("Rules: Puluc (variant 1) · Road length: 13"), for a game
 * whose set-up form is not shown (a lesson step, a puzzle). */
export function optionsInWords(id, options) {
  return Object.entries(options)
    .filter(([name]) => Object.hasOwn(BUILD.games[id].options, name))
    .map(([name, value]) => `${t(`option.${id}.${name}`)}: ${optionLabel(id, name, value)}`)
    .join(" · ");
}

export function renderSummaryLine() {
  const view = session.view;
  if (!view) return;
  const names = playersOf(view.options);
  const seats = view.seats.map((seat, p) => {
    const pupil = view.match?.names?.[p]; // a tournament's game: the pupil in this seat
    const who = pupil || (seat === "human" ? t("seat.human")
      : t("seat.computer", { level: t(`level.${seat}`) }));
    return `${names[p]?.symbol ?? ""} ${names[p]?.name ?? ""}: ${who}`;
  });
  $("setup-line").textContent = [t(`game.${session.gameId}.name`), ...seats].join(" · ");
}
