#!/usr/bin/env python3
"""Ludoteca's one entry point: `python build.py [build | serve | test | bench | puzzles |
fairness | scorm]`, the commands of builder/tasks.py (which says what each does); the build, the
tasks and the content generators are the package builder/."""

import sys

from builder.tasks import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
