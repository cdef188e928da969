"""Analysis: the review of a game's moves, hints, and the data files that make them exact.

Requests:
- ``analyse``: ``ply``, ``budget`` → the review of the position after move ``ply`` and of
  the move made there (`analysis.review.Review.ply`)
- ``hint``: ``budget`` → the values of the moves offered now and the best ones
Both say what data file would make them exact (``needs``: ``{name, path}``, or null), which
the page fetches and hands back:
- ``analysis_data``: ``name``, ``data`` (base64) → the engine keeps the game's data file (the
  solved Bakuk table) for every game's analysis and computer players from then on.
The table's view says too which data file a computer seat plays by (``needs``).
"""

from __future__ import annotations

import base64
import binascii

from .. import registry
from . import fields

ANALYSIS_BUDGET = (0.005, 5.0)  # seconds a review's position or a hint may take


def op_analyse(session, req):
    """The review of the position after move ``ply`` and of the move made there."""
    ply = session.check_ply(req.get("ply"))
    budget = fields.seconds(req, 0.05, ANALYSIS_BUDGET)
    return {"analysis": session.review.ply(session.states, session.moves, ply, budget),
            "needs": session.needs(session.review.analyst.needs())}


def op_hint(session, req):
    """The values of the moves offered now and the best ones."""
    budget = fields.seconds(req, 0.05, ANALYSIS_BUDGET)
    return {"hint": session.review.hint(session.states, session.moves, budget),
            "needs": session.needs(session.review.analyst.needs())}


def op_analysis_data(engine, req):
    """A data file the page fetched (a game's, `GameSpec.data_files`), base64."""
    name, data = fields.text(req, "name"), fields.text(req, "data")
    spec = registry.data_owner(name)
    if spec is None:
        raise fields.bad_field("name", name, "the name of a game's data file")
    try:
        raw = base64.b64decode(data, validate=True)
    except binascii.Error:  # not base64
        raise fields.bad_field("data", "...", "a game's data file, base64") from None
    engine.data[name] = spec.load_data(name, raw)
    return {"loaded": name}


def data_needed(engine, spec):
    """``{name, path}`` of a data file of the game's exact analysis not loaded yet."""
    name = spec.Analyst(spec.Game(), engine.data).needs()
    return None if name is None else {"name": name, "path": spec.data_files[name]}


OPS = {
    "analyse": (op_analyse, True), "hint": (op_hint, True),
    "analysis_data": (op_analysis_data, False),
}

FIELDS = {
    "analyse": ("ply", "budget", "session"), "hint": ("budget", "session"),
    "analysis_data": ("name", "data"),
}
