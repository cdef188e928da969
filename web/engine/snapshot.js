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
// time. A checksum of what is stored catches a damaged one, as gzip's check did (Checksum).

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
 * {headers, body: its stream} — as `{memory, stored}`: `memory`, the snapshot's whole size at
 * once (zeros, never written: Pyodide sets up its runtime with its length), and `stored`, a
 * promise of the snapshot read and checked, `{header, fill}`: Pyodide's header (the first
 * bytes, the JSON of its state), and `fill(heap)`, which writes the memory the snapshot holds
 * into the runtime's own (worker.js, once the runtime is set up). The bytes are read and
 * checked as they arrive, while the runtime is set up, and unpacked once, straight into the
 * runtime's memory: no copy of the whole snapshot in between.
 * Rejects at once for another build's snapshot or a size that cannot be; `stored` rejects,
 * after deleting it, when the stored one is damaged or is not a snapshot. */
export async function readSnapshot(found, version, place) {
  const forget = () => caches.open(place.cache).then((cache) => cache.delete(place.key))
    .catch(() => {});
  let size;
  try {
    size = sizeOf(found.headers, version);
  } catch (error) {
    found.body?.cancel().catch(() => {});
    await forget();
    throw error;
  }
  const stored = read(found, size).catch(async (error) => {
    await forget();
    throw error;
  });
  // Awaited by the restore once the runtime is set up: a rejection before then is not
  // "unhandled".
  stored.catch(() => {});
  return { memory: new Uint8Array(size), stored };
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

/** The stored bytes of `found` read as they arrive, each piece added to the checksum then;
 * `{header, fill}` (readSnapshot) once they are all in and checked. */
async function read({ headers, body }, size) {
  const blocks = Math.ceil(size / BLOCK);
  const pieces = [];
  const check = new Checksum();
  const reader = body.getReader();
  for (let length = 0; ;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > blocks + size) throw new Error("snapshot longer than recorded");
    check.add(value);
    pieces.push(value);
  }
  performance.mark("worker:snapshot-read");
  if (check.digest() !== headers.get("x-snapshot-check")) throw new Error("snapshot damaged");
  const stored = new Pieces(pieces);
  const map = stored.take(blocks); // one byte per block, 1 if it is stored
  const runs = storedRuns(map, size);
  if (stored.left !== runs.reduce((sum, [start, end]) => sum + end - start, 0)) {
    throw new Error("snapshot shorter than recorded");
  }
  // Pyodide's header first (stored: it is not zeros): a magic number, its own length (a
  // multiple of 16), the JSON of its state; then the runtime's memory, whole 64 KiB pages
  const [start, end] = runs[0] ?? [0, 0];
  const header = new Uint8Array(Math.min(8, end - start));
  stored.copy(header.length, header, 0);
  const [magic, headerLength] = header.length === 8 ? new Uint32Array(header.buffer) : [];
  if (start !== 0 || magic !== MAGIC || headerLength < 16 || headerLength % 16 !== 0 ||
      headerLength > end || (size - headerLength) % WASM_PAGE !== 0) {
    throw new Error("not a Pyodide snapshot");
  }
  const whole = new Uint8Array(headerLength);
  whole.set(header);
  stored.copy(headerLength - 8, whole, 8);
  runs[0] = [headerLength, end];
  performance.mark("worker:snapshot-checked");
  const fill = (heap) => {
    if (heap.length < size - headerLength) throw new Error("runtime memory too small");
    let done = 0; // where the heap is written up to
    for (const [start, end] of runs) {
      heap.fill(0, done, start - headerLength); // the blocks of zeros left out
      stored.copy(end - start, heap, start - headerLength);
      done = end - headerLength;
    }
    heap.fill(0, done, size - headerLength);
    pieces.length = 0; // written once: the stored bytes can go (the worker keeps the rest)
    performance.mark("worker:snapshot-unpacked");
  };
  return { header: whole, fill };
}

/** [start, end) of each run of stored blocks (`map`) in a snapshot of `size` bytes. */
function storedRuns(map, size) {
  const runs = [];
  for (let block = 0; block < map.length; block++) {
    if (!map[block]) continue;
    const [start, end] = spanOf(block, size);
    const last = runs[runs.length - 1];
    if (last && last[1] === start) last[1] = end;
    else runs.push([start, end]);
  }
  return runs;
}

