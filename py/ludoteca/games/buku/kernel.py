"""Buku's kernel: the board's geometry, the search for paths a hand can be laid along, the
random walk the beginner plays, and the one statement of a turn on plain lists
(`lay`, `play_out`, `play_turn`) — used by the rules (`rules.State.apply`), the computer players,
the analysis and the random playouts (`random_playout`) alike.

Squares are numbered ``rank * 8 + file`` (0-based; ``a1`` = 0, ``h1`` = 7, ``a2`` = 8).
Sets of squares are 64-bit masks (bit ``i`` = square ``i``): the path search is the hot loop.
"""

from __future__ import annotations

from typing import NamedTuple

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
ALL_SQUARES = tuple(range(SQUARES))


def _neighbours(i: int) -> tuple:
    rank, file = divmod(i, SIZE)
    steps = ((rank + 1, file), (rank - 1, file), (rank, file + 1), (rank, file - 1))
    return tuple(r * SIZE + f for r, f in steps if 0 <= r < SIZE and 0 <= f < SIZE)


def owner(square: int) -> int:
    """The player whose colour `square` is: Black (1) on dark squares, White (0) on light."""
    rank, file = divmod(square, SIZE)
    return BLACK if (rank + file) % 2 == 0 else WHITE


def opponent(player: int) -> int:
    return BLACK if player == WHITE else WHITE


OWNERS = [owner(i) for i in range(SQUARES)]  # square -> player, for hot loops
OWN_LIST = tuple(tuple(s for s in range(SQUARES) if OWNERS[s] == p) for p in (WHITE, BLACK))
NEIGHBOURS = [_neighbours(i) for i in range(SQUARES)]
NEIGHBOUR_MASK = [sum(1 << n for n in NEIGHBOURS[i]) for i in range(SQUARES)]


def _rays(i: int) -> tuple:
    """The straight runs of squares from `i` to each edge (nearest first), each as
    (squares, masks): ``masks[k]`` holds its first k squares."""
    rank, file = divmod(i, SIZE)
    runs = ([r * SIZE + file for r in range(rank + 1, SIZE)],
            [r * SIZE + file for r in range(rank - 1, -1, -1)],
            [rank * SIZE + f for f in range(file + 1, SIZE)],
            [rank * SIZE + f for f in range(file - 1, -1, -1)])
    return tuple((tuple(run), tuple(sum(1 << s for s in run[:k]) for k in range(len(run) + 1)))
                 for run in runs if run)


RAYS = [_rays(i) for i in range(SQUARES)]

# --- the lines: White lifts ranks, Black files ------------------------------------------

LINES = (RANKS, FILES)  # player -> the names of the lines he may empty
ORIENTATION = ("rank", "file")  # player -> what his lines are
LINE_OF = {**{r: (WHITE, i) for i, r in enumerate(RANKS)},
           **{f: (BLACK, i) for i, f in enumerate(FILES)}}  # line -> (its player, index)
# line -> its squares as a slice of the board: a rank is 8 squares in a row, a file every
# 8th square
LINE_SLICE = {line: slice(i * SIZE, (i + 1) * SIZE) if player == WHITE else slice(i, None, SIZE)
              for line, (player, i) in LINE_OF.items()}
LINE_SQUARES = {line: tuple(range(SQUARES)[cut]) for line, cut in LINE_SLICE.items()}
EMPTY_LINE = (0,) * SIZE


def line_squares(player: int, line: str) -> tuple:
    """The 8 squares of `line`, one of `player`'s lines (a rank digit for White, a file
    letter for Black)."""
    if LINE_OF.get(line, (None,))[0] != player:
        raise ValueError(f"{line!r} is not a line of player {player}")
    return LINE_SQUARES[line]


def player_lines(player: int) -> str:
    return LINES[player]


def hand_of(board: list, player: int, line: str, bonus: int) -> int:
    """How many pieces `player` holds after emptying `line`: its pieces, plus the 65th
    piece (`bonus`, 1 until White's first move) when he is White."""
    pieces = sum(board[LINE_SLICE[line]])
    return pieces + bonus if player == WHITE else pieces


def playable_lines(board: list, player: int, bonus: int) -> list:
    """``[(line, hand)]`` for the lines `player` may empty, in order: those whose hand fits
    on the board (in play every hand does: see `MAX_HAND`)."""
    hands = [(line, hand_of(board, player, line, bonus)) for line in LINES[player]]
    return [(line, hand) for line, hand in hands if hand <= SQUARES]


