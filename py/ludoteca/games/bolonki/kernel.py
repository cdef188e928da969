"""Bolonki's kernel: the board, its moves and what a move does, on square indices — the one
statement of each rule, used by the rules (`rules.State` is a `Position`), the computer
players, the analysis and the random playouts' own loop (`random_playout`).

Squares are indices 0..63, ``file + 8 * rank`` (``a1`` = 0, ``h1`` = 7, ``a2`` = 8); a set of
squares is a bitmask (bit ``i`` for square ``i``). Colours are letters: ``B`` blue (South),
``Y`` yellow (West), ``R`` red (North), ``G`` green (East). The notation (square names, move
strings) belongs to `rules`.

The board moves (`BoardMoves`)
------------------------------
A hop goes two squares in a straight line, so a jump chain stays among the 16 squares
whose file and rank have the parity of its start (its *class*), and the square it jumps
over is always of another class: a chain never jumps over the square its piece left. So
the chains of a piece are its first hops followed by the simple paths, among the empty
squares of its class, along the class's *jumps* (two empty squares two apart with a piece
between). The number of chains through a first landing square is the same whichever piece
lands there: it is counted once per square, and the moves are counted without listing them.

The order of the moves — of `State.legal_moves` and of the beginner's draw — is by start
square (``a1`` first), then its steps by target square, then its jump chains depth first,
the landing squares of each hop in order of index.
"""

from __future__ import annotations

SIZE = 8
ALL = (1 << SIZE * SIZE) - 1
COLOURS = "BYRG"  # blue (South), yellow (West), red (North), green (East)
PIECES_PER_COLOUR = 6
PLAYER_COLOURS = {  # players -> the colours of each player
    2: ("BY", "RG"),
    3: ("B", "Y", "R"),
    4: ("B", "Y", "R", "G"),
}
START_EDGES = {"B": "south", "Y": "west", "R": "north", "G": "east"}
GOAL_EDGES = {"B": "north", "Y": "east", "R": "south", "G": "west"}
DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


def square(file: int, rank: int) -> int:
    return file + SIZE * rank


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _edge(name: str) -> tuple:
    """The 8 squares of an edge line, in order of index."""
    line = {"south": lambda k: square(k, 0), "north": lambda k: square(k, SIZE - 1),
            "west": lambda k: square(0, k), "east": lambda k: square(SIZE - 1, k)}[name]
    return tuple(line(k) for k in range(SIZE))


START = {c: _edge(edge)[1:-1] for c, edge in START_EDGES.items()}
"""colour -> its start squares: the six non-corner squares of its edge."""
GOAL = {c: frozenset(_edge(edge)) for c, edge in GOAL_EDGES.items()}
"""colour -> its goal: the opposite edge line, corners included."""


def _neighbours(i: int) -> tuple:
    f, r = i % SIZE, i // SIZE
    return tuple(square(f + df, r + dr) for df, dr in DIRECTIONS if _on_board(f + df, r + dr))


def _hops(i: int) -> tuple:
    """(jumped-over square, landing square) for each direction that stays on the board."""
    f, r = i % SIZE, i // SIZE
    return tuple((square(f + df, r + dr), square(f + 2 * df, r + 2 * dr))
                 for df, dr in DIRECTIONS if _on_board(f + 2 * df, r + 2 * dr))


NEIGHBOURS = [_neighbours(i) for i in range(SIZE * SIZE)]
NEIGHBOUR_MASK = [sum(1 << n for n in NEIGHBOURS[i]) for i in range(SIZE * SIZE)]
HOPS = [_hops(i) for i in range(SIZE * SIZE)]
HOP_OVER = [{land: over for over, land in HOPS[i]} for i in range(SIZE * SIZE)]

