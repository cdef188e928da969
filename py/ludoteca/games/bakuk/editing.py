"""Bakuk's set-up mode (`ludoteca.teaching.editor`): a click on a hole adds a seed or takes
one away, or sets its count at once (``set``); beside the board the teacher chooses whose turn
it is and the seeds each player has already captured.

Which positions the rules can reach (docs/rules/bakuk.md), and what is checked here:
- Seeds are never added nor lost: holes + captures always add up to 36 (checked).
- A capture takes whole holes holding exactly 2 or 4, so every capture is even and so is
  each player's total of captures, in 2- and 3-player games alike (checked, player by
  player). With the 36, the board then holds an even number too: the solved table covers
  every such board, so a 2-player position that passes can always be analysed and proven.
- The game ends when the player to move has no seeds: a position where he has none is over,
  not one to play from (checked).
- Repetition: the position starts its own history (seen once), so no repetition is pending.
Beyond these, full reachability from the opening is not decided (that is a search over
millions of positions, too slow for a click); the three conditions are necessary, and they
rule out every position the engine could not play, analyse, link or prove."""

from __future__ import annotations

from ...teaching.lessons import message
from .kernel import HOLES, TOTAL_SEEDS, position_key
from .rules import _key_text

TOOLS = ("add", "remove")
SET = "set"  # the count of one hole at once (`set_count`), beside the click's tools


def targets(game, draft) -> list:
    return list(HOLES)


def edit(game, draft, tool, target) -> dict:
    holes = list(draft["holes"])
    i = HOLES.index(target)
    holes[i] = min(holes[i] + 1, TOTAL_SEEDS) if tool == "add" else max(holes[i] - 1, 0)
    return {**draft, "holes": holes}


def set_count(game, draft, target, count) -> dict:
    """The draft with hole `target` holding `count` seeds (0..36)."""
    holes = list(draft["holes"])
    holes[HOLES.index(target)] = count
    return {**draft, "holes": holes}


def most(game, draft, target) -> int:
    """The most seeds a hole may be set to."""
    return TOTAL_SEEDS


def choices(game, draft) -> dict:
    found = {"to_move": list(range(game.num_players))}
    for p in range(game.num_players):
        found[f"captured.{p}"] = list(range(TOTAL_SEEDS + 1))
    return found


def choose(game, draft, name, value) -> dict:
    if name.startswith("captured."):
        captured = list(draft["captured"])
        captured[int(name.partition(".")[2])] = value
        return {**draft, "captured": captured}
    return {**draft, name: value}


def chosen(game, draft) -> dict:
    """The value of each choice now (the page shows them selected)."""
    return {"to_move": draft["to_move"],
            **{f"captured.{p}": n for p, n in enumerate(draft["captured"])}}


def problems(game, draft) -> list:
    found = []
    total = sum(draft["holes"]) + sum(draft["captured"])
    if total != TOTAL_SEEDS:
        found.append(message("bakuk.setup.problem.seeds", n=total, total=TOTAL_SEEDS))
    for player, seeds in enumerate(draft["captured"]):
        if seeds % 2:  # every capture is of holes holding 2 or 4
            found.append(message("bakuk.setup.problem.odd_captured", n=seeds,
                                 name=message(f"bakuk.player.{game.num_players}.{player}")))
    if not any(draft["holes"][i] for i in game.owned[draft["to_move"]]):
        found.append(message("bakuk.setup.problem.no_seeds",
                             holes=" ".join(HOLES[i] for i in game.owned[draft["to_move"]])))
    return found


def state(game, draft):
    """The position, seen once: its repetitions count from here."""
    key = position_key(tuple(draft["holes"]), draft["to_move"])
    return game.state_from_json({**draft, "seen": {_key_text(key): 1}})


def observation(game, draft) -> dict:
    return game.State._from_json(game, {**draft, "seen": {}}).observation(None)
