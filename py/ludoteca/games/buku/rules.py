"""Buku: a two-dimensional mancala by JG (2005) on an 8×8 board, for 2 players.

Normative rules: ``docs/rules/buku.md``. White (player 0, "Fila") owns the light squares
and lifts ranks; Black (player 1, "Columna") owns the dark squares (``a1`` is dark) and lifts
files. A move is ``<line>:<path>``: ``"3:c4-c5-d5"``, or ``"5:"`` when the line is empty.

Moves are too many to list (self-avoiding walks), so `legal_moves()` raises
``IllegalMoveError`` (code ``use_extensions``); moves are built with `extensions(partial)`
(line, start square, next square, ...), which never offers a step that cannot be completed
into a legal move, and checked with `is_legal` / `apply`. `random_move(state, rng)` draws a
legal move step by step (the beginner's move).

The board's geometry, the path search, the random walk and the turn itself on plain lists
are the kernel's (`kernel`); this module adds notation, legality in words, events, frames,
facts for the page and JSON.

Events of a move, in order (squares by name, e.g. ``"c4"``; lines as in the notation):

- ``{"type": "lift", "player", "line", "orientation", "squares", "counts", "pieces",
  "bonus", "hand"}``: the mover empties `line` (a ``"rank"`` or a ``"file"``: its
  `orientation`); `squares` are its 8 squares, `counts` the pieces taken from each,
  `pieces` their sum, `bonus` 1 when the 65th piece joins White's first hand (else 0), and
  `hand` = `pieces` + `bonus`.
- ``{"type": "place", "player", "path"}``: one piece on each square of `path` in order
  (``[]`` when the hand is empty).
- ``{"type": "capture", "player", "squares", "counts", "total"}``: only when something is
  captured: the mover's squares holding 3 or more, the pieces taken from each, their sum.
- ``{"type": "end", "player", "reason", "winner", "captured", "distributed", "pieces",
  "receiver"}``: when the move (by `player`) ends the game. `reason` is ``"no_twos"`` (no
  square holds 2 or more: pieces go to the owners of their squares), ``"unchanged"`` (the
  move left the board as it was: every piece on the board goes to the mover's opponent) or
  ``"repetition"`` (the same board and player to move for the third time: scored as
  ``"no_twos"``). `distributed` = pieces each player received at the end, `pieces` their
  sum, `receiver` the player who received them all (``"unchanged"``; else null);
  `captured` = final totals (they add up to 65).

JSON view (`to_json`): ``game``, ``board`` (``board[r][f]``, rank 1 and file a first),
``hand_bonus``, ``captured``, ``current_player``, ``terminal``, ``winner``, plus ``to_move``,
``end_reason`` (null or one of the reasons above) and ``seen`` (how often each
board/player-to-move key has occurred, for the repetition safeguard).

Observation: ``to_json`` without ``seen``, plus ``owners`` (``owners[r][f]``: the player
whose colour the square is, 0 light/White, 1 dark/Black) and core's public facts
(``scores`` = ``captured``, ``score_counts`` = ``"pieces_captured"``, ``seat_facts``).
Frames of a move: ``lift`` (the line emptied into the hand), ``place`` per piece laid
(``at`` = its square), ``capture``; the observation of ``lift`` and ``place`` frames also
has ``hand``, the pieces still to lay.

For the page building a move (so it writes and parses no notation): `step_facts` says what
each offered step is (a line, a square, with the way it goes), `targets` what a click on
any line or square would ask, offered or not, and `partial_facts` the move as it stands
(the hand, where the pieces came from, the path, the board).
"""

from __future__ import annotations

import re

from ... import core, validate
from .kernel import (
    BLACK,
    CAPTURE_AT,
    END_REASONS,
    LINE_OF,
    LINE_SQUARES,
    LINES,
    NEIGHBOUR_MASK,
    ORIENTATION,
    OWNERS,
    REPETITIONS_TO_END,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    TOTAL_PIECES,
    WHITE,
    direction,
    hand_of,
    lay,
    opponent,
    owner,
    path_steps,
    play_turn,
    playable_lines,
    position_key,
)
from .kernel import random_move as random_line_and_path

