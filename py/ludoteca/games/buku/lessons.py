"""Buku's lesson: eleven small positions, each with a goal the engine checks on the move
and what it did (its ``lift``, ``place``, ``capture`` and ``end`` events and the position
after it). White (light squares, ranks) moves in all but one, where Black (dark squares,
files) does.

Each position has few pieces and small hands, so its moves are few (the tests list them
through `extensions`, as a person builds them).
"""

from __future__ import annotations

from ...teaching.lessons import Step, message
from .kernel import BLACK, OWNERS, SQUARE_INDEX, SQUARE_NAMES, WHITE, player_lines, position_key

SIXTY_FIVE = 65
WINNING = SIXTY_FIVE // 2 + 1  # 33: with an odd number of pieces there is no draw


def _position(to_move: int, pieces: str, captured: tuple):
    """The setup of a step: `pieces` like ``"e4:2 e5:2 b1:1"`` on an otherwise empty
    board, `to_move` to move, `captured` so far (everything adds up to 65)."""
    board = [0] * 64
    for item in pieces.split():
        square, count = item.split(":")
        board[SQUARE_INDEX[square]] = int(count)

    def setup(game):
        data = {"game": "buku", "board": [board[r * 8:(r + 1) * 8] for r in range(8)],
                "hand_bonus": 0, "captured": list(captured), "current_player": to_move,
                "terminal": False, "winner": None, "to_move": to_move, "end_reason": None,
                "seen": {position_key(board, to_move): 1}}
        return game.state_from_json(data)  # a step's position is a legal one

    return setup


# --- what a move did, from its events ------------------------------------------------


def _event(child, kind: str):
    return next((e for e in child.events if e["type"] == kind), None)


def _lift(child) -> dict:
    return _event(child, "lift")


def _path(child) -> list:
    return _event(child, "place")["path"]


def _taken(child) -> dict:
    """Square -> pieces captured there by the move."""
    capture = _event(child, "capture")
    return {} if capture is None else dict(zip(capture["squares"], capture["counts"],
                                               strict=True))


def _owner(square: str) -> int:
    return OWNERS[SQUARE_INDEX[square]]


def _twos(child) -> list:
    """The squares holding 2 or more after the move, by name, with their pieces."""
    return [(SQUARE_NAMES[s], n) for s, n in enumerate(child.board) if n >= 2]


def _gift(state, child):
    """The first square of the other player's colour on the path that now holds 3 or
    more (his to take next turn), with its pieces; else None."""
    other = 1 - state.to_move
    for square in _path(child):
        pieces = child.board[SQUARE_INDEX[square]]
        if _owner(square) == other and pieces >= 3:
            return square, pieces
    return None


def _unchanged(child):
    end = _event(child, "end")
    if end is not None and end["reason"] == "unchanged":
        return message("lesson.buku.why.unchanged", n=end["pieces"])
    return None


def _still_two(child):
    square, pieces = _twos(child)[0]
    return message("lesson.buku.why.still_two", square=square, n=pieces)


# --- the goals ----------------------------------------------------------------------


def _fullest_line(state, move, child):
    """Empty the rank holding the most pieces."""
    hands = {line: state.hand(line) for line in player_lines(state.to_move)}
    most = max(hands.values())
    lift = _lift(child)
    if lift["pieces"] == most:
        return None
    best = min(line for line, hand in hands.items() if hand == most)
    return message("lesson.buku.why.not_fullest", line=lift["line"], n=lift["pieces"],
                   best=best, most=most)


def _light_dark_light(state, move, child):
    """Lay three pieces: light, dark, light (the colours alternate along a path)."""
    path = _path(child)
    light = sum(1 for square in path if _owner(square) == WHITE)
    if len(path) == 3 and light == 2:
        return None
    return message("lesson.buku.why.light_count", n=light)


def _captures_something(state, move, child):
    """Capture: one of the mover's squares reaches 3."""
    if _taken(child):
        return None
    gift = _gift(state, child)
    if gift is not None:
        key = "dark_three" if state.to_move == WHITE else "light_three"
        return message(f"lesson.buku.why.{key}", square=gift[0], n=gift[1])
    return message("lesson.buku.why.no_capture")


