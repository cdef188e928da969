// The engine's whole life under the pinned Pyodide in Node, with a given standard library
// zip (argv[3]; "" for the stock python_stdlib.zip): booted as web/worker.js boots it (its
// memory snapshot to be made), the wheel (argv[2]) imported from itself, the table's start
// played before the rooms are in (each game with each computer level at both seats: its
// first moves; reported as the phase "table", with the engine's modules it imported),
// the rooms' zip (argv[6]) joined as the worker joins it, every module of the engine and
// of the rooms' zip imported, its snapshot made, one sound request of every op (the Python file
// argv[5]'s every_op, the site's data files under argv[4]); then restored from that
// snapshot with the same zip, freshened as the worker does, and every op asked again.
// Prints one JSON line: the standard library's modules loaded (from the zip), the imports
// of modules the stock zip holds and this one lacks (even when the code caught the
// ImportError), and the ops that did not answer ok. Used by tests/pyodide/test_stdlib.py
// (to prove the slim zip is enough); with "" for the zip, its "loaded" is the list to
// start builder/stdlib.txt from (how it was made). With "boot" as argv[7] the table's phase is
// left out (a check of the boot's imports alone: the table's start costs a Python of its own).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const [wheel, stdlib, dataRoot, everyOp, rooms, from = "table"] = process.argv.slice(2);
const stock = join(dirname(createRequire(import.meta.url).resolve("pyodide")), "python_stdlib.zip");
const options = stdlib ? { stdLibURL: stdlib } : {};

// What the stock zip holds, read by this Python (not the one under test): a finder placed
// last on sys.meta_path records any import of those the zip under test could not find.
const RECORDER = `
import json, sys
class _StockRecorder:
    def __init__(self, names):
        self.names, self.missing = set(names), set()
    def find_spec(self, fullname, path=None, target=None):
        if fullname in self.names:
            self.missing.add(fullname)
        return None
_recorder = _StockRecorder(json.loads(open("/tmp/stock.json").read()))
sys.meta_path.append(_recorder)
`;

// every ludoteca module imported (the worker does so before its snapshot; a restored
// interpreter has them all, and no wheel file: a snapshot keeps no files)
const IMPORT_ALL = `
_errors = []
try:
    import importlib, ludoteca.rooms
    for _m in ludoteca.rooms.modules():
        importlib.import_module(_m)
except Exception as _e:  # reported with the missing modules' names, not as a crash
    _errors.append(f"importing the engine: {type(_e).__name__}: {_e}")
`;
const RUN = (phase) => `
import json, sys
try:
    _failed = {op: why for op, why in every_op("/site").items() if why}
except Exception as _e:
    _failed = {"every_op": f"{type(_e).__name__}: {_e}"}
_zip = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))
print(json.dumps({"phase": ${JSON.stringify(phase)}, "failed": _failed, "errors": _errors,
    "missing": sorted(_recorder.missing), "path": sys.path,
    "loaded": sorted({name for name, m in list(sys.modules.items())
                      if (getattr(m, "__file__", None) or "").startswith(_zip + "/")})}))
`;

