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


MODULES = "ludoteca-rooms/MODULES"
"""The rooms' zip's list of every module of the engine (the start's and the rooms') and of
the standard library's modules it holds, one a line, written by builder/rooms.py."""


def modules() -> list:
    """Every module a memory snapshot must hold, packages before their modules: what the
    worker imports before making it, so that a restored engine has every one without the
    rooms' zip. Read from the zip as data (zipimport's, no module imported for it)."""
    for finder in sys.meta_path:
        if isinstance(finder, RoomFinder):
            return zipimport.zipimporter(finder.path).get_data(MODULES).decode().split()
    raise ImportError("the rooms are not joined")


def joined() -> bool:
    """Whether the rooms are there (`join` was called, or a restored engine holds them)."""
    return any(isinstance(finder, RoomFinder) for finder in sys.meta_path)
