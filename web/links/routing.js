// Routing: which page the address shows (#/ home, #/<game>, #/<game>?g=<link>, a lesson
// step #/<game>?learn=<n> or a puzzle #/<game>?puzzle=<id | day>), and what a game page
// starts with: the lesson or puzzle, else a shared link, else the saved game, else a new game.
import { BUILD } from "../build-info.js";
import { t } from "../kit/i18n.js";
import { GAME_VIEWS } from "../games/index.js";
import * as storage from "../table/storage.js";
import { inFrame } from "./embed.js";
import { session, dropGame, load } from "../table/session.js";
import { setUrlParams, urlChoices } from "../table/setup.js";
import {
  openGame, newGame, showLoaded, showError, closeBoard, showCoached,
} from "../table/table.js";
import { coachWanted, coaching, openCoached, stop as stopCoach } from "../teach/coach-door.js";
import { editorWanted, editingNow, openEditor, stopEditor } from "../teach/editor-door.js";
import { readOptions } from "../table/setup.js";
import { keepSavedGame, hideKeptNotice } from "../table/kept.js";
import { $ } from "../kit/dom.js";
import { pageFor, showPage, closePage } from "./pages.js";
import { optionsIn } from "./params.js";
import { matchWanted, openMatch } from "../class/match.js";


let params = null; // what the URL's query asked for (params.js)
let pendingLink = null; // a shared link's code waiting for the engine
let usedUrlChoices = false;
let hashChoices = false; // the URL's set-up came from the hash (choicesAsked), not the `?` query

export function setParams(value) {
  params = value;
}

/** Open a shared link, else resume the saved game, else start a new one. */
export async function startOrResume() {
  const id = session.gameId;
  // this address supersedes whatever the one before was still opening: a puzzle whose answer
  // comes after the set-up mode was asked for must not take the table back
  const generation = ++session.generation;
  const wanted = coachWanted(addressed().query);
  if (wanted) {
    stopEditor();
    return openCoached(id, wanted, leaveBadAddress);
  }
  if (coaching()) stopCoach();
  const editing = editorWanted(addressed().query);
  if (editing) { // the set-up mode of the options the address names (a plan's `players=2`)
    const options = { ...readOptions(), ...optionsIn(addressed().query, BUILD.games[id]) };
    return openEditor(id, options, editing, leaveBadAddress);
  }
  if (editingNow()) stopEditor();
  const match = matchWanted(addressed().query);
  if (match) {
    const show = (view) => (generation === session.generation ? showLoaded(view) : null);
    return openMatch(id, match, { show, bad: leaveBadAddress });
  }
  if (pendingLink) {
    const link = pendingLink;
    pendingLink = null;
    const answer = await load({ link, game: id }); // a link of another game is refused
    if (!answer || generation !== session.generation) return;
    const game = answer.error?.params?.game;
    if (answer.error?.code === "wrong_game_link" && Object.hasOwn(GAME_VIEWS, game)) {
      location.hash = `#/${game}?g=${link}`; // open it on its own game's page
      return;
    }
    history.replaceState(null, "", `${location.pathname}${location.search}#/${id}`);
    if (answer.ok) {
      if (saving()) keepSavedGame(id, answer.view.record);
      return showLoaded(answer.view);
    }
    showError(answer.error);
    return newGame(answer.error);
  }
  // the URL's own set-up starts a new game once; coming back to the page resumes
  let fresh = !usedUrlChoices && urlChoices() &&
    (Object.keys(params.options).length || params.seats);
  if (fresh && hashChoices) {
    // a link of the site's own asks for rules, not for a new game: a saved game of those
    // rules goes on (the plan's "Open the board" twice, the print kit's way back)
    if (savedGameOf(id, params.options)) fresh = false;
    // taken: the address is the table's own again, so a reload resumes, never restarts
    history.replaceState(null, "", `${location.pathname}${location.search}#/${id}`);
  }
  if (urlChoices()) usedUrlChoices = true;
  if (fresh && saving()) keepSavedGame(id); // the URL's set-up starts anew: keep both
  let saved = null;
  if (saving() && !fresh) {
    try {
      saved = storage.loadSavedGame(id);
    } catch {
      storage.keepAside(id);
      return newGame({ code: "corrupt_save" });
    }
  }
  if (saved && saved.record.moves.length) {
    const answer = await load(saved);
    if (!answer || generation !== session.generation) return;
    if (answer.ok) return showLoaded(answer.view);
    storage.keepAside(id); // never overwritten: kept under another key
    return newGame({ code: "corrupt_save" });
  }
  if (generation === session.generation) newGame();
}

