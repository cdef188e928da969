"""Bolonki: a memory race game by Yetem for 2 to 4 players, played with face-down pieces.

Normative rules: ``docs/rules/bolonki.md``. The board is 8×8 (files ``a``–``h``, ranks
``1``–``8``); every piece looks the same from above, so a piece's colour is the hidden
information of the game. Any player may move any piece; a move may be challenged.

The rules of a move are the kernel's (`kernel.Position`, `kernel.BoardMoves`), on square
indices; `State` adds the notation, the events, the frames, the observations and JSON.

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
A colour appears in an event ONLY when that piece was turned up for everyone. The computer
players remember it; the page gets the events as `State.remembered` keeps them, without the
colour of a piece turned face down again (it sees the flip in the move's frames).

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
"from", "to"}``; ``from``/``to`` are None for a challenge or a pass).

An observation adds ``viewer`` (the player it was made for) and, while no move has been
made in a game that is not a practice game, ``start_colours``: the public set-up, square ->
colour letter, which every player sees before the pieces are turned face down (the page
shows it for a few seconds to memorise). It is the rules' layout, never read from the
hidden pieces. Every observation also carries the public facts the page draws:
``player_colours`` (per player, his colour letters), ``start_edges`` and ``goal_edges``
(colour -> ``"south"``, ``"west"``, ``"north"`` or ``"east"``), ``colour_symbols`` (colour
-> the shape drawn with it), ``pieces_per_colour``, and core's (``scores`` = ``scored``,
``score_counts`` = ``"pieces_out"``, ``seat_facts``).

The page's view
---------------
Step facts: ``{"kind": "piece", "square"}`` (the piece picked), ``{"kind": "step" | "jump",
"from", "to", "over"}`` (``over`` only for a jump), ``{"kind": "challenge", "player"}``,
``{"kind": "pass"}``. Targets (`State.targets`): every square, with what a click on it asks.
Partial facts: ``path``, the squares of the move being built.

Frames of a move (observations, each ``{"kind", "at"}``): ``hop`` on each landing square of
a jump chain but the last, then ``move`` on the last. A move ending on a goal edge of the
mover's colours then shows ``reveal``: the piece turned up there, its colour in the frame's
``face_up`` (square -> colour), and then ``scored`` (the piece gone) or ``returned`` (at its
start square, face down). A challenge shows ``challenge`` (the challenged piece turned up,
``face_up``), then ``failed`` (face down where it was) or ``succeeded`` (back on its start
square). ``face_up`` is the only colour of a face-down piece that ever leaves the engine for
the page, in the frames of the move that turned it up: the events the page keeps
(`State.remembered`) lose it.
"""

from __future__ import annotations

from ... import core, validate
from .kernel import (
    COLOURS,
    GOAL_EDGES,
    HOP_OVER,
    NEIGHBOURS,
    PIECES_PER_COLOUR,
    PLAYER_COLOURS,
    SIZE,
    START,
    START_EDGES,
    BoardMoves,
    Position,
    colours_in_play,
    goal_colours,
    has_board_move,
    is_board_move,
    mask_of,
    owner_of,
    start_layout,
)

FILES = "abcdefgh"
SQUARES = [f + str(r + 1) for r in range(SIZE) for f in FILES]  # index = file + 8 * rank
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
HIDDEN = "?"
SHAPES = {"B": "circle", "Y": "triangle", "R": "square", "G": "diamond"}
DEFAULT_MAX_MOVES = 400
MAX_MOVES_RANGE = (10, 2000)  # any integer in between is allowed
MAX_MOVES_CHOICES = [100, 200, 400, 800, 2000]  # what a set-up form offers


# --- notation ------------------------------------------------------------------------------
def notation(path) -> str:
    """The move string of a board move's square indices: ``"b1-b3-d5"``."""
    return "-".join(SQUARES[i] for i in path)


def parse_path(move: str):
    """The square indices of a board move string, or None if it isn't shaped like one."""
    parts = move.split("-")
    if len(parts) < 2 or any(p not in SQUARE_INDEX for p in parts):
        return None
    return [SQUARE_INDEX[p] for p in parts]


def challenge_player(move: str):
    """p for a well-formed "challenge:<p>", else None."""
    prefix, _, number = move.partition(":")
    player = core.ascii_number(number, max_digits=1)  # at most 4 players
    if prefix != "challenge" or player is None or str(player) != number:
        return None
    return player


