"""Bakuk: a 2×3 mancala of the Jbala of northern Morocco, for 2 or 3 players.

Normative rules: ``docs/rules/bakuk.md``. Holes ``a``..``f`` in sowing order;
a move is the letter of the hole sown.

The move itself is the kernel's (`kernel.sow`); this module adds what people and the
page need around it: legality in words, events, frames, JSON.

JSON (``to_json``): the rules file's core fields, plus ``to_move``, ``end_reason``,
``owners`` (per hole its player) and ``seen``: how often each position (board and player to
move) has stood since the last capture — an earlier one cannot come back, for a capture
leaves fewer seeds on the board for good.

Observation (``observation``): ``to_json`` without ``seen``, plus what the page draws
without knowing a rule: ``hole_names`` (per index, its name in the notation), ``rows`` (the
board as South sees it, row by row from the far side: ``[["f", "e", "d"], ["a", "b",
"c"]]``; sowing runs through ``hole_names`` in order, counter-clockwise), and core's public
facts (``end_reason``, ``scores`` = ``captured``, ``score_counts`` = ``"seeds_captured"``,
``seat_facts``, ``side_names``). Step facts: ``{"kind": "hole", "hole", "seeds"}``; targets:
every hole, its name (the move that sows it). Frames of a move: ``lift`` (the hole emptied
into the hand, ``hand`` = its seeds), ``sow`` per seed (``at`` = the hole, ``hand`` = seeds
still to sow), ``capture`` per hole taken, the last one the position after the move.
"""

from __future__ import annotations

from ... import core, validate
from .kernel import (
    HOLES,
    OWNED,
    REPETITIONS_TO_END,
    ROWS,
    SEEDS_PER_HOLE,
    TOTAL_SEEDS,
    position_key,
    sow_and_capture,
    sowing_path,
)

PATH_NAMES = [[[HOLES[i] for i in sowing_path(origin, seeds)]
               for seeds in range(TOTAL_SEEDS + 1)] for origin in range(6)]
"""PATH_NAMES[origin][seeds]: the names of the holes the seeds fall in (for the events)."""
ROW_NAMES = [[HOLES[i] for i in row] for row in ROWS]


def _key_text(key: tuple) -> str:
    return ",".join(map(str, key[:6])) + "/" + str(key[6])


def _key_of_text(text: str) -> tuple:
    board, _, player = text.partition("/")
    numbers = [core.ascii_number(x, max_digits=2) for x in (*board.split(","), player)]
    if len(numbers) != 7 or None in numbers:
        raise ValueError(f"not a position: {text!r}")
    return tuple(numbers)


