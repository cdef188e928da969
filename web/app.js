// The page: home, game set-up, the table and the turn loop. It draws what the engine
// (worker) says and sends the steps people click; it never decides a rule.
import { BUILD } from "./build-info.js";
import { Engine } from "./engine.js";
import * as i18n from "./i18n.js";
import { GAME_VIEWS, GAME_ORDER } from "./games/index.js";
import { registerServiceWorker } from "./offline.js";
import { button } from "./games/svg.js";
import { readParams, writeParams, optionAllowed } from "./params.js";
import { inFrame, tellParent, listenToParent } from "./embed.js";
import { setUpEmbedDialog } from "./embed-dialog.js";
import { openRules } from "./rules.js";
import * as storage from "./storage.js";
import { setUpDisplay } from "./display.js";

const { t } = i18n;
const $ = (id) => document.getElementById(id);
const CHANCE = -1;
const BOT_PAUSE_MS = 350;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

const page = {
  engineReady: false,
  gameId: null, // the game whose page is open
  module: null, // its view module (games/<id>.js)
  board: null,
  view: null, // the engine's last answer for the table
  partials: [], // the steps of the move being built
  busy: false,
  log: [], // [{ply, player, move, events}] of the game on the table
  generation: 0, // bumps on every new game, so a late answer of an old one is dropped
  reactPending: false, // computer seats still to be asked whether they act out of turn
  params: null, // what the URL asked for (params.js), applied to the first game opened
  replay: null, // the engine's view of an earlier position while stepping through the game
  paused: false, // demo: computers wait
  link: null, // a shared link's code waiting for the engine
};

// --- engine ------------------------------------------------------------------------------
const STAGES = ["start", "runtime", "micropip", "rules"];
let engineStatus = { state: "loading", stage: "start" };
const engine = new Engine({ onStatus: showEngineStatus });

function showEngineStatus(status) {
  engineStatus = status;
  const box = $("engine-status");
  box.dataset.state = status.state;
  $("engine-retry").hidden = status.state !== "failed";
  if (status.state === "loading") {
    $("engine-text").textContent = t(`engine.stage.${status.stage}`);
    $("engine-progress").value = STAGES.indexOf(status.stage) + 1;
  } else if (status.state === "failed") {
    $("engine-text").textContent = t(`engine.error.${status.code}`, { detail: status.detail });
  } else {
    $("engine-text").textContent = t("engine.ready");
  }
  box.hidden = status.state === "ready";
  const wasReady = page.engineReady;
  page.engineReady = status.state === "ready";
  updateNewGameButton();
  if (page.engineReady && !wasReady && page.gameId && !page.view) startOrResume();
}

// --- home ----------------------------------------------------------------------------------
function renderHome() {
  const list = $("game-list");
  list.replaceChildren();
  for (const id of GAME_ORDER) {
    const ready = id in BUILD.games && id in GAME_VIEWS;
    const item = document.createElement("li");
    item.className = "game-card" + (ready ? "" : " soon");
    item.dataset.game = id;
    const inner = document.createElement(ready ? "a" : "div");
    if (ready) inner.href = `#/${id}`;
    const image = document.createElement("img");
    image.src = `img/${id}.svg`;
    image.alt = "";
    const title = document.createElement("h2");
    title.textContent = t(`game.${id}.name`);
    const line = document.createElement("p");
    line.textContent = t(`game.${id}.tagline`);
    inner.append(image, title, line);
    if (!ready) {
      const soon = document.createElement("span");
      soon.className = "badge";
      soon.textContent = t("home.soon");
      inner.append(soon);
    }
    item.append(inner);
    list.append(item);
  }
}

// --- set-up ----------------------------------------------------------------------------------
function optionLabel(id, name, value) {
  const key = `option.${id}.${name}.${value}`;
  return i18n.has(key) ? t(key) : String(value);
}

function urlChoices() {
  return page.params && page.params.game === page.gameId ? page.params : null;
}

function renderSetup() {
  const id = page.gameId;
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
  renderSeats();
}

function readOptions() {
  const options = {};
  for (const select of $("setup-options").querySelectorAll("select")) {
    options[select.dataset.option] = JSON.parse(select.value);
  }
  return options;
}

function defaultSeat(player) {
  const asked = urlChoices();
  if (asked?.seats) return asked.seats[player];
  const level = asked?.level || BUILD.games[page.gameId].levels[1];
  return player === 0 ? "human" : level || "human";
}

