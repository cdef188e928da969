// A class tournament's game on a pupil's device. The projector shows each game's match code
// with its two pupils; on any device the pupils open "Partida de torneo" (#/match), type the
// code, then their names in their seats as the projector shows them ("¿Quién juega?"), and
// press Play: the game's page opens at #/<game>?match=<code>, where the engine starts the game
// with the tournament's options, two people at the table and their names. The names are not
// in the code (it stays short to type): the pupils type them, which needs no network and no
// list of the class on the device. While the game is played the engine refuses hints,
// take-backs and the review (`match_playing`); at game over its view carries the result code,
// shown under the result, and from then on nothing changes it (`match_over`). A reload
// resumes the match's game, kept with its names under KEY (not the game's saved game, which
// opening a file or a link replaces).
import * as i18n from "../kit/i18n.js";
import { errorWords, seatPlayers } from "../kit/seats.js";
import { addPage } from "../links/pages.js";
import { ask } from "../table/session.js";
import { readJSON, remove, writeJSON } from "../kit/store.js";
import { button, el } from "../kit/dom.js";

const { t } = i18n;
const KEY = "ludoteca.match"; // {code, game, names, record}: the match on this device

let watchLanguage = null;

addPage("match", { open, close: () => watchLanguage?.disconnect(), forGames: false });

function open({ section, query }) {
  watchLanguage?.disconnect();
  const form = { typed: query.get("code") || "", read: null, names: ["", ""] };
  // the page is drawn in the reader's language: again when it changes (what is typed stays)
  watchLanguage = new MutationObserver(() => {
    form.typed = section.querySelector("#match-code")?.value ?? form.typed;
    form.names = [0, 1].map((p) => section.querySelector(`#match-name-${p}`)?.value ??
      form.names[p]);
    section.replaceChildren();
    draw(section, form);
  });
  watchLanguage.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  const kept = keptMatch();
  if (kept?.code && kept.code === form.typed.toUpperCase()) form.names = kept.names ?? form.names;
  draw(section, form);
  // an address with its code (a match page opened without names): straight to the names
  if (form.typed) readCode(section, form, { quiet: true });
}

function draw(section, form) {
  section.replaceChildren(form.read ? namesForm(section, form) : codeForm(section, form));
  section.querySelector("input")?.focus();
}

/** Step 1: the match code. */
function codeForm(section, form) {
  const box = el("form", { class: "match-form" });
  const title = el("h1", { text: t("match.title") });
  const help = el("p", { id: "match-help", text: t("match.help") });
  const label = el("label", { for: "match-code", text: t("match.code") });
  const input = el("input", { id: "match-code", autocomplete: "off", spellcheck: "false",
    autocapitalize: "characters", "aria-describedby": "match-help match-said" });
  input.value = form.typed;
  const next = el("button", { type: "submit", class: "primary", text: t("match.next_step") });
  box.append(title, label, input, next, said(), help); // the field and its button first
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    form.typed = input.value;
    readCode(section, form);
  });
  return box;
}

/** The code read by the engine: on to the names, or the reason it is refused. */
async function readCode(section, form, { quiet = false } = {}) {
  const answer = await ask("match", { code: form.typed });
  if (!answer.ok) {
    if (quiet) return; // an address's code: the field shows it, Next says what is wrong
    section.querySelector("#match-said").textContent = words(answer.error);
    section.querySelector("#match-code")?.focus();
    return;
  }
  const kept = keptMatch();
  if (kept?.code === answer.match.code && Array.isArray(kept.names)) form.names = kept.names;
  form.read = answer.match;
  draw(section, form);
}

/** Step 2: "who is playing?" — each pupil's name in the seat the projector shows them in. */
function namesForm(section, form) {
  const match = form.read;
  const box = el("form", { class: "match-form match-names" });
  const title = el("h1", { text: t("match.names_title") });
  const where = el("p", { class: "match-where", text: t("match.names_game", {
    round: match.round, board: match.game + 1, game: t(`game.${match.game_id}.name`) }) });
  const help = el("p", { id: "match-help", text: t("match.names_help") });
  const seats = seatPlayers(match.game_id, match.options, t);
  const fields = [0, 1].map((p) => {
    const label = el("label", { for: `match-name-${p}`, class: `match-seat p${p}`,
      text: t(p === 0 ? "match.seat_first" : "match.seat_name",
        { symbol: seats[p]?.symbol ?? "", seat: seats[p]?.name ?? "" }).trim() });
    const input = el("input", { id: `match-name-${p}`, autocomplete: "off", required: "",
      maxlength: "30", "aria-describedby": "match-help match-said" });
    input.value = form.names[p] ?? "";
    return [label, input];
  });
  const play = el("button", { type: "submit", class: "primary", text: t("match.play") });
  const back = button(t("match.change"), () => {
    form.read = null;
    draw(section, form);
  }, "secondary");
  box.append(title, where, ...fields.flat(), play, back, said(), help);
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    form.names = fields.map(([, input]) => input.value.trim());
    const kept = keptMatch();
    // the same match again (a device handed back): its game resumes, with these names
    const record = kept?.code === match.code ? kept.record : undefined;
    writeJSON(KEY, { code: match.code, game: match.game_id, names: form.names, record });
    location.hash = `#/${match.game_id}?match=${match.code}`;
  });
  return box;
}

