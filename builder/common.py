"""What every step of the build uses: saying what it does, running a command, hashing."""

from __future__ import annotations

import hashlib
import subprocess

from builder.paths import ROOT


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*cmd, **kwargs) -> None:
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
