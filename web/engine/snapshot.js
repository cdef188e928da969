// Memory snapshots of the engine's Python, made in this browser (never downloaded): the
// interpreter with every ludoteca module imported, stored in Cache Storage under a name made
// of the runtime's, the rules' and the worker's own hashes (build.py's snapshot_key): a new
// build that changes only the page keeps it. Restoring one takes a fraction of a boot.
// Pyodide 314.0.7's snapshot API is undocumented (loadPyodide({_makeSnapshot}),
// pyodide.makeMemorySnapshot(), loadPyodide({_loadSnapshot})): every failure here makes
// the worker start Python normally, and tests/e2e/test_snapshot.py pins the behaviour.
//
// Stored sparse, not gzipped: about half of a snapshot is blocks of zeros, which are left
// out (a map says which blocks are stored); the rest is stored as it is. Gzip made it smaller
// but inflating it took a large part of every restore, and storing it a long stretch of idle
// time. A SHA-256 digest of what is stored catches a damaged one, as gzip's check did.

const BLOCK = 4096; // the unit of "all zeros, left out"
const BLOCKS_PER_SLICE = 256; // a MiB scanned at a time, so that requests are answered between
const MAX_BYTES = 1 << 30;
// The first words of a Pyodide 314 snapshot: a magic number, then the length of the header
// that precedes a copy of the WebAssembly memory (whole 64 KiB pages).
const MAGIC = 1886286592;
const WASM_PAGE = 65536;

/** Where block `block` of a snapshot of `size` bytes is: [start, end). */
const spanOf = (block, size) => [block * BLOCK, Math.min((block + 1) * BLOCK, size)];

export function snapshotsPossible() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" &&
    typeof crypto.subtle === "object" && crypto.subtle !== null;
}

/** `found`, the stored snapshot the worker looked up in `place` ({cache, key}: worker.js) —
 * {headers, body: a promise of the stored bytes} — as `{memory, filled}`: `memory`, the
 * snapshot's whole size at once (zeros yet), and `filled`, a promise that resolves once the
 * stored bytes are read, checked and unpacked into it. Pyodide needs only the size to set up
 * its runtime, and reads the bytes only after (worker.js's restore waits for `filled` in
 * between): the read overlaps the runtime's set-up instead of preceding it.
 * Rejects at once for another build's snapshot or a size that cannot be; `filled` rejects,
 * after deleting it, when the stored one is damaged or is not a snapshot. */
export async function readSnapshot(found, version, place) {
  const forget = () => caches.open(place.cache).then((cache) => cache.delete(place.key))
    .catch(() => {});
  let size;
  try {
    size = sizeOf(found.headers, version);
  } catch (error) {
    await forget();
    throw error;
  }
  const memory = new Uint8Array(size); // zeros: only the stored blocks are copied in
  const filled = unpack(found, memory).catch(async (error) => {
    await forget();
    throw error;
  });
  // Awaited by the restore once the runtime is set up: a rejection before then is not
  // "unhandled".
  filled.catch(() => {});
  return { memory, filled };
}

function sizeOf(headers, version) {
  if (headers.get("x-snapshot-version") !== version) {
    throw new Error("snapshot of another build");
  }
  const size = Number(headers.get("x-snapshot-size"));
  if (!Number.isSafeInteger(size) || size < 8 || size > MAX_BYTES) {
    throw new Error(`snapshot size ${size}`);
  }
  return size;
}

/** The stored blocks of `found` copied into `bytes` (its size, all zeros). */
async function unpack({ headers, body }, bytes) {
  const size = bytes.length;
  const stored = new Uint8Array(await body);
  performance.mark("worker:snapshot-read");
  if (await digest(stored) !== headers.get("x-snapshot-sha256")) {
    throw new Error("snapshot damaged");
  }
  performance.mark("worker:snapshot-checked");
  const blocks = Math.ceil(size / BLOCK);
  if (stored.length < blocks) throw new Error("snapshot shorter than recorded");
  let at = blocks; // the map comes first: one byte per block, 1 if it is stored
  for (let block = 0; block < blocks; block++) {
    if (!stored[block]) continue;
    const [start, end] = spanOf(block, size);
    if (at + end - start > stored.length) throw new Error("snapshot shorter than recorded");
    bytes.set(stored.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== stored.length) throw new Error("snapshot longer than recorded");
  const header = new Uint32Array(bytes.buffer, 0, 2);
  if (header[0] !== MAGIC || header[1] >= size || (size - header[1]) % WASM_PAGE !== 0) {
    throw new Error("not a Pyodide snapshot");
  }
  performance.mark("worker:snapshot-unpacked");
}

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...hash].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether bytes[start..end) are all zeros; `words` is a Uint32Array over `bytes` when its
 * offset allows one (four bytes at a time), else null. */
function allZeros(bytes, words, start, end) {
  let at = start;
  if (words) for (; at + 4 <= end; at += 4) if (words[at >> 2] !== 0) return false;
  for (; at < end; at++) if (bytes[at] !== 0) return false;
  return true;
}

/** Store `bytes` as this engine's snapshot in `place` ({cache, key}), its blocks of zeros
 * left out; older ones are deleted. Scanned a MiB at a time, between which the engine
 * answers waiting requests. */
export async function storeSnapshot(place, version, bytes) {
  const blocks = Math.ceil(bytes.length / BLOCK);
  const map = new Uint8Array(blocks);
  const words = bytes.byteOffset % 4 === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : null;
  const kept = []; // the spans of the blocks that are not all zeros
  for (let block = 0; block < blocks; block++) {
    if (block % BLOCKS_PER_SLICE === 0 && block) await new Promise((r) => setTimeout(r, 0));
    const [start, end] = spanOf(block, bytes.length);
    if (!allZeros(bytes, words, start, end)) {
      map[block] = 1;
      kept.push([start, end]);
    }
  }
  const keptBytes = kept.reduce((sum, [start, end]) => sum + end - start, 0);
  const stored = new Uint8Array(blocks + keptBytes);
  stored.set(map);
  let at = blocks;
  for (const [start, end] of kept) {
    stored.set(bytes.subarray(start, end), at);
    at += end - start;
  }
  const headers = {
    "content-type": "application/octet-stream",
    "x-snapshot-version": version,
    "x-snapshot-size": String(bytes.length),
    "x-snapshot-sha256": await digest(stored),
  };
  const cache = await caches.open(place.cache);
  await cache.put(place.key, new Response(stored, { headers })); // all or nothing; may
  for (const request of await cache.keys()) { //                   reject with a quota error
    if (request.url !== place.key) await cache.delete(request);
  }
}
