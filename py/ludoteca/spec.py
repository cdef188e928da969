"""What shared code asks of a game: its `GameSpec` and its `Analyst`.

A game is one package, ``ludoteca/games/<id>/``, whose ``__init__`` exports ``SPEC``, an
instance of a `GameSpec` subclass (the registry finds it there). Shared code — the facade
(`ludoteca.web`), the review (`ludoteca.analysis.review`), the build's catalogue, the
conformance suite — never compares a game's id: it asks these hooks. Each hook has a
default that fits a game without the feature, so a game overrides only what it has.

The model is python-chess's variants (small classes with flags and hooks) and OpenSpiel's
one-file game registered once.
"""

from __future__ import annotations

import importlib

from .core import CHANCE, OptionError, sample_chance

LAB_BUDGET = 3600.0
"""The seconds a lab player is given for a move: never reached by a level that thinks a
fixed amount (its clock only guards against a runaway)."""


class Analyst:
    """The computer's explanations of one game (DESIGN.md, "Analysis"), holding the caches
    of whoever owns it — a session or a bot — and never module-wide ones.

    `data` is the engine's data files as loaded so far (name -> object, e.g. Bakuk's
    solved table); it is read when needed, so a file fetched later is used from then on.
    """

    def __init__(self, game, data=None):
        self.game = game
        self.data = {} if data is None else data

    def kind(self, state) -> str:
        """The scale of every value: ``"margin"``, ``"win_chance"`` or ``"score"``."""
        raise NotImplementedError

    def analyse(self, state, budget=None, **context) -> dict:
        """The analysis of a position that is not over (``ludoteca.analysis``)."""
        raise NotImplementedError

    def in_game(self, states, moves, ply, budget=None) -> dict:
        """The analysis of ``states[ply]`` within the game so far, for the review and the
        hint: by default the position alone. A game whose analysis reads the history
        (Bolonki: what everyone saw) or values the move made there (Buku: one of millions)
        overrides this."""
        return self.analyse(states[ply], budget)

    def outlook(self, state, analysis):
        """Where the game is heading for the review's graph, from player 0's (side A's)
        view, on the analysis' scale; at the end, the result on that scale. None when the
        game cannot be put on one scale."""
        return None

    def notes(self, states, moves, ply, analysis) -> dict:
        """What the review adds for this game at ``ply``, besides grades and luck:
        ``note`` (a message about the move made there, ``moves[ply]``, shown once the
        replay stands after it) and ``moments`` (``[{"ply", "weight", "tone", "message"}]``:
        key moments the review lists, heaviest first; ``ply`` is the position a click
        shows). Messages are ``{key, params}`` the page translates. Other fields are the
        game's own facts, for tests and tools."""
        return {}

    def needs(self):
        """The name of a data file (`GameSpec.data_files`) that would make this analysis
        exact and is not loaded yet, else None."""
        return None


