"""Bolonki: a memory race game by Yetem for 2 to 4 players, played with face-down pieces.

Normative rules: ``shared/rules/bolonki.md``. The board is 8×8 (files ``a``–``h``, ranks
``1``–``8``); every piece looks the same from above, so a piece's colour is the hidden
information of the game. Any player may move any piece; a move may be challenged.

Moves (strings)
---------------
- step: ``"c1-c2"``; jump chain: ``"b1-b3-d5"`` (every landing square in order);
- ``"challenge:<p>"``: player ``p`` challenges the move just made (legal for every eligible
  ``p`` beside the next player's moves);
- ``"pass"``: only when the player to move has no board move.
Moves are built in steps: ``"b1"`` → ``"b1-b3"`` (complete) → ``"b1-b3-d5"``; a challenge or
a pass is a single step.

Illegal moves raise `IllegalMoveError` with a code: ``bad_notation``, ``no_piece``,
``occupied``, ``bad_jump``, ``revisit``, ``cannot_challenge``, ``must_move`` (a pass while
a board move exists), or core's ``not_a_string`` / ``game_over``.

Events (plain dicts in ``state.events``)
----------------------------------------
A colour appears in an event ONLY when that piece was turned up for everyone.

- ``{"type": "move", "player": p, "move": str, "path": [squares], "jump": bool}``:
  ``p`` moved the piece on ``path[0]`` to ``path[-1]`` (no colour: the piece stays hidden).
- ``{"type": "reveal", "player": p, "square": sq, "colour": c, "owner": o,
  "result": "scored" | "returned", "to": sq | None}``: the move ended on a goal edge of one of
  ``p``'s colours; the piece on ``square`` was turned up: colour ``c`` of player ``o``. If
  ``"scored"`` it left the board (``to`` is None), else it went back face down to ``to``.
- ``{"type": "challenge", "player": c, "mover": m, "square": sq, "colour": col, "owner": o,
  "result": "failed" | "succeeded", "to": sq}``: ``c`` challenged ``m``'s move; the piece on
  ``square`` was turned up. ``"failed"``: it was the mover's, it stays (``to == square``) and
  ``c`` loses his next turn and is barred; ``"succeeded"``: it went back to ``to``, the square
  it started from.
- ``{"type": "skip", "player": p}``: ``p`` lost this turn (after a failed challenge).
- ``{"type": "pass", "player": p}``: ``p`` had no board move.
- ``{"type": "end", "reason": "all_out" | "max_moves", "winner": p | None,
  "scored": [n, ...]}``: the game is over.

JSON view (`State.to_json`; `observation(p)` is the same with every piece shown ``"?"``)
-----------------------------------------------------------------------------------------
``game``, ``players``, ``pieces`` (square -> colour letter), ``scored`` (pieces each player
brought out), ``out`` (colour -> pieces of that colour brought out), ``barred``,
``skip_next``, ``challengeable`` (the last move while it may be challenged, else None),
``can_challenge`` (players who may challenge it now), ``current_player``, ``to_move``,
``terminal``, ``winner``, ``end_reason`` (None, ``"all_out"`` or ``"max_moves"``),
``move_count``, ``max_moves``, ``practice``, ``last_move`` (None or ``{"player", "move",
"from", "to"}``; ``from``/``to`` are None for a challenge or a pass). An observation adds
``viewer`` (the player it was made for) and, only while no move has been made
(``move_count == 0``), ``start_colours``: the public set-up, square -> colour letter, which
every player sees before the pieces are turned face down (the page shows it for a few
seconds). It is the rules' layout, never read from the hidden pieces. Every observation
also carries ``player_colours`` (per player, his colour letters), ``start_edges`` and
``goal_edges`` (colour -> ``"south"``, ``"west"``, ``"north"`` or ``"east"``) and core's
public facts (``scores`` = ``scored``, ``score_counts`` = ``"pieces_out"``, ``seat_facts``).

Step facts: ``{"kind": "piece", "square"}`` (the piece picked), ``{"kind": "step" | "jump",
"from", "to", "over"}`` (``over`` only for a jump), ``{"kind": "challenge", "player"}``,
``{"kind": "pass"}``. Frames of a move: ``hop`` per landing square of a jump chain but the
last, then ``move``; ``reveal`` (the piece scored or sent back, face down); ``challenge``.
Frames are observations: no colour of a face-down piece ever appears in one.
"""

