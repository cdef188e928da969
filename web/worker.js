// The engine's home: a module worker running Python (Pyodide) with the ludoteca wheel.
// The page sends JSON requests and gets JSON answers (see py/ludoteca/web/); it never
// sees more than an observation, and never waits on Python on its own thread.
//
// Start-up, with nothing serial that can run in parallel: build.py bundles this worker with
// Pyodide's loader and snapshot.js into one script, so Python's runtime is asked for as soon
// as it runs, with a memory snapshot if this browser made one for this build. With a
// snapshot, Python is restored instead of booted (snapshot.js); without one it boots while
// the rules wheel is fetched, and once play pauses the snapshot is made for the next visit.
import { loadPyodide } from "pyodide"; // the pinned runtime's loader, pyodide.mjs
import { readSnapshot, snapshotsPossible, storeSnapshot } from "./engine/snapshot.js";
// What this build is made of, written by build.py: `snapshot` names this build's memory
// snapshot, the same in a new build that left the runtime, the rules and this worker as
// they were (build.py's snapshot_key).
import { RUNTIME } from "./worker-runtime.js";

const IDLE_BEFORE_STORING_MS = 1500; // the snapshot is made once play pauses this long
const RESTORE_TIMEOUT_MS = 15000; // a restore that hangs (it takes a fraction of that) is given up
const LOOKUP_TIMEOUT_MS = 10000; // so is a look into Cache Storage (milliseconds, as a rule)

// The runtime's wasm is compiled from the moment its response is in: Pyodide's loader asks
// for it at once but instantiates it only once its own script is in and, for a restore, the
// snapshot's size is known; the compile ran after all that (a tenth of a second of a repeat
// visit) and now runs meanwhile. Only a GET of the runtime's wasm (the check's HEAD is not;
// Pyodide asks with a URL object).
const fetchAnything = self.fetch;
const compiling = new WeakMap(); // the wasm's response -> a promise of its compiled module
self.fetch = async (resource, options) => {
  const response = await fetchAnything(resource, options);
  if (String(resource) === here(RUNTIME.pyodide + "pyodide.asm.wasm") && response.ok &&
      (options?.method ?? "GET") === "GET") {
    performance.mark("worker:wasm-compiling");
    const module = WebAssembly.compileStreaming(response);
    module.then(() => performance.mark("worker:wasm-compiled"), () => {}); // awaited below
    compiling.set(response, module);
  }
  return response;
};

// The runtime's instantiation as marks (worker:wasm-asked, worker:wasm-instantiated): where a
// start's time goes, read by bench/school_line.py --timeline.
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  performance.mark("worker:wasm-asked");
  const response = await source;
  const compiled = await compiling.get(response);
  const result = compiled
    ? { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) }
    : await instantiateStreaming(response, imports);
  performance.mark("worker:wasm-instantiated");
  // The compiled runtime, held by the page too (engine.js): V8 shares a compiled module
  // among every context of the renderer while one holds it, so a reload in this tab
  // compiles nothing, as a page that compiles on its own thread finds after a reload.
  try {
    postMessage({ type: "runtime", module: result.module });
  } catch {
    // a module that cannot be sent (a browser that does not clone one) is only not shared
  }
  return result;
};

// Emscripten gives each JavaScript function the runtime puts in its function table a wasm
// module of its own (convertJsFunctionToWasm: a browser without WebAssembly.Function): 261
// at every start, a compile each, though they differ only by signature. A module is
// immutable and may be instantiated many times, so one per distinct tiny module is
// compiled, and each function still gets its own instance (the table is laid out as
// before, as the snapshot's function pointers need).
const TINY_MODULE_BYTES = 128; // these are 40-60 bytes; the runtime's own is 9.6 MB
const WasmModule = WebAssembly.Module;
const tinyModules = new Map(); // the module's bytes as a string -> its compiled module
function SharedTinyModule(bytes, ...rest) {
  if (!new.target) throw new TypeError("WebAssembly.Module must be called with new");
  if (!(bytes instanceof Uint8Array) || bytes.length > TINY_MODULE_BYTES) {
    return Reflect.construct(WasmModule, [bytes, ...rest], new.target);
  }
  const key = String.fromCharCode(...bytes);
  let module = tinyModules.get(key);
  if (!module) {
    module = new WasmModule(bytes, ...rest);
    tinyModules.set(key, module);
  }
  return module;
}
Object.setPrototypeOf(SharedTinyModule, WasmModule); // its static functions (imports, ...)
SharedTinyModule.prototype = WasmModule.prototype; // `instanceof WebAssembly.Module` holds
WebAssembly.Module = SharedTinyModule;

