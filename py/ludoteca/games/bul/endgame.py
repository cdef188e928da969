"""Exact win chances of small Bul endgames, solved whole turn by whole turn.

The values of `analysis.solve` (value iteration: each side's best move at a decision, the
odds-weighted mean at a throw, until no value moves by more than `analysis.TOLERANCE`;
two such iterations agree to a few billionths), computed on fewer nodes: only the
positions where a turn begins are kept. A turn — its throws and the mover's one or two
moves — is worked out once per position and per throw (each pair of values, in either
order, for the two-throw rule sets) as the set of places the turn can end; the mover
picks the best of them. A position inside a turn is then valued from the turn starts
(`Solution.chance`). Proving a puzzle costs one solve, so the tests can prove each one
afresh.

Each turn start is valued as the chance of the side to throw. The road looks the same
from either end, so when both sides have the same men, a position with side B to throw
is kept as its mirror image with side A to throw (rows turned round, each man handed to
the other side's player in the same seat): that halves the work.

Like `analysis.solve`, it leaves out the 1,000-turn limit and lists every position
reachable from the root: use it on endgames (a man or two a side), where that is a few
hundred turn starts.
"""

from __future__ import annotations

from operator import mul

from .analysis import MAX_SWEEPS, TOLERANCE
from .heuristics import PAIRS, PROBABILITY
from .kernel import MEN_PER_PLAYER, actions, play, winner


class _Position:
    """A kernel position without the state protocol: cheap to copy and play on."""

    __slots__ = ("units", "base", "dead", "retired", "throws", "thrown", "last_turn",
                 "throws_pending", "to_move", "finished", "turns")

    @classmethod
    def of(cls, state) -> _Position:
        p = cls()
        p.units, p.base, p.dead = list(state.units), list(state.base), list(state.dead)
        p.retired, p.throws = list(state.retired), list(state.throws)
        p.thrown, p.last_turn = tuple(state.thrown), None
        p.throws_pending, p.to_move = state.throws_pending, state.to_move
        p.finished, p.turns = state.finished, 0  # turns are not counted here
        return p

    def copy(self) -> _Position:
        p = _Position()
        p.units, p.base, p.dead = list(self.units), self.base[:], self.dead[:]
        p.retired, p.throws = self.retired[:], self.throws[:]
        p.thrown, p.last_turn = self.thrown, None
        p.throws_pending, p.to_move = self.throws_pending, self.to_move
        p.finished, p.turns = self.finished, 0
        return p

    def layout(self) -> tuple:
        """What a turn start is: the men, and who is to throw (or the end)."""
        return (tuple(self.units), tuple(self.base), tuple(self.dead), tuple(self.retired),
                self.to_move, self.finished)

    def mirrored(self, length: int) -> _Position:
        """The same position seen from the other end of the road: row r is row
        length + 1 - r, player p's men are player p ^ 1's (0 and 1 swap, 2 and 3)."""
        p = self.copy()
        p.units = sorted(((length + 1 - row, tuple(q ^ 1 for q in pieces), heading)
                          for row, pieces, heading in self.units), key=_row)
        p.base, p.dead, p.retired = (_swap_seats(self.base), _swap_seats(self.dead),
                                     _swap_seats(self.retired))
        p.to_move ^= 1
        return p


def _row(unit) -> int:
    return unit[0]  # a stable sort by row keeps the order of arrival on a row


def _swap_seats(counts) -> list:
    return [counts[p ^ 1] for p in range(len(counts))]


def _alive(p) -> list:
    return [MEN_PER_PLAYER - d - r for d, r in zip(p.dead, p.retired, strict=True)]


class Solution:
    """The exact chance of the side to throw at every turn start reachable from a root
    (some kept as mirror images, see the module's docstring), and so side A's chance at
    any position of that endgame (`chance`)."""

    def __init__(self, road, values: dict, mirror: bool):
        self.road = road
        self.values = values  # layout -> the chance of the side to throw
        self.mirror = mirror  # side B's turns are kept as their mirror images

    def kept(self, p) -> _Position:
        """Turn start `p` as it is kept: itself, or its mirror image."""
        return p.mirrored(self.road.length) if self.mirror and p.to_move % 2 else p

    def chance(self, state) -> float:
        """Side A's chance at `state` with best play by both sides."""
        if state.is_terminal:
            won = state.winner
            return 0.5 if won is None else float(won == 0)
        if _at_turn_start(state):
            chance = self.values[self.kept(_Position.of(state)).layout()]
            return 1.0 - chance if state.to_move % 2 else chance
        children = _next_states(state)
        if state.throws_pending:  # the second throw of a turn
            return sum(p * self.chance(c) for p, c in children)
        chances = [self.chance(c) for _, c in children]
        return max(chances) if state.to_move % 2 == 0 else min(chances)

    def move_chances(self, state) -> dict:
        """{move: the chance of the player to move's side after it} at a decision."""
        side = state.to_move % 2
        found = {}
        for move in state.legal_moves():
            a = self.chance(state.apply(move))
            found[move] = a if side == 0 else 1.0 - a
        return found


def _at_turn_start(state) -> bool:
    return state.throws_pending == state.rules.throws_per_turn


def _next_states(state) -> list:
    """[(probability, child)] at a throw, [(None, child)] at a decision."""
    if state.throws_pending:
        return [(p, state.apply(o)) for o, p in state.chance_outcomes()]
    return [(None, state.apply(m)) for m in state.legal_moves()]


