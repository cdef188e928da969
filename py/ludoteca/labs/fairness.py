"""The fairness lab: is a game fair to the player who starts? Computer-vs-computer games,
counted in a *tally*, and what the tally says with 95 % intervals (`stats.wilson_interval`).

A run is seeded: game number ``i`` of a run with seed ``s`` draws everything (throws, the
players' choices) from ``random.Random(f"{s}/{i}")``, so the same games come out however
the run is cut into slices (the page asks for a slice of ~0.3 s at a time) and on any
machine. The players are the game's lab levels (`GameSpec.lab_levels`): levels that
think a fixed amount (a fixed depth or a fixed number of samples), never for a time, so a
result does not depend on the machine either.

A tally is plain JSON: ``{"games", "wins": [per seat], "draws", "moves", "shortest",
"longest"}`` (``moves``: the players' moves of all its games, throws not counted). A seat
wins when its result is positive (in team play both seats of the winning side win); a game
nobody wins is a draw.

The shipped results (``python3 build.py fairness``) are each game's `lab_configs` played
with `SHIPPED_SEED` and written as data into its package's ``fairness_set.py``, each with
the tally of its first `SAMPLE_GAMES` games too (``sample``), which a test plays again.
"""

from __future__ import annotations

import importlib
import random
import time

from .. import registry
from ..core import OptionError
from .stats import wilson_interval

SHIPPED_SEED = 37
SAMPLE_GAMES = 40  # the shipped tally of a run's first games too: what a test replays
MAX_GAMES_PER_REQUEST = 5000
SLICE_SECONDS = (0.05, 1.0)  # how long one request may play: the page asks for ~0.3 s


def new_tally(players: int) -> dict:
    return {"games": 0, "wins": [0] * players, "draws": 0, "moves": 0,
            "shortest": None, "longest": None}


def add_game(tally: dict, returns: list, moves: int) -> None:
    """Count one game (its `returns` and its number of moves) in `tally`."""
    tally["games"] += 1
    won = False
    for seat, result in enumerate(returns):
        if result > 0:
            tally["wins"][seat] += 1
            won = True
    if not won:
        tally["draws"] += 1
    tally["moves"] += moves
    tally["shortest"] = moves if tally["shortest"] is None else min(tally["shortest"], moves)
    tally["longest"] = moves if tally["longest"] is None else max(tally["longest"], moves)


def merge(a: dict, b: dict) -> dict:
    """One tally of the games of both."""
    if len(a["wins"]) != len(b["wins"]):
        raise ValueError("tallies of different numbers of players")
    ends = [t for t in (a, b) if t["games"]]
    return {"games": a["games"] + b["games"],
            "wins": [x + y for x, y in zip(a["wins"], b["wins"], strict=True)],
            "draws": a["draws"] + b["draws"], "moves": a["moves"] + b["moves"],
            "shortest": min((t["shortest"] for t in ends), default=None),
            "longest": max((t["longest"] for t in ends), default=None)}


def check_tally(tally, players: int) -> dict:
    """A tally sent back by the page, read as hostile input."""
    try:
        games, wins, draws = tally["games"], tally["wins"], tally["draws"]
        counts = [games, draws, tally["moves"], *wins]
        ends = [tally["shortest"], tally["longest"]]
        sound = (all(type(c) is int and c >= 0 for c in counts) and len(wins) == players
                 and draws <= games and all(w <= games for w in wins)
                 and all(e is None or type(e) is int and e >= 0 for e in ends))
    except (KeyError, TypeError):
        sound = False
    if not sound:
        raise OptionError("not a tally of this lab", "bad_tally")
    return {"games": games, "wins": list(wins), "draws": draws, "moves": tally["moves"],
            "shortest": ends[0], "longest": ends[1]}


def rng_of(seed: int, index: int) -> random.Random:
    """The generator of game `index` of a run seeded `seed`."""
    return random.Random(f"{seed}/{index}")


def play(game, levels: list, seed: int, first: int, count: int, data=None,
         seconds=None) -> dict:
    """Games ``first``.. ``first + count - 1`` of a run, as a tally; with `seconds`, fewer
    when that time has passed (at least one game is played)."""
    spec = registry.spec_of(game.id)
    tally = new_tally(game.num_players)
    started = time.perf_counter()
    for index in range(first, first + count):
        returns, moves = spec.lab_game(game, levels, rng_of(seed, index), data or {})
        add_game(tally, returns, moves)
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
    return tally


def _rate(successes: int, trials: int) -> dict:
    if trials <= 0:
        return {"rate": None, "low": None, "high": None}
    low, high = wilson_interval(successes, trials)
    return {"rate": successes / trials, "low": low, "high": high}


def summary(tally: dict, fair: float) -> dict:
    """What a tally says: each seat's win rate, the draw rate, the first player's share of
    the games somebody won (fair: `fair`, e.g. 1/2) with its verdict, the average length.
    Rates come with their 95 % interval."""
    games, draws = tally["games"], tally["draws"]
    decided = games - draws
    share = _rate(tally["wins"][0], decided)
    if share["rate"] is None:
        verdict = "unknown"
    elif share["low"] > fair:
        verdict = "first"  # the first player wins more often than a fair game lets him
    elif share["high"] < fair:
        verdict = "others"
    else:
        verdict = "fair"  # as far as these games can tell
    return {"games": games, "wins": [_rate(w, games) for w in tally["wins"]],
            "draws": _rate(draws, games), "share": share, "fair": fair, "verdict": verdict,
            "length": tally["moves"] / games if games else None,
            "shortest": tally["shortest"], "longest": tally["longest"]}


