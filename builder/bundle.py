"""The page made into few files: the stylesheets style.css imports inlined into it;
engine-start.js written into index.html (allowed by its hash in netlify.toml's
Content-Security-Policy); app.js and worker.js each bundled with the modules they import by
the pinned esbuild."""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
import tempfile
from pathlib import Path

from builder.common import run, sha
from builder.paths import ENGINE_START, PAGE, ROOT
from tools.server import header_rules  # netlify.toml's headers, as served locally

CSS_IMPORT = re.compile(r'@import url\("([^"]+)"\);')


def inline_imports(files: dict, path: str) -> set:
    """The stylesheet `path` with each `@import url("…");` replaced, where it stands, by the
    imported sheet (its own imports inlined too): the order the browser applies them in, in
    one request where there were seven, and no chain of requests (a sheet, then what it
    imports, then what those import) before the page can be drawn. Returns the sheets
    inlined, which are then left out of the site."""
    inlined = set()

    def text(sheet: str) -> str:
        folder = posixpath.dirname(sheet)

        def replace(match):
            imported = posixpath.normpath(posixpath.join(folder, match.group(1)))
            if imported not in files:
                raise SystemExit(f"build: {sheet} imports {imported}, which is not there")
            inlined.add(imported)
            return f"/* {imported} */\n{text(imported)}"

        return CSS_IMPORT.sub(replace, files[sheet].decode())

    files[path] = text(path).encode()
    return inlined


ENGINE_START_TAG = f'<script src="{ENGINE_START}"></script>'


def script_hash(script: str) -> str:
    """The Content-Security-Policy source that allows this inline script, and no other."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def inline_engine_start(files: dict) -> None:
    """index.html's first script, engine-start.js, written into the page: the engine's worker
    starts as the parser reaches it, not once a request for the script has come back (a
    round trip on every first visit). The site's Content-Security-Policy (netlify.toml)
    allows this inline script by its hash, and no other: the build stops, saying what to
    write there, when the hash is not the script's."""
    script = files.pop(ENGINE_START).decode()
    page = files[PAGE].decode()
    if page.count(ENGINE_START_TAG) != 1 or "</script" in script.lower():
        raise SystemExit(f"build: {PAGE} must load {ENGINE_START} once, by {ENGINE_START_TAG}")
    files[PAGE] = page.replace(ENGINE_START_TAG, f"<script>{script}</script>").encode()
    script_sources = [directive.split()[1:] for _, values in header_rules(ROOT / "netlify.toml")
                      for directive in values.get("Content-Security-Policy", "").split(";")
                      if directive.split()[:1] == ["script-src"]]
    allowed = script_hash(script)
    if not any(allowed in sources for sources in script_sources):
        raise SystemExit(f"build: {ENGINE_START} changed: in netlify.toml's "
                         f"Content-Security-Policy, script-src must allow {allowed}")


MODULE_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?(?:\bfrom\s*)?"(\.{1,2}/[^"]+)"', re.M)
# a room loaded on demand (code splitting): `import("./teach/print.js")`
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"(\.{1,2}/[^"]+)"\s*\)')


def modules_of(files: dict, entry: str) -> set:
    """`entry` and every module of ours it imports, directly or not (build-info.js and
    worker-runtime.js too, written later): what bundle() folds into it."""
    found, todo = set(), [entry]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        source = files.get(path, b"").decode()
        for target in MODULE_IMPORT.findall(source) + DYNAMIC_IMPORT.findall(source):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), target)))
    return found


def bundle(entry: str, modules: dict) -> bytes:
    """`entry` and its modules ({path: source}; "pyodide.mjs" stands for the package
    "pyodide") as one script, by esbuild (pinned in package.json; not minified, each
    module's code under a comment naming it).
    - app.js: one request where there were dozens, fetched in rounds (app.js, what it
      imports, what those import): a first visit draws the board sooner, and fewer
      requests compete with the engine's for the runtime.
    - worker.js: Python's runtime is asked for as soon as the worker runs, not after its
      loader and snapshot.js arrive — a round trip each."""
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    with tempfile.TemporaryDirectory() as folder:
        for path, data in modules.items():
            (Path(folder) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / path).write_bytes(data)
        run(str(esbuild), entry, "--bundle", "--format=esm", "--charset=utf8",
            "--alias:pyodide=./pyodide.mjs",
            # what Pyodide's loader imports only when it runs in Node
            "--external:node:*", "--external:ws",
            "--log-level=warning", "--metafile=meta.json", f"--outfile=out/{entry}", cwd=folder)
        inputs = set(json.loads((Path(folder) / "meta.json").read_text())["inputs"])
        if inputs != set(modules):  # the build's version hashes exactly what is bundled
            raise SystemExit(f"build: {entry} bundles {sorted(inputs ^ set(modules))} "
                             "unexpectedly (modules_of)")
        return (Path(folder) / "out" / entry).read_bytes()


