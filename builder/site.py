"""The site: `build()` writes dist/ — the page (web/: its modules bundled into one app.js and
the engine's worker into one worker.js by the pinned esbuild, its stylesheets into one
style.css, engine-start.js written into index.html), the ludoteca wheel (its modules, and
their bytecode for Pyodide's Python, compiled by the pinned Pyodide in Node), the micropip
wheel and the Pyodide runtime copied from the npm package pinned in package.json, plus the
build's facts (build-info.json, also bundled into app.js: the games, the wheel URLs, the
files with their content hashes), the service worker's precache list and the name of the
engine's memory snapshot. Unchanged inputs leave dist/ untouched."""

from __future__ import annotations

import contextlib
import fcntl
import json
import time
from pathlib import Path

from builder.bundle import (
    CHUNKS,
    bundle,
    bundle_split,
    inline_engine_start,
    inline_imports,
    modules_of,
    sources_hash,
)
from builder.catalogue import data_files, game_catalogue, game_lists, page_files
from builder.common import log, sha
from builder.paths import (
    BUILD_INFO,
    CACHE,
    DIST,
    PAGE,
    PAGE_ENTRY,
    SERVICE_WORKER,
    STYLESHEET,
    WORKER_ENTRY,
    WORKER_RUNTIME,
)
from builder.rooms import rooms_zip
from builder.rules import rules_wheel
from builder.runtime import PYODIDE_FILES, micropip_wheel, pyodide_package
from builder.stdlib import SLIM, STOCK, rooms_stdlib, slim_stdlib, stdlib_name
from builder.strings import check_startup_keys, is_room_strings, split_strings
from tools import icons as drawing

LOCK = "pyodide-lock.json"  # kept in dist/ for the benchmarks' bare Pyodide page
# What the engine's memory snapshot is made of, besides the runtime and the rules wheel: the
# worker's own code, which boots Python (its hash is its sources', snapshot.js's among them,
# without the build's facts written into it).
SNAPSHOT_MAKERS = (WORKER_ENTRY,)


def icons() -> dict:
    """The PNG app icons, drawn by tools/icons.py; cached in .build/ while it is unchanged."""
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


def snapshot_key(hashes: dict, pyodide_dir: str, wheels: dict) -> str:
    """The name a browser stores the engine's memory snapshot under (web/worker.js): a hash
    of what the snapshot holds — the runtime, the rules wheel, the worker's code — and of
    nothing else, so a new build that changes only the page (its look, its strings) keeps
    every returning visitor's snapshot, and one that changes the engine never restores an
    old one."""
    made_of = {path: digest for path, digest in hashes.items()
               if path.startswith(pyodide_dir)
               or path in (wheels["ludoteca"], wheels.get("rooms"), *SNAPSHOT_MAKERS)}
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


