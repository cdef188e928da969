"""The protocol every Ludoteca game follows.

A *game* (`Game`) is a rule book with its options fixed; a *state* (`State`) is a position
in it. States are values: `apply` returns a new state and never changes the one it was
called on. Moves are strings in each game's notation (``docs/rules/*.md``).

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


def ascii_number(text: str, max_digits: int = 6):
    """The whole number written in `text` with ASCII digits only, else None.

    Moves are typed by people and pasted from links: ``str.isdigit`` also accepts "²" or
    Arabic-Indic digits, which `int` then refuses, and thousands of digits make `int` slow or
    raise. Notation never needs more than a few digits, so anything longer is no number."""
    if not (isinstance(text, str) and 0 < len(text) <= max_digits and text.isascii()
            and text.isdigit()):
        return None
    return int(text)


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
    SEAT_OPTION = None
    """The option that decides how many players sit at the table (None: always the same)."""
    SCORE_COUNTS = "score"
    """What `State.scores` counts, as an id the page translates."""
    SYMBOLS = ("circle", "triangle", "square", "diamond")
    """Symbol ids per player, so colour is never the only signal (the page draws them)."""

    def __init__(self, /, **options):  # "/": an option may be named "self"; it is refused
        self.options = self._check_options(options)

    def _check_options(self, options: dict, table=None) -> dict:
        """`options` checked against `table` (default `OPTIONS`): names outside it are
        unknown, values outside its allowed ones refused; absent ones get the default."""
        table = self.OPTIONS if table is None else table
        unknown = sorted(set(options) - set(table))
        if unknown:
            raise OptionError(
                f"{self.id}: unknown option {unknown[0]!r}", "unknown_option",
                game=self.id, option=unknown[0],
            )
        checked = {}
        for name, (allowed, default) in table.items():
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

    def seat_facts(self) -> list:
        """Who sits at the table, per player: ``name`` (a message: an i18n ``key`` and
        ``params``, a param itself a message or a number), ``symbols`` (ids), ``colours``
        (the rules' colours of the player, ids) and ``side``."""
        return [{"player": p, "name": {"key": f"{self.id}.player.{p}", "params": {}},
                 "symbols": [self.SYMBOLS[p]], "colours": [], "side": p}
                for p in range(self.num_players)]

    def side_names(self) -> list:
        """The name of each side (the ``side`` of `seat_facts`), as messages: by default
        every player is a side of his own."""
        return [fact["name"] for fact in self.seat_facts()]

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
        return isinstance(move, str) and move in self._legal_set()

    # A state is a value, so what is derived from it can be kept: one answer of the page
    # asks for the legal moves and steps several times. `_apply` clears both on the child.
    _legal_memo = None  # frozenset of legal_moves(), or None
    _steps_memo = None  # partial -> extensions(partial), or None

    def _legal_set(self) -> frozenset:
        if self._legal_memo is None:
            self._legal_memo = frozenset(self.legal_moves())
        return self._legal_memo

    def chance_outcomes(self) -> list:
        """[(outcome, probability)] at a chance node, else []."""
        return []

    def apply(self, move) -> State:
        """Return the state after `move`; this state is left as it was.

        Raises `IllegalMoveError` (with a readable message) for anything not legal here.
        """
        return self._apply(move, None)

    def apply_with_frames(self, move) -> tuple:
        """(the state after `move`, its *frames*): the observation after each step of the
        move (a seed sown, a piece laid, a capture...), as ``{"kind", "at", "observation"}``
        dicts, for the page to animate by drawing them in turn. They come from the real
        transition (`_play` calls `_frame` as it goes) and are observations, so they hide
        what observations hide. The last frame's observation is the new state's."""
        frames = []
        child = self._apply(move, frames)
        final = child.observation(None)
        if frames:
            frames[-1]["observation"] = final  # the last step ends the move (and the turn)
        else:
            kind = child.events[0]["type"] if child.events else "move"
            frames.append({"kind": kind, "at": None, "observation": final})
        return child, frames

    def _apply(self, move, frames):
        check_move_type(move)
        if self.is_terminal:
            raise IllegalMoveError("the game is over", "game_over", move=move)
        if not self.is_legal(move):
            raise self._why_illegal(move)
        child = self._copy()
        child._legal_memo = child._steps_memo = None
        child._frames = frames
        try:
            child.events = child._play(move)
        finally:
            child._frames = None
        return child

    _frames = None  # the frames list while `apply_with_frames` runs, else None

    def _frame(self, kind: str, at=None, **shown) -> None:
        """Record the observation now as a frame of the move being played (only when
        frames are asked for: bots apply moves by the thousand). `shown` overrides
        observation fields for what the state does not hold mid-move (a unit on its way)."""
        if self._frames is not None:
            observation = self.observation(None)
            observation.update(shown)
            self._frames.append({"kind": kind, "at": at, "observation": observation})

    def step_facts(self, partial: str, steps: list) -> dict:
        """{step: facts} for the offered `steps` of `partial` (what each one is: a value,
        a unit, a square...), so the page never parses notation. {} when none."""
        return {}

    def targets(self, partial: str) -> dict:
        """What a click on each element of the board would ask, as a step: ``{element:
        step}`` for the elements the game's view draws (a hole, a square, a line, a unit),
        whether that step is legal now or not — so the page asks the engine why a refused
        click is refused, and never writes notation itself. Offered steps are in
        `extensions`; {} when the board has no such elements."""
        return {}

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
        moves can't be listed (Buku) override `_extensions`. Kept per state and partial.
        """
        check_move_type(partial)
        if self._steps_memo is None:
            self._steps_memo = {}
        if partial not in self._steps_memo:
            if len(self._steps_memo) > 64:  # a person builds one move at a time
                self._steps_memo.clear()
            self._steps_memo[partial] = self._extensions(partial)
        return list(self._steps_memo[partial])

    def _extensions(self, partial: str) -> list:
        """`extensions` itself (memoised above); games whose moves can't be listed
        override this."""
        legal = self._legal_set()  # empty once the game is over
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
        """What `player` may see (None: a spectator): `_observe`, plus `public_facts`."""
        view = self._observe(player)
        view.update(self.public_facts())
        return view

    def _observe(self, player) -> dict:
        """The state as `player` may see it. Games with hidden facts override."""
        return self.to_json()

    def public_facts(self) -> dict:
        """Facts every observation carries so the page computes no rule: ``end_reason``,
        ``scores`` (per player, what the score panel shows), ``score_counts`` (what they
        count, an id), ``seat_facts`` and ``side_names`` (the game's `Game.seat_facts` and
        `Game.side_names`). Games add their own."""
        return {"end_reason": self.end_reason, "scores": self.scores(),
                "score_counts": self.game.SCORE_COUNTS, "seat_facts": self.game.seat_facts(),
                "side_names": self.game.side_names()}

    end_reason = None
    """Why the game ended (an id the page translates), None while it goes on."""

    def scores(self) -> list:
        """The number shown for each player in the score panel."""
        return [0] * self.num_players

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
    return draw(outcomes, rng)


def draw(outcomes, rng: random.Random) -> str:
    """One of `outcomes` ([(outcome, probability)]) drawn with its probability, by one call
    of ``rng.random()`` (a kernel that draws for itself calls this too: the same games)."""
    x = rng.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]
