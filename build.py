#!/usr/bin/env python3
"""Ludoteca's one entry point.

    python build.py          build the static site into dist/
    python build.py serve    build, then serve dist/ on http://localhost:8000
    python build.py test     install what the tests need, build, lint, run every test
    python build.py bench    build, then run the benchmarks in bench/ (they print figures)
    python build.py puzzles [game ...]   make each game's puzzles afresh, proven by its
                             analysis, into its package's puzzle_set.py (shipped, committed)
    python build.py fairness [game ...]  play each game's fairness-lab configurations afresh
                             (seeded) into its package's fairness_set.py (shipped, committed)

dist/ holds the page (web/: its modules bundled into one app.js and the engine's worker into
one worker.js by the pinned esbuild, its stylesheets into one style.css, engine-start.js
written into index.html), the ludoteca wheel (its modules, and their bytecode for
Pyodide's Python, compiled by the pinned Pyodide in Node), the micropip wheel and the
Pyodide runtime copied from the npm package pinned in package.json, plus the build's facts
(build-info.json, also bundled into app.js: the games, the wheel URLs, the files with their
content hashes). Unchanged inputs leave dist/ untouched.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# LUDOTECA_DIST lets several checkouts or helpers build side by side without racing.
DIST = Path(os.environ.get("LUDOTECA_DIST") or ROOT / "dist").resolve()
CACHE = ROOT / ".build"
WEB = ROOT / "web"
# The test suite's fixture game (tests/fixtures/): its Python package joins the registry of a
# process that has tests/fixtures/py on its path (the tests'), and its page folder joins the
# site built by such a process; never the site `build.py` or `serve` build.
FIXTURES = ROOT / "tests" / "fixtures"
STRINGS = "strings.{lang}.json"  # a game folder's own strings, merged into i18n/<lang>.json
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
MICROPIP = "micropip==0.11.1"
sys.path.insert(0, str(ROOT / "py"))  # the rules: the build asks them for the catalogue


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*cmd, **kwargs) -> None:
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


def write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- inputs ----------------------------------------------------------------------------
def npm_packages_missing() -> list:
    """The packages of package-lock.json (pyodide; esbuild, which bundles the page; axe-core
    for the tests) not installed at their pinned version."""
    locked = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    missing = []
    for path, info in locked.items():
        installed = ROOT / path / "package.json"
        if info.get("optional"):
            continue  # esbuild's binary for each platform: only this machine's is installed
        if path and (not installed.exists() or
                     json.loads(installed.read_text()).get("version") != info.get("version")):
            missing.append(path.removeprefix("node_modules/"))
    return missing


def pyodide_package() -> Path:
    """node_modules/pyodide as pinned in package-lock.json (npm ci when any pinned package,
    pyodide, esbuild or the tests' axe-core, is not)."""
    missing = npm_packages_missing()
    if missing:
        log(f"npm ci ({', '.join(missing)})")
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
    return ROOT / "node_modules" / "pyodide"


def micropip_wheel() -> Path:
    """micropip's wheel for Pyodide's Python (the npm package does not ship it)."""
    folder = CACHE / "micropip"
    wheels = sorted(folder.glob("micropip-*.whl")) if folder.exists() else []
    if not wheels:
        log(f"pip download {MICROPIP}")
        run(sys.executable, "-m", "pip", "download", MICROPIP, "--no-deps", "--quiet",
            "--python-version", "3.14", "--only-binary=:all:", "-d", str(folder))
        wheels = sorted(folder.glob("micropip-*.whl"))
    return wheels[-1]


# Run under the pinned Pyodide (tools/pyodide_run.mjs, the sources' wheel at /tmp/ludoteca.whl):
# each module compiled to an unchecked-hash .pyc (the same sources give the same bytes; Python
# reads it without comparing it with its source, made with it), named as zipimport looks for
# it: beside its source (ludoteca/web.pyc), not in __pycache__, for the worker imports the
# rules from the wheel itself (web/worker.js).
COMPILE_RULES = """
import base64, json, pathlib, py_compile, zipfile
site = pathlib.Path("/tmp/sources")
zipfile.ZipFile("/tmp/ludoteca.whl").extractall(site)
compiled = {}
for source in sorted((site / "ludoteca").rglob("*.py")):
    pyc = py_compile.compile(str(source), cfile=str(source.with_suffix(".pyc")), doraise=True,
                             invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled[pathlib.Path(pyc).relative_to(site).as_posix()] = base64.b64encode(
        pathlib.Path(pyc).read_bytes()).decode()
print(json.dumps(compiled))
"""


def fixture_modules() -> dict:
    """The modules of the registered games whose package is not in py/ludoteca (the test
    suite's fixture game, in a test process): {path in the wheel: bytes}."""
    from ludoteca import registry

    found = {}
    for game_id, spec in registry.GAMES.items():
        package = Path(sys.modules[type(spec).__module__].__file__).parent
        if package.is_relative_to(ROOT / "py"):
            continue
        for path in sorted(package.rglob("*.py")):
            found[f"ludoteca/games/{game_id}/{path.relative_to(package).as_posix()}"] = (
                path.read_bytes())
    return found


def compiled_rules(package: Path) -> dict:
    """The rules package's bytecode for the pinned Pyodide's Python ({path in the wheel:
    .pyc bytes}: CPython here is another version, whose bytecode Pyodide cannot read),
    compiled by that Pyodide in Node; cached in .build/ while the sources and the runtime
    are unchanged. A first visit imports the rules without compiling them."""
    from tools.wheel import build_wheel

    _, sources = build_wheel(ROOT, extra=fixture_modules())
    runtime = json.loads((package / "package.json").read_text())["version"]
    cached = CACHE / "bytecode" / f"{sha(sources + COMPILE_RULES.encode())[:16]}-{runtime}.json"
    if not cached.exists():
        log("compiling the rules for Pyodide's Python")
        with tempfile.TemporaryDirectory() as folder:
            wheel = Path(folder) / "rules.whl"
            wheel.write_bytes(sources)
            printed = subprocess.run(
                ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel)],
                input=COMPILE_RULES, cwd=ROOT, check=True, capture_output=True, text=True).stdout
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("*.json"):
            old.unlink()
        cached.write_text(printed.strip().splitlines()[-1])
    return {path: base64.b64decode(data) for path, data in json.loads(cached.read_text()).items()}


