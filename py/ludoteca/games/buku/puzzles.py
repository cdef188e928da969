"""Buku's puzzles: late-game positions with small hands, where the best move is proven by
searching every move (`search`). Two themes, in the field ``theme``:

- ``"capture"``: capture as many pieces as you can with one move. Every path of every
  line is searched; a move's value is what it captures. One line, and one set of captured
  squares, does best (its paths may go either way, or round a square in two ways).
- ``"exchange"``: gain the most once the other player has answered with his best move.
  A move's value is the margin it gains over the two moves; every path of every line is
  searched, and every answer to each. Capturing the most is a trap: some move that does
  gains 2 pieces less or worse; the best one lifts the line, or lays the path, that leaves
  the other player least.

``values`` holds, for each line (the first step of a move), its best move; ``best`` every
move of the best value; ``line`` the other player's best answer to the first best move
(exchange), else [].

The positions are drawn at random (`make`, seeded): pieces left here and there as at the
end of a game, 2s and 3s of both colours, a few of the mover's lines holding a handful.
"""

from __future__ import annotations

import random

from ...teaching.lessons import message
from .kernel import (
    BLACK,
    LINE_SLICE,
    LINE_SQUARES,
    OWNERS,
    SQUARE_INDEX,
    SQUARES,
    TOTAL_PIECES,
    WHITE,
    opponent,
    play_out,
    player_lines,
    position_key,
)
from .rules import move_text
from .search import best_captures, best_exchanges, exchange_value

SEED = 2005  # the year of the ten rules: any fixed seed makes the same shelf
CAPTURE_HAND = 5  # the most pieces a line of the mover holds in a capture puzzle
EXCHANGE_HAND = 4  # in an exchange puzzle (the answers are searched too)
ANSWER_HAND = 6  # the most in a line of the other player, in an exchange puzzle
MOST_BEST = 8  # a puzzle's best moves: few, so that the answer is clear
WANTED = {("capture", 1): 14, ("capture", 2): 12, ("capture", 3): 10,
          ("exchange", 2): 14, ("exchange", 3): 16}


def _rows(board: list) -> list:
    return [board[r * 8:(r + 1) * 8] for r in range(8)]


def state_json(board: list, player: int, captured: list) -> dict:
    """The JSON of a position standing on its own (seen once), `player` to move."""
    return {"game": "buku", "board": _rows(board), "hand_bonus": 0, "captured": list(captured),
            "current_player": player, "terminal": False, "winner": None, "to_move": player,
            "end_reason": None, "seen": {position_key(board, player): 1}}


def _parse(move: str) -> tuple:
    """``(line, path)`` of a move written ``"3:c4-c5"``, squares as numbers."""
    line, _, path = move.partition(":")
    return line, [SQUARE_INDEX[square] for square in path.split("-") if square]


def _read(data: dict) -> tuple:
    board = [n for row in data["board"] for n in row]
    return board, data["to_move"], list(data["captured"])


# --- proofs ---------------------------------------------------------------------------


def prove(puzzle: dict) -> dict:
    """``{"best", "values"}`` of `puzzle` from its position alone, by the search of its
    theme: every path of every line (and, for an exchange, every answer)."""
    board, player, captured = _read(puzzle["state"])
    if puzzle["theme"] == "capture":
        by_line = _capture_lines(board, player)
    else:
        by_line = best_exchanges(board, captured, player)
    return _proof(by_line)


def _capture_lines(board: list, player: int) -> dict:
    """`best_captures`, with every best path of the lines that capture the most."""
    first = best_captures(board, player)
    most = max(value for value, _ in first.values())
    return best_captures(board, player, ties_at=most)


def _proof(by_line: dict) -> dict:
    top = max(value for value, _ in by_line.values())
    best = sorted(move_text(line, path) for line, (value, paths) in by_line.items()
                  if value == top for path in paths)
    values = {move_text(line, paths[0]): value for line, (value, paths) in by_line.items()}
    values.update({move: top for move in best})
    return {"best": best, "values": values}


# --- the shelf ------------------------------------------------------------------------


def _random_board(rng, player: int, theme: str):
    """A sparse late-game board for `player` to move, or None if its hands are too big:
    his squares may hold up to 3 (a 3 is his to take), the other player's up to 2 (for an
    exchange, some of them in one line of the mover's, which he may lift)."""
    board = [0] * SQUARES
    mine = [s for s in range(SQUARES) if OWNERS[s] == player]
    theirs = [s for s in range(SQUARES) if OWNERS[s] != player]
    for _ in range(rng.randint(2 if theme == "capture" else 3, 6)):
        board[rng.choice(mine)] = 2
    if rng.random() < 0.3:
        board[rng.choice(mine)] = 3
    if theme == "capture":
        for _ in range(rng.randint(0, 4)):
            board[rng.choice(theirs)] = 2
    else:
        for _ in range(rng.randint(1, 3)):
            line = LINE_SQUARES[rng.choice(player_lines(player))]
            for s in rng.sample([s for s in line if OWNERS[s] != player], rng.randint(1, 2)):
                board[s] = 2
    for _ in range(rng.randint(2, 12)):
        s = rng.randrange(SQUARES)
        if board[s] == 0:
            board[s] = 1
    limit = CAPTURE_HAND if theme == "capture" else EXCHANGE_HAND
    if any(sum(board[LINE_SLICE[line]]) > limit for line in player_lines(player)):
        return None
    if theme == "exchange" and any(sum(board[LINE_SLICE[line]]) > ANSWER_HAND
                                   for line in player_lines(opponent(player))):
        return None
    return board


