"""The `Lab` capability: the class's labs — the fairness lab (`ludoteca.fairness`: many
games between computer players, to ask whether the game is fair) and the bean lab
(`ludoteca.bean_lab`, for a game that throws beans).

A game with labs inherits it beside `GameSpec`. The defaults fit any game with a
``beginner`` or ``casual`` level: every option may change, one configuration ships, a fair
game gives each player the same share.
"""

from __future__ import annotations

from ..core import CHANCE, OptionError, sample_chance

LAB_BUDGET = 3600.0
"""The seconds a lab player is given for a move: never reached by a level that thinks a
fixed amount (its clock only guards against a runaway)."""


class Lab:
    """The fairness lab's hooks and the bean lab of one game."""

    bean_lab = None
    """The game's bean lab (`ludoteca.bean_lab`), or None when it throws no beans: a module
    with ``facts()`` (the beans, their falls, ``faces``: per count of marked faces up its
    value, ways and chance, and ``bias_examples``), ``faces()``, ``biased(marked_up)`` (each
    count's chance with beans that land marked face up that often) and ``throw(rng)`` (one
    throw as the game draws it: the marked faces up)."""

    @property
    def lab_levels(self) -> tuple:
        """The levels the lab may seat: those that think a fixed amount (a fixed depth or a
        fixed number of samples), never for a time, so a result is the same on any
        machine — by default the game's ``beginner`` and ``casual``."""
        return tuple(level for level in ("beginner", "casual") if level in self.levels)

    @property
    def lab_level(self) -> str:
        """The level at every seat of the shipped results: the strongest lab level."""
        return self.lab_levels[-1]

    lab_compare: tuple = ()
    """The options the lab's comparison lays out side by side: (rows[, columns])."""

    def lab_option_names(self) -> tuple:
        """The options the class may change in the lab: by default every option."""
        return tuple(self.Game.describe_options())

    def lab_configs(self) -> list:
        """``[(options, games)]``: the configurations whose results ship with the game
        (``python3 build.py fairness``), each with the number of games it gets."""
        return [({}, 2400)]

    def lab_fair_share(self, game) -> float:
        """The share of the games somebody won that the first player wins when the game is
        fair: one in each player (a side, in team play)."""
        return 1 / game.num_players

    def lab_player(self, game, player: int, level: str, seed, data):
        """The computer player of a lab seat."""
        if level not in self.lab_levels:
            raise OptionError(f"{self.id}: the lab does not seat {level!r}", "bad_level",
                              level=repr(level))
        return self.levels[level](game, player, seed, data)

    def lab_game(self, game, levels: list, rng, data) -> tuple:
        """One game of the lab between `levels` (one per seat), every throw and choice
        drawn from `rng`: ``(returns, moves)`` (moves: the players', throws not counted).
        After each move the computer seats may act out of turn, as at the table."""
        state = game.initial_state()
        # whole-number seeds: a float's hash, which seeds from it, differs in 32-bit Pyodide
        bots = [self.lab_player(game, p, level, rng.getrandbits(48), data)
                for p, level in enumerate(levels)]
        moves = 0
        while not state.is_terminal:
            player = state.current_player
            if player == CHANCE:
                move = sample_chance(state, rng)
            else:
                move = bots[player].choose(state, LAB_BUDGET)
                moves += 1
            state = state.apply(move)
            for bot in bots:
                bot.observe(move, state.events)
            if player != CHANCE and not state.is_terminal and state.current_player != CHANCE:
                for offset in range(state.num_players):  # a reaction: a Bolonki challenge
                    seat = (state.current_player + offset) % state.num_players
                    reaction = bots[seat].react(state)
                    if reaction is not None and state.is_legal(reaction):
                        state = state.apply(reaction)
                        moves += 1
                        for bot in bots:
                            bot.observe(reaction, state.events)
                        break
        return state.returns(), moves

    def lab_exact(self, game, data):
        """The solved value of the start with perfect play, when the game has one:
        ``{"kind", "value", "winner"}`` (`data`: the data files loaded), else None."""
        return None
