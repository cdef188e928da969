import { loadPyodide } from "pyodide";
let py = await loadPyodide({ _makeSnapshot: true });
py.runPython("x = [bytes(1000) for i in range(int(" + process.argv[2] + "))]; del x; import gc; gc.collect()");
const s = py.makeMemorySnapshot();
console.log("snap", s.length, py._module.HEAP8.length);
try { py = await loadPyodide({ _loadSnapshot: s }); console.log("ok", py.runPython("1+1")); }
catch (e) { console.log("fail", String(e)); }