function renderSeats() {
  const fieldset = $("setup-seats");
  const before = readSeats();
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  const players = page.module.players(readOptions(), t);
  players.forEach((player, p) => {
    const label = document.createElement("label");
    label.className = `seat ${player.cls}`;
    const name = document.createElement("span");
    name.innerHTML = "";
    name.append(playerBadge(player));
    const select = document.createElement("select");
    select.dataset.seat = p;
    select.append(new Option(t("seat.human"), "human"));
    for (const level of BUILD.games[page.gameId].levels) {
      select.append(new Option(t("seat.computer", { level: t(`level.${level}`) }), level));
    }
    select.value = before[p] ?? defaultSeat(p);
    label.append(name, select);
    fieldset.append(label);
  });
}

function readSeats() {
  return [...$("setup-seats").querySelectorAll("select")].map((s) => s.value);
}

function playerBadge(player) {
  const badge = document.createElement("span");
  badge.className = `player-badge ${player.cls}`;
  const symbol = document.createElement("span");
  symbol.className = "symbol";
  symbol.setAttribute("aria-hidden", "true");
  symbol.textContent = player.symbol;
  badge.append(symbol, ` ${player.name}`);
  return badge;
}

function updateNewGameButton() {
  const button = $("new-game");
  if (!button) return;
  button.disabled = !page.engineReady;
  button.textContent = page.engineReady ? t("setup.new") : t("engine.wait");
}

// --- the table -----------------------------------------------------------------------------
function players() {
  return page.module.players(page.view ? page.view.options : readOptions(), t);
}

function openGame(id) {
  $("setup-options").replaceChildren(); // another game's options do not carry over
  page.gameId = id;
  page.module = GAME_VIEWS[id];
  page.view = null;
  page.log = [];
  page.partials = [];
  $("game-title").textContent = t(`game.${id}.name`);
  $("game-tagline").textContent = t(`game.${id}.tagline`);
  renderSetup();
  $("game-controls").replaceChildren();
  page.board = page.module.createBoard($("board"), {
    t: (...args) => t(...args),
    players,
    onStep: (step) => onStep(step),
    speed: () => (reducedMotion.matches ? 0 : 1),
    controls: $("game-controls"), // the view's own buttons (throw, challenge, …)
    play: (move) => playMove(move), // a complete move, e.g. a throw typed in by people
    throwBeans: () => throwNow(), // the engine draws a chance outcome
    isHuman: (p) => page.view !== null && page.view.seats[p] === "human",
    partial: () => (page.view ? page.view.partial : ""),
    back: () => stepBack(),
    resume: () => runComputers(page.generation), // see holdComputers in games/README.md
  });
  const preview = BUILD.games[id].preview; // the opening position, computed at build time
  page.board.draw({ ...preview, steps: [] });
  markOnce("ludoteca:board-drawn"); // read by bench/cold_start.py
  renderScores(preview);
  $("turn").textContent = "";
  $("log").replaceChildren();
  updateNewGameButton();
  if (page.engineReady) startOrResume();
}

/** Open a shared link, else resume the saved game, else start a new one. */
async function startOrResume() {
  const id = page.gameId;
  const generation = ++page.generation;
  if (page.link) {
    const link = page.link;
    page.link = null;
    // people at every seat: opening a link shows the game, nobody moves by itself
    const answer = await engine.request("load", { link });
    if (generation !== page.generation) return;
    history.replaceState(null, "", `${location.pathname}${location.search}#/${id}`);
    if (answer.ok) return showLoaded(answer.view);
    showError(answer.error);
    return newGame(answer.error);
  }
  const fresh = urlChoices() && (Object.keys(page.params.options).length || page.params.seats);
  let saved = null;
  if (!page.params.embed && !fresh) {
    try {
      saved = storage.loadSavedGame(id);
    } catch {
      storage.keepAside(id);
      return newGame({ code: "corrupt_save" });
    }
  }
  if (saved && saved.record.moves.length) {
    const answer = await engine.request("load", saved);
    if (generation !== page.generation) return;
    if (answer.ok) return showLoaded(answer.view);
    storage.keepAside(id); // never overwritten: kept under another key
    return newGame({ code: "corrupt_save" });
  }
  if (generation === page.generation) newGame();
}

