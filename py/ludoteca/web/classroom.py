"""The classroom: a class tournament and its games (`ludoteca.classroom`).

The tournament travels with each request (the teacher's page keeps it, the engine nothing):
- ``tournament_new``: ``names``, ``game``, ``options``, ``system``, ``boards``, ``rounds``
  (Swiss), ``seed`` (draws its tag) → its first round paired
- ``tournament_view``: ``tournament`` → its standings and the round's match codes
- ``tournament_enter``: ``tournament``, ``code`` → a result code typed in, entered
- ``tournament_clear``: ``tournament``, ``game`` → a result of this round taken back
- ``tournament_next``: ``tournament`` → the next round paired
Each answers the tournament as the teacher's page shows it (`_described`).

A pupil's device:
- ``match``: ``code`` → what a match code holds: its round, game, the game and its options
  (the page asks the pupils' names in their seats, then opens that game's page with it)
- ``match_new``: ``code``, ``game`` (the page's), ``names`` (the two pupils, first the one
  who starts, as they typed them), ``record`` (a saved game), ``seed`` → the tournament's
  game on the table, or resumed. While it is played the session refuses help and take-backs,
  and once over any change (`Session.check_match_allows`): its result code stays.

A teacher's platform (`ludoteca.classroom.scorm`):
- ``scorm_package``: ``standard`` ("1.2" | "2004"), ``site`` (the page's own address),
  ``activity``, ``title``, ``lang``, ``mastery``, ``launch`` (the site's ``scorm/index.html``
  and ``scorm/launch.js`` as texts, fetched by the page) → ``name`` and ``zip`` (base64): a
  linked package, made by the same Python as `python3 build.py scorm`.
"""

from __future__ import annotations

import base64
import random

from .. import registry
from ..classroom import match_codes, scorm, tournament
from ..core import OptionError
from ..records import replay
from . import fields
from .session import Session, keep


def _described(t) -> dict:
    """The teacher's view of tournament `t`: its standings and the round's match codes."""
    number = len(t["rounds"])
    codes_now = [match_codes.match_code(t["tag"], number, game, t["game"], t["options"])
                 for game in range(len(t["rounds"][-1]["pairs"]))]
    return {**tournament.described(t), "match_codes": codes_now}


def _tournament(req) -> dict:
    t = tournament.check(req.get("tournament"))
    match_codes.options_number(t["game"], t["options"])  # a game this site can pair
    return t


def op_tournament_new(engine, req):
    """A tournament: ``names``, ``game``, ``options``, ``system``, ``boards``, ``rounds``
    (Swiss), ``seed`` (draws its tag) → its first round paired."""
    game, options = req.get("game"), fields.options(req)
    match_codes.options_number(game, options)
    options = dict(registry.new_game(game, **options).options)
    tag = random.Random(fields.seed(req)).randrange(1 << match_codes.TAG_BITS)
    return _described(tournament.new(req.get("names"), game, options, req.get("system"),
                                     req.get("boards"), tag, req.get("rounds")))


def op_tournament_view(engine, req):
    return _described(_tournament(req))


def op_tournament_enter(engine, req):
    """A result ``code`` typed in: refused (in words) if mistyped, of another tournament or
    round, or of a game already entered."""
    t = _tournament(req)
    result = match_codes.read_result(req.get("code"))
    if result["tag"] != t["tag"]:
        raise OptionError("the code is of another tournament", "result_other_tournament")
    t = tournament.enter(t, result["round"], result["game"], result["result"])
    return {**_described(t), "entered": result}


def op_tournament_clear(engine, req):
    return _described(tournament.clear(_tournament(req), req.get("game")))


def op_tournament_next(engine, req):
    return _described(tournament.next_round(_tournament(req)))


def op_match(engine, req):
    """What a match ``code`` holds (the page opens that game's page with it)."""
    match = match_codes.read_match(req.get("code"))
    return {"match": {k: match[k] for k in ("round", "game", "game_id", "options", "code")}}


def op_match_new(engine, req):
    """A tournament's game from its match ``code``: two people, the tournament's options —
    or, with ``record``, that game resumed (a record of other options is refused)."""
    match = match_codes.read_match(req.get("code"))
    names = req.get("names")  # none: an older page's request; the seats go unnamed
    match["names"] = ["", ""] if names is None else tournament.pair_names(names)
    expected = req.get("game")
    if expected is not None and expected != match["game_id"]:
        raise OptionError(f"the code is a {match['game_id']!r} game", "wrong_game_link",
                          game=match["game_id"], expected=str(expected))
    game = registry.new_game(match["game_id"], **match["options"])
    states, moves = [game.initial_state()], []
    record = req.get("record")
    if record is not None:
        options = (record.get("options") or {}) if isinstance(record, dict) else None
        if not isinstance(options, dict) or record.get("game") != game.id or \
                registry.new_game(game.id, **options).options != game.options or \
                "start" in record:
            raise OptionError("the saved game is not this match's", "corrupt_save")
        states, moves = replay(record), list(record["moves"])
    session = Session(states[0].game, states, moves, None, fields.seed(req), engine.data)
    session.match = match
    return keep(engine, req, session)


MAX_LAUNCH_FILE = 200_000  # characters of a launch file (they are a few KB)


def op_scorm_package(engine, req):
    """A linked SCORM package (a self-contained one needs the whole site: the command line's)."""
    launch = req.get("launch")
    if not isinstance(launch, dict) or any(
            not isinstance(launch.get(name), str) or len(launch[name]) > MAX_LAUNCH_FILE
            for name in scorm.LAUNCH_FILES):
        raise fields.bad_field("launch", launch, "the texts of scorm/index.html and launch.js")
    settings = scorm.settings(req.get("standard"), "linked", req.get("site"),
                              req.get("activity"), req.get("title"), req.get("lang"),
                              req.get("mastery"))
    data = scorm.package(settings, {name: launch[name].encode() for name in scorm.LAUNCH_FILES})
    return {"name": scorm.file_name(settings), "zip": base64.b64encode(data).decode("ascii"),
            "bytes": len(data)}


OPS = {
    "tournament_new": (op_tournament_new, False),
    "tournament_view": (op_tournament_view, False),
    "tournament_enter": (op_tournament_enter, False),
    "tournament_clear": (op_tournament_clear, False),
    "tournament_next": (op_tournament_next, False),
    "match": (op_match, False), "match_new": (op_match_new, False),
    "scorm_package": (op_scorm_package, False),
}

FIELDS = {
    "tournament_new": ("names", "game", "options", "system", "boards", "rounds", "seed"),
    "tournament_view": ("tournament",), "tournament_enter": ("tournament", "code"),
    "tournament_clear": ("tournament", "game"), "tournament_next": ("tournament",),
    "match": ("code",), "match_new": ("code", "game", "names", "record", "seed", "session"),
    "scorm_package": ("standard", "site", "activity", "title", "lang", "mastery", "launch"),
}