from __future__ import annotations

from ... import core, validate

FILES = "abcdefgh"
SIZE = 8
SQUARES = [f + str(r + 1) for r in range(SIZE) for f in FILES]  # index = file + 8 * rank
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
COLOURS = "BYRG"  # blue (South), yellow (West), red (North), green (East)
PIECES_PER_COLOUR = 6
HIDDEN = "?"


def _square(file: int, rank: int) -> int:
    return file + SIZE * rank


START = {  # colour -> its start squares: the six non-corner squares of an edge
    "B": tuple(_square(f, 0) for f in range(1, 7)),
    "Y": tuple(_square(0, r) for r in range(1, 7)),
    "R": tuple(_square(f, 7) for f in range(1, 7)),
    "G": tuple(_square(7, r) for r in range(1, 7)),
}
GOAL = {  # colour -> the opposite edge line, corners included
    "B": frozenset(_square(f, 7) for f in range(SIZE)),
    "Y": frozenset(_square(7, r) for r in range(SIZE)),
    "R": frozenset(_square(f, 0) for f in range(SIZE)),
    "G": frozenset(_square(0, r) for r in range(SIZE)),
}
PLAYER_COLOURS = {  # players -> the colours of each player
    2: ("BY", "RG"),
    3: ("B", "Y", "R"),
    4: ("B", "Y", "R", "G"),
}
START_EDGES = {"B": "south", "Y": "west", "R": "north", "G": "east"}
GOAL_EDGES = {"B": "north", "Y": "east", "R": "south", "G": "west"}
SHAPES = {"B": "circle", "Y": "triangle", "R": "square", "G": "diamond"}
DEFAULT_MAX_MOVES = 400
MAX_MOVES_RANGE = (10, 2000)  # any integer in between is allowed
MAX_MOVES_CHOICES = [100, 200, 400, 800, 2000]  # what a set-up form offers

DIRECTIONS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _neighbours(i: int) -> tuple:
    f, r = i % SIZE, i // SIZE
    return tuple(_square(f + df, r + dr) for df, dr in DIRECTIONS if _on_board(f + df, r + dr))


def _hops(i: int) -> tuple:
    """(jumped-over square, landing square) for each direction that stays on the board."""
    f, r = i % SIZE, i // SIZE
    return tuple(
        (_square(f + df, r + dr), _square(f + 2 * df, r + 2 * dr))
        for df, dr in DIRECTIONS if _on_board(f + 2 * df, r + 2 * dr)
    )


NEIGHBOURS = [_neighbours(i) for i in range(SIZE * SIZE)]
HOPS = [_hops(i) for i in range(SIZE * SIZE)]
HOP_OVER = [{land: over for over, land in HOPS[i]} for i in range(SIZE * SIZE)]


# --- pure helpers (shared with the bots: they only need public facts) ------------------
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


def goal_distance(square: int, colour: str) -> int:
    """King moves from `square` to the goal edge of `colour`."""
    f, r = square % SIZE, square // SIZE
    return {"B": SIZE - 1 - r, "R": r, "Y": SIZE - 1 - f, "G": f}[colour]


def board_moves(occupied) -> list:
    """Every step and jump chain (as move strings) with pieces on the `occupied` squares."""
    occupied = set(occupied)
    moves = []
    for start in sorted(occupied):
        for to in NEIGHBOURS[start]:
            if to not in occupied:
                moves.append(SQUARES[start] + "-" + SQUARES[to])
        others = occupied - {start}  # the moving piece has left its square
        _chains(start, [start], {start}, others, moves)
    return moves