/** A game loaded from a link, a save or a file: shown at its last move. */
async function showLoaded(view) {
  page.view = view;
  page.partials = [];
  page.replay = null;
  setSetupFromView(view);
  foldSetupOnPhones();
  await refreshHistory();
  refreshTable();
  storage.saveGame(page.gameId, view);
  tellParent("ready", { game: page.gameId, options: view.options, seats: view.seats });
  runComputers(page.generation);
}

function setSetupFromView(view) {
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

async function newGame(notice = null) {
  const generation = ++page.generation;
  page.replay = null;
  page.paused = false;
  page.busy = true;
  const answer = await engine.request("new", {
    game: page.gameId, options: readOptions(), seats: readSeats(),
    seed: Math.floor(Math.random() * 2 ** 31),
  });
  if (generation !== page.generation) return;
  page.busy = false;
  if (!answer.ok) return showError(answer.error);
  page.view = answer.view;
  page.log = [];
  page.partials = [];
  showError(notice && notice.code ? notice : null);
  $("log").replaceChildren();
  refreshTable();
  storage.saveGame(page.gameId, page.view);
  foldSetupOnPhones();
  updateOpenFullLink();
  tellParent("ready", { game: page.gameId, options: page.view.options, seats: page.view.seats });
  runComputers(generation);
}

function markOnce(name) {
  if (!performance.getEntriesByName(name).length) performance.mark(name);
}

/** On a phone the set-up folds away once a game is on the table, so the board shows. */
function foldSetupOnPhones() {
  if (matchMedia("(max-width: 760px)").matches) $("setup-box").open = false;
}

function refreshTable() {
  const view = page.replay || page.view;
  const offered = !(page.busy || page.replay || isComputerTurn()) && view.steps.length > 0;
  page.board.draw(offered ? view : { ...view, steps: [] });
  if (offered) markOnce("ludoteca:first-move-possible");
  renderScores(view.observation);
  renderTurn();
  renderStepControls();
  renderHistoryControls();
}

function renderHistoryControls() {
  const view = page.view;
  const length = view.length ?? view.ply;
  const ply = page.replay ? page.replay.ply : length;
  $("undo").disabled = page.busy || !!page.replay || !view.can_undo;
  $("redo").disabled = page.busy || !!page.replay || !view.can_redo;
  const slider = $("replay-slider");
  slider.max = length;
  slider.value = ply;
  slider.disabled = page.busy || length === 0;
  $("replay-first").disabled = $("replay-prev").disabled = page.busy || ply === 0;
  $("replay-next").disabled = $("replay-last").disabled = page.busy || ply >= length;
  $("replay-status").textContent = page.replay ? t("replay.status", { ply, n: length }) : "";
  $("replay-continue").hidden = !page.replay;
  for (const item of $("log").children) {
    item.classList.toggle("current", page.replay !== null && Number(item.dataset.ply) === ply);
  }
  const allComputers = view.seats.every((seat) => seat !== "human");
  $("demo-controls").hidden = !allComputers || view.terminal;
  $("demo-pause").textContent = page.paused ? t("demo.play") : t("demo.pause");
}

function isComputerTurn() {
  const p = page.view.current_player;
  return p !== null && p !== CHANCE && page.view.seats[p] !== "human";
}

function renderScores(observation) {
  const list = $("scores");
  list.replaceChildren();
  const scores = page.module.scores(observation);
  players().forEach((player, p) => {
    const item = document.createElement("li");
    item.className = player.cls;
    item.dataset.player = p;
    if (page.view && page.view.current_player === p) item.classList.add("to-move");
    item.append(playerBadge(player));
    const value = document.createElement("strong");
    value.className = "score";
    value.textContent = scores[p];
    const label = i18n.has(`${page.gameId}.score.value`) ? `${page.gameId}.score.value` : "score.value";
    value.setAttribute("aria-label", t(label, { n: scores[p] }));
    item.append(value);
    list.append(item);
  });
}

function renderTurn() {
  const view = page.view;
  const turn = $("turn");
  turn.replaceChildren();
  turn.className = "turn";
  if (page.replay) {
    turn.classList.add("replaying");
    turn.textContent = t("replay.turn", { ply: page.replay.ply, n: view.length });
    return;
  }
  if (view.terminal) {
    turn.classList.add("over");
    turn.textContent = page.module.result(view, { t, players: players() });
    const again = document.createElement("button");
    again.type = "button";
    again.className = "primary";
    again.textContent = t("setup.again");
    again.addEventListener("click", newGame);
    turn.append(" ", again);
    return;
  }
  const p = view.current_player;
  if (p === CHANCE) {
    turn.textContent = t("turn.chance");
    return;
  }
  const player = players()[p];
  turn.classList.add(player.cls);
  const text = document.createElement("span");
  const held = isComputerTurn() && page.module.holdComputers?.(view);
  text.textContent = held ? t("turn.held") : isComputerTurn() ? t("turn.thinking") : t("turn.yours");
  turn.append(t("turn.label"), " ", playerBadge(player), " ", text);
}

function renderStepControls() {
  const box = $("step-controls");
  box.replaceChildren();
  const view = page.view;
  if (!view.partial || isComputerTurn() || page.replay) return;
  if (view.partial_complete) {
    box.append(button(t("step.stop"), () => playMove(view.partial), "primary"));
  }
  box.append(button(t("step.back"), stepBack));
}


function showError(error) {
  const box = $("message");
  if (!error) {
    box.textContent = "";
    return;
  }
  const key = `error.${error.code}`;
  box.textContent = i18n.has(key) ? t(key, error.params || {}) : t("error.generic", error);
}

// --- moves -----------------------------------------------------------------------------------
async function onStep(step) {
  if (page.busy || page.replay || !page.view || page.view.terminal || isComputerTurn()) return;
  await send("step", { partial: step });
}

async function playMove(move) {
  if (page.busy) return;
  await send("play", { move });
}

async function throwNow() {
  if (page.busy || !page.view || page.view.current_player !== CHANCE) return;
  await send("throw", {});
}

async function stepBack() {
  if (page.busy) return;
  page.partials.pop();
  await send("step", { partial: page.partials.at(-1) || "" }, { back: true });
}

async function send(op, fields, { back = false } = {}) {
  const generation = page.generation;
  page.busy = true;
  const answer = await engine.request(op, fields);
  if (generation !== page.generation) return;
  if (!answer.ok) {
    page.busy = false;
    showError(answer.error);
    if (answer.view) page.view = answer.view;
    page.partials = [];
    refreshTable();
    return;
  }
  showError(null);
  if (answer.played !== undefined) {
    await showMove(answer, generation);
  } else {
    if (!back) page.partials.push(fields.partial);
    page.view = answer.view;
    page.busy = false;
    refreshTable();
  }
  runComputers(generation);
}

async function showMove(answer, generation) {
  const before = page.view;
  page.view = answer.view;
  page.partials = [];
  page.log.push({
    ply: answer.view.ply, move: answer.played, events: answer.view.events,
    player: before.current_player,
  });
  renderLogEntry(page.log.at(-1));
  page.reactPending = true;
  storage.saveGame(page.gameId, answer.view);
  tellParent("move", { game: page.gameId, ply: answer.view.ply, move: answer.played,
    player: before.current_player });
  renderHistoryControls(); // no undo or replay while the move is being shown
  page.board.draw({ ...before, steps: [] });
  await page.board.animate(answer.view, before);
  if (generation !== page.generation) return;
  page.busy = false;
  refreshTable();
  if (answer.view.terminal) {
    tellParent("gameover", { game: page.gameId, returns: answer.view.returns,
      winner: answer.view.observation.winner, record: answer.view.record });
  }
  if (answer.view.terminal) $("turn").focus?.();
}

async function runComputers(generation) {
  while (generation === page.generation && page.view && !page.view.terminal && !page.busy &&
         !page.replay && !page.paused) {
    const view = page.view;
    const p = view.current_player;
    if (page.module.reactions && page.reactPending) {
      // computer seats may act out of turn first (a Bolonki challenge)
      page.reactPending = false;
      if (view.seats.some((seat) => seat !== "human")) {
        page.busy = true;
        const answer = await engine.request("react", {});
        if (generation !== page.generation) return;
        page.busy = false;
        if (answer.ok && answer.played !== undefined) {
          await showMove(answer, generation);
          continue;
        }
      }
    }
    // a view may hold the computers back while people can still react (its own button
    // or countdown calls ctx.resume)
    if (page.module.holdComputers?.(view)) return;
    let op = null;
    // A person may throw for himself (the view shows how); everything else is automatic.
    if (p === CHANCE) op = page.module.waitsForThrow?.(view) ? null : "throw";
    else if (view.seats[p] !== "human") op = "bot";
    if (!op) return;
    page.busy = true;
    refreshTable();
    const demo = view.seats.every((seat) => seat !== "human");
    const wait = demo ? Number($("demo-speed").value) : BOT_PAUSE_MS;
    await new Promise((resolve) => setTimeout(resolve, reducedMotion.matches ? 0 : wait));
    if (page.paused || page.replay || generation !== page.generation) {
      page.busy = false;
      if (generation === page.generation) refreshTable();
      return;
    }
    const asked = performance.now();
    const answer = await engine.request(op, { budget: 0.8 });
    if (op === "bot") performance.measure("ludoteca:bot-move", { start: asked }); // for bench/
    if (generation !== page.generation) return;
    if (!answer.ok) {
      page.busy = false;
      showError(answer.error);
      return;
    }
    await showMove(answer, generation);
  }
}

// --- log -------------------------------------------------------------------------------------
function renderLogEntry(entry) {
  const item = document.createElement("li");
  item.dataset.ply = entry.ply;
  const move = document.createElement("code");
  move.textContent = entry.move;
  const text = page.module.narrate(entry, { t, players: players() }).join(" ");
  const jump = document.createElement("button");
  jump.type = "button";
  jump.className = "log-jump";
  jump.setAttribute("aria-label", t("replay.goto", { ply: entry.ply }));
  jump.textContent = "⟲";
  jump.addEventListener("click", () => replayTo(entry.ply));
  item.append(move, " ", text, " ", jump);
  const log = $("log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

function renderLog() {
  $("log").replaceChildren();
  page.log.forEach(renderLogEntry);
}

async function refreshHistory() {
  const answer = await engine.request("history");
  if (answer.ok) page.log = answer.history;
  renderLog();
}

// --- undo, redo, replay ------------------------------------------------------------------------
/** Ask the engine to change the game's course (undo, redo, truncate); show where it is. */
async function changeCourse(op, fields = {}) {
  if (page.busy || !page.view) return;
  const generation = page.generation;
  page.busy = true;
  const answer = await engine.request(op, fields);
  page.busy = false;
  if (generation !== page.generation) return;
  if (!answer.ok) {
    showError(answer.error);
    return refreshTable();
  }
  showError(null);
  page.view = answer.view;
  page.partials = [];
  page.replay = null;
  page.paused = false;
  storage.saveGame(page.gameId, page.view);
  await refreshHistory();
  refreshTable();
  runComputers(generation);
}

async function replayTo(ply) {
  if (page.busy || !page.view) return;
  const length = page.view.length ?? page.view.ply;
  ply = Math.max(0, Math.min(length, ply));
  if (ply === length) {
    page.replay = null; // back to the game as it stands
    refreshTable();
    return runComputers(page.generation);
  }
  const answer = await engine.request("goto", { ply });
  if (!answer.ok) return showError(answer.error);
  page.replay = answer.view;
  refreshTable();
}

function setUpHistory() {
  $("undo").addEventListener("click", () => changeCourse("undo"));
  $("redo").addEventListener("click", () => changeCourse("redo"));
  const at = () => (page.replay ? page.replay.ply : page.view?.length ?? 0);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo(at() - 1));
  $("replay-next").addEventListener("click", () => replayTo(at() + 1));
  $("replay-last").addEventListener("click", () => replayTo(Infinity));
  $("replay-slider").addEventListener("input", (e) => replayTo(Number(e.target.value)));
  $("replay-continue").addEventListener("click", () => {
    if (page.replay) changeCourse("truncate", { ply: page.replay.ply });
  });
  $("demo").addEventListener("click", () => {
    const strongest = BUILD.games[page.gameId].levels.at(-1);
    for (const select of $("setup-seats").querySelectorAll("select")) select.value = strongest;
    newGame();
  });
  $("demo-pause").addEventListener("click", () => {
    page.paused = !page.paused;
    refreshTable();
    if (!page.paused) runComputers(page.generation);
  });
}

// --- share, download, open -----------------------------------------------------------------------
function shareStatus(text) {
  $("share-status").textContent = text;
}

async function copyLink() {
  const answer = await engine.request("link");
  if (!answer.ok) return showError(answer.error);
  const url = `${location.origin}${location.pathname}#/${page.gameId}?g=${answer.link}`;
  $("share-status").dataset.link = url;
  try {
    await navigator.clipboard.writeText(url);
    shareStatus(t("share.copied", { n: url.length }));
  } catch {
    shareStatus(t("share.copy_this", { url }));
  }
}

function downloadRecord() {
  const file = new Blob([JSON.stringify(page.view.record, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = `ludoteca-${page.gameId}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  shareStatus(t("share.downloaded"));
}

async function openRecordFile(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    return showError({ code: "bad_file" });
  }
  const game = record && typeof record === "object" ? record.game : null;
  if (game !== page.gameId) {
    return showError({ code: "wrong_game_file", params: { game: String(game) } });
  }
  const answer = await engine.request("load", { record });
  if (!answer.ok) return showError(answer.error); // the game on the table stays as it was
  page.generation++;
  showError(null);
  await showLoaded(answer.view);
  shareStatus(t("share.opened"));
}

function setUpSharing() {
  $("share-link").addEventListener("click", copyLink);
  $("download").addEventListener("click", downloadRecord);
  $("open-file").addEventListener("change", (event) => {
    const [file] = event.target.files;
    if (file) openRecordFile(file);
    event.target.value = "";
  });
}



// --- language and routing ---------------------------------------------------------------------
async function changeLanguage(code) {
  await i18n.setLanguage(code, { remember: true });
  applyLanguage();
}

function applyLanguage() {
  i18n.translate();
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === i18n.lang));
  }
  document.title = t("app.title");
  renderNotice();
  $("manifest").href = `manifest.${i18n.lang}.webmanifest`;
  showEngineStatus(engineStatus);
  renderHome();
  if (page.gameId) {
    $("game-title").textContent = t(`game.${page.gameId}.name`);
    $("game-tagline").textContent = t(`game.${page.gameId}.tagline`);
    renderSetup();
    if (page.view) {
      refreshTable();
      renderLog();
    } else {
      page.board.draw({ ...BUILD.games[page.gameId].preview, steps: [] });
    }
  }
  updateNewGameButton();
}

function route() {
  const [id, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const link = new URLSearchParams(query).get("g");
  if (link) {
    page.link = link;
    if (id === page.gameId && page.engineReady) return startOrResume();
  }
  const playable = id in GAME_VIEWS && id in BUILD.games;
  $("home").hidden = playable;
  $("play").hidden = !playable;
  if (playable && id !== page.gameId) {
    page.generation++;
    openGame(id);
  } else if (!playable) {
    page.generation++;
    page.gameId = null;
    page.view = null;
    document.title = t("app.title");
  }
}

// --- links, embedding ---------------------------------------------------------------------
function seatCount(game, options) {
  const defaults = Object.fromEntries(
    Object.entries(BUILD.games[game].options).map(([name, spec]) => [name, spec.default]));
  return GAME_VIEWS[game].players({ ...defaults, ...options }, t).length;
}

function renderNotice() {
  const problems = page.params?.problems || [];
  $("notice").hidden = problems.length === 0;
  $("notice").textContent = problems.map((p) => t(p.key, p.params)).join(" ");
}

function currentChoices() {
  return { game: page.gameId, options: readOptions(), seats: readSeats() };
}

function updateOpenFullLink() {
  const link = $("open-full");
  link.hidden = !inFrame;
  link.href = `${location.pathname}?${writeParams({ ...currentChoices(), lang: i18n.lang })}`;
}

async function main() {
  page.params = readParams(location.search, BUILD.games, seatCount);
  if (page.params.embed) {
    document.body.classList.add("embed");
    storage.stopSaving();
  }
  if (inFrame) document.body.classList.add("framed");
  if (page.params.game && !location.hash.replace(/^#\/?/, "")) {
    history.replaceState(null, "", `#/${page.params.game}`);
  }
  await i18n.setLanguage(page.params.lang || i18n.preferredLanguage());
  setUpEmbedDialog(currentChoices);
  $("rules-open").addEventListener("click", () => openRules(page.gameId, readOptions()));
  setUpHistory();
  setUpSharing();
  setUpDisplay();
  listenToParent({
    "new-game": () => page.engineReady && page.gameId && newGame(),
    "set-language": (data) => i18n.LANGUAGES.includes(data.lang) && changeLanguage(data.lang),
  });
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.addEventListener("click", () => changeLanguage(b.dataset.lang));
  }
  $("engine-retry").addEventListener("click", () => location.reload());
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  applyLanguage();
  registerServiceWorker((reload) => {
    $("update").hidden = false;
    $("update-reload").onclick = reload;
  });
  addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "true";
}

main();