def page_folder(game_id: str) -> Path:
    """A game's page folder: ``web/games/<id>/``, or a fixture's in tests/fixtures/web."""
    for folder in (WEB / "games" / game_id, FIXTURES / "web" / "games" / game_id):
        if (folder / "view.js").exists():
            return folder
    raise SystemExit(f"build: the game {game_id!r} has no page folder web/games/{game_id}/ "
                     "with a view.js")


def game_catalogue() -> dict:
    """What the page needs before Python is up, computed by the rules themselves from the
    registry (in the home page's order): each game's options, computer levels and opening
    position and what a click on it would ask (so the board is drawn at once while the
    engine loads, and a click on it is kept); its page folder's
    view module, stylesheet, picture and rules-panel figures; the rules panel's sections;
    who sits at the table for each value of the option that seats the players (`seats`:
    the entry whose ``options`` match); and `facts`, the rules' own data for the rules
    panel's diagrams."""
    from ludoteca import registry, web

    catalogue = {}
    for game_id, spec in registry.GAMES.items():
        game_class = spec.Game
        folder = page_folder(game_id)
        answer = json.loads(web.handle(json.dumps({"op": "new", "game": game_id,
                                                   "session": "catalogue"})))
        facts = getattr(game_class, "rules_facts", None)
        catalogue[game_id] = {
            "options": game_class.describe_options(),
            "levels": registry.levels(game_id),
            "preview": answer["view"]["observation"],
            # what a click on the opening board asks, kept until the engine can answer it
            "preview_targets": answer["view"]["targets"],
            "view": f"games/{game_id}/view.js",
            "figures": (folder / "figures.js").exists(),
            "stylesheet": f"games/{game_id}/style.css",
            "picture": f"games/{game_id}/picture.svg",
            "rules_sections": list(spec.rules_sections),
            "setup": bool(spec.setup_tools),  # whether it has a set-up mode (ludoteca.editor)
            "seat_option": game_class.SEAT_OPTION,
            "seats": seatings(game_class),
            "facts": facts() if facts else {},
        }
    web.engine.sessions.pop("catalogue", None)
    return catalogue