def _chains(at, path, visited, others, moves):
    for over, land in HOPS[at]:
        if over in others and land not in others and land not in visited:
            path.append(land)
            visited.add(land)
            moves.append("-".join(SQUARES[i] for i in path))
            _chains(land, path, visited, others, moves)
            visited.discard(land)
            path.pop()


def has_board_move(occupied) -> bool:
    occupied = set(occupied)
    for start in occupied:
        if any(to not in occupied for to in NEIGHBOURS[start]):
            return True
        if any(over in occupied and land not in occupied for over, land in HOPS[start]):
            return True
    return False


def parse_path(move: str):
    """The square indices of a board move string, or None if it isn't shaped like one."""
    parts = move.split("-")
    if len(parts) < 2 or any(p not in SQUARE_INDEX for p in parts):
        return None
    return [SQUARE_INDEX[p] for p in parts]


def is_board_move(occupied, path) -> bool:
    """Whether the square indices `path` are a legal step or jump chain."""
    if path[0] not in occupied:
        return False
    if len(path) == 2 and path[1] in NEIGHBOURS[path[0]]:
        return path[1] not in occupied
    others = set(occupied) - {path[0]}
    visited = {path[0]}
    for at, land in zip(path, path[1:], strict=False):
        over = HOP_OVER[at].get(land)
        if over is None or over not in others or land in others or land in visited:
            return False
        visited.add(land)
    return True


def challenge_player(move: str):
    """p for a well-formed "challenge:<p>", else None."""
    prefix, _, number = move.partition(":")
    player = core.ascii_number(number, max_digits=1)  # at most 4 players
    if prefix != "challenge" or player is None or str(player) != number:
        return None
    return player


