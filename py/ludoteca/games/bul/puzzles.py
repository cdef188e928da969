"""Bul's puzzles: endgames whose best move beats every other by at least `MARGIN` of win
chance, exactly (`endgame.solve`), made by `make` at build time and proven by `prove`.

Three kinds of question (``puzzle.bul.<kind>``):

- ``order``: one man a side in a Verbeeck rule set; two values thrown, used one at a
  time — which first? Capturing on the way, keeping off the fire, getting home with one
  value so the other enters a new man, or where the man should end the turn.
- ``odds``: "read the throw" — a Maya rule set, two men against one, one value thrown:
  enter or move, and which man; the answer is where the enemy's beans are least likely
  to reach (a 2 comes 6 times in 16, a 4 or a 5 once).
- ``team``: one man a side in team play; the player to move may be the one helping.

Every position is Red's turn (mirror images would only repeat them), a different
position each time, shown from the turn's start: the throw is the puzzle's prelude.
Difficulty: 1 when the answer shows at once (a capture, or another move burns), else 2
when it beats the next move by `CLEAR` or more, else 3.

A teacher's position (the set-up mode) is proven the same way when the solver proves it at
once (`check_provable`): after the throw, in an endgame of one man a side, or two against
one on a short road.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ...core import OptionError
from ...teaching.lessons import message
from . import endgame
from .heuristics import PAIRS, PROBABILITY
from .kernel import MEN_PER_PLAYER
from .positions import position
from .rules import Game

MARGIN = 0.05  # the best move's win chance beats the next best by this much at least
CLEAR = 0.12  # a margin a learner sees without fine counting (difficulty 2, not 3)
TIE = 1e-9  # moves within this of the best are equally best


class Group(NamedTuple):
    """Puzzles of one endgame: its options, each player's men, and how many to take of
    each difficulty (1, 2, 3)."""

    name: str
    kind: str  # the question: "order", "odds" or "team"
    options: dict
    men: tuple  # per player: the men he still has (the others are dead)
    quota: tuple


GROUPS = (
    Group("warrior-9", "order", {"variant": "aj-sakalil", "length": 9}, (1, 1), (2, 2, 2)),
    Group("warrior-13", "order", {"variant": "aj-sakalil", "length": 13}, (1, 1), (1, 2, 2)),
    Group("warrior-21", "order", {"variant": "aj-sakalil", "length": 21}, (1, 1), (1, 1, 1)),
    Group("fire-9", "order", {"variant": "a-kaakil", "length": 9}, (1, 1), (2, 1, 1)),
    Group("fire-11", "order", {"variant": "a-kaakil", "length": 11}, (1, 1), (2, 1, 1)),
    Group("ant-9", "order", {"variant": "aj-sayil", "length": 9}, (1, 1), (2, 2, 2)),
    Group("ant-11", "order", {"variant": "aj-sayil", "length": 11}, (1, 1), (1, 1, 1)),
    Group("eagle-9", "order", {"variant": "aj-tiwil", "length": 9}, (1, 1), (1, 1, 1)),
    Group("scorpion-9", "order", {"variant": "aj-sinaanil", "length": 9}, (1, 1), (2, 1, 1)),
    Group("scorpion-11", "order", {"variant": "aj-sinaanil", "length": 11}, (1, 1),
          (1, 1, 1)),
    Group("team-warrior-9", "team", {"variant": "aj-sakalil", "length": 9, "team_size": 2},
          (1, 1, 0, 0), (2, 1, 1)),
    Group("team-ant-9", "team", {"variant": "aj-sayil", "length": 9, "team_size": 2},
          (1, 1, 0, 0), (0, 1, 1)),
    Group("puluc-9", "odds", {"variant": "puluc", "length": 9}, (2, 1), (2, 3, 3)),
    Group("buul-9", "odds", {"variant": "buul", "length": 9}, (2, 1), (2, 2, 3)),
    Group("puluc-11", "odds", {"variant": "puluc", "length": 11}, (2, 1), (0, 1, 1)),
)

ADDED = (
    # Puluc on the road of 13 rows a class plays (Ludoteca's default, the teacher's plan):
    # two men against one, one throw, at every level
    Group("puluc-13", "odds", {"variant": "puluc", "length": 13}, (2, 1), (2, 2, 2)),
)
"""Groups made after the first puzzles were shipped: numbered after them (each batch easiest
first), so that every id given out before (a learner's progress, a shared link) stays."""


# --- a teacher's position (`editing`) as a puzzle -----------------------------------------
PROVEN_LENGTH = 13
"""The longest road on which two men against one are proven (`endgame` solves that in
moments, even in the browser); one man a side is proven on any road."""


def check_provable(state) -> None:
    """Raise `OptionError` unless `endgame` proves `state` exactly and at once: a decision
    (the beans are thrown) in a small endgame."""
    if state.throws_pending:
        raise OptionError("bul: nothing to choose before the beans are thrown",
                          "bul_puzzle_throw_first")
    alive = [0, 0]  # per side, the men not dead nor retired (captives too)
    for p in range(state.num_players):
        alive[p % 2] += MEN_PER_PLAYER - state.dead[p] - state.retired[p]
    two_against_one = (sorted(alive) == [1, 2] and state.game.team_size == 1
                       and state.game.length <= PROVEN_LENGTH)
    if max(alive) > 1 and not two_against_one:
        raise OptionError("bul: only small endgames are proven", "bul_puzzle_too_big",
                          length=PROVEN_LENGTH)


def prove(game, state_json) -> dict:
    """``{"best", "values"}`` of the position: every legal move's exact win chance for the
    player to move's side, and the moves within `TIE` of the best."""
    best, values, _ = _proof(game.state_from_json(state_json))
    return {"best": best, "values": values}


def _proof(state) -> tuple:
    """(best moves, {move: win chance}, the endgame's `endgame.Solution`)."""
    solution = endgame.solve(state)
    if solution is None:
        raise ValueError("this position is too big to solve exactly")
    values = solution.move_chances(state)
    top = max(values.values())
    return [m for m, v in values.items() if v >= top - TIE], values, solution


def make() -> tuple:
    """Every group's puzzles, easiest first, numbered ``bul-1``, ``bul-2``...; the `ADDED`
    groups' after the others, easiest first among themselves."""
    made = []
    for batch in (GROUPS, ADDED):
        puzzles = [puzzle for group in batch for puzzle in _group_puzzles(group)]
        puzzles.sort(key=lambda p: p["difficulty"])  # stable: groups keep their order
        made.extend(puzzles)
    return tuple({"id": f"bul-{n}", **puzzle} for n, puzzle in enumerate(made, 1))


def _group_puzzles(group: Group) -> list:
    game = Game(**group.options)
    root = _endgame_start(game, group.men)
    solution = endgame.solve(root)
    rng = random.Random(f"bul puzzles {group.name}")
    wanted = dict(zip((1, 2, 3), group.quota, strict=True))
    taken, seen = [], set()
    candidates = list(_questions(game, solution))
    rng.shuffle(candidates)
    for state in candidates:
        layout = (tuple(state.units), tuple(state.base))
        if layout in seen:
            continue
        graded = _grade(state, solution.move_chances(state))
        if graded is None or not wanted.get(graded):
            continue
        puzzle = _puzzle(group, game, state, rng)
        if _grade(state, puzzle["values"]) != graded:  # its own proof grades it so too
            continue
        puzzle["difficulty"] = graded
        wanted[graded] -= 1
        seen.add(layout)
        taken.append(puzzle)
    if any(wanted.values()):
        raise ValueError(f"{group.name}: not enough puzzles, {wanted} missing")
    return taken


def _endgame_start(game, men):
    """The group's endgame at its first throw: each player's men in his base."""
    data = game.initial_state().to_json()
    data["base"] = list(men)
    data["dead"] = [MEN_PER_PLAYER - m for m in men]
    return game.state_from_json(data)


def _questions(game, solution):
    """Red's decisions with two moves or more: each turn start of the solved endgame, with
    each throw it can get."""
    per_turn = game.rules.throws_per_turn
    throws = ([[v] for v in PROBABILITY] if per_turn == 1
              else [[a, b] for a, b, _ in PAIRS if a != b])
    for layout in solution.values:
        units, base, dead, retired, to_move, finished = layout
        if finished or to_move % 2:
            continue
        for values in throws:
            start = _turn_start(game, layout)
            for value in values:
                start = start.apply(str(value))
            if len(start.legal_moves()) > 1:
                yield start


def _turn_start(game, layout):
    units, base, dead, retired, to_move, _ = layout
    return position(game, units, base, dead, retired, to_move,
                    throws_pending=game.rules.throws_per_turn)


def _grade(state, values: dict):
    """The difficulty of the question, or None when the best move does not stand out."""
    ranked = sorted(values.values(), reverse=True)
    top = ranked[0]
    others = [v for v in ranked if v < top - TIE]
    if not others or top - others[0] < MARGIN:
        return None
    best = [m for m, v in values.items() if v >= top - TIE]
    if any(_shows(state, m, "capture") for m in best) or any(
            _shows(state, m, "burn") for m in values if m not in best):
        return 1
    return 2 if top - others[0] >= CLEAR else 3


def _shows(state, move, kind: str) -> bool:
    return any(e["type"] == kind for e in state.apply(move).events)


def _puzzle(group, game, state, rng) -> dict:
    """The puzzle of `state` (a decision right after the throw), proven from scratch."""
    thrown = list(state.thrown)
    rng.shuffle(thrown)  # the order the beans fell in does not matter
    start = _turn_start(game, _layout(state))
    question = start
    for value in thrown:
        question = question.apply(str(value))
    best, values, solution = _proof(game.state_from_json(_saved(question)))
    params = ({"value": thrown[0]} if group.kind == "odds"
              else {"a": thrown[0], "b": thrown[1]})
    return {"game": "bul", "options": dict(game.options), "state": _saved(question),
            "best": best, "values": values, "kind": "win_chance", "difficulty": None,
            "question": message(f"puzzle.bul.{group.kind}", **params),
            "line": _line(question, best[0], solution), "start": _saved(start),
            "prelude": [str(v) for v in thrown]}


SAVED = ("game", "variant", "length", "team_size", "units", "base", "dead", "retired",
         "throws", "thrown", "throws_pending", "to_move", "terminal")


def _saved(state) -> dict:
    """What `Game.state_from_json` reads of a position (the rest it derives)."""
    full = state.to_json()
    return {name: full[name] for name in SAVED}


def _layout(state) -> tuple:
    return (tuple(state.units), tuple(state.base), tuple(state.dead), tuple(state.retired),
            state.to_move, False)


def _line(state, best: str, solution) -> list:
    """The rest of the turn after the best move, best play: the moves the mover still
    makes before the next throw (none in the one-throw rule sets)."""
    line = []
    state = state.apply(best)
    player = state.to_move
    while not state.is_terminal and state.throws and state.to_move == player:
        values = solution.move_chances(state)
        move = max(values, key=values.get)
        line.append(move)
        state = state.apply(move)
    return line
