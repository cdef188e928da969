"""Bolonki's puzzle hints: what to remember (the colour of the piece that moved last, or
which of yours stands on its goal edge), never the piece or the move."""

from __future__ import annotations


def hint(puzzle: dict, state) -> dict:
    kind = "challenge" if puzzle["question"]["key"] == "puzzle.bolonki.challenge" else "which"
    return {"key": f"bolonki.puzzle_hint.{kind}", "params": {}}