def solve(root, cap: int = 100_000):
    """The `Solution` of every turn start reachable from `root` (any position of a game),
    or None when there are more than `cap` of them or the values do not settle."""
    road = root.game.road
    two_throws = root.rules.throws_per_turn == 2
    start = _Position.of(root)
    alive = _alive(start)
    solution = Solution(road, {}, mirror=alive == _swap_seats(alive))
    # a turn start -> None while listed, then its turn: [(probability, the ends the mover
    # chooses from)]; an end is a turn start and whether the other side throws there,
    # or a result (the mover's chance) and None
    layouts = solution.values
    ends_of = {}  # (layout, values in hand) inside a turn -> where that turn can end
    todo = []

    def reach(p, side: int) -> tuple:
        """Where a turn of `side` ends, as an end."""
        if p.finished:
            won = winner(p, road)
            return (0.5 if won is None else float(won == side)), None
        other = p.to_move % 2 != side
        p = solution.kept(p)
        k = p.layout()
        if k not in layouts:
            layouts[k] = None
            todo.append(p)
        return k, other

    def ends(p, k) -> tuple:
        """The ends the turn can reach from decision `p` (`k`: its layout and the values
        in hand)."""
        found = ends_of.get(k)
        if found is None:
            found = {}
            side = p.to_move % 2
            for action in actions(p, road):
                child = p.copy()
                play(child, road, action)
                if child.finished or child.throws_pending:
                    found[reach(child, side)] = None
                else:
                    found.update(dict.fromkeys(
                        ends(child, (child.layout(), tuple(sorted(child.throws))))))
            found = ends_of[k] = tuple(found)
        return found

    def turn(p, k) -> list:
        """[(the ends the turn from `p` can reach, their probability)] over its throws."""
        found = {}  # the set of ends -> its probability
        side = p.to_move % 2
        if not two_throws:
            for value, chance in PROBABILITY.items():
                thrown = p.copy()
                thrown.throws, thrown.throws_pending = [value], 0
                group = ends(thrown, (k, (value,)))
                found[group] = found.get(group, 0.0) + chance
            return list(found.items())
        # each value's uses first, another value still in hand (a move does not depend
        # on which): then each pair of values, in either order
        after = {}
        for value in PROBABILITY:
            thrown = p.copy()
            thrown.throws, thrown.throws_pending = [value, value], 0
            children = []
            for action in actions(thrown, road):
                if action[0] != "pass":
                    child = thrown.copy()
                    play(child, road, action)
                    children.append((child, None if child.finished else child.layout()))
            after[value] = children
        for a, b, chance in PAIRS:
            group = {}
            for first, second in ((a, b), (b, a)) if a != b else ((a, b),):
                for child, layout in after[first]:
                    if layout is None:
                        group[reach(child, side)] = None
                        continue
                    key = (layout, (second,))
                    rest = ends_of.get(key)
                    if rest is None:
                        child = child.copy()
                        child.throws = [second]
                        rest = ends(child, key)
                    group.update(dict.fromkeys(rest))
            if not group:  # neither value has a use: the turn passes
                passed = p.copy()
                passed.throws, passed.throws_pending = [a, b], 0
                play(passed, road, ("pass",))
                group[reach(passed, side)] = None
            group = tuple(group)
            found[group] = found.get(group, 0.0) + chance
        return list(found.items())

    if start.finished or start.throws_pending == root.rules.throws_per_turn:
        reach(start, 0)
    elif start.throws_pending:  # between the two throws of a turn
        for value in PROBABILITY:
            child = start.copy()
            play(child, road, ("throw", value))
            ends(child, (child.layout(), tuple(sorted(child.throws))))
    else:
        ends(start, (start.layout(), tuple(sorted(start.throws))))
    while todo:
        p = todo.pop()
        if len(layouts) > cap:
            return None
        k = p.layout()
        layouts[k] = [(chance, group) for group, chance in turn(p, k)]
    solution.values = _iterate(layouts)
    return None if solution.values is None else solution


def _iterate(layouts: dict):
    """Value iteration over the turn starts (Gauss-Seidel, the latest listed first, which
    are mostly the ones the earlier lead to). The value of an end for the mover: a
    result, a turn start's value, or 1 less it where the other side throws."""
    index = {k: i for i, k in enumerate(layouts)}
    values = [0.5] * len(index)
    plan = []
    for k, turn in reversed(layouts.items()):
        # what each throw adds: its odds times the value of the one way the turn can end
        # (1 less it where the other side throws next: `sure` keeps the 1s), or, where
        # the mover chooses, the best end: the other side's worst turn, or any end
        sure, odds, ends, theirs, mixed = 0.0, [], [], [], []
        for p, group in turn:
            if len(group) == 1:
                end, other = group[0]
                if other is None:  # a result
                    sure += p * end
                    continue
                sure += p if other else 0.0
                odds.append(-p if other else p)
                ends.append(index[end])
            elif all(other for _, other in group):
                sure += p
                theirs.append((p, tuple(index[e] for e, _ in group)))
            else:
                results = [end for end, other in group if other is None]
                mixed.append((p, max(results, default=0.0),
                              tuple(index[e] for e, other in group if other is False),
                              tuple(index[e] for e, other in group if other)))
        plan.append((index[k], sure, tuple(odds), tuple(ends), tuple(theirs), tuple(mixed)))
    get = values.__getitem__
    for _ in range(MAX_SWEEPS):
        change = 0.0
        for i, sure, odds, ends, theirs, mixed in plan:
            v = sure + sum(map(mul, odds, map(get, ends)))
            for p, group in theirs:
                v -= p * min(map(get, group))
            for p, result, same, other in mixed:
                best = result
                if same:
                    best = max(best, max(map(get, same)))
                if other:
                    best = max(best, 1.0 - min(map(get, other)))
                v += p * best
            d = v - values[i]
            if d > change or -d > change:
                change = d if d > 0 else -d
            values[i] = v
        if change < TOLERANCE:
            return {k: values[i] for k, i in index.items()}
    return None
