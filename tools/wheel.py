"""Build the ludoteca wheel with the standard library: a wheel is a zip with a
``.dist-info`` folder. Fixed timestamps and order make it byte-for-byte reproducible, so an
unchanged package gives the same file and the same content hash."""

from __future__ import annotations

import base64
import hashlib
import io
import tomllib
import zipfile
from pathlib import Path

EPOCH = (2020, 2, 2, 0, 0, 0)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(root: Path, compiled: dict | None = None,
                extra: dict | None = None, sources: bool = True) -> tuple[str, bytes]:
    """(file name, bytes) of the wheel of the package in ``root/py``, with the modules of
    ``extra`` ({path in the wheel: bytes}: a test build's fixture game) and ``compiled``
    ({path in the wheel: bytes}: the modules' bytecode for Pyodide's Python) beside them;
    with ``sources=False``, the bytecode alone (the site's: zipimport needs no source)."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = {}
    for path in sorted((root / "py" / name).rglob("*.py")):
        files[path.relative_to(root / "py").as_posix()] = path.read_bytes()
    files.update(sorted((extra or {}).items()))
    if not sources:
        files.clear()
    files.update(sorted((compiled or {}).items()))
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {project['description']}\nRequires-Python: {project['requires-python']}\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: ludoteca-build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = f"{name}\n".encode()
    record = [_record_line(n, d) for n, d in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file_name, data in files.items():
            info = zipfile.ZipInfo(file_name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()
