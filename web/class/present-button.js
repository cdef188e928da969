// The Present button and the addresses of a presenter's or a projector's window
// (`?present=<channel>`, `?projector=<channel>`): start-up code. Presenting itself
// (presenter.js, projector.js, mirror.js) is fetched when a teacher presses Present, or when
// an address asks for a role (links/rooms.js): the button waits for it, so a click is never
// lost, and a failed fetch is said in words, the table left as it was.
import { t } from "../kit/i18n.js";
import { $, button } from "../kit/dom.js";
import { inFrame } from "../links/embed.js";
import { addressed } from "../links/routing.js";
import { room, sayFailed } from "../links/rooms.js";

const presenter = room(() => import("./presenter.js"));
let started = null; // presenter.js's module, once set up
let notesHook = null;

function start() {
  started ??= presenter().then((module) => {
    module.setUpPresenting({ notes: notesHook });
    sayFailed(true);
    return module;
  }).catch((error) => {
    started = null;
    sayFailed();
    throw error;
  });
  return started;
}

function asksForRole() {
  const query = new URLSearchParams(addressed().query);
  return query.has("present") || query.has("projector");
}

/** Add the Present button to the table's tools and, when the address names a role, start it
 * (resolves once it has). `notes(container, game)` draws the game's notes for teachers in
 * the presenter's bar. Call once. */
export function setUpPresenting({ notes = null } = {}) {
  notesHook = notes;
  const present = button("", () => start().then((module) => module.presentPressed(), () => {}),
    "secondary");
  present.id = "present-open";
  present.hidden = inFrame || document.body.classList.contains("embed") ||
    typeof BroadcastChannel !== "function";
  // with the other tools for the class, in the site's bar (the table's column keeps its row)
  const tools = document.querySelector(".class-tools") ?? document.querySelector(".table-tools");
  tools?.append(present);
  labels();
  addEventListener("hashchange", () => {
    if (!started && asksForRole()) start().catch(() => {});
  });
  return asksForRole() ? start().catch(() => {}) : Promise.resolve();
}

function labels() {
  const present = $("present-open");
  if (!present) return;
  present.textContent = t("presenter.button");
  present.title = t("presenter.button_title");
}

/** The page's language changed. */
export function refreshPresenting() {
  labels();
  started?.then((module) => module.refreshPresenting(), () => {});
}

/** Present `game` from a click elsewhere (the teacher's notes: presenter.js presentGame). */
export function presentGame(game) {
  start().then((module) => module.presentGame(game), () => {});
}
