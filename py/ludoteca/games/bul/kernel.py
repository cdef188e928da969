"""Bul's kernel: the one statement of the beans, the road and a turn's moves, on a
position's plain data. `rules.State` plays every move through it (`actions`, `play`), and
`random_playout` runs it in a loop with no state objects, notation or copies — what the
benchmarks time and what a fast estimate of a position can sample.

A **position** is any object with these attributes (a `rules.State` is one; `play`
changes it in place):

- ``units``: ``[(row, pieces, heading)]`` ordered by row, then by arrival; ``pieces`` a
  tuple of players, top first; ``heading`` `OUT` or `HOME`;
- ``base``, ``dead``, ``retired``: lists, one entry per player;
- ``throws``: the values thrown this turn and not used yet, in the order thrown (a list);
  ``thrown``: every value thrown this turn, used or not (a tuple);
  ``last_turn``: ``(player, values)`` of the turn before (its ``thrown``), or None;
- ``throws_pending``, ``to_move``, ``finished``, ``turns``.

An **action** is a tuple: ``("throw", value)``, ``("pass",)``, ``("enter", value)`` or
``("move", value, unit index, backward)``.
"""

from __future__ import annotations

import random
from itertools import product
from typing import NamedTuple

from ...core import draw

MEN_PER_PLAYER = 5
LENGTHS = (9, 11, 13, 15, 20, 21)
OUT, HOME = "out", "home"
TURN_ORDER = {1: (0, 1), 2: (0, 2, 1, 3)}  # team_size -> seats in turn order
MAX_TURNS = 1000
"""Turns (one player's throws and moves) after which a game ends: moves are compulsory and
units can chase each other for ever (Puluc can return to its opening position); random games
end long before it. At the limit the side that has taken more enemy men wins; equal counts
draw (README, How to play / Bul)."""

# --- the beans ------------------------------------------------------------------------------
BEANS = 4
"""Beans in a throw, each marked on one face."""
FALLS = tuple(product((False, True), repeat=BEANS))
"""Every equally likely fall of the beans: per bean, whether its marked face is up."""


def throw_value(fall) -> int:
    """The move a fall is worth: the marked faces up, and 5 when none is."""
    return sum(fall) or 5


def marks_up(value: int) -> int:
    """The marked faces up that give a throw of `value` (none up counts 5)."""
    return value % 5


VALUES = tuple(sorted({throw_value(fall) for fall in FALLS}))
THROW_OUTCOMES = tuple(
    (str(v), sum(throw_value(f) == v for f in FALLS) / len(FALLS)) for v in VALUES)
"""The throw as a chance event: (outcome, probability), values in increasing order."""
THROW_ACTIONS = {outcome: ("throw", int(outcome)) for outcome, _ in THROW_OUTCOMES}


def draw_throw(rng) -> str:
    """A throw's outcome drawn with its odds, as `core.sample_chance` draws it."""
    return draw(THROW_OUTCOMES, rng)


# --- the rule sets --------------------------------------------------------------------------
class RuleSet(NamedTuple):
    """What makes one rule set differ from the others."""

    default_length: int
    verbeeck: bool  # two throws a turn, one movable man per player, teams allowed
    far_end: str  # "wall" (bounce at the last space), "camp" (turn in the far camp),
    #               "exit" (leave the road there), "free" (exit and free the captives)
    turn_on_capture: bool  # a capture turns the captor home
    companions_die: bool = False  # boolik: rescued companions are discarded at home
    captor_retires: bool = False  # aj-tiwil: captor and prey leave the road at once
    backward_capture: bool = False  # aj-sinaanil: may capture against the heading
    fire: bool = False  # a-kaakil: the middle of the road burns

    @property
    def throws_per_turn(self) -> int:
        return 2 if self.verbeeck else 1


RULE_SETS = {
    "boolik": RuleSet(13, False, "wall", True, companions_die=True),
    "buul": RuleSet(13, False, "free", True),
    "puluc": RuleSet(13, False, "exit", False),
    "aj-sayil": RuleSet(21, True, "camp", True),
    "aj-tiwil": RuleSet(21, True, "camp", True, captor_retires=True),
    "aj-sinaanil": RuleSet(21, True, "camp", True, backward_capture=True),
    "aj-sakalil": RuleSet(21, True, "exit", False),
    "a-kaakil": RuleSet(21, True, "camp", True, fire=True),
}


