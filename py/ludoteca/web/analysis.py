"""Analysis: the review of a game's moves, hints, and the data files that make them exact.

Requests:
- ``analyse``: ``ply``, ``budget`` → the review of the position after move ``ply`` and of
  the move made there (`analysis.review.Review.ply`)
- ``hint``: ``budget`` → the values of the moves offered now and the best ones
- ``why``: ``ply``, ``move``, ``budget`` → why ``move`` at the position after move ``ply``
  is worth what it is: its ``value`` for its ``player`` (a puzzle's question: the puzzle's
  own value), and the ``steps`` of the line that proves it (`analysis.lines`), each
  ``{move, player, events, view}`` (``view``: the board there, shown as a replay is); null
  ``steps`` when the game offers no line
All say what data file would make them exact (``needs``: ``{name, path}``, or null), which
the page fetches and hands back with the table's ``analysis_data`` (`ludoteca.web.table`:
a computer seat may play by it from the first move, before the rooms are in).
"""

from __future__ import annotations

from ..analysis.lines import line
from ..core import IllegalMoveError
from ..teaching.coach import PuzzleCoach
from . import fields

ANALYSIS_BUDGET = (0.005, 5.0)  # seconds a review's position or a hint may take
MOVE_MOST = 2000  # characters of a move asked about (a Buku turn's notation is long)


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


def op_why(session, req):
    """The line that proves what ``move`` is worth at the position after move ``ply``."""
    ply = session.check_ply(req.get("ply"))
    move = fields.text(req, "move", most=MOVE_MOST)
    budget = fields.seconds(req, 0.05, ANALYSIS_BUDGET)
    coach = session.coach
    if isinstance(coach, PuzzleCoach) and ply >= len(coach.script) and not coach.revealed:
        raise IllegalMoveError("the puzzle's answer is not shown yet", "coach_turn")
    state = session.states[ply]
    if state.is_terminal or not state.is_legal(move):
        raise IllegalMoveError(f"{move!r} is not a legal move here", "illegal_move",
                               move=move[:40])
    analyst = session.review.analyst
    a = analyst.in_game(session.states, session.moves, ply, budget)
    if move not in a["moves"]:  # a move the analysis did not look at (Buku's millions)
        a = analyst.analyse(state, budget, include=(move,))
    value, kind, exact = a["moves"].get(move), a["kind"], a["exact"]
    if isinstance(coach, PuzzleCoach) and ply == len(coach.script) and \
            move in coach.puzzle["values"]:  # the value the puzzle's answer shows
        value, kind = coach.puzzle["values"][move], coach.puzzle["kind"]
    found = line(analyst, state, move, budget)
    steps = None
    if found is not None:
        chapters = set(analyst.line_chapters(found["steps"]))
        steps = [{"move": step["move"], "player": step["player"], "events": step["events"],
                  "chapter": i in chapters, "view": session.view(ply=i + 1, line={
                      "state": step["state"],
                      "last_move": {"ply": i + 1, "player": step["player"],
                                    "move": step["move"]}})}
                 for i, step in enumerate(found["steps"])]
    return {"why": {"ply": ply, "move": move, "player": state.current_player, "kind": kind,
                    "exact": exact, "value": value, "steps": steps},
            "needs": session.needs(analyst.needs())}


def data_needed(engine, spec):
    """``{name, path}`` of a data file of the game's exact analysis not loaded yet."""
    name = spec.Analyst(spec.Game(), engine.data).needs()
    return None if name is None else {"name": name, "path": spec.data_files[name]}


OPS = {
    "analyse": (op_analyse, True), "hint": (op_hint, True), "why": (op_why, True),
}

FIELDS = {
    "analyse": ("ply", "budget", "session"), "hint": ("budget", "session"),
    "why": ("ply", "move", "budget", "session"),
}