def scorm_strings(files: dict) -> None:
    """A SCORM package's launch page (web/scorm/launch.js, copied to dist/scorm/ with the rest
    of web/) is served by the learning platform and cannot load the site's strings: its own
    ("scorm.*" of i18n/<lang>.json) are written into it."""
    table = {lang: {key: text for key, text in json.loads(files[f"i18n/{lang}.json"]).items()
                    if key.startswith("scorm.")}
             for lang in ("es", "en")}
    files["scorm/launch.js"] = substitute(files["scorm/launch.js"], "@SCORM-STRINGS@", table)


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
    games = game_catalogue()
    files = page_files(games)  # path in dist/ -> content
    files.update(game_lists(games))
    for sheet in inline_imports(files, STYLESHEET):
        del files[sheet]
    inline_engine_start(files)
    scorm_strings(files)
    split_strings(files, list(games))  # a start-up part and a part per room (strings.py)
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
    # the standard library the worker loads: only the modules the engine and Pyodide's
    # start-up import (builder/stdlib.py), the stock zip kept for the bare benchmark page
    slim = slim_stdlib(files[pyodide_dir + STOCK])
    stdlib = pyodide_dir + (stdlib_name(slim) if SLIM else STOCK)
    if SLIM:
        files[stdlib] = slim

    # the table's start and the rooms, fetched once the game is playable (builder/rooms.py)
    wheel_name, wheel, start_files, room_files = rules_wheel(package)
    rooms = rooms_zip(start_files, room_files, rooms_stdlib(files[pyodide_dir + STOCK]))
    micropip = micropip_wheel()
    wheels = {
        "ludoteca": f"wheels/{sha(wheel)[:12]}/{wheel_name}",
        "rooms": f"wheels/{sha(rooms)[:12]}/ludoteca-rooms.zip",
        "micropip": f"wheels/{micropip.name}",
    }
    files[wheels["ludoteca"]] = wheel
    files[wheels["rooms"]] = rooms
    files[wheels["micropip"]] = micropip.read_bytes()

    hashes = {path: sha(data)[:16] for path, data in sorted(files.items())}
    # app.js and worker.js, made below, by the hash of what each is made of (with the
    # build's facts, made of this)
    hashes[PAGE_ENTRY] = sources_hash(page_sources)
    hashes[WORKER_ENTRY] = sources_hash(worker_sources)
    version = sha(json.dumps(hashes, sort_keys=True).encode())[:12]
    info = {"version": version, "pyodide": pyodide_dir, "stdlib": stdlib, "wheels": wheels,
            "games": games, "files": hashes}
    # the page's copy: what it reads (the games, the version...), on one line; not the files'
    # hashes, which only the service worker reads (its own list, below) — a fifth of the
    # start-up code was this object, most of it indentation and the list of files
    page_info = {key: value for key, value in info.items() if key != "files"}
    page_sources[BUILD_INFO] = (
        "// Written by build.py: what this build is made of.\n"
        f"export const BUILD = {json.dumps(page_info)};\n"
    ).encode()
    # the page's code: app.js and the chunks it imports first (preloaded by index.html), and
    # a chunk per room opened on demand (teaching, classroom, labs)
    code, first_chunks, startup_modules, rooms_code = bundle_split(PAGE_ENTRY, page_sources)
    check_startup_keys(files, page_sources, startup_modules, list(games), rooms_code)
    files.update(code)
    preload_chunks(files, first_chunks)
    chunks = {path: sha(data)[:16] for path, data in code.items() if path != PAGE_ENTRY}
    hashes.update(chunks)
    files["build-info.json"] = json.dumps(
        {**info, "files": hashes, "chunks": {"first": first_chunks,
                                             "later": sorted(set(chunks) - set(first_chunks))}}
    ).encode()
    # a game's data files (a solved table) are fetched only when needed: not at install
    # nor the stock standard library when the worker loads the slim one
    # nor the runtime's lock file, which the worker has in its code (RUNTIME.lock)
    unused = {pyodide_dir + STOCK, pyodide_dir + LOCK} - {stdlib}
    eager = {path: h for path, h in hashes.items()
             if path not in data_files() and path not in unused}
    # what the first move needs is precached when the service worker installs; the rest
    # (the rooms' chunks and strings, the SCORM launch page) once the game is playable
    # (the engine's rooms zip too: the worker fetches it once play pauses; micropip: no page
    # asks for it)
    rooms_and_spare = {wheels["rooms"], wheels["micropip"]}
    later = {path: h for path, h in eager.items()
             if is_later(path, first_chunks) or path in rooms_and_spare}
    first = {path: h for path, h in eager.items() if path not in later}
    precache = {"version": version, "files": {**first, "build-info.json": ""}, "later": later}
    files[SERVICE_WORKER] = substitute(files[SERVICE_WORKER], "@BUILD@", precache)
    # the worker knows its runtime without a request for the build's facts first
    runtime = {"version": version, "snapshot": snapshot_key(hashes, pyodide_dir, wheels),
               "pyodide": pyodide_dir, "stdlib": stdlib, "wheel": wheels["ludoteca"],
               "rooms": wheels["rooms"],
               # pyodide-lock.json's facts without its packages (the engine loads none): the
               # worker boots without fetching it (119 KB)
               "lock": {"info": json.loads(files[pyodide_dir + LOCK])["info"], "packages": {}}}
    worker_sources[WORKER_RUNTIME] = (
        "// Written by build.py: the engine's runtime, rules and snapshot in this build.\n"
        f"export const RUNTIME = {json.dumps(runtime, indent=1, sort_keys=True)};\n").encode()
    files[WORKER_ENTRY] = bundle(WORKER_ENTRY, worker_sources)

    write_dist(files)
    log(f"dist/ ready: {len(files)} files, version {version}, "
        f"{time.perf_counter() - started:.1f} s")
    return info


def is_later(path: str, first_chunks: list) -> bool:
    """Whether the service worker precaches `path` in the background, once the game is
    playable, rather than at install: a room's chunk, a room's strings, the SCORM launch
    page — nothing the home page or the table's first move uses."""
    return ((path.startswith(CHUNKS) and path not in first_chunks)
            or path.startswith("scorm/") or is_room_strings(path))


def preload_chunks(files: dict, chunks: list) -> None:
    """index.html preloads the chunks app.js imports before it runs (modulepreload): fetched
    with app.js, not one round trip after it — and no other chunk."""
    tag = f'<script type="module" src="{PAGE_ENTRY}"></script>'
    page = files[PAGE].decode()
    if page.count(tag) != 1:
        raise SystemExit(f"build: {PAGE} must load {PAGE_ENTRY} once, by {tag}")
    links = "".join(f'\n  <link rel="modulepreload" href="{chunk}">' for chunk in chunks)
    files[PAGE] = page.replace(tag, tag + links).encode()


def write_dist(files: dict) -> None:
    """dist/ holding `files` ({path: bytes}) and nothing else: a file whose bytes are
    unchanged is not written again; what an older build left is dropped."""
    for path, data in files.items():
        write_if_changed(DIST / path, data)
    for path in DIST.rglob("*"):  # drop what an older build left
        if path.is_file() and path.relative_to(DIST).as_posix() not in files:
            path.unlink()
    for path in sorted(DIST.rglob("*"), reverse=True):
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