def page_files(catalogue: dict) -> dict:
    """The site's files from web/ ({path in dist/: bytes}): each game's page folder (a
    fixture's from tests/fixtures/web) but its strings, which join the shared strings in
    i18n/<lang>.json (`merged_strings`)."""
    files = {}
    for path in sorted(WEB.rglob("*")):
        relative = path.relative_to(WEB)
        if path.suffix == ".md" or (relative.parts[0] == "games" and len(relative.parts) > 2):
            continue  # notes for developers; the game folders, below
        if path.is_file():
            files[relative.as_posix()] = path.read_bytes()
    for game_id in catalogue:
        folder = page_folder(game_id)
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.is_file() and name not in {STRINGS.format(lang=lang) for lang in LANGUAGES}:
                files[f"games/{game_id}/{name}"] = path.read_bytes()
    for lang in LANGUAGES:
        files[f"i18n/{lang}.json"] = json.dumps(
            merged_strings(lang, catalogue), ensure_ascii=False, indent=1,
            sort_keys=True).encode() + b"\n"
    return files


LANGUAGES = ("es", "en")
# What a game's own strings may be: its keys, and the messages of its own error codes and
# computer levels (a code or level two games share belongs to the shared strings).
GAME_KEYS = ("{id}.", "game.{id}.", "option.{id}.", "rules.{id}.", "lesson.{id}.",
             "puzzle.{id}.", "error.", "level.")


def merged_strings(lang: str, catalogue: dict) -> dict:
    """The page's strings in `lang`: the shared ones (web/i18n) and each game's (its page
    folder's strings.<lang>.json), whose keys are of `GAME_KEYS` and no other's."""
    strings = json.loads((WEB / "i18n" / f"{lang}.json").read_text())
    for game_id in catalogue:
        own = json.loads((page_folder(game_id) / STRINGS.format(lang=lang)).read_text())
        prefixes = tuple(p.format(id=game_id) for p in GAME_KEYS)
        for key in own:
            if not key.startswith(prefixes) or key in strings:
                raise SystemExit(f"build: {game_id}'s string {key!r} ({lang}) must start with "
                                 f"one of {prefixes} and be its own")
        strings.update(own)
    return strings


def seatings(game_class) -> list:
    """[{options, list}]: the players' seat facts for each value of the seating option."""
    from ludoteca import registry

    name = game_class.SEAT_OPTION
    if name is None:
        return [{"options": {}, "list": game_class().seat_facts()}]
    found = []
    for value in game_class.describe_options()[name]["values"]:
        for extra in ({}, *registry.enablers(game_class, name)):
            try:
                game = game_class(**extra, **{name: value})
            except registry.OptionError:
                continue
            found.append({"options": {name: value}, "list": game.seat_facts()})
            break
    return found