class GameSpec:
    """One game as shared code sees it. Subclasses set the attributes and override hooks."""

    id = ""
    Game = None  # the rules: a `core.Game` subclass
    Analyst = Analyst  # the analysis: an `Analyst` subclass
    levels: dict = {}  # computer level name -> Bot class, weakest first
    rules_sections: tuple = ()  # the rules panel's sections, in order (i18n rules.<id>.<section>)
    lesson_sections: dict = {}
    """The rules the lesson teaches: a short name -> the heading of its section in the
    game's normative rules file (``shared/rules/<id>.md``). Every one is taught by some step
    (`lessons.Step.teaches` names them)."""
    order = 100  # place on the home page: lower first

    data_files: dict = {}
    """Files of the game's page folder its analysis or bots may use, fetched only when
    needed: name -> path in the site (e.g. ``"games/bakuk/data/bakuk2.bin.gz"``)."""

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

    # --- teaching: the lessons and puzzles (`ludoteca.lessons`, `ludoteca.puzzles`) ------
    def lessons(self) -> tuple:
        """The steps of the game's lesson (`lessons.Step`), in order: each a position, a
        goal the engine checks on the person's move, a demonstration and the rules
        sections it teaches (every one of `lesson_sections` is taught by some step)."""
        return ()

    def puzzles(self) -> tuple:
        """The game's puzzles (dicts, see `ludoteca.puzzles`): by default those shipped in
        the module ``puzzle_set`` of its package (``PUZZLES``), which `make_puzzles` wrote
        (``python3 build.py puzzles``); none when there is no such module."""
        name = f"{type(self).__module__}.puzzle_set"
        try:  # imported when first asked for, not with the game: the engine starts sooner
            return importlib.import_module(name).PUZZLES
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            return ()

    def make_puzzles(self, data: dict) -> tuple:
        """The game's puzzles made from scratch and proven by its analysis (`data`: its
        data files, loaded), for ``python3 build.py puzzles`` to ship; () when the game
        makes its puzzles in `puzzles` itself."""
        return ()

    def prove_puzzle(self, puzzle: dict, data: dict) -> dict:
        """The proof of `puzzle` from scratch: ``{"best": [...], "values": {move: value}}``
        recomputed by the game's exact analysis (`data`: its data files, loaded), for the
        tests to compare with what is shipped."""
        raise NotImplementedError(f"{self.id} has no puzzles to prove")

    # --- the class's data ------------------------------------------------------------------
    bean_lab = None
    """The game's bean lab (`ludoteca.bean_lab`), or None when it throws no beans: a module
    with ``facts()`` (the beans, their falls, ``faces``: per count of marked faces up its
    value, ways and chance, and ``bias_examples``), ``faces()``, ``biased(marked_up)`` (each
    count's chance with beans that land marked face up that often) and ``throw(rng)`` (one
    throw as the game draws it: the marked faces up)."""
    # --- the fairness lab (`ludoteca.fairness`) -----------------------------------------
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

    # --- the set-up mode: a teacher places the pieces (`ludoteca.editor`) --------------
    editing = None
    """The game's set-up module, or None when it has no set-up mode. It holds ``TOOLS``
    (the tools a click on the board edits with: strings ``<id>.setup.tool.<name>``) and
    functions of the game and a draft (a state's JSON, maybe not legal yet):
    ``targets`` (the board elements a click edits, named as the view's steps), ``edit(game,
    draft, tool, target)`` and ``choose(game, draft, name, value)`` (new drafts, the draft
    never changed), ``choices`` (what the teacher chooses beside the board: name -> its
    values, strings ``<id>.setup.choice.<name>``), ``problems`` (why the draft is not a
    legal position, as messages; [] when it is) and ``state`` (the state of a legal draft);
    optionally ``chosen`` (each choice's value, by default the draft's field of that name)
    and ``observation`` (the board drawn from a draft, by default its state's)."""

    @property
    def setup_tools(self) -> tuple:
        return tuple(self.editing.TOOLS) if self.editing else ()

    def setup_targets(self, game, draft: dict) -> list:
        return self.editing.targets(game, draft)

    def setup_edit(self, game, draft: dict, tool: str, target: str) -> dict:
        return self.editing.edit(game, draft, tool, target)

    def setup_choices(self, game, draft: dict) -> dict:
        return self.editing.choices(game, draft)

    def setup_choose(self, game, draft: dict, name: str, value) -> dict:
        return self.editing.choose(game, draft, name, value)

    def setup_chosen(self, game, draft: dict) -> dict:
        if hasattr(self.editing, "chosen"):
            return self.editing.chosen(game, draft)
        return {name: draft.get(name) for name in self.setup_choices(game, draft)}

    def setup_problems(self, game, draft: dict) -> list:
        return self.editing.problems(game, draft)

    def setup_state(self, game, draft: dict):
        return self.editing.state(game, draft)

    def setup_observation(self, game, draft: dict) -> dict:
        if hasattr(self.editing, "observation"):
            return self.editing.observation(game, draft)
        return game.State._from_json(game, draft).observation(None)

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
