"""Run some of the page's own modules (web/**/*.js) in Node, without a browser: the tests of
the page's readers of hostile input and of stored snapshots share this."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
# the whole kit (web/kit/index.js imports every module of it): what a view's module needs
KIT = tuple(f"kit/{path.name}" for path in sorted((WEB / "kit").glob("*.js")))


def run_in_node(folder: Path, modules: tuple, script: str, *args: str):
    """Copy `modules` of web/ (paths inside it) into `folder`, in the same folders, run
    `script` (an ES module that imports them) with `args`, and return the JSON it printed
    last."""
    node = shutil.which("node")
    assert node, "Node.js is needed (it also runs the Pyodide check)"
    (folder / "package.json").write_text('{"type": "module"}')
    for name in modules:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(WEB / name, folder / name)
    (folder / "run.js").write_text(script)
    run = subprocess.run([node, "run.js", *args], cwd=folder, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])
