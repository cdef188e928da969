"""The app icons as PNG (installable web apps need 192 and 512 px PNGs), drawn with the
standard library: the Ludoteca mark of web/img/icon.svg — four seeds on a brown tile."""

from __future__ import annotations

import struct
import zlib

BROWN, SEED, GOLD = (138, 59, 18), (243, 227, 195), (224, 161, 0)
SEEDS = [(20, 22, SEED), (44, 22, SEED), (20, 44, SEED), (44, 44, GOLD)]  # on a 64 grid


def _pixel(x: float, y: float, maskable: bool):
    corner = 0 if maskable else 12  # a maskable icon fills its square: the OS rounds it
    dx, dy = max(corner - x, 0, x - (64 - corner)), max(corner - y, 0, y - (64 - corner))
    if dx * dx + dy * dy > corner * corner:
        return (0, 0, 0, 0)
    scale = 0.8 if maskable else 1.0  # keep the seeds inside the maskable safe zone
    for cx, cy, colour in SEEDS:
        sx, sy = 32 + (cx - 32) * scale, 32 + (cy - 32) * scale
        if (x - sx) ** 2 + (y - sy) ** 2 <= (9 * scale) ** 2:
            return (*colour, 255)
    return (*BROWN, 255)


def png(size: int, maskable: bool = False) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray(b"\0")  # filter type 0
        for px in range(size):
            row += bytes(_pixel((px + 0.5) * 64 / size, (py + 0.5) * 64 / size, maskable))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
