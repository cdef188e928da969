"""Buku's puzzle hints: where to look (the squares of your colour that can reach 3 or 4,
and, where the best move is about the answer, what it leaves the other side), never the
line to empty or the path."""

from __future__ import annotations


def hint(puzzle: dict, state) -> dict:
    kind = "exchange" if puzzle.get("theme") == "exchange" else "capture"
    return {"key": f"buku.puzzle_hint.{kind}", "params": {}}
