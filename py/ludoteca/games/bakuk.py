"""Bakuk: a 2×3 mancala of the Jbala of northern Morocco, for 2 or 3 players.

Normative rules: ``shared/rules/bakuk.md``. Holes ``a``..``f`` in sowing order;
a move is the letter of the hole sown.

Observation (``observation``): ``to_json`` without ``seen``, plus core's public facts
(``end_reason``, ``scores`` = ``captured``, ``score_counts`` = ``"seeds_captured"``,
``seat_facts``). Step facts: ``{"kind": "hole", "hole", "seeds"}``. Frames of a move:
``lift`` (the hole emptied into the hand), ``sow`` per seed (``at`` = the hole),
``capture`` per hole taken, the last one the position after the move.
"""

from __future__ import annotations

from .. import core, validate

HOLES = "abcdef"
SEEDS_PER_HOLE = 6
TOTAL_SEEDS = 6 * SEEDS_PER_HOLE
OWNED = {  # players -> the holes (indices) each player owns
    2: ((0, 1, 2), (3, 4, 5)),
    3: ((0, 1), (2, 3), (4, 5)),
}
REPETITIONS_TO_END = 3


class State(core.State):
    def __init__(self, game):
        super().__init__(game)
        self.holes = [SEEDS_PER_HOLE] * 6
        self.captured = [0] * game.num_players
        self.to_move = 0
        self.seen = {self._key(): 1}

    # --- facts --------------------------------------------------------------------
    def _key(self) -> str:
        return ",".join(map(str, self.holes)) + "/" + str(self.to_move)

    def owned(self, player: int) -> tuple:
        return OWNED[self.num_players][player]

    @property
    def end_reason(self):
        if self.seen.get(self._key(), 0) >= REPETITIONS_TO_END:
            return "repetition"
        if not any(self.holes[i] for i in self.owned(self.to_move)):
            return "no_seeds"
        return None

    @property
    def current_player(self):
        return None if self.end_reason else self.to_move

    def legal_moves(self) -> list:
        if self.end_reason:
            return []
        return [HOLES[i] for i in self.owned(self.to_move) if self.holes[i]]

    def is_legal(self, move) -> bool:
        return isinstance(move, str) and move in self.legal_moves()

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
        if not self.is_terminal:
            return None
        top = max(self.captured)
        return self.captured.index(top) if self.captured.count(top) == 1 else None

    def returns(self) -> list:
        if not self.is_terminal:
            return [0] * self.num_players
        return core.returns_by_score(self.captured)

    # --- a move -------------------------------------------------------------------
    def _play(self, move: str) -> list:
        player, origin = self.to_move, HOLES.index(move)
        seeds, self.holes[origin] = self.holes[origin], 0
        self._frame("lift", move, hand=seeds)
        path, hole = [], origin
        for left in range(seeds - 1, -1, -1):  # the emptied origin is not skipped
            hole = (hole + 1) % 6
            self.holes[hole] += 1
            path.append(HOLES[hole])
            self._frame("sow", HOLES[hole], hand=left)
        events = [{"type": "sow", "player": player, "hole": move, "seeds": seeds, "path": path}]

        taken, taken_seeds = [], []
        for step in range(6):  # forward chain from the last hole, never wrapping
            i = (hole + step) % 6
            if self.holes[i] not in (2, 4):
                break
            taken.append(HOLES[i])
            taken_seeds.append(self.holes[i])
            self.holes[i] = 0
            self.captured[player] += taken_seeds[-1]
            self._frame("capture", HOLES[i])
        if taken:
            events.append({"type": "capture", "player": player, "holes": taken,
                           "seeds": taken_seeds, "total": sum(taken_seeds)})

        self.to_move = (player + 1) % self.num_players
        key = self._key()
        self.seen[key] = self.seen.get(key, 0) + 1
        reason = self.end_reason
        if reason:
            events.append({"type": "end", "reason": reason, "winner": self.winner,
                           "captured": list(self.captured)})
        return events

    def _copy(self):  # faster than the generic copy: this runs in every playout
        child = State.__new__(State)
        child.game = self.game
        child.holes = self.holes[:]
        child.captured = self.captured[:]
        child.to_move = self.to_move
        child.seen = dict(self.seen)
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "bakuk", "players": self.num_players, "holes": list(self.holes),
            "captured": list(self.captured), "current_player": self.current_player,
            "terminal": self.is_terminal, "winner": self.winner,
            "to_move": self.to_move, "end_reason": self.end_reason,
            "owners": [self._owner(i) for i in range(6)], "seen": dict(self.seen),
        }

    def _observe(self, player) -> dict:
        view = self.to_json()
        del view["seen"]  # the page needs the board, not the position history
        return view

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
        state.holes = validate.wholes(data["holes"], 6)
        state.captured = validate.wholes(data["captured"], game.num_players)
        state.to_move = validate.whole(data["to_move"])
        seen = data["seen"]
        if not isinstance(seen, dict):
            raise ValueError("the position history must be an object")
        state.seen = {str(k): validate.whole(v) for k, v in seen.items()}
        if data.get("players", game.num_players) != game.num_players:
            raise ValueError("the number of players does not match the game")
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
        if self.seen.get(self._key(), 0) < 1 or min(self.seen.values()) < 1:
            raise ValueError("the position history does not include this position")
        for key in self.seen:
            board, _, player = key.partition("/")
            holes = board.split(",")
            numbers = [core.ascii_number(x, max_digits=2) for x in (*holes, player)]
            if len(holes) != 6 or None in numbers:
                raise ValueError(f"not a position: {key!r}")


class Game(core.Game):
    id = "bakuk"
    State = State
    OPTIONS = {"players": ((2, 3), 2)}
    SEAT_OPTION = "players"
    SCORE_COUNTS = "seeds_captured"

    def seat_facts(self) -> list:
        n = self.num_players
        return [{"player": p, "name": {"key": f"bakuk.player.{n}.{p}", "params": {}},
                 "symbols": [self.SYMBOLS[p]], "colours": [], "side": p} for p in range(n)]
