// A game's data files (GameSpec.data_files: the solved Bakuk table...), fetched from the site
// only when an answer of the engine says it `needs` one ({name, path}), then handed to the
// engine (op "analysis_data"), which keeps it for every later answer.
import { ask } from "../table/session.js";

const loading = {}; // name -> Promise<boolean>: each file is fetched once

/** Resolves true once the engine has the file `needs` names; false when nothing is needed
 * or it could not be fetched. */
export function provide(needs) {
  if (!needs) return Promise.resolve(false);
  loading[needs.name] ||= loadData(needs).catch(() => false);
  return loading[needs.name];
}

async function loadData({ name, path }) {
  const response = await fetch(path);
  if (!response.ok) return false;
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const answer = await ask("analysis_data", { name, data: btoa(text) });
  return answer.ok;
}