# --- notation ---------------------------------------------------------------------------


_SQUARE_SHAPE = re.compile(r"[a-z][0-9]+\Z")


def _bad_square(token: str, move: str) -> core.IllegalMoveError:
    if _SQUARE_SHAPE.match(token):
        return core.IllegalMoveError(
            f"{token!r} is not a square of the board (a1..h8)", "off_board",
            move=move, square=token)
    return core.IllegalMoveError(
        f"{token!r} is not a square; write squares like 'c4' joined by '-'", "bad_syntax",
        move=move)


def _split_move(move: str, player: int) -> tuple:
    """(line, [squares]) of a move or partial written as ``<line>:<path>``, checking the
    line and each square and step, but not the length of the path."""
    line, colon, rest = move.partition(":")
    if not colon:
        raise core.IllegalMoveError(
            f"{move!r}: a move is '<line>:<path>', e.g. '3:c4-c5'", "bad_syntax", move=move)
    if LINE_OF.get(line, (None,))[0] != player:
        raise core.IllegalMoveError(
            f"{line!r} is not one of your lines: "
            f"{'a rank 1-8' if player == WHITE else 'a file a-h'}",
            "wrong_line", move=move, line=line, player=player)
    if not rest:
        return line, []
    tokens = rest.split("-")
    path = [SQUARE_INDEX.get(token) for token in tokens]
    if None in path:
        raise _bad_square(tokens[path.index(None)], move)
    used = 1 << path[0]
    for a, b in zip(path, path[1:], strict=False):
        if not NEIGHBOUR_MASK[a] >> b & 1:
            raise core.IllegalMoveError(
                f"{SQUARE_NAMES[b]} is not orthogonally next to {SQUARE_NAMES[a]}",
                "not_adjacent", move=move, square=SQUARE_NAMES[b], after=SQUARE_NAMES[a])
        used |= 1 << b
    if used.bit_count() != len(path):
        twice = next(s for i, s in enumerate(path) if s in path[:i])
        raise core.IllegalMoveError(
            f"{SQUARE_NAMES[twice]} is used twice in the path", "repeated_square",
            move=move, square=SQUARE_NAMES[twice])
    return line, path


def move_text(line: str, path: list) -> str:
    return line + ":" + "-".join([SQUARE_NAMES[s] for s in path])


