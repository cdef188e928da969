// Run Python code from stdin under the pinned Pyodide in Node, with the ludoteca wheel
// (argv[2]) on its path and, when given, the rooms' zip (argv[3]) joined as the worker joins
// it (ludoteca/rooms.py): the same runtime and package the browser's worker uses.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const [wheel, rooms] = process.argv.slice(2);
const code = readFileSync(0, "utf8");
// PYTHONNODEBUGRANGES=1 in this process's environment: Python's too (its code then keeps
// line numbers, not columns: builder/stdlib.py's bytecode)
const pyodide = await loadPyodide(process.env.PYTHONNODEBUGRANGES
  ? { env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } } : {});
// imported from the wheel itself, as the worker does (web/worker.js: installRules)
pyodide.FS.writeFile("/tmp/ludoteca.whl", readFileSync(wheel));
pyodide.runPython(`import sys; sys.path.append("/tmp/ludoteca.whl")`);
if (rooms) {
  pyodide.FS.writeFile("/tmp/ludoteca-rooms.zip", readFileSync(rooms));
  pyodide.runPython(`import ludoteca.rooms; ludoteca.rooms.join("/tmp/ludoteca-rooms.zip")`);
}
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.runPython(code);
