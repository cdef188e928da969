"""Bul's set-up mode (`ludoteca.teaching.editor`): a click on a road row places a man of either side
there (on an enemy pile he becomes its captor), takes its top man back to his base or turns
a lone man round; a click on a base adds a waiting man or takes one away. Beside the board
the teacher chooses whose turn it is, the values already thrown (or none: the turn starts
with its throw) and, in Aj T'iwil, the captors who left the road. Every man not placed,
waiting or retired is dead, so each player has his five men, unless more were placed.

Targets are named as the view names them: ``row:<row>`` (a road row, and the far camp in
the rule sets that have one) and ``base:<player>``.

What the rules can reach (docs/rules/bul.md), as checked by `problems`: each player's five
men are each in exactly one of base, a unit, dead or retired (none negative); men retire only
in the rule sets whose captors leave the road; a unit stands on the road (or the far camp
where there is one), never on a row that burns, heading the way its captives make it head,
and carries captives only where captors stay; the men on top at one row are of one side and
no player's twice; in Verbeeck's rule sets a player has one unit at most; the values thrown
fit the rule set's turn; and each side still has a man that can move (else the game is
over). Full reachability from the opening is not decided (throws, chases and captures make
the history a search far beyond a click); these conditions are necessary, and the property
test over random clicks (tests/unit/test_setup_actions.py) holds them sufficient for every
action: play, hint, link and proof."""

from __future__ import annotations

from ...core import OptionError
from ...teaching.lessons import message
from .kernel import HOME, MEN_PER_PLAYER, OUT, has_free_man

TOOLS = ("red", "black", "remove", "turn")
PLACES = {"red": 0, "black": 1}  # a placing tool -> the side of the man it places
NOT_THROWN = "?"


def targets(game, draft) -> list:
    road = game.road
    far_camps = game.rules.far_end == "camp"
    rows = [row for row in range(1, game.length + 1)
            if far_camps or row not in road.base_row]
    return [f"base:{p}" for p in range(game.num_players)] + [f"row:{row}" for row in rows]


# --- a click on the board ----------------------------------------------------------------
def edit(game, draft, tool, target) -> dict:
    s = _read(game, draft)
    kind, _, place = target.partition(":")
    if kind == "base":
        _edit_base(game, s, tool, int(place))
    elif tool == "remove":
        _remove(game, s, int(place))
    elif tool == "turn":
        _turn(game, s, int(place))
    else:
        _place(game, s, PLACES[tool], int(place))
    return _written(game, s)


def _edit_base(game, s, tool, player) -> None:
    side = player % 2
    if tool == "turn":
        raise _error("no man on the road here to turn round", "bul_setup_nothing")
    if tool == "remove":
        if not s.base[player]:
            raise _error("the base is empty", "bul_setup_base_empty")
        s.base[player] -= 1  # he is dead now (`_written` counts the dead)
        return
    if PLACES[tool] != side:
        raise _error("a man waits in his own side's base", "bul_setup_wrong_base",
                     side=_side_name(side))
    s.base[player] += 1


def _place(game, s, side, row) -> None:
    """A man of `side` on `row`, from his base (or, with none waiting, from the dead)."""
    if row == game.road.base_row[side]:
        raise _error("a side's own base holds men waiting, not piles",
                     "bul_setup_own_base", side=_side_name(side))
    here = [u for u in s.units if u[0] == row]
    player = _placed_player(game, s, side, row)
    if here and here[0][1][0] % 2 != side:  # enemies: he lands on them and takes them
        if game.rules.captor_retires:
            raise _error("no piles form in aj-tiwil", "bul_setup_no_piles")
        captured = ()
        for unit in reversed(here):  # the latest arrival under the captor, as a capture
            captured += unit[1]
        s.units = [u for u in s.units if u[0] != row]
        unit = (row, (player,) + captured, HOME if game.rules.turn_on_capture else OUT)
    elif here and (game.team_size == 1 or any(u[1][0] == player for u in here)):
        raise _error("a man of that side already stands there", "bul_setup_own_row",
                     row=row)
    else:
        unit = (row, (player,), OUT)
    if s.base[player]:
        s.base[player] -= 1
    _insert(s.units, unit, game)