CHUNKS = "chunks/"  # the page's code split: chunks named by their content's hash


STARTUP = "startup-code.js"  # made by bundle_split: every start-up module, for one chunk


def bundle_split(entry: str, modules: dict) -> tuple:
    """The page's `entry` and its modules as an entry script plus chunks (esbuild's code
    splitting, ESM): what the home page and the table need is the entry and the one chunk it
    imports; each room the page opens by `import("…")` (teaching, classroom, labs) is a
    chunk of its own, fetched when it opens. Chunks are named by their content's hash
    (chunks/<name>-<hash>.js), so a browser may keep one across versions. Returns
    ({path: bytes} of every output, [the chunks the entry imports statically, which the page
    preloads], {the modules in the entry and those chunks: the start-up code}, {each module
    imported on demand: the modules its chunks hold beyond the start-up code}).

    esbuild makes a chunk of each set of entries that share modules: the start-up code came
    as a dozen chunks (the table's modules that the print kit uses too, those the coach and
    the editor use...), a dozen requests before the first move. A second pass makes every
    room import every start-up module (STARTUP: by then app.js has run them all, so nothing
    runs again or in another order): they share one set of entries, and one chunk."""
    made, static, startup, rooms = split_once(entry, modules)
    if len(static) <= 1:
        return made, static, startup, rooms
    together = dict(modules)
    together[STARTUP] = "".join(f'import "./{path}";\n' for path in sorted(startup - {entry}))
    together[STARTUP] = together[STARTUP].encode()
    for room in rooms:
        imported = posixpath.relpath(STARTUP, posixpath.dirname(room) or ".")
        imported = imported if imported.startswith(".") else f"./{imported}"
        together[room] = f'import "{imported}";\n'.encode() + modules[room]
    made, static, startup, rooms = split_once(entry, together)
    return made, static, startup - {STARTUP}, {room: inside - {STARTUP}
                                                for room, inside in rooms.items()}


def split_once(entry: str, modules: dict) -> tuple:
    """One pass of esbuild's code splitting (bundle_split)."""
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    with tempfile.TemporaryDirectory() as folder:
        for path, data in modules.items():
            (Path(folder) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / path).write_bytes(data)
        run(str(esbuild), entry, "--bundle", "--splitting", "--format=esm", "--charset=utf8",
            "--outdir=out", "--entry-names=[name]", f"--chunk-names={CHUNKS}[name]-[hash]",
            "--log-level=warning", "--metafile=meta.json", cwd=folder)
        outputs = json.loads((Path(folder) / "meta.json").read_text())["outputs"]
        inputs = {path for output in outputs.values() for path in output["inputs"]}
        inputs |= {STARTUP} & set(modules)  # imports only: it holds no code of its own
        if inputs != set(modules):  # the build's version hashes exactly what is bundled
            raise SystemExit(f"build: {entry} bundles {sorted(inputs ^ set(modules))} "
                             "unexpectedly (modules_of)")
        made = {posixpath.relpath(path, "out"): (Path(folder) / path).read_bytes()
                for path in outputs if not path.endswith(".map")}

        def needs(output: str) -> list:
            """`output` and the chunks it imports before it runs, directly or not."""
            found, todo = [output], [output]
            while todo:
                for imported in outputs[todo.pop()].get("imports", []):
                    if imported["kind"] == "import-statement" and imported["path"] not in found:
                        found.append(imported["path"])
                        todo.append(imported["path"])
            return found

        first = needs(f"out/{entry}")
        static = [posixpath.relpath(path, "out") for path in first[1:]]
        startup = {path for output in first for path in outputs[output]["inputs"]}
        rooms = {meta["entryPoint"]: {path for output in needs(name)
                                      for path in outputs[output]["inputs"]} - startup
                 for name, meta in outputs.items()
                 if meta.get("entryPoint") and meta["entryPoint"] != entry}
        return made, static, startup, rooms


def sources_hash(sources: dict) -> str:
    """What names a bundle in the build's version: the hash of the sources it is made of."""
    return sha(json.dumps({path: sha(data) for path, data in sources.items()},
                          sort_keys=True).encode())[:16]