def levels_verdict(said: dict, levels: list, ranks: tuple) -> dict | None:
    """What a summary says when the seats play at different levels (`ranks`: the lab's
    levels, weakest first): then the share measures skill as much as the first move, so the
    verdict names the seat that wins more and whether its level is the stronger —
    ``{"leader", "level", "stronger"}``, ``leader`` None when these games show nobody ahead.
    None when every seat plays at one level (the verdict is then about who starts)."""
    if len(set(levels)) < 2:
        return None
    leader = None
    if said["verdict"] == "first":
        leader = 0
    elif said["verdict"] == "others":  # the other seat that wins most
        leader = max(range(1, len(levels)), key=lambda p: said["wins"][p]["rate"] or 0)
    if leader is None:
        return {"leader": None, "level": None, "stronger": None}
    top = max(ranks.index(level) for level in levels)
    return {"leader": leader, "level": levels[leader],
            "stronger": ranks.index(levels[leader]) == top}


def unfairness(share: dict, fair: float) -> tuple:
    """How far from fair the first player's share may be, 95 % sure: (least, most)."""
    low, high = share["low"], share["high"]
    least = 0.0 if low <= fair <= high else min(abs(low - fair), abs(high - fair))
    return least, max(abs(low - fair), abs(high - fair))


def compare(before: dict, after: dict) -> str:
    """Whether a change made the game fairer: ``"fairer"``, ``"less_fair"`` (each sure
    when the two ranges of unfairness do not overlap) or ``"unclear"`` (the same, as far as
    these games can tell). `before`, `after`: summaries."""
    if before["share"]["rate"] is None or after["share"]["rate"] is None:
        return "unclear"
    least_before, most_before = unfairness(before["share"], before["fair"])
    least_after, most_after = unfairness(after["share"], after["fair"])
    if most_after < least_before:
        return "fairer"
    if least_after > most_before:
        return "less_fair"
    return "unclear"


def config_key(options: dict, levels: list) -> str:
    """The name of a configuration: its options (all of them, defaults filled in) and its
    seats' levels."""
    parts = [f"{name}={options[name]}" for name in sorted(options)]
    return "&".join(parts) + "|" + ",".join(levels)


def lab_of(game_id: str) -> dict:
    """What the lab page shows of a game before any run: its lab levels, the options the
    class may change, the comparison's axes, the shipped results and the exact answers."""
    spec = registry.spec_of(game_id)
    described = spec.Game.describe_options()
    options = {name: described[name] for name in spec.lab_option_names()}
    return {"game": game_id, "levels": list(spec.lab_levels), "level": spec.lab_level,
            "options": options, "compare": list(spec.lab_compare),
            "baseline": config_of(game_id, {}),
            "shipped": [_described(result) for result in shipped(game_id)]}


def _described(result: dict) -> dict:
    """A shipped result as the page gets it: with its summary, without its test sample."""
    return {**{k: v for k, v in result.items() if k != "sample"},
            "summary": summary(result["tally"], result["fair"])}


def config_of(game_id: str, options: dict, levels=None) -> dict:
    """A configuration as the lab names it: its options with the defaults filled in, its
    seats' levels (the lab level at each unless `levels` fit the seats), its key, the fair
    share, the number of players and its shipped result (with its summary) or None."""
    spec = registry.spec_of(game_id)
    game = registry.new_game(game_id, **options)
    if not levels or len(levels) != game.num_players or any(
            level not in spec.lab_levels for level in levels):
        levels = [spec.lab_level] * game.num_players  # levels that do not fit these seats
    full = dict(game.options)
    key = config_key(full, levels)
    found = next((r for r in shipped(game_id) if r["key"] == key), None)
    fair = spec.lab_fair_share(game)
    return {"options": full, "levels": levels, "key": key, "fair": fair,
            "players": game.num_players,
            "shipped": None if found is None else _described(found)}


def shipped(game_id: str) -> tuple:
    """The game's shipped results (``RESULTS`` of its package's ``fairness_set``), or ()."""
    spec = registry.spec_of(game_id)
    name = f"{type(spec).__module__}.fairness_set"
    try:  # imported when the lab asks, not with the game
        return importlib.import_module(name).RESULTS
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return ()


def make_shipped(game_id: str, data=None, scale: float = 1.0) -> tuple:
    """The shipped results made afresh: each of `lab_configs` played by the lab level at
    every seat, seeded `SHIPPED_SEED` (`scale` shrinks the numbers of games, for a test)."""
    spec = registry.spec_of(game_id)
    made = []
    for options, games in spec.lab_configs():
        game = registry.new_game(game_id, **options)
        levels = [spec.lab_level] * game.num_players
        count = max(1, round(games * scale))
        first = play(game, levels, SHIPPED_SEED, 0, min(count, SAMPLE_GAMES), data)
        rest = play(game, levels, SHIPPED_SEED, SAMPLE_GAMES, count - SAMPLE_GAMES, data) if (
            count > SAMPLE_GAMES) else new_tally(game.num_players)
        full = dict(game.options)
        made.append({"options": full, "levels": levels, "seed": SHIPPED_SEED,
                     "key": config_key(full, levels), "fair": spec.lab_fair_share(game),
                     "exact": spec.lab_exact(game, data or {}), "tally": merge(first, rest),
                     "sample": first})
    return tuple(made)
