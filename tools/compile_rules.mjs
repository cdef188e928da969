// The rules package compiled to bytecode for the pinned Pyodide's Python (3.14: the CPython
// that builds the site is another version, whose bytecode Pyodide cannot read). Reads a
// wheel of the sources (argv[2]); prints {path in the wheel: base64 of its .pyc} as JSON.
// Unchecked-hash .pyc files: the same sources give the same bytes, and Python reads them
// without comparing them with the sources (the build makes both from the same wheel).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/rules.whl", readFileSync(process.argv[2]));
process.stdout.write(pyodide.runPython(`
import base64, json, pathlib, py_compile, zipfile
zipfile.ZipFile("/tmp/rules.whl").extractall("/tmp/rules")
root = pathlib.Path("/tmp/rules")
compiled = {}
for source in sorted(root.rglob("*.py")):
    pyc = pathlib.Path(py_compile.compile(
        str(source), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH))
    compiled[pyc.relative_to(root).as_posix()] = base64.b64encode(pyc.read_bytes()).decode()
json.dumps(compiled)
`));
