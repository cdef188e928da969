"""Why a Bul puzzle's answer is best, in words a 12-year-old reads (the print kit's answer
key; issue 43): not only "you win 87 % of the time", but what the move leaves on the road —
whether the enemy's next turn can land on one of your piles (a capture), how often, and the
same after the best of the other moves; and, where that does not tell them apart, how often
your pile then reaches the enemy's.

The chances are the enemy's throws that land on a square (`heuristics.threats`, from the
beans' odds): exact for the next turn, said in sixteenths for one throw of four beans
("6 times in 16"), in hundredths for a turn of two throws. Every sentence is a message
(``bul.key.*``), for the page to say.
"""

from __future__ import annotations

from ...teaching.lessons import message
from .heuristics import threats

SAME = 0.01  # chances closer than this are said to be the same
SIXTEENTHS = 16  # one throw of four beans: 16 equally likely falls


def reasons(puzzle: dict, state) -> list:
    """Messages saying what the best move of `puzzle` (at its question's position `state`)
    leaves for the enemy's next turn, beside the best of the other moves."""
    values = puzzle["values"]
    best = puzzle["best"][0]
    # the best of the others, as the key's comparison names it (the first of the highest)
    others = sorted((m for m in values if m not in puzzle["best"]), key=lambda m: -values[m])
    side = state.to_move % 2
    after = _turn_end(state, best, puzzle.get("line", []))
    if after.is_terminal:  # the move's own sentence says how, unless the turn goes on first
        won = after.winner is not None and after.winner % 2 == side
        return [message("bul.key.wins")] if won and puzzle.get("line") else []
    enemy = _side_name(state, 1 - side)
    said = [_danger(after, side, enemy, "bul.key.after")]
    if not others:
        return said
    other = _turn_end(state, others[0], None)
    if other.is_terminal:
        return said
    said.append(_danger(other, side, enemy, "bul.key.other"))
    mine, theirs = _risk(after, side)[1], _risk(other, side)[1]
    if mine > theirs - SAME:  # no safer than the other: what it threatens tells them apart
        reach, row = _reach(after, side)
        reach_other, _ = _reach(other, side)
        if row is not None and reach > reach_other + SAME:
            said.append(message("bul.key.attack", row=row, enemy=enemy,
                                chance=_chance(after, reach),
                                other=_chance(other, reach_other)))
    return said


def each_move(puzzle: dict, state) -> dict:
    """What every move of `puzzle` leaves for the enemy's next turn (as `reasons` says it of
    the best move), ``{move: message}``, best first; a move that ends the game says nothing
    here unless it wins."""
    values = puzzle["values"]
    side = state.to_move % 2
    enemy = _side_name(state, 1 - side)
    said = {}
    for move in sorted(values, key=lambda m: -values[m]):
        line = puzzle.get("line", []) if move == puzzle["best"][0] else None
        after = _turn_end(state, move, line)
        if not after.is_terminal:
            said[move] = _danger(after, side, enemy, "bul.key.after")
        elif after.winner is not None and after.winner % 2 == side:
            said[move] = message("bul.key.wins")  # the rest of the turn wins the game
    return said


def _turn_end(state, move: str, line):
    """The position when the mover's turn is over after `move`: the rest of the turn as the
    proof plays it (`line`), or, for another move, its continuation that leaves the mover's
    piles least in reach (that move at its best)."""
    child = state.apply(move)
    if line is not None:
        for step in line:
            child = child.apply(step)
        return child
    player = state.to_move
    while not child.is_terminal and not child.throws_pending and child.to_move == player:
        options = [child.apply(m) for m in child.legal_moves()]
        child = min(options, key=lambda s: (_risk(s, player % 2)[1], s.is_terminal))
    return child


def _risk(state, side: int) -> tuple:
    """(row, chance) of `side`'s pile that the enemy's next turn lands on most often
    ((None, 0) when none can be reached)."""
    reach = threats(state, 1 - side)
    rows = [row for row, pieces, _ in state.units if pieces[0] % 2 == side]
    worst = max(rows, key=lambda row: reach.get(row, 0.0), default=None)
    return (worst, reach.get(worst, 0.0)) if worst is not None else (None, 0.0)


def _reach(state, side: int) -> tuple:
    """(chance, row): how often `side`'s next turn lands on the enemy pile it reaches most
    often, if that pile stays where it is."""
    reach = threats(state, side)
    rows = [row for row, pieces, _ in state.units if pieces[0] % 2 != side]
    best = max(rows, key=lambda row: reach.get(row, 0.0), default=None)
    return (reach.get(best, 0.0), best) if best is not None else (0.0, None)


def _danger(state, side: int, enemy, prefix: str) -> dict:
    """What the enemy's next turn can do to `side`'s piles, as a message."""
    if not any(pieces[0] % 2 == side for _, pieces, _ in state.units):
        return message(f"{prefix}.none", enemy=enemy)
    row, chance = _risk(state, side)
    if chance < SAME / 100:
        return message(f"{prefix}.safe", enemy=enemy)
    return message(f"{prefix}.risk", enemy=enemy, row=row, chance=_chance(state, chance))


def _chance(state, p: float) -> dict:
    """A chance in words: "6 times in 16 throws" for one throw, else out of a hundred."""
    if p < SAME / 100:
        return message("bul.key.chance.never")
    if state.rules.throws_per_turn == 1:
        n = round(p * SIXTEENTHS)
        if abs(n - p * SIXTEENTHS) < 1e-9:
            return message("bul.key.chance.throws", n=n)
    n = round(p * 100)
    if n == 0 and p > 0:
        return message("bul.key.chance.rare")
    return message("bul.key.chance.turns", n=n)


def _side_name(state, side: int) -> dict:
    """The side's name as the board says it ("Negro")."""
    return message(f"bul.side.{side}")