def game_lists(catalogue: dict) -> dict:
    """The page's lists of games, written from the catalogue: games/index.js (the view
    modules and rules-panel figures, in the home page's order) and games/index.css (their
    stylesheets)."""
    names = {g: g.replace("-", "_") for g in catalogue}
    imports = "".join(f'import {names[g]} from "./{g}/view.js";\n' for g in catalogue)
    imports += "".join(f'import {names[g]}Figures from "./{g}/figures.js";\n'
                       for g, entry in catalogue.items() if entry["figures"])
    figures = ", ".join(f"{json.dumps(g)}: {names[g]}Figures" for g, entry in catalogue.items()
                        if entry["figures"])
    views = ", ".join(f"{json.dumps(g)}: {names[g]}" for g in catalogue)
    script = ("// Written by build.py from the game registry (py/ludoteca/registry.py).\n"
              f"{imports}\nexport const GAME_ORDER = {json.dumps(list(catalogue))};\n"
              f"export const GAME_VIEWS = {{ {views} }};\n"
              f"export const GAME_FIGURES = {{ {figures} }};\n")
    sheets = "".join(f'@import url("{g}/style.css");\n' for g in catalogue)
    return {"games/index.js": script.encode(),
            "games/index.css": ("/* Written by build.py from the game registry. */\n"
                                + sheets).encode()}


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


ENGINE_START = "engine-start.js"
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
    page = files["index.html"].decode()
    if page.count(ENGINE_START_TAG) != 1 or "</script" in script.lower():
        raise SystemExit(f"build: index.html must load {ENGINE_START} once, by {ENGINE_START_TAG}")
    files["index.html"] = page.replace(ENGINE_START_TAG, f"<script>{script}</script>").encode()
    from tools.server import header_rules  # netlify.toml's headers, as served locally

    script_sources = [directive.split()[1:] for _, values in header_rules(ROOT / "netlify.toml")
                      for directive in values.get("Content-Security-Policy", "").split(";")
                      if directive.split()[:1] == ["script-src"]]
    allowed = script_hash(script)
    if not any(allowed in sources for sources in script_sources):
        raise SystemExit(f"build: {ENGINE_START} changed: in netlify.toml's "
                         f"Content-Security-Policy, script-src must allow {allowed}")


# The page's modules: app.js and those it imports, directly or not; the engine's worker and
# what it imports (snapshot.js, and Pyodide's loader: "pyodide", the runtime's pyodide.mjs).
PAGE_ENTRY = "app.js"
WORKER_ENTRY = "worker.js"
MODULE_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?(?:\bfrom\s*)?"(\.{1,2}/[^"]+)"', re.M)


def modules_of(files: dict, entry: str) -> set:
    """`entry` and every module of ours it imports, directly or not (build-info.js and
    worker-runtime.js too, written later): what bundle() folds into it."""
    found, todo = set(), [entry]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        for target in MODULE_IMPORT.findall(files.get(path, b"").decode()):
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


def sources_hash(sources: dict) -> str:
    """What names a bundle in the build's version: the hash of the sources it is made of."""
    return sha(json.dumps({path: sha(data) for path, data in sources.items()},
                          sort_keys=True).encode())[:16]


def icons() -> dict:
    """The PNG app icons, drawn by tools/icons.py; cached in .build/ while it is unchanged."""
    from tools import icons as drawing

    key = sha(Path(drawing.__file__).read_bytes())[:12]
    wanted = {"img/icon-192.png": (192, False), "img/icon-512.png": (512, False),
              "img/icon-maskable-512.png": (512, True)}
    found = {}
    for path, (size, maskable) in wanted.items():
        cached = CACHE / "icons" / key / Path(path).name
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(drawing.png(size, maskable))
        found[path] = cached.read_bytes()
    return found


# What the engine's memory snapshot is made of, besides the runtime and the rules wheel: the
# worker's own code, which boots Python (its hash is its sources', snapshot.js's among them,
# without the build's facts written into it).
SNAPSHOT_MAKERS = ("worker.js",)


def data_files() -> set:
    """The games' data files (`GameSpec.data_files`): paths in dist/."""
    from ludoteca import registry

    return {path for spec in registry.GAMES.values() for path in spec.data_files.values()}