const here = (path) => new URL(path, import.meta.url).href;
const progress = (stage) => postMessage({ type: "progress", stage });
// each step of the start as it is reached, kept by engine.js as a performance mark
// (`ludoteca:start-<step>`): what a start that never ends was waiting for
const step = (name) => postMessage({ type: "start-step", name });
// what happened to the snapshot, with how long it took (ms): shown as a mark by engine.js
const report = (state, detail = "", ms = 0) =>
  postMessage({ type: "snapshot", state, detail, ms: Math.round(ms) });
// "off" (never read nor make one), "new" (none stored in this browser yet: make one) or ""
// (look for one) — the page passes its flag in our name (engine-start.js)
const snapshotMode = ["off", "new"].find((mode) => self.name.split(" ")
  .includes(`snapshot=${mode}`)) ?? "";
// Where this engine's snapshot is kept in this browser (snapshot.js says what is stored). Not
// "ludoteca-…": the service worker owns those names and deletes old ones.
const SNAPSHOTS = { cache: "ludoteca:snapshots", key: here(`__snapshot__/${RUNTIME.snapshot}`) };
let handle = null;
const queue = [];
let lastRequest = 0;
// The rooms (teaching, classroom, labs, analysis: ludoteca/rooms.py) come after the table's
// start: `tableOps` are the ops answered without them; another waits for `rooms`, fetched
// once play pauses after the start (or when such an op comes first).
let tableOps = null;
let rooms = null; // a promise, once asked for
let roomsIn = false;
let pumping = false;

async function checkRuntimeFile() {
  // A .wasm served with the wrong type makes Pyodide hang without an error: say why now.
  const url = here(RUNTIME.pyodide + "pyodide.asm.wasm");
  const response = await fetch(url, { method: "HEAD" });
  if (!response.ok) throw { code: "runtime_missing", detail: `${response.status} ${url}` };
  const type = response.headers.get("content-type") || "";
  if (!type.startsWith("application/wasm")) {
    throw { code: "runtime_mime", detail: `${url}: ${type || "no type"}` };
  }
}

/** This build's stored snapshot, {headers, body: its stream}, or null when there
 * is none; rejects when storage is refused (a frame on another site may be). Read from the
 * worker's first moment: the restore waits for these bytes. */
async function lookUpSnapshot({ cache, key }) {
  if (typeof caches === "undefined") return null;
  const response = await (await caches.open(cache)).match(key);
  performance.mark("worker:snapshot-looked-up"); // the runtime's files are asked for already
  if (!response) return null;
  return { headers: response.headers, body: response.body }; // read by snapshot.js
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw { code: "runtime_missing", detail: `${response.status} ${url}` };
  return new Uint8Array(await response.arrayBuffer());
}

/** Pyodide's runtime script, asked for once, at the worker's first moment: a restore and a
 * boot use the same one (the module map keeps it), and neither waits for the snapshot's
 * lookup to ask for it. */
let runtimeScript = null;
const importRuntimeScript = () => {
  runtimeScript ??= import(here(RUNTIME.pyodide + "pyodide.asm.mjs"));
  return runtimeScript;
};

/** Pyodide's runtime set up (its script, the wasm fetched and instantiated), resolving only
 * once the snapshot is read and its memory written into the runtime's: the snapshot is read
 * while the runtime is set up, and unpacked straight into the runtime's memory. Pyodide's
 * restore (loadPyodide's stages 5-7, API.restoreSnapshot) then gets the header only, and
 * copies nothing more. Pyodide calls this only once it has the snapshot's size (its
 * `_loadSnapshot`). A damaged snapshot rejects here, and a normal start follows. */
const setUpThen = (snapshot) => async (settings) => {
  const { default: create } = await importRuntimeScript();
  performance.mark("worker:runtime-script"); // in, for bench/school_line.py --timeline
  const module = await create(settings);
  performance.mark("worker:runtime-set-up");
  const { header, fill } = await (await snapshot).stored;
  fill(module.HEAPU8);
  const restore = module.API.restoreSnapshot;
  module.API.restoreSnapshot = () => restore(header); // the memory after it: written above
  return module;
};

/** Never resolves; rejects when `promise` does (a failed check aborts a boot that hangs). */
const failsWith = (promise) => promise.then(() => new Promise(() => {}));

/** Why a restore stopped before it began: no snapshot was found, or none usable (already
 * said); a normal start follows, with nothing more to report. */
const NOT_FOUND = new Error("no usable snapshot");