def _rows(board: list) -> list:
    """``board[r][f]`` of a board of 64 squares, rank 1 and file a first."""
    return [board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


# --- the state --------------------------------------------------------------------------


class State(core.State):
    def __init__(self, game):
        super().__init__(game)
        self.board = [1] * SQUARES
        self.hand_bonus = 1
        self.captured = [0, 0]
        self.to_move = WHITE
        self.end_reason = None
        self.seen = {position_key(self.board, self.to_move): 1}

    # --- facts --------------------------------------------------------------------
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
        return hand_of(self.board, self.to_move, line, self.hand_bonus)

    def partial_facts(self, partial: str) -> dict:
        """A move being built: ``line``, ``orientation`` (``"rank"`` or ``"file"``),
        ``line_squares``, ``lifted`` (the pieces taken from the line), ``bonus`` (1 when
        White's 65th piece is in this hand, as its last piece, else 0), ``hand`` (pieces
        still in hand),
        ``path`` (squares so far), ``heading`` (the way the path's last step went: ``up``,
        ``down``, ``left``, ``right``; null before a second square) and ``board``
        (``board[r][f]`` as the move stands: the line emptied, one more piece on each
        square of the path)."""
        try:
            line, path = _split_move(partial, self.to_move)
        except core.IllegalMoveError:
            return {}
        board, lifted = lay(self.board, line, path)
        pieces = sum(lifted)
        hand = self.hand(line)
        return {"line": line, "orientation": ORIENTATION[self.to_move],
                "line_squares": [SQUARE_NAMES[s] for s in LINE_SQUARES[line]], "lifted": pieces,
                "bonus": hand - pieces, "hand": hand - len(path),
                "path": [SQUARE_NAMES[s] for s in path],
                "heading": direction(path[-2], path[-1]) if len(path) > 1 else None,
                "board": _rows(board)}

    def step_facts(self, partial: str, steps: list) -> dict:
        """A line ``{"kind": "line", line, orientation ("rank"|"file"), squares, pieces,
        hand}`` or a square ``{"kind": "square", square, start (the path's first square),
        direction (the way from the square before: up, down, left, right; null at the
        start), hand (pieces in hand before it), hand_after}``."""
        facts = {}
        for step, _ in steps:
            line, _, rest = step.partition(":")
            if not rest:
                squares = LINE_SQUARES[line]
                facts[step] = {"kind": "line", "line": line,
                               "orientation": ORIENTATION[self.to_move],
                               "squares": [SQUARE_NAMES[s] for s in squares],
                               "pieces": sum([self.board[s] for s in squares]),
                               "hand": self.hand(line)}
            else:
                path = rest.split("-")
                hand = self.hand(line) - len(path) + 1
                way = (direction(SQUARE_INDEX[path[-2]], SQUARE_INDEX[path[-1]])
                       if len(path) > 1 else None)
                facts[step] = {"kind": "square", "square": path[-1], "start": len(path) == 1,
                               "direction": way, "hand": hand, "hand_after": hand - 1}
        return facts

    def targets(self, partial: str) -> dict:
        """What a click would ask: choosing a line (`partial` ``""``), every line of both
        players by its name (``"3"`` → ``"3:"``, ``"e"`` → ``"e:"``: the other player's are
        refused with ``wrong_line``); building a path, every square by its name (``"c4"`` →
        the path so far and c4), whether it is adjacent, free or can be completed or not.
        {} at the end of the game or for anything that is not a legal partial."""
        if self.is_terminal:
            return {}
        if partial == "":
            return {line: line + ":" for lines in LINES for line in lines}
        try:
            _, path = _split_move(partial, self.to_move)
        except core.IllegalMoveError:
            return {}
        prefix = partial + "-" if path else partial
        return {name: prefix + name for name in SQUARE_NAMES}

    def _observe(self, player) -> dict:
        view = self.to_json()
        del view["seen"]  # the page needs the board, not the position history
        view["owners"] = _rows(OWNERS)
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
        """The fault `check_move` names (``wrong_line``, ``not_adjacent``...); a path cut
        short on a square from which it cannot go on is a ``dead_end``."""
        try:
            self.check_move(move)
        except core.IllegalMoveError as error:
            if error.code == "too_few_squares":
                return self._dead_end(move) or error
            return error
        return super()._why_illegal(move)

    def _dead_end(self, move: str):
        """The ``dead_end`` error when the last square of `move` (a path too short) leaves
        no way to lay the rest of the hand, else None."""
        line, path = _split_move(move, self.to_move)
        hand = self.hand(line)
        if not path or path[-1] in path_steps(path[:-1], hand):
            return None
        square = SQUARE_NAMES[path[-1]]
        return core.IllegalMoveError(
            f"from {square} the path cannot go on to lay all {hand} pieces", "dead_end",
            move=move, square=square, hand=hand)

    def _extensions(self, partial: str) -> list:
        """[(longer_partial, is_complete)]: the lines (``"3:"``), then the start squares
        (``"3:c4"``), then each next square (``"3:c4-c5"``). A step is offered only if a legal
        move can still be completed from it. Anything that is not a legal partial gives []."""
        if self.is_terminal:
            return []
        if partial == "":
            lines = playable_lines(self.board, self.to_move, self.hand_bonus)
            return [(line + ":", hand == 0) for line, hand in lines]
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
        hand = self.hand(line)
        self.hand_bonus = 0
        played = play_turn(self.board, self.captured, player, line, path, self.seen,
                           None if self._frames is None else self._watch)
        self.board, self.captured = played.board, played.captured
        if played.taken and self._frames is not None:
            self._frame("capture", None)
        self.to_move = opponent(player)

        pieces = sum(played.lifted)
        bonus = hand - pieces  # the 65th piece, in White's first hand
        events = [{"type": "lift", "player": player, "line": line,
                   "orientation": ORIENTATION[player],
                   "squares": [SQUARE_NAMES[s] for s in LINE_SQUARES[line]],
                   "counts": played.lifted, "pieces": pieces, "bonus": bonus,
                   "hand": hand},
                  {"type": "place", "player": player,
                   "path": [SQUARE_NAMES[s] for s in path]}]
        if played.taken:
            events.append({"type": "capture", "player": player,
                           "squares": [SQUARE_NAMES[s] for s in played.taken],
                           "counts": played.taken_counts, "total": sum(played.taken_counts)})
        if played.end is not None:
            self._finish(player, played, events)
        return events

    def _watch(self, kind: str, at, board: list, hand: int) -> None:
        """A frame of the move being laid (`kernel.lay`'s phases), as it stands."""
        self.board = board
        self._frame(kind, SQUARE_NAMES[at] if kind == "place" else at, hand=hand)

    def _finish(self, player: int, played, events: list) -> None:
        """End the game (`played` ended it): the board stays as it stood, the pieces
        handed out join the captures."""
        end = played.end
        self.end_reason = end.reason
        self.captured = played.final_captures()
        events.append({"type": "end", "player": player, "reason": end.reason,
                       "winner": self.winner, "captured": list(self.captured),
                       "distributed": end.shares, "pieces": sum(end.shares),
                       "receiver": end.receiver})

    def _copy(self):  # faster than the generic copy: bots and playouts copy a lot
        child = State.__new__(State)
        child.game = self.game
        child.board = self.board[:]
        child.hand_bonus = self.hand_bonus
        child.captured = self.captured[:]
        child.to_move = self.to_move
        child.end_reason = self.end_reason
        child.seen = self.seen.copy()
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "buku", "board": _rows(self.board),
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
        times = self.seen.get(position_key(self.board, self.to_move), 0)
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
        mover = opponent(self.to_move)
        for s, pieces in enumerate(self.board):
            limit = CAPTURE_AT - 1 if owner(s) == mover else CAPTURE_AT
            if pieces > limit:
                raise ValueError(f"{SQUARE_NAMES[s]} holds {pieces} pieces: play never "
                                 f"leaves more than {limit} there")


def random_move(state: State, rng) -> str:
    """The beginner's move (`kernel.random_move`): a random line, then a random walk that
    only takes steps from which the path can still be completed. Never lists all moves."""
    if state.is_terminal:
        raise core.IllegalMoveError("the game is over", "game_over")
    return move_text(*random_line_and_path(state.board, state.to_move, state.hand_bonus, rng))


class Game(core.Game):
    id = "buku"
    State = State
    OPTIONS = {}
    SCORE_COUNTS = "pieces_captured"
    SYMBOLS = ("rows", "columns")  # White lifts rows (ranks), Black columns (files)
    COLOURS = ("light", "dark")  # White owns the light squares, Black the dark ones

    def seat_facts(self) -> list:
        return [{"player": p, "name": {"key": f"buku.player.{p}", "params": {}},
                 "symbols": [self.SYMBOLS[p]], "colours": [self.COLOURS[p]], "side": p}
                for p in (WHITE, BLACK)]

    RULES_EXAMPLE = "3:c4-c5-d5-d6-e6-f6-g6-h6"  # the rules panel's example move

    @classmethod
    def rules_facts(cls) -> dict:
        """The board's geometry for the rules panel: square owners (``owners[r][f]``),
        each player's colour (``colours``), each player's lines, and the example move read
        by the rules (``example``: its move, its first step (``line_step``, the line as
        written), the line, its orientation, the line's squares and the path)."""
        line, path = _split_move(cls.RULES_EXAMPLE, WHITE)
        return {"owners": _rows(OWNERS), "colours": list(cls.COLOURS),
                "lines": {str(p): {line: [SQUARE_NAMES[s] for s in LINE_SQUARES[line]]
                                   for line in LINES[p]} for p in (WHITE, BLACK)},
                "example": {"move": cls.RULES_EXAMPLE, "line_step": line + ":", "line": line,
                            "orientation": ORIENTATION[WHITE],
                            "line_squares": [SQUARE_NAMES[s] for s in LINE_SQUARES[line]],
                            "path": [SQUARE_NAMES[s] for s in path]}}