def snapshot_key(hashes: dict, pyodide_dir: str, wheels: dict) -> str:
    """The name a browser stores the engine's memory snapshot under (web/worker.js): a hash
    of what the snapshot holds — the runtime, the rules wheel, the worker's code — and of
    nothing else, so a new build that changes only the page (its look, its strings) keeps
    every returning visitor's snapshot, and one that changes the engine never restores an
    old one."""
    made_of = {path: digest for path, digest in hashes.items()
               if path.startswith(pyodide_dir) or path in (wheels["ludoteca"], *SNAPSHOT_MAKERS)}
    return sha(json.dumps(made_of, sort_keys=True).encode())[:12]


def substitute(script: bytes, marker: str, value: dict) -> bytes:
    """`const X = {...}; // <marker>...` with the build's value in place of the default."""
    lines = script.decode().split("\n")
    found = [i for i, line in enumerate(lines) if f"// {marker}" in line]
    if len(found) != 1:
        raise SystemExit(f"build: no single line marked {marker}")
    head = lines[found[0]].split(" = ", 1)[0]
    lines[found[0]] = f"{head} = {json.dumps(value, sort_keys=True)};"
    return "\n".join(lines).encode()


# --- the build -------------------------------------------------------------------------
@contextlib.contextmanager
def one_build_at_a_time():
    """Held while building: the tests' parallel workers each build (quick when nothing
    changed) and serve dist/, and must not write it at the same time."""
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build() -> dict:
    with one_build_at_a_time():
        return build_unlocked()


def build_unlocked() -> dict:
    started = time.perf_counter()
    sys.path.insert(0, str(ROOT))
    from tools.wheel import build_wheel

    games = game_catalogue()
    files = page_files(games)  # path in dist/ -> content
    files.update(game_lists(games))
    for sheet in inline_imports(files, "style.css"):
        del files[sheet]
    inline_engine_start(files)
    # bundled into app.js and worker.js once build-info.js and worker-runtime.js are written
    # (below), which they import
    page_sources = {path: files.pop(path) for path in sorted(modules_of(files, PAGE_ENTRY))
                    if path in files}
    worker_sources = {path: files.pop(path) for path in sorted(modules_of(files, WORKER_ENTRY))
                      if path in files}
    files.update(icons())
    package = pyodide_package()
    pyodide_version = json.loads((package / "package.json").read_text())["version"]
    pyodide_dir = f"pyodide/{pyodide_version}/"
    for name in PYODIDE_FILES:
        files[pyodide_dir + name] = (package / name).read_bytes()
    worker_sources["pyodide.mjs"] = files[pyodide_dir + "pyodide.mjs"]

    wheel_name, wheel = build_wheel(ROOT, compiled_rules(package), fixture_modules())
    micropip = micropip_wheel()
    wheels = {
        "ludoteca": f"wheels/{sha(wheel)[:12]}/{wheel_name}",
        "micropip": f"wheels/{micropip.name}",
    }
    files[wheels["ludoteca"]] = wheel
    files[wheels["micropip"]] = micropip.read_bytes()

    hashes = {path: sha(data)[:16] for path, data in sorted(files.items())}
    # app.js and worker.js, made below, by the hash of what each is made of (with the
    # build's facts, made of this)
    hashes[PAGE_ENTRY] = sources_hash(page_sources)
    hashes[WORKER_ENTRY] = sources_hash(worker_sources)
    version = sha(json.dumps(hashes, sort_keys=True).encode())[:12]
    info = {"version": version, "pyodide": pyodide_dir, "wheels": wheels,
            "games": games, "files": hashes}
    page_sources["build-info.js"] = (
        "// Written by build.py: what this build is made of.\n"
        f"export const BUILD = {json.dumps(info, indent=1)};\n"
    ).encode()
    files[PAGE_ENTRY] = bundle(PAGE_ENTRY, page_sources)
    files["build-info.json"] = json.dumps(info).encode()
    # a game's data files (a solved table) are fetched only when needed: not at install
    eager = {path: h for path, h in hashes.items() if path not in data_files()}
    precache = {"version": version, "files": {**eager, "build-info.json": ""}}
    files["sw.js"] = substitute(files["sw.js"], "@BUILD@", precache)
    # the worker knows its runtime without a request for the build's facts first
    runtime = {"version": version, "snapshot": snapshot_key(hashes, pyodide_dir, wheels),
               "pyodide": pyodide_dir, "wheel": wheels["ludoteca"]}
    worker_sources["worker-runtime.js"] = (
        "// Written by build.py: the engine's runtime, rules and snapshot in this build.\n"
        f"export const RUNTIME = {json.dumps(runtime, indent=1, sort_keys=True)};\n").encode()
    files[WORKER_ENTRY] = bundle(WORKER_ENTRY, worker_sources)

    for path, data in files.items():
        write_if_changed(DIST / path, data)
    for path in DIST.rglob("*"):  # drop what an older build left
        if path.is_file() and path.relative_to(DIST).as_posix() not in files:
            path.unlink()
    for path in sorted(DIST.rglob("*"), reverse=True):
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    log(f"dist/ ready: {len(files)} files, version {version}, "
        f"{time.perf_counter() - started:.1f} s")
    return info


