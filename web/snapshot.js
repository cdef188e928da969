// Memory snapshots of the engine's Python, made in this browser (never downloaded): the
// interpreter with every ludoteca module imported, gzip-compressed (CompressionStream) in
// Cache Storage under the build's version. Restoring one takes a fraction of a boot.
// Pyodide 314.0.7's snapshot API is undocumented (loadPyodide({_makeSnapshot}),
// pyodide.makeMemorySnapshot(), loadPyodide({_loadSnapshot})): every failure here makes
// the worker start Python normally, and tests/e2e/test_snapshot.py pins the behaviour.

// Not "ludoteca-…": the service worker owns those names and deletes old ones.
const CACHE = "ludoteca:snapshots";
const CHUNK = 1 << 20; // compressed a MiB at a time, so that requests are answered between
const MAX_BYTES = 1 << 30;
// The first words of a Pyodide 314 snapshot: a magic number, then the length of the header
// that precedes a copy of the WebAssembly memory (whole 64 KiB pages).
const MAGIC = 1886286592;
const PAGE = 65536;

const keyFor = (version) => new URL(`__snapshot__/${version}`, self.location.href).href;

export function snapshotsPossible() {
  return typeof caches !== "undefined" && typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function";
}

/** null when this build has no snapshot here, else `{bytes}`: a promise of it, still being
 * decompressed (Pyodide takes the promise and fetches its runtime meanwhile). `bytes`
 * rejects, after deleting it, when the stored one is unusable: another build's, cut
 * short, corrupt. */
export async function readSnapshot(version) {
  const cache = await caches.open(CACHE);
  const key = keyFor(version);
  const response = await cache.match(key);
  if (!response) return null;
  const bytes = decompress(response, version).catch(async (error) => {
    await cache.delete(key).catch(() => {});
    throw error;
  });
  // Awaited by the restore, which may start only once the runtime's scripts are in: a
  // rejection before then (another build's snapshot is refused at once) is not "unhandled".
  bytes.catch(() => {});
  return { bytes };
}

async function decompress(response, version) {
  if (response.headers.get("x-snapshot-version") !== version) {
    throw new Error("snapshot of another build");
  }
  const size = Number(response.headers.get("x-snapshot-size"));
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_BYTES) {
    throw new Error(`snapshot size ${size}`);
  }
  const bytes = new Uint8Array(size); // filled in place: no second copy
  let at = 0;
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  for (;;) {
    const { done, value } = await reader.read(); // gzip's CRC catches a corrupt body
    if (done) break;
    if (at + value.length > size) throw new Error("snapshot longer than recorded");
    bytes.set(value, at);
    at += value.length;
  }
  if (at !== size) throw new Error("snapshot shorter than recorded");
  const header = new Uint32Array(bytes.buffer, 0, 2);
  if (header[0] !== MAGIC || header[1] >= size || (size - header[1]) % PAGE !== 0) {
    throw new Error("not a Pyodide snapshot");
  }
  return bytes;
}

/** Compress `bytes` into the cache as this build's snapshot; older ones are deleted. */
export async function storeSnapshot(version, bytes) {
  const cache = await caches.open(CACHE);
  const key = keyFor(version);
  const gzip = new CompressionStream("gzip");
  const headers = {
    "content-type": "application/octet-stream",
    "x-snapshot-version": version,
    "x-snapshot-size": String(bytes.length),
  };
  // a put is all or nothing: a tab closed half-way leaves no partial snapshot behind
  const stored = cache.put(key, new Response(gzip.readable, { headers }));
  const failed = stored.then(() => new Promise(() => {})); // rejects with a quota error
  const writer = gzip.writable.getWriter();
  for (let at = 0; at < bytes.length; at += CHUNK) {
    await Promise.race([writer.write(bytes.subarray(at, at + CHUNK)), failed]);
    await new Promise((resolve) => setTimeout(resolve, 0)); // answer waiting requests
  }
  await Promise.race([writer.close(), failed]);
  await stored;
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
}
