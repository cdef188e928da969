"""Puzzles with proven answers: positions where the best move stands out, made at build time
by each game's generator and shipped in its package, every answer proven by the game's
analysis (and proven again by the tests).

`puzzles(game_id)` lists them as dicts, for anyone to check against their own solver:

- ``id``: ``"<game>-<n>"``, stable; ``game``; ``options`` (for `registry.new_game`);
- ``state``: the question's position (for ``game.state_from_json``);
- ``best``: the best moves (one, or a set of equally good ones);
- ``values``: ``{move: value}`` for every legal move (where the moves are too many to list,
  as in Buku, for the best move starting with each first step), in the analysis' ``kind``
  (``"margin"``: seeds the mover ends ahead, ``"win_chance"``: the mover's chance, 0..1,
  ``"score"``: the mover's points);
- ``difficulty``: 1 (easy) .. 3 (hard); ``question``: a message ``{key, params}``;
- ``line`` (optional): the moves that prove the best one, from the position after it;
- ``start`` and ``prelude`` (optional): a position and the moves played from it before the
  question, shown to the person first (Bolonki: watch, then answer), with ``shown`` (what
  the person sees of the start before the prelude: Bolonki's colours) and ``explain``
  (messages: why the answer is right).

A game ships them through `GameSpec.puzzles()` and proves one with
`GameSpec.prove_puzzle(puzzle, data)` (its ``best`` and ``values`` recomputed).
"""

from __future__ import annotations

import copy
import zlib

from .. import registry
from ..core import OptionError
from ..registry import GAMES, spec_of

FIELDS = ("id", "game", "options", "state", "best", "values", "kind", "difficulty",
          "question")


def puzzles(game_id: str, rule_set=None) -> list:
    """The puzzles of `game_id`, in order (copies: a caller may change them freely); with
    `rule_set`, only those of that rule set (see `shelf`)."""
    return [_copy(puzzle) for puzzle in shelf(game_id, rule_set)]


def shelf(game_id: str, rule_set=None) -> tuple:
    """The game's own puzzles (not copied), or with `rule_set` (a value of the game's
    `GameSpec.rule_set_option`: Bul's ``"puluc"``) only those played by it: a class taught
    Puluc is not handed a puzzle of Aj Sakalil. A rule set the game does not have is an
    `OptionError`; one it has no puzzle of gives none."""
    spec = spec_of(game_id)
    every = spec.puzzles()
    if rule_set is None:
        return every
    option = spec.rule_set_option
    if option is None or not isinstance(rule_set, str) or \
            rule_set not in spec.Game.describe_options()[option]["values"]:
        raise OptionError(f"{game_id} has no rule set {rule_set!r}", "bad_rule_set",
                          rule_set=str(rule_set)[:30])
    return tuple(p for p in every if p["options"].get(option) == rule_set)


def find(puzzle_id) -> dict:
    """The puzzle called `puzzle_id`; an unknown id is an `OptionError`."""
    game_id = puzzle_id.rpartition("-")[0] if isinstance(puzzle_id, str) else None
    if game_id in GAMES:
        for puzzle in spec_of(game_id).puzzles():
            if puzzle["id"] == puzzle_id:
                return _copy(puzzle)
    raise OptionError(f"no puzzle {puzzle_id!r}", "unknown_puzzle", id=str(puzzle_id)[:40])


LEVELS = (1, 2, 3)  # easy, medium, hard: a puzzle's ``difficulty``


def of_the_day(game_id: str, day: str, level=None, rule_set=None) -> dict:
    """The puzzle of `day` (``"YYYY-MM-DD"``, the person's own date) at `level` (1 easy ..
    3 hard; None: any), of `rule_set` (None: any, see `shelf`): the same for everyone that
    day, level and rule set, with no network. A level the game (or the rule set) has no
    puzzle of falls back to all its puzzles; a rule set with none falls back to the game's."""
    if not (isinstance(day, str) and len(day) == 10 and day[4] == day[7] == "-"
            and (day[:4] + day[5:7] + day[8:]).isdigit()):
        raise OptionError(f"not a date: {day!r}", "bad_day", day=str(day)[:20])
    if level is not None and (type(level) is not int or level not in LEVELS):
        raise OptionError(f"not a level: {level!r}", "bad_level", level=str(level)[:10])
    every = shelf(game_id, rule_set) or spec_of(game_id).puzzles()
    if not every:
        raise OptionError(f"{game_id} has no puzzles", "no_puzzles", game=game_id)
    # each level's own draw (the level in the seed): the levels' puzzles differ on a day
    shown = [p for p in every if p["difficulty"] == level] or every
    seed = f"{game_id} {day}" if level is None else f"{game_id} {day} {level}"
    if rule_set is not None:  # without one, the draw is the one it always was
        seed += f" {rule_set}"
    return _copy(shown[zlib.crc32(seed.encode()) % len(shown)])


