"""Buku: a two-dimensional mancala by JG (2005) on an 8×8 board, for 2 players.

Normative rules: ``shared/rules/buku.md``. White (player 0, "Fila") owns the light squares
and lifts ranks; Black (player 1, "Columna") owns the dark squares (``a1`` is dark) and lifts
files. A move is ``<line>:<path>``: ``"3:c4-c5-d5"``, or ``"5:"`` when the line is empty.

Moves are too many to list (self-avoiding walks), so `legal_moves()` raises
``IllegalMoveError`` (code ``use_extensions``); moves are built with `extensions(partial)`
(line, start square, next square, ...), which never offers a step that cannot be completed
into a legal move, and checked with `is_legal` / `apply`. `random_move(state, rng)` draws a
legal move step by step.

The board's geometry, the path search and the move itself on plain lists are the kernel's
(`kernel`); this module adds notation, legality in words, events, frames and JSON.

Events of a move, in order (squares by name, e.g. ``"c4"``; lines as in the notation):

- ``{"type": "lift", "player", "line", "squares", "counts", "pieces", "bonus", "hand"}``:
  the mover empties `line`; `squares` are its 8 squares, `counts` the pieces taken from each,
  `pieces` their sum, `bonus` 1 when the 65th piece joins White's first hand (else 0), and
  `hand` = `pieces` + `bonus`.
- ``{"type": "place", "player", "path"}``: one piece on each square of `path` in order
  (``[]`` when the hand is empty).
- ``{"type": "capture", "player", "squares", "counts", "total"}``: only when something is
  captured: the mover's squares holding 3 or more, the pieces taken from each, their sum.
- ``{"type": "end", "reason", "winner", "captured", "distributed"}``: when the move ends the
  game. `reason` is ``"no_twos"`` (no square holds 2 or more: pieces go to the owners of
  their squares), ``"unchanged"`` (the move left the board as it was: every piece on the board
  goes to the mover's opponent) or ``"repetition"`` (the same board and player to move for
  the third time: scored as ``"no_twos"``). `distributed` = pieces each player received at
  the end; `captured` = final totals (they add up to 65).

JSON view (`to_json`): ``game``, ``board`` (``board[r][f]``, rank 1 and file a first),
``hand_bonus``, ``captured``, ``current_player``, ``terminal``, ``winner``, plus ``to_move``,
``end_reason`` (null or one of the reasons above) and ``seen`` (how often each
board/player-to-move key has occurred, for the repetition safeguard).

Observation: ``to_json`` without ``seen``, plus ``owners`` (``owners[r][f]``: the player
whose colour the square is, 0 light/White, 1 dark/Black) and core's public facts
(``scores`` = ``captured``, ``score_counts`` = ``"pieces_captured"``, ``seat_facts``).
While a move is built, `partial_facts` gives the hand and the board as the move stands;
`step_facts` says what each step is (a line, a square). Frames of a move: ``lift`` (the
line emptied into the hand), ``place`` per piece laid (``at`` = its square), ``capture``.
"""

from __future__ import annotations

import re

from ... import core, validate
from .kernel import (
    BLACK,
    CAPTURE_AT,
    END_REASONS,
    NEIGHBOURS,
    OWNERS,
    REPETITIONS_TO_END,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    TOTAL_PIECES,
    WHITE,
    captures,
    end_of,
    lift,
    line_squares,
    owner,
    path_steps,
    player_lines,
    to_owners,
)

# --- notation ---------------------------------------------------------------------------

_SQUARE_SHAPE = re.compile(r"[a-z][0-9]+\Z")


def _parse_square(token: str, move: str) -> int:
    if token in SQUARE_INDEX:
        return SQUARE_INDEX[token]
    if _SQUARE_SHAPE.match(token):
        raise core.IllegalMoveError(
            f"{token!r} is not a square of the board (a1..h8)", "off_board",
            move=move, square=token)
    raise core.IllegalMoveError(
        f"{token!r} is not a square; write squares like 'c4' joined by '-'", "bad_syntax",
        move=move)