class State(core.State):
    BREAK_AFTER = ""  # "challenge:2" is one step; jump chains split before each "-"

    def __init__(self, game):
        super().__init__(game)
        n = game.num_players
        self.pieces = start_layout(n)  # square index -> colour letter (the hidden facts)
        self.out = {c: 0 for c in colours_in_play(n)}
        self.barred = [False] * n
        self.skip_next = [False] * n
        self.to_move = 0
        self.move_count = 0
        self.last_move = None  # {"player", "move", "path": [indices]}
        self.challengeable = False

    # --- facts --------------------------------------------------------------------
    @property
    def max_moves(self) -> int:
        return self.game.options["max_moves"]

    def colours(self, player: int) -> str:
        return PLAYER_COLOURS[self.num_players][player]

    @property
    def scored(self) -> list:
        return [sum(self.out[c] for c in self.colours(p)) for p in range(self.num_players)]

    @property
    def winner(self):
        for player, count in enumerate(self.scored):
            if count == PIECES_PER_COLOUR * len(self.colours(player)):
                return player
        return None

    @property
    def end_reason(self):
        if self.winner is not None:
            return "all_out"
        if self.move_count >= self.max_moves:
            return "max_moves"
        return None

    @property
    def current_player(self):
        return None if self.end_reason else self.to_move

    def can_challenge(self) -> list:
        """The players who may challenge the last move now (in player order)."""
        if not self.challengeable or self.end_reason:
            return []
        return self._eligible(self.last_move["player"])

    def _eligible(self, mover: int) -> list:
        return [p for p in range(self.num_players) if p != mover and not self.barred[p]]

    def legal_moves(self) -> list:
        if self.end_reason:
            return []
        moves = board_moves(self.pieces) or ["pass"]
        return moves + [f"challenge:{p}" for p in self.can_challenge()]

    def is_legal(self, move) -> bool:
        # Checks the one move instead of listing all of them (apply calls this).
        if not isinstance(move, str) or self.end_reason:
            return False
        if move == "pass":
            return not has_board_move(self.pieces)
        challenger = challenge_player(move)
        if challenger is not None:
            return challenger in self.can_challenge()
        path = parse_path(move)
        return path is not None and is_board_move(self.pieces, path)

    def remembered(self, events: list) -> list:
        """Past flips keep no colour: a piece turned face down again is face down."""
        return [
            {k: v for k, v in event.items() if k not in ("colour", "owner")}
            if event["type"] == "challenge"
            or (event["type"] == "reveal" and event.get("result") != "scored") else event
            for event in events
        ]

    def _why_illegal(self, move: str) -> core.IllegalMoveError:
        code, why = self._reason(move)
        return core.IllegalMoveError(f"{move!r} is not legal here: {why}", code, move=move)

    def _reason(self, move: str) -> tuple:
        """(code, English reason) for a move that `is_legal` refused."""
        if move == "pass":
            return "must_move", "a player may pass only when he has no move"
        challenger = challenge_player(move)
        if challenger is not None:
            return "cannot_challenge", f"player {challenger} may not challenge now"
        if move in SQUARE_INDEX:  # the first step of a move: a piece chosen
            if SQUARE_INDEX[move] not in self.pieces:
                return "no_piece", f"there is no piece on {move}"
            return "illegal_move", f"the piece on {move} has no move"
        path = parse_path(move)
        if path is None:
            return "bad_notation", "write a move as squares joined by '-', e.g. 'c1-c2'"
        if path[0] not in self.pieces:
            return "no_piece", f"there is no piece on {SQUARES[path[0]]}"
        if len(set(path)) < len(path):
            return "revisit", "a jump chain may not land twice on a square, nor on its start"
        if path[-1] in self.pieces:
            return "occupied", f"{SQUARES[path[-1]]} is not empty"
        return "bad_jump", "each jump goes over one adjacent piece to the empty square beyond"

    def returns(self) -> list:
        winner = self.winner
        if winner is None:
            return [0] * self.num_players
        return [1 if p == winner else -1 for p in range(self.num_players)]

    # --- a move -------------------------------------------------------------------
    def _play(self, move: str) -> list:
        self.move_count += 1
        if move == "pass":
            events = self._pass()
        elif move.startswith("challenge:"):
            events = self._challenge(challenge_player(move))
        else:
            events = self._board_move(move)
        reason = self.end_reason
        if reason:
            self.challengeable = False
            events.append({"type": "end", "reason": reason, "winner": self.winner,
                           "scored": self.scored})
        return events

    def _pass(self) -> list:
        player = self.to_move
        self.barred[player] = False  # a pass counts as his move
        self.last_move = {"player": player, "move": "pass", "path": []}
        self.challengeable = False
        events = [{"type": "pass", "player": player}]
        self.to_move = self._next_player(player, events)
        return events

    def _board_move(self, move: str) -> list:
        player, path = self.to_move, parse_path(move)
        start, end = path[0], path[-1]
        colour = self.pieces.pop(start)
        if self._frames is not None:  # a jump chain, hop by hop
            for hop in path[1:-1]:
                self.pieces[hop] = colour
                self._frame("hop", SQUARES[hop])
                del self.pieces[hop]
        self.pieces[end] = colour
        self._frame("move", SQUARES[end])
        self.barred[player] = False
        self.last_move = {"player": player, "move": move, "path": path}
        events = [{"type": "move", "player": player, "move": move,
                   "path": [SQUARES[i] for i in path], "jump": end not in NEIGHBOURS[start]}]
        goal_colours = [c for c in self.colours(player) if end in GOAL[c]]
        if goal_colours:
            events.append(self._reveal(player, colour, start, end, goal_colours))
            self._frame("reveal", SQUARES[end])
        self.challengeable = not goal_colours and bool(self._eligible(player))
        if self.winner is None:
            self.to_move = self._next_player(player, events)
        return events

    def _reveal(self, player, colour, start, end, goal_colours) -> dict:
        del self.pieces[end]
        if colour in goal_colours:
            self.out[colour] += 1
            result, to = "scored", None
        else:
            self.pieces[start] = colour  # back, face down, to where the move started
            result, to = "returned", SQUARES[start]
        return {"type": "reveal", "player": player, "square": SQUARES[end], "colour": colour,
                "owner": owner_of(colour, self.num_players), "result": result, "to": to}

    def _challenge(self, challenger: int) -> list:
        mover, path = self.last_move["player"], self.last_move["path"]
        start, end = path[0], path[-1]
        colour = self.pieces[end]
        self.challengeable = False
        self.last_move = {"player": challenger, "move": f"challenge:{challenger}", "path": []}
        event = {"type": "challenge", "player": challenger, "mover": mover,
                 "square": SQUARES[end], "colour": colour,
                 "owner": owner_of(colour, self.num_players)}
        if colour in self.colours(mover):
            event.update(result="failed", to=SQUARES[end])
            events = [event]
            self.barred[challenger] = True
            if challenger == self.to_move:  # his lost turn is this very one
                events.append({"type": "skip", "player": challenger})
                self.to_move = self._next_player(challenger, events)
            else:
                self.skip_next[challenger] = True
            return events
        del self.pieces[end]
        self.pieces[start] = colour  # the mover's turn is spent; the next player goes on
        event.update(result="succeeded", to=SQUARES[start])
        self._frame("challenge", SQUARES[start])
        return [event]

    def _next_player(self, player: int, events: list) -> int:
        """The player after `player` in turn order, using up the turns lost meanwhile."""
        nxt = (player + 1) % self.num_players
        while self.skip_next[nxt]:  # ends: each pass clears one flag
            self.skip_next[nxt] = False
            events.append({"type": "skip", "player": nxt})
            nxt = (nxt + 1) % self.num_players
        return nxt

    def _copy(self):  # faster than the generic copy; nothing mutable is shared
        child = State.__new__(State)
        child.game = self.game
        child.pieces = dict(self.pieces)
        child.out = dict(self.out)
        child.barred = self.barred[:]
        child.skip_next = self.skip_next[:]
        child.to_move = self.to_move
        child.move_count = self.move_count
        child.last_move = None if self.last_move is None else {
            "player": self.last_move["player"], "move": self.last_move["move"],
            "path": list(self.last_move["path"])}
        child.challengeable = self.challengeable
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "bolonki", "players": self.num_players,
            "pieces": {SQUARES[i]: self.pieces[i] for i in sorted(self.pieces)},
            "scored": self.scored, "out": dict(self.out),
            "barred": list(self.barred), "skip_next": list(self.skip_next),
            "challengeable": self.last_move["move"] if self.challengeable else None,
            "can_challenge": self.can_challenge(),
            "current_player": self.current_player, "to_move": self.to_move,
            "terminal": self.is_terminal, "winner": self.winner,
            "end_reason": self.end_reason, "move_count": self.move_count,
            "max_moves": self.max_moves, "practice": self.game.options["practice"],
            "last_move": self._last_move_json(),
        }

    def _last_move_json(self):
        if self.last_move is None:
            return None
        path = self.last_move["path"]
        return {"player": self.last_move["player"], "move": self.last_move["move"],
                "from": SQUARES[path[0]] if path else None,
                "to": SQUARES[path[-1]] if path else None}

    def public_facts(self) -> dict:
        n = self.num_players
        return {**super().public_facts(), "player_colours": [list(c) for c in PLAYER_COLOURS[n]],
                "start_edges": {c: START_EDGES[c] for c in colours_in_play(n)},
                "goal_edges": {c: GOAL_EDGES[c] for c in colours_in_play(n)}}

    def scores(self) -> list:
        return self.scored

    def step_facts(self, partial: str, steps: list) -> dict:
        facts = {}
        for step, _ in steps:
            if step == "pass":
                facts[step] = {"kind": "pass"}
            elif challenge_player(step) is not None:
                facts[step] = {"kind": "challenge", "player": challenge_player(step)}
            elif step in SQUARE_INDEX:
                facts[step] = {"kind": "piece", "square": step}
            else:
                parts = step.split("-")
                at, to = SQUARE_INDEX[parts[-2]], SQUARE_INDEX[parts[-1]]
                if to in NEIGHBOURS[at] and len(parts) == 2:
                    facts[step] = {"kind": "step", "from": parts[-2], "to": parts[-1]}
                else:
                    facts[step] = {"kind": "jump", "from": parts[-2], "to": parts[-1],
                                   "over": SQUARES[HOP_OVER[at][to]]}
        return facts

    def partial_facts(self, partial: str) -> dict:
        """A move being built: ``path``, the squares of the chain so far (``"b1-b3"`` →
        ``["b1", "b3"]``; a lone square → ``["b1"]``), so the page draws it without reading
        notation."""
        if partial in SQUARE_INDEX:
            return {"path": [partial]}
        path = parse_path(partial)
        return {"path": [SQUARES[i] for i in path]} if path else {}

    def _observe(self, player) -> dict:
        """The public view: every piece shows "?" (unless the game is a practice game)."""
        view = self.to_json()
        if not self.game.options["practice"]:
            view["pieces"] = {square: HIDDEN for square in view["pieces"]}
        view["viewer"] = player
        if self.move_count == 0:  # the public set-up, shown before the pieces turn face down
            layout = start_layout(self.num_players)
            view["start_colours"] = {SQUARES[i]: layout[i] for i in sorted(layout)}
        return view

    @classmethod
    def _from_json(cls, game, data):
        state = cls(game)
        n = game.num_players
        if data["players"] != n or data["max_moves"] != game.options["max_moves"]:
            raise ValueError("the state was saved with other options")
        state.pieces = {SQUARE_INDEX[sq]: str(c) for sq, c in dict(data["pieces"]).items()}
        state.out = {c: validate.whole(data["out"][c]) for c in colours_in_play(n)}
        if set(data["out"]) != set(colours_in_play(n)):
            raise ValueError("out lists other colours than those in play")
        state.barred = validate.flags(data["barred"], n)
        state.skip_next = validate.flags(data["skip_next"], n)
        state.to_move = validate.whole(data["to_move"])
        state.move_count = validate.whole(data["move_count"])
        state.last_move = cls._last_move_from_json(data["last_move"])
        challengeable = data["challengeable"]
        state.challengeable = challengeable is not None
        if state.challengeable and (
                state.last_move is None or challengeable != state.last_move["move"]):
            raise ValueError("challengeable is not the last move")
        if list(data["scored"]) != state.scored:
            raise ValueError("scored does not match the pieces brought out")
        return state

    @staticmethod
    def _last_move_from_json(data):
        if data is None:
            return None
        player, move = validate.whole(data["player"]), data["move"]
        if not isinstance(move, str):
            raise ValueError("last move is not a string")
        path = [] if move == "pass" or challenge_player(move) is not None else parse_path(move)
        if path is None:
            raise ValueError(f"bad last move {move!r}")
        last = {"player": player, "move": move, "path": path}
        if (data["from"], data["to"]) != ((SQUARES[path[0]], SQUARES[path[-1]]) if path
                                          else (None, None)):
            raise ValueError("last move squares do not match the move")
        return last

    def _validate(self):
        n = self.num_players
        in_play = colours_in_play(n)
        for colour in in_play:
            on_board = sum(1 for c in self.pieces.values() if c == colour)
            if self.out[colour] < 0 or on_board + self.out[colour] != PIECES_PER_COLOUR:
                raise ValueError(f"colour {colour} does not add up to {PIECES_PER_COLOUR}")
        if any(c not in in_play for c in self.pieces.values()):
            raise ValueError("a piece of a colour not in play")
        if sum(1 for p in range(n) if self.scored[p] == 6 * len(self.colours(p))) > 1:
            raise ValueError("two winners")
        if not 0 <= self.to_move < n or self.skip_next[self.to_move]:
            raise ValueError("bad player to move")
        if any(s and not b for s, b in zip(self.skip_next, self.barred, strict=True)):
            raise ValueError("a player who skips his next turn must be barred")
        if not 0 <= self.move_count <= self.max_moves:
            raise ValueError("bad move count")
        if self.last_move is not None and not 0 <= self.last_move["player"] < n:
            raise ValueError("bad last mover")
        if self.challengeable:
            self._validate_challengeable()

    def _validate_challengeable(self):
        path = self.last_move["path"]
        if not path or path[-1] not in self.pieces or path[0] in self.pieces:
            raise ValueError("the challengeable move does not match the board")
        if self.end_reason or not self._eligible(self.last_move["player"]):
            raise ValueError("nobody may challenge")
        goal = any(path[-1] in GOAL[c] for c in self.colours(self.last_move["player"]))
        if goal:
            raise ValueError("a revealed move cannot be challenged")