class State(Position, core.State):
    """A position (`kernel.Position`: the facts of play and the rules of a move) with the
    protocol: notation, events, frames, observations and JSON."""

    BREAK_AFTER = ""  # "challenge:2" is one step; jump chains split before each "-"

    def __init__(self, game):
        core.State.__init__(self, game)
        Position.__init__(self, game.num_players, game.options["max_moves"])
        self.last_move = None  # the last move's notation (its player and squares: Position)

    # --- facts --------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.end_reason else self.to_move

    def can_challenge(self) -> list:
        """The players who may challenge the last move now (in player order)."""
        return self.challengers()

    def legal_moves(self) -> list:
        if self.end_reason:
            return []
        moves = [notation(path) for path in BoardMoves(self.occupied)] or ["pass"]
        return moves + [f"challenge:{p}" for p in self.challengers()]

    def is_legal(self, move) -> bool:
        # Checks the one move instead of listing all of them (apply calls this).
        if not isinstance(move, str) or self.end_reason:
            return False
        if move == "pass":
            return not has_board_move(self.occupied)
        challenger = challenge_player(move)
        if challenger is not None:
            return challenger in self.challengers()
        path = parse_path(move)
        return path is not None and is_board_move(self.occupied, path)

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

    # --- a move: the kernel's, told as events and frames ----------------------------
    def _play(self, move: str) -> list:
        player = self.to_move
        if move == "pass":
            skipped = self.pass_turn()
            events = [{"type": "pass", "player": player}]
        elif move.startswith("challenge:"):
            events, skipped = self._challenge(challenge_player(move))
        else:
            events, skipped = self._board_move(move)
        self.last_move = move
        events.extend({"type": "skip", "player": p} for p in skipped)
        reason = self.end_reason
        if reason:
            events.append({"type": "end", "reason": reason, "winner": self.winner,
                           "scored": list(self.scored)})
        return events

    def _board_move(self, move: str) -> tuple:
        player, path = self.to_move, parse_path(move)
        start, end = path[0], path[-1]
        if self._frames is not None:
            self._travel_frames(path)
        colour, result, skipped = self.board_move(path)
        events = [{"type": "move", "player": player, "move": move,
                   "path": [SQUARES[i] for i in path], "jump": end not in NEIGHBOURS[start]}]
        if result is not None:
            to = SQUARES[start] if result == "returned" else None
            events.append({"type": "reveal", "player": player, "square": SQUARES[end],
                           "colour": colour, "owner": owner_of(colour, self.num_players),
                           "result": result, "to": to})
            self._frame(result, to or SQUARES[end])
        return events, skipped

    def _travel_frames(self, path) -> None:
        """The piece on its way: on each landing square of a chain but the last (``hop``),
        on its last square (``move``) and, on a goal edge of the mover's colours, turned up
        there for everyone (``reveal``, its colour in ``face_up``)."""
        shown = self._shown_pieces()
        face = shown.pop(SQUARES[path[0]])
        for k, at in enumerate(path[1:], 2):
            kind = "move" if k == len(path) else "hop"
            self._frame(kind, SQUARES[at], pieces={**shown, SQUARES[at]: face})
        end = SQUARES[path[-1]]
        if goal_colours(self.num_players, self.to_move, path[-1]):
            self._frame("reveal", end, pieces={**shown, end: face},
                        face_up={end: self.pieces[path[0]]})

    def _challenge(self, challenger: int) -> tuple:
        mover, path = self.last_player, self.last_path
        start, end = SQUARES[self.last_path[0]], SQUARES[self.last_path[-1]]
        # the challenged piece turned up for everyone
        self._frame("challenge", end, face_up={end: self.pieces[path[-1]]})
        colour, failed, skipped = self.challenge(challenger)
        to = end if failed else start
        self._frame("failed" if failed else "succeeded", to)
        return [{"type": "challenge", "player": challenger, "mover": mover, "square": end,
                 "colour": colour, "owner": owner_of(colour, self.num_players),
                 "result": "failed" if failed else "succeeded", "to": to}], skipped

    def _copy(self):  # faster than the generic copy; nothing mutable is shared
        child = State.__new__(State)
        child.game = self.game
        self.copy_position(child)
        child.last_move = self.last_move
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "bolonki", "players": self.num_players,
            "pieces": {SQUARES[i]: self.pieces[i] for i in sorted(self.pieces)},
            "scored": list(self.scored), "out": dict(self.out),
            "barred": list(self.barred), "skip_next": list(self.skip_next),
            "challengeable": self.last_move if self.challengeable else None,
            "can_challenge": self.challengers(),
            "current_player": self.current_player, "to_move": self.to_move,
            "terminal": self.is_terminal, "winner": self.winner,
            "end_reason": self.end_reason, "move_count": self.move_count,
            "max_moves": self.max_moves, "practice": self.game.options["practice"],
            "last_move": self._last_move_json(),
        }

    def _last_move_json(self):
        if self.last_move is None:
            return None
        path = self.last_path
        return {"player": self.last_player, "move": self.last_move,
                "from": SQUARES[path[0]] if path else None,
                "to": SQUARES[path[-1]] if path else None}

    def public_facts(self) -> dict:
        n = self.num_players
        in_play = colours_in_play(n)
        return {**super().public_facts(), "player_colours": [list(c) for c in PLAYER_COLOURS[n]],
                "start_edges": {c: START_EDGES[c] for c in in_play},
                "goal_edges": {c: GOAL_EDGES[c] for c in in_play},
                "colour_symbols": {c: SHAPES[c] for c in in_play},
                "pieces_per_colour": PIECES_PER_COLOUR}

    def scores(self) -> list:
        return list(self.scored)

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
                path = parse_path(step)
                at, to = path[-2], path[-1]
                if len(path) == 2 and to in NEIGHBOURS[at]:
                    facts[step] = {"kind": "step", "from": SQUARES[at], "to": SQUARES[to]}
                else:
                    facts[step] = {"kind": "jump", "from": SQUARES[at], "to": SQUARES[to],
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

    def targets(self, partial: str) -> dict:
        """What a click on each square asks: with no move begun, to pick up the piece there
        (the square's name); while a piece is on its way, to go on to that square (the
        partial move and the square)."""
        if partial == "":
            return {sq: sq for sq in SQUARES}
        if partial in SQUARE_INDEX or parse_path(partial):
            return {sq: f"{partial}-{sq}" for sq in SQUARES}
        return {}

    def _shown_pieces(self) -> dict:
        """Square name -> what everyone sees there: "?" (a practice game: the colour)."""
        if self.game.options["practice"]:
            return {SQUARES[i]: self.pieces[i] for i in sorted(self.pieces)}
        return {SQUARES[i]: HIDDEN for i in sorted(self.pieces)}

    def _observe(self, player) -> dict:
        """The public view: every piece shows "?" (unless the game is a practice game)."""
        view = self.to_json()
        view["pieces"] = self._shown_pieces()
        view["viewer"] = player
        if self.move_count == 0 and self._frames is None and not self.game.options["practice"]:
            # the public set-up, to memorise before the pieces turn face down (not in the
            # frames of the first move, which is being played)
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
        state.occupied = mask_of(state.pieces)
        state.out = {c: validate.whole(data["out"][c]) for c in colours_in_play(n)}
        if set(data["out"]) != set(colours_in_play(n)):
            raise ValueError("out lists other colours than those in play")
        state.scored = [sum(state.out[c] for c in PLAYER_COLOURS[n][p]) for p in range(n)]
        full = [p for p in range(n) if state.scored[p] == PIECES_PER_COLOUR * len(
            PLAYER_COLOURS[n][p])]
        if len(full) > 1:
            raise ValueError("two winners")
        state.winner = full[0] if full else None
        state.barred = validate.flags(data["barred"], n)
        state.skip_next = validate.flags(data["skip_next"], n)
        state.to_move = validate.whole(data["to_move"])
        state.move_count = validate.whole(data["move_count"])
        state.last_player, state.last_move, state.last_path = cls._last_move_from_json(
            data["last_move"])
        challengeable = data["challengeable"]
        state.challengeable = challengeable is not None
        if state.challengeable and (
                state.last_move is None or challengeable != state.last_move):
            raise ValueError("challengeable is not the last move")
        if list(data["scored"]) != state.scored:
            raise ValueError("scored does not match the pieces brought out")
        return state

    @staticmethod
    def _last_move_from_json(data) -> tuple:
        """(player, notation, path) of the saved last move."""
        if data is None:
            return None, None, ()
        player, move = validate.whole(data["player"]), data["move"]
        if not isinstance(move, str):
            raise ValueError("last move is not a string")
        path = [] if move == "pass" or challenge_player(move) is not None else parse_path(move)
        if path is None:
            raise ValueError(f"bad last move {move!r}")
        if (data["from"], data["to"]) != ((SQUARES[path[0]], SQUARES[path[-1]]) if path
                                          else (None, None)):
            raise ValueError("last move squares do not match the move")
        return player, move, tuple(path)

    def _validate(self):
        n = self.num_players
        in_play = colours_in_play(n)
        for colour in in_play:
            on_board = sum(1 for c in self.pieces.values() if c == colour)
            if self.out[colour] < 0 or on_board + self.out[colour] != PIECES_PER_COLOUR:
                raise ValueError(f"colour {colour} does not add up to {PIECES_PER_COLOUR}")
        if any(c not in in_play for c in self.pieces.values()):
            raise ValueError("a piece of a colour not in play")
        if not 0 <= self.to_move < n or self.skip_next[self.to_move]:
            raise ValueError("bad player to move")
        if any(s and not b for s, b in zip(self.skip_next, self.barred, strict=True)):
            raise ValueError("a player who skips his next turn must be barred")
        if not 0 <= self.move_count <= self.max_moves:
            raise ValueError("bad move count")
        if self.last_player is not None and not 0 <= self.last_player < n:
            raise ValueError("bad last mover")
        if self.challengeable:
            self._validate_challengeable()

    def _validate_challengeable(self):
        path = self.last_path
        if not path or path[-1] not in self.pieces or path[0] in self.pieces:
            raise ValueError("the challengeable move does not match the board")
        if self.end_reason or not self.eligible(self.last_player):
            raise ValueError("nobody may challenge")
        if goal_colours(self.num_players, self.last_player, path[-1]):
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

