"""The built site's facts (builder.site.build's answer) for tests that read dist/: under
`python3 build.py test`, which has just built it, the facts it left in the workers' shared
folder (builder/tasks.py), rather than each test and worker building again (a build that
changes nothing still costs a second or two, one worker at a time); else a build."""

from __future__ import annotations

import json
import os
from pathlib import Path


def build_facts() -> dict:
    shared = os.environ.get("LUDOTECA_TEST_SHARED")
    facts = Path(shared) / "build-info.json" if shared else None
    if facts is not None and facts.exists():
        return json.loads(facts.read_text())
    from builder.site import build

    return build()