def direction(a: int, b: int) -> str:
    """Which way the step from square `a` to its neighbour `b` goes on the board as drawn
    (rank 8 on top): ``up``, ``down``, ``right`` or ``left``."""
    if b == a + SIZE:
        return "up"
    if b == a - SIZE:
        return "down"
    return "right" if b == a + 1 else "left"


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


def _greedy_walk(head: int, used: int, k: int):
    """One walk of k more squares from `head`, always stepping to the free square with the
    fewest ways on (Warnsdorff's rule), as a list of its squares; None if it gets stuck.
    Finds a walk at once in almost every real position."""
    free = FULL & ~used
    walk = []
    for remaining in range(k, 0, -1):
        best, best_ways = -1, 9
        for n in NEIGHBOURS[head]:
            if free >> n & 1:
                ways = _popcount(NEIGHBOUR_MASK[n] & free)
                if ways == 0 and remaining > 1:
                    continue
                if ways < best_ways:
                    best, best_ways = n, ways
        if best < 0:
            return None
        head = best
        free ^= 1 << best
        walk.append(best)
    return walk


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


def _witness(head: int, used: int, k: int):
    """A walk of `k` more squares from `head` avoiding mask `used` (which holds `head`): its
    squares as a list when a quick try finds one (a free neighbour, a straight run, the
    greedy walk), ``[]`` when `k` is 0 or only the full search knows one exists, None when
    there is none."""
    if k <= 0:
        return []
    if k == 1:  # any free neighbour
        free = NEIGHBOUR_MASK[head] & ~used
        return [(free & -free).bit_length() - 1] if free else None
    for squares, masks in RAYS[head]:  # straight on, when the way is free
        if len(squares) >= k and not masks[k] & used:
            return list(squares[:k])
    if k > SQUARES - _popcount(used):
        return None
    walk = _greedy_walk(head, used, k)
    if walk is not None:
        return walk
    return [] if _search(head, used, k, {}) else None


def can_walk(head: int, used: int, k: int) -> bool:
    """True if a self-avoiding walk of `k` more squares can go on from square `head`
    without touching the squares of mask `used` (which holds `head` and the path so far)."""
    return _witness(head, used, k) is not None


def path_steps(path: list, hand: int) -> list:
    """The squares that may come next after `path` (a legal prefix, maybe empty) so that a
    path of `hand` squares can still be completed, in the order of `NEIGHBOURS`."""
    remaining = hand - len(path)
    if remaining <= 0:
        return []
    if not path:
        if hand <= SQUARES:  # the 8×8 board has a Hamiltonian cycle: any start works
            return list(ALL_SQUARES)
        return []
    used = 0
    for square in path:
        used |= 1 << square
    return [n for n in NEIGHBOURS[path[-1]]
            if not used >> n & 1 and can_walk(n, used | (1 << n), remaining - 1)]


def random_path(hand: int, rng) -> list:
    """A path of `hand` squares drawn as a random walk: each square chosen with
    ``rng.choice`` among `path_steps` (the start among all squares), so only among steps
    from which the path can still be completed.

    The same draws as calling `path_steps` at each step, with fewer searches: the walk
    that proved the square chosen completable also proves the square it goes to next."""
    if hand <= 0:
        return []
    if hand > SQUARES:
        raise ValueError(f"no path of {hand} squares fits the board")
    head = rng.choice(ALL_SQUARES)
    path = [head]
    used = 1 << head
    ahead = []  # a walk on from the head found at the step before: its squares after it
    for remaining in range(hand - 1, 0, -1):
        steps, aheads = [], []
        for n in NEIGHBOURS[head]:
            if used >> n & 1:
                continue
            if ahead and ahead[0] == n:
                walk = ahead[1:]
            else:
                walk = _witness(n, used | (1 << n), remaining - 1)
                if walk is None:
                    continue
            steps.append(n)
            aheads.append(walk)
        head = rng.choice(steps)
        ahead = aheads[steps.index(head)]
        path.append(head)
        used |= 1 << head
    return path


def random_move(board: list, player: int, bonus: int, rng) -> tuple:
    """``(line, path)``: the beginner's move — a line drawn with ``rng.choice`` among
    `playable_lines`, then `random_path` for its hand."""
    line, hand = rng.choice(playable_lines(board, player, bonus))
    return line, random_path(hand, rng)


# --- a turn ----------------------------------------------------------------------------


class End(NamedTuple):
    """How a move ends the game: its reason (`END_REASONS`), the pieces each player
    receives, and the player who receives them all when the rule gives them to one
    (``unchanged``), else None."""

    reason: str
    shares: list
    receiver: int | None