const timeout = (ms, what) =>
  new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer`)), ms));

async function start() {
  progress("runtime");
  // everything at once: the runtime (its script here; loadPyodide fetches the wasm and the
  // standard library, also when restoring), the snapshot, the wasm type check
  const script = importRuntimeScript();
  script.catch(() => {}); // awaited by the boot, which reports a failure
  const checked = checkRuntimeFile();
  checked.catch(() => {}); // raced against every boot below
  let keepSnapshots = snapshotMode !== "off" && snapshotsPossible();
  if (!keepSnapshots) report("off"); // known now: said at once, not after the boot
  const saved = keepSnapshots && snapshotMode !== "new"
    ? (step("lookup"), Promise.race([lookUpSnapshot(SNAPSHOTS).then((found) => {
      step(found ? "found" : "none");
      return found && readSnapshot(found, RUNTIME.snapshot, SNAPSHOTS);
    }), timeout(LOOKUP_TIMEOUT_MS, "snapshot lookup")]))
    : Promise.resolve(null);
  saved.catch(() => {}); // awaited below (storage refused rejects before the runtime is in)
  // the standard library cut to what the engine imports (builder/stdlib.py), not the
  // stock zip of all of Python's
  const stdLibURL = here(RUNTIME.stdlib || RUNTIME.pyodide + "python_stdlib.zip");
  // the runtime's package list without a request for it: the engine loads no Pyodide
  // package, so the build writes the lock file's facts with none (RUNTIME.lock)
  const packages = { lockFileContents: RUNTIME.lock, packageBaseUrl: here(RUNTIME.pyodide) };
  const boot = (options) => Promise.race([
    loadPyodide({ indexURL: here(RUNTIME.pyodide), stdLibURL, ...packages, ...options }),
    failsWith(checked),
  ]);

  let pyodide = null;
  const snapshot = saved.catch((error) => {
    // A frame on another site may be refused storage: no snapshot can be kept, so none is
    // made (a boot without _makeSnapshot, no memory copy in idle time).
    const refused = error && error.name === "SecurityError";
    if (refused) keepSnapshots = false;
    report(refused ? "refused" : "unusable", describe(error));
    return null;
  });
  let restoring = 0;
  if (snapshotMode === "" && keepSnapshots) {
    // One is expected (this browser stored one): the restore starts now, so that Pyodide
    // asks for the wasm and the standard library while Cache Storage is looked into; it
    // waits for the snapshot's size (`_loadSnapshot`) before it sets the runtime up. None
    // found, or one unusable (said above): it stops there, and a normal start follows.
    const memory = snapshot.then((found) => {
      if (!found) throw NOT_FOUND;
      step("restore");
      restoring = performance.now();
      return found.memory;
    });
    try {
      pyodide = await Promise.race([boot({ _loadSnapshot: memory,
        createPyodideModule: setUpThen(snapshot) }), timeout(RESTORE_TIMEOUT_MS, "restore")]);
    } catch (error) {
      if (error && error.code) throw error; // the runtime itself is broken
      if (error !== NOT_FOUND) report("unusable", describe(error)); // a normal start follows
    }
  }
  const restored = pyodide !== null;
  // only a boot installs the wheel (a restored interpreter has the rules): fetched meanwhile
  const wheel = restored ? null : fetchBytes(here(RUNTIME.wheel));
  wheel?.catch(() => {}); // awaited below; a failure is reported there
  if (!restored) {
    step("boot");
    pyodide = await boot(keepSnapshots ? { _makeSnapshot: true } : {});
  }
  step("python");
  performance.mark("worker:python");
  progress("rules");
  if (restored) freshen(pyodide);
  else installRules(pyodide, await wheel);
  step("rules");
  const web = pyodide.pyimport("ludoteca.web");
  handle = web.handle;
  tableOps = new Set(web.TABLE_OPS.toJs());
  // a restored interpreter holds every room (the snapshot is taken once they are in)
  roomsIn = pyodide.runPython("import ludoteca.rooms; ludoteca.rooms.joined()");
  performance.mark("worker:rules");
  self.pyodide = pyodide; // for the tests and the browser's console
  postMessage({ type: "ready", version: RUNTIME.version });
  if (restored) {
    const { memory } = await snapshot;
    report("restored", `${memory.length} bytes`, performance.now() - restoring);
  }
  lastRequest = Date.now(); // the page asks for its game just after "ready": idle after that
  pump();
  // the rooms in the background once play pauses: after the first move is possible
  if (!roomsIn) idle().then(fetchRooms).catch(() => { rooms = null; });
  if (!restored && keepSnapshots) snapshotWhenIdle(pyodide);
}

/** The rooms' zip written beside the rules' and joined (ludoteca/rooms.py), once: fetched
 * when asked for, in the background while the table plays. */
function fetchRooms() {
  rooms ??= fetchBytes(here(RUNTIME.rooms)).then((bytes) => {
    const path = "/lib/ludoteca-rooms.zip";
    self.pyodide.FS.writeFile(path, bytes);
    self.pyodide.runPython(`import ludoteca.rooms; ludoteca.rooms.join(${JSON.stringify(path)})`);
    roomsIn = true;
    step("rooms");
  });
  return rooms;
}

/** Whether a request can be answered before the rooms are in: an op of the table's. */
function answerable({ request }) {
  if (roomsIn) return true;
  try {
    return tableOps.has(JSON.parse(request).op);
  } catch {
    return true; // a request that is not JSON is refused by the engine, rooms or not
  }
}

/** The requests answered in the order they came: one that needs the rooms waits for them,
 * and so does every request after it (it may be about the game that one starts). */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) {
      if (!answerable(queue[0])) {
        try {
          await fetchRooms();
        } catch (error) {
          rooms = null; // asked again by the next request that needs them
          for (const { id } of queue.splice(0)) refuse(id, error);
          break;
        }
      }
      answer(queue.shift());
    }
  } finally {
    pumping = false;
  }
}

/** The answer to a request that needed the rooms when they could not be fetched. */
function refuse(id, error) {
  const message = `the rooms could not be fetched: ${describe(error.detail || error)}`;
  postMessage({ type: "answer", id, response: JSON.stringify({
    ok: false, error: { code: "internal", message, params: { message } } }) });
}

const describe = (error) => String((error && error.message) || error);

/** The rules imported from their wheel as it is: a wheel is a zip, and Python's zipimport
 * reads a pure-Python package straight from a zip on sys.path, with the bytecode build.py
 * put beside each source (ludoteca/web/__init__.pyc). One file written where unpacking the wheel
 * wrote each of its files, which took longer than the import itself.
 * Only for a boot: a restored interpreter has every ludoteca module imported already (the
 * snapshot is taken once they all are), and the package reads no file of its own. */
function installRules(pyodide, wheel) {
  const path = "/lib/ludoteca.whl";
  pyodide.FS.writeFile(path, wheel);
  pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(path)})`);
}