/** Whether this copy's saved game of `id` has moves and is played with `options`. */
function savedGameOf(id, options) {
  if (!saving()) return false;
  try {
    const saved = storage.loadSavedGame(id);
    return Boolean(saved?.record.moves.length) && Object.entries(options)
      .every(([name, value]) => saved.record.options?.[name] === value);
  } catch {
    return false; // a broken save is set aside below
  }
}

/** A lesson step or puzzle the address named does not exist: say so over the game's own
 * page. */
async function leaveBadAddress(error) {
  history.replaceState(null, "", `${location.pathname}${location.search}#/${session.gameId}`);
  await startOrResume();
  showError(error);
}

/** Whether this copy saves games: not when embedded (embed=1, or inside any frame). */
function saving() {
  return !params.embed && !inFrame;
}

/** What the address's hash names: {id} of the page (a game, or "" for home) and its query. */
export function addressed() {
  const [id, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  return { id, query };
}

/** The games this site can play: a view and a catalogue entry. */
export function playableGames() {
  return Object.keys(GAME_VIEWS).filter((id) => Object.hasOwn(BUILD.games, id));
}

export function route() {
  const { id, query } = addressed();
  const page = pageFor(id, playableGames());
  if (page) return routeToPage(page, query);
  closePage();
  const link = new URLSearchParams(query).get("g");
  if (link) {
    pendingLink = link;
    if (id === session.gameId && session.engineReady) return startOrResume();
  }
  const playable = Object.hasOwn(GAME_VIEWS, id) && Object.hasOwn(BUILD.games, id);
  const asked = playable && choicesAsked(id, query); // a set-up the address names
  $("home").hidden = playable;
  $("play").hidden = !playable;
  document.body.classList.toggle("at-table", playable); // the page becomes the table
  if (playable && (id !== session.gameId || asked)) { // another game, or a new set-up
    dropGame();
    openGame(id);
    if (session.engineReady) startOrResume();
  } else if (playable && session.engineReady && (coachWanted(query) || coaching() ||
             editorWanted(query) || editingNow() || matchWanted(query))) {
    startOrResume(); // into a lesson, a puzzle, the set-up mode or a match, or out of them
  } else if (!playable) {
    leaveTheTable();
  }
}

/** The game's options the address's hash names for the table itself (`#/bul?variant=puluc`:
 * the teacher's notes, the print kit's way back, the fairness lab write them there), as the
 * set-up a fresh game starts with, exactly as the `?` query's (`?game=bul&variant=puluc`).
 * A lesson, a puzzle, the set-up mode or a match reads its own part of the address. */
function choicesAsked(id, query) {
  if (coachWanted(query) || editorWanted(query) || matchWanted(query)) return false;
  if (new URLSearchParams(query).has("g")) return false; // a shared game carries its own
  const options = optionsIn(query, BUILD.games[id]);
  if (!Object.keys(options).length) return false;
  const same = params.game === id;
  params = { ...params, game: id, options, seats: same ? params.seats : null,
    level: same ? params.level : null };
  setUrlParams(params);
  usedUrlChoices = false;
  hashChoices = true;
  return true;
}

/** A page beside the table (pages.js): the table and the home page step aside. */
function routeToPage(page, query) {
  $("home").hidden = true;
  $("play").hidden = true;
  document.body.classList.remove("at-table");
  leaveTheTable();
  return showPage(page, query);
}

function leaveTheTable() {
  closeBoard();
  stopCoach();
  stopEditor();
  hideKeptNotice();
  dropGame();
  session.gameId = null;
  document.title = t("app.title");
}