def _split_move(move: str, player: int) -> tuple:
    """(line, [squares]) of a move or partial written as ``<line>:<path>``, checking the
    line and each square and step, but not the length of the path."""
    if ":" not in move:
        raise core.IllegalMoveError(
            f"{move!r}: a move is '<line>:<path>', e.g. '3:c4-c5'", "bad_syntax", move=move)
    line, _, rest = move.partition(":")
    if len(line) != 1 or line not in player_lines(player):
        raise core.IllegalMoveError(
            f"{line!r} is not one of your lines: "
            f"{'a rank 1-8' if player == WHITE else 'a file a-h'}",
            "wrong_line", move=move, line=line, player=player)
    path = [] if rest == "" else [_parse_square(t, move) for t in rest.split("-")]
    for a, b in zip(path, path[1:], strict=False):
        if b not in NEIGHBOURS[a]:
            raise core.IllegalMoveError(
                f"{SQUARE_NAMES[b]} is not orthogonally next to {SQUARE_NAMES[a]}",
                "not_adjacent", move=move, square=SQUARE_NAMES[b], after=SQUARE_NAMES[a])
    if len(set(path)) != len(path):
        twice = next(s for i, s in enumerate(path) if s in path[:i])
        raise core.IllegalMoveError(
            f"{SQUARE_NAMES[twice]} is used twice in the path", "repeated_square",
            move=move, square=SQUARE_NAMES[twice])
    return line, path


def move_text(line: str, path: list) -> str:
    return line + ":" + "-".join(SQUARE_NAMES[s] for s in path)


# --- the state --------------------------------------------------------------------------


