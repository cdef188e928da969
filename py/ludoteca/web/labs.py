"""The labs: the bean lab and the fairness lab (`ludoteca.labs`).

The bean lab (`ludoteca.labs.bean_lab`; ``game`` names a game with beans):
- ``beans_facts`` → the lab's facts (the beans, each count of marked faces' value and odds)
- ``beans_verdict``: ``tallies`` (one per count of marked faces), ``bias`` (optional, a
  percent) → each count observed and expected, the chi-square test, its verdict and (with
  ``bias``) the throws that would show beans biased that much
- ``beans_throw``: ``count``, ``seed`` → throws on screen, drawn as the game draws them
- ``beans_code``: ``class``, ``group``, ``tallies`` → the group's result codes
- ``beans_read``: ``code`` (a code or a result link), ``class``, ``pooled`` → what it holds
  and whether it is new, a duplicate or an update of a part pooled before

The fairness lab (`ludoteca.labs.fairness`; ``game`` names any game):
- ``fairness_lab`` → its lab levels and options, the comparison's axes, the shipped results
- ``fairness_config``: ``options``, ``levels`` → a configuration's key and shipped result
- ``fairness_run``: ``options``, ``levels``, ``seed``, ``first``, ``games``, ``seconds``,
  ``tally``, ``baseline`` → a slice of a seeded run, its tally and what it says
"""

from __future__ import annotations

import math

from .. import registry
from ..core import OptionError
from ..labs import bean_lab, fairness
from . import fields


# --- the bean lab ---------------------------------------------------------------------------
def op_beans_facts(engine, req):
    return {"lab": bean_lab.facts(bean_lab.lab_of(req.get("game")))}


def op_beans_verdict(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"verdict": bean_lab.verdict(lab, req.get("tallies"), req.get("bias"))}


def op_beans_throw(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"throws": bean_lab.throws(lab, req.get("count"), fields.seed(req))}


def op_beans_code(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"codes": bean_lab.make_codes(lab, req.get("class"), req.get("group"),
                                         req.get("tallies"))}


def op_beans_read(engine, req):
    lab = bean_lab.lab_of(req.get("game"))
    return {"read": bean_lab.read_code(lab, req.get("code"), req.get("class"),
                                       req.get("pooled"))}


# --- the fairness lab -----------------------------------------------------------------------
def op_fairness_lab(engine, req):
    """What the lab shows of ``game`` at once: its lab levels and options, the comparison's
    axes and the shipped results (with what they say)."""
    return {"lab": fairness.lab_of(registry.spec_of(req.get("game")).id)}


def op_fairness_config(engine, req):
    """A configuration of ``game`` with ``options`` (and ``levels``, the lab level at each
    seat if absent): its full options, key, fair share and shipped result (or null)."""
    options = fields.options(req)
    levels = req.get("levels")
    if levels is not None and not (isinstance(levels, list) and all(
            isinstance(level, str) for level in levels)):
        raise OptionError("levels are named", "bad_lab_levels", players="?")
    return {"config": fairness.config_of(registry.spec_of(req.get("game")).id, options,
                                         levels)}


def op_fairness_run(engine, req):
    """A slice of a lab run: games ``first``.. of the run seeded ``seed`` between
    ``levels`` (one per seat) with ``options``, at most ``games`` of them and, with
    ``seconds``, no longer than that. With ``tally`` (the run's so far) the answer's tally
    is the sum; with ``baseline`` (a tally of the game as it was) it says whether the change
    made it fairer (``verdict``)."""
    game = registry.new_game(req.get("game"), **fields.options(req))
    spec = registry.spec_of(game.id)
    levels = req.get("levels")
    if not isinstance(levels, list) or len(levels) != game.num_players or not all(
            isinstance(level, str) and level in spec.lab_levels for level in levels):
        raise OptionError(f"the lab seats {game.num_players} of {list(spec.lab_levels)}",
                          "bad_lab_levels", players=game.num_players)
    seed = fields.whole(req, "seed", 0, 2**31, 0)
    first = fields.whole(req, "first", 0, 10**9, 0)
    count = fields.whole(req, "games", 0, fairness.MAX_GAMES_PER_REQUEST, 1)
    seconds = req.get("seconds")  # how long the slice may play: clamped, never endless
    if seconds is not None:
        if type(seconds) not in (int, float) or not math.isfinite(seconds):
            raise fields.bad_field("seconds", seconds, "a number of seconds")
        low, high = fairness.SLICE_SECONDS
        seconds = min(max(float(seconds), low), high)
    played = fairness.play(game, levels, seed, first, max(count, 1), engine.data, seconds)
    tally = played
    if req.get("tally") is not None:
        tally = fairness.merge(fairness.check_tally(req["tally"], game.num_players), played)
    fair = spec.lab_fair_share(game)
    said = fairness.summary(tally, fair)
    said["levels"] = fairness.levels_verdict(said, levels, spec.lab_levels)
    answer = {"played": played["games"], "tally": tally, "summary": said}
    if req.get("baseline") is not None:
        before = _baseline(req["baseline"])
        answer["verdict"] = fairness.compare(before, answer["summary"])
    return answer


def _baseline(baseline) -> dict:
    """The summary of a run's baseline ``{tally, fair}`` (the game before a change)."""
    if not isinstance(baseline, dict) or not isinstance(baseline.get("tally"), dict):
        raise OptionError("a baseline is a tally and its fair share", "bad_tally")
    fair = baseline.get("fair")
    wins = baseline["tally"].get("wins")
    if type(fair) not in (int, float) or not 0 < fair <= 1 or not isinstance(wins, list):
        raise OptionError("a baseline is a tally and its fair share", "bad_tally")
    return fairness.summary(fairness.check_tally(baseline["tally"], len(wins)), fair)


OPS = {
    "beans_facts": (op_beans_facts, False), "beans_verdict": (op_beans_verdict, False),
    "beans_throw": (op_beans_throw, False), "beans_code": (op_beans_code, False),
    "beans_read": (op_beans_read, False),
    "fairness_lab": (op_fairness_lab, False), "fairness_config": (op_fairness_config, False),
    "fairness_run": (op_fairness_run, False),
}

FIELDS = {
    "beans_facts": ("game",), "beans_verdict": ("game", "tallies", "bias"),
    "beans_throw": ("game", "count", "seed"),
    "beans_code": ("game", "class", "group", "tallies"),
    "beans_read": ("game", "code", "class", "pooled"),
    "fairness_lab": ("game",), "fairness_config": ("game", "options", "levels"),
    "fairness_run": ("game", "options", "levels", "seed", "first", "games", "seconds",
                     "tally", "baseline"),
}
