"""The Bul family (Boolik, Bu'ul, Puluc and Verbeeck's five Mopan rule sets): a Maya race
and war game on a road of rows between two bases, moved by a throw of four beans.

Normative rules: ``docs/rules/bul.md``. One engine plays all eight rule sets: each is a
row of flags (`kernel.RULE_SETS`), and the kernel asks them at the few points where the
rule sets differ (what happens at the far end, after a capture, at home, on the fire...).
The kernel (`kernel`) states the beans, the road and every move; this module is the
protocol round it: notation, errors that say why, what the page is told, JSON.

Options
-------
``variant``: ``boolik``, ``buul``, ``puluc`` (default), ``aj-sayil``, ``aj-tiwil``,
``aj-sinaanil``, ``aj-sakalil``, ``a-kaakil``. ``length``: 9, 11, 13, 15, 20 or 21 rows;
``None`` (default) means the variant's own default, and ``game.options`` holds the
resolved number. ``team_size``: 1 (default) or 2 (Verbeeck rule sets only: 4 players,
0 and 2 against 1 and 3, turns 0, 2, 1, 3).

Notation (section 7)
--------------------
Throws ``"1"``..``"5"``. One-throw rule sets: ``"enter"``, ``"<row>"``, ``"pass"``.
Two-throw rule sets: ``"<value>:enter"``, ``"<value>:<row>"``, ``"<value>:<row>b"``
(backward capture, ``aj-sinaanil``), ``"pass"``; with teams every unit move names the
unit's controller: ``"<value>:<row>@<player>"``.

JSON view (``to_json``)
-----------------------
``game``, ``variant``, ``length``, ``team_size``; ``units``: ``[{"row", "pieces", "heading"}]``
ordered by row, then by arrival (earliest first), ``pieces`` = owning player of each piece,
top first; ``base``, ``dead``, ``retired``: per player; ``throws``: values thrown this turn
and not used yet; ``current_player`` (-1 at a throw, null at the end), ``terminal``,
``winner`` (side 0/1 or null). Also: ``to_move`` (the player whose turn it is, also while
his throws are pending), ``throws_pending`` (throws still to come this turn: 2, 1 or 0),
``fire`` (the burning rows, ``a-kaakil`` only, else ``[]``), ``players``, ``turns`` (turns
completed), ``max_turns`` (`MAX_TURNS`: the game ends after so many turns) and
``end_reason`` (null, or the ``end`` event's reason), ``thrown`` (every value thrown this
turn, used or not, in the order thrown) and ``last_turn`` (null, or the turn before:
``{"player", "thrown"}``).

Observation (``observation``): ``to_json`` plus what the page shows without computing
it, and core's public facts (``scores``: per player, his side's ``taken``;
``score_counts`` = ``"enemy_men_dead"``; ``seat_facts``, each with its ``side``;
``side_names``):

- ``throws_per_turn``; ``rule_family`` (``"maya"`` or ``"verbeeck"``); ``taken`` (enemy
  men dead, per side);
- the beans: ``beans`` (how many a throw has), ``falls`` (how many equally likely ways
  they fall) and ``throw_odds`` (`throw_odds`: per value its marked faces, the falls that
  give it, their number and its probability);
- ``turn_throws``: this turn's throws, ``[{"value", "marks", "used"}]`` in the order
  thrown (``used``: already played, or lost); ``last_throws``: null, or the turn before's
  ``{"player", "values", "marks"}``;
- ``sides``: per side ``{"side", "players", "base_row", "far_row", "out_direction"}`` —
  its players, its base's row, the row of the enemy base, and +1 if its units heading
  out go toward higher rows, -1 if toward lower ones;
- ``unit_facts``: per unit of ``units`` (same order), ``{"side", "direction"}`` — its
  controller's side and the way it travels next (+1 toward higher rows, -1 lower);
- ``men_on_road``: per player, his men in units on the road;
- ``moving``: null; in a frame, the unit on its way: ``{"row", "pieces", "heading",
  "side", "direction"}``.

Step facts (`step_facts`): ``value``, ``enter``, ``unit`` and ``pass`` steps; partial facts
(`partial_facts`): the value chosen first (``{"value"}``). Targets
(`targets`): what a click on the mover's base (``"base:<player>"``) or on a unit of his
side (``"unit:<row>@<controller>"``) would ask. Frames of a move: ``lift`` (a unit leaves
its row), ``pass-row`` per row passed, then ``land``, ``capture``, ``burn``, ``home``,
``dissolve`` or ``free-captives``; a throw or a pass is one frame.

Events (``State.events`` after a move; every field is plain JSON)
----------------------------------------------------------------
- ``throw``: player (whose turn), value, index (0 first throw of the turn, 1 second).
- ``enter``: player, value, from (his base row), to (landing row), path (rows passed,
  landing included), heading.
- ``move``: player (who moves), controller (owner of the unit's top piece), value, from,
  to (landing row; the base row when it gets home or off the far end), path (rows
  passed in order, a bounce included), heading (after the move, a capture's turn
  included), backward (a Scorpion backward capture), bounce (turned at the wall or the
  far camp during this move).
- ``capture``: player, controller, row, captured (the pieces taken, top first),
  pieces (the new pile, top first; ``[]`` in ``aj-tiwil``), heading.
- ``rescue``: controller, row, pieces (players whose men, held captive, are now
  companions of the captor).
- ``burn``: row, pieces (every piece of the unit, all dead).
- ``retire``: player (the T'iwil captor), row, prey (players of the dead prey).
- ``home``: player (controller), row (his base row), pieces (the whole unit, top first),
  returned (players whose men go back to their base), discarded (players whose men die).
- ``dissolve``: as ``home``, for a unit leaving at the far end (``puluc``, ``buul``,
  ``aj-sakalil``); row is the far base row.
- ``discard``: row, pieces (players whose men die there; follows home/dissolve).
- ``free``: row, pieces (companions going back to their owners' bases; follows
  home/dissolve).
- ``free-captives``: side, pieces (``[{"row", "player"}]``: men of ``side`` freed from
  every enemy pile back to their bases, ``buul``).
- ``pass``: player, lost (the thrown values left unused).
- ``end``: winner (side or null), reason (``"no_free_men"``, ``"eagle_count"`` or
  ``"turn_limit"``: `MAX_TURNS` turns were played; the side that took more men wins),
  taken (enemy men dead, per side).
"""

