"""Bul analysis: the chance that a side wins, with the beans' real odds.

Kind ``"win_chance"``: the probability that the player's side wins, with best play by
both, the throws falling 1, 2, 3, 4, 5 with 4, 6, 4, 1, 1 chances in 16 (0 marked faces
is a 5). At a decision the values are the chances after each move; at a throw (a chance
node, `player` = who throws) they are the chances after each outcome, with `chances`.

Two ways to a value:
- **Exact** (``exact: True``) when every position reachable from here (throws, moves,
  without counting turns) can be listed and solved within the budget: value iteration
  (max/min at decisions, odds-weighted mean at throws) until no value moves by more than
  `TOLERANCE`. That is the endgames of ``boolik``, ``buul`` and ``puluc`` with one man a
  side left (a few thousand positions); in the Verbeeck rule sets (21 rows) one man a side
  already makes tens of thousands, beyond any budget the page gives. Everything else:
  estimate.
  The analyst keeps the last endgame it solved, so the positions after it cost nothing
  more.
  The 1,000-turn limit is left out (no real game comes near it).
- **Estimate** (``exact: False``) otherwise: expectimax over whole turns (averaging the
  throws, each side's best moves) as deep as the budget allows, the positions at its
  horizon scored by `heuristics.evaluate` mapped to a chance with a logistic curve
  (`SCALE`). Its error against exact values: ``bench/analysis.py`` measures it on endgame
  positions where both exist.
"""

from __future__ import annotations

import math
import time

from ...core import CHANCE
from ...spec import Analyst
from .heuristics import evaluate

DEFAULT_BUDGET = 0.5
# What budgets are measured on. Tests of exact values stop it: a loaded machine must not
# turn a solvable endgame into an estimate (the solver's state cap still bounds the work).
clock = time.perf_counter
SCALE = 1.6  # evaluate()'s points per unit of the logistic: fitted on exact endgames
STATES_PER_SECOND = 20000  # the exact solver's cap on the positions it lists, per second of budget
MAX_SWEEPS = 5000
TOLERANCE = 1e-10  # a sweep that changes no value by more than this ends the iteration


def key(state) -> tuple:
    return (tuple(state.units), tuple(state.base), tuple(state.dead), tuple(state.retired),
            tuple(sorted(state.throws)), state.throws_pending, state.to_move, state.finished)


def final_chance(state) -> float:
    """Side A's result at the end: 1 won, 0 lost, 0.5 drawn."""
    winner = state.winner
    return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


def heuristic_chance(state) -> float:
    """Side A's chance estimated from the position alone."""
    if state.is_terminal:
        return final_chance(state)
    x = evaluate(state, 0) / SCALE
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def _endgame(state) -> tuple:
    return (tuple(sorted(state.game.options.items())), tuple(state.dead), tuple(state.retired))


def _may_solve(state) -> bool:
    """Only endgames can be solved: at most one man a side left."""
    return all(sum(5 - state.dead[p] - state.retired[p] for p in state.players_of(side)) <= 1
               for side in (0, 1))


def solve(root, cap: int, deadline=None):
    """{key: side A's exact chance} for every position reachable from `root`, or None
    when there are more than `cap` of them (or `deadline`, a `clock()` time, passes)."""
    nodes = {}  # key -> ("end", chance) | ("throw", [(p, key)]) | (side, [key])
    todo = [root]
    while todo:
        state = todo.pop()
        k = key(state)
        if k in nodes:
            continue
        if len(nodes) >= cap or (deadline and clock() > deadline):
            return None
        if state.is_terminal:
            nodes[k] = ("end", final_chance(state))
            continue
        if state.current_player == CHANCE:
            children = [(p, state.apply(o)) for o, p in state.chance_outcomes()]
            nodes[k] = ("throw", [(p, key(c)) for p, c in children])
            todo.extend(c for _, c in children)
        else:
            children = [state.apply(m) for m in state.legal_moves()]
            nodes[k] = (state.to_move % 2, [key(c) for c in children])
            todo.extend(children)
    index = {k: i for i, k in enumerate(nodes)}  # sweeps on numbers, not on big tuples
    values = [(node[1] if node[0] == "end" else 0.5) for node in nodes.values()]
    throws, maxes, mins = [], [], []
    for k, (kind, children) in nodes.items():
        if kind == "throw":
            throws.append((index[k], [(p, index[c]) for p, c in children]))
        elif kind != "end":
            (maxes if kind == 0 else mins).append((index[k], [index[c] for c in children]))
    for _ in range(MAX_SWEEPS):
        change = 0.0
        for i, children in throws:
            v = 0.0
            for p, c in children:
                v += p * values[c]
            if abs(v - values[i]) > change:
                change = abs(v - values[i])
            values[i] = v
        for group, pick in ((maxes, max), (mins, min)):
            for i, children in group:
                v = pick([values[c] for c in children])
                if abs(v - values[i]) > change:
                    change = abs(v - values[i])
                values[i] = v
        if change < TOLERANCE:
            return {k: values[i] for k, i in index.items()}
        if deadline and clock() > deadline:
            return None
    return None  # did not settle: not proven


