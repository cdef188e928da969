"""The page's modules reach the browser as app.js and its chunks (code splitting: the start-up
code first, a chunk per room opened on demand), and the engine's worker as one
worker.js (builder/bundle.py): the build's facts inside each, and
every module each is made of in the hash that names the build (a change to any of them is a
new version; for the worker, a new snapshot name too)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from builder.bundle import modules_of, sources_hash  # noqa: E402 (after the path)
from builder.catalogue import game_catalogue, game_lists, page_files  # noqa: E402
from builder.paths import DIST, PAGE_ENTRY, WEB, WORKER_ENTRY  # noqa: E402
from builder.site import SNAPSHOT_MAKERS  # noqa: E402
from built_site import build_facts  # noqa: E402

# the scripts loaded by their own URL, and the one written into index.html: not page modules
# (scorm/launch.js: a SCORM package's launch script, a classic script of its own, issue 44)
OWN_URL = {"worker.js", "sw.js", "scorm/launch.js"}
INLINE = {"engine/engine-start.js"}
# and the build's worker-runtime.js, pyodide.mjs
WORKER_MODULES = {"worker.js", "engine/snapshot.js"}


# the rooms opened on demand (links/rooms.js): never in the code the first visit runs
ROOMS = ("teach/teacher.js", "teach/print.js", "class/tournament.js", "labs/fairness.js",
         "games/bul/beans-lab.js")


def test_the_page_is_its_start_up_code_and_a_chunk_per_room_with_the_builds_facts():
    """app.js and the chunks it imports (preloaded, precached at install) hold the home page
    and the table; each room is a chunk fetched when it opens (precached in the background)."""
    info = build_facts()
    built = json.loads((DIST / "build-info.json").read_text())
    first, later = built["chunks"]["first"], built["chunks"]["later"]
    assert len(first) == 1  # the start-up code: app.js and one chunk, two requests
    app = (DIST / "app.js").read_text()
    # what app.js imports is a chunk of this build, preloaded by index.html and nothing else
    imported = set(re.findall(r'^\s*import\b[^;]*?"\./(chunks/[^"]+)"', app, re.M))
    assert imported and imported <= set(first)
    page = (DIST / "index.html").read_text()
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)">', page) == first
    scripts = {path.relative_to(DIST).as_posix() for path in DIST.rglob("*.js")
               if not path.relative_to(DIST).as_posix().startswith("pyodide/")}
    assert scripts == {"app.js", *first, *later} | OWN_URL
    start_up = app + "".join((DIST / chunk).read_text() for chunk in first)
    rooms = "".join((DIST / chunk).read_text() for chunk in later)
    assert f'"version": "{info["version"]}"' in start_up
    for module in ("table/table.js", "games/buku/view.js", "kit/i18n.js", "links/rooms.js"):
        assert f"// {module}\n" in start_up, module  # each module's code under its name
    for module in ROOMS:
        assert f"// {module}\n" in rooms and f"// {module}\n" not in start_up, module
    # the service worker: the start-up code at install, the rooms' in the background
    sw = (DIST / "sw.js").read_text()
    precache = json.loads(re.search(r"^const BUILD = (.*);$", sw, re.M).group(1))
    assert {"app.js", *first} <= set(precache["files"])
    assert set(later) <= set(precache["later"]) and not set(later) & set(precache["files"])
    for lang in ("es", "en"):
        assert f"i18n/{lang}.json" in precache["files"]
        assert f"i18n/{lang}.notes.json" in precache["later"]


def test_every_page_module_is_bundled_and_in_the_version():
    catalogue = game_catalogue()
    files = {path: data for path, data in page_files(catalogue).items()
             if path.endswith(".js")}
    files.update({path: data for path, data in game_lists(catalogue).items()
                  if path.endswith(".js")})
    bundled = modules_of(files, PAGE_ENTRY)
    assert bundled == (set(files) - OWN_URL - INLINE - WORKER_MODULES) | {"build-info.js"}


def test_the_worker_is_one_script_with_its_runtime_loader_and_snapshots():
    info = build_facts()
    worker = (DIST / "worker.js").read_text()
    # nothing to fetch first (Python's own imports, in strings, are not JavaScript's)
    assert not re.search(r"^\s*(import|export)\b.*[\"'];?$", worker, re.M)
    for module in ("pyodide.mjs", "engine/snapshot.js", "worker-runtime.js", "worker.js"):
        assert f"// {module}\n" in worker, module
    assert f'"version": "{info["version"]}"' in worker
    assert not (DIST / "engine" / "snapshot.js").exists()


def test_every_worker_module_is_in_the_version_and_the_snapshots_name():
    files = {path.relative_to(WEB).as_posix(): path.read_bytes()
             for path in WEB.rglob("*.js")}
    assert modules_of(files, WORKER_ENTRY) == WORKER_MODULES | {"worker-runtime.js"}
    sources = {path: files[path] for path in WORKER_MODULES}
    changed = {**sources, "engine/snapshot.js": sources["engine/snapshot.js"] + b"\n// changed\n"}
    assert sources_hash(changed) != sources_hash(sources)
    assert SNAPSHOT_MAKERS == (WORKER_ENTRY,)
