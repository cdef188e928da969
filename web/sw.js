// Ludoteca's service worker: after one visit the whole site — page, rules, Python — is
// served from the cache, so it works with the network off. build.py writes the build's
// file list (with content hashes) into BUILD below; a new build is a new cache, and the
// page offers "new version — reload" instead of mixing old and new files.
//
// One version per tab: each tab (and its engine worker) is answered from the cache of the
// version it was loaded with, until it reloads — also after another tab has activated a
// newer version. An older version's cache is deleted once no open tab uses it.
// `files`: what the first move needs, precached at install; `later`: the rest (the rooms'
// code and strings), precached in the background once the page says the game is playable
// (offline.js), or kept as each is first fetched.
const BUILD = { version: "dev", files: {}, later: {} }; // @BUILD@ (replaced by build.py)
const PREFIX = "ludoteca-";
const CACHE = PREFIX + BUILD.version;
// which version each tab (client id) runs: kept in Cache Storage, since the browser may
// stop this worker between two requests and start a newer one meanwhile
const TABS = "ludoteca:tabs";
const SCOPE = new URL("./", self.location).href;
const MATCH = { ignoreSearch: true, ignoreMethod: true };
const tabs = new Map(); // client id -> version, as far as this worker has seen

const tabKey = (clientId) => `${SCOPE}__tab__/${encodeURIComponent(clientId)}`;
// versioned paths never change content, whichever build's cache holds them
const immutable = (path) => path.startsWith("pyodide/") || path.startsWith("wheels/") ||
  path.startsWith("chunks/"); // named by their content's hash

/** `path` fetched into `cache`. The rest is revalidated so that an old copy never enters a
 * new cache. */
async function precache(cache, path) {
  const init = { cache: immutable(path) ? "default" : "no-cache" };
  const response = await fetch(new Request(SCOPE + path, init));
  if (!response.ok) throw new Error(`precache ${path}: ${response.status}`);
  await cache.put(SCOPE + path, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Object.keys(BUILD.files).map((path) => precache(cache, path)));
    // The very first install takes control at once; later ones wait for the page's "reload".
    if (!self.registration.active) self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const first = !(await caches.keys()).some((n) => n.startsWith(PREFIX) && n !== CACHE);
    await forgetClosedTabs();
    // The first version takes the page that installed it (it is that version). Tabs of an
    // older version are never answered from this version's files (see versionOf).
    if (first) await self.clients.claim();
  })());
});

/** The files of `later` not in this version's cache yet, fetched a few at a time (the page
 * is in use); an immutable one another version's cache holds is copied from there. Returns
 * how many could not be fetched (the network went): the page asks again later. */
let filling = null;
function precacheLater() {
  filling ??= (async () => {
    const cache = await caches.open(CACHE);
    const todo = [];
    for (const path of Object.keys(BUILD.later)) {
      if (!(await cache.match(SCOPE + path))) todo.push(path);
    }
    let missing = 0;
    const next = async () => {
      for (let path = todo.shift(); path; path = todo.shift()) {
        const kept = immutable(path) && (await caches.match(SCOPE + path));
        try {
          if (kept) await cache.put(SCOPE + path, kept);
          else await precache(cache, path);
        } catch {
          missing += 1;
        }
      }
    };
    await Promise.all([next(), next(), next()]);
    return missing;
  })().finally(() => { filling = null; });
  return filling;
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  // the page's game is playable (offline.js): the rest of this version, in the background;
  // the page hears when it is all here (its signal that the site works offline)
  if (event.data && event.data.type === "precache" && event.source) {
    event.waitUntil(precacheLater().then((missing) => event.source.postMessage(
      { type: "precached", version: BUILD.version, missing })));
  }
  // a page says which version it runs (offline.js): pages loaded before any service
  // worker controlled them are known that way too
  if (event.data && event.data.type === "tab" && event.source && event.source.id) {
    event.waitUntil(remember(event.source.id, String(event.data.version))
      .then(() => forgetClosedTabs()));
  }
});

async function remember(clientId, version) {
  if (!clientId || tabs.get(clientId) === version) return;
  tabs.set(clientId, version);
  const cache = await caches.open(TABS);
  await cache.put(tabKey(clientId), new Response(version));
}

/** The version a client runs, or null when this worker never heard of it. */
async function versionOf(clientId) {
  if (!clientId) return null;
  if (!tabs.has(clientId)) {
    const saved = await (await caches.open(TABS)).match(tabKey(clientId));
    if (!saved) return null;
    tabs.set(clientId, await saved.text());
  }
  return tabs.get(clientId);
}

/** Drop what closed tabs left: their entries, and old versions' caches nobody uses.
 * `loading`: the client id of a page being loaded (not a client yet). */
async function forgetClosedTabs(loading = null) {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" }))
    .map((client) => client.id));
  const inUse = new Set([BUILD.version]);
  const cache = await caches.open(TABS);
  for (const request of await cache.keys()) {
    const id = decodeURIComponent(request.url.slice(tabKey("").length));
    if (open.has(id) || id === loading) {
      inUse.add(await versionOf(id));
    } else {
      tabs.delete(id);
      await cache.delete(request);
    }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !inUse.has(name.slice(PREFIX.length))) {
      await caches.delete(name);
    }
  }
}

/** The cached answer for `path` in the version `clientId` runs (null: ask the network). */
async function cachedFor(clientId, path) {
  const key = SCOPE + path;
  const version = (await versionOf(clientId)) || BUILD.version;
  const cache = version === BUILD.version || (await caches.has(PREFIX + version))
    ? await caches.open(PREFIX + version) : null;
  const hit = cache && (await cache.match(key, MATCH));
  if (hit || !immutable(path)) return hit || null;
  return (await caches.match(key, MATCH)) || null;
}

/** `response` without its body, as a server answers a HEAD request. */
const headersOf = (response) => new Response(null, {
  status: response.status, statusText: response.statusText, headers: response.headers,
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE) ||
      !["GET", "HEAD"].includes(request.method)) return;
  const path = url.pathname.slice(new URL(SCOPE).pathname.length);
  if (request.mode === "navigate") {
    // a page (re)loaded: it runs this version from now on
    const id = event.resultingClientId;
    event.waitUntil(remember(id, BUILD.version).then(() => forgetClosedTabs(id)));
    event.respondWith((async () => (await cachedFor(null, path)) ||
      (await cachedFor(null, "index.html")) || fetch(request))());
    return;
  }
  event.respondWith((async () => {
    if (request.destination === "worker" && event.resultingClientId) {
      // the engine's worker runs its page's version
      const version = (await versionOf(event.clientId)) || BUILD.version;
      await remember(event.resultingClientId, version);
    }
    // The cached Response itself (its stored type: application/wasm streams to the
    // compiler), never a copy or a clone of its body.
    const cached = await cachedFor(event.clientId, path);
    // HEAD (the worker's check of the wasm's type): the status and headers alone. The
    // cached Response would stream its whole body to the asker, 9.6 MB read beside the
    // runtime's own GET of it at every start.
    if (cached && request.method === "HEAD") return headersOf(cached);
    if (cached) return cached;
    const response = await fetch(request);
    // a room's file opened before the background precache reached it: kept
    if (response.ok && Object.hasOwn(BUILD.later, path) &&
        ((await versionOf(event.clientId)) || BUILD.version) === BUILD.version) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SCOPE + path, copy)));
    }
    return response;
  })());
});
