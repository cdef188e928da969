"""Exact answers for small Buku positions: the best move of each line, found by searching
every path the hand can be laid along (`best_captures`), and the best move once the other
player's best answer is counted (`best_exchanges`). The puzzles are proven by them; the
bots and the analysis, which face hands of up to 20 pieces, sample instead.

A line's hand of h pieces can be laid along every self-avoiding walk of h squares, from any
square: a few thousand walks for h = 4, millions for the hands of a real middle game. So
this is for positions whose hands are small. Nothing here guesses: every path is played,
or cut off by a bound proving that it cannot reach the best value (branch and bound), so
every value is exact.

Values are pieces, from the mover's point of view:
- `best_captures`: what the move captures (its capture phase), nothing else;
- `best_exchanges`: the margin gained over two moves, the mover's and the other player's
  best answer (captures, and the pieces handed out when a move ends the game).

Both work on the kernel's plain lists; moves come out as ``(line, path)``. The repetition
safeguard needs a game's history: positions searched here stand on their own (they have
been seen once), so it cannot end a game within two moves and is left out.
"""

from __future__ import annotations

from .kernel import (
    BLACK,
    CAPTURE_AT,
    LINE_SLICE,
    LINE_SQUARES,
    NEIGHBOURS,
    OWN_LIST,
    OWNERS,
    SIZE,
    SQUARES,
    opponent,
    play_out,
    player_lines,
)

# What one more piece on a square of the mover's colour adds to his captures, by what the
# square holds once his line is lifted: a 2 becomes a 3 (all 3 taken), a 3 becomes a 4
# (the 3 was taken anyway: one more).
CAPTURE_GAIN = (0, 0, CAPTURE_AT, 1)


def walks(hand: int) -> list:
    """Every path of `hand` squares (self-avoiding walks, from any square), as tuples."""
    if hand <= 0:
        return [()]
    found = []
    path = []

    def grow(square, used):
        path.append(square)
        if len(path) == hand:
            found.append(tuple(path))
        else:
            for n in NEIGHBOURS[square]:
                if not used >> n & 1:
                    grow(n, used | 1 << n)
        path.pop()

    for square in range(SQUARES):
        grow(square, 1 << square)
    return found


# --- one move: what it captures -----------------------------------------------------------


def lifted_board(board: list, line: str) -> list:
    after = board[:]
    after[LINE_SLICE[line]] = [0] * SIZE
    return after


def capture_terms(board: list, player: int, line: str) -> tuple:
    """``(base, gains)`` of `player` emptying `line`: the pieces his capture takes whatever
    the path (his squares already holding 3, off the line), and what a piece laid on each
    square adds to it. A path's captures are ``base + sum(gains[s] for s in path)``."""
    after = lifted_board(board, line)
    base = sum([after[s] for s in OWN_LIST[player] if after[s] >= CAPTURE_AT])
    gains = [0] * SQUARES
    for s in OWN_LIST[player]:
        if after[s] < len(CAPTURE_GAIN):
            gains[s] = CAPTURE_GAIN[after[s]]
    return base, gains


def _distance(a: int, b: int) -> int:
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