/** The stored bytes as they were read, in pieces of any length, taken in order. */
class Pieces {
  constructor(pieces) {
    this.pieces = pieces;
    this.index = 0; // the piece being taken from,
    this.at = 0; // and where in it
    this.left = pieces.reduce((sum, piece) => sum + piece.length, 0);
  }

  /** The next `count` bytes, copied into `into` at `offset`. */
  copy(count, into, offset) {
    if (count > this.left) throw new Error("snapshot shorter than recorded");
    this.left -= count;
    while (count > 0) {
      const piece = this.pieces[this.index];
      const part = Math.min(count, piece.length - this.at);
      into.set(piece.subarray(this.at, this.at + part), offset);
      offset += part;
      count -= part;
      this.at += part;
      if (this.at === piece.length) [this.index, this.at] = [this.index + 1, 0];
    }
  }

  /** The next `count` bytes, as a new array. */
  take(count) {
    const bytes = new Uint8Array(count);
    this.copy(count, bytes, 0);
    return bytes;
  }
}

/** A 64-bit checksum of bytes fed in pieces of any length, as two 32-bit lanes over each
 * little-endian word: it catches what a disk or a write that failed does to a stored
 * snapshot (a word changed always changes it; so does a length), at a few ms for the whole,
 * taken piece by piece as they arrive. Not against an attacker: a snapshot is made and kept
 * in this browser only. (WebCrypto's SHA-256 digests only a whole buffer, once all of it
 * is in, on the restore's path.) */
export class Checksum {
  constructor() {
    this.low = 0x811c9dc5;
    this.high = 0x2545f491;
    this.length = 0;
    this.word = 0; // the bytes so far of a word that a piece ended in the middle of
  }

  add(bytes) {
    let at = 0;
    for (; this.length % 4 && at < bytes.length; at++) this.addByte(bytes[at]);
    const count = (bytes.length - at) >> 2;
    const offset = bytes.byteOffset + at;
    // the words as they are when aligned (a piece from Cache Storage is), else a copy
    const words = offset % 4 === 0 ? new Uint32Array(bytes.buffer, offset, count)
      : new Uint32Array(bytes.slice(at, at + 4 * count).buffer);
    let { low, high } = this; // addByte()'s steps, inline: the whole snapshot goes through here
    for (let i = 0; i < count; i++) {
      const word = words[i];
      low = Math.imul(low ^ word, 0x01000193);
      low = low << 13 | low >>> 19;
      high = Math.imul(high ^ word, 0x9e3779b1);
      high = high << 17 | high >>> 15;
    }
    [this.low, this.high] = [low, high];
    this.length += 4 * count;
    for (at += 4 * count; at < bytes.length; at++) this.addByte(bytes[at]);
  }

  /** One byte, a word's last one that a piece ended in the middle of. */
  addByte(byte) {
    this.word |= byte << 8 * (this.length++ % 4);
    if (this.length % 4 === 0) {
      this.low = Math.imul(this.low ^ this.word, 0x01000193);
      this.low = this.low << 13 | this.low >>> 19;
      this.high = Math.imul(this.high ^ this.word, 0x9e3779b1);
      this.high = this.high << 17 | this.high >>> 15;
      this.word = 0;
    }
  }

  /** The checksum of every byte added, with their count, as hex. */
  digest() {
    const hex = (n) => (n >>> 0).toString(16).padStart(8, "0");
    return `${hex(this.low ^ this.word)}${hex(this.high ^ this.length)}-${this.length}`;
  }
}

/** Whether bytes[start..end) are all zeros; `words` is a Uint32Array over `bytes` when its
 * offset allows one (four bytes at a time), else null. */
function allZeros(bytes, words, start, end) {
  let at = start;
  if (words) for (; at + 4 <= end; at += 4) if (words[at >> 2] !== 0) return false;
  for (; at < end; at++) if (bytes[at] !== 0) return false;
  return true;
}

function checksumOf(bytes) {
  const check = new Checksum();
  check.add(bytes);
  return check.digest();
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
    "x-snapshot-check": checksumOf(stored),
  };
  const cache = await caches.open(place.cache);
  await cache.put(place.key, new Response(stored, { headers })); // all or nothing; may
  for (const request of await cache.keys()) { //                   reject with a quota error
    if (request.url !== place.key) await cache.delete(request);
  }
}
