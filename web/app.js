// The page's entry: reads the URL, starts the engine and wires the page's modules —
// home.js (cards), setup.js (the set-up form), session.js (the game as the engine sees it),
// table.js (board, turn loop), history.js (log, undo, replay), sharing.js, routing.js.
// It draws what the engine says and sends the steps people click; it never decides a rule.
import { BUILD } from "./build-info.js";
import * as i18n from "./kit/i18n.js";
import { $ } from "./kit/dom.js";
import { seatPlayers } from "./kit/seats.js";
import { manifestFollowsLanguage, registerServiceWorker } from "./engine/offline.js";
import { readParams, writeParams } from "./links/params.js";
import { inFrame, listenToParent } from "./links/embed.js";
import { setUpEmbedDialog } from "./links/embed-dialog.js";
import { setUpCoachFold } from "./links/coach-fold.js";
import { setUpHintFold } from "./links/hint-fold.js";
import { openRules } from "./teach/rules.js";
import * as storage from "./table/storage.js";
import { setUpDisplay } from "./table/display.js";
import { renderHome } from "./table/home.js";
import { spin } from "./engine/spinner.js";
import { ask, session, startEngine } from "./table/session.js";
import {
  readOptions, readSeats, renderSetup, renderSummaryLine, setUpFolding, setUrlParams,
  updateNewGameButton,
} from "./table/setup.js";
import {
  refreshTable, newGame, setUpTable, drawPreview, onGameStarted, showCoached, playForCoach,
  showError, drawForEditor, showLoaded, resumeTurns,
} from "./table/table.js";
import { refreshCoach, setUpCoach } from "./teach/coach-door.js";
import { editingNow, refreshEditor, setUpEditor } from "./teach/editor-door.js";
import { renderLog, replayTo } from "./table/history.js";
import { createReview } from "./teach/review.js";
import { createWhy } from "./teach/why.js";
import { setUpSharing } from "./links/sharing.js";
import { setUpKept } from "./table/kept.js";
import { setUpTeacherLink } from "./teach/teacher-link.js";
import { addressed, playableGames, route, setParams, startOrResume } from "./links/routing.js";
import { pageAddress, pageOnScreen } from "./links/pages.js";
import { addRoomPage, room } from "./links/rooms.js";
import "./class/match.js"; // a tournament's game (#/match)
import { refreshPresenting, setUpPresenting } from "./class/present-button.js";
import { setUpFairness } from "./labs/fairness-link.js";

// The rooms opened on demand (links/rooms.js): each a chunk of code and a part of the strings
// fetched when first opened — the home page and the table never wait for them.
const teacher = room(() => import("./teach/teacher.js"));
addRoomPage("teach", teacher);
addRoomPage("print", () => import("./teach/print.js"));
addRoomPage("class", () => import("./class/tournament.js"), { forGames: false });
addRoomPage("fairness", () => import("./labs/fairness.js"));

const { t } = i18n;
let params = null; // what the URL asked for

// --- engine --------------------------------------------------------------------------------
const STAGES = ["start", "runtime", "rules"];
let engineStatus = { state: "loading", stage: "start" };
startEngine(showEngineStatus); // at once: the worker loads while the page sets itself up

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
  keepRoomFor(box);
  spin(box.querySelector(".spinner"), status.state === "loading");
  const wasReady = session.engineReady;
  session.engineReady = status.state === "ready";
  updateNewGameButton();
  if (session.engineReady && !wasReady && session.gameId && !session.view) startOrResume();
}

/** The note floats over the foot of the screen: while it shows, the page keeps that much room
 * free below its content (and scrolling into view stops above it), so it never covers a
 * button (the home page's Learn and Puzzle were under it). */
function keepRoomFor(box) {
  const root = document.documentElement.style;
  if (box.hidden) root.removeProperty("--engine-room");
  else root.setProperty("--engine-room", `${Math.ceil(box.getBoundingClientRect().height) + 12}px`);
}

// --- language --------------------------------------------------------------------------------
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
  manifestFollowsLanguage();
  showEngineStatus(engineStatus);
  renderHome();
  if (pageOnScreen()?.name === "teach") {
    teacher().then((notes) => notes.refreshTeacher(), () => {}); // (on screen: it is here)
  }
  if (session.gameId) {
    $("game-title").textContent = t(`game.${session.gameId}.name`);
    $("game-tagline").textContent = t(`game.${session.gameId}.tagline`);
    renderSetup();
    renderSummaryLine();
    if (editingNow()) {
      refreshEditor();
    } else if (session.view) {
      refreshTable();
      renderLog();
      refreshCoach();
    } else {
      drawPreview();
    }
  }
  updateNewGameButton();
  refreshPresenting();
}

// --- links, embedding ---------------------------------------------------------------------
function seatCount(game, options) {
  const defaults = Object.fromEntries(
    Object.entries(BUILD.games[game].options).map(([name, spec]) => [name, spec.default]));
  return seatPlayers(game, { ...defaults, ...options }, t).length;
}

