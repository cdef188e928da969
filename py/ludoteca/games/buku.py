"""Buku: a two-dimensional mancala by JG (2005) on an 8×8 board, for 2 players.

Normative rules: ``shared/rules/buku.md``. White (player 0, "Fila") owns the light squares
and lifts ranks; Black (player 1, "Columna") owns the dark squares (``a1`` is dark) and lifts
files. A move is ``<line>:<path>``: ``"3:c4-c5-d5"``, or ``"5:"`` when the line is empty.

Moves are too many to list (self-avoiding walks), so `legal_moves()` raises
``IllegalMoveError`` (code ``use_extensions``); moves are built with `extensions(partial)`
(line, start square, next square, ...), which never offers a step that cannot be completed
into a legal move, and checked with `is_legal` / `apply`. `random_move(state, rng)` draws a
legal move step by step.

Squares are numbered ``rank * 8 + file`` (0-based; ``a1`` = 0, ``h1`` = 7, ``a2`` = 8).
Sets of squares are 64-bit masks (bit ``i`` = square ``i``): the path search is the hot loop.

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

from .. import core, validate

SIZE = 8
SQUARES = SIZE * SIZE
TOTAL_PIECES = SQUARES + 1
FILES = "abcdefgh"
RANKS = "12345678"
CAPTURE_AT = 3
REPETITIONS_TO_END = 3
MAX_HAND = 20  # the most a line can hold in play (see State._check_heights)
WHITE, BLACK = 0, 1
END_REASONS = ("no_twos", "unchanged", "repetition")

FULL = (1 << SQUARES) - 1
FILE_A = sum(1 << (r * SIZE) for r in range(SIZE))
FILE_H = FILE_A << (SIZE - 1)
DARK = sum(1 << (r * SIZE + f) for r in range(SIZE) for f in range(SIZE) if (r + f) % 2 == 0)
LIGHT = FULL & ~DARK
OWN_SQUARES = (LIGHT, DARK)  # player -> the squares of his colour

SQUARE_NAMES = [FILES[i % SIZE] + RANKS[i // SIZE] for i in range(SQUARES)]
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def _neighbours(i: int) -> tuple:
    rank, file = divmod(i, SIZE)
    steps = ((rank + 1, file), (rank - 1, file), (rank, file + 1), (rank, file - 1))
    return tuple(r * SIZE + f for r, f in steps if 0 <= r < SIZE and 0 <= f < SIZE)


def owner(square: int) -> int:
    """The player whose colour `square` is: Black (1) on dark squares, White (0) on light."""
    rank, file = divmod(square, SIZE)
    return BLACK if (rank + file) % 2 == 0 else WHITE


OWNERS = [owner(i) for i in range(SQUARES)]  # square -> player, for hot loops
NEIGHBOURS = [_neighbours(i) for i in range(SQUARES)]
NEIGHBOUR_MASK = [sum(1 << n for n in NEIGHBOURS[i]) for i in range(SQUARES)]


def line_squares(player: int, line: str) -> list:
    """The 8 squares of `line`: a rank digit for White, a file letter for Black."""
    if player == WHITE:
        rank = RANKS.index(line)
        return [rank * SIZE + f for f in range(SIZE)]
    file = FILES.index(line)
    return [r * SIZE + file for r in range(SIZE)]


def player_lines(player: int) -> str:
    return RANKS if player == WHITE else FILES


# --- the path search: can a self-avoiding walk go on for k more squares? -------------


_popcount = int.bit_count  # the number of squares in a mask


def _flood(seed: int, free: int) -> int:
    """The squares of `free` connected to `seed` by orthogonal steps inside `free`."""
    region = seed & free
    while True:
        grown = (region | ((region << 1) & ~FILE_A) | ((region >> 1) & ~FILE_H)
                 | (region << SIZE) | (region >> SIZE)) & free
        if grown == region:
            return region
        region = grown


def _room(region: int, head: int, k: int) -> bool:
    """Upper bounds on a walk of k squares from `head` into `region` (a connected set of
    free squares next to it): enough squares, of both colours in turn, and at most one
    dead end (a square with a single way in can only be the last one)."""
    size = _popcount(region)
    if size < k:
        return False
    head_colour = DARK if (1 << head) & DARK else LIGHT
    if _popcount(region & ~head_colour) < (k + 1) // 2 or _popcount(region & head_colour) < k // 2:
        return False
    open_ = region | (1 << head)
    north, south = open_ >> SIZE, (open_ << SIZE) & FULL
    east, west = (open_ >> 1) & ~FILE_H, (open_ << 1) & ~FILE_A
    two_ways = ((north & (south | east | west)) | (south & (east | west)) | (east & west))
    dead_ends = _popcount(region & ~two_ways)
    return size - max(0, dead_ends - 1) >= k


def _greedy_walk(head: int, used: int, k: int) -> bool:
    """Try one walk, always stepping to the free square with the fewest ways on
    (Warnsdorff's rule). Finds a walk at once in almost every real position."""
    free = FULL & ~used
    for remaining in range(k, 0, -1):
        best, best_ways = -1, 9
        for n in NEIGHBOURS[head]:
            bit = 1 << n
            if free & bit:
                ways = _popcount(NEIGHBOUR_MASK[n] & free & ~bit)
                if ways == 0 and remaining > 1:
                    continue
                if ways < best_ways:
                    best, best_ways = n, ways
        if best < 0:
            return False
        head = best
        free &= ~(1 << best)
    return True


def _search(head: int, used: int, k: int, failed: dict) -> bool:
    """Depth-first search for a walk of k more squares; `failed` remembers
    (head, free region) -> the shortest walk already proved impossible from there."""
    free = FULL & ~used
    region = _flood(NEIGHBOUR_MASK[head], free)
    if not _room(region, head, k):
        return False
    key = (head, region)
    if failed.get(key, SQUARES + 1) <= k:
        return False
    steps = [n for n in NEIGHBOURS[head] if free >> n & 1]
    if k == 1:
        return True
    steps.sort(key=lambda n: _popcount(NEIGHBOUR_MASK[n] & free))
    for n in steps:
        if _search(n, used | (1 << n), k - 1, failed):
            return True
    failed[key] = k
    return False


def can_walk(head: int, used: int, k: int) -> bool:
    """True if a self-avoiding walk of `k` more squares can go on from square `head`
    without touching the squares of mask `used` (which holds `head` and the path so far)."""
    if k <= 0:
        return True
    if k > SQUARES - _popcount(used):
        return False
    return _greedy_walk(head, used, k) or _search(head, used, k, {})


def path_steps(path: list, hand: int) -> list:
    """The squares that may come next after `path` (a legal prefix, maybe empty) so that a
    path of `hand` squares can still be completed."""
    remaining = hand - len(path)
    if remaining <= 0:
        return []
    if not path:
        if hand <= SQUARES:  # the 8×8 board has a Hamiltonian cycle: any start works
            return list(range(SQUARES))
        return []
    used = 0
    for square in path:
        used |= 1 << square
    return [n for n in NEIGHBOURS[path[-1]]
            if not used >> n & 1 and can_walk(n, used | (1 << n), remaining - 1)]


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

        lifted = line_squares(player, line)
        counts = [self.board[s] for s in lifted]
        for s in lifted:
            self.board[s] = 0
        bonus = self.hand_bonus if player == WHITE else 0
        self.hand_bonus = 0
        events = [{"type": "lift", "player": player, "line": line,
                   "squares": [SQUARE_NAMES[s] for s in lifted], "counts": counts,
                   "pieces": sum(counts), "bonus": bonus, "hand": sum(counts) + bonus}]
        self._frame("lift", line, hand=len(path))

        for i, s in enumerate(path):
            self.board[s] += 1
            self._frame("place", SQUARE_NAMES[s], hand=len(path) - i - 1)
        events.append({"type": "place", "player": player,
                       "path": [SQUARE_NAMES[s] for s in path]})

        taken = [s for s in range(SQUARES)
                 if self.board[s] >= CAPTURE_AT and OWNERS[s] == player]
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
        if self.board == before:
            self._finish("unchanged", self._all_to(1 - player), events)
        elif max(self.board) < 2:
            self._finish("no_twos", self._to_owners(), events)
        elif self.seen[key] >= REPETITIONS_TO_END:
            self._finish("repetition", self._to_owners(), events)
        return events

    def _all_to(self, player: int) -> list:
        shares = [0, 0]
        shares[player] = sum(self.board)
        return shares

    def _to_owners(self) -> list:
        shares = [0, 0]
        for s, pieces in enumerate(self.board):
            shares[OWNERS[s]] += pieces
        return shares

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