class State(core.State):
    def __init__(self, game):
        super().__init__(game)
        self.board = [1] * SQUARES
        self.hand_bonus = 1
        self.captured = [0, 0]
        self.to_move = WHITE
        self.end_reason = None
        self.seen = {self._key(): 1}

    # --- facts --------------------------------------------------------------------
    def _key(self) -> str:
        return ",".join(map(str, self.board)) + "/" + str(self.to_move)

    @property
    def current_player(self):
        return None if self.end_reason else self.to_move

    @property
    def winner(self):
        if not self.is_terminal:
            return None
        return WHITE if self.captured[WHITE] > self.captured[BLACK] else BLACK

    def returns(self) -> list:
        if not self.is_terminal:
            return [0, 0]
        return core.returns_by_score(self.captured)

    def hand(self, line: str) -> int:
        """How many pieces the player to move would hold after emptying `line`."""
        pieces = sum(self.board[s] for s in line_squares(self.to_move, line))
        return pieces + (self.hand_bonus if self.to_move == WHITE else 0)

    def partial_facts(self, partial: str) -> dict:
        """A move being built: ``hand`` (pieces still in hand), ``bonus`` (White's 65th
        piece is among them), ``line``, ``line_squares``, ``path`` (squares so far) and
        ``board`` (``board[r][f]`` as the move stands: the line emptied, one more piece on
        each square of the path)."""
        try:
            line, path = _split_move(partial, self.to_move)
        except core.IllegalMoveError:
            return {}
        board = self.board[:]
        lifted = line_squares(self.to_move, line)
        for s in lifted:
            board[s] = 0
        for s in path:
            board[s] += 1
        return {"hand": self.hand(line) - len(path),
                "bonus": self.to_move == WHITE and self.hand_bonus > 0,
                "line": line, "line_squares": [SQUARE_NAMES[s] for s in lifted],
                "path": [SQUARE_NAMES[s] for s in path],
                "board": [board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]}

    def step_facts(self, partial: str, steps: list) -> dict:
        """A line ``{"kind": "line", line, orientation ("rank"|"file"), squares, pieces,
        hand}`` or a square ``{"kind": "square", square, hand_after}``."""
        facts = {}
        for step, _ in steps:
            line, _, rest = step.partition(":")
            if not rest:
                squares = line_squares(self.to_move, line)
                facts[step] = {"kind": "line", "line": line,
                               "orientation": "rank" if self.to_move == WHITE else "file",
                               "squares": [SQUARE_NAMES[s] for s in squares],
                               "pieces": sum(self.board[s] for s in squares),
                               "hand": self.hand(line)}
            else:
                path = rest.split("-")
                facts[step] = {"kind": "square", "square": path[-1],
                               "hand_after": self.hand(line) - len(path)}
        return facts

    def _observe(self, player) -> dict:
        view = self.to_json()
        del view["seen"]  # the page needs the board, not the position history
        view["owners"] = [OWNERS[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        return view

    def scores(self) -> list:
        return list(self.captured)

    # --- moves ----------------------------------------------------------------------
    def legal_moves(self) -> list:
        raise core.IllegalMoveError(
            "Buku moves are too many to list: build them with extensions()", "use_extensions")

    def check_move(self, move) -> tuple:
        """(line, path) of a legal move; otherwise IllegalMoveError naming what is wrong."""
        core.check_move_type(move)
        if self.is_terminal:
            raise core.IllegalMoveError("the game is over", "game_over", move=move)
        line, path = _split_move(move, self.to_move)
        hand = self.hand(line)
        if len(path) < hand:
            raise core.IllegalMoveError(
                f"the path must use all {hand} pieces of the hand, not {len(path)}",
                "too_few_squares", move=move, hand=hand, squares=len(path))
        if len(path) > hand:
            raise core.IllegalMoveError(
                f"the hand holds {hand} pieces, the path has {len(path)} squares",
                "too_many_squares", move=move, hand=hand, squares=len(path))
        return line, path

    def is_legal(self, move) -> bool:
        try:
            self.check_move(move)
        except core.IllegalMoveError:
            return False
        return True

    def _why_illegal(self, move: str) -> core.IllegalMoveError:
        """The fault `check_move` names (``wrong_line``, ``not_adjacent``...)."""
        try:
            self.check_move(move)
        except core.IllegalMoveError as error:
            return error
        return super()._why_illegal(move)

    def _extensions(self, partial: str) -> list:
        """[(longer_partial, is_complete)]: the lines (``"3:"``), then the start squares
        (``"3:c4"``), then each next square (``"3:c4-c5"``). A step is offered only if a legal
        move can still be completed from it. Anything that is not a legal partial gives []."""
        if self.is_terminal:
            return []
        if partial == "":
            lines = [(line, self.hand(line)) for line in player_lines(self.to_move)]
            return [(line + ":", hand == 0) for line, hand in lines if hand <= SQUARES]
        try:
            line, path = _split_move(partial, self.to_move)
        except core.IllegalMoveError:
            return []
        hand = self.hand(line)
        if len(path) >= hand:
            return []
        steps = path_steps(path, hand)
        prefix = partial if not path else partial + "-"
        done = len(path) + 1 == hand
        return sorted((prefix + SQUARE_NAMES[s], done) for s in steps)

    # --- a move -------------------------------------------------------------------
    def _play(self, move: str) -> list:
        player = self.to_move
        line, path = _split_move(move, player)
        before = self.board[:]

        counts = lift(self.board, player, line)
        bonus = self.hand_bonus if player == WHITE else 0
        self.hand_bonus = 0
        events = [{"type": "lift", "player": player, "line": line,
                   "squares": [SQUARE_NAMES[s] for s in line_squares(player, line)],
                   "counts": counts, "pieces": sum(counts), "bonus": bonus,
                   "hand": sum(counts) + bonus}]
        self._frame("lift", line, hand=len(path))

        for i, s in enumerate(path):
            self.board[s] += 1
            self._frame("place", SQUARE_NAMES[s], hand=len(path) - i - 1)
        events.append({"type": "place", "player": player,
                       "path": [SQUARE_NAMES[s] for s in path]})

        taken = captures(self.board, player)
        if taken:
            taken_counts = [self.board[s] for s in taken]
            for s in taken:
                self.board[s] = 0
            self.captured[player] += sum(taken_counts)
            self._frame("capture", None)
            events.append({"type": "capture", "player": player,
                           "squares": [SQUARE_NAMES[s] for s in taken],
                           "counts": taken_counts, "total": sum(taken_counts)})

        self.to_move = 1 - player
        key = self._key()
        self.seen[key] = self.seen.get(key, 0) + 1
        end = end_of(before, self.board, player)
        if end is not None:
            self._finish(*end, events)
        elif self.seen[key] >= REPETITIONS_TO_END:
            self._finish("repetition", to_owners(self.board), events)
        return events

    def _finish(self, reason: str, shares: list, events: list) -> None:
        """End the game: the board stays as it stood, `shares` join the captures."""
        self.end_reason = reason
        for p in (WHITE, BLACK):
            self.captured[p] += shares[p]
        events.append({"type": "end", "reason": reason, "winner": self.winner,
                       "captured": list(self.captured), "distributed": shares})

    def _copy(self):  # faster than the generic copy: bots and playouts copy a lot
        child = State.__new__(State)
        child.game = self.game
        child.board = self.board[:]
        child.hand_bonus = self.hand_bonus
        child.captured = self.captured[:]
        child.to_move = self.to_move
        child.end_reason = self.end_reason
        child.seen = dict(self.seen)
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "buku",
            "board": [self.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
            "hand_bonus": self.hand_bonus, "captured": list(self.captured),
            "current_player": self.current_player, "terminal": self.is_terminal,
            "winner": self.winner, "to_move": self.to_move, "end_reason": self.end_reason,
            "seen": dict(self.seen),
        }

    @classmethod
    def _from_json(cls, game, data):
        state = cls(game)
        rows = data["board"]
        if not isinstance(rows, list) or len(rows) != SIZE:
            raise ValueError("the board must have 8 ranks")
        board = []
        for row in rows:
            if not isinstance(row, list) or len(row) != SIZE:
                raise ValueError("each rank must have 8 squares")
            board.extend(validate.count(x) for x in row)
        state.board = board
        state.hand_bonus = validate.count(data["hand_bonus"])
        state.captured = [validate.count(x) for x in data["captured"]]
        state.to_move = validate.count(data["to_move"])
        reason = data["end_reason"]
        if reason is not None and reason not in END_REASONS:
            raise ValueError(f"unknown end reason {reason!r}")
        state.end_reason = reason
        seen = data["seen"]
        if not isinstance(seen, dict):
            raise ValueError("seen must be an object")
        state.seen = {str(k): validate.count(v) for k, v in seen.items()}
        return state

    def _validate(self):
        if len(self.captured) != 2 or self.to_move not in (WHITE, BLACK):
            raise ValueError("wrong number of players or no such player to move")
        if self.hand_bonus not in (0, 1):
            raise ValueError("hand_bonus must be 0 or 1")
        if self.hand_bonus and (self.to_move != WHITE or self.board != [1] * SQUARES
                                or self.captured != [0, 0]):
            raise ValueError("the 65th piece is only held before White's first move")
        on_board = sum(self.board) + sum(self.captured) + self.hand_bonus
        if self.end_reason is None and on_board != TOTAL_PIECES:
            raise ValueError(f"pieces do not add up to {TOTAL_PIECES}")
        if self.end_reason is not None and sum(self.captured) != TOTAL_PIECES:
            raise ValueError(f"a finished game's captures must add up to {TOTAL_PIECES}")
        times = self.seen.get(self._key(), 0)
        if times < 1 or min(self.seen.values()) < 1:
            raise ValueError("the position history does not include this position")
        if self.end_reason is None and times >= REPETITIONS_TO_END:
            raise ValueError("a position seen three times should have ended the game")
        if self.end_reason is None and not self.hand_bonus and max(self.board) < 2:
            raise ValueError("a board with no square of 2 or more should have ended the game")
        if not self.hand_bonus:
            self._check_heights()

    def _check_heights(self):
        """After a move the mover's squares hold at most 2 (3 or more were captured) and
        the other player's at most 3 (one piece more). So a hand never exceeds
        4 × 3 + 4 × 2 = 20 pieces (`MAX_HAND`), which keeps the path search fast."""
        mover = 1 - self.to_move
        for s, pieces in enumerate(self.board):
            limit = CAPTURE_AT - 1 if owner(s) == mover else CAPTURE_AT
            if pieces > limit:
                raise ValueError(f"{SQUARE_NAMES[s]} holds {pieces} pieces: play never "
                                 f"leaves more than {limit} there")


def random_move(state: State, rng) -> str:
    """A legal move drawn step by step: a random line, then a random walk that only takes
    steps from which the path can still be completed. Never lists all moves."""
    if state.is_terminal:
        raise core.IllegalMoveError("the game is over", "game_over")
    lines = [line for line in player_lines(state.to_move) if state.hand(line) <= SQUARES]
    line = rng.choice(lines)
    hand = state.hand(line)
    path = []
    while len(path) < hand:
        path.append(rng.choice(path_steps(path, hand)))
    return move_text(line, path)


class Game(core.Game):
    id = "buku"
    State = State
    OPTIONS = {}
    SCORE_COUNTS = "pieces_captured"
    SYMBOLS = ("rows", "columns")  # White lifts rows (ranks), Black columns (files)

    def seat_facts(self) -> list:
        return [{"player": p, "name": {"key": f"buku.player.{p}", "params": {}},
                 "symbols": [self.SYMBOLS[p]], "colours": [("light", "dark")[p]], "side": p}
                for p in (WHITE, BLACK)]

    RULES_EXAMPLE = "3:c4-c5-d5-d6-e6-f6-g6-h6"  # the rules panel's example move

    @classmethod
    def rules_facts(cls) -> dict:
        """The board's geometry for the rules panel: square owners (``owners[r][f]``), each
        player's lines, and the example move read by the rules (``example``: its move,
        line, the line's squares and the path)."""
        line, path = _split_move(cls.RULES_EXAMPLE, WHITE)
        return {"owners": [OWNERS[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)],
                "lines": {str(p): {line: [SQUARE_NAMES[s] for s in line_squares(p, line)]
                                   for line in player_lines(p)} for p in (WHITE, BLACK)},
                "example": {"move": cls.RULES_EXAMPLE, "line": line,
                            "line_squares": [SQUARE_NAMES[s] for s in line_squares(WHITE, line)],
                            "path": [SQUARE_NAMES[s] for s in path]}}
