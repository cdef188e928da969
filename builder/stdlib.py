"""The standard library the site ships: Pyodide's python_stdlib.zip (2.5 MB, the whole of
Python's library, which a first visit downloads whole) cut to the modules listed in
builder/stdlib.txt — those Pyodide's start-up and the engine import, but the ones Pyodide
holds frozen (`frozen`); sources without comments, but the costliest to compile, shipped as
bytecode (`bytecode`). The worker loads it
with loadPyodide's `stdLibURL` (web/worker.js); the stock zip stays in dist/ for the
benchmarks' bare Pyodide page, and is not precached.

The list is kept true two ways:
- here, at every build (`check_engine_imports`, a few milliseconds): each import statement
  of py/ludoteca naming a module of the stock zip must name one the list has, or the build
  stops and says which file imports what;
- tests/pyodide/test_stdlib.py runs the engine's life under Pyodide with the slim zip (every
  module imported, every op of the web facade, a memory snapshot made and restored) and
  names every module of the stock zip something tried to import that the slim one lacks —
  what the stdlib modules import in turn, and imports whose ImportError was caught."""

from __future__ import annotations

import ast
import base64
import io
import os
import subprocess
import tempfile
import zipfile
from pathlib import Path

from builder.common import log, sha
from builder.paths import CACHE, ROOT

LIST = ROOT / "builder" / "stdlib.txt"
STOCK = "python_stdlib.zip"
# LUDOTECA_STDLIB=stock: the worker loads the stock zip, as before (to measure the two);
# =pyc: the slim zip holds each module's bytecode instead of its source (see `compiled`)
MODE = os.environ.get("LUDOTECA_STDLIB", "slim")
SLIM = MODE != "stock"

# Run under the pinned Pyodide (tools/pyodide_run.mjs, the slim zip at /tmp/ludoteca.whl):
# each module (those of ONLY, set before this, when not None) compiled to an unchecked-hash
# .pyc named as zipimport looks for it, in place of its source; printed as base64.
# The bytecode keeps each instruction's line, not its columns (Python's -X no_debug_ranges):
# a traceback through it names the line without the ^^^ under the expression, and the .pyc
# is a fifth smaller, so more of the boot's compiling fits under the byte cap.
NO_COLUMNS = {**os.environ, "PYTHONNODEBUGRANGES": "1"}
COMPILE = """
import base64, io, pathlib, py_compile, zipfile
source = zipfile.ZipFile("/tmp/ludoteca.whl")
folder = pathlib.Path("/tmp/stdlib-sources")
source.extractall(folder)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as compiled:
    for info in source.infolist():
        entry = zipfile.ZipInfo(info.filename, info.date_time)
        entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
        data = source.read(info)
        if info.filename.endswith(".py") and (ONLY is None or info.filename in ONLY):
            entry.filename += "c"
            data = pathlib.Path(py_compile.compile(
                str(folder / info.filename), cfile=str(folder / entry.filename),
                dfile="/lib/python314.zip/" + info.filename, doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)).read_bytes()
        compiled.writestr(entry, data)
print(base64.b64encode(out.getvalue()).decode())
"""


