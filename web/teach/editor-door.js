// The door to the set-up mode (editor.js), start-up code: what the table and the routing ask
// of it, answered at once while no position is being set up, and editor.js itself fetched
// when an address first asks for the set-up mode (links/rooms.js).
import { door } from "../links/rooms.js";

let hooks = null;
const editorJs = door(() => import("./editor.js"), (module) => module.setUpEditor(hooks));

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
  const editor = await editorJs.open();
  return editor?.openEditor(game, options, wanted, fallback);
}

export const editingNow = () => editorJs.now()?.editingNow() ?? false;
export const refreshEditor = () => editorJs.now()?.refreshEditor();
export const stopEditor = () => editorJs.now()?.stopEditor();
export const editClick = (target) => editorJs.now()?.editClick(target);