/** A restored interpreter as if it had just started: the games that were open when the
 * snapshot was taken are dropped (the page starts or loads its own), and the random
 * generators get fresh entropy, or every visit would throw the same beans — every
 * random.Random held by a module is reseeded. */
function freshen(pyodide) {
  const entropy = crypto.getRandomValues(new Uint32Array(8));
  const seed = [...entropy].map((n) => n.toString(16).padStart(8, "0")).join("");
  pyodide.runPython(`
def _reseed(seed):
    import random, sys
    for n, module in enumerate(list(sys.modules.values())):
        for value in list(getattr(module, "__dict__", {}).values()):
            if isinstance(value, random.Random) and not isinstance(value, random.SystemRandom):
                value.seed((seed << 32) + n)
_reseed(int("${seed}", 16))
del _reseed
import ludoteca.web
ludoteca.web.engine.forget_games()
`);
}

/** Resolves once the page has asked nothing for a while. */
function idle() {
  return new Promise((resolve) => {
    const check = () => {
      const wait = IDLE_BEFORE_STORING_MS - (Date.now() - lastRequest);
      if (wait <= 0) resolve();
      else setTimeout(check, wait);
    };
    check();
  });
}

/** The snapshot is made in idle time, in slices that each block the engine briefly: every
 * ludoteca module imported (a snapshot keeps no files), one at a time; then the memory
 * copied ("taken" reports the longest slice: how long a click may have to wait); then it is
 * stored, scanned for blocks of zeros a MiB at a time. */
async function snapshotWhenIdle(pyodide) {
  let longest = 0;
  const slice = async (work) => {
    await idle();
    const started = performance.now();
    const result = work();
    longest = Math.max(longest, performance.now() - started);
    return result;
  };
  let bytes;
  try {
    // the snapshot holds the whole engine, the rooms too
    await idle();
    await fetchRooms();
    const modules = JSON.parse(await slice(() => pyodide.runPython(`
import json, ludoteca.rooms
json.dumps(ludoteca.rooms.modules())
`)));
    for (const name of modules) {
      await slice(() => pyodide.runPython(
        `import importlib; importlib.import_module(${JSON.stringify(name)})`));
    }
    bytes = await slice(() => {
      pyodide.runPython("import gc; gc.collect()");
      return pyodide.makeMemorySnapshot();
    });
  } catch (error) {
    report("failed", describe(error));
    return;
  }
  report("taken", `${bytes.length} bytes`, longest);
  const started = performance.now();
  storeSnapshot(SNAPSHOTS, RUNTIME.snapshot, bytes)
    .then(() => report("stored", "", performance.now() - started))
    .catch((error) => report("failed", describe(error)));
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
  lastRequest = Date.now();
  postMessage({ type: "answer", id, response });
}

onmessage = (event) => {
  lastRequest = Date.now();
  queue.push(event.data);
  if (handle) pump();
};

start().catch((error) => {
  postMessage({
    type: "fatal",
    code: error.code || "runtime_failed",
    detail: error.detail || String(error && error.message ? error.message : error),
  });
});