class State(core.State):
    """A position: ``holes`` and ``captured`` are tuples (a state is a value)."""

    def __init__(self, game):
        super().__init__(game)
        self.holes = (SEEDS_PER_HOLE,) * 6
        self.captured = (0,) * game.num_players
        self.to_move = 0
        self.seen = {position_key(self.holes, 0): 1}
        self.end_reason = None

    # --- facts --------------------------------------------------------------------
    def owned(self, player: int) -> tuple:
        return self.game.owned[player]

    def _end(self):
        """Why the game ends here (``repetition``, ``no_seeds``), or None."""
        holes = self.holes
        if self.seen.get(position_key(holes, self.to_move), 0) >= REPETITIONS_TO_END:
            return "repetition"
        if not any(holes[i] for i in self.game.owned[self.to_move]):
            return "no_seeds"
        return None

    @property
    def current_player(self):
        return None if self.end_reason else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.end_reason is not None

    def legal_moves(self) -> list:
        if self.end_reason:
            return []
        holes = self.holes
        return [HOLES[i] for i in self.game.owned[self.to_move] if holes[i]]

    def is_legal(self, move) -> bool:
        if type(move) is not str or len(move) != 1 or self.end_reason:
            return False
        i = HOLES.find(move)
        return i >= 0 and self.holes[i] > 0 and i in self.game.owned[self.to_move]

    def _why_illegal(self, move: str) -> core.IllegalMoveError:
        if len(move) != 1 or move not in HOLES:
            return core.IllegalMoveError(f"{move!r}: a move is a hole, a to f", "bad_notation",
                                         move=move)
        hole = HOLES.index(move)
        if hole not in self.owned(self.to_move):
            return core.IllegalMoveError(f"{move!r} is not a hole of the player to move",
                                         "not_your_hole", move=move)
        return core.IllegalMoveError(f"{move!r} is empty", "empty_hole", move=move)

    @property
    def winner(self):
        if not self.end_reason:
            return None
        top = max(self.captured)
        return self.captured.index(top) if self.captured.count(top) == 1 else None

    def returns(self) -> list:
        if not self.end_reason:
            return [0] * self.num_players
        return core.returns_by_score(list(self.captured))

    # --- a move -------------------------------------------------------------------
    def _play(self, move: str) -> list:
        player, origin = self.to_move, HOLES.index(move)
        seeds = self.holes[origin]
        board, chain = sow_and_capture(self.holes, origin)  # the kernel: the move itself
        if self._frames is not None:
            self._show_move(origin, seeds, chain)
        events = [{"type": "sow", "player": player, "hole": move, "seeds": seeds,
                   "path": list(PATH_NAMES[origin][seeds])}]
        if chain:
            taken = [n for _, n in chain]
            events.append({"type": "capture", "player": player,
                           "holes": [HOLES[i] for i, _ in chain], "seeds": taken,
                           "total": sum(taken)})
            captured = list(self.captured)
            captured[player] += sum(taken)
            self.captured = tuple(captured)
            self.seen = {}  # fewer seeds on the board from now on: no position comes back
        self.holes = board
        self.to_move = (player + 1) % self.game.players
        key = position_key(board, self.to_move)
        self.seen[key] = self.seen.get(key, 0) + 1
        self.end_reason = reason = self._end()
        if reason:
            events.append({"type": "end", "reason": reason, "winner": self.winner,
                           "captured": list(self.captured)})
        return events

    def _show_move(self, origin: int, seeds: int, chain: list) -> None:
        """The frames of a move: the hole emptied into the hand, each seed sown, each hole
        of the capture chain taken (observations with the board as it stands then)."""
        board = list(self.holes)
        board[origin] = 0
        self._frame("lift", HOLES[origin], holes=board[:], hand=seeds)
        for sown, hole in enumerate(sowing_path(origin, seeds), 1):
            board[hole] += 1
            self._frame("sow", HOLES[hole], holes=board[:], hand=seeds - sown)
        captured = list(self.captured)
        for hole, taken in chain:
            board[hole] = 0
            captured[self.to_move] += taken
            self._frame("capture", HOLES[hole], holes=board[:], captured=captured[:],
                        scores=captured[:])

    def _copy(self):  # the fields are immutable but `seen`: a copy is a few assignments
        child = State.__new__(State)
        child.game = self.game
        child.holes = self.holes
        child.captured = self.captured
        child.to_move = self.to_move
        child.seen = dict(self.seen)
        child.end_reason = self.end_reason
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "bakuk", "players": self.num_players, "holes": list(self.holes),
            "captured": list(self.captured), "current_player": self.current_player,
            "terminal": self.is_terminal, "winner": self.winner,
            "to_move": self.to_move, "end_reason": self.end_reason,
            "owners": [self._owner(i) for i in range(6)],
            "seen": {_key_text(key): times for key, times in self.seen.items()},
        }

    def _observe(self, player) -> dict:
        view = self.to_json()
        del view["seen"]  # the page needs the board, not the position history
        view["hole_names"] = list(HOLES)
        view["rows"] = [list(row) for row in ROW_NAMES]
        return view

    def targets(self, partial: str) -> dict:
        """A click on a hole asks to sow it: its name is the move."""
        return {name: name for name in HOLES} if partial == "" else {}

    def scores(self) -> list:
        return list(self.captured)

    def step_facts(self, partial: str, steps: list) -> dict:
        return {step: {"kind": "hole", "hole": step, "seeds": self.holes[HOLES.index(step)]}
                for step, _ in steps if step in HOLES and len(step) == 1}

    def _owner(self, hole: int) -> int:
        return next(p for p in range(self.num_players) if hole in self.owned(p))

    @classmethod
    def _from_json(cls, game, data):
        state = cls(game)
        state.holes = tuple(validate.wholes(data["holes"], 6))
        state.captured = tuple(validate.wholes(data["captured"], game.num_players))
        state.to_move = validate.whole(data["to_move"])
        seen = data["seen"]
        if not isinstance(seen, dict):
            raise ValueError("the position history must be an object")
        state.seen = {_key_of_text(k): validate.whole(v) for k, v in seen.items()}
        if data.get("players", game.num_players) != game.num_players:
            raise ValueError("the number of players does not match the game")
        state.end_reason = state._end()
        return state

    def _validate(self):
        if len(self.holes) != 6 or len(self.captured) != self.num_players:
            raise ValueError("wrong number of holes or players")
        if min(self.holes + self.captured) < 0:
            raise ValueError("negative seeds")
        if sum(self.holes) + sum(self.captured) != TOTAL_SEEDS:
            raise ValueError(f"seeds do not add up to {TOTAL_SEEDS}")
        if not 0 <= self.to_move < self.num_players:
            raise ValueError("no such player to move")
        if self.seen.get(position_key(self.holes, self.to_move), 0) < 1 or min(
                self.seen.values()) < 1:
            raise ValueError("the position history does not include this position")


class Game(core.Game):
    id = "bakuk"
    State = State
    OPTIONS = {"players": ((2, 3), 2)}
    SEAT_OPTION = "players"
    SCORE_COUNTS = "seeds_captured"

    def __init__(self, /, **options):
        super().__init__(**options)
        self.players = self.options["players"]
        self.owned = OWNED[self.players]  # per player, the holes (indices) he sows

    @classmethod
    def rules_facts(cls) -> dict:
        """The board for the rules panel: the holes in sowing order, the rows as South sees
        them, the seeds each hole starts with, and who owns which holes (2 and 3 players)."""
        return {"holes": list(HOLES), "rows": [list(row) for row in ROW_NAMES],
                "seeds_per_hole": SEEDS_PER_HOLE,
                "owned": {str(n): [[HOLES[i] for i in holes] for holes in owned]
                          for n, owned in OWNED.items()}}

    def seat_facts(self) -> list:
        n = self.num_players
        return [{"player": p, "name": {"key": f"bakuk.player.{n}.{p}", "params": {}},
                 "symbols": [self.SYMBOLS[p]], "colours": [], "side": p} for p in range(n)]