function said() {
  const line = document.createElement("p");
  line.id = "match-said";
  line.setAttribute("role", "alert");
  return line;
}

function words(error) {
  return errorWords(t, i18n.has, error);
}

/** The match code a game's address names (`?match=`), else null. */
export function matchWanted(query) {
  return new URLSearchParams(query).get("match");
}

/** The match kept in the browser ({code, game, names, record}); null when none. */
function keptMatch() {
  const kept = readJSON(KEY, null);
  return kept && typeof kept === "object" ? kept : null;
}

/**
 * Start (or, after a reload, resume) the match `code` on game `id`'s page; `show(view)`
 * puts it on the table, `bad(error)` says why not over the game's own page. Without the
 * pupils' names (an address typed or shared) the match page asks them first.
 */
export async function openMatch(id, code, { show, bad }) {
  const kept = keptMatch();
  const same = kept?.code === code.toUpperCase() || kept?.code === code;
  if (!same || !Array.isArray(kept.names)) {
    location.hash = `#/match?code=${encodeURIComponent(code)}`;
    return;
  }
  const record = kept.game === id ? kept.record : undefined;
  const names = kept.names;
  let answer = await ask("match_new", { code, game: id, names, record });
  if (!answer.ok && record) answer = await ask("match_new", { code, game: id, names }); // anew
  if (!answer.ok) {
    const game = answer.error?.params?.game;
    if (answer.error?.code === "wrong_game_link" && game) {
      location.hash = `#/${game}?match=${code}`; // the code's own game's page
      return;
    }
    if (answer.error?.code !== "code_check" && answer.error?.code !== "code_version") {
      location.hash = `#/match?code=${encodeURIComponent(code)}`; // names to type again
      return;
    }
    return bad(answer.error);
  }
  keepMatch(answer.view);
  await show(answer.view);
}

/** The match's game kept as it stands (a reload resumes it); outside a match, nothing. Not
 * kept when storage is full or blocked: a reload then starts the match anew. */
export function keepMatch(view) {
  const kept = keptMatch();
  if (!view?.match || kept?.code !== view.match.code) return;
  writeJSON(KEY, { ...kept, game: view.game, record: view.record });
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

/**
 * The table during a tournament's game: who plays whom in their seats, the round and the
 * game's number, and why the help and take-backs are gone (the engine refuses them; the
 * body's classes `match-playing` / `match-over` hide their buttons). Outside a match:
 * nothing, and the classes go.
 */
export function renderMatch(view) {
  const match = view?.match;
  document.body.classList.toggle("match-playing", Boolean(match) && !match.result_code);
  document.body.classList.toggle("match-over", Boolean(match?.result_code));
  let banner = document.getElementById("match-banner");
  if (!match) {
    banner?.remove();
    return;
  }
  if (!banner) {
    banner = document.createElement("section");
    banner.id = "match-banner";
    banner.className = "match-banner";
    document.querySelector("#play .table")?.before(banner);
  }
  banner.setAttribute("aria-label", t("match.title"));
  document.getElementById("game-tagline").textContent = t("match.playing",
    { round: match.round, game: match.game + 1, code: match.code });
  const seats = seatPlayers(view.game, view.options, t);
  const where = document.createElement("strong");
  where.className = "match-where";
  where.textContent = t("match.board", { round: match.round, board: match.game + 1 });
  const pupil = (p) => {
    const who = document.createElement("span");
    who.className = `match-pupil p${p}`;
    who.dataset.seat = String(p);
    const seat = document.createElement("span");
    seat.className = "match-seat";
    seat.textContent = `${seats[p]?.symbol ?? ""} ${seats[p]?.name ?? ""}`.trim();
    const name = document.createElement("strong");
    name.className = "match-name";
    name.textContent = match.names?.[p] || seats[p]?.name || "";
    who.append(seat, " ", name);
    return who;
  };
  const versus = document.createElement("span");
  versus.className = "match-vs";
  // "{first} contra {second}": the words around the two pupils, in the reader's language
  const [before, between, after] = t("match.versus", { first: "\n", second: "\n" }).split("\n");
  versus.append(before ?? "", pupil(0), between ?? " ", pupil(1), after ?? "");
  const rules = document.createElement("p");
  rules.className = "match-rules";
  rules.id = "match-rules";
  rules.textContent = t(match.result_code ? "match.rules_over" : "match.rules_playing");
  const line = document.createElement("p");
  line.className = "match-line";
  line.append(where, " ", versus);
  banner.replaceChildren(line, rules);
  // whose turn it is, by name: "▲ Norte (Beto) — elige tu jugada"
  const badge = document.querySelector("#turn .player-badge");
  const mover = view.current_player === -1 ? view.observation?.to_move : view.current_player;
  if (badge && !view.terminal && match.names?.[mover] && !badge.querySelector(".match-name")) {
    const name = document.createElement("span");
    name.className = "match-name";
    name.textContent = ` (${match.names[mover]})`;
    badge.append(name);
  }
}