# --- commands ----------------------------------------------------------------------------
def serve(port: int = 8000) -> None:
    build()
    from tools.server import start

    server = start(DIST, ROOT / "netlify.toml", host="127.0.0.1", port=port)
    print(f"Ludoteca: http://localhost:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()


def test_requirements() -> list:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    return [r for r in extras["test"] + extras["dev"] if not r.startswith("ludoteca")]


def ensure_chromium() -> None:
    """Debian's Chromium (the benchmarks') and its headless shell (the tests')."""
    from tools.chromium import CHROMIUM, HEADLESS_SHELL

    if Path(CHROMIUM).exists() and Path(HEADLESS_SHELL).exists():
        return
    log("installing Debian's chromium (Playwright cannot download its own here)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", "-qq", env=env)
    run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium",
        "chromium-headless-shell", "fonts-dejavu-core", env=env)


# Tests run in parallel worker processes (pytest-xdist), one more than there are cores: an
# end-to-end test spends part of its time waiting (a piece shown for a moment, a countdown),
# when another worker can use the core.
TEST_WORKERS = (os.cpu_count() or 1) + 1


@contextlib.contextmanager
def shared_test_site():
    """One server of dist/ for every test worker, and a folder they share: the first worker
    to need a browser profile with the site cached primes it there, and the others copy it
    (tests/e2e/conftest.py) — a profile holds the site's files and engine snapshot for one
    origin, so one origin for all the workers saves each a cold start. Yields pytest's
    environment."""
    from tools.server import start

    server = start(DIST, ROOT / "netlify.toml")
    shared = tempfile.mkdtemp(prefix="ludoteca-tests-")
    try:
        yield {**os.environ, "LUDOTECA_TEST_SITE": f"http://127.0.0.1:{server.server_port}",
               "LUDOTECA_TEST_SHARED": shared}
    finally:
        server.shutdown()
        shutil.rmtree(shared, ignore_errors=True)


def test(pytest_args: list) -> int:
    started = time.perf_counter()
    sys.path.insert(0, str(FIXTURES / "py"))  # the test site has the fixture game too

    def phase(name: str) -> None:  # each phase's time, so a slow one shows where it is
        log(f"{name} (at {time.perf_counter() - started:.1f} s)")

    phase("installing test requirements")
    run(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        *test_requirements())
    ensure_chromium()
    phase("build")
    build()
    phase("ruff check")
    run(sys.executable, "-m", "ruff", "check", ".")
    phase(f"pytest, {TEST_WORKERS} workers")
    # the defaults first: arguments given after `test` (`-n 0`…) override them
    parallel = ["-n", str(TEST_WORKERS), "--dist", "worksteal"]
    with shared_test_site() as env:
        code = subprocess.run([sys.executable, "-m", "pytest", *parallel, *pytest_args],
                              cwd=ROOT, env=env).returncode
    phase(f"done, pytest exit code {code}")
    if code == 5:
        log("pytest collected no tests: that is a failure")
        return 1
    return code


