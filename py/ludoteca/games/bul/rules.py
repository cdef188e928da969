"""The Bul family (Boolik, Bu'ul, Puluc and Verbeeck's five Mopan rule sets): a Maya race
and war game on a road of rows between two bases, moved by a throw of four beans.

Normative rules: ``shared/rules/bul.md``. One engine plays all eight rule sets: each is a
row of flags (`RULE_SETS`), and the engine asks them at the few points where the rule
sets differ (what happens at the far end, after a capture, at home, on the fire...).

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
``end_reason`` (null, or the ``end`` event's reason).

Observation (``observation``): ``to_json`` plus what the page shows without computing
it: ``throws_per_turn``, ``rule_family`` (``"maya"`` or ``"verbeeck"``), ``taken`` (enemy
men dead, per side), ``throw_odds`` (`throw_odds`), ``moving`` (null; in a frame, the unit
on its way: ``{"row", "pieces", "heading"}``) and core's public facts (``scores``: per
player, his side's ``taken``; ``score_counts`` = ``"enemy_men_dead"``; ``seat_facts``).
Step facts (`step_facts`): ``value``, ``enter``, ``unit`` and ``pass`` steps. Frames of a
move: ``lift`` (a unit leaves its row), ``pass-row`` per row passed, then ``land``,
``capture``, ``burn``, ``home``, ``dissolve`` or ``free-captives``; a throw or a pass is
one frame.

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

from typing import NamedTuple

from ... import core, validate

MEN_PER_PLAYER = 5
LENGTHS = (9, 11, 13, 15, 20, 21)
THROW_OUTCOMES = (("1", 4 / 16), ("2", 6 / 16), ("3", 4 / 16), ("4", 1 / 16), ("5", 1 / 16))
THROW_VALUES = {outcome: int(outcome) for outcome, _ in THROW_OUTCOMES}
OUT, HOME = "out", "home"
TURN_ORDER = {1: (0, 1), 2: (0, 2, 1, 3)}  # team_size -> seats in turn order
MAX_TURNS = 1000
"""Turns (one player's throws and moves) after which a game ends: moves are compulsory and
units can chase each other for ever (Puluc can return to its opening position). Random play
needs under 300 turns. At the limit the side that has taken more enemy men wins; equal
counts draw (README, How to play / Bul)."""


def marks_up(value: int) -> int:
    """The marked faces up that give a throw of `value` (none up counts 5)."""
    return value % 5


def throw_odds() -> list:
    """The bean throw's odds, for the page: per value, the marked faces up that give it,
    in how many of the 16 equally likely falls of four beans, and its probability."""
    return [{"value": int(outcome), "marks": marks_up(int(outcome)),
             "ways": round(p * 16), "probability": p} for outcome, p in THROW_OUTCOMES]


class RuleSet(NamedTuple):
    """What makes one rule set differ from the others."""

    default_length: int
    verbeeck: bool  # two throws a turn, one movable man per player, teams allowed
    far_end: str  # "wall" (bounce at the last space), "camp" (turn in the far camp),
    #               "exit" (leave the road there), "free" (exit and free the captives)
    turn_on_capture: bool  # a capture turns the captor home
    companions_die: bool = False  # boolik: rescued companions are discarded at home
    captor_retires: bool = False  # aj-tiwil: captor and prey leave the road at once
    backward_capture: bool = False  # aj-sinaanil: may capture against the heading
    fire: bool = False  # a-kaakil: the middle of the road burns

    @property
    def throws_per_turn(self) -> int:
        return 2 if self.verbeeck else 1


RULE_SETS = {
    "boolik": RuleSet(13, False, "wall", True, companions_die=True),
    "buul": RuleSet(13, False, "free", True),
    "puluc": RuleSet(13, False, "exit", False),
    "aj-sayil": RuleSet(21, True, "camp", True),
    "aj-tiwil": RuleSet(21, True, "camp", True, captor_retires=True),
    "aj-sinaanil": RuleSet(21, True, "camp", True, backward_capture=True),
    "aj-sakalil": RuleSet(21, True, "exit", False),
    "a-kaakil": RuleSet(21, True, "camp", True, fire=True),
}


def _error(message: str, code: str, **params):
    return core.IllegalMoveError(message, code, **params)


class State(core.State):
    """A position. Units are tuples ``(row, pieces, heading)``, ``pieces`` a tuple of
    players top first, so a copy only needs new lists."""

    def __init__(self, game):
        super().__init__(game)
        players = game.num_players
        self.units = []
        self.base = [MEN_PER_PLAYER] * players
        self.dead = [0] * players
        self.retired = [0] * players
        self.throws = []
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
        return d + 1 if side == 0 else self.game.length - d

    def distance(self, side: int, row: int) -> int:
        return row - 1 if side == 0 else self.game.length - row

    def destination(self, side: int, d: int, heading: str, value: int, backward=False):
        """Where a unit of `side` at distance `d` ends: ``(outcome, d, heading, path)``,
        outcome ``"land"``, ``"home"`` (own base) or ``"exit"`` (off the far end); path
        is the distances passed. None if a backward move would leave the road."""
        n, far_end = self.game.n, self.rules.far_end
        if backward:
            step = -1 if heading == OUT else 1
            end = d + step * value
            if not 1 <= end <= n:
                return None
            return "land", end, HOME, list(range(d + step, end + step, step))
        if heading == HOME:
            end = d - value
            if end <= 0:
                return "home", 0, HOME, list(range(d - 1, -1, -1))
            return "land", end, HOME, list(range(d - 1, end - 1, -1))
        reach = d + value
        if far_end in ("exit", "free"):
            if reach > n:
                return "exit", n + 1, OUT, list(range(d + 1, n + 2))
            return "land", reach, OUT, list(range(d + 1, reach + 1))
        turn = n if far_end == "wall" else n + 1  # the wall's space, or the far camp
        path = [x if x <= turn else 2 * turn - x for x in range(d + 1, reach + 1)]
        return "land", path[-1], (HOME if reach >= turn else OUT), path

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
        players = self.players_of(side)
        return any(self.base[p] for p in players) or any(
            pieces[0] % 2 == side for _, pieces, _ in self.units
        )

    def taken(self, side: int) -> int:
        """Enemy men dead: what `side` took (the T'iwil score)."""
        return sum(self.dead[p] for p in self.players_of(1 - side))

    # --- what the page shows (see the module docstring) -----------------------------
    def scores(self) -> list:
        return [self.taken(p % 2) for p in range(self.num_players)]

    def public_facts(self) -> dict:
        rules = self.rules
        return {**super().public_facts(), "throws_per_turn": rules.throws_per_turn,
                "rule_family": "verbeeck" if rules.verbeeck else "maya",
                "taken": [self.taken(0), self.taken(1)], "throw_odds": throw_odds(),
                "moving": None}

    def step_facts(self, partial: str, steps: list) -> dict:
        """A value chip ``{"kind": "value", value}``, an entry ``{"kind": "enter", value,
        player, to}``, a unit ``{"kind": "unit", value, row, controller, backward, to,
        outcome}`` (outcome ``land``, ``home`` or ``exit``; ``to`` the landing row, or the
        base row reached), or ``{"kind": "pass"}``."""
        actions = self._action_map()
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
                               "to": self.row_of(player % 2, action[1])}
            elif action[0] == "move":
                row, pieces, heading = self.units[action[2]]
                side = pieces[0] % 2
                outcome, end, _, _ = self.destination(
                    side, self.distance(side, row), heading, action[1], action[3])
                facts[step] = {"kind": "unit", "value": action[1], "row": row,
                               "controller": pieces[0], "backward": action[3],
                               "to": self.row_of(side, end), "outcome": outcome}
        return facts

    def _game_over(self) -> bool:
        return not (self.has_free_man(0) and self.has_free_man(1))

    @property
    def end_reason(self):
        """None while the game goes on, else ``"no_free_men"``, ``"eagle_count"``
        (aj-tiwil) or ``"turn_limit"`` (MAX_TURNS turns played)."""
        if not self.finished:
            return None
        if not self._game_over():
            return "turn_limit"
        return "eagle_count" if self.rules.captor_retires else "no_free_men"

    @property
    def winner(self):
        if not self.finished:
            return None
        if self.end_reason != "no_free_men":  # count the enemy men taken
            a, b = self.taken(0), self.taken(1)
            return None if a == b else (0 if a > b else 1)
        alive = [self.has_free_man(0), self.has_free_man(1)]
        return alive.index(True) if alive.count(True) == 1 else None

    def returns(self) -> list:
        winner = self.winner
        if winner is None:
            return [0] * self.num_players
        return [1 if p % 2 == winner else -1 for p in range(self.num_players)]

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
        """move string -> action; an action is ``("throw", value)``, ``("pass",)``,
        ``("enter", value)`` or ``("move", value, unit index, backward)``."""
        if self._actions is None:
            self._actions = self._build_actions()
        return self._actions

    def _build_actions(self) -> dict:
        if self.finished:
            return {}
        if self.throws_pending:
            return {outcome: ("throw", value) for outcome, value in THROW_VALUES.items()}
        actions = {}
        for value in dict.fromkeys(self.throws):  # each distinct value once
            for action in self.uses(self.to_move, value):
                actions[self._notation(action)] = action
        return actions or {"pass": ("pass",)}

    def uses(self, player: int, value: int) -> list:
        """The legal uses of one thrown value by `player` (actions)."""
        rules = self.rules
        mine = self.controlled_by(player)
        found = []
        if rules.verbeeck and not mine and not self.base[player]:
            # no men left: he helps, moving one of a teammate's units
            movers = [i for i, u in enumerate(self.units) if u[1][0] % 2 == player % 2]
        else:
            movers = mine
            may_enter = self.base[player] and not (rules.verbeeck and mine)
            if may_enter and self._may_land(player, value, skip=None):
                found.append(("enter", value))
        for index in movers:
            for backward in ((False, True) if rules.backward_capture else (False,)):
                if self._unit_may_move(index, value, backward):
                    found.append(("move", value, index, backward))
        return found

    def _unit_may_move(self, index: int, value: int, backward: bool) -> bool:
        row, pieces, heading = self.units[index]
        side = pieces[0] % 2
        dest = self.destination(side, self.distance(side, row), heading, value, backward)
        if dest is None:
            return False
        if dest[0] != "land":
            return True
        land_row = self.row_of(side, dest[1])
        if not self._may_land(pieces[0], land_row, skip=index, is_row=True):
            return False
        return not backward or self._enemy_at(side, land_row)

    def _may_land(self, controller: int, where: int, skip, is_row=False) -> bool:
        """Seed rule 13: never onto a unit of one's own (a teammate's is fine). The
        square a unit leaves is empty for its own landing (`skip`)."""
        row = where if is_row else self.row_of(controller % 2, where)
        return not any(
            unit[0] == row and unit[1][0] == controller and i != skip
            for i, unit in enumerate(self.units)
        )

    def _enemy_at(self, side: int, row: int) -> bool:
        return any(unit[0] == row and unit[1][0] % 2 != side for unit in self.units)

    def _notation(self, action) -> str:
        kind, value = action[0], action[1]
        if kind == "enter":
            text = "enter"
        else:
            row, pieces, _ = self.units[action[2]]
            text = str(row) + ("b" if action[3] else "")
            if self.game.team_size == 2:
                text += f"@{pieces[0]}"
        return f"{value}:{text}" if self.rules.verbeeck else text

    # --- errors that say why ------------------------------------------------------
    def _why_illegal(self, move: str) -> core.IllegalMoveError:
        if self.throws_pending:
            return _error(f"{move!r}: a throw is due; its outcome is one of 1..5",
                          "bad_throw", move=move, allowed=list(THROW_VALUES))
        if move in THROW_VALUES and self.rules.verbeeck:
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
        kind = action[0]
        if kind == "throw":
            self.throws.append(action[1])
            self.throws_pending -= 1
            return [{"type": "throw", "player": self.to_move, "value": action[1],
                     "marks": marks_up(action[1]), "index": len(self.throws) - 1}]
        player = self.to_move
        if kind == "pass":
            events = [{"type": "pass", "player": player, "lost": list(self.throws)}]
            self.throws = []
        else:
            self.throws.remove(action[1])
            if kind == "enter":
                events = self._enter(player, action[1])
            else:
                events = self._move(player, action[1], action[2], action[3])
        if self._game_over():
            self._finish(events)
        elif not self.throws:
            order = TURN_ORDER[self.game.team_size]
            self.to_move = order[(order.index(player) + 1) % len(order)]
            self.throws_pending = self.rules.throws_per_turn
            self.turns += 1
            if self.turns >= MAX_TURNS:
                self._finish(events)
        return events

    def _finish(self, events: list) -> None:
        self.finished = True
        self.throws, self.throws_pending = [], 0
        events.append({"type": "end", "winner": self.winner, "reason": self.end_reason,
                       "taken": [self.taken(0), self.taken(1)]})

    def _enter(self, player: int, value: int) -> list:
        side = player % 2
        self.base[player] -= 1
        row = self.row_of(side, value)
        events = [{"type": "enter", "player": player, "value": value,
                   "from": self.row_of(side, 0), "to": row,
                   "path": [self.row_of(side, d) for d in range(1, value + 1)],
                   "heading": OUT}]
        self._travel((player,), events[0]["path"], [OUT] * value)
        self._land((player,), row, OUT, player, events)
        return events

    def _travel(self, pieces: tuple, rows: list, headings: list) -> None:
        """Frames of a unit on its way (it stands on no row meanwhile: `moving`)."""
        if self._frames is None:
            return
        for row, heading in zip(rows, headings, strict=True):
            self._frame("pass-row", row, moving={"row": row, "pieces": list(pieces),
                                                 "heading": heading})

    def _move(self, player: int, value: int, index: int, backward: bool) -> list:
        row, pieces, heading = self.units.pop(index)
        side = pieces[0] % 2
        d = self.distance(side, row)
        outcome, end, new_heading, path = self.destination(side, d, heading, value, backward)
        move_event = {"type": "move", "player": player, "controller": pieces[0],
                      "value": value, "from": row, "to": self.row_of(side, end),
                      "path": [self.row_of(side, x) for x in path], "heading": new_heading,
                      "backward": backward,
                      "bounce": heading == OUT and new_heading == HOME and not backward}
        events = [move_event]
        if self._frames is not None:
            self._frame("lift", row, moving={"row": row, "pieces": list(pieces),
                                             "heading": heading})
            turn = path.index(max(path)) if move_event["bounce"] else len(path)
            self._travel(pieces, move_event["path"],
                         [heading if i < turn else HOME for i in range(len(path))])
        if outcome == "home":
            self._dissolve("home", pieces, self.row_of(side, 0), events)
        elif outcome == "exit":
            self._dissolve("dissolve", pieces, self.row_of(side, self.game.n + 1), events)
            if self.rules.far_end == "free":
                self._free_captives(side, events)
        else:
            move_event["heading"] = self._land(pieces, move_event["to"], new_heading,
                                               player, events)
        return events

    def _land(self, pieces: tuple, row: int, heading: str, player: int, events: list) -> str:
        """Put a moving unit down on `row`: burn, capture or settle. Returns its heading."""
        side = pieces[0] % 2
        if row in self.game.fire_rows:
            for p in pieces:
                self.dead[p] += 1
            events.append({"type": "burn", "row": row, "pieces": list(pieces)})
            self._frame("burn", row)
            return heading
        here = [i for i, unit in enumerate(self.units) if unit[0] == row]
        if here and self.units[here[0]][1][0] % 2 != side:
            heading = self._capture(pieces, row, heading, player, here, events)
            self._frame("capture", row)
            return heading
        self._insert((row, pieces, heading))
        self._frame("land", row)
        return heading

    def _capture(self, pieces, row, heading, player, here, events) -> str:
        captured = ()
        for i in reversed(here):  # the latest arrival under the captor, the earliest last
            captured += self.units[i][1]
        for i in reversed(here):
            del self.units[i]
        if self.rules.turn_on_capture:
            heading = HOME
        if self.rules.captor_retires:
            self.retired[pieces[0]] += len(pieces)
            for p in captured:
                self.dead[p] += 1
            events.append({"type": "capture", "player": player, "controller": pieces[0],
                           "row": row, "captured": list(captured), "pieces": [],
                           "heading": heading})
            events.append({"type": "retire", "player": pieces[0], "row": row,
                           "prey": list(captured)})
            return heading
        pile = pieces + captured
        self._insert((row, pile, heading))
        events.append({"type": "capture", "player": player, "controller": pieces[0],
                       "row": row, "captured": list(captured), "pieces": list(pile),
                       "heading": heading})
        rescued = [p for p in captured if p % 2 == pieces[0] % 2]
        if rescued:
            events.append({"type": "rescue", "controller": pieces[0], "row": row,
                           "pieces": rescued})
        return heading

    def _insert(self, unit: tuple) -> None:
        """Keep units ordered by row, the latest arrival last on its row."""
        at = len(self.units)
        while at and self.units[at - 1][0] > unit[0]:
            at -= 1
        self.units.insert(at, unit)

    def _dissolve(self, kind: str, pieces: tuple, row: int, events: list) -> None:
        """A unit reaching home (or off the far end): its captives die, its top goes
        back to the base, its companions too (or die, in boolik)."""
        side = pieces[0] % 2
        returned, discarded = [pieces[0]], []
        for p in pieces[1:]:
            if p % 2 != side or self.rules.companions_die:
                discarded.append(p)
            else:
                returned.append(p)
        for p in returned:
            self.base[p] += 1
        for p in discarded:
            self.dead[p] += 1
        events.append({"type": kind, "player": pieces[0], "row": row,
                       "pieces": list(pieces), "returned": returned, "discarded": discarded})
        self._frame(kind, row)
        if discarded:
            events.append({"type": "discard", "row": row, "pieces": discarded})
        if len(returned) > 1:
            events.append({"type": "free", "row": row, "pieces": returned[1:]})

    def _free_captives(self, side: int, events: list) -> None:
        """Bu'ul: every man of `side` held captive anywhere goes back to his base."""
        freed = []
        for i, (row, pieces, heading) in enumerate(self.units):
            if pieces[0] % 2 == side:
                continue
            mine = [p for p in pieces if p % 2 == side]
            if mine:
                self.units[i] = (row, tuple(p for p in pieces if p % 2 != side), heading)
                for p in mine:
                    self.base[p] += 1
                    freed.append({"row": row, "player": p})
        if freed:
            events.append({"type": "free-captives", "side": side, "pieces": freed})
            self._frame("free-captives", None)

    def _copy(self) -> State:  # faster than the generic copy: bots copy a lot
        child = State.__new__(type(self))
        child.game = self.game
        child.units = list(self.units)
        child.base = self.base[:]
        child.dead = self.dead[:]
        child.retired = self.retired[:]
        child.throws = self.throws[:]
        child.throws_pending = self.throws_pending
        child.to_move = self.to_move
        child.finished = self.finished
        child.turns = self.turns
        child._actions = None
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
        if self.finished:
            if self.throws or self.throws_pending:
                raise ValueError("no throws after the end")
            return
        if self.throws_pending not in range(per_turn + 1):
            raise ValueError("bad number of pending throws")
        if self.throws_pending and len(self.throws) != per_turn - self.throws_pending:
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
        """Facts of the rules for the rules panel: the throw's odds, each rule set's
        family, throws per turn, default length and burning rows at every length."""
        sets = {}
        for variant, rules in RULE_SETS.items():
            fire = {}
            for length in LENGTHS:
                fire[str(length)] = sorted(cls(variant=variant, length=length).fire_rows)
            sets[variant] = {"family": "verbeeck" if rules.verbeeck else "maya",
                             "throws_per_turn": rules.throws_per_turn,
                             "default_length": rules.default_length, "fire_rows": fire,
                             "teams": rules.verbeeck}
        return {"throw_odds": throw_odds(), "lengths": list(LENGTHS), "variants": sets}
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
        self.n = self.length - 2  # road spaces between the bases
        self.fire_rows = frozenset(self._fire_rows())

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

    def _fire_rows(self) -> list:
        """The middle of the road: one space for odd n, both central spaces for even n
        (d counted from side A; the set is the same seen from side B)."""
        if not self.rules.fire:
            return []
        n = self.n
        middle = [(n + 1) // 2] if n % 2 else [n // 2, n // 2 + 1]
        return [d + 1 for d in middle]
