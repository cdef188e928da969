"""Bakuk's puzzle hints: where to look, from what each move captures at once (`kernel.sow`),
never which hole to sow."""

from __future__ import annotations

from .kernel import HOLES, sow


def hint(puzzle: dict, state) -> dict:
    """``take``: a best move makes the biggest capture (count where the last seed falls);
    ``trap``: the biggest capture is not the best (look at North's answer); ``quiet``:
    nothing captures now (look at what North could take next)."""
    captures = {m: sow(state.holes, HOLES.index(m))[1] for m in state.legal_moves()}
    most = max(captures.values(), default=0)
    if most == 0:
        kind = "quiet"
    elif any(captures.get(m) == most for m in puzzle["best"]):
        kind = "take"
    else:
        kind = "trap"
    return {"key": f"bakuk.puzzle_hint.{kind}", "params": {}}
