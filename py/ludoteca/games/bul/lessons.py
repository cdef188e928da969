"""Bul's lesson: eleven steps on a 13-row road, from entering a man to team play.

Each step is a hand-made position (`_position`, checked by the rules' own validation),
Red to move with the beans already thrown; its goal reads what the move did — the
events the kernel reports and the position after it — and says what went wrong in words.
The first steps play Puluc, the Maya rule sets follow (Boolik's wall and its way home,
Bu'ul's freeing run), then Verbeeck's rule sets with two throws a turn, and a team game.
"""

from __future__ import annotations

from ...teaching.lessons import Step, message
from .positions import position

LENGTH = 13  # 11 road spaces: short enough to see at a glance
RED = 0  # the learner plays side A (Red), player 0, whose base is row 1


def _position(units, base, dead=None, throws=(), retired=None):
    """A setup: Red to move with `throws` in hand; `units` as ``(row, pieces, heading)``."""

    def setup(game):
        players = game.num_players
        return position(game, units, base, dead or [0] * players, retired or [0] * players,
                        RED, throws)

    return setup


def _events(child, kind: str) -> list:
    return [e for e in child.events if e["type"] == kind]


def _landing(child) -> int:
    """The row where the move ended (its base row when it got home)."""
    walk = _events(child, "move") or _events(child, "enter")
    return walk[0]["to"]


# --- the goals -------------------------------------------------------------------------------
def _enters(state, move, child):
    if _events(child, "enter"):
        return None
    walk = _events(child, "move")[0]
    return message("lesson.bul.why.not_entered", start=walk["from"], to=walk["to"])


def _captures_on(target: int):
    """Met by a capture on row `target`."""

    def goal(state, move, child):
        if any(e["row"] == target for e in _events(child, "capture")):
            return None
        return message("lesson.bul.why.missed", to=_landing(child), target=target)
    return goal


def _rescues(state, move, child):
    if any(RED in e["pieces"] for e in _events(child, "rescue")):
        return None
    row = next(row for row, pieces, _ in child.units if pieces[0] % 2 and RED in pieces)
    return message("lesson.bul.why.still_captive", row=row)


def _carries_home(state, move, child):
    if any(e["discarded"] for e in _events(child, "home")):
        return None
    row, _, _ = next(u for u in child.units if u[1][0] == RED and len(u[1]) > 1)
    return message("lesson.bul.why.captive_on_road", row=row,
                   n=child.distance(RED % 2, row))


def _frees_captives(state, move, child):
    if _events(child, "free-captives"):
        return None
    held = sum(p % 2 == RED % 2 for _, pieces, _ in child.units for p in pieces[1:])
    return message("lesson.bul.why.still_captives", n=held)


def _gets_home(state, move, child):
    if _events(child, "home"):
        return None
    return message("lesson.bul.why.not_home", row=_landing(child))


def _keeps_off_fire(state, move, child):
    burnt = _events(child, "burn")
    if not burnt:
        return None
    return message("lesson.bul.why.burnt", row=burnt[0]["row"])


# --- the steps ---------------------------------------------------------------------------------
PULUC = {"variant": "puluc", "length": LENGTH}
BOOLIK = {"variant": "boolik", "length": LENGTH}
BUUL = {"variant": "buul", "length": LENGTH}
ANT = {"variant": "aj-sayil", "length": LENGTH}
OUT, HOME = "out", "home"

STEPS = (
    # a 3 brings a new man to the third space, row 4; the man on row 3 could go to row 6
    Step("bul", "enter", ("road", "throw"),
         _position([(3, [0], OUT), (11, [1], OUT)], [4, 4], throws=[3]),
         _enters, "enter", PULUC),
    # no marked face up: a 5, from row 4 onto the black man on row 9
    Step("bul", "throw", ("throw", "capture"),
         _position([(4, [0], OUT), (9, [1], OUT)], [4, 4], throws=[5]),
         _captures_on(9), "4", PULUC),
    # the black pile on row 8 holds a red captive: capturing the pile rescues him
    Step("bul", "stack", ("capture",),
         _position([(5, [0], OUT), (8, [1, 0], OUT)], [3, 4], throws=[3]),
         _rescues, "5", PULUC),
    # Boolik: a 4 bounces off the wall behind row 12 and lands on row 11
    Step("bul", "wall", ("maya",),
         _position([(9, [0], OUT), (11, [1], OUT)], [4, 4], throws=[4]),
         _captures_on(11), "9", BOOLIK),
    # Boolik: the pile on row 4, heading home, gets there with any 3 or more
    Step("bul", "carry", ("maya", "capture"),
         _position([(4, [0, 1], HOME), (10, [1], OUT)], [4, 3], throws=[4]),
         _carries_home, "4", BOOLIK),
    # Bu'ul: the man on row 11 runs into the black base; both captives go free
    Step("bul", "free", ("maya",),
         _position([(3, [1, 0], HOME), (6, [1, 0], HOME), (11, [0], OUT)], [2, 3],
                   throws=[3]),
         _frees_captives, "11", BUUL),
    # two values, used one at a time: the 3 lands on the black man, the 2 does not
    Step("bul", "two", ("verbeeck",),
         _position([(4, [0], OUT), (7, [1], OUT)], [4, 4], throws=[2, 3]),
         _captures_on(7), "3:4", ANT),
    # one movable man: home with the 4, so that the 1 can bring in a new man
    Step("bul", "one_man", ("verbeeck",),
         _position([(3, [0], HOME), (9, [1], OUT)], [4, 4], throws=[1, 4]),
         _gets_home, "4:3", ANT),
    # Fire: row 7 burns; the 3 first jumps over it, the 2 first stops on it
    Step("bul", "fire", ("verbeeck",),
         _position([(5, [0], OUT), (10, [1], OUT)], [4, 4], throws=[2, 3]),
         _keeps_off_fire, "3:5", {"variant": "a-kaakil", "length": LENGTH}),
    # Scorpion: the black man on row 6 has gone past; a 2 backwards lands on him
    Step("bul", "scorpion", ("verbeeck", "capture"),
         _position([(6, [1], OUT), (8, [0], OUT)], [4, 4], throws=[2, 1]),
         _captures_on(6), "2:8b", {"variant": "aj-sinaanil", "length": LENGTH}),
    # teams: Red 1 has no men left, so he moves his teammate's (player 2's) man
    Step("bul", "team", ("teams", "verbeeck"),
         _position([(4, [2], OUT), (7, [1], OUT)], [0, 4, 4, 5], dead=[5, 0, 0, 0],
                   throws=[3, 1]),
         _captures_on(7), "3:4@2", {**ANT, "team_size": 2}),
)
