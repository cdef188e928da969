// The door to the set-up mode (editor.js), start-up code: what the table and the routing ask
// of it, answered at once while no position is being set up, and editor.js itself fetched
// when an address first asks for the set-up mode (links/rooms.js).
import { session } from "../table/session.js";
import { room, sayFailed } from "../links/rooms.js";

const load = room(() => import("./editor.js"));
let editor = null; // editor.js, once fetched and set up
let hooks = null;

/** `tableHooks`: what the table does for the set-up mode (editor.js setUpEditor). */
export function setUpEditor(tableHooks) {
  hooks = tableHooks;
}

/** What an address's query asks of the set-up mode: {link} (null: the opening position). */
export function editorWanted(query) {
  const params = new URLSearchParams(query);
  return params.has("edit") ? { link: params.get("edit") || null } : null;
}

/** Open the set-up mode (editor.js openEditor), once editor.js is here; a failed fetch is
 * said in words, and the table stays as it was. */
export async function openEditor(game, options, wanted, fallback) {
  const asked = session.generation;
  if (!editor) {
    try {
      const module = await load();
      if (!editor) module.setUpEditor(hooks);
      editor = module;
    } catch {
      return sayFailed();
    }
    sayFailed(true);
    if (asked !== session.generation) return; // something else was opened meanwhile
  }
  return editor.openEditor(game, options, wanted, fallback);
}

export const editingNow = () => editor?.editingNow() ?? false;
export const refreshEditor = () => editor?.refreshEditor();
export const stopEditor = () => editor?.stopEditor();
export const editClick = (target) => editor?.editClick(target);
