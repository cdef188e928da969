// Presenting to a class: *Present* (the table's tools) opens the board in a second window
// for the projector (projector.js) and turns this window into the presenter's, which keeps
// every control: the set-up (new game, who plays, the demo), undo, the replay and the review
// (its key moments), the view's own lenses (Bul's bean odds), a hint or the review shown to
// the class, a puzzle on the screen with its verdict kept back until the teacher reveals it.
// The two windows stay in step through a BroadcastChannel (present-link.js, mirror.js):
// this window leads; a pupil's move on the projector's board comes back and is played here.
// Addresses: this window #/<game>?present=<channel>, the projector's
// #/<game>?projector=<channel>. Shortcuts (listed in the bar): N next, R reveal, P pause,
// H hint, V review, U undo, L lens.
import { t } from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { session } from "../table/session.js";
import { addressed } from "../links/routing.js";
import { isChannelId, newChannelId, openLink } from "./present-link.js";
import { createFollower, movesOn, tableState } from "./mirror.js";
import { projectorOn, refreshProjector, startProjector } from "./projector.js";
import { keepHintRoom } from "./hint-room.js";

let link = null;
let channelId = "";
let follower = null;
const projectors = new Set(); // the projector windows in step with this one
let everConnected = false;
let screen = { review: false, lenses: {}, revealed: false }; // what the class is shown
let revealedFor = ""; // the game and moves the verdict was revealed for
let lastSent = "";
let blocked = false; // the browser refused to open the projector's window
let projectorWindow = null;
let presentedGame = null; // the game the projector's window opens (its page may be loading)

/** The address of a projector window of `channel` for `game`. */
function projectorAddress(game, channel) {
  return `${location.pathname}#/${game}?projector=${channel}`;
}

let showNotes = null; // (container, game) → draws the teacher's notes, compact (teacher.js)

/** Start the role an address asks for, and follow the address. Call once, when this module
 * is fetched (present-button.js: the Present button, a role's address).
 * `notes(container, game)` draws the game's notes for teachers in the presenter's bar. */
export function setUpPresenting({ notes = null } = {}) {
  showNotes = notes;
  keepHintRoom(); // the projector window's hint beside the board
  labels();
  startFromAddress();
  addEventListener("hashchange", () => {
    startFromAddress();
    setTimeout(keepRoleInAddress); // once the page's own routing has opened what it names
  });
  addEventListener("keydown", shortcut);
}

/** `?present=K` or `?projector=K` in the address: the role it names, once. */
function startFromAddress() {
  const query = new URLSearchParams(addressed().query);
  if (link || projectorOn()) return;
  for (const [name, start] of [["projector", startProjector], ["present", startPresenter]]) {
    if (!query.has(name)) continue;
    const channel = query.get(name);
    if (isChannelId(channel)) return start(channel, false);
    // a link typed or cut short: said, and the page goes on as an ordinary game page
    return tell(t("presenter.bad_channel", { channel: channel.slice(0, 40) }));
  }
}

/** A lesson's or puzzle's own links drop the query: the role's part is put back. */
function keepRoleInAddress() {
  if (!link || !session.gameId) return;
  const { id, query } = addressed();
  const params = new URLSearchParams(query);
  if (params.get("present") === channelId || id !== session.gameId) return;
  params.set("present", channelId);
  history.replaceState(null, "", `${location.pathname}${location.search}#/${id}?${params}`);
}

/** The Present button: start presenting (or open the projector's window again). */
export function presentPressed() {
  if (!session.gameId) return;
  if (!link) startPresenter(newChannelId(), true);
  else openProjectorWindow();
}