class Game(core.Game):
    id = "bolonki"
    State = State
    OPTIONS = {
        "players": ((2, 3, 4), 2),
        "max_moves": (range(MAX_MOVES_RANGE[0], MAX_MOVES_RANGE[1] + 1), DEFAULT_MAX_MOVES),
        "practice": ((False, True), False),
    }
    _OWN_CHECKS = ("max_moves", "practice")  # a range and a boolean: checked here
    SEAT_OPTION = "players"
    SCORE_COUNTS = "pieces_out"

    def seat_facts(self) -> list:
        """Per player his colours; a pair (2 players) is named after both."""
        facts = []
        for p, colours in enumerate(PLAYER_COLOURS[self.num_players]):
            names = [{"key": f"bolonki.colour.{c}", "params": {}} for c in colours]
            name = names[0] if len(names) == 1 else {
                "key": "bolonki.pair", "params": {"a": names[0], "b": names[1]}}
            facts.append({"player": p, "name": name, "symbols": [SHAPES[c] for c in colours],
                          "colours": list(colours), "side": p})
        return facts

    @classmethod
    def rules_facts(cls) -> dict:
        """The set-up for the rules panel: per colour its start squares, its goal edge
        and its shape; the colours of each player for 2, 3 and 4 players."""
        return {"colours": {c: {"start": [SQUARES[i] for i in START[c]],
                                "start_edge": START_EDGES[c], "goal_edge": GOAL_EDGES[c],
                                "symbol": SHAPES[c]} for c in COLOURS},
                "player_colours": {str(n): [list(c) for c in cs]
                                   for n, cs in PLAYER_COLOURS.items()}}

    @classmethod
    def describe_options(cls) -> dict:
        """As core's, but max_moves offers a few values (with its whole range)."""
        low, high = MAX_MOVES_RANGE
        return {
            "players": {"values": [2, 3, 4], "default": 2},
            "max_moves": {"values": list(MAX_MOVES_CHOICES), "default": DEFAULT_MAX_MOVES,
                          "min": low, "max": high},
            "practice": {"values": [False, True], "default": False},
        }

    def _check_options(self, options: dict) -> dict:
        options = dict(options)
        own = {name: options.pop(name) for name in self._OWN_CHECKS if name in options}
        # core's table check refuses booleans and lists every allowed value: it checks
        # the unknown names and "players"; max_moves and practice are checked below.
        table = {"players": self.OPTIONS["players"]}
        checked = super()._check_options(options, table)
        max_moves = own.get("max_moves", DEFAULT_MAX_MOVES)
        low, high = MAX_MOVES_RANGE
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or not (
                low <= max_moves <= high):
            raise core.OptionError(
                f"bolonki: option max_moves={max_moves!r} is not an integer in {low}..{high}",
                "bad_option", game=self.id, option="max_moves", value=repr(max_moves),
                min=low, max=high,
            )
        practice = own.get("practice", False)
        if not isinstance(practice, bool):
            raise core.OptionError(
                f"bolonki: option practice={practice!r} is not true or false",
                "bad_option", game=self.id, option="practice", value=repr(practice),
                allowed=[False, True],
            )
        checked.update(max_moves=max_moves, practice=practice)
        return checked

