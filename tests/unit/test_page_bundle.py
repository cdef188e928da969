"""The page's modules reach the browser as one app.js (build.py bundle_page): nothing left
to import, the build's facts inside it, and every module it is made of in the hash that
names the build (a change to any of them is a new version)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 (after the path)

# the scripts that are not the page's modules: each loaded by its own URL
OWN_URL = {"engine-start.js", "worker.js", "snapshot.js", "sw.js"}


def test_the_page_is_one_script_with_the_builds_facts():
    info = build.build()
    app = (build.DIST / "app.js").read_text()
    assert not re.search(r"^\s*(import|export)\b", app, re.M)  # nothing left to fetch
    assert f'"version": "{info["version"]}"' in app
    scripts = {path.relative_to(build.DIST).as_posix() for path in build.DIST.rglob("*.js")
               if not path.relative_to(build.DIST).as_posix().startswith("pyodide/")}
    assert scripts == {"app.js"} | OWN_URL
    for module in ("table.js", "games/buku.js", "i18n.js"):
        assert f"// {module}\n" in app, module  # each module's code under its name


def test_every_page_module_is_bundled_and_in_the_version():
    files = {path.relative_to(build.WEB).as_posix(): path.read_bytes()
             for path in build.WEB.rglob("*.js")}
    files.update({path: data for path, data in build.game_lists(build.game_catalogue()).items()
                  if path.endswith(".js")})
    bundled = build.page_modules(files)
    assert bundled == (set(files) - OWN_URL) | {"build-info.js"}