from __future__ import annotations

from ... import core, validate
from . import kernel
from .kernel import (
    BEANS,
    FALLS,
    HOME,
    LENGTHS,
    MAX_TURNS,
    MEN_PER_PLAYER,
    OUT,
    RULE_SETS,
    THROW_ACTIONS,
    THROW_OUTCOMES,
    RuleSet,
    marks_up,
    throw_value,
)


def throw_odds() -> list:
    """The bean throw's odds, for the page: per value, the marked faces up that give it,
    the falls of the beans that give it (per bean: marked face up), in how many of the
    equally likely falls it comes (``ways``), and its probability."""
    return [{"value": int(outcome), "marks": marks_up(int(outcome)),
             "falls": [list(f) for f in FALLS if throw_value(f) == int(outcome)],
             "ways": round(p * len(FALLS)), "probability": p} for outcome, p in THROW_OUTCOMES]


def _used(thrown: tuple, unused: list) -> list:
    """Per value of `thrown`, whether it is used: the values still in `unused` are the
    first ones thrown of each value."""
    left = list(unused)
    used = []
    for value in thrown:
        used.append(value not in left)
        if value in left:
            left.remove(value)
    return used


def _error(message: str, code: str, **params):
    return core.IllegalMoveError(message, code, **params)


class State(core.State):
    """A position: a `kernel` position (its attributes are listed there), played by the
    kernel. Units are tuples ``(row, pieces, heading)``, ``pieces`` a tuple of players top
    first, so a copy only needs new lists."""

    def __init__(self, game):
        super().__init__(game)
        players = game.num_players
        self.units = []
        self.base = [MEN_PER_PLAYER] * players
        self.dead = [0] * players
        self.retired = [0] * players
        self.throws = []
        self.thrown = ()  # this turn's values, used or not
        self.last_turn = None  # (player, values thrown) of the turn before
        self.throws_pending = game.rules.throws_per_turn
        self.to_move = 0
        self.finished = False
        self.turns = 0  # turns completed, up to MAX_TURNS
        self._actions = None  # legal moves of this state, built on demand

    # --- geometry -----------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def row_of(self, side: int, d: int) -> int:
        """The absolute row at distance `d` from `side`'s base."""
        return self.game.road.row_of(side, d)

    def distance(self, side: int, row: int) -> int:
        return self.game.road.distance(side, row)

    def destination(self, side: int, d: int, heading: str, value: int, backward=False):
        """`kernel.Road.destination`: ``(outcome, d, heading, path)`` or None."""
        return self.game.road.destination(side, d, heading, value, backward)

    # --- facts --------------------------------------------------------------------
    @property
    def current_player(self):
        if self.finished:
            return None
        return core.CHANCE if self.throws_pending else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.finished

    def side_of(self, player: int) -> int:
        return player % 2

    def players_of(self, side: int) -> list:
        return list(range(side, self.num_players, 2))

    def has_free_man(self, side: int) -> bool:
        """A free man: in the side's base or on top of a unit."""
        return kernel.has_free_man(self, side)

    def taken(self, side: int) -> int:
        """Enemy men dead: what `side` took (the T'iwil score)."""
        return kernel.taken(self, side)

    # --- what the page shows (see the module docstring) -----------------------------
    def scores(self) -> list:
        return [self.taken(p % 2) for p in range(self.num_players)]

    def public_facts(self) -> dict:
        rules, road = self.rules, self.game.road
        used = _used(self.thrown, self.throws)
        last = self.last_turn
        return {**super().public_facts(), "throws_per_turn": rules.throws_per_turn,
                "rule_family": "verbeeck" if rules.verbeeck else "maya",
                "taken": [self.taken(0), self.taken(1)], "throw_odds": throw_odds(),
                "beans": BEANS, "falls": len(FALLS),
                "turn_throws": [{"value": v, "marks": marks_up(v), "used": u}
                                for v, u in zip(self.thrown, used, strict=True)],
                "last_throws": None if last is None else {
                    "player": last[0], "values": list(last[1]),
                    "marks": [marks_up(v) for v in last[1]]},
                "sides": [{"side": side, "players": self.players_of(side),
                           "base_row": road.base_row[side], "far_row": road.far_row[side],
                           "out_direction": road.direction(side, OUT)} for side in (0, 1)],
                "unit_facts": [{"side": pieces[0] % 2,
                                "direction": road.direction(pieces[0] % 2, heading)}
                               for _, pieces, heading in self.units],
                "men_on_road": self._men_on_road(), "moving": None}

    def _men_on_road(self) -> list:
        men = [0] * self.num_players
        for _, pieces, _ in self.units:
            for p in pieces:
                men[p] += 1
        return men

    def step_facts(self, partial: str, steps: list) -> dict:
        """A value chip ``{"kind": "value", value}``, an entry ``{"kind": "enter", value,
        player, to}``, a unit ``{"kind": "unit", value, row, controller, backward, to,
        outcome}`` (outcome ``land``, ``home`` or ``exit``; ``to`` the landing row, or the
        base row reached), or ``{"kind": "pass"}``."""
        actions, road = self._action_map(), self.game.road
        facts = {}
        for step, _ in steps:
            action = actions.get(step)
            if action is None:  # "3:", the value chosen first in the Verbeeck rule sets
                value = core.ascii_number(step[:-1]) if step.endswith(":") else None
                if value is not None:
                    facts[step] = {"kind": "value", "value": value}
            elif action[0] == "pass":
                facts[step] = {"kind": "pass"}
            elif action[0] == "enter":
                player = self.to_move
                facts[step] = {"kind": "enter", "value": action[1], "player": player,
                               "to": road.entries[player % 2][action[1]][-1]}
            elif action[0] == "move":
                row, pieces, heading = self.units[action[2]]
                way = road.ways[row, pieces[0] % 2, heading, action[3]][action[1]]
                facts[step] = {"kind": "unit", "value": action[1], "row": row,
                               "controller": pieces[0], "backward": action[3],
                               "to": way.to, "outcome": way.outcome}
        return facts

    def partial_facts(self, partial: str) -> dict:
        """The value chosen first in the two-throw rule sets (``"3:"``): ``{"value": 3}``;
        {} for anything else."""
        value = core.ascii_number(partial[:-1]) if partial.endswith(":") else None
        return {"value": value} if value in self.throws else {}

    def targets(self, partial: str) -> dict:
        """What a click asks, per board element of the player to move's side: his base
        (``"base:<player>"``: an entry) and each unit of his side
        (``"unit:<row>@<controller>"``: moving it). In the two-throw rule sets the step
        names a value: the one chosen in `partial`, else the first one thrown; at a throw,
        before any value is known, none (the engine then says a throw is due)."""
        if self.finished:
            return {}
        player, team = self.to_move, self.game.team_size == 2
        side = player % 2
        found = {f"base:{player}": "enter"}
        for row, pieces, _ in self.units:
            if pieces[0] % 2 == side:
                found[f"unit:{row}@{pieces[0]}"] = f"{row}@{pieces[0]}" if team else str(row)
        value = partial[:-1] if partial.endswith(":") else (
            str(self.throws[0]) if self.throws else None)
        if self.rules.verbeeck and value is not None:
            found = {element: f"{value}:{step}" for element, step in found.items()}
        return found

    def _game_over(self) -> bool:
        return kernel.game_over(self)

    @property
    def end_reason(self):
        """None while the game goes on, else ``"no_free_men"``, ``"eagle_count"``
        (aj-tiwil) or ``"turn_limit"`` (MAX_TURNS turns played)."""
        return kernel.end_reason(self, self.game.road)

    @property
    def winner(self):
        return kernel.winner(self, self.game.road)

    def returns(self) -> list:
        return kernel.returns(self, self.game.road)

    def chance_outcomes(self) -> list:
        if self.finished or not self.throws_pending:
            return []
        return list(THROW_OUTCOMES)

    def controlled_by(self, player: int) -> list:
        """Indices of the units whose top piece is `player`'s."""
        return [i for i, unit in enumerate(self.units) if unit[1][0] == player]

    # --- legal moves --------------------------------------------------------------
    def legal_moves(self) -> list:
        return list(self._action_map())

    def is_legal(self, move) -> bool:
        return isinstance(move, str) and move in self._action_map()

    def _action_map(self) -> dict:
        """move string -> action (`kernel.actions`), in the kernel's order."""
        if self._actions is None:
            if self.throws_pending and not self.finished:
                self._actions = THROW_ACTIONS
            else:
                self._actions = {self._notation(a): a
                                 for a in kernel.actions(self, self.game.road)}
        return self._actions

    def _notation(self, action) -> str:
        kind = action[0]
        if kind == "pass":
            return "pass"
        if kind == "enter":
            text = "enter"
        else:
            row, pieces, _ = self.units[action[2]]
            text = str(row) + ("b" if action[3] else "")
            if self.game.team_size == 2:
                text += f"@{pieces[0]}"
        return f"{action[1]}:{text}" if self.rules.verbeeck else text

    # --- errors that say why ------------------------------------------------------
    def _why_illegal(self, move: str) -> core.IllegalMoveError:
        if self.throws_pending:
            return _error(f"{move!r}: a throw is due; its outcome is one of 1..5",
                          "bad_throw", move=move, allowed=list(THROW_ACTIONS))
        if move in THROW_ACTIONS and self.rules.verbeeck:
            return _error(f"{move!r}: the beans are already thrown", "not_a_throw_now",
                          move=move)
        if move == "pass":
            return _error("a thrown value can still be used: moving is compulsory",
                          "must_move", move=move)
        value_text, sep, rest = move.partition(":")
        if self.rules.verbeeck:
            if not sep or core.ascii_number(value_text) is None:
                return _error(f"{move!r} is not a move: use <value>:enter or <value>:<row>",
                              "bad_notation", move=move)
            if core.ascii_number(value_text) not in self.throws:
                return _error(f"{move!r}: {value_text} is not among the values thrown",
                              "no_such_value", move=move, throws=list(self.throws))
        else:
            rest = move
        if rest == "enter":
            player = self.to_move
            if not self.base[player]:
                return _error("no man left in the base", "base_empty", move=move)
            if self.rules.verbeeck and self.controlled_by(player):
                return _error("one movable man: bring your man home (or lose him) first",
                              "one_movable_man", move=move)
            return _error("entering would land on your own man", "blocked_by_own", move=move)
        row_text, at, controller = rest.partition("@")
        backward = row_text.endswith("b")
        row_text = row_text.removesuffix("b")
        team_notation = bool(at) and core.ascii_number(controller) is not None
        row = core.ascii_number(row_text)
        if (row is None or team_notation != (self.game.team_size == 2)
                or (backward and not self.rules.backward_capture)):
            return _error(f"{move!r} is not a move in this notation", "bad_notation", move=move)
        if backward:
            return _error(f"{move!r}: a backward move must capture and stay on the road",
                          "no_backward_capture", move=move)
        if any(u[0] == row for u in self.units):
            return _error(f"{move!r}: that unit may not move so (own man on the landing "
                          "square, no capture backward, or not yours)", "blocked", move=move)
        return _error(f"{move!r}: no unit you may move on row {row_text}", "no_unit_there",
                      move=move, row=row)

    # --- a move -------------------------------------------------------------------
    def _play(self, move: str) -> list:
        action = self._action_map()[move]
        self._actions = None
        frame = self._frame if self._frames is not None else None
        return kernel.play(self, self.game.road, action, frame)

    def _copy(self) -> State:  # faster than the generic copy: bots copy a lot
        child = State.__new__(type(self))
        child.game = self.game
        child.units = list(self.units)
        child.base = self.base[:]
        child.dead = self.dead[:]
        child.retired = self.retired[:]
        child.throws = self.throws[:]
        child.thrown = self.thrown
        child.last_turn = self.last_turn
        child.throws_pending = self.throws_pending
        child.to_move = self.to_move
        child.finished = self.finished
        child.turns = self.turns
        child._actions = self._actions  # the same position until its move is played
        child.events = []
        return child

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        options = self.game.options
        return {
            "game": "bul", "variant": options["variant"], "length": options["length"],
            "team_size": options["team_size"], "players": self.num_players,
            "units": [{"row": row, "pieces": list(pieces), "heading": heading}
                      for row, pieces, heading in self.units],
            "base": list(self.base), "dead": list(self.dead), "retired": list(self.retired),
            "throws": list(self.throws), "current_player": self.current_player,
            "terminal": self.finished, "winner": self.winner, "to_move": self.to_move,
            "throws_pending": self.throws_pending, "fire": sorted(self.game.fire_rows),
            "turns": self.turns, "max_turns": MAX_TURNS, "end_reason": self.end_reason,
            "thrown": list(self.thrown),
            "last_turn": None if self.last_turn is None else {
                "player": self.last_turn[0], "thrown": list(self.last_turn[1])},
        }

    @classmethod
    def _from_json(cls, game, data):
        for name in ("variant", "length", "team_size"):
            if data[name] != game.options[name]:
                raise ValueError(f"the state is for {name}={data[name]!r}")
        state = cls(game)
        state.units = [(validate.whole(u["row"]), tuple(validate.wholes(u["pieces"])),
                        u["heading"]) for u in data["units"]]
        state.base = [validate.whole(x) for x in data["base"]]
        state.dead = [validate.whole(x) for x in data["dead"]]
        state.retired = [validate.whole(x) for x in data["retired"]]
        state.throws = [validate.whole(x) for x in data["throws"]]
        # saved before the page was shown this turn's used values: only the unused known
        state.thrown = tuple(validate.wholes(data.get("thrown", state.throws)))
        last = data.get("last_turn")
        if last is not None:
            state.last_turn = (validate.whole(last["player"]),
                               tuple(validate.wholes(last["thrown"])))
        state.throws_pending = validate.whole(data["throws_pending"])
        state.to_move = validate.whole(data["to_move"])
        state.turns = validate.whole(data.get("turns", 0))
        state.finished = data["terminal"]
        if type(state.finished) is not bool:
            raise ValueError("terminal must be true or false")
        return state

    def _validate(self) -> None:
        rules, players = self.rules, self.num_players
        if not len(self.base) == len(self.dead) == len(self.retired) == players:
            raise ValueError("base, dead and retired need one entry per player")
        if min(self.base + self.dead + self.retired) < 0:
            raise ValueError("negative counts")
        if any(self.retired) and not rules.captor_retires:
            raise ValueError("only aj-tiwil captors retire")
        if self.to_move not in range(players):
            raise ValueError("no such player to move")
        men = self.base[:]
        for p in range(players):
            men[p] += self.dead[p] + self.retired[p]
        previous_row = 0
        for row, pieces, heading in self.units:
            self._validate_unit(row, pieces, heading, previous_row)
            previous_row = row
            for p in pieces:
                men[p] += 1
        if men != [MEN_PER_PLAYER] * players:
            raise ValueError(f"each player must have {MEN_PER_PLAYER} men")
        for row in set(u[0] for u in self.units):
            here = [u[1][0] for u in self.units if u[0] == row]
            if len({p % 2 for p in here}) > 1 or len(set(here)) < len(here):
                raise ValueError(f"row {row} holds enemies or two units of one player")
        if rules.verbeeck and any(len(self.controlled_by(p)) > 1 for p in range(players)):
            raise ValueError("one movable man per player")
        self._validate_throws()
        if not 0 <= self.turns <= MAX_TURNS:
            raise ValueError(f"turns are counted from 0 to {MAX_TURNS}")
        if self.finished != (self._game_over() or self.turns == MAX_TURNS):
            raise ValueError("the game's end does not match the pieces and turns")

    def _validate_unit(self, row, pieces, heading, previous_row) -> None:
        game, rules = self.game, self.rules
        if not pieces or any(p not in range(self.num_players) for p in pieces):
            raise ValueError("a unit needs pieces of real players")
        if heading not in (OUT, HOME) or row < previous_row:
            raise ValueError("bad heading or units out of order")
        side = pieces[0] % 2
        d = self.distance(side, row)
        far_camp = rules.far_end == "camp" and d == game.n + 1
        if not (1 <= d <= game.n or far_camp) or row in game.fire_rows:
            raise ValueError(f"no unit can stand on row {row}")
        if (far_camp or (rules.far_end == "wall" and d == game.n)) and heading != HOME:
            raise ValueError("a unit at the far end heads home")
        if not rules.turn_on_capture and heading != OUT:
            raise ValueError("units never turn in this rule set")
        if rules.turn_on_capture and heading == OUT and len(pieces) > 1:
            raise ValueError("a capture turns a unit home")
        if rules.captor_retires and len(pieces) > 1:
            raise ValueError("no stacks form in aj-tiwil")

    def _validate_throws(self) -> None:
        per_turn = self.rules.throws_per_turn
        if any(v not in range(1, 6) for v in self.throws):
            raise ValueError("throws are 1..5")
        if not _used(self.thrown, self.throws).count(False) == len(self.throws):
            raise ValueError("the unused throws must be among the values thrown")
        if len(self.thrown) > per_turn or any(v not in range(1, 6) for v in self.thrown):
            raise ValueError("this turn's values thrown are 1..5, a turn's throws at most")
        if self.last_turn is not None:
            player, values = self.last_turn
            if player not in range(self.num_players) or not 0 < len(values) <= per_turn or any(
                    v not in range(1, 6) for v in values):
                raise ValueError("the last turn's throws are a player's, 1..5")
        if self.finished:
            if self.throws or self.throws_pending or self.thrown:
                raise ValueError("no throws after the end")
            return
        if self.throws_pending not in range(per_turn + 1):
            raise ValueError("bad number of pending throws")
        if self.throws_pending and (len(self.throws) != per_turn - self.throws_pending
                                    or len(self.thrown) != len(self.throws)):
            raise ValueError("throws do not match the pending count")
        if not self.throws_pending and not self.throws:
            raise ValueError("a turn with nothing thrown and nothing to throw")


