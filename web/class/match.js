// A class tournament's game on a pupil's device. The projector shows each game's match code;
// on any device the pupils open "Partida de torneo" (#/match), type the code and press Play:
// the game's page opens at #/<game>?match=<code>, where the engine starts the game with the
// tournament's options and two people at the table. At game over the engine's view carries
// the result code, shown under the result for the pupils to read out or show the teacher.
// A reload resumes the match's game (kept as the game's saved game, marked with its code).
import * as i18n from "../kit/i18n.js";
import { say } from "../kit/seats.js";
import { addPage } from "../links/pages.js";
import { ask } from "../table/session.js";
import * as storage from "../table/storage.js";
import { readJSON, remove, writeJSON } from "../kit/store.js";

const { t } = i18n;
const KEY = "ludoteca.match"; // {code, game}: the match whose game is the game's saved game

let watchLanguage = null;

addPage("match", { open, close: () => watchLanguage?.disconnect(), forGames: false });

function open({ section, query }) {
  watchLanguage?.disconnect();
  // the page is drawn in the reader's language: again when it changes (what is typed stays)
  watchLanguage = new MutationObserver(() => {
    const typed = section.querySelector("#match-code")?.value ?? "";
    section.replaceChildren();
    draw(section, typed);
  });
  watchLanguage.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  draw(section, query.get("code") || "");
}

function draw(section, typed) {
  const form = document.createElement("form");
  form.className = "match-form";
  const title = document.createElement("h1");
  title.textContent = t("match.title");
  const help = document.createElement("p");
  help.id = "match-help";
  help.textContent = t("match.help");
  const label = document.createElement("label");
  label.htmlFor = "match-code";
  label.textContent = t("match.code");
  const input = document.createElement("input");
  input.id = "match-code";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("autocapitalize", "characters");
  input.setAttribute("aria-describedby", "match-help match-said");
  input.value = typed;
  const play = document.createElement("button");
  play.type = "submit";
  play.className = "primary";
  play.textContent = t("match.play");
  const said = document.createElement("p");
  said.id = "match-said";
  said.setAttribute("role", "alert");
  form.append(title, label, input, play, said, help); // the field and its button first
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await ask("match", { code: input.value });
    if (!answer.ok) {
      said.textContent = words(answer.error);
      input.focus();
      return;
    }
    location.hash = `#/${answer.match.game_id}?match=${answer.match.code}`;
  });
  section.append(form);
  input.focus();
}

function words(error) {
  const key = `error.${error.code}`;
  return i18n.has(key) ? say(t, { key, params: error.params || {} }) : t("error.generic", error);
}

/** The match code a game's address names (`?match=`), else null. */
export function matchWanted(query) {
  return new URLSearchParams(query).get("match");
}


/** The match kept in the browser ({code, game}); null when none or unreadable. */
function keptMatch() {
  return readJSON(KEY, null);
}

/**
 * Start (or, after a reload, resume) the match `code` on game `id`'s page; `show(view)`
 * puts it on the table, `bad(error)` says why not over the game's own page.
 */
export async function openMatch(id, code, { show, bad }) {
  const kept = keptMatch();
  let record;
  if (kept?.code === code && kept.game === id) {
    try {
      record = storage.loadSavedGame(id)?.record;
    } catch { /* unreadable: the match starts anew (the save is left as it is) */ }
  }
  let answer = await ask("match_new", { code, game: id, record });
  if (!answer.ok && record) answer = await ask("match_new", { code, game: id }); // anew
  if (!answer.ok) {
    const game = answer.error?.params?.game;
    if (answer.error?.code === "wrong_game_link" && game) {
      location.hash = `#/${game}?match=${code}`; // the code's own game's page
      return;
    }
    return bad(answer.error);
  }
  // not kept when storage is full or blocked: a reload starts the match anew
  writeJSON(KEY, { code: answer.view.match.code, game: id });
  await show(answer.view);
  // under the game's name: which game of the tournament this is
  const { round, game } = answer.view.match;
  document.getElementById("game-tagline").textContent = t("match.playing",
    { round, game: game + 1, code: answer.view.match.code });
}

/** A game started on a match's page that is not the match's (the set-up form's "new
 * game"): the address and the browser forget the match, so a reload resumes this game as
 * the ordinary game it is. */
export function leaveMatch(view) {
  if (view?.match || !matchWanted(location.hash.split("?")[1] ?? "")) return;
  remove(KEY);
  history.replaceState(null, "", `${location.pathname}${location.search}#/${view.game}`);
}

/** A code as a screen reader should spell it: one symbol at a time ("T 0 4 R 2 0 F"). */
export function spelt(code) {
  return [...code.replaceAll("-", "")].join(" ");
}

/** A code drawn large, and spelt for screen readers. */
export function codeElement(code) {
  const shown = document.createElement("strong");
  shown.className = "code";
  shown.dataset.code = code;
  shown.textContent = code;
  shown.setAttribute("aria-hidden", "true");
  const heard = document.createElement("span");
  heard.className = "visually-hidden";
  heard.textContent = spelt(code);
  const both = document.createElement("span");
  both.append(shown, heard);
  return both;
}

/** The result code in words, for the announcement at game over ("" outside a match). */
export function matchWords(view) {
  const match = view?.match;
  if (!match?.result_code) return "";
  return `${t("match.result", { round: match.round, game: match.game + 1 })} ` +
    `${spelt(match.result_code)}. ${t("match.tell")}`;
}

/** What the table shows at game over in a match, in place of "play again": the result code,
 * large, in words, and the way to the next pair's match (the device is handed on). */
export function matchNote(view) {
  const match = view?.match;
  if (!match?.result_code) return null;
  const note = document.createElement("p");
  note.className = "match-result";
  note.id = "match-result";
  const where = document.createElement("span");
  where.textContent = t("match.result", { round: match.round, game: match.game + 1 });
  const code = codeElement(match.result_code);
  const tell = document.createElement("span");
  tell.textContent = t("match.tell");
  const next = document.createElement("button");
  next.type = "button";
  next.className = "primary";
  next.textContent = t("match.next");
  next.addEventListener("click", () => { location.hash = "#/match"; });
  note.append(where, " ", code, " ", tell, " ", next);
  return note;
}
