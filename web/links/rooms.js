// The rooms the page opens on demand (issue 45): their code is a chunk of its own (esbuild's
// code splitting, builder/bundle.py) and their strings a part of their own
// (builder/strings.py), fetched when a person first opens one — or earlier, from the
// service worker's cache, which fills in the background once the game is playable. The home
// page and the table never wait for them.
//
// A room's module exports `page` ({open, close}: pages.js) and `STRINGS` (the parts of the
// strings it shows). Opening one waits for both; the address that asked for it stays, so
// nothing a person did is lost, and a failed fetch is said in words with a way to try again.
import { needStrings, t } from "../kit/i18n.js";
import { button, el } from "../kit/dom.js";
import { addPage, pageOnScreen } from "./pages.js";
import { session } from "../table/session.js";

/** `load()` (an `import("…")`) and the strings its module names, once; a failure is
 * forgotten, so the next call tries again. */
export function room(load) {
  let pending = null;
  return () => {
    pending ??= load().then(async (module) => {
      await needStrings(...(module.STRINGS || []));
      return module;
    }).catch((error) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** A room the table calls into as it plays (the coach, the set-up mode), behind a door of
 * start-up code: `load()` brings its module, `setUp(module)` hands it the table's hooks, once.
 * `now()`: the module, null until first opened. `open()`: the module, fetched if need be; null
 * when the fetch failed (said in words, the table kept as it was) or when something else was
 * opened meanwhile. */
export function door(load, setUp) {
  const get = room(load);
  let module = null;
  const open = async () => {
    if (module) return module;
    const asked = session.generation;
    try {
      const fetched = await get();
      if (!module) setUp(fetched);
      module = fetched;
    } catch {
      sayFailed();
      return null;
    }
    sayFailed(true);
    return asked === session.generation ? module : null;
  };
  return { now: () => module, open };
}

/** Add the page `name` (pages.js) whose module `load()` brings. `options`: pages.js's
 * `forGames`, `offers`. */
export function addRoomPage(name, load, options = {}) {
  const get = room(load);
  let module = null;
  const stillAsked = (game) => {
    const now = pageOnScreen();
    return now && now.name === name && now.game === game;
  };
  const open = async ({ game, query, section }) => {
    section.replaceChildren(el("p", { class: "room-wait", role: "status" }, t("room.loading")));
    try {
      module = await get();
    } catch (error) {
      console.warn(`Ludoteca: the page ${name} could not load`, error);
      if (stillAsked(game)) failed(section, game, () => open({ game, query, section }));
      return;
    }
    if (!stillAsked(game)) return; // the person went elsewhere meanwhile
    section.replaceChildren();
    await module.page.open({ game, query, section });
  };
  addPage(name, { ...options, open, close: () => module?.page.close() });
}

/** Said above the page when a part of a room (its code, its strings) could not be fetched:
 * what was on screen stays as it was. `ok`: hide it again (a later open that worked). */
export function sayFailed(ok = false) {
  let note = document.getElementById("room-notice");
  if (!note && ok) return;
  if (!note) {
    note = el("p", { id: "room-notice", class: "notice", role: "alert" });
    document.getElementById("notice").after(note);
  }
  note.textContent = ok ? "" : t("room.failed");
  note.hidden = ok;
}

/** A room that could not load: said, with a button that tries again and a way back to the
 * game's table (or the home page); the page's address and the game in progress are kept. */
function failed(section, game, retry) {
  const again = button(t("room.retry"), retry, "secondary");
  const back = el("a", { class: "button secondary", href: game ? `#/${game}` : "#/" },
    game ? t("room.back_to", { game: t(`game.${game}.name`) }) : t("room.home"));
  section.replaceChildren(el("div", { class: "notice room-failed", role: "alert" },
    el("p", {}, t("room.failed")), el("p", { class: "room-failed-actions" }, again, " ", back)));
  again.focus();
}
