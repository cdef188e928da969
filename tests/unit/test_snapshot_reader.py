"""The stored memory snapshots (web/engine/snapshot.js), run in Node with a stand-in for Cache
Storage: a snapshot stored is read back the same, without its blocks of zeros; an unusable
one (another build's, cut short, damaged, not a snapshot) is refused and deleted, and its
refusal is never an unhandled rejection — the worker awaits the bytes only once Pyodide's
scripts are in, and another build's snapshot is refused before that (the end-to-end test
saw "uncaught error: snapshot of another build" on a loaded machine)."""

from __future__ import annotations

import pytest
from page_modules import run_in_node

SCRIPT = r"""
const unhandled = [];
process.on("unhandledRejection", (error) => unhandled.push(String(error && error.message)));
globalThis.self = { location: { href: "https://ludoteca.test/worker.js" } };
const entries = new Map(); // key → { headers, body }
const deleted = [];
// the stored bytes as Cache Storage hands them: a stream, here in pieces of uneven lengths
// (a word or a block cut anywhere)
const inPieces = (bytes) => new ReadableStream({
  start(controller) {
    const lengths = [3, 4093, 1, 65536, 7, 10000];
    for (let at = 0, i = 0; at < bytes.length; at += lengths[i++ % lengths.length]) {
      controller.enqueue(bytes.slice(at, at + lengths[i % lengths.length]));
    }
    controller.close();
  },
});
globalThis.caches = { open: async () => ({
  match: async (key) => entries.has(key)
    ? new Response(inPieces(entries.get(key).body), { headers: entries.get(key).headers })
    : undefined,
  put: async (key, response) => entries.set(key, {
    headers: Object.fromEntries(response.headers),
    body: new Uint8Array(await response.arrayBuffer()),
  }),
  keys: async () => [...entries.keys()].map((url) => ({ url })),
  delete: async (key) => { deleted.push(key.url || key); return entries.delete(key.url || key); },
}) };
const { Checksum, readSnapshot, storeSnapshot } = await import("./engine/snapshot.js");
const KEY = (version) => `https://ludoteca.test/__snapshot__/${version}`;
const place = (version) => ({ cache: "ludoteca:snapshots", key: KEY(version) });

// a well-formed Pyodide 314 snapshot: magic number, header length, then whole 64 KiB pages
// (here a header of 1,008 bytes, so that the last block is a part of one) with some bytes
// set and most blocks all zeros
const HEADER = 1008;
const size = HEADER + 2 * 65536;
const good = new Uint8Array(size);
new DataView(good.buffer).setUint32(0, 1886286592, true);
new DataView(good.buffer).setUint32(4, HEADER, true);
for (const at of [9, 4095, 4096 * 7 + 3, size - 1]) good[at] = at % 251 + 1;

async function read(version) {
  deleted.length = 0;
  // what the worker looked up from its first moment (worker.js, lookUpSnapshot)
  const response = await (await caches.open()).match(KEY(version));
  const found = { headers: response.headers, body: response.body };
  let snapshot;
  try {
    snapshot = await readSnapshot(found, version, place(version));
  } catch (error) { // refused before the restore starts: a normal start, no runtime set up
    return { refused: String(error.message), deleted: deleted.length, early: true };
  }
  // the size handed to Pyodide before the bytes are read: it sets up its runtime meanwhile
  let readYet = false;
  snapshot.stored.then(() => { readYet = true; }, () => {});
  const sizedFirst = !readYet && snapshot.memory.length === good.length;
  // what the worker does meanwhile: fetch Pyodide's scripts (several tasks) before awaiting
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    const { header, fill } = await snapshot.stored;
    // the runtime's memory once set up: not zeros, and a page larger than the snapshot's
    const heap = new Uint8Array(size - HEADER + 65536).fill(0xee);
    fill(heap);
    const same = (bytes, from) => bytes.every((b, i) => b === good[from + i]);
    return { same: header.length === HEADER && same(header, 0) &&
               same(heap.subarray(0, size - HEADER), HEADER),
             restAsItWas: heap.subarray(size - HEADER).every((b) => b === 0xee),
             deleted: deleted.length, sizedFirst };
  } catch (error) {
    return { refused: String(error.message), deleted: deleted.length };
  }
}

const out = {};
await storeSnapshot(place("v0"), "v0", good);
await storeSnapshot(place("v1"), "v1", good);
out.kept = [...entries.keys()];
out.storedBytes = entries.get(KEY("v1")).body.length;
out.good = await read("v1");
const stored = entries.get(KEY("v1"));
const spoilt = {
  "another build": { ...stored, headers: { ...stored.headers, "x-snapshot-version": "v0" } },
  "cut short": { ...stored, body: stored.body.slice(0, stored.body.length - 10) },
  "damaged": { ...stored, body: stored.body.map((b, i) => (i === 40 ? b ^ 0x5a : b)) },
};
for (const [name, entry] of Object.entries(spoilt)) {
  entries.set(KEY("v1"), entry);
  out[name] = await read("v1");
}
await storeSnapshot(place("v1"), "v1", new Uint8Array(16));
out["not a snapshot"] = await read("v1");
const odd = good.slice();
new DataView(odd.buffer).setUint32(4, HEADER - 8, true); // not Pyodide's multiple of 16
await storeSnapshot(place("v1"), "v1", odd);
out["odd header"] = await read("v1");

// the checksum of a snapshot's stored bytes, added in pieces as they arrive
const checksum = (bytes, lengths) => {
  const check = new Checksum();
  for (let at = 0, i = 0; at < bytes.length; at += lengths[i++ % lengths.length]) {
    check.add(bytes.subarray(at, at + lengths[i % lengths.length]));
  }
  return check.digest();
};
const whole = checksum(good, [good.length]);
out.checksum = {
  sameInPieces: [[1], [3, 5], [4093, 7, 2], [65536]].every((l) => checksum(good, l) === whole),
  changedByAnyByte: [0, 1, 2, 3, 4097, size - 1].every((at) => {
    const bytes = good.slice();
    bytes[at] ^= 0x80;
    return checksum(bytes, [5, 4091]) !== whole;
  }),
  changedByLength: checksum(good.subarray(0, size - 1), [size]) !== whole &&
    checksum(new Uint8Array(3), [3]) !== checksum(new Uint8Array(4), [4]),
  changedBySwappedWords: checksum(new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0]), [8]) !==
    checksum(new Uint8Array([2, 0, 0, 0, 1, 0, 0, 0]), [8]),
};
await new Promise((resolve) => setTimeout(resolve, 0));
out.unhandled = unhandled;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return run_in_node(tmp_path_factory.mktemp("snapshot"), ("engine/snapshot.js",), SCRIPT)


def test_a_stored_snapshot_is_read_back_the_same(results):
    """Read in pieces of any length, and written straight into the runtime's memory (zeros
    where the blocks left out were, the memory after the snapshot's as it was)."""
    assert results["good"]["same"] is True
    assert results["good"]["restAsItWas"] is True
    assert results["good"]["deleted"] == 0


