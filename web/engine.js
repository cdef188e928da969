// The page's client of the rules engine running in worker.js. Requests are plain objects;
// answers are the JSON of py/ludoteca/web.py: {ok, view, error?, played?}.

export const READY_TIMEOUT_MS = 20000;

export class Engine {
  constructor({ onStatus }) {
    this.onStatus = onStatus; // ({state: "loading"|"ready"|"failed", stage?, code?, detail?})
    this.pending = new Map();
    this.nextId = 1;
    this.isReady = false;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) =>
      this.fail("runtime_failed", event.message || "worker error");
    this.timer = setTimeout(() => {
      if (!this.isReady) this.fail("runtime_timeout", `${READY_TIMEOUT_MS / 1000} s`);
    }, READY_TIMEOUT_MS);
    this.onStatus({ state: "loading", stage: "start" });
  }

  fail(code, detail) {
    this.onStatus({ state: "failed", code, detail });
  }

  receive(message) {
    if (message.type === "progress") {
      if (!this.isReady) this.onStatus({ state: "loading", stage: message.stage });
    } else if (message.type === "ready") {
      this.isReady = true; // also after a time-out: a slow network may still get there
      clearTimeout(this.timer);
      this.onStatus({ state: "ready", version: message.version });
    } else if (message.type === "fatal") {
      clearTimeout(this.timer);
      this.fail(message.code, message.detail);
    } else if (message.type === "answer") {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (resolve) resolve(JSON.parse(message.response));
    }
  }

  /** Send one request ({op, ...}); resolves with the engine's answer. */
  request(op, fields = {}) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request: JSON.stringify({ op, ...fields }) });
    });
  }
}