class _WalkSearch:
    """The best paths of exactly `hand` squares, a path being worth `base` plus the
    `gains` of its squares (branch and bound over every walk). `ties`: keep every path of
    the best value (else the first found, in a fixed order). `leaf(path, value)` may
    re-value a complete path (an exception the gains cannot express: it may only lower
    the value), returning its true value."""

    def __init__(self, gains: list, hand: int, base: int = 0, ties: bool = False,
                 leaf=None):
        self.gains, self.hand, self.base, self.ties, self.leaf = gains, hand, base, ties, leaf
        self.targets = sorted((s for s in range(SQUARES) if gains[s] > 0),
                              key=lambda s: -gains[s])
        self.best = None
        self.paths = []

    def run(self, floor=None) -> tuple:
        """``(best value, [paths])``; with `floor`, only paths worth more than it are
        looked for (``(floor, [])`` when there are none)."""
        self.best, self.paths = floor, []
        if self.hand == 0:
            self._record((), self.base)
            return self.best, self.paths
        for s in sorted(range(SQUARES), key=lambda s: -self.gains[s]):
            self._grow([s], 1 << s, self.base + self.gains[s])
        return self.best, self.paths

    def _bound(self, head: int, used: int, value: int, remaining: int) -> int:
        """The most `remaining` more squares could add: the best gains within reach."""
        bound, taken = value, 0
        for s in self.targets:
            if taken == remaining:
                break
            if not used >> s & 1 and _distance(head, s) <= remaining:
                bound += self.gains[s]
                taken += 1
        return bound

    def _worse(self, bound: int) -> bool:
        if self.best is None:
            return False
        return bound < self.best if self.ties else bound <= self.best

    def _grow(self, path: list, used: int, value: int) -> None:
        remaining = self.hand - len(path)
        if remaining == 0:
            self._record(tuple(path), value)
            return
        head = path[-1]
        if self._worse(self._bound(head, used, value, remaining)):
            return
        steps = [n for n in NEIGHBOURS[head] if not used >> n & 1]
        steps.sort(key=lambda n: -self.gains[n])
        for n in steps:
            path.append(n)
            self._grow(path, used | 1 << n, value + self.gains[n])
            path.pop()

    def _record(self, path: tuple, value: int) -> None:
        if self.leaf is not None:
            value = self.leaf(path, value)
        if self.best is None or value > self.best or (value == self.best and not self.paths):
            self.best, self.paths = value, [path]
        elif value == self.best and self.ties:
            self.paths.append(path)


def best_captures(board: list, player: int, ties_at=None) -> dict:
    """``{line: (most captured, [paths])}`` for every line of `player`: the most his move
    with that line captures, and a path that does it (every such path for the lines that
    reach `ties_at`, when given)."""
    found = {}
    for line in player_lines(player):
        hand = sum(board[LINE_SLICE[line]])
        base, gains = capture_terms(board, player, line)
        top, paths = _WalkSearch(gains, hand, base).run()
        if ties_at is not None and top >= ties_at:
            top, paths = _WalkSearch(gains, hand, base, ties=True).run()
        found[line] = (top, paths)
    return found


# --- two moves: the mover's, then the other player's best answer -------------------------


def margin_gain(before: list, played, player: int) -> int:
    """What a move (`kernel.Played`) gains `player` on the margin of captures, counting
    the pieces handed out if it ends the game."""
    after = played.final_captures() if played.end is not None else played.captured
    other = opponent(player)
    return (after[player] - before[player]) - (after[other] - before[other])


def _a_two_stays(board: list, player: int, line: str) -> bool:
    """Whether a square of 2 or more stays on the board whatever `player`'s path once he
    empties `line`: one of the other player's colour, off the line (paths only add, and
    only the mover's squares are captured). Then his move cannot end the game by leaving
    no 2s."""
    lifted = set(LINE_SQUARES[line])
    other = opponent(player)
    return any(board[s] >= 2 and OWNERS[s] == other and s not in lifted
               for s in range(SQUARES))


def best_answer(board: list, captured: list, player: int) -> tuple:
    """``(value, (line, path))``: `player`'s best move on `board` by `margin_gain`,
    searched exhaustively (the first best found, in a fixed order)."""
    best, best_move = None, None
    for line in player_lines(player):
        value, path = _line_best_margin(board, captured, player, line, best)
        if path is not None and (best is None or value > best):
            best, best_move = value, (line, list(path))
    return best, best_move


