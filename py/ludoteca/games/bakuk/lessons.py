"""Bakuk's lesson: eleven steps from sowing and "which holes are mine" to the end of the game.

Each step is a small position (South to move, but for the 3-player step) where the rule it
teaches decides which moves meet its goal. A goal reads what the move did from its events
(`rules.State._play`: the ``sow`` path, the ``capture`` chain, the ``end``) and the position
after it, and says in words what went wrong: where the last seed fell and what that hole
holds now, where a chain stopped and why, what is left for North.
"""

from __future__ import annotations

from ...teaching.lessons import Step, message
from .kernel import HOLES, position_key, sow

CYCLE = ("a", "f", "c", "e", "b", "d")
"""Six moves that bring the board a1 b0 c1 d0 e1 f1 (South to move) back to itself, one seed
chasing another round the board: the repetition step goes round it twice."""


# --- positions --------------------------------------------------------------------------
def _position(holes, captured, to_move=0):
    """A position reached for the first time (as after a capture): its own history only."""
    def setup(game):
        key = ",".join(map(str, holes)) + f"/{to_move}"
        return game.state_from_json({
            "game": "bakuk", "players": game.num_players, "holes": list(holes),
            "captured": list(captured), "to_move": to_move, "seen": {key: 1}})
    return setup


def _round_in_circles(game):
    """a1 b0 c1 d0 e1 f1, South to move, after going round `CYCLE` twice: the position
    North faced after South's first move of the cycle began the history (just after a
    capture), so South's move ``a`` now makes it for the third time."""
    state = _position((0, 1, 1, 0, 1, 1), (18, 14), to_move=1)(game)
    for move in (CYCLE[1:] + CYCLE)[:11]:
        state = state.apply(move)
    return state


# --- what a move did --------------------------------------------------------------------
def _sowing(child) -> dict:
    return next(e for e in child.events if e["type"] == "sow")


def _capture(child):
    return next((e for e in child.events if e["type"] == "capture"), None)


def _last_hole(child) -> str:
    return _sowing(child)["path"][-1]


def _seeds_in(child, hole: str) -> int:
    return child.holes[HOLES.index(hole)]


def _no_capture(child) -> dict:
    """Why nothing was taken: what the hole of the last seed holds now."""
    hole = _last_hole(child)
    return message("lesson.bakuk.why.no_capture", hole=hole, n=_seeds_in(child, hole))


def _mine(state) -> set:
    return {HOLES[i] for i in state.owned(state.to_move)}


# --- goals ------------------------------------------------------------------------------
def _sows(hole: str):
    """Sow `hole` (the step that shows what sowing is: any other hole is not the one asked)."""
    def goal(state, move, child):
        if move == hole:
            return None
        return message("lesson.bakuk.why.other_hole", origin=move, hole=hole)
    return goal


def _lands_across(state, move, child):
    last = _last_hole(child)
    if last not in _mine(state):
        return None
    return message("lesson.bakuk.why.own_row", hole=last)


def _lands_in(target):
    def goal(state, move, child):
        sowing = _sowing(child)
        last = sowing["path"][-1]
        if last == target:
            return None
        return message("lesson.bakuk.why.last_in", n=sowing["seeds"], origin=move, hole=last,
                       target=target)
    return goal


def _goes_round(state, move, child):
    sowing = _sowing(child)
    if move in sowing["path"]:
        return None
    return message("lesson.bakuk.why.short", origin=move, n=sowing["seeds"])


def _captures(state, move, child):
    return None if _capture(child) else _no_capture(child)


def _captures_at_home(state, move, child):
    capture = _capture(child)
    if capture is None:
        return _no_capture(child)
    if set(capture["holes"]) & _mine(state):
        return None
    return message("lesson.bakuk.why.across_only", holes=", ".join(capture["holes"]))


def _captures_a_chain(state, move, child):
    capture = _capture(child)
    if capture is None:
        return _no_capture(child)
    if len(capture["holes"]) > 1:
        return None
    hole = capture["holes"][0]
    after = HOLES[(HOLES.index(hole) + 1) % 6]
    return message("lesson.bakuk.why.chain_stops", hole=hole, next=after,
                   n=_seeds_in(child, after))


def _captures_the_most(state, move, child):
    capture = _capture(child)
    if capture is None:
        return _no_capture(child)
    most = max(sow(state.holes, HOLES.index(m))[1] for m in state.legal_moves())
    if capture["total"] == most:
        return None
    return message("lesson.bakuk.why.fewer", n=capture["total"], best=most)


def _wins_now(state, move, child):
    if not child.is_terminal:
        return message("lesson.bakuk.why.goes_on", holes=", ".join(child.legal_moves()))
    if child.winner == state.to_move:
        return None
    me = state.to_move
    return message("lesson.bakuk.why.not_won", mine=child.captured[me],
                   theirs=max(n for p, n in enumerate(child.captured) if p != me))


def _ends_by_repetition(state, move, child):
    if child.end_reason == "repetition":
        return None
    times = child.seen.get(position_key(child.holes, child.to_move), 0)
    return message("lesson.bakuk.why.not_third", n=times)


STEPS = (
    # sowing itself, before any goal needs it: a's 3 seeds go one by one to b, c and d (its
    # intro restates docs/rules/bakuk.md, "A move" 1-2, from the seed text: docs/SOURCES.md)
    Step("bakuk", "sow", ("move",), _position((3, 1, 2, 2, 2, 2), (12, 12)),
         _sows("a"), "a"),
    Step("bakuk", "rows", ("setup", "move"), _position((2, 2, 4, 2, 1, 1), (12, 12)),
         _lands_across, "b"),
    Step("bakuk", "one_by_one", ("move",), _position((5, 3, 2, 2, 2, 2), (10, 10)),
         _lands_in("f"), "a"),
    Step("bakuk", "round", ("move",), _position((2, 1, 6, 1, 1, 1), (12, 12)),
         _goes_round, "c"),
    Step("bakuk", "two", ("move",), _position((2, 1, 2, 1, 1, 1), (14, 14)),
         _captures, "c"),
    Step("bakuk", "own_row", ("move",), _position((1, 3, 1, 5, 1, 1), (12, 12)),
         _captures_at_home, "a"),
    # the rules file's example of a chain
    Step("bakuk", "chain", ("move",), _position((1, 1, 3, 2, 4, 1), (12, 12)),
         _captures_a_chain, "b"),
    Step("bakuk", "most", ("move",), _position((2, 2, 3, 1, 1, 1), (14, 12)),
         _captures_the_most, "c"),
    Step("bakuk", "three", ("setup",), _position((2, 1, 4, 1, 1, 1), (8, 10, 8), to_move=1),
         _captures, "d", options={"players": 3}),
    Step("bakuk", "finish", ("end",), _position((1, 1, 1, 1, 2, 0), (14, 16)),
         _wins_now, "c"),
    Step("bakuk", "repetition", ("end",), _round_in_circles, _ends_by_repetition, "a"),
)
