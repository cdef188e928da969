// The projector window: the game page at #/<game>?projector=<channel>, opened by a
// presenter's window (presenter.js). It shows nothing but the table, in the projector look,
// and follows the presenter's table (mirror.js); a move a pupil makes on it is sent back.
// While a presenter leads, this window plays no computer's move and no automatic throw (the
// presenter's engine does, and they arrive as its record), and a puzzle's verdict stays
// hidden until the teacher reveals it. Opened alone, or once the presenter has gone, it says
// so and plays on by itself.
import { t } from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { session } from "../table/session.js";
import { holdTurnsWhen, resumeTurns } from "../table/table.js";
import { openLink } from "./present-link.js";
import { createFollower, sameGame, tableState } from "./mirror.js";

const ALONE_AFTER_MS = 2500; // a presenter's window answers at once: none by then, none there

let link = null;
let presenter = null; // the window followed
let following = false;
let follower = null;
let lastHeard = null; // the presenter's last table
let lastSent = null;
let screen = {}; // what the presenter shows the class beyond the board
let aloneTimer = 0;
let channelId = "";

export function projectorOn() {
  return link !== null;
}

/** Become the projector window of `channel`. */
export function startProjector(channel) {
  channelId = channel;
  document.body.classList.add("projector", "projector-window");
  $("projector")?.setAttribute("aria-pressed", "true");
  buildOverlay();
  follower = createFollower({ keep: `projector=${channel}` });
  holdTurnsWhen((view) => following && !view.scripted);
  link = openLink(channel, "projector", hear);
  link.send("hello");
  aloneTimer = setTimeout(showAlone, ALONE_AFTER_MS);
  // the table is redrawn after every change: follow on, or tell the presenter a pupil's move
  new MutationObserver(() => tableChanged()).observe($("turn"),
    { childList: true, subtree: true, characterData: true });
  addEventListener("keydown", (event) => {
    if (!link || event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.key === "f" || event.key === "F") toggleFullscreen();
  });
  document.addEventListener("fullscreenchange", showFullscreenButton);
}

function hear(message) {
  if (message.role !== "presenter") return;
  const ours = message.from === presenter;
  if (message.type === "hello" && (!presenter || ours)) {
    link.send("welcome");
    connect(message.from);
  } else if (message.type === "welcome" && !presenter) {
    connect(message.from);
  } else if (!ours) {
    return; // another presenter's (the channel's first one leads)
  } else if (message.type === "state") {
    lastHeard = message.table;
    screen = message.screen || {};
    if (message.table) follower.follow(message.table);
    showScreen();
  } else if (message.type === "hint") {
    const hint = $("hint-open");
    if (hint && !hint.disabled) hint.click();
  } else if (message.type === "bye") {
    presenterGone();
  }
}

function connect(from) {
  presenter = from;
  following = true;
  clearTimeout(aloneTimer);
  document.body.classList.add("following");
  $("projector-said").hidden = true;
}

/** The presenter's window has closed: this one goes on by itself, nothing lost. */
function presenterGone() {
  presenter = null;
  following = false;
  document.body.classList.remove("following", "answer-hidden", "screen-review");
  say(t("presenter.projector.gone", { channel: channelId }), t("presenter.projector.ok"),
    () => { $("projector-said").hidden = true; });
  resumeTurns();
}

/** No presenter answered: say so, and offer to play here as an ordinary game page. */
function showAlone() {
  if (presenter) return;
  say(t("presenter.projector.alone", { channel: channelId }), t("presenter.projector.alone_play"),
    stopProjector);
}

/** Leave the projector role: this window becomes an ordinary game page. */
function stopProjector() {
  clearTimeout(aloneTimer);
  link?.close();
  link = null;
  following = false;
  presenter = null;
  document.body.classList.remove("projector-window", "following", "answer-hidden",
    "screen-review");
  $("projector-said").hidden = true;
  $("projector-full").hidden = true;
  if (session.gameId) history.replaceState(null, "", `${location.pathname}${location.search}#/${session.gameId}`);
  resumeTurns();
}

function tableChanged() {
  if (!link) return;
  follower.retry();
  if (!following || follower.busy()) return;
  showScreen(); // the review of the game now on the table, the lens of its view
  const own = tableState();
  // a pupil's move on this window (never an echo of what the presenter sent)
  if (!own || sameGame(own, lastHeard) || sameGame(own, lastSent)) return;
  lastSent = own;
  link.send("state", { table: own });
}

/** What the presenter shows the class beyond the board, once this table shows its game:
 * looked at again on every change (a new move closes a review; a new game redraws a lens). */
function showScreen() {
  if (!following) return;
  const { review = false, lenses = {}, revealed = false } = screen;
  // a puzzle's verdict waits for the teacher (a lesson's is the class's at once)
  document.body.classList.toggle("answer-hidden",
    !revealed && lastHeard?.coach?.kind === "puzzle");
  document.body.classList.toggle("screen-review", review);
  // the review and the lens of the presenter's game, not of one this window is leaving
  if (session.busy || !sameGame(tableState(), lastHeard)) return;
  const reviewOpen = !$("review").hidden;
  if (review !== reviewOpen) $(review ? "review-open" : "review-close")?.click();
  for (const [action, open] of Object.entries(lenses)) {
    const lens = [...$("game-controls").querySelectorAll("button[aria-expanded]")]
      .find((b) => b.dataset.action === action);
    if (lens && (lens.getAttribute("aria-expanded") === "true") !== open) lens.click();
  }
}

// --- what this window says of itself ---------------------------------------------------------
function buildOverlay() {
  const said = document.createElement("div");
  said.id = "projector-said";
  said.className = "projector-said";
  said.setAttribute("role", "alert");
  said.hidden = true;
  const full = button("", toggleFullscreen, "secondary projector-full");
  full.id = "projector-full";
  full.setAttribute("aria-keyshortcuts", "F");
  // in the column of words beside the board, under the scores: floating at the screen's
  // foot it covered the board's corner
  document.body.append(said);
  $("scores").after(full);
  // where the verdict would be, while the teacher keeps it for later
  const waiting = document.createElement("p");
  waiting.id = "answer-waiting";
  waiting.className = "answer-waiting";
  $("turn").after(waiting);
  labels();
  showFullscreenButton();
}

function labels() {
  $("projector-full").textContent = t("presenter.projector.fullscreen");
  $("answer-waiting").textContent = t("presenter.projector.waiting");
}

function say(text, action, onAction) {
  const box = $("projector-said");
  const words = document.createElement("p");
  words.textContent = text;
  box.replaceChildren(words, button(action, onAction, "primary"));
  box.hidden = false;
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}

function showFullscreenButton() {
  $("projector-full").hidden = !document.fullscreenEnabled || Boolean(document.fullscreenElement);
}

/** Say it again in the language of the moment. */
export function refreshProjector() {
  if (link) labels();
}
