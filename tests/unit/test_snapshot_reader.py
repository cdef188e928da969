"""The reader of stored memory snapshots (web/snapshot.js), run in Node with a stand-in for
Cache Storage: an unusable snapshot (another build's, cut short, not a snapshot) is refused
and deleted, and its refusal is never an unhandled rejection — the worker awaits the bytes
only once Pyodide's scripts are in, and another build's snapshot is refused before that
(the end-to-end test saw "uncaught error: snapshot of another build" on a loaded machine)."""

from __future__ import annotations

import pytest
from page_modules import run_in_node

SCRIPT = r"""
const unhandled = [];
process.on("unhandledRejection", (error) => unhandled.push(String(error && error.message)));
globalThis.self = { location: { href: "https://ludoteca.test/worker.js" } };
const deleted = [];
const stored = { headers: {}, body: new Uint8Array(0) };
globalThis.caches = { open: async () => ({
  match: async () => new Response(stored.body, { headers: stored.headers }),
  delete: async (key) => { deleted.push(key); return true; },
}) };
const { readSnapshot } = await import("./snapshot.js");
const gzip = async (bytes) => new Uint8Array(await new Response(new Blob([bytes]).stream()
  .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
// a well-formed Pyodide 314 snapshot: magic number, header length, then whole 64 KiB pages
const good = new Uint8Array(8 + 65536);
new DataView(good.buffer).setUint32(0, 1886286592, true);
new DataView(good.buffer).setUint32(4, 8, true);
const cases = {
  "good": { version: "v1", size: good.length, body: await gzip(good) },
  "another build": { version: "v0", size: good.length, body: await gzip(good) },
  "cut short": { version: "v1", size: good.length, body: (await gzip(good)).slice(0, 30) },
  "not a snapshot": { version: "v1", size: 16, body: await gzip(new Uint8Array(16)) },
};
const out = {};
for (const [name, c] of Object.entries(cases)) {
  stored.headers = { "x-snapshot-version": c.version, "x-snapshot-size": String(c.size) };
  stored.body = c.body;
  deleted.length = 0;
  const snapshot = await readSnapshot("v1");
  // what the worker does meanwhile: fetch Pyodide's scripts (several tasks) before awaiting
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  let result;
  try {
    result = { bytes: (await snapshot.bytes).length };
  } catch (error) {
    result = { refused: String(error.message) };
  }
  out[name] = { ...result, deleted: deleted.length };
}
await new Promise((resolve) => setTimeout(resolve, 0));
out.unhandled = unhandled;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return run_in_node(tmp_path_factory.mktemp("snapshot"), ("snapshot.js",), SCRIPT)


def test_a_good_snapshot_is_read_whole(results):
    assert results["good"] == {"bytes": 8 + 65536, "deleted": 0}


@pytest.mark.parametrize("case, reason", [
    ("another build", "snapshot of another build"),
    ("cut short", ""),  # gzip's own error: the stream ends early
    ("not a snapshot", "not a Pyodide snapshot"),
])
def test_an_unusable_snapshot_is_refused_and_deleted(results, case, reason):
    assert "refused" in results[case], results[case]
    assert reason in results[case]["refused"]
    assert results[case]["deleted"] == 1


def test_a_refusal_is_never_an_unhandled_rejection(results):
    assert results["unhandled"] == []