# A square's class (parity of file and rank) and its place among the 16 squares of its class:
# jump chains are walked on these small masks.
CLASS = [(i % SIZE) % 2 + 2 * ((i // SIZE) % 2) for i in range(SIZE * SIZE)]
PLACE = [(i % SIZE) // 2 + SIZE // 2 * ((i // SIZE) // 2) for i in range(SIZE * SIZE)]
CLASS_SQUARES = [[0] * 16 for _ in range(4)]  # class -> place -> square
for _i in range(SIZE * SIZE):
    CLASS_SQUARES[CLASS[_i]][PLACE[_i]] = _i


def _jumps_over(i: int) -> tuple:
    """The jumps over square `i`: (class, place, its bit, place, its bit) of the two
    squares on either side of it in a line, each pair once."""
    f, r = i % SIZE, i // SIZE
    found = []
    for df, dr in DIRECTIONS:
        if _on_board(f - df, r - dr) and _on_board(f + df, r + dr):
            a, b = square(f - df, r - dr), square(f + df, r + dr)
            if a < b:
                found.append((CLASS[a], PLACE[a], 1 << PLACE[a], PLACE[b], 1 << PLACE[b]))
    return tuple(found)


JUMPS_OVER = [_jumps_over(i) for i in range(SIZE * SIZE)]


# --- sets of squares and the public set-up ------------------------------------------------
def mask_of(squares) -> int:
    """The bitmask of some square indices."""
    mask = 0
    for i in squares:
        mask |= 1 << i
    return mask


def squares_of(mask: int) -> list:
    """The square indices in `mask`, in order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def colours_in_play(players: int) -> str:
    return "".join(PLAYER_COLOURS[players])


def owner_of(colour: str, players: int):
    """The player who owns `colour`, or None if it is not in play."""
    for player, colours in enumerate(PLAYER_COLOURS[players]):
        if colour in colours:
            return player
    return None


def start_layout(players: int) -> dict:
    """The public set-up: square index -> colour."""
    return {sq: c for c in colours_in_play(players) for sq in START[c]}


def goal_distance(at: int, colour: str) -> int:
    """King moves from square `at` to the goal edge of `colour`."""
    f, r = at % SIZE, at // SIZE
    return {"B": SIZE - 1 - r, "R": r, "Y": SIZE - 1 - f, "G": f}[colour]


def goal_colours(players: int, player: int, at: int) -> str:
    """The colours of `player` whose goal edge square `at` is on: a move of his that ends
    there turns the piece up."""
    return GOAL_COLOURS[players][player][at]


GOAL_COLOURS = {n: [["".join(c for c in colours if at in GOAL[c]) for at in range(SIZE * SIZE)]
                    for colours in by_player] for n, by_player in PLAYER_COLOURS.items()}
"""players -> player -> square -> `goal_colours`."""


# --- the board moves -----------------------------------------------------------------------
def _count_paths(jumps: list, at: int, visited: int) -> int:
    """Simple paths along `jumps` (place -> mask of places) from place `at`, avoiding the
    places in `visited` (the empty path not counted)."""
    n = 0
    ahead = jumps[at] & ~visited
    while ahead:
        low = ahead & -ahead
        ahead ^= low
        n += 1 + _count_paths(jumps, low.bit_length() - 1, visited | low)
    return n


class BoardMoves:
    """Every step and jump chain with pieces on the squares of `occupied` (a bitmask), as a
    sequence of paths (tuples of square indices) in the kernel's order: ``len(moves)`` and
    ``moves[i]`` cost a count, not a list of them all; iterating lists them."""

    __slots__ = ("occupied", "starts", "total", "_jumps", "_pieces", "_chains")

    def __init__(self, occupied: int):
        self.occupied = occupied
        squares = squares_of(occupied)
        jumps = [[0] * 16 for _ in range(4)]  # class -> place -> places one jump away
        pieces = [0, 0, 0, 0]  # class -> places taken
        for at in squares:
            pieces[CLASS[at]] |= 1 << PLACE[at]
            for c, a, a_bit, b, b_bit in JUMPS_OVER[at]:
                jumps[c][a] |= b_bit
                jumps[c][b] |= a_bit
        # class -> place -> the chains whose first hop lands there (0: not counted yet)
        chains = [[0] * 16 for _ in range(4)]
        self._jumps, self._pieces, self._chains = jumps, pieces, chains
        empty = ~occupied & ALL
        self.starts = []  # (start square, its steps' targets as a mask, its number of moves)
        total = 0
        for at in squares:
            steps = NEIGHBOUR_MASK[at] & empty
            n = steps.bit_count()
            c = CLASS[at]
            ahead = jumps[c][PLACE[at]] & ~pieces[c]
            while ahead:
                low = ahead & -ahead
                ahead ^= low
                n += chains[c][low.bit_length() - 1] or self._through(c, low)
            if n:
                self.starts.append((at, steps, n))
                total += n
        self.total = total

    def _through(self, c: int, landing: int) -> int:
        """The chains whose first hop lands on place bit `landing` of class `c`."""
        place = landing.bit_length() - 1
        count = self._chains[c][place]
        if not count:
            count = 1 + _count_paths(self._jumps[c], place, self._pieces[c] | landing)
            self._chains[c][place] = count
        return count

    def __len__(self) -> int:
        return self.total

    def __bool__(self) -> bool:
        return self.total > 0

    def __getitem__(self, index: int) -> tuple:
        if not 0 <= index < self.total:
            raise IndexError(index)
        for start, steps, n in self.starts:
            if index < n:
                return self._move_of(start, steps, index)
            index -= n
        raise AssertionError("the counts add up to the total")

    def _move_of(self, start: int, steps: int, index: int) -> tuple:
        """The move `index` of the piece on `start` (whose steps go to the mask `steps`)."""
        targets = squares_of(steps)
        if index < len(targets):
            return (start, targets[index])
        index -= len(targets)
        c = CLASS[start]
        jumps, places = self._jumps[c], CLASS_SQUARES[c]
        path, visited = [start], self._pieces[c]
        at = PLACE[start]
        while True:  # down the tree of chains: skip whole subtrees until `index` is in one
            ahead = jumps[at] & ~visited
            while ahead:
                low = ahead & -ahead
                ahead ^= low
                below = low.bit_length() - 1
                size = (self._through(c, low) if len(path) == 1
                        else 1 + _count_paths(jumps, below, visited | low))
                if index < size:
                    break
                index -= size
            path.append(places[below])
            if index == 0:
                return tuple(path)
            index -= 1
            visited |= low
            at = below

    def __iter__(self):
        return iter(self.paths())

    def paths(self) -> list:
        """Every move, listed in the kernel's order."""
        found = []
        for start, steps, _ in self.starts:
            found.extend((start, to) for to in squares_of(steps))
            c = CLASS[start]
            self._list_chains(self._jumps[c], CLASS_SQUARES[c], [start], PLACE[start],
                              self._pieces[c], found)
        return found

    def _list_chains(self, jumps, places, path, at, visited, found):
        ahead = jumps[at] & ~visited
        while ahead:
            low = ahead & -ahead
            ahead ^= low
            below = low.bit_length() - 1
            path.append(places[below])
            found.append(tuple(path))
            self._list_chains(jumps, places, path, below, visited | low, found)
            path.pop()


def is_board_move(occupied: int, path) -> bool:
    """Whether the square indices `path` are a step or a jump chain with pieces on
    `occupied` (a bitmask)."""
    start = path[0]
    if not occupied >> start & 1 or len(path) < 2:
        return False
    if len(path) == 2 and path[1] in NEIGHBOURS[start]:
        return not occupied >> path[1] & 1
    visited = 1 << start
    for at, land in zip(path, path[1:], strict=False):
        over = HOP_OVER[at].get(land)
        if over is None or not occupied >> over & 1 or (occupied | visited) >> land & 1:
            return False
        visited |= 1 << land
    return True


def has_board_move(occupied: int) -> bool:
    empty = ~occupied & ALL
    for at in squares_of(occupied):
        if NEIGHBOUR_MASK[at] & empty:
            return True
        if any(occupied >> over & 1 and empty >> land & 1 for over, land in HOPS[at]):
            return True
    return False


# --- a move --------------------------------------------------------------------------------
class Position:
    """What affects play, on square indices, and the rules of a move as methods that change
    it in place: `board_move`, `challenge`, `pass_turn`. `rules.State` is a Position (it
    adds the notation, events and JSON); the random playouts play on a bare one.

    ``pieces`` (square -> colour, the hidden facts) and ``occupied`` (their squares as a
    bitmask), ``out`` (colour -> pieces brought out), ``scored`` (per player), ``barred``,
    ``skip_next``, ``to_move``, ``move_count``, ``last_player`` and ``last_path`` (who
    made the last move and its squares; ``()`` for a challenge or a pass),
    ``challengeable``, ``winner``."""

    def __init__(self, players: int, max_moves: int):
        self.players = players
        self.max_moves = max_moves
        self.pieces = start_layout(players)
        self.occupied = mask_of(self.pieces)
        self.out = {c: 0 for c in colours_in_play(players)}
        self.scored = [0] * players
        self.barred = [False] * players
        self.skip_next = [False] * players
        self.to_move = 0
        self.move_count = 0
        self.last_player = None
        self.last_path = ()
        self.challengeable = False
        self.winner = None

    def copy_position(self, into) -> None:
        """Copy every fact of play into `into` (a Position): nothing mutable is shared."""
        into.players, into.max_moves = self.players, self.max_moves
        into.pieces = dict(self.pieces)
        into.occupied = self.occupied
        into.out = dict(self.out)
        into.scored = self.scored[:]
        into.barred = self.barred[:]
        into.skip_next = self.skip_next[:]
        into.to_move, into.move_count = self.to_move, self.move_count
        into.last_player, into.last_path = self.last_player, self.last_path
        into.challengeable, into.winner = self.challengeable, self.winner

    @property
    def end_reason(self):
        if self.winner is not None:
            return "all_out"
        if self.move_count >= self.max_moves:
            return "max_moves"
        return None

    def eligible(self, mover: int) -> list:
        """The players who could challenge a move of `mover`."""
        return [p for p in range(self.players) if p != mover and not self.barred[p]]

    def challengers(self) -> list:
        """The players who may challenge the last move now (in player order)."""
        if not self.challengeable:
            return []
        return self.eligible(self.last_player)

    def returns(self) -> list:
        if self.winner is None:
            return [0] * self.players
        return [1 if p == self.winner else -1 for p in range(self.players)]

    def board_move(self, path) -> tuple:
        """The player to move moves the piece along `path` (a legal board move). Returns
        ``(colour, result, skipped)``: the piece's colour, ``result`` None or — when it
        ended on a goal edge of one of his colours and was turned up — ``"scored"`` (it
        left the board) or ``"returned"`` (back to its start), and the players whose lost
        turns were used up after it."""
        player = self.to_move
        start, end = path[0], path[-1]
        colour = self.pieces.pop(start)
        self.pieces[end] = colour
        self.occupied ^= (1 << start) | (1 << end)
        self.barred[player] = False
        self.last_player, self.last_path = player, tuple(path)
        goal = goal_colours(self.players, player, end)
        result = None
        if goal:
            del self.pieces[end]
            self.occupied ^= 1 << end
            if colour in goal:
                self.out[colour] += 1
                self.scored[player] += 1
                if self.scored[player] == PIECES_PER_COLOUR * len(PLAYER_COLOURS[
                        self.players][player]):
                    self.winner = player
                result = "scored"
            else:  # back, face down, to where the move started
                self.pieces[start] = colour
                self.occupied |= 1 << start
                result = "returned"
        self.challengeable = not goal and bool(self.eligible(player))
        skipped = [] if self.winner is not None else self._next_turn(player)
        self._count_move()
        return colour, result, skipped

    def challenge(self, challenger: int) -> tuple:
        """`challenger` challenges the last move (he may). Returns ``(colour, failed,
        skipped)``: the colour of the piece turned up, whether it was the mover's (the
        challenge failed: the piece stays), and the players whose turns were used up."""
        mover, path = self.last_player, self.last_path
        start, end = path[0], path[-1]
        colour = self.pieces[end]
        self.challengeable = False
        self.last_player, self.last_path = challenger, ()
        skipped = []
        failed = colour in PLAYER_COLOURS[self.players][mover]
        if failed:
            self.barred[challenger] = True
            if challenger == self.to_move:  # his lost turn is this very one
                skipped = [challenger, *self._next_turn(challenger)]
            else:
                self.skip_next[challenger] = True
        else:  # back where the move started; the mover's turn is spent
            del self.pieces[end]
            self.pieces[start] = colour
            self.occupied ^= (1 << start) | (1 << end)
        self._count_move()
        return colour, failed, skipped

    def pass_turn(self) -> list:
        """The player to move has no board move and passes; returns the players whose lost
        turns were used up after it."""
        player = self.to_move
        self.barred[player] = False
        self.last_player, self.last_path = player, ()
        self.challengeable = False
        skipped = self._next_turn(player)
        self._count_move()
        return skipped

    def _next_turn(self, player: int) -> list:
        """Play passes to the player after `player`, using up the turns lost meanwhile;
        returns the players who lost theirs."""
        skipped = []
        nxt = (player + 1) % self.players
        while self.skip_next[nxt]:  # ends: each pass clears one flag
            self.skip_next[nxt] = False
            skipped.append(nxt)
            nxt = (nxt + 1) % self.players
        self.to_move = nxt
        return skipped

    def _count_move(self) -> None:
        """Every move counts toward the limit; a move that ends the game is settled."""
        self.move_count += 1
        if self.winner is not None or self.move_count >= self.max_moves:
            self.challengeable = False


# --- random play ---------------------------------------------------------------------------
PASS, CHALLENGE = "pass", "challenge"


def random_own_move(rng, moves: BoardMoves, may_challenge: bool):
    """A move drawn uniformly among a player's own: the board moves `moves` (a pass when
    there is none) and his challenge when he may make one — a path, `PASS` or `CHALLENGE`.
    It uses `rng` as ``rng.choice`` on the list of those moves does."""
    n = len(moves)
    drawn = rng.choice(range(max(n, 1) + may_challenge))
    if drawn < n:
        return moves[drawn]
    return PASS if n == 0 and drawn == 0 else CHALLENGE


def random_playout(position: Position, rngs: list, record=None) -> int:
    """Play `position` (changed in place) to the end: the player to move draws
    `random_own_move` with his own generator ``rngs[player]``; nobody challenges out of
    turn. Returns the number of moves made; each is appended to `record`, when one is
    given, as ``(player, move)`` with a path, `PASS` or `CHALLENGE`."""
    plies = 0
    while position.end_reason is None:
        player = position.to_move
        move = random_own_move(rngs[player], BoardMoves(position.occupied),
                               player in position.challengers())
        if move is PASS:
            position.pass_turn()
        elif move is CHALLENGE:
            position.challenge(player)
        else:
            position.board_move(move)
        if record is not None:
            record.append((player, move))
        plies += 1
    return plies
