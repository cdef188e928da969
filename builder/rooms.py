"""The engine in two parts: what the table needs to play a first move, and the rooms.

The rule: the table's part is every module a start-up root imports when it is imported —
the web facade (`ludoteca.web`, whose room areas are imported when first asked for) and
each game's package (its rules, kernel, computer players and what they need) — followed
through their module-level imports (an import inside a function waits for its call). Every
other module is a room (ludoteca/rooms.py joins them in the browser): the teaching,
classroom, labs and analysis packages, the facade's areas of those, and each game's
modules named for a room's role (`GAME_ROOMS`). Those roles are checked: a module-level
import that would pull one into the table's part stops the build, naming the import.

The standard library is cut the same way: the modules only the rooms import (marked
``# rooms`` in builder/stdlib.txt, builder/stdlib.py) ride in the rooms' zip, beside the
rooms' bytecode; what Pyodide's boot and the table's start import stays in the start's."""

from __future__ import annotations

import ast
import io
import zipfile

from builder.stdlib import module_of as module_name  # a zip entry's module, .py or .pyc
from tools.wheel import EPOCH

# the packages that are rooms as a whole, and the web facade's areas answering their ops
ROOM_PACKAGES = ("ludoteca.analysis", "ludoteca.classroom", "ludoteca.labs", "ludoteca.teaching",
                 "ludoteca.web.analysis", "ludoteca.web.classroom", "ludoteca.web.labs",
                 "ludoteca.web.teaching")
# a game's modules by role (ludoteca/games/<id>/<name>.py): the lesson, puzzles made and
# shipped, hints, the set-up mode, the labs' data and the exact analyses puzzles are proven by
GAME_ROOMS = ("lessons", "puzzles", "puzzle_set", "puzzle_draft", "position_puzzle", "hints",
              "editing", "fairness_set", "beans_lab", "endgame", "foresight", "positions")
# what the worker imports at start: the facade, and what joins the rooms when they arrive
ROOTS = ("ludoteca.web", "ludoteca.rooms")


def is_room(name: str) -> bool:
    parts = name.split(".")
    if any(name == p or name.startswith(p + ".") for p in ROOM_PACKAGES):
        return True
    return len(parts) == 4 and parts[:2] == ["ludoteca", "games"] and parts[3] in GAME_ROOMS


def top_level_imports(name: str, source: bytes, is_package: bool, modules: set) -> set:
    """The modules of `modules` that `name`'s source imports when it is imported: its
    statements outside functions (a class body runs at import)."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    pending = list(ast.parse(source).body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        pending.extend(ast.iter_child_nodes(node))
    # importing a.b.c imports a and a.b too
    return {".".join(n.split(".")[:i]) for n in found for i in range(1, n.count(".") + 2)} & modules


def table_modules(sources: dict) -> set:
    """The table's part: {module name} of the wheel's sources ({path: bytes}) that the
    roots (the facade, each game's package) import when imported, with their packages."""
    modules = {module_name(path): path for path in sources if module_name(path)}
    games = {name for name in modules if name.count(".") == 2
             and name.startswith("ludoteca.games.") and modules[name].endswith("__init__.py")}
    todo, seen, via = [*ROOTS, *sorted(games)], set(), {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = modules[name]
        for imported in top_level_imports(name, sources[path], path.endswith("__init__.py"),
                                          set(modules)):
            via.setdefault(imported, name)
            todo.append(imported)
    leaks = sorted(name for name in seen if is_room(name))
    if leaks:
        said = "; ".join(f"{via.get(name, '?')} imports {name}" for name in leaks)
        raise SystemExit(
            f"build: a room is imported at the table's start: {said}. Import it inside the "
            "function that needs it (see builder/rooms.py).")
    return seen


def split(files: dict, sources: dict) -> tuple[dict, dict]:
    """The wheel's files ({path: bytes}) as (the table's, the rooms'): a module's bytecode
    goes where its module goes; sources are not shipped (zipimport reads the bytecode
    alone); the wheel's metadata stays with the table."""
    table = table_modules(sources)
    start, rooms = {}, {}
    for path, data in files.items():
        if path.endswith(".py"):
            continue
        name = module_name(path) if path.endswith(".pyc") else None
        (rooms if name and name not in table else start)[path] = data
    return start, rooms


def rooms_zip(start: dict, rooms: dict, stdlib: dict) -> bytes:
    """The rooms' zip: their bytecode (`rooms`, {path: bytes}), the standard library's
    modules only they import (`stdlib`), and the list of every module a memory snapshot must
    hold — the start's wheel's (`start`), the rooms', that standard library's — which the
    worker imports before making one (ludoteca/rooms.py: `modules`, `MODULES`)."""
    from ludoteca.rooms import MODULES

    names = {module_name(path) for path in (*start, *rooms, *stdlib)}
    listed = "\n".join(sorted(name for name in names if name)) + "\n"
    return zipped({**rooms, **stdlib, MODULES: listed.encode()})


def zipped(files: dict) -> bytes:
    """A zip of `files` ({path: bytes}) in their order, with fixed dates: the same files
    give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()