# --- the road -------------------------------------------------------------------------------
class Way(NamedTuple):
    """Where a unit's move ends (see `Road.destination`), in absolute rows."""

    outcome: str  # "land", "home" (its own base) or "exit" (off the far end)
    to: int  # the landing row, or the base row reached
    heading: str  # the heading after the move (before a capture turns it)
    path: tuple  # the rows passed, in order, the last one included
    turn: int  # index in `path` from which the unit heads home (len(path): it does not turn)


class Road:
    """One rule set on a road of `length` rows: rows 1..length, side A's base on row 1
    and side B's on the last; `n` road spaces between. A unit of a side is at distance
    ``d`` from its own base (0 the base, n + 1 the enemy base)."""

    def __init__(self, rules: RuleSet, length: int, team_size: int):
        self.rules = rules
        self.length = length
        self.team_size = team_size
        self.n = length - 2
        self.fire_rows = frozenset(self._fire_rows())
        self.base_row = (self.row_of(0, 0), self.row_of(1, 0))
        self.far_row = (self.row_of(0, self.n + 1), self.row_of(1, self.n + 1))
        # forward moves, and backward ones where a backward capture is allowed
        self.backward = (False, True) if rules.backward_capture else (False,)
        # every move worked out once: (row, side, heading, backward) -> a Way (or None when
        # it would leave the road) indexed by the value thrown; and each side's entry with
        # each value: the rows it passes
        values = range(max(VALUES) + 1)
        self.ways = {}
        for side in (0, 1):
            for d in range(1, self.n + 2):
                for heading in (OUT, HOME):
                    for backward in (False, True):
                        self.ways[self.row_of(side, d), side, heading, backward] = tuple(
                            self._way(side, d, heading, v, backward) if v in VALUES else None
                            for v in values)
        self.entries = tuple(tuple(tuple(self.row_of(side, d) for d in range(1, v + 1))
                                   for v in values) for side in (0, 1))

    def row_of(self, side: int, d: int) -> int:
        """The absolute row at distance `d` from `side`'s base."""
        return d + 1 if side == 0 else self.length - d

    def distance(self, side: int, row: int) -> int:
        return row - 1 if side == 0 else self.length - row

    def direction(self, side: int, heading: str) -> int:
        """+1 if a unit of `side` with `heading` goes toward higher rows, else -1."""
        return (1 if side == 0 else -1) * (1 if heading == OUT else -1)

    def destination(self, side: int, d: int, heading: str, value: int, backward=False):
        """Where a unit of `side` at distance `d` ends: ``(outcome, d, heading, path)``,
        outcome ``"land"``, ``"home"`` (own base) or ``"exit"`` (off the far end); path
        is the distances passed. None if a backward move would leave the road."""
        n, far_end = self.n, self.rules.far_end
        if backward:
            step = -1 if heading == OUT else 1
            end = d + step * value
            if not 1 <= end <= n:
                return None
            return "land", end, HOME, list(range(d + step, end + step, step))
        if heading == HOME:
            end = d - value
            if end <= 0:
                return "home", 0, HOME, list(range(d - 1, -1, -1))
            return "land", end, HOME, list(range(d - 1, end - 1, -1))
        reach = d + value
        if far_end in ("exit", "free"):
            if reach > n:
                return "exit", n + 1, OUT, list(range(d + 1, n + 2))
            return "land", reach, OUT, list(range(d + 1, reach + 1))
        turn = n if far_end == "wall" else n + 1  # the wall's space, or the far camp
        path = [x if x <= turn else 2 * turn - x for x in range(d + 1, reach + 1)]
        return "land", path[-1], (HOME if reach >= turn else OUT), path

    def _way(self, side, d, heading, value, backward):
        found = self.destination(side, d, heading, value, backward)
        if found is None:
            return None
        outcome, end, new_heading, path = found
        bounce = heading == OUT and new_heading == HOME and not backward
        return Way(outcome, self.row_of(side, end), new_heading,
                   tuple(self.row_of(side, x) for x in path),
                   path.index(max(path)) if bounce else len(path))

    def _fire_rows(self) -> list:
        """The middle of the road: one space for odd n, both central spaces for even n
        (d counted from side A; the set is the same seen from side B)."""
        if not self.rules.fire:
            return []
        n = self.n
        middle = [(n + 1) // 2] if n % 2 else [n // 2, n // 2 + 1]
        return [d + 1 for d in middle]


# --- facts of a position ------------------------------------------------------------------
def has_free_man(s, side: int) -> bool:
    """A free man: in the side's base or on top of a unit."""
    return any(s.base[side::2]) or any(pieces[0] % 2 == side for _, pieces, _ in s.units)


def game_over(s) -> bool:
    return not (has_free_man(s, 0) and has_free_man(s, 1))


def taken(s, side: int) -> int:
    """Enemy men dead: what `side` took (the T'iwil score)."""
    return sum(s.dead[1 - side::2])


def end_reason(s, road):
    """None while the game goes on, else ``"no_free_men"``, ``"eagle_count"`` (aj-tiwil)
    or ``"turn_limit"`` (MAX_TURNS turns played)."""
    if not s.finished:
        return None
    if not game_over(s):
        return "turn_limit"
    return "eagle_count" if road.rules.captor_retires else "no_free_men"


def winner(s, road):
    """The winning side, None while playing or on a draw."""
    if not s.finished:
        return None
    if end_reason(s, road) != "no_free_men":  # count the enemy men taken
        a, b = taken(s, 0), taken(s, 1)
        return None if a == b else (0 if a > b else 1)
    alive = [has_free_man(s, 0), has_free_man(s, 1)]
    return alive.index(True) if alive.count(True) == 1 else None


def returns(s, road) -> list:
    won = winner(s, road)
    if won is None:
        return [0] * len(s.base)
    return [1 if p % 2 == won else -1 for p in range(len(s.base))]


# --- the legal actions ----------------------------------------------------------------------
def actions(s, road) -> list:
    """The legal actions, in the order of `rules.State.legal_moves`: each distinct value
    thrown, in the order thrown, with its uses — an entry first, then each unit that may
    move (forward, then backward) — or ``[("pass",)]`` when no value has a use."""
    if s.finished:
        return []
    if s.throws_pending:
        return list(THROW_ACTIONS.values())
    rules, units, player = road.rules, s.units, s.to_move
    side = player % 2
    mine = [i for i, unit in enumerate(units) if unit[1][0] == player]
    if rules.verbeeck and not mine and not s.base[player]:
        # no men left: he helps, moving one of a teammate's units
        movers = [i for i, unit in enumerate(units) if unit[1][0] % 2 == side]
        may_enter = False
    else:
        movers = mine
        may_enter = s.base[player] and not (rules.verbeeck and mine)
    # Seed rule 13: never onto a unit of one's own (a teammate's is fine); the square a
    # unit leaves is empty for its own landing
    own = {(row, pieces[0]) for row, pieces, _ in units}
    found = []
    for value in dict.fromkeys(s.throws):  # each distinct value once
        if may_enter and (road.entries[side][value][-1], player) not in own:
            found.append(("enter", value))
        for index in movers:
            row, pieces, heading = units[index]
            top = pieces[0]
            for backward in road.backward:
                way = road.ways[row, top % 2, heading, backward][value]
                if way is None:
                    continue
                if way.outcome == "land":
                    if way.to != row and (way.to, top) in own:
                        continue
                    if backward and not _enemy_at(units, top % 2, way.to):
                        continue
                found.append(("move", value, index, backward))
    return found or [("pass",)]


def _enemy_at(units, side: int, row: int) -> bool:
    return any(unit[0] == row and unit[1][0] % 2 != side for unit in units)


# --- a move -----------------------------------------------------------------------------------
def play(s, road, action, frame=None) -> list:
    """Play a legal `action` on position `s` (in place); returns its events. `frame`, when
    given, is called as ``frame(kind, at, moving=...)`` at each step of the move, the
    position then as it stands (`rules.State._frame`)."""
    kind = action[0]
    if kind == "throw":
        value = action[1]
        s.throws.append(value)
        s.thrown += (value,)
        s.throws_pending -= 1
        return [{"type": "throw", "player": s.to_move, "value": value,
                 "marks": marks_up(value), "index": len(s.thrown) - 1}]
    player = s.to_move
    if kind == "pass":
        events = [{"type": "pass", "player": player, "lost": list(s.throws)}]
        s.throws = []
    else:
        s.throws.remove(action[1])
        if kind == "enter":
            events = _enter(s, road, player, action[1], frame)
        else:
            events = _move(s, road, player, action[1], action[2], action[3], frame)
    if game_over(s):
        _finish(s, road, events)
    elif not s.throws:
        order = TURN_ORDER[road.team_size]
        s.last_turn, s.thrown = (player, s.thrown), ()
        s.to_move = order[(order.index(player) + 1) % len(order)]
        s.throws_pending = road.rules.throws_per_turn
        s.turns += 1
        if s.turns >= MAX_TURNS:
            _finish(s, road, events)
    return events


def _finish(s, road, events: list) -> None:
    s.finished = True
    if s.thrown:
        s.last_turn, s.thrown = (s.to_move, s.thrown), ()
    s.throws, s.throws_pending = [], 0
    events.append({"type": "end", "winner": winner(s, road), "reason": end_reason(s, road),
                   "taken": [taken(s, 0), taken(s, 1)]})


def _enter(s, road, player: int, value: int, frame) -> list:
    side = player % 2
    s.base[player] -= 1
    path = road.entries[side][value]
    events = [{"type": "enter", "player": player, "value": value,
               "from": road.base_row[side], "to": path[-1], "path": list(path),
               "heading": OUT}]
    if frame is not None:
        _travel(frame, road, (player,), path, [OUT] * value)
    _land(s, road, (player,), path[-1], OUT, player, events, frame)
    return events


def _travel(frame, road, pieces: tuple, rows, headings: list) -> None:
    """Frames of a unit on its way (it stands on no row meanwhile: ``moving``)."""
    for row, heading in zip(rows, headings, strict=True):
        frame("pass-row", row, moving=moving(road, row, pieces, heading))


def moving(road, row: int, pieces: tuple, heading: str) -> dict:
    """A unit on its way, as a frame's observation shows it (``moving``)."""
    side = pieces[0] % 2
    return {"row": row, "pieces": list(pieces), "heading": heading, "side": side,
            "direction": road.direction(side, heading)}


def _move(s, road, player: int, value: int, index: int, backward: bool, frame) -> list:
    row, pieces, heading = s.units.pop(index)
    side = pieces[0] % 2
    way = road.ways[row, side, heading, backward][value]
    move_event = {"type": "move", "player": player, "controller": pieces[0],
                  "value": value, "from": row, "to": way.to, "path": list(way.path),
                  "heading": way.heading, "backward": backward,
                  "bounce": heading == OUT and way.heading == HOME and not backward}
    events = [move_event]
    if frame is not None:
        frame("lift", row, moving=moving(road, row, pieces, heading))
        _travel(frame, road, pieces, way.path,
                [heading if i < way.turn else HOME for i in range(len(way.path))])
    if way.outcome == "home":
        _dissolve(s, road, "home", pieces, way.to, events, frame)
    elif way.outcome == "exit":
        _dissolve(s, road, "dissolve", pieces, way.to, events, frame)
        if road.rules.far_end == "free":
            _free_captives(s, side, events, frame)
    else:
        move_event["heading"] = _land(s, road, pieces, way.to, way.heading, player, events,
                                      frame)
    return events


def _land(s, road, pieces: tuple, row: int, heading: str, player: int, events: list,
          frame) -> str:
    """Put a moving unit down on `row`: burn, capture or settle. Returns its heading."""
    side = pieces[0] % 2
    if row in road.fire_rows:
        for p in pieces:
            s.dead[p] += 1
        events.append({"type": "burn", "row": row, "pieces": list(pieces)})
        if frame is not None:
            frame("burn", row)
        return heading
    here = [i for i, unit in enumerate(s.units) if unit[0] == row]
    if here and s.units[here[0]][1][0] % 2 != side:
        heading = _capture(s, road, pieces, row, heading, player, here, events)
        if frame is not None:
            frame("capture", row)
        return heading
    _insert(s.units, (row, pieces, heading))
    if frame is not None:
        frame("land", row)
    return heading


def _capture(s, road, pieces, row, heading, player, here, events) -> str:
    rules = road.rules
    captured = ()
    for i in reversed(here):  # the latest arrival under the captor, the earliest last
        captured += s.units[i][1]
    for i in reversed(here):
        del s.units[i]
    if rules.turn_on_capture:
        heading = HOME
    if rules.captor_retires:
        s.retired[pieces[0]] += len(pieces)
        for p in captured:
            s.dead[p] += 1
        events.append({"type": "capture", "player": player, "controller": pieces[0],
                       "row": row, "captured": list(captured), "pieces": [],
                       "heading": heading})
        events.append({"type": "retire", "player": pieces[0], "row": row,
                       "prey": list(captured)})
        return heading
    pile = pieces + captured
    _insert(s.units, (row, pile, heading))
    events.append({"type": "capture", "player": player, "controller": pieces[0],
                   "row": row, "captured": list(captured), "pieces": list(pile),
                   "heading": heading})
    rescued = [p for p in captured if p % 2 == pieces[0] % 2]
    if rescued:
        events.append({"type": "rescue", "controller": pieces[0], "row": row,
                       "pieces": rescued})
    return heading


def _insert(units: list, unit: tuple) -> None:
    """Keep units ordered by row, the latest arrival last on its row."""
    at = len(units)
    while at and units[at - 1][0] > unit[0]:
        at -= 1
    units.insert(at, unit)


def _dissolve(s, road, kind: str, pieces: tuple, row: int, events: list, frame) -> None:
    """A unit reaching home (or off the far end): its captives die, its top goes back to
    the base, its companions too (or die, in boolik)."""
    side = pieces[0] % 2
    returned, discarded = [pieces[0]], []
    for p in pieces[1:]:
        if p % 2 != side or road.rules.companions_die:
            discarded.append(p)
        else:
            returned.append(p)
    for p in returned:
        s.base[p] += 1
    for p in discarded:
        s.dead[p] += 1
    events.append({"type": kind, "player": pieces[0], "row": row,
                   "pieces": list(pieces), "returned": returned, "discarded": discarded})
    if frame is not None:
        frame(kind, row)
    if discarded:
        events.append({"type": "discard", "row": row, "pieces": discarded})
    if len(returned) > 1:
        events.append({"type": "free", "row": row, "pieces": returned[1:]})


def _free_captives(s, side: int, events: list, frame) -> None:
    """Bu'ul: every man of `side` held captive anywhere goes back to his base."""
    freed = []
    for i, (row, pieces, heading) in enumerate(s.units):
        if pieces[0] % 2 == side:
            continue
        mine = [p for p in pieces if p % 2 == side]
        if mine:
            s.units[i] = (row, tuple(p for p in pieces if p % 2 != side), heading)
            for p in mine:
                s.base[p] += 1
                freed.append({"row": row, "player": p})
    if freed:
        events.append({"type": "free-captives", "side": side, "pieces": freed})
        if frame is not None:
            frame("free-captives", None)


# --- random play ------------------------------------------------------------------------------
def random_playout(s, road, rng) -> tuple:
    """Play position `s` (in place) to its end as the beginner level plays, each throw
    drawn with its odds: ``(returns, plies)``. It consumes `rng` as a game of beginners
    through `rules.State.apply` does (`spec.GameSpec.random_playout`) — a generator per
    seat seeded from it, then per ply a throw, or that seat's choice among the legal
    actions, listed as the legal moves are — so a seeded game is the same move for move."""
    choosers = [random.Random(rng.random()).choice for _ in s.base]
    plies = 0
    while not s.finished:
        if s.throws_pending:
            action = THROW_ACTIONS[draw_throw(rng)]
        else:
            action = choosers[s.to_move](actions(s, road))
        play(s, road, action)
        plies += 1
    return returns(s, road), plies
