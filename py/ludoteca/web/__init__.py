"""The JSON facade the browser's worker calls — the only module the page talks to.

One entry point, `handle(request_json) -> response_json`, so the worker passes strings
and nothing else crosses the Pyodide boundary. Every response about a game carries the
page's `view`: an *observation* (never the full state: Bolonki colours stay here), the
events of the last move, the legal first steps of the next move and the public record. So
that the page computes no rule, the view also says what each offered step is
(``step_facts``), who made the last move (``last_move``) and, in the answer that played a
move, its ``frames``: the observation after each step of it, for the page to animate
(`core.State.apply_with_frames`). See `session.Session.view`.

The requests (``op`` and its fields) are grouped by area, each module documenting its own:
- `table`: ``new``, ``load``, ``levels``, ``view``, ``step``, ``play``, ``throw``, ``bot``,
  ``react``, ``undo``, ``redo``, ``goto``, ``truncate``, ``history``, ``link``;
- `analysis`: ``analyse``, ``hint``, ``analysis_data``;
- `teaching`: ``lesson``, ``lesson_demo``, ``puzzles``, ``puzzle``, ``puzzle_answer``, the
  print kit's ``opening`` and ``puzzle_sheet``, the set-up mode's ``edit``, ``edit_play``,
  ``edit_link``, ``edit_prove``;
- `classroom`: ``tournament_new``, ``tournament_view``, ``tournament_enter``,
  ``tournament_clear``, ``tournament_next``, ``match``, ``match_new``;
- `labs`: ``beans_facts``, ``beans_verdict``, ``beans_throw``, ``beans_code``,
  ``beans_read``, ``fairness_lab``, ``fairness_config``, ``fairness_run``.
Beside them: `session` (a game being played), `fields` (the checks of request fields) and
`handler` (the `Engine`: the games kept, the table of requests, and who is at fault for an
error).

Errors answer ``{"ok": false, "error": {code, message, params}, "view": ...}`` and leave the
game as it was. A refusal (the person's request: an illegal move, a bad option, a field of
the wrong kind) answers its own code; anything else is the engine's fault, ``internal``,
logged in the worker's console. Requests, records and links are read within ``limits``
(size, nesting, moves).

`OPS` names the function that answers each request and whether it is about a game being
played; `FIELDS` the fields each request reads (what the fuzz test sends hostile values to).
"""

from __future__ import annotations

from .handler import FIELDS, OPS, ROOM_AREAS, TABLE_OPS, Engine, areas
from .session import Session

engine = Engine()
handle = engine.handle

__all__ = ["FIELDS", "OPS", "ROOM_AREAS", "TABLE_OPS", "Engine", "Session", "areas", "engine",
           "handle"]