def _line_best_margin(board, captured, player, line, floor) -> tuple:
    """The best `margin_gain` of `player` emptying `line` and a path for it,
    ``(value, path)``; ``(floor, None)`` when nothing beats `floor`."""
    hand = sum(board[LINE_SLICE[line]])
    lifted = set(LINE_SQUARES[line])

    def exact(path):
        played = play_out(board, captured, player, line, list(path))
        return margin_gain(captured, played, player)

    if not _a_two_stays(board, player, line):  # the move may end the game: value each path
        best, best_path = floor, None
        for path in walks(hand):
            value = exact(path)
            if best is None or value > best:
                best, best_path = value, path
        return best, best_path

    base, gains = capture_terms(board, player, line)

    def leaf(path, value):
        # a path laid back where the line's pieces stood may leave the board as it was,
        # which ends the game: checked exactly, the gains cannot say it
        if value == 0 and all(s in lifted for s in path):
            return exact(path)
        return value

    value, paths = _WalkSearch(gains, hand, base, leaf=leaf).run(floor)
    return (value, paths[0]) if paths else (floor, None)


def exchange_value(board: list, captured: list, player: int, line: str, path) -> tuple:
    """``(value, answer)``: the margin `player` gains with his move and the other player's
    best answer (``(line, path)``, None when the move ends the game)."""
    played = play_out(board, captured, player, line, list(path))
    mine = margin_gain(captured, played, player)
    if played.end is not None:
        return mine, None
    theirs, answer = best_answer(played.board, played.captured, opponent(player))
    return mine - theirs, answer


def _answer_value(played, player: int, known: dict):
    """What the other player's best answer to `played` gains, when it cannot end the
    game by leaving no 2s — two of `player`'s 2s in two different lines of the other's
    make sure of it (he lifts one line and captures only on his own colour) — else None.

    Then each of his lines is worth what it captures: the pieces on his squares holding
    3 or more, and the best path of his hand over his 2s and 3s (an answer leaving the
    board as it was is never his best: any path starting off his line gains as much).
    That depends only on his hand and on his squares of 2 or more off the line, so the
    values are kept in `known` for the other boards of the same search."""
    other = opponent(player)
    board = played.board
    across = SIZE if other == BLACK else 1  # his lines: files for Black, ranks for White
    if len({s // across % SIZE for s in OWN_LIST[player] if board[s] >= 2}) < 2:
        return None
    total = sum(board)
    twos = [(s, board[s]) for s in OWN_LIST[other] if board[s] >= 2]
    best = None
    for line in player_lines(other):
        hand = sum(board[LINE_SLICE[line]])
        lifted = LINE_SQUARES[line]
        ready = tuple([(s, n) for s, n in twos if s not in lifted])
        base = sum([n for _, n in ready if n >= CAPTURE_AT])
        if hand == 0:  # nothing to lay: without a capture the board stays as it was
            value = base if base else -total
        else:
            key = (hand, ready)
            if key not in known:
                gains = [0] * SQUARES
                for s, n in ready:
                    gains[s] = CAPTURE_GAIN[n]
                known[key] = _WalkSearch(gains, hand, base).run()[0]
            value = known[key]
        best = value if best is None else max(best, value)
    return best


def best_exchanges(board: list, captured: list, player: int, fast_only=False) -> dict:
    """``{line: (best value, [paths])}`` for every line of `player`: the most he gains
    over his move and the other player's best answer (`exchange_value`), and every path
    that does it (sorted).

    Every path of the line is searched. Paths laying the same squares leave the same
    board, so each set of squares is valued once: by `_answer_value` where it can, else by
    `best_answer`, much slower — with `fast_only`, None is returned instead."""
    other = opponent(player)
    known = {}
    paths_of = {}
    found = {}
    for line in player_lines(player):
        hand = sum(board[LINE_SLICE[line]])
        if hand not in paths_of:
            paths_of[hand] = walks(hand)
        by_squares = {}
        for path in paths_of[hand]:
            by_squares.setdefault(frozenset(path), []).append(path)
        best, best_paths = None, []
        for paths in by_squares.values():
            played = play_out(board, captured, player, line, list(paths[0]))
            value = margin_gain(captured, played, player)
            if played.end is None:
                theirs = _answer_value(played, player, known)
                if theirs is None:
                    if fast_only:
                        return None
                    theirs = best_answer(played.board, played.captured, other)[0]
                value -= theirs
            if best is None or value > best:
                best, best_paths = value, list(paths)
            elif value == best:
                best_paths.extend(paths)
        found[line] = (best, sorted(best_paths))
    return found
