"""The protocol every Ludoteca game follows.

A *game* (`Game`) is a rule book with its options fixed; a *state* (`State`) is a position
in it. States are values: `apply` returns a new state and never changes the one it was
called on. Moves are strings in each game's notation (``shared/rules/*.md``).

The design follows OpenSpiel's Game/State split (explicit chance nodes, per-player
observations) and python-chess's notation-first API (moves as strings, clear errors).
"""

from __future__ import annotations

import copy
import random

CHANCE = -1
"""`State.current_player` at a chance node (a throw of the beans)."""


class LudotecaError(ValueError):
    """Base of every error the rules raise.

    `code` names the error for the page, which translates it; `params` are the facts the
    message needs. The English `str()` is for developers and logs.
    """

    def __init__(self, message: str, code: str = "error", **params):
        super().__init__(message)
        self.code = code
        self.params = params

    def to_json(self) -> dict:
        return {"code": self.code, "message": str(self), "params": self.params}


class IllegalMoveError(LudotecaError):
    """A move that is not legal in this state (garbage, out of turn, against a rule)."""


class OptionError(LudotecaError):
    """A bad game option, or a corrupt state, record or link that cannot be loaded."""


def int_list(value, length=None) -> list:
    """`value` as a list of ints, for reading saved states; anything else is corrupt."""
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ValueError(f"expected a list of whole numbers, got {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"expected {length} numbers, got {len(value)}")
    return list(value)


def plain_int(value) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def check_move_type(move) -> str:
    if not isinstance(move, str):
        raise IllegalMoveError(
            f"a move must be a string, not {type(move).__name__}", "not_a_string"
        )
    return move


class Game:
    """A rule book with fixed options. Subclasses set `id`, `OPTIONS` and `State`."""

    id = ""
    State: type = None
    OPTIONS: dict = {}
    """option name -> (allowed values, default)."""

    def __init__(self, **options):
        self.options = self._check_options(options)

    def _check_options(self, options: dict) -> dict:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise OptionError(
                f"{self.id}: unknown option {unknown[0]!r}", "unknown_option",
                game=self.id, option=unknown[0],
            )
        checked = {}
        for name, (allowed, default) in self.OPTIONS.items():
            value = options.get(name, default)
            # type-exact: 2.0 or True must not pass for 2 or 1
            if not any(type(value) is type(ok) and value == ok for ok in allowed):
                raise OptionError(
                    f"{self.id}: option {name}={value!r} is not one of {list(allowed)}",
                    "bad_option", game=self.id, option=name, value=repr(value),
                    allowed=list(allowed),
                )
            checked[name] = value
        return checked

    @property
    def num_players(self) -> int:
        return self.options.get("players", 2)

    @classmethod
    def describe_options(cls) -> dict:
        """The options a person can choose, for set-up forms: name -> values, default."""
        return {name: {"values": list(allowed), "default": default}
                for name, (allowed, default) in cls.OPTIONS.items()}

    def initial_state(self) -> State:
        return self.State(self)

    def state_from_json(self, data) -> State:
        """Rebuild a state from `State.to_json()`; corrupt data raises `OptionError`."""
        if not isinstance(data, dict) or data.get("game") != self.id:
            raise OptionError(f"not a saved {self.id} state", "corrupt_state", game=self.id)
        try:
            state = self.State._from_json(self, data)
            state._validate()
        except OptionError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise OptionError(
                f"corrupt {self.id} state: {exc}", "corrupt_state", game=self.id
            ) from None
        return state

    def __repr__(self):
        return f"<{type(self).__name__} {self.options}>"


class State:
    """A position. Subclasses implement the underscored hooks; the public API is here."""

    # Where a move splits into the steps a person builds it from (see `extensions`):
    # a step ends before each of BREAK_BEFORE and after each of BREAK_AFTER.
    BREAK_BEFORE = "-"
    BREAK_AFTER = ":"

    def __init__(self, game: Game):
        self.game = game
        self.events: list = []

    # --- hooks for subclasses -------------------------------------------------------
    @property
    def current_player(self):
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_moves(self) -> list:
        raise NotImplementedError

    def _play(self, move: str) -> list:
        """Change *this* (fresh copy of the) state by a legal move; return its events."""
        raise NotImplementedError

    def returns(self) -> list:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    @classmethod
    def _from_json(cls, game: Game, data: dict) -> State:
        raise NotImplementedError

    def _validate(self) -> None:
        """Raise ValueError if a state loaded from JSON is impossible."""

    # --- the protocol ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    def is_legal(self, move) -> bool:
        return isinstance(move, str) and move in self.legal_moves()

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] at a chance node, else []."""
        return []

    def apply(self, move) -> State:
        """Return the state after `move`; this state is left as it was.

        Raises `IllegalMoveError` (with a readable message) for anything not legal here.
        """
        check_move_type(move)
        if self.is_terminal:
            raise IllegalMoveError("the game is over", "game_over", move=move)
        if not self.is_legal(move):
            raise self._why_illegal(move)
        child = self._copy()
        child.events = child._play(move)
        return child

    def partial_facts(self, partial: str) -> dict:
        """Facts of a move being built that the page shows (Buku: the pieces still in
        hand), so the page never works out a rule itself. {} when there are none."""
        return {}

    def remembered(self, events: list) -> list:
        """The events of a past move as the page may keep them. Games with hidden facts
        drop what everyone saw only for a moment (a Bolonki piece flipped face down again)."""
        return events

    def _why_illegal(self, move: str) -> IllegalMoveError:
        """The error for a move `is_legal` refused; games override it to name the rule."""
        return IllegalMoveError(f"{move!r} is not a legal move here", "illegal_move", move=move)

    def _copy(self) -> State:
        child = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (list, dict, set)):
                setattr(child, name, copy.deepcopy(value))
        return child

    def extensions(self, partial: str = "") -> list:
        """Legal next steps of a move built in steps: [(longer_partial, is_complete)].

        `is_complete` says the longer partial is itself a legal move (it may still be
        extended, as a Bolonki jump chain can). Derived from `legal_moves()`; games whose
        moves can't be listed (Buku) override it.
        """
        check_move_type(partial)
        if self.is_terminal:
            return []
        legal = set(self.legal_moves())
        found = {}
        for move in legal:
            if move.startswith(partial) and move != partial:
                step = self._next_step(move, len(partial))
                found[step] = step in legal
        return sorted(found.items())

    def _next_step(self, move: str, start: int) -> str:
        for i in range(start, len(move)):
            if move[i] in self.BREAK_AFTER:
                return move[: i + 1]
            if move[i] in self.BREAK_BEFORE and i > start:
                return move[:i]
        return move

    def observation(self, player=None) -> dict:
        """What `player` may see (None: a spectator). Games with hidden facts override."""
        return self.to_json()

    def __repr__(self):
        return f"<{type(self).__name__} {self.to_json()}>"


def returns_by_score(scores: list) -> list:
    """+1 to a unique top scorer, 0 to those sharing the top, -1 to the rest."""
    top = max(scores)
    leaders = scores.count(top)
    return [(1 if leaders == 1 else 0) if s == top else -1 for s in scores]


def sample_chance(state: State, rng: random.Random) -> str:
    """Draw a chance outcome of `state` with its probabilities."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalMoveError("this is not a chance node", "not_chance")
    x = rng.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]
