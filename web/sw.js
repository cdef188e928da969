// Ludoteca's service worker: after one visit the whole site — page, rules, Python — is
// served from the cache, so it works with the network off. build.py writes the build's
// file list (with content hashes) into BUILD below; a new build is a new cache, and the
// page offers "new version — reload" instead of mixing old and new files.
const BUILD = { version: "dev", files: {} }; // @BUILD@ (replaced by build.py)
const CACHE = `ludoteca-${BUILD.version}`;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Object.keys(BUILD.files).map(async (path) => {
      // Versioned paths never change; the rest are revalidated so that an old copy
      // never enters a new cache.
      const versioned = path.startsWith("pyodide/") || path.startsWith("wheels/");
      const init = { cache: versioned ? "default" : "no-cache" };
      const response = await fetch(new Request(SCOPE + path, init));
      if (!response.ok) throw new Error(`precache ${path}: ${response.status}`);
      await cache.put(SCOPE + path, response);
    }));
    // The very first install takes control at once; later ones wait for the page's "reload".
    if (!self.registration.active) self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("ludoteca-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !["GET", "HEAD"].includes(request.method)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = request.mode === "navigate" ? SCOPE + "index.html" : url.origin + url.pathname;
    const cached = await cache.match(key, { ignoreSearch: true, ignoreMethod: true });
    return cached || fetch(request);
  })());
});