function renderNotice() {
  const problems = params?.problems || [];
  $("notice").hidden = problems.length === 0;
  $("notice").textContent = problems.map((p) => t(p.key, p.params)).join(" ");
}

/** The set-up form's choices for a link or an embed: an option left at "no value" (Bul's
 * road length `null` = the variant's own) is not written at all. */
function currentChoices() {
  const options = Object.fromEntries(
    Object.entries(readOptions()).filter(([, value]) => value !== null && value !== undefined));
  return { game: session.gameId, options, seats: readSeats() };
}

function updateOpenFullLink() {
  const link = $("open-full");
  link.hidden = !inFrame;
  link.href = `${location.pathname}?${writeParams({ ...currentChoices(), lang: i18n.lang })}`;
}

/** On narrow screens the move list (with replay and sharing) is a drawer one tap away. */
function setUpSideDrawer() {
  const toggle = $("side-open");
  const show = (open) => {
    document.body.classList.toggle("side-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => show(!document.body.classList.contains("side-open")));
  $("side").addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("side-open")) {
      show(false);
      toggle.focus();
    }
  });
  $("side-close").addEventListener("click", () => {
    show(false);
    toggle.focus();
  });
}

/** "Skip to content" moves the focus to the game (its board) or the home page's list; the
 * address stays as it is (an address of "#main" would be a page of its own). */
function setUpSkipLink() {
  document.querySelector(".skip").addEventListener("click", (event) => {
    event.preventDefault();
    if (session.gameId) focusTheGame();
    else $("main").focus();
  });
}

/** The focus on the game: the board's first offered step, else the board itself. */
function focusTheGame() {
  const target = document.querySelector("#board [data-step]") ||
    document.querySelector("#board svg");
  if (!target) return $("main").focus();
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

async function main() {
  params = readParams(location.search, BUILD.games, seatCount, addressed().id);
  setUrlParams(params);
  setParams(params);
  if (params.embed) document.body.classList.add("embed");
  // a copy inside another page (embed=1 or not) never writes into the site's storage
  if (params.embed || inFrame) storage.stopSaving();
  if (inFrame) document.body.classList.add("framed");
  // a SCORM package's frame: the platform records this activity, so no way out of it
  if (params.scorm && inFrame) document.body.classList.add("scorm");
  const lab = params.lab && pageAddress(params.lab, params.game, playableGames(),
    new URLSearchParams(Object.entries(params.options).map(([k, v]) => [k, String(v)])));
  if (params.lab && !lab) {
    params.problems.push({ key: "params.bad_value", params: { name: "lab", value: params.lab } });
  }
  if (lab) { // ?lab=beans, ?lab=fairness&game=bul&variant=puluc: a page beside the table
    history.replaceState(null, "", lab);
  } else if (params.coach) { // ?lesson=bakuk, ?puzzle=bakuk-12, ?puzzles=bakuk: the coach's address
    history.replaceState(null, "", `#/${params.game}?${params.coach}`);
  } else if (params.game && !location.hash.replace(/^#\/?/, "")) {
    history.replaceState(null, "", `#/${params.game}`);
  }
  await i18n.setLanguage(params.lang || i18n.preferredLanguage());
  setUpEmbedDialog(currentChoices);
  $("rules-open").addEventListener("click", () => openRules(session.gameId, readOptions()));
  setUpTable();
  // why a move is worth what it is: a line played on the board (review, hint, puzzle answer)
  const why = createWhy({ ask, t, session, refresh: refreshTable, resume: resumeTurns,
    side: $("side"), tools: document.querySelector(".table-tools") });
  setUpCoach({ show: showCoached, play: playForCoach, showError, focusBoard: focusTheGame,
    explain: why.explain });
  setUpCoachFold();
  setUpFairness();
  setUpEditor({ draw: drawForEditor, showError, play: showLoaded,
    analyse: () => $("hint-open")?.click() });
  setUpFolding();
  onGameStarted(updateOpenFullLink);
  setUpSharing();
  setUpSideDrawer();
  createReview({ ask, t, session, gotoPly: replayTo, side: $("side"), why,
    tools: document.querySelector(".table-tools"), watch: [$("turn"), $("replay-status")],
    hints: params.hints !== false, review: params.review !== false });
  setUpHintFold(); // after the review made the hint's box
  setUpKept();
  setUpTeacherLink();
  setUpDisplay();
  // a presenter's or projector's window: its role set up before the page routes (its window
  // holds the computers' turns)
  await setUpPresenting({ notes: (box, game) => teacher().then(
    (notes) => notes.renderNotes(box, game, { compact: true }),
    () => box.replaceChildren(t("room.failed"))) });
  listenToParent({
    "new-game": () => session.engineReady && session.gameId && newGame(),
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
  setUpSkipLink();
  addEventListener("hashchange", () => {
    const fromHome = !session.gameId;
    route();
    // from the home page into a game: the focus follows (a lesson focuses its goal itself)
    if (fromHome && session.gameId) focusTheGame();
  });
  route();
  document.body.dataset.ready = "true";
}

main();
