"""The rooms joining an engine that started with the table alone.

The browser's engine starts from the table's zip (the rules, their computer players, the
web facade's table ops) and is playable before the rest arrives: the rooms (teaching,
classroom, labs, analysis, each game's lessons, puzzles, set-up mode...) come in a second
zip, fetched in the background (builder/rooms.py decides which module goes where; the
worker, web/worker.js, calls `join` once it is written). A package may be in both (a
game's package: its rules at start, its lessons later), so the rooms' zip is searched for a
module of the package that the start's zip lacks, by `RoomFinder`, last on `sys.meta_path`.
Imports nothing of the engine: it runs before any room is there."""

from __future__ import annotations

import sys
import zipimport


class RoomFinder:
    """Finds ``ludoteca.<...>.<name>`` in the rooms' zip, under its package's folder there,
    when nothing before it on `sys.meta_path` did (the package was imported from the
    start's zip, so its ``__path__`` names that zip alone)."""

    def __init__(self, path: str):
        self.path = path

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("ludoteca."):
            return None
        package = fullname.rpartition(".")[0]
        try:
            importer = zipimport.zipimporter(f"{self.path}/{package.replace('.', '/')}/")
        except zipimport.ZipImportError:  # no such zip: a restored engine has every room
            return None
        return importer.find_spec(fullname)


def join(path: str) -> None:
    """The rooms' zip at `path` searched for the engine's rooms and the standard library's
    modules only they import (the zip holds both, builder/rooms.py). Once is enough."""
    if any(isinstance(finder, RoomFinder) for finder in sys.meta_path):
        return
    sys.path.append(path)
    sys.meta_path.append(RoomFinder(path))


def modules() -> list:
    """Every module of the engine in the zips on `sys.path` (the start's and the rooms'),
    and the standard library's modules the rooms' zip holds, packages before their modules:
    what the worker imports before its memory snapshot, so that a restored engine has every
    one without the rooms' zip (`pkgutil.walk_packages` would follow each package's
    ``__path__``, which names the start's zip alone)."""
    import zipfile  # the rooms' part of the standard library: only once they are in

    rooms = {finder.path for finder in sys.meta_path if isinstance(finder, RoomFinder)}
    found = set()
    for entry in sys.path:
        if not entry.endswith((".zip", ".whl")) or not zipfile.is_zipfile(entry):
            continue
        for path in zipfile.ZipFile(entry).namelist():
            if (path.startswith("ludoteca/") or entry in rooms) and \
                    path.endswith((".py", ".pyc")):
                parts = path.removesuffix("c").removesuffix(".py").split("/")
                found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(found - {"ludoteca"})


def joined() -> bool:
    """Whether the rooms are there (`join` was called, or a restored engine holds them)."""
    return any(isinstance(finder, RoomFinder) for finder in sys.meta_path)