// the table's start, before the rooms are in: what a first move needs (web/worker.js
// answers these ops at once, builder/rooms.py ships what they import in the start's zip)
const TABLE = `
import base64, json, sys
_errors, _failed = [], {}
try:
    import ludoteca.web as _web
    from ludoteca import registry as _registry
    from ludoteca.core import CHANCE as _CHANCE
    def _ask(request):
        answer = json.loads(_web.handle(json.dumps(request)))
        if not answer["ok"]:
            _failed[f"{request['op']} {request.get('game', '')}"] = answer["error"]["message"]
        return answer
    for _game in sorted(_registry.GAMES):
        for _level in _registry.levels(_game):
            _view = _ask({"op": "new", "game": _game, "seats": [_level, _level], "seed": 3,
                          "session": "t"})["view"]
            if _view["needs"]:
                _raw = open("/site/" + _view["needs"]["path"], "rb").read()
                _ask({"op": "analysis_data", "name": _view["needs"]["name"],
                      "data": base64.b64encode(_raw).decode()})
            for _ in range(4):
                _state = _web.engine.sessions["t"].state
                if _state.is_terminal:
                    break
                if _state.current_player == _CHANCE:
                    _ask({"op": "throw", "session": "t"})
                else:
                    _ask({"op": "bot", "session": "t", "budget": 0.05})
    _web.engine.sessions.clear()
except Exception as _e:
    _errors.append(f"the table's start: {type(_e).__name__}: {_e}")
_zip = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))
print(json.dumps({"phase": "table", "failed": _failed, "errors": _errors,
    "missing": sorted(_recorder.missing), "path": sys.path,
    "engine": sorted(name for name in sys.modules if name.startswith("ludoteca")),
    "loaded": sorted({name for name, m in list(sys.modules.items())
                      if (getattr(m, "__file__", None) or "").startswith(_zip + "/")})}))
`;

// the worker's own Python around the snapshot (web/worker.js: snapshotWhenIdle, freshen)
const BEFORE_SNAPSHOT = "import gc; gc.collect()";
const FRESHEN = `
import random, sys
for n, module in enumerate(list(sys.modules.values())):
    for value in list(getattr(module, "__dict__", {}).values()):
        if isinstance(value, random.Random) and not isinstance(value, random.SystemRandom):
            value.seed(n)
import ludoteca.web
ludoteca.web.engine.forget_games()
`;

function ready(pyodide) {
  pyodide.setStdout({ batched: (line) => console.log(line) });
  pyodide.mountNodeFS("/site", resolve(dataRoot)); // the site's data files, read by every_op
}

/** A Python booted as the worker boots one, the start's wheel on its path. */
async function boot(more) {
  const python = await loadPyodide({ ...options, ...more });
  ready(python);
  python.FS.writeFile("/tmp/stock.json", JSON.stringify(readStockNames()));
  python.runPython(RECORDER);
  python.FS.writeFile("/lib/ludoteca.whl", readFileSync(wheel));
  python.runPython(`import sys; sys.path.append("/lib/ludoteca.whl")`);
  return python;
}

// the table's start in a Python of its own: its games grow the memory, and the snapshot
// below must be made before that
let pyodide;
if (from === "table") {
  pyodide = await boot({});
  pyodide.runPython(TABLE);
  if (!pyodide.runPython("not (_failed or _errors or _recorder.missing)")) process.exit(0);
}
pyodide = await boot({ _makeSnapshot: true });
// the rooms joined as the worker joins them, once the table plays
pyodide.FS.writeFile("/lib/ludoteca-rooms.zip", readFileSync(rooms));
pyodide.runPython(`import ludoteca.rooms; ludoteca.rooms.join("/lib/ludoteca-rooms.zip")`);
pyodide.runPython(readFileSync(everyOp, "utf8"));
pyodide.runPython(IMPORT_ALL);
// the snapshot as the worker makes it, every module imported (made before the ops run: a
// snapshot of memory grown past its first size does not restore under Node)
pyodide.runPython(BEFORE_SNAPSHOT);
const snapshot = pyodide.makeMemorySnapshot();
pyodide.runPython(RUN("boot"));
// a restore is tried only when the boot went well (its report names what is missing)
if (!pyodide.runPython("not (_failed or _errors or _recorder.missing)")) process.exit(0);

// restored without the rooms' zip, as a repeat visit is: the snapshot holds them
pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
ready(pyodide);
pyodide.runPython("_errors = []");
pyodide.runPython(FRESHEN);
pyodide.runPython(RUN("restored"));

/** The stock zip's module names, read here in JavaScript: its central directory. */
function readStockNames() {
  const zip = readFileSync(stock);
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names = new Set();
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extra + comment;
    if (!name.endsWith(".py")) continue;
    const parts = name.slice(0, -3).split("/");
    if (parts[parts.length - 1] === "__init__") parts.pop();
    names.add(parts.join("."));
  }
  return [...names].sort();
}
