"""Which standard-library modules the first move's boot compiles, and what shipping each as
bytecode would cost and save: the ranking behind builder/stdlib.txt's ``# bytecode`` marks.

Under the pinned Pyodide in Node, with the site's own slim zip (dist/, as built) as its
standard library: boot, import the rules' wheel and start a game as the worker does; then,
for every module imported from the zip as source, the best of 7 compiles of that source
(what the boot spent on it), and its bytes in the zip as source and as a .pyc (each deflated
alone, as the zip holds it). Printed by compile time per KB the .pyc adds, with running
totals: mark ``# bytecode`` from the top while the first visit stays under 5.0 MB. Also
printed: listed modules Pyodide imports frozen (from its binary, never from the zip),
which stdlib.txt marks ``# frozen``. Times are Node's, on this machine: rank by them, do
not quote them as the browser's.

    python3 bench/stdlib_cost.py
"""

from __future__ import annotations

import json
import subprocess

from _common import ROOT

NODE = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const [stdlib, wheel, code] = process.argv.slice(1);
// the bytecode's size as builder/stdlib.py makes it: lines kept, columns not
const pyodide = await loadPyodide({
  stdLibURL: stdlib, env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/ludoteca.whl", readFileSync(wheel));
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.runPython(code);
"""

PYTHON = r"""
import _imp, json, marshal, sys, time, zipfile, zlib
sys.path.append("/tmp/ludoteca.whl")
import ludoteca.web as web
web.handle(json.dumps({"op": "new", "game": "bakuk", "seats": ["human", "human"], "seed": 1}))
ZIP = "/lib/python314.zip/"
PASSES = 7
stdlib = zipfile.ZipFile(ZIP[:-1])
sources, frozen = {}, []
for name, module in sorted(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin == "frozen" and _imp.is_frozen(name):
        frozen.append(name)
    if origin.startswith(ZIP) and origin.endswith(".py"):
        sources[name] = (origin, stdlib.read(origin[len(ZIP):]))
times = {name: [] for name in sources}
for _ in range(PASSES):  # every module once a pass: a burst of load spoils one pass's time
    for name, (origin, source) in sources.items():
        start = time.perf_counter()
        code = compile(source, origin, "exec", dont_inherit=True)
        times[name].append(time.perf_counter() - start)
rows = [{"name": name, "ms": min(times[name]) * 1000,
         "source": len(zlib.compress(source, 9)),
         "pyc": len(zlib.compress(marshal.dumps(compile(source, origin, "exec",
                                                        dont_inherit=True)), 9)) + 16}
        for name, (origin, source) in sources.items()]
print(json.dumps({"rows": rows, "frozen": frozen}))
"""


def main() -> None:
    from builder.paths import DIST
    from builder.site import build

    info = build()
    node = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(DIST / info["stdlib"]),
         str(DIST / info["wheels"]["ludoteca"]), PYTHON],
        cwd=ROOT, check=True, capture_output=True, text=True)
    found = json.loads(node.stdout.strip().splitlines()[-1])
    rows = found["rows"]
    for row in rows:
        row["adds"] = row["pyc"] - row["source"]
        row["rate"] = row["ms"] / max(row["adds"], 1) * 1000
    rows.sort(key=lambda row: -row["rate"])
    print(f"{len(rows)} modules compiled from source at the start: "
          f"{sum(row['ms'] for row in rows):.0f} ms, {sum(row['source'] for row in rows)} B; "
          f"as bytecode +{sum(row['adds'] for row in rows)} B")
    print(f"{'module':32} {'ms':>6} {'source B':>9} {'pyc B':>7} {'ms/KB':>6} "
          f"{'total ms':>9} {'total +B':>9}")
    ms = added = 0
    for row in rows:
        ms, added = ms + row["ms"], added + row["adds"]
        print(f"{row['name']:32} {row['ms']:6.1f} {row['source']:9} {row['pyc']:7} "
              f"{row['rate']:6.2f} {ms:9.0f} {added:9}")
    print("imported frozen (never from the zip):", " ".join(found["frozen"]))


if __name__ == "__main__":
    main()