def _captures_on_two(state, move, child):
    """Capture on two squares with one path."""
    taken = _taken(child)
    if len(taken) >= 2:
        return None
    if not taken:
        return _captures_something(state, move, child)
    return message("lesson.buku.why.one_square", square=next(iter(taken)))


def _lifted_own_three(state, child):
    """When the line lifted held the mover's 3, the message saying so."""
    lift = _lift(child)
    for square, count in zip(lift["squares"], lift["counts"], strict=True):
        if count >= 3 and _owner(square) == state.to_move:
            return message("lesson.buku.why.lifted_three", line=lift["line"], square=square)
    return None


def _captures_four(state, move, child):
    """Capture 4 pieces on one square: a piece laid on a 3."""
    taken = _taken(child)
    if any(count == 4 for count in taken.values()):
        return None
    lifted = _lifted_own_three(state, child)
    if lifted is not None:
        return lifted
    threes = [square for square, count in taken.items() if count == 3]
    if threes:
        return message("lesson.buku.why.only_three", square=threes[0])
    return message("lesson.buku.why.no_capture")


def _captures_safely(state, move, child):
    """Capture, and leave no square of Black's holding 3 for him to take."""
    gift = _gift(state, child)
    if gift is not None:
        return message("lesson.buku.why.gift", square=gift[0], n=gift[1])
    if not _taken(child):
        return message("lesson.buku.why.no_capture")
    return None


def _captures_laying_nothing(state, move, child):
    """Empty an empty rank: lay nothing, and still capture the 3."""
    lifted = _lifted_own_three(state, child)
    if lifted is not None:
        return lifted
    laid = len(_path(child))
    if laid:
        return message("lesson.buku.why.laid", n=laid)
    return None


def _changes_the_board(state, move, child):
    """Do not leave the board as it was."""
    return _unchanged(child)


def _ends_with_no_twos(state, move, child):
    """End the game: no square holds 2 or more."""
    end = _event(child, "end")
    if end is not None and end["reason"] == "no_twos":
        return None
    return _unchanged(child) or _still_two(child)


def _wins_now(state, move, child):
    """End the game with 33 of the 65 pieces or more."""
    if not child.is_terminal:
        return _still_two(child)
    mine = child.captured[state.to_move]
    if mine >= WINNING:
        return None
    return _unchanged(child) or message("lesson.buku.why.lost", mine=mine,
                                        theirs=child.captured[1 - state.to_move])


def _step(id_, teaches, to_move, pieces, captured, goal, demo):
    return Step("buku", id_, teaches, _position(to_move, pieces, captured), goal, demo)


STEPS = (
    _step("line", ("move",), WHITE, "d2:2 b5:1 e5:1 g5:1 c7:1 f7:1", (29, 29),
          _fullest_line, "5:d4-d5-d6"),
    _step("path", ("move", "setup"), WHITE, "a3:1 c3:1 h3:1 f6:2", (30, 30),
          _light_dark_light, "3:c4-d4-d5"),
    _step("colour", ("setup", "move"), WHITE, "b1:1 e4:2 e5:2", (30, 30),
          _captures_something, "1:e4"),
    _step("chain", ("move",), WHITE, "h2:2 c4:2 d5:2 b8:1 e8:1 h8:1", (28, 28),
          _captures_on_two, "8:c4-d4-d5"),
    _step("four", ("move",), WHITE, "c4:3 f6:2 a7:1", (29, 30),
          _captures_four, "7:c4"),
    _step("black", ("setup", "move"), BLACK, "g2:1 c6:2 d6:2", (30, 30),
          _captures_something, "g:d6"),
    _step("gift", ("move",), WHITE, "e3:2 e4:2 e5:2 a7:1 c7:1", (28, 29),
          _captures_safely, "7:f4-e4"),
    _step("empty", ("move",), WHITE, "b2:2 f5:3 d7:1", (28, 31),
          _captures_laying_nothing, "1:"),
    _step("unchanged", ("end",), WHITE, "c3:1 f6:2", (31, 31),
          _changes_the_board, "6:f6-f7"),
    _step("no_twos", ("end",), WHITE, "g2:1 d4:2 f5:2 b7:1", (33, 26),
          _ends_with_no_twos, "4:f5-f6"),
    _step("sixty_five", ("end", "setup"), WHITE, "h1:1 c4:2 a6:1 e7:2 g7:1", (27, 31),
          _wins_now, "7:c4-c5-c6"),
)