MEMO_SIZE = 200_000  # estimates an analyst keeps (then it starts again)


class _Estimate:
    """Expectimax over whole turns, deepening while time lasts; side A's chances. `memo`:
    (position key, turns) -> chance; finished values do not depend on time, so the
    analyst keeps them for its later calls."""

    def __init__(self, deadline: float, memo: dict):
        self.deadline = deadline
        self.memo = memo

    def deepen(self, children: dict) -> dict:
        """{move: side A's chance} for the states after each move (or throw), from the
        deepest search that finished for all of them (the first, to the next turn,
        always finishes)."""
        started = clock()
        values = {m: self.after(c, 0) for m, c in children.items()}
        for turns in (1, 2):
            now = clock()
            # a turn deeper costs some 15 times more: skip what cannot finish in time
            if now + 15 * (now - started) > self.deadline:
                break
            started = now
            try:
                values = {m: self.after(c, turns) for m, c in children.items()}
            except TimeoutError:
                break
        return values

    def after(self, state, turns: int) -> float:
        if state.is_terminal:
            return final_chance(state)
        k = (key(state), turns)
        if k in self.memo:
            return self.memo[k]
        if turns and clock() > self.deadline:
            raise TimeoutError
        if state.current_player == CHANCE:
            new_turn = state.throws_pending == state.rules.throws_per_turn
            if new_turn and turns == 0:
                value = heuristic_chance(state)
            else:
                left = turns - 1 if new_turn else turns
                value = sum(p * self.after(state.apply(o), left)
                            for o, p in state.chance_outcomes())
        else:
            values = [self.after(state.apply(m), turns) for m in state.legal_moves()]
            value = max(values) if state.to_move % 2 == 0 else min(values)
        self.memo[k] = value
        return value


class BulAnalyst(Analyst):
    """Win chances; keeps the endgame it solved last, the endgames too big for a budget and
    the estimates made so far (for one game: the positions of a game have its options)."""

    def __init__(self, game, data=None):
        super().__init__(game, data)
        self.solved = {}  # the last endgame solved: {key: side A's chance}
        self.failed = {}  # endgame (`_endgame`) -> the largest budget it could not be solved in
        self.memo = {}  # the estimates (`_Estimate`)

    def kind(self, state) -> str:
        return "win_chance"

    def analyse(self, state, budget=None, **context) -> dict:
        budget = DEFAULT_BUDGET if budget is None else budget
        player = state.current_player
        chance = player == CHANCE
        if chance:
            player = state.to_move
        side = player % 2
        start = clock()
        solved = self.solved if key(state) in self.solved else None
        endgame = _endgame(state)
        if solved is None and _may_solve(state) and self.failed.get(endgame, 0) < budget:
            solved = solve(state, int(STATES_PER_SECOND * budget), start + 0.8 * budget)
            if solved is None:  # too big for this budget: do not try again with the same
                self.failed[endgame] = budget
            else:
                self.solved = solved
        if chance:
            chances = {o: p for o, p in state.chance_outcomes()}
            children = {o: state.apply(o) for o in chances}
        else:
            children = {m: state.apply(m) for m in state.legal_moves()}
        if solved is not None:
            side_a = {m: solved[key(c)] for m, c in children.items()}
        else:
            if len(self.memo) > MEMO_SIZE:
                self.memo.clear()
            side_a = _Estimate(start + budget, self.memo).deepen(children)
        # side A's chance -> the player's side's
        moves = {m: (p if side == 0 else 1.0 - p) for m, p in side_a.items()}
        result = {"player": player, "kind": "win_chance", "exact": solved is not None,
                  "moves": moves}
        if chance:
            result["chances"] = chances
            result["value"] = sum(chances[o] * moves[o] for o in chances)
        else:
            result["value"] = max(moves.values())
        return result

    def line_plies(self, state) -> int:
        """About three turns (a throw and a move each, a few more with extra throws)."""
        return 10

    def outlook(self, state, analysis):
        """Side A's chance of winning (a draw counts a half)."""
        if state.is_terminal:
            return final_chance(state)
        value = analysis["value"]
        return value if state.side_of(analysis["player"]) == 0 else 1.0 - value
