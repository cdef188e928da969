"""The rules capability every game has: its `GameSpec`, what shared code asks of any game —
its rules, computer levels, place on the home page, rules panel, rule sets, longest game,
data files, fast random playout, and the conformance suite's checks.

A game's other capabilities (`spec.Teaching`, `spec.SetUp`, `spec.Lab`) are classes it
inherits beside this one; shared code asks `GameSpec.has` whether it has one.
"""

from __future__ import annotations

from ..core import CHANCE, OptionError, sample_chance
from .analyst import Analyst


class GameSpec:
    """One game as shared code sees it. Subclasses set the attributes and override hooks."""

    id = ""
    Game = None  # the rules: a `core.Game` subclass
    Analyst = Analyst  # the analysis: an `Analyst` subclass
    levels: dict = {}  # computer level name -> Bot class, weakest first
    rules_sections: tuple = ()  # the rules panel's sections, in order (i18n rules.<id>.<section>)
    order = 100  # place on the home page: lower first

    rule_set_option = None
    """The option that chooses among the game's rule sets (Bul's ``"variant"``), else None.
    The rules panel offers its values and shows, besides the shared sections, the section
    of the chosen rule set and of its family (`rule_set_families`); a value of another
    option may be allowed only under some rule sets (`registry.enablers`)."""

    def rule_set_families(self) -> dict:
        """Each rule set (a value of `rule_set_option`, in the game's order) -> its family,
        whose rules section it shares (i18n ``rules.<id>.<family>``); {} without rule sets."""
        return {}

    max_moves = None
    """The most moves (throws included) a game may take by its rules, or None when the
    rules set no bound (a game that ends on a repeated position). Every bound is within
    `limits.MAX_GAME_MOVES`, the engine's cut (tests/unit/test_limits.py checks it)."""

    data_files: dict = {}
    """Files of the game's page folder its analysis or bots may use, fetched only when
    needed: name -> path in the site (e.g. ``"games/bakuk/data/bakuk2.bin.gz"``)."""

    def has(self, capability) -> bool:
        """Whether the game opts into `capability` (`spec.Teaching`, `spec.SetUp`,
        `spec.Lab`): whether its spec inherits it."""
        return isinstance(self, capability)

    def load_data(self, name: str, raw: bytes):
        """The object the engine keeps for data file `name` (its bytes as fetched)."""
        raise OptionError(f"{self.id} has no data file {name!r}", "bad_request", op="?")

    def random_playout(self, state, rng) -> tuple:
        """The game played on from `state` to its end by random players — each move drawn as
        the ``beginner`` level draws it, each throw with its odds — as fast as the game's
        kernel allows: ``(returns, plies)``. What the benchmarks time, and what a fast
        estimate of a position can sample. This default plays through `State.apply`; a game
        overrides it with its kernel's own loop, which must draw the same moves."""
        beginner = self.levels["beginner"]
        bots = [beginner(state.game, p, rng.random()) for p in range(state.num_players)]
        plies = 0
        while not state.is_terminal:
            player = state.current_player
            move = (sample_chance(state, rng) if player == CHANCE
                    else bots[player].choose(state, 0.01))
            state = state.apply(move)
            plies += 1
        return state.returns(), plies

    def seat_data(self, game, seats: list):
        """The name of a data file a computer seat plays by (Bakuk's ``perfect``), else
        None: the page fetches it as soon as such a seat sits at the table."""
        return None

    # --- the conformance suite (tests/conformance.py) asks these -----------------------
    def check_frames(self, state, move, child, frames) -> None:
        """Raise AssertionError unless `frames` (of `move` from `state` to `child`) step
        through the move as the rules do (a seed per frame, a hop per frame...)."""

    def check_observations(self, game, observations) -> None:
        """Raise AssertionError if an observation or frame shows a hidden fact."""

    def check_remembered(self, events) -> None:
        """Raise AssertionError if events kept for the move log show a hidden fact."""

    def shuffled_hidden(self, state, rng):
        """The same position with its hidden facts shuffled (each player's observation
        must not change), or None when the game hides nothing or the shuffle is not a
        position."""
        return None

    def __repr__(self):
        return f"<GameSpec {self.id}>"