# Run under the pinned Pyodide as COMPILE: each module's comments left out (a sixth of the
# zip's bytes), its lines kept, so a traceback names the same line; kept only when Pyodide's
# Python compiles it to the very same code as the module as it was, else the module is left
# as it was. Then its docstrings (a quarter of what is left), as `python -OO` does, which the
# library is made to run under — but Pyodide's own modules, which read theirs: each one's
# text replaced by `...` (the module's by nothing) on its first line, so every other line and
# column stays; kept only when it compiles to the code the module's tree without them does.
UNCOMMENT = """
import ast, base64, io, marshal, tokenize, zipfile
source = zipfile.ZipFile("/tmp/ludoteca.whl")
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")

def facts(code):
    # what a code object is, compared field by field (marshal's bytes also say which
    # objects are shared, which differs between a tree and a text compiled alike)
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars,
            code.co_cellvars, code.co_linetable, code.co_exceptiontable, code.co_flags,
            code.co_firstlineno, code.co_qualname, code.co_argcount, code.co_kwonlyargcount,
            code.co_posonlyargcount, code.co_stacksize,
            tuple(facts(c) if hasattr(c, "co_code") else (type(c), repr(c))
                  for c in code.co_consts))

def docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \\
                and isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                and isinstance(first.value.value, str):
            yield node, first

def undocumented(name, data):
    tree = ast.parse(data)
    lines = data.decode().splitlines(keepends=True)
    found = sorted(docstrings(tree), key=lambda pair: (pair[1].lineno, pair[1].col_offset))
    for node, first in reversed(found):
        put = "" if isinstance(node, ast.Module) else "..."
        head, tail = first.lineno - 1, first.end_lineno - 1
        rest = lines[tail][first.end_col_offset:]
        lines[head] = lines[head][:first.col_offset] + put + (rest if head == tail else "\\n")
        for row in range(head + 1, tail + 1):
            lines[row] = "\\n"
        if head != tail and rest.strip():
            return data  # code after a docstring of many lines: left as it was
        if isinstance(node, ast.Module):
            node.body.pop(0)
        else:
            first.value = ast.Constant(...)
            first.end_lineno, first.end_col_offset = first.lineno, first.col_offset + 3
            ast.copy_location(first.value, first)
            first.value.end_lineno = first.end_lineno
            first.value.end_col_offset = first.end_col_offset
    bare = "".join(lines).encode()
    try:
        same = (facts(compile(bare, name, "exec", dont_inherit=True)) ==
                facts(compile(tree, name, "exec", dont_inherit=True)))
    except SyntaxError:
        same = False
    return bare if same else data

def uncommented(name, data):
    text = data.decode(tokenize.detect_encoding(io.BytesIO(data).readline)[0])
    lines = text.splitlines(keepends=True)
    comments = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type == tokenize.COMMENT]
    for token in reversed(comments):
        row, column = token.start
        line = lines[row - 1]
        end = line[len(line.rstrip("\\r\\n")):]
        lines[row - 1] = line[:column].rstrip() + end
    bare = "".join(lines).encode()
    same = (marshal.dumps(compile(bare, name, "exec", dont_inherit=True)) ==
            marshal.dumps(compile(data, name, "exec", dont_inherit=True)))
    return bare if same else data

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as slim:
    for info in source.infolist():
        entry = zipfile.ZipInfo(info.filename, info.date_time)
        entry.external_attr = info.external_attr
        entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
        data = source.read(info)
        if info.filename.endswith(".py"):
            data = uncommented(info.filename, data)
            if not info.filename.startswith(KEEP_DOCSTRINGS):
                data = undocumented(info.filename, data)
        slim.writestr(entry, data)
print(base64.b64encode(out.getvalue()).decode())
"""


def listed() -> set:
    """The modules builder/stdlib.txt names, with their parent packages."""
    names = set()
    for line in LIST.read_text().splitlines():
        name = line.split("#", 1)[0].strip()
        parts = name.split(".")
        names.update(".".join(parts[:n]) for n in range(1, len(parts) + 1) if name)
    return names


def marked(mark: str) -> set:
    """The listed modules whose line ends with ``# <mark>``."""
    return {line.split("#", 1)[0].strip() for line in LIST.read_text().splitlines()
            if line.split("#", 1)[0].strip() and line.rstrip().endswith("# " + mark)}


def rooms_only() -> set:
    """The listed modules marked ``# rooms``: only the rooms import them (builder/rooms.py),
    so they ride in the rooms' zip, not in the standard library a first move waits for."""
    return marked("rooms")


def frozen() -> set:
    """The listed modules marked ``# frozen``: Pyodide's Python holds them frozen in its
    binary and imports them from there (bench/stdlib_cost.py names them), never from the
    zip, so the zip leaves them out (their 60 KB of sources served only tracebacks)."""
    return marked("frozen")


def bytecode() -> set:
    """The listed modules marked ``# bytecode``: shipped as a .pyc made by Pyodide's own
    Python, not as source, for their compile costs the boot most per byte the .pyc adds
    (bench/stdlib_cost.py ranks them); the rest stay sources, to keep the first visit
    under 5 MB (all of them as bytecode is 0.45 MB more, over the cap)."""
    return marked("bytecode")


def rooms_stdlib(stock: bytes) -> dict:
    """The rooms' part of the standard library: {path in the zip: source} of the modules
    `rooms_only` names, from the stock zip (sources in every mode: no boot waits for them)."""
    rooms = rooms_only()
    with zipfile.ZipFile(io.BytesIO(stock)) as source:
        return {info.filename: source.read(info) for info in source.infolist()
                if module_of(info.filename) in rooms}


def module_of(path: str) -> str | None:
    """The module a zip entry holds (`email/__init__.py` -> `email`), or None."""
    path = path.removesuffix("c") if path.endswith(".pyc") else path
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def stock_modules(stock: bytes) -> set:
    return {m for m in map(module_of, zipfile.ZipFile(io.BytesIO(stock)).namelist()) if m}