def _captures_left(rng, board: list) -> list:
    """Captures so far, as a game could have them: the pieces off the board, shared."""
    off = TOTAL_PIECES - sum(board)
    white = rng.randint(off * 2 // 5, off * 3 // 5)
    return [white, off - white]


def _captured_squares(board: list, player: int, line: str, path) -> frozenset:
    return frozenset(play_out(board, [0, 0], player, line, list(path)).taken)


def _capture_puzzle(board: list, player: int):
    """``(difficulty, proof)`` when one line alone captures the most, all its best paths
    capture the same squares and they are few; else None. Harder with more squares to
    chain and a longer path."""
    first = best_captures(board, player)
    most = max(value for value, _ in first.values())
    top = [line for line, (value, _) in first.items() if value == most]
    if most < 3 or len(top) != 1:
        return None
    by_line = best_captures(board, player, ties_at=most)
    line, (_, paths) = top[0], by_line[top[0]]
    taken = {_captured_squares(board, player, line, path) for path in paths}
    if len(paths) > MOST_BEST or len(taken) != 1:
        return None
    chained = sum(1 for s in paths[0] if board[s] >= 2 and OWNERS[s] == player
                  and s not in LINE_SQUARES[line])
    hand = len(paths[0])
    difficulty = 1 if chained <= 1 or hand <= 3 else 2 if chained == 2 else 3
    return difficulty, _proof(by_line)


def _exchange_puzzle(board: list, player: int, captured: list):
    """``(difficulty, proof, answer)`` when one line alone gains the most over two moves,
    with few best moves, and a move capturing the most gains 2 pieces less or worse (the
    trap); else None. Harder when the best move captures less than the most, or its path
    is 4 squares or longer."""
    by_line = best_exchanges(board, captured, player, fast_only=True)
    if by_line is None:
        return None
    top_value = max(value for value, _ in by_line.values())
    top = [line for line, (value, _) in by_line.items() if value == top_value]
    if len(top) != 1 or len(by_line[top[0]][1]) > MOST_BEST:
        return None
    greedy = _capture_lines(board, player)
    most = max(value for value, _ in greedy.values())
    greedy_moves = [(greedy_line, path) for greedy_line, (value, greedy_paths) in greedy.items()
                    if value == most for path in greedy_paths]
    if len(greedy_moves) > 4 * MOST_BEST:
        return None
    trap = top_value - min(exchange_value(board, captured, player, *move)[0]
                           for move in greedy_moves)
    if trap < 2:
        return None
    proof = _proof(by_line)
    first = _parse(proof["best"][0])
    answer = exchange_value(board, captured, player, *first)[1]
    gained = play_out(board, [0, 0], player, *first).captured[player]
    difficulty = 3 if gained < most or len(first[1]) >= 4 else 2
    return difficulty, proof, answer


def make() -> tuple:
    """The shelf: `WANTED` puzzles of each theme and difficulty, drawn with `SEED`, the
    capture puzzles first, each theme from easy to hard."""
    rng = random.Random(SEED)
    found = {key: [] for key in WANTED}
    boards = set()
    while any(len(found[key]) < n for key, n in WANTED.items()):
        theme = rng.choice(("capture", "exchange"))
        player = rng.choice((WHITE, BLACK))
        board = _random_board(rng, player, theme)
        if board is None or (tuple(board), player) in boards:
            continue
        captured = _captures_left(rng, board)
        if theme == "capture":
            made = _capture_puzzle(board, player)
            answer = None
        else:
            made = _exchange_puzzle(board, player, captured)
            if made is not None:
                *made, answer = made
        if made is None:
            continue
        difficulty, proof = made
        key = (theme, difficulty)
        if key not in found or len(found[key]) >= WANTED[key]:
            continue
        boards.add((tuple(board), player))
        line = [] if answer is None else [move_text(*answer)]
        found[key].append({"game": "buku", "options": {},
                           "state": state_json(board, player, captured), **proof,
                           "kind": "score", "difficulty": difficulty,
                           "question": message(f"puzzle.buku.{theme}"), "theme": theme,
                           "line": line})
    shelf = [puzzle for key in sorted(WANTED) for puzzle in found[key]]
    return tuple({"id": f"buku-{n}", **puzzle} for n, puzzle in enumerate(shelf, 1))
