// The engine's home: a module worker running Python (Pyodide) with the ludoteca wheel.
// The page sends JSON requests and gets JSON answers (see py/ludoteca/web.py); it never
// sees more than an observation, and never waits on Python on its own thread.
import { BUILD } from "./build-info.js";

const here = (path) => new URL(path, import.meta.url).href;
const progress = (stage) => postMessage({ type: "progress", stage });
let handle = null;
const queue = [];

async function checkRuntimeFile() {
  // A .wasm served with the wrong type makes Pyodide hang without an error: say why now.
  const url = here(BUILD.pyodide + "pyodide.asm.wasm");
  const response = await fetch(url, { method: "HEAD" });
  if (!response.ok) throw { code: "runtime_missing", detail: `${response.status} ${url}` };
  const type = response.headers.get("content-type") || "";
  if (!type.startsWith("application/wasm")) {
    throw { code: "runtime_mime", detail: `${url}: ${type || "no type"}` };
  }
}

async function start() {
  progress("runtime");
  await checkRuntimeFile();
  const { loadPyodide } = await import(here(BUILD.pyodide + "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: here(BUILD.pyodide) });
  progress("micropip");
  await pyodide.loadPackage(here(BUILD.wheels.micropip), { messageCallback: () => {} });
  progress("rules");
  const micropip = pyodide.pyimport("micropip"); // loadPackage logs failures: this throws
  await micropip.install(here(BUILD.wheels.ludoteca));
  handle = pyodide.pyimport("ludoteca.web").handle;
  postMessage({ type: "ready", version: BUILD.version });
  for (const message of queue.splice(0)) answer(message);
}

function answer({ id, request }) {
  let response;
  try {
    response = handle(request);
  } catch (error) {
    response = JSON.stringify({
      ok: false, error: { code: "internal", message: String(error), params: {} },
    });
  }
  postMessage({ type: "answer", id, response });
}

onmessage = (event) => (handle ? answer(event.data) : queue.push(event.data));

start().catch((error) => {
  postMessage({
    type: "fatal",
    code: error.code || "runtime_failed",
    detail: error.detail || String(error && error.message ? error.message : error),
  });
});