def _placed_player(game, s, side, row) -> int:
    """Whose man a click places for `side`: with teams, the player who moves no pile yet
    (one movable man each) and has none on that row, then the one with most men to spare."""
    on_road = _men(s)

    def rank(p):
        moves = any(u[1][0] == p for u in s.units)
        here = any(u[0] == row and u[1][0] == p for u in s.units)
        return (moves, here, -(MEN_PER_PLAYER - on_road[p] - s.retired[p]), p)

    return min(range(side, game.num_players, 2), key=rank)


def _remove(game, s, row) -> None:
    """The top man of the pile that came last to `row` goes back to his base; the man under
    him, if any, leads what is left, heading out unless it must head home."""
    index = _last_unit(s, row)
    at, pieces, _ = s.units[index]
    s.base[pieces[0]] += 1
    if len(pieces) == 1:
        del s.units[index]
    else:
        s.units[index] = (at, pieces[1:], _heading(game, at, pieces[1:], OUT))


def _turn(game, s, row) -> None:
    index = _last_unit(s, row)
    at, pieces, heading = s.units[index]
    if not game.rules.turn_on_capture:
        raise _error("piles never turn in this rule set", "bul_setup_no_turn")
    turned = HOME if heading == OUT else OUT
    if _heading(game, at, pieces, turned) != turned:
        raise _error("a pile, or a man at the far end, heads home", "bul_setup_stays_home")
    s.units[index] = (at, pieces, turned)


def _last_unit(s, row) -> int:
    found = [i for i, u in enumerate(s.units) if u[0] == row]
    if not found:
        raise _error("no man on the road here", "bul_setup_nothing")
    return found[-1]


def _heading(game, row, pieces, heading) -> str:
    """The heading a pile must have, where the rule set leaves no choice: out where piles
    never turn; home for a pile (a capture turned it) and at the far end."""
    rules = game.rules
    if not rules.turn_on_capture:
        return OUT
    d = game.road.distance(pieces[0] % 2, row)
    far = (d == game.n + 1) if rules.far_end == "camp" else (
        rules.far_end == "wall" and d == game.n)
    return HOME if len(pieces) > 1 or far else heading


def _insert(units, unit, game) -> None:
    """Keep units ordered by row, the latest arrival last on its row."""
    row, pieces, heading = unit
    unit = (row, pieces, _heading(game, row, pieces, heading))
    at = len(units)
    while at and units[at - 1][0] > row:
        at -= 1
    units.insert(at, unit)


# --- the choices beside the board -------------------------------------------------------------
def choices(game, draft) -> dict:
    s = _read(game, draft)
    found = {"to_move": list(range(game.num_players)), "throws": _throw_values(game)}
    if _throws_text(s) not in found["throws"]:  # a link's position between two throws
        found["throws"].append(_throws_text(s))
    if game.rules.captor_retires:
        for p in range(game.num_players):
            found[f"retired.{p}"] = list(range(MEN_PER_PLAYER + 1))
    return found


def _throw_values(game) -> list:
    """None thrown yet, or the values of a whole turn's throws (in either order: the
    order does not change what they can do)."""
    if game.rules.throws_per_turn == 1:
        return [NOT_THROWN] + [str(v) for v in range(1, 6)]
    return [NOT_THROWN] + [f"{a}, {b}" for a in range(1, 6) for b in range(a, 6)]


def _throws_text(s) -> str:
    """The values to use, and a "?" per throw to come; "?" when nothing is thrown."""
    if not s.throws:
        return NOT_THROWN
    return ", ".join([str(v) for v in sorted(s.throws)] + [NOT_THROWN] * s.throws_pending)


def choose(game, draft, name, value) -> dict:
    s = _read(game, draft)
    if name == "to_move":
        s.to_move = value
    elif name.startswith("retired."):
        s.retired[int(name.partition(".")[2])] = value
    elif value != _throws_text(s):
        values = [] if value == NOT_THROWN else [int(v) for v in value.split(", ")]
        s.throws, s.thrown = values, tuple(values)
        s.throws_pending = 0 if values else game.rules.throws_per_turn
    return _written(game, s)


def chosen(game, draft) -> dict:
    s = _read(game, draft)
    found = {"to_move": s.to_move, "throws": _throws_text(s)}
    if game.rules.captor_retires:
        found.update({f"retired.{p}": n for p, n in enumerate(s.retired)})
    return found


