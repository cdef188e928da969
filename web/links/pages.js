// Pages beside the table: the places a game offers that are not a game being played — the
// teacher's notes, a print kit, a lab — at `#/<game>/<page>`, and pages of no one game at
// `#/<page>`. A module adds its page; routing opens one at a time in the shared #page
// section (the home and the table are hidden meanwhile) and closes it when the address
// leaves. Shared code never names a page: it asks this list. A page module adds itself when
// it is imported (at its top level), so an address like ?lab=beans finds it at start-up.
import { $ } from "../kit/dom.js";

const pages = new Map(); // name → {open({game, query, section}), close(), forGames, offers}
let open = null; // {name, game, query} of the page on screen

/**
 * Add a page. `open({game, query, section})` fills `section` (a fresh, empty element) for
 * `game` (null for a page of no game) and the address's query (URLSearchParams); it may be
 * async. `close()` stops what it runs (timers, channels, worker jobs). `forGames`: whether
 * it lives under a game (`#/<game>/<name>`), else at `#/<name>`; `offers(game)`: whether
 * that game has it (all games, unless the page says; a game's own lab asks its view).
 */
export function addPage(name, { open: openPage, close = () => {}, forGames = true,
  offers = () => true }) {
  pages.set(name, { open: openPage, close, forGames, offers });
}

/** The address (`#/…`) of page `name` — for `game`, else the first of `gameIds` that offers
 * it — with `query` (URLSearchParams or a string); null when no such page exists. */
export function pageAddress(name, game, gameIds, query = "") {
  const page = pages.get(name);
  if (!page) return null;
  const text = String(query);
  const tail = text ? `?${text}` : "";
  if (!page.forGames) return `#/${name}${tail}`;
  const owner = game ?? gameIds.find((id) => page.offers(id));
  return owner && gameIds.includes(owner) && page.offers(owner) ? `#/${owner}/${name}${tail}` : null;
}

/** Which page an address names: {name, game} or null. `gameIds`: the playable games. */
export function pageFor(id, gameIds) {
  const [first, second, ...rest] = id.split("/");
  if (rest.length) return null;
  if (second !== undefined) {
    const page = pages.get(second);
    return page?.forGames && gameIds.includes(first) && page.offers(first)
      ? { name: second, game: first } : null;
  }
  const page = pages.get(first);
  return page && !page.forGames ? { name: first, game: null } : null;
}

/** Show the page the address names (closing the one before, unless it is the same). */
export async function showPage({ name, game }, query) {
  const section = $("page");
  if (open && open.name === name && open.game === game && open.query === query) return;
  closePage();
  open = { name, game, query };
  section.hidden = false;
  section.replaceChildren();
  section.dataset.page = name;
  await pages.get(name).open({ game, query: new URLSearchParams(query), section });
}

/** Close the page on screen, if any. */
export function closePage() {
  if (!open) return;
  const { name } = open;
  open = null;
  pages.get(name).close();
  const section = $("page");
  section.hidden = true;
  section.replaceChildren();
  delete section.dataset.page;
}

/** The page on screen ({name, game}), or null. */
export function pageOnScreen() {
  return open && { name: open.name, game: open.game };
}