class Game(core.Game):
    id = "bul"
    State = State
    SEAT_OPTION = "team_size"
    SCORE_COUNTS = "enemy_men_dead"

    def seat_facts(self) -> list:
        """Side A and side B; with teams, two players a side (turns 0, 2, 1, 3)."""
        teams = self.team_size == 2
        facts = []
        for p in range(self.num_players):
            side = {"key": f"bul.side.{p % 2}", "params": {}}
            name = ({"key": "bul.player.team", "params": {"side": side, "n": 1 + p // 2}}
                    if teams else side)
            facts.append({"player": p, "name": name, "symbols": [self.SYMBOLS[p]],
                          "colours": [], "side": p % 2})
        return facts

    def side_names(self) -> list:
        return [{"key": f"bul.side.{side}", "params": {}} for side in (0, 1)]

    @classmethod
    def rules_facts(cls) -> dict:
        """Facts of the rules for the rules panel: the beans in a throw, their equally
        likely falls and the throw's odds (`throw_odds`), the rows of side A's and side
        B's bases at every length, and each rule set's family, throws per turn, default
        length and burning rows at every length."""
        sets = {}
        for variant, rules in RULE_SETS.items():
            fire = {}
            for length in LENGTHS:
                fire[str(length)] = sorted(cls(variant=variant, length=length).fire_rows)
            sets[variant] = {"family": "verbeeck" if rules.verbeeck else "maya",
                             "throws_per_turn": rules.throws_per_turn,
                             "default_length": rules.default_length, "fire_rows": fire,
                             "teams": rules.verbeeck}
        bases = {str(length): list(kernel.Road(RULE_SETS["puluc"], length, 1).base_row)
                 for length in LENGTHS}
        return {"beans": BEANS, "falls": len(FALLS), "throw_odds": throw_odds(),
                "lengths": list(LENGTHS), "base_rows": bases, "variants": sets}
    OPTIONS = {
        "variant": (tuple(RULE_SETS), "puluc"),
        "length": ((None,) + LENGTHS, None),
        "team_size": ((1, 2), 1),
    }

    @classmethod
    def describe_options(cls) -> dict:
        """The set-up form's choices: the eight rule sets (Puluc first offered), the road
        lengths with ``None`` first — "the rule set's own default", preselected, so
        changing the rule set keeps its length — and the team size. Extra facts for the
        page: ``length["defaults"]`` (each rule set's default length) and
        ``team_size["variants"]`` (the rule sets where teams of 2 may play; any other
        choice is refused by the engine with ``teams_not_allowed``)."""
        return {
            "variant": {"values": list(RULE_SETS), "default": "puluc"},
            "length": {"values": [None, *LENGTHS], "default": None,
                       "defaults": {v: r.default_length for v, r in RULE_SETS.items()}},
            "team_size": {"values": [1, 2], "default": 1,
                          "variants": [v for v, r in RULE_SETS.items() if r.verbeeck]},
        }

    def __init__(self, /, **options):
        super().__init__(**options)
        self.rules = RULE_SETS[self.options["variant"]]
        self.length = self.options["length"]
        self.team_size = self.options["team_size"]
        self.road = kernel.Road(self.rules, self.length, self.team_size)
        self.n = self.road.n  # road spaces between the bases
        self.fire_rows = self.road.fire_rows

    def _check_options(self, options: dict) -> dict:
        checked = super()._check_options(options)  # type-exact: 13.0 or True is refused
        variant = checked["variant"]
        rules = RULE_SETS[variant]
        if checked["length"] is None:
            checked["length"] = rules.default_length
        if checked["team_size"] == 2 and not rules.verbeeck:
            raise core.OptionError(
                f"bul: teams of 2 are played only in the Verbeeck rule sets, not {variant}",
                "teams_not_allowed", game="bul", option="team_size", variant=variant,
            )
        return checked

    @property
    def num_players(self) -> int:
        return 2 * self.options["team_size"]

