"""Bul's puzzle hints: where to look, from what the best move does (its events), never the
move itself: a capture ("can you capture?"), a man brought home, or else a pile in danger."""

from __future__ import annotations


def hint(puzzle: dict, state) -> dict:
    kinds = {event["type"] for event in state.apply(puzzle["best"][0]).events}
    if "capture" in kinds:
        kind = "capture"
    elif "home" in kinds:
        kind = "home"
    else:
        kind = "danger"
    return {"key": f"bul.puzzle_hint.{kind}", "params": {}}