SET_SIZE = 10  # the puzzles of a set chosen by level, when it does not say how many


def puzzle_set(game_id: str, rule_set=None, level=None, ids=None, count=None) -> list:
    """The ids of a puzzle set, in play order: what a SCORM package of puzzles plays and the
    site's ``?puzzle=set`` address names. ``ids``: those of them that are `rule_set`'s
    puzzles (see `shelf`), as listed; else those of ``level`` (1 easy .. 3 hard; None: any),
    in the game's own order. At most ``count`` (None: every id listed, or SET_SIZE). The same
    choices always make the same set: a platform that relaunches a package at puzzle 3
    finds the puzzles it had. Chosen here only, for the page and the package maker alike."""
    if level is not None and (type(level) is not int or level not in LEVELS):
        raise OptionError(f"not a level: {level!r}", "bad_level", level=str(level)[:10])
    every = shelf(game_id, rule_set)
    if ids is not None:
        known = {p["id"] for p in every}
        chosen = [i for i in ids if isinstance(i, str) and i in known]
        limit = len(chosen) if count is None else count
    else:
        chosen = [p["id"] for p in every if level is None or p["difficulty"] == level]
        limit = SET_SIZE if count is None else count
    return chosen[:limit]


def graded(every, count: int, options=None) -> list:
    """`count` of the puzzles `every` (a shelf) for a class's worksheet, easy to hard: the
    levels share the count out, the easy ones first and most (4: two easy, one medium, one
    hard; 6: two of each), a level short of puzzles leaving its share to the others. Within a level,
    puzzles played with `options` come first (the road of 13 rows the class plays, not 9),
    then the questions the sheet has least of (a sheet of one kind teaches one thing), then
    the set's order. Returned in order of level, then of the set: the same every time."""
    options = options if isinstance(options, dict) else {}
    order = {p["id"]: i for i, p in enumerate(every)}
    levels = sorted({p["difficulty"] for p in every})
    if not levels or count <= 0:
        return []
    have = {level: sum(1 for p in every if p["difficulty"] == level) for level in levels}
    share = dict.fromkeys(levels, 0)
    turn = 0
    while sum(share.values()) < min(count, len(every)):  # round the levels, easiest first
        level = levels[turn % len(levels)]
        turn += 1
        if share[level] < have[level]:  # a level short of puzzles leaves its turn to the rest
            share[level] += 1

    def played_otherwise(puzzle) -> bool:
        return any(puzzle["options"].get(name) != value for name, value in options.items())

    chosen, used = [], {}
    for level in levels:
        pool = [p for p in every if p["difficulty"] == level]
        for _ in range(min(share[level], len(pool))):
            pick = min(pool, key=lambda p: (played_otherwise(p),
                                            used.get(p["question"]["key"], 0), order[p["id"]]))
            pool.remove(pick)
            used[pick["question"]["key"]] = used.get(pick["question"]["key"], 0) + 1
            chosen.append(pick)
    return sorted(chosen, key=lambda p: (p["difficulty"], order[p["id"]]))


def judge(puzzle: dict, move: str) -> dict:
    """The verdict on `move` as an answer. A right one comes with the whole answer (see
    `answer`); a wrong one says only that it is not the best: the person may try again,
    and asks for the answer (`answer`) when they want it."""
    if move in puzzle["best"]:
        return answer(puzzle, move)
    return {"correct": False, "move": move}


def answer(puzzle: dict, move=None) -> dict:
    """The answer, with `move` (the person's, or None) judged against it: whether it is
    one of the best, every move's value and the line that proves the best."""
    return {"correct": move in puzzle["best"], "move": move,
            "value": puzzle["values"].get(move), "best": list(puzzle["best"]),
            "values": dict(puzzle["values"]), "kind": puzzle["kind"],
            "line": list(puzzle.get("line", [])),
            # what made the answer right, in words (Bolonki: which colours were where)
            "explain": list(puzzle.get("explain", []))}


def hint(puzzle: dict) -> dict:
    """The game's hint for `puzzle` (a message, `Teaching.puzzle_hint`): where to look at
    its question's position, never the move."""
    spec = spec_of(puzzle["game"])
    state = registry.new_game(puzzle["game"], **puzzle["options"]).state_from_json(
        puzzle["state"])
    return spec.puzzle_hint(puzzle, state)


def _copy(puzzle: dict) -> dict:
    return copy.deepcopy(puzzle)