function startPresenter(channel, openWindow, game = session.gameId) {
  channelId = channel;
  presentedGame = game;
  link = openLink(channel, "presenter", hear);
  follower = createFollower({ keep: `present=${channel}`, movesOnly: true });
  document.body.classList.add("presenting");
  buildBar();
  keepRoleInAddress();
  link.send("hello");
  if (openWindow) openProjectorWindow();
  new MutationObserver(() => tableChanged()).observe($("turn"),
    { childList: true, subtree: true, characterData: true });
  $("demo-speed").addEventListener("change", () => sendState());
  // the view's own lenses (a disclosure in its panel, e.g. Bul's bean odds) open on the
  // projector too
  new MutationObserver(() => lensesChanged()).observe($("game-controls"),
    { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-expanded"] });
  // the teacher's own review closed (its button, a new move): the class's closes too
  new MutationObserver(() => {
    if (screen.review && $("review").hidden) review();
  }).observe($("review"), { attributes: true, attributeFilter: ["hidden"] });
  renderBar();
}

function hear(message) {
  if (!link) return;
  if (message.role === "presenter") {
    if (message.type === "hello") link.send("taken", { to: message.from });
    else if (message.type === "taken" && message.to === link.id) refused();
    return;
  }
  if (message.type === "hello") {
    link.send("welcome");
    joined(message.from);
  } else if (message.type === "welcome") {
    joined(message.from);
  } else if (message.type === "bye") {
    projectors.delete(message.from);
    renderBar();
  } else if (message.type === "state" && projectors.has(message.from)) {
    // a pupil's move on the projector's board: played here; anything else is answered with
    // this window's table (this one leads)
    const own = tableState();
    if (message.table && movesOn(own, message.table) > 0) follower.follow(message.table);
    else sendState(true);
  }
}

function joined(from) {
  projectors.add(from);
  everConnected = true;
  renderBar();
  sendState(true);
}

/** Another window presents on this channel already: this one stays an ordinary page. */
function refused() {
  const channel = channelId;
  stopPresenting();
  tell(t("presenter.refused", { channel }), true);
}

/** A word in the bar's place (no presenting here): with a way to present on a new channel. */
function tell(text, offerNew = false) {
  const bar = barElement();
  bar.hidden = false;
  bar.dataset.state = "refused";
  bar.replaceChildren();
  const words = document.createElement("p");
  words.className = "presenter-refused";
  words.setAttribute("role", "alert");
  words.textContent = text;
  bar.append(words);
  if (offerNew) {
    bar.append(button(t("presenter.new_channel"), () => {
      bar.hidden = true;
      startPresenter(newChannelId(), true);
    }, "primary"));
  }
  bar.append(button(t("presenter.stay"), () => { bar.hidden = true; }, "secondary"));
}

function stopPresenting() {
  link?.close();
  link = null;
  projectors.clear();
  document.body.classList.remove("presenting");
  barElement().hidden = true;
  const { id, query } = addressed();
  const params = new URLSearchParams(query);
  if (params.has("present")) {
    params.delete("present");
    const rest = params.toString();
    history.replaceState(null, "", `${location.pathname}${location.search}#/${id}${rest ? `?${rest}` : ""}`);
  }
}

function openProjectorWindow() {
  if (projectorWindow && !projectorWindow.closed && projectors.size) {
    projectorWindow.focus(); // open already: opening it again would load it again
    return;
  }
  projectorWindow = window.open(projectorAddress(session.gameId || presentedGame, channelId),
    `ludoteca-projector-${channelId}`, "popup,width=1280,height=720");
  blocked = !projectorWindow;
  renderBar();
}

// --- in step ---------------------------------------------------------------------------------
function tableChanged() {
  if (!link) return;
  follower.retry();
  // a new move or another game, lesson step or puzzle: its verdict is the class's to be told
  const state = tableState();
  const key = state ? JSON.stringify([state.game, state.coach, state.moves]) : "";
  if (key !== revealedFor) screen.revealed = false;
  sendState();
  renderBar();
}

function sendState(force = false) {
  if (!link || !projectors.size) return;
  const table = tableState();
  if (!table && !force) return;
  const message = { table, screen: { ...screen } };
  const text = JSON.stringify(message);
  if (text === lastSent && !force) return;
  lastSent = text;
  link.send("state", message);
}

function lensesChanged() {
  if (!link) return;
  const lenses = {};
  for (const lens of lensButtons()) lenses[lens.dataset.action] = lens.getAttribute("aria-expanded") === "true";
  screen.lenses = lenses;
  sendState();
  renderBar();
}

/** The view's disclosures (its lenses): buttons of its panel that show or hide a part. */
function lensButtons() {
  return [...$("game-controls").querySelectorAll("button[aria-expanded][data-action]")]
    .filter((b) => !b.closest("[hidden]"));
}

// --- what the teacher does -------------------------------------------------------------------
const ACTIONS = {
  next: { key: "N", run: next },
  reveal: { key: "R", run: reveal },
  pause: { key: "P", run: () => clickIfOn("demo-pause") },
  hint: { key: "H", run: hint },
  review: { key: "V", run: review },
  undo: { key: "U", run: () => clickIfOn("undo") },
  lens: { key: "L", run: () => lensButtons()[0]?.click() },
  puzzle: { key: "Z", run: puzzle },
};

function clickIfOn(id) {
  const element = $(id);
  if (element && !element.disabled && !element.closest("[hidden]")) element.click();
}

/** The next thing: the lesson's next step, the next puzzle, or the replay's next move. */
function next() {
  const coachNext = document.querySelector(
    '#coach-buttons [data-coach="next-step"], #coach-buttons [data-coach="next-puzzle"]');
  if (coachNext) return coachNext.click();
  if (session.replay) clickIfOn("replay-next");
}

function reveal() {
  const state = tableState();
  screen.revealed = !screen.revealed;
  revealedFor = state ? JSON.stringify([state.game, state.coach, state.moves]) : "";
  sendState();
  renderBar();
}

function hint() {
  if (!link) return;
  clickIfOn("hint-open"); // the teacher sees it too
  link.send("hint");
}

function review() {
  screen.review = !screen.review;
  // the teacher's own review: its key moments jump both windows' replay there
  clickIfOn(screen.review ? "review-open" : "review-close");
  if ($("review").hidden) screen.review = false; // nothing to review yet
  sendState(true);
  renderBar();
}

function puzzle() {
  if (session.gameId) location.hash = `#/${session.gameId}?puzzle=day&present=${channelId}`;
}

function shortcut(event) {
  if (!link || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
  const at = event.target;
  if (at instanceof Element && at.closest("input, select, textarea, [contenteditable], dialog")) {
    return;
  }
  const key = event.key === "PageDown" ? "N" : event.key.toUpperCase();
  const action = Object.values(ACTIONS).find((a) => a.key === key);
  if (!action) return;
  event.preventDefault();
  action.run();
}

// --- the bar ---------------------------------------------------------------------------------
function barElement() {
  let bar = $("presenter");
  if (!bar) {
    bar = document.createElement("section");
    bar.id = "presenter";
    bar.className = "presenter";
    bar.hidden = true;
    bar.setAttribute("aria-labelledby", "presenter-title");
    $("setup-box").before(bar);
  }
  return bar;
}

function buildBar() {
  const bar = barElement();
  bar.hidden = false;
  delete bar.dataset.state;
  bar.innerHTML = `
    <div class="presenter-head">
      <h2 id="presenter-title" class="presenter-title"></h2>
      <p id="presenter-status" class="presenter-status" role="status"></p>
      <p id="presenter-keys" class="presenter-keys"></p>
      <div id="presenter-notes" class="presenter-notes"></div>
      <span class="presenter-head-buttons"></span>
    </div>
    <div class="presenter-row">
      <span id="presenter-controls-label" class="presenter-label"></span>
      <div id="presenter-controls" class="presenter-controls" role="group"
        aria-labelledby="presenter-controls-label"></div>
    </div>`;
  const headButtons = bar.querySelector(".presenter-head-buttons");
  const open = button("", openProjectorWindow, "secondary");
  open.id = "presenter-open";
  const stop = button("", stopPresenting, "secondary");
  stop.id = "presenter-stop";
  // on a phone (a teacher's remote) the controls fold under one button
  const more = button("", () => {
    const unfolded = bar.classList.toggle("unfolded");
    more.setAttribute("aria-expanded", String(unfolded));
  }, "secondary presenter-more");
  more.id = "presenter-more";
  more.setAttribute("aria-expanded", "false");
  more.setAttribute("aria-controls", "presenter-controls");
  headButtons.append(more, open, stop);
  const controls = $("presenter-controls");
  for (const [name, { key }] of Object.entries(ACTIONS)) {
    const made = button("", (event) => {
      ACTIONS[name].run();
      handBackKeys(event, made);
    }, "secondary");
    made.dataset.present = name;
    made.setAttribute("aria-keyshortcuts", key);
    controls.append(made);
  }
}

/** A button of the bar clicked with a pointer gives the focus back to the page: the game's own
 * keys (Space throws Bul's beans) act on the game, not on that button again. Pressed from the
 * keyboard (a click of detail 0) it keeps the focus, for whoever moves through the bar by Tab. */
function handBackKeys(event, made) {
  if (event?.detail > 0 && document.activeElement === made) made.blur();
}

function renderBar() {
  if (!link) return;
  const bar = barElement();
  $("presenter-title").textContent = t("presenter.title", { channel: channelId });
  const connected = projectors.size > 0;
  bar.dataset.state = connected ? "connected" : "waiting";
  const status = $("presenter-status");
  status.textContent = blocked ? t("presenter.status.blocked")
    : connected ? t("presenter.status.connected", { n: projectors.size })
      : everConnected ? t("presenter.status.closed") : t("presenter.status.waiting");
  status.dataset.connected = String(connected);
  if (blocked) {
    const address = document.createElement("a");
    address.href = projectorAddress(session.gameId || presentedGame, channelId);
    address.target = "_blank";
    address.textContent = t("presenter.status.address");
    status.append(" ", address);
  }
  $("presenter-open").textContent = t(connected ? "presenter.open_again" : "presenter.open");
  $("presenter-stop").textContent = t("presenter.stop");
  $("presenter-more").textContent = t("presenter.more");
  $("presenter-controls-label").textContent = t("presenter.controls");
  $("presenter-keys").textContent = t("presenter.keys");
  const lens = lensButtons()[0];
  const on = {
    reveal: screen.revealed, review: screen.review,
    lens: lens?.getAttribute("aria-expanded") === "true",
  };
  for (const made of $("presenter-controls").querySelectorAll("[data-present]")) {
    const name = made.dataset.present;
    const words = document.createElement("span");
    // the lens is the view's own button, named by the view
    words.textContent = name === "lens" && lens ? lens.textContent : t(`presenter.action.${name}`);
    const key = document.createElement("kbd");
    key.textContent = ACTIONS[name].key;
    made.replaceChildren(words, " ", key);
    if (name in on) made.setAttribute("aria-pressed", String(Boolean(on[name])));
  }
  $("presenter-controls").querySelector('[data-present="lens"]').hidden = !lens;
  $("presenter-controls").querySelector('[data-present="pause"]').hidden =
    $("demo-controls").hidden;
  renderNotesFolded();
}

/** The teacher's notes (the plan, the key questions and their links), folded to a button in
 * the bar's first line: opened, they lie over the table (presenter.css), whose board keeps
 * its room. */
function renderNotesFolded() {
  const box = $("presenter-notes");
  const game = session.gameId || presentedGame;
  if (!box || !showNotes || !game) return;
  let folded = box.querySelector("details");
  if (!folded) {
    folded = document.createElement("details");
    folded.append(document.createElement("summary"), document.createElement("div"));
    box.append(folded);
    // open, they lie over the table: Escape (or the toggle) folds them again, pressed in them
    // or after a click on their text (the focus is then on the page or its main part)
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !folded.open) return;
      const at = event.target;
      if (!(folded.contains(at) || at === document.body || at === $("main"))) return;
      event.stopPropagation();
      folded.open = false;
      folded.querySelector("summary").focus();
    });
  }
  // a short name in the bar's first line (a line of its own took the board 35 px); the
  // whole on hover
  const summary = folded.querySelector("summary");
  summary.textContent = t("presenter.notes.short");
  summary.title = t("presenter.notes");
  const inside = folded.querySelector("div");
  if (inside.dataset.game !== game || inside.dataset.lang !== document.documentElement.lang) {
    inside.dataset.game = game;
    inside.dataset.lang = document.documentElement.lang;
    showNotes(inside, game);
  }
}

function labels() {
  const present = $("present-open");
  if (present) {
    present.textContent = t("presenter.button");
    present.title = t("presenter.button_title");
  }
}

/** Say it all again in the language of the moment. */
export function refreshPresenting() {
  labels();
  renderBar();
  refreshProjector();
  sendState();
}

/** Whether this window presents. */
export function presenting() {
  return link !== null;
}

/** Present `game` from a click elsewhere (the teacher's notes): its table in this window,
 * the projector's window opened now (a browser opens one only in answer to a click). */
export function presentGame(game) {
  location.hash = `#/${game}`;
  if (!link) startPresenter(newChannelId(), true, game);
  else openProjectorWindow();
}

