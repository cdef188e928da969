// The page's client of the rules engine running in worker.js. Requests are plain objects;
// answers are the JSON of py/ludoteca/web/: {ok, view, error?, played?}.
//
// The worker is started by engine-start.js, the page's first script (index.html), so that
// Python loads while the page's modules do; this module takes it over. Requests made before
// Python is ready wait in the worker and are answered in order.
import { write } from "../kit/store.js";

export const READY_TIMEOUT_MS = 20000;
// A worker speaks the moment its script runs (worker.js: "progress"), a fraction of a second
// after the page starts it. One silent this long never started — seen in Chromium on a loaded
// machine, a second window's worker saying nothing for minutes — and one whose script failed
// to load before it said anything may have met a passing fault: either is started again, once.
const SILENT_START_MS = 10000;

// Started by engine-start.js; without it (it failed to load) the engine reports a failure.
const early = window.ludotecaEngineStart ?? {
  worker: null, messages: [], error: { message: "engine-start.js did not run" }, started: 0,
};
let settle;
const settled = new Promise((resolve) => {
  settle = resolve;
});

/** Resolves once the engine is ready or has failed (or after the ready time-out). */
export function whenEngineSettled() {
  return settled;
}

/** What the worker says about snapshots, readable by tests and the bench without racing:
 * `<html data-snapshot="restored|taken|stored|unusable|failed|refused|off">` (the latest;
 * "refused": this frame may not store anything, so no snapshot is made) and a
 * performance mark `ludoteca:snapshot-<state>` whose detail says how long it took. */
function showSnapshotState({ state, detail, ms }) {
  if (state === "stored") keepSnapshotsHere();
  document.documentElement.dataset.snapshot = state;
  performance.mark(`ludoteca:snapshot-${state}`, { detail: { detail, ms } });
}

/** The next start looks for the snapshot (engine-start.js): until one has been stored here, a
 * start does not open Cache Storage before asking for Python's runtime. The engine's own
 * state, like the snapshot itself: kept by a copy in another page too. */
function keepSnapshotsHere() {
  write("ludoteca.snapshot", "kept"); // refused: every start looks for a snapshot, and finds out
}

export class Engine {
  constructor({ onStatus }) {
    this.onStatus = onStatus; // ({state: "loading"|"ready"|"failed", stage?, code?, detail?})
    this.pending = new Map();
    this.nextId = 1;
    this.isReady = false;
    this.worker = early.worker; // one engine per page: the worker engine-start.js started
    this.heard = early.messages.length > 0;
    if (this.worker) this.listen();
    const silent = SILENT_START_MS - (performance.now() - early.started);
    if (this.worker && early.again) {
      this.silentTimer = setTimeout(() => this.startAgainIfSilent(), silent);
    }
    this.timer = setTimeout(() => {
      if (!this.isReady) this.fail("runtime_timeout", `${READY_TIMEOUT_MS / 1000} s`);
    }, READY_TIMEOUT_MS - (performance.now() - early.started)); // counted from the start
    this.onStatus({ state: "loading", stage: "start" });
    for (const message of early.messages.splice(0)) this.receive(message);
    if (early.error) this.workerFailed(early.error);
  }

  listen() {
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.workerFailed(event);
  }

  workerFailed(event) {
    if (this.heard || !this.startAgain("error")) {
      this.fail("runtime_failed", event.message || "worker error");
    }
  }

  startAgainIfSilent() {
    if (!this.heard && !this.isReady) this.startAgain("silent");
  }

  /** The worker replaced by a new one (once; false when it was already), which is sent every
   * request still waiting: the first may have received them, never to answer. */
  startAgain(why) {
    if (this.startedAgain || !early.again) return false;
    this.startedAgain = true;
    clearTimeout(this.silentTimer);
    performance.mark("ludoteca:start-again", { detail: why });
    this.worker.terminate();
    this.worker = early.again();
    this.listen();
    for (const [id, { request }] of this.pending) this.worker.postMessage({ id, request });
    return true;
  }

  fail(code, detail) {
    clearTimeout(this.silentTimer); // a worker that failed said so: starting it again is no cure
    performance.mark(`ludoteca:failed-${code}`, { detail });
    settle();
    this.onStatus({ state: "failed", code, detail });
  }

  receive(message) {
    this.heard = true;
    if (message.type === "progress") {
      if (!this.isReady) this.onStatus({ state: "loading", stage: message.stage });
    } else if (message.type === "ready") {
      this.isReady = true; // also after a time-out: a slow network may still get there
      clearTimeout(this.timer);
      settle();
      this.onStatus({ state: "ready", version: message.version });
    } else if (message.type === "fatal") {
      clearTimeout(this.timer);
      this.fail(message.code, message.detail);
    } else if (message.type === "start-step") {
      performance.mark(`ludoteca:start-${message.name}`);
    } else if (message.type === "snapshot") {
      showSnapshotState(message);
    } else if (message.type === "runtime") {
      early.runtime = message.module; // Python's compiled wasm: held, never used (worker.js)
    } else if (message.type === "answer") {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (waiting) waiting.resolve(JSON.parse(message.response));
    }
  }

  /** Send one request ({op, ...}); resolves with the engine's answer. Before the engine is
   * ready the request waits in the worker, and is answered as soon as Python is up. */
  request(op, fields = {}) {
    const id = this.nextId++;
    const request = JSON.stringify({ op, ...fields });
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, request });
      this.worker?.postMessage({ id, request }); // none: failed
    });
  }
}