def engine_imports() -> dict:
    """{module: the first py/ludoteca file importing it} for every absolute import."""
    found = {}
    for path in sorted((ROOT / "py" / "ludoteca").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                # `from a import b`: b may be a module of package a
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            for name in names:
                found.setdefault(name, path.relative_to(ROOT).as_posix())
    return found


def check_engine_imports(stock: bytes, keep: set) -> None:
    """Stop the build, in words, when py/ludoteca imports a module of Python's library that
    builder/stdlib.txt does not list."""
    stock_names = stock_modules(stock)
    missing = sorted((name, path) for name, path in engine_imports().items()
                     if name in stock_names and name not in keep)
    if missing:
        said = "; ".join(f"{path} imports {name}" for name, path in missing)
        raise SystemExit(
            f"build: the slim standard library lacks what the engine imports: {said}. Add "
            "each to builder/stdlib.txt, then run tests/pyodide/test_stdlib.py, which names "
            "what those modules import in turn.")


def slim_stdlib(stock: bytes) -> bytes:
    """The stock zip's bytes cut to the listed modules (their directory entries too), in its
    order, with its dates: the same list and runtime give the same bytes. Cached in .build/
    by both (the imports are checked at every build)."""
    keep = listed()
    check_engine_imports(stock, keep)
    rooms = rooms_only()
    split = sorted(name for name in rooms if name.rpartition(".")[0] in keep - rooms)
    if split:  # a package's modules are found where the package is: in one zip
        raise SystemExit(f"build: builder/stdlib.txt marks {', '.join(split)} '# rooms' but "
                         "not its package")
    keep -= rooms  # in the rooms' zip (`rooms_stdlib`)
    keep -= frozen()  # imported from Pyodide's binary, never from the zip
    key = sha(stock + LIST.read_bytes() + COMPILE.encode() + UNCOMMENT.encode() + b"no-columns")
    cached = CACHE / "stdlib" / f"{MODE}-{key[:16]}.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob(f"{MODE}-*.zip"):
            old.unlink()
        slim = cut(stock, keep)
        if MODE == "pyc":
            slim = in_pyodide("ONLY = None\n" + COMPILE, slim)
        else:  # sources without comments, the costliest few modules as bytecode
            slim = in_pyodide(UNCOMMENT, slim)
            paths = sorted(path for path in zipfile.ZipFile(io.BytesIO(slim)).namelist()
                           if module_of(path) in bytecode())
            if paths:
                slim = in_pyodide(f"ONLY = set({paths!r})\n" + COMPILE, slim)
        cached.write_bytes(slim)
    return cached.read_bytes()


def in_pyodide(code: str, slim: bytes) -> bytes:
    """`slim` made over by `code` under the pinned Pyodide in Node: each module's bytecode
    for Pyodide's Python in place of its source (COMPILE: a boot then compiles none of the
    library it imports, measured in Node: about a fifth of the boot's time with the sources,
    for a zip about twice as large), or its source without its comments (UNCOMMENT)."""
    compiling = code.endswith(COMPILE)
    log("compiling the standard library for Pyodide's Python" if compiling else
        "leaving the standard library's comments out")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stdlib.zip"
        path.write_bytes(slim)
        printed = subprocess.run(
            ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(path)], input=code,
            cwd=ROOT, check=True, capture_output=True, text=True,
            env=NO_COLUMNS if compiling else None).stdout
    return base64.b64decode(printed.strip().splitlines()[-1])


def cut(stock: bytes, keep: set) -> bytes:
    unknown = sorted(keep - stock_modules(stock))
    if unknown:
        raise SystemExit(f"build: builder/stdlib.txt names modules Pyodide's library does "
                         f"not have: {', '.join(unknown)}")
    packages = {name.replace(".", "/") + "/" for name in keep}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stock)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as slim:
        for info in source.infolist():
            if module_of(info.filename) in keep or info.filename in packages:
                entry = zipfile.ZipInfo(info.filename, info.date_time)
                entry.external_attr = info.external_attr
                entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                slim.writestr(entry, source.read(info))
    return out.getvalue()


def stdlib_name(data: bytes) -> str:
    """The slim zip's name beside the runtime's files: by its content, for pyodide/ paths
    never change content (the service worker caches them as such)."""
    return f"python_stdlib.slim-{sha(data)[:12]}.zip"