def bench(names: list) -> int:
    build()
    scripts = sorted((ROOT / "bench").glob("*.py"))
    for script in scripts:
        if script.name.startswith("_") or (names and script.stem not in names):
            continue
        log(f"bench/{script.name}")
        code = subprocess.run([sys.executable, str(script)], cwd=ROOT).returncode
        if code:
            return code
    return 0


def games_with_data(game_ids: list):
    """For each game named (all when none): (its id, its spec, its data files loaded, its
    package's folder) — what a generator of shipped content needs."""
    sys.path.insert(0, str(ROOT / "py"))
    from ludoteca import registry

    for game_id in game_ids or list(registry.GAMES):
        spec = registry.spec_of(game_id)
        data = {name: spec.load_data(name, (WEB / path).read_bytes())
                for name, path in spec.data_files.items()}
        yield game_id, spec, data, Path(sys.modules[type(spec).__module__].__file__).parent


def make_puzzles(game_ids: list) -> int:
    """Write each game's puzzles (`GameSpec.make_puzzles`) as data, ``PUZZLES``, in its
    package's ``puzzle_set.py``: the tests prove every one again."""
    import pprint

    for game_id, spec, data, folder in games_with_data(game_ids):
        started = time.perf_counter()
        made = spec.make_puzzles(data)
        if not made:
            continue
        target = folder / "puzzle_set.py"
        text = (f'"""{game_id}\'s puzzles, made by `python3 build.py puzzles {game_id}` '
                "(`GameSpec.make_puzzles`):\nevery one is proven again by "
                'tests/unit/test_lessons_puzzles.py. Do not edit by hand."""\n\n'
                f"PUZZLES = {pprint.pformat(tuple(made), width=99, sort_dicts=False)}\n")
        target.write_text(text)
        log(f"{game_id}: {len(made)} puzzles in {time.perf_counter() - started:.1f} s "
            f"-> {target.relative_to(ROOT)}")
    return 0


def make_fairness(game_ids: list) -> int:
    """Write each game's shipped fairness results (`fairness.make_shipped`: its
    `GameSpec.lab_configs` played by its lab level, seeded) as data, ``RESULTS``, in its
    package's ``fairness_set.py``: the tests replay a sample of them."""
    import pprint

    for game_id, _spec, data, folder in games_with_data(game_ids):
        from ludoteca.labs import fairness

        started = time.perf_counter()
        made = fairness.make_shipped(game_id, data)
        target = folder / "fairness_set.py"
        text = (f'"""{game_id}\'s fairness-lab results, made by `python3 build.py fairness '
                f'{game_id}`\n(`fairness.make_shipped`, seed {fairness.SHIPPED_SEED}): '
                "tests/unit/test_fairness.py replays a sample.\nDo not edit by hand.\"\"\"\n\n"
                f"RESULTS = {pprint.pformat(made, width=99, sort_dicts=False)}\n")
        target.write_text(text)
        games = sum(result["tally"]["games"] for result in made)
        log(f"{game_id}: {len(made)} configurations, {games} games in "
            f"{time.perf_counter() - started:.1f} s -> {target.relative_to(ROOT)}")
    return 0


def main(argv: list) -> int:
    command = argv[0] if argv else "build"
    if command == "build":
        build()
        return 0
    if command == "serve":
        serve(int(argv[1]) if len(argv) > 1 else 8000)
        return 0
    if command == "test":
        return test(argv[1:])
    if command == "bench":
        return bench(argv[1:])
    if command == "puzzles":
        return make_puzzles(argv[1:])
    if command == "fairness":
        return make_fairness(argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