# --- why a position is not legal -------------------------------------------------------------
def problems(game, draft) -> list:
    """Every reason `rules.State._validate` would refuse the position, in words, and a
    position already over."""
    s = _read(game, draft)
    names = [fact["name"] for fact in game.seat_facts()]
    found = []
    men = _men(s)
    for p in range(game.num_players):
        counts = (s.base[p], s.dead[p], s.retired[p])
        if min(counts) < 0:
            found.append(message("bul.setup.problem.negative", name=names[p]))
        n = men[p] + sum(counts)
        if n != MEN_PER_PLAYER:
            found.append(message("bul.setup.problem.men", name=names[p], n=n,
                                 total=MEN_PER_PLAYER))
    if any(s.retired) and not game.rules.captor_retires:
        found.append(message("bul.setup.problem.retired"))
    found += _unit_problems(game, s, names)
    if game.rules.verbeeck:
        for p in range(game.num_players):
            n = sum(u[1][0] == p for u in s.units)
            if n > 1:
                found.append(message("bul.setup.problem.movable", name=names[p], n=n))
    if s.to_move not in range(game.num_players):
        found.append(message("bul.setup.problem.to_move"))
    if not _throws_fit(game, s):
        found.append(message("bul.setup.problem.throws"))
    for side in (0, 1):
        if not has_free_man(s, side):
            found.append(message("bul.setup.problem.over", side=_side_name(side)))
    return found


def _unit_problems(game, s, names) -> list:
    found = []
    rules = game.rules
    for row, pieces, heading in s.units:
        side = pieces[0] % 2
        d = game.road.distance(side, row)
        far_camp = rules.far_end == "camp" and d == game.n + 1
        if not (1 <= d <= game.n or far_camp):
            found.append(message("bul.setup.problem.row", row=row))
        elif row in game.fire_rows:
            found.append(message("bul.setup.problem.fire", row=row))
        elif heading not in (OUT, HOME) or heading != _heading(game, row, pieces, heading):
            found.append(message("bul.setup.problem.heading", row=row))
        if rules.captor_retires and len(pieces) > 1:
            found.append(message("bul.setup.problem.pile", row=row))
    for row in sorted({u[0] for u in s.units}):
        tops = [u[1][0] for u in s.units if u[0] == row]
        if len({p % 2 for p in tops}) > 1:
            found.append(message("bul.setup.problem.enemies", row=row))
        for p in sorted({p for p in tops if tops.count(p) > 1}):
            found.append(message("bul.setup.problem.twice", name=names[p], row=row))
    return found


def _throws_fit(game, s) -> bool:
    """The turn's values as `rules.State._validate_throws` wants them (the turn is live)."""
    try:
        _live(game, s)._validate_throws()
    except ValueError:
        return False
    return True


# --- the position to play from ---------------------------------------------------------------
def state(game, draft):
    """The position, live (a link's finished game too), at no turn yet played: its
    history is the turn under way, if any."""
    return game.state_from_json(_live(game, _read(game, draft)).to_json())


def _live(game, s):
    live = s._copy()
    live.units = sorted(s.units, key=lambda u: u[0])  # stable: arrivals keep their order
    live.finished, live.turns, live.last_turn = False, 0, None
    if not live.throws and not live.throws_pending:  # a finished game's turn, over
        live.throws_pending, live.thrown = game.rules.throws_per_turn, ()
    return live


def observation(game, draft) -> dict:
    return _live(game, _read(game, draft)).observation(None)


# --- the draft as a position, and back ---------------------------------------------------
def _read(game, draft):
    """The draft as a position that may not be legal (its pieces belong to real players:
    anything else is no draft)."""
    s = game.State._from_json(game, draft)
    players = range(game.num_players)
    if not (len(s.base) == len(s.dead) == len(s.retired) == game.num_players) or any(
            not u[1] or any(p not in players for p in u[1]) for u in s.units):
        raise ValueError("a draft's men belong to its players")
    return s


def _written(game, s) -> dict:
    """The draft of `s`: every man not placed, waiting or retired is dead."""
    men = _men(s)
    s.dead = [max(0, MEN_PER_PLAYER - men[p] - s.base[p] - s.retired[p])
              for p in range(game.num_players)]
    s.finished = False
    return s.to_json()


def _men(s) -> list:
    """Per player, his men on the road (captives included)."""
    return s._men_on_road()


def _side_name(side) -> dict:
    return message(f"bul.side.{side}")


def _error(text, code, **params) -> OptionError:
    return OptionError(f"bul set-up: {text}", code, **params)

