// Run Python code from stdin under the pinned Pyodide in Node, with the ludoteca wheel
// (argv[2]) installed: the same runtime and package the browser's worker uses.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const wheel = process.argv[2];
const code = readFileSync(0, "utf8");
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/ludoteca.whl", readFileSync(wheel));
pyodide.runPython(`
import zipfile, sys
zipfile.ZipFile("/tmp/ludoteca.whl").extractall("/tmp/site")
sys.path.insert(0, "/tmp/site")
`);
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.runPython(code);
