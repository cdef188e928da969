"""Buku's kernel: the board's geometry, the search for paths a hand can be laid along, and
the one statement of a move on plain lists (`play_out`) — used by the rules
(`rules.State.apply`), the computer players and the analysis alike.

Squares are numbered ``rank * 8 + file`` (0-based; ``a1`` = 0, ``h1`` = 7, ``a2`` = 8).
Sets of squares are 64-bit masks (bit ``i`` = square ``i``): the path search is the hot loop.
"""

from __future__ import annotations

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


# --- a move ----------------------------------------------------------------------------


def lift(board: list, player: int, line: str) -> list:
    """The counts taken from `line`'s squares (left empty in `board`, a list)."""
    squares = line_squares(player, line)
    counts = [board[s] for s in squares]
    for s in squares:
        board[s] = 0
    return counts


def captures(board: list, player: int) -> list:
    """The squares of `player`'s colour holding `CAPTURE_AT` or more: what he takes."""
    own = OWN_SQUARES[player]
    return [s for s in range(SQUARES) if board[s] >= CAPTURE_AT and own >> s & 1]


def end_of(before: list, after: list, player: int):
    """How a move by `player` from `before` to `after` ends the game, as (reason, pieces
    each player receives), or None: ``unchanged`` (every piece to the opponent),
    ``no_twos`` (no square holds 2 or more: each piece to its square's owner)."""
    if after == before:
        shares = [0, 0]
        shares[1 - player] = sum(after)
        return "unchanged", shares
    if max(after) < 2:
        return "no_twos", to_owners(after)
    return None


def to_owners(board: list) -> list:
    """The pieces on the board, per player whose colour their square is."""
    shares = [0, 0]
    for s, pieces in enumerate(board):
        shares[OWNERS[s]] += pieces
    return shares


def play_out(board: list, captured: list, player: int, line: str, path: list) -> tuple:
    """A whole move on plain lists (not changed): ``(board, captured, end)`` after `player`
    empties `line` and lays a piece on each square of `path`; `end` is None or
    ``(reason, shares)`` (`end_of`). The repetition rule, which needs the game's history,
    is the rules' (`rules.State`)."""
    after = board[:]
    lift(after, player, line)
    for s in path:
        after[s] += 1
    taken = captures(after, player)
    caps = captured[:]
    for s in taken:
        caps[player] += after[s]
        after[s] = 0
    return after, caps, end_of(board, after, player)
