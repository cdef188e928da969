"""Bakuk's set-up mode (`ludoteca.teaching.editor`): a click on a hole adds a seed or takes
one away; beside the board the teacher chooses whose turn it is and the seeds each player has
already captured. A legal position holds all the game's seeds, on the board or captured, and the
player to move has seeds to sow."""

from __future__ import annotations

from ...teaching.lessons import message
from .kernel import HOLES, TOTAL_SEEDS, position_key
from .rules import _key_text

TOOLS = ("add", "remove")


def targets(game, draft) -> list:
    return list(HOLES)


def edit(game, draft, tool, target) -> dict:
    holes = list(draft["holes"])
    i = HOLES.index(target)
    holes[i] = min(holes[i] + 1, TOTAL_SEEDS) if tool == "add" else max(holes[i] - 1, 0)
    return {**draft, "holes": holes}


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