def test_the_checksum_catches_what_a_disk_does_to_a_snapshot_however_it_is_read(results):
    assert results["checksum"] == {"sameInPieces": True, "changedByAnyByte": True,
                                   "changedByLength": True, "changedBySwappedWords": True}


def test_the_snapshots_size_is_known_before_its_bytes_are_read(results):
    """Pyodide sets up its runtime with the size only: the read overlaps it (worker.js)."""
    assert results["good"]["sizedFirst"] is True


def test_blocks_of_zeros_are_left_out_and_only_this_builds_snapshot_is_kept(results):
    # a map of 33 blocks, then the two 4 KiB blocks holding bytes set, and the last block
    # (1,008 bytes)
    assert results["storedBytes"] == 33 + 2 * 4096 + 1008
    assert results["kept"] == ["https://ludoteca.test/__snapshot__/v1"]


@pytest.mark.parametrize("case, reason", [
    ("another build", "snapshot of another build"),
    ("cut short", "snapshot damaged"),
    ("damaged", "snapshot damaged"),
    ("not a snapshot", "not a Pyodide snapshot"),
    ("odd header", "not a Pyodide snapshot"),
])
def test_an_unusable_snapshot_is_refused_and_deleted(results, case, reason):
    assert {k: results[case][k] for k in ("refused", "deleted")} == {
        "refused": reason, "deleted": 1}


def test_another_builds_snapshot_is_refused_before_the_runtime_is_set_up(results):
    assert results["another build"].get("early") is True
    assert "early" not in results["damaged"]  # found only once its bytes are read


def test_a_refusal_is_never_an_unhandled_rejection(results):
    assert results["unhandled"] == []
