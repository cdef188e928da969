"""Buku's set-up mode (`ludoteca.teaching.editor`): a click on a square adds a piece or takes one
away; beside the board the teacher chooses whose turn it is and the pieces each player has
captured.

A legal position holds all 65 pieces, on the board or captured; some square holds 2 or more
(else the game is over); and no square holds more than a move can leave there
(`rules.State._check_heights`). The 65th piece is in White's hand only in the opening
position itself: a teacher's draft is given it exactly when it is that position, so it is
never a choice and never wrong.

Captures: a capture empties squares of 3 or 4 pieces, so a player's captures are a sum of 3s
and 4s: 0, 3, 4, 6, 7, 8 or more, never 1, 2 or 5 (checked). Beyond these necessary
conditions full reachability is not decided (the moves are self-avoiding paths, far too many
to search back from a click); they rule out every position the engine could not play."""

from __future__ import annotations

from ...teaching.lessons import message
from .kernel import (
    CAPTURE_AT,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    TOTAL_PIECES,
    WHITE,
    opponent,
    owner,
    position_key,
)

TOOLS = ("add", "remove")
NEVER_CAPTURED = (1, 2, 5)  # no sum of 3s and 4s
PLAYERS = (0, 1)


def _board(draft) -> list:
    return [n for row in draft["board"] for n in row]


def _rows(board: list) -> list:
    return [board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


def _settled(draft) -> dict:
    """The draft as a position to play from: not over, and the 65th piece in hand exactly
    when it is the opening position (nothing else can hold it)."""
    opening = (_board(draft) == [1] * SQUARES and list(draft["captured"]) == [0, 0]
               and draft["to_move"] == WHITE)
    return {**draft, "hand_bonus": int(opening), "end_reason": None, "terminal": False,
            "winner": None, "current_player": draft["to_move"]}


def targets(game, draft) -> list:
    return list(SQUARE_NAMES)


def edit(game, draft, tool, target) -> dict:
    board = _board(draft)
    i = SQUARE_INDEX[target]
    board[i] = min(board[i] + 1, TOTAL_PIECES) if tool == "add" else max(board[i] - 1, 0)
    return _settled({**draft, "board": _rows(board)})


def set_count(game, draft, target, count) -> dict:
    """The draft with square `target` holding `count` pieces."""
    board = _board(draft)
    board[SQUARE_INDEX[target]] = count
    return _settled({**draft, "board": _rows(board)})


def most(game, draft, target) -> int:
    """The most pieces a square may be set to."""
    return TOTAL_PIECES


def choices(game, draft) -> dict:
    found = {"to_move": list(PLAYERS)}
    for p in PLAYERS:
        found[f"captured.{p}"] = list(range(TOTAL_PIECES + 1))
    return found


def choose(game, draft, name, value) -> dict:
    if name.startswith("captured."):
        captured = list(draft["captured"])
        captured[int(name.partition(".")[2])] = value
        return _settled({**draft, "captured": captured})
    return _settled({**draft, name: value})


def chosen(game, draft) -> dict:
    """The value of each choice now (the page shows them selected)."""
    return {"to_move": draft["to_move"],
            **{f"captured.{p}": n for p, n in enumerate(draft["captured"])}}


def problems(game, draft) -> list:
    """Everything `State._validate` would refuse in the draft, in words."""
    draft = _settled(draft)
    board, to_move = _board(draft), draft["to_move"]
    found = []
    total = sum(board) + sum(draft["captured"]) + draft["hand_bonus"]
    if total != TOTAL_PIECES:
        found.append(message("buku.setup.problem.pieces", n=total, total=TOTAL_PIECES))
    for player, pieces in enumerate(draft["captured"]):
        if pieces in NEVER_CAPTURED:
            found.append(message("buku.setup.problem.captured", n=pieces,
                                 name=message(f"buku.player.{player}")))
    if draft["hand_bonus"]:
        return found  # the opening: every square holds 1
    if max(board) < 2:
        found.append(message("buku.setup.problem.over"))
    # the player who has just moved captured his squares of 3 or more; his move laid at
    # most one piece on each of the other player's squares
    mover = opponent(to_move)
    for player, most, key in ((mover, CAPTURE_AT - 1, "buku.setup.problem.mover_high"),
                              (to_move, CAPTURE_AT, "buku.setup.problem.too_high")):
        high = [SQUARE_NAMES[s] for s in range(SQUARES) if owner(s) == player and board[s] > most]
        if high:
            found.append(message(key, squares=", ".join(high), n=len(high),
                                 name=message(f"buku.player.{player}"),
                                 other=message(f"buku.player.{opponent(player)}")))
    return found


def state(game, draft):
    """The position, seen once: its repetitions count from here."""
    draft = _settled(draft)
    key = position_key(_board(draft), draft["to_move"])
    return game.state_from_json({**draft, "seen": {key: 1}})


def observation(game, draft) -> dict:
    return game.State._from_json(game, {**_settled(draft), "seen": {}}).observation(None)