class Played(NamedTuple):
    """A turn played on plain lists: the board and captures after it, how it ends the game
    (an `End`, or None), the pieces taken from each square of the line emptied, and the
    squares captured with their pieces."""

    board: list
    captured: list
    end: End | None
    lifted: list
    taken: list
    taken_counts: list

    def final_captures(self) -> list:
        """At the end of the game: what each player captured, with what he receives."""
        return [taken + received
                for taken, received in zip(self.captured, self.end.shares, strict=True)]


def captures(board: list, player: int) -> list:
    """The squares of `player`'s colour holding `CAPTURE_AT` or more: what he takes."""
    return [s for s in OWN_LIST[player] if board[s] >= CAPTURE_AT]


def end_of(before: list, after: list, player: int):
    """How a move by `player` from `before` to `after` ends the game (an `End`), or None:
    ``unchanged`` (every piece to the opponent), ``no_twos`` (no square holds 2 or more:
    each piece to its square's owner)."""
    if after == before:
        receiver = opponent(player)
        shares = [0, 0]
        shares[receiver] = sum(after)
        return End("unchanged", shares, receiver)
    if max(after) < 2:
        return End("no_twos", to_owners(after), None)
    return None


def to_owners(board: list) -> list:
    """The pieces on the board, per player whose colour their square is."""
    shares = [0, 0]
    for s, pieces in enumerate(board):
        shares[OWNERS[s]] += pieces
    return shares


def lay(board: list, line: str, path: list, watch=None) -> tuple:
    """The first two phases of a move, on a copy of `board`: `line` emptied, then a piece
    laid on each square of `path` in order. ``(the board as the move stands before its
    captures, the pieces taken from each square of the line)``. `watch(kind, at, board,
    hand)`, when given, sees each phase as it happens: ``lift`` (`at` the line), then
    ``place`` per piece (`at` its square); `hand` is the number of pieces still to lay."""
    after = board[:]
    cut = LINE_SLICE[line]
    lifted = after[cut]
    after[cut] = EMPTY_LINE
    if watch is not None:
        watch("lift", line, after, len(path))
    for i, s in enumerate(path):
        after[s] += 1
        if watch is not None:
            watch("place", s, after, len(path) - i - 1)
    return after, lifted


def play_out(board: list, captured: list, player: int, line: str, path: list,
             watch=None) -> Played:
    """A whole move on plain lists (not changed): `player` empties `line`, lays a piece on
    each square of `path` (`lay`, which `watch` is passed to), then takes his squares
    holding 3 or more. The repetition safeguard, which needs the game's history, is
    `play_turn`'s."""
    after, lifted = lay(board, line, path, watch)
    taken = captures(after, player)
    caps = captured[:]
    taken_counts = []
    if taken:
        taken_counts = [after[s] for s in taken]
        for s in taken:
            after[s] = 0
        caps[player] += sum(taken_counts)
    return Played(after, caps, end_of(board, after, player), lifted, taken, taken_counts)


_COUNT_TEXT = tuple(str(n) for n in range(TOTAL_PIECES + 1))


def position_key(board: list, to_move: int) -> str:
    """The position as the repetition safeguard counts it: the board and the player to
    move, e.g. ``"1,1,…,1/0"``."""
    return ",".join([_COUNT_TEXT[n] for n in board]) + "/" + _COUNT_TEXT[to_move]


def play_turn(board: list, captured: list, player: int, line: str, path: list, seen: dict,
              watch=None) -> Played:
    """`play_out`, then the repetition safeguard: the position after the move is counted
    in `seen` ({`position_key`: times}, changed), and its third occurrence ends the game,
    scored by the squares' owners — unless the move has ended it already."""
    played = play_out(board, captured, player, line, path, watch)
    key = position_key(played.board, opponent(player))
    times = seen.get(key, 0) + 1
    seen[key] = times
    if played.end is None and times >= REPETITIONS_TO_END:
        return played._replace(end=End("repetition", to_owners(played.board), None))
    return played


def random_playout(board: list, captured: list, player: int, bonus: int, seen: dict,
                   rngs: list, moves=None) -> tuple:
    """The game played on to its end by two beginners (`random_move`, player p drawing
    from ``rngs[p]``), on plain lists: ``(final captures, plies)``. `seen` (changed) is the
    position history; each move is appended to `moves` as ``(line, path)`` when it is a
    list."""
    plies = 0
    while True:
        line, path = random_move(board, player, bonus, rngs[player])
        if moves is not None:
            moves.append((line, path))
        played = play_turn(board, captured, player, line, path, seen)
        plies += 1
        if played.end is not None:
            return played.final_captures(), plies
        board, captured, bonus, player = played.board, played.captured, 0, opponent(player)
