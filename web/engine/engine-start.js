// The engine's worker, started by the page's first script, which build.py writes into
// index.html (allowed by its hash in netlify.toml's Content-Security-Policy): it runs as the
// parser reaches it, with no request to wait for first, and every millisecond before
// Python's runtime is requested is added to the start. A classic script, not a module: an
// async module script waits its turn behind the parser. engine.js takes the worker over;
// what the worker says before then is kept for it.
"use strict";

(() => {
  /** How this browser uses memory snapshots (snapshot.js), from localStorage
   * "ludoteca.snapshot": "kept" (engine.js: one was stored here) → "", look for it and use
   * it; nothing → "new", none was ever stored here: do not look (on a first visit, opening
   * Cache Storage would hold Python's start), make one. Tests set "off" to start Python
   * the long way, never reading nor making one. */
  function snapshotMode() {
    try {
      const said = localStorage.getItem("ludoteca.snapshot");
      return said === "off" ? "off" : said === "kept" ? "" : "new";
    } catch {
      return ""; // storage refused (e.g. a sandboxed frame): the worker finds out itself
    }
  }

  const early = { worker: null, messages: [], error: null, started: performance.now() };
  const url = new URL("worker.js", document.baseURI); // beside index.html
  // The flag travels in the worker's name: a query string would be lost when the service
  // worker answers (the script's URL is then the cached response's, without it).
  const mode = snapshotMode();
  const name = mode ? `ludoteca-engine snapshot=${mode}` : "ludoteca-engine";
  early.worker = new Worker(url, { type: "module", name });
  early.again = () => new Worker(url, { type: "module", name }); // engine.js: a start again
  early.worker.onmessage = (event) => early.messages.push(event.data);
  early.worker.onerror = (event) => {
    early.error = event;
  };
  window.ludotecaEngineStart = early;
})();
