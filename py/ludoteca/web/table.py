"""The table: a game started, loaded, played, taken back and replayed.

Requests (``op`` and its fields; ``session`` names the game, ``main`` unless it says):
- ``new``: ``game``, ``options``, ``seats`` (per player ``"human"`` or a bot level),
  ``seed`` (for throws and bots) → a fresh game
- ``load``: ``record`` (or ``link``, a shared link's code), ``seats``, ``seed``, ``game``
  (optional: the game the page expects; another game's record is ``wrong_game_link``) →
  the game of a record, at its last move, with the link's seats unless ``seats`` is given
- ``levels``: ``game`` → the computer levels of a game
- ``view`` → the current view
- ``step``: ``partial`` → if ``partial`` is a complete move that cannot be extended, it is
  played; otherwise the view lists its next steps (``steps``) and whether it is already a
  legal move (``partial_complete``)
- ``play``: ``move`` → plays a complete move (also a chance outcome typed in by people)
- ``throw`` → at a chance node, draws the outcome from the seeded generator
- ``bot`` → the computer plays for the seat to move (``budget`` seconds, clamped into
  ``limits.BOT_BUDGET``)
- ``react`` → computer seats may act out of turn (a Bolonki challenge); the first does
- ``undo`` / ``redo`` → back to the last position where a person decided / forward again
- ``goto``: ``ply`` → the view after that move (replay); the game itself is unchanged
- ``truncate``: ``ply`` → continue playing from there (later moves are dropped)
- ``history`` → every move so far with its player and events (for the move log)
- ``link`` → the shared-link code of the game and its seats (``records.encode_link``)
- ``analysis_data``: ``name``, ``data`` (base64) → the engine keeps a game's data file (the
  solved Bakuk table) for every game's computer players and analysis from then on: here,
  for a computer seat may play by it from the first move (the view's ``needs``)
"""

from __future__ import annotations

import base64
import binascii

from .. import registry
from ..core import CHANCE, IllegalMoveError, OptionError, sample_chance
from ..records import decode_link, encode_link, replay
from . import fields
from .session import Session, check_person_may_move, keep, played


def op_new(engine, req):
    game = registry.new_game(req.get("game"), **fields.options(req))
    session = Session(game, [game.initial_state()], [], req.get("seats"), fields.seed(req),
                      engine.data)
    return keep(engine, req, session)


def op_load(engine, req):
    """The game of a record or link. With ``game`` the page says which game it expects: a
    record of another game is refused (``wrong_game_link``). The request's ``seats`` win
    over those a link keeps; with neither everybody is a person. The record is read by
    `records.replay`, which refuses anything but a sound record."""
    record = decode_link(req["link"]) if "link" in req else req.get("record")
    expected = fields.text(req, "game", None)
    if expected is not None and isinstance(record, dict) and record.get("game") != expected:
        raise OptionError(f"the link is a {record.get('game')!r} game, not {expected!r}",
                          "wrong_game_link", game=str(record.get("game")),
                          expected=str(expected))
    states = replay(record)
    seats = req.get("seats")
    if seats is None:
        seats = record.get("seats")
    session = Session(states[0].game, states, list(record["moves"]), seats, fields.seed(req),
                      engine.data, own_start="start" in record)
    return keep(engine, req, session)


def op_levels(engine, req):
    game = req.get("game")
    if not isinstance(game, str):
        raise OptionError(f"unknown game {game!r}", "unknown_game", game=repr(game))
    return {"levels": registry.levels(game)}


# --- the requests on a game being played ----------------------------------------------------
def op_view(session, req):
    return {"view": session.view()}


def op_step(session, req):
    partial = req.get("partial", "")
    if not isinstance(partial, str):
        raise IllegalMoveError("a step must be a string", "not_a_string")
    state = session.state
    check_person_may_move(session)
    if state.is_legal(partial) and not state.extensions(partial):
        session.play(partial)
        return played(session, partial)
    steps = state.extensions(partial)
    if partial and not steps and not state.is_legal(partial):
        try:  # the rule it breaks, in the game's own words (a forbidden click's reason)
            state.apply(partial)
        except IllegalMoveError as reason:
            if reason.code != "illegal_move":
                raise
        raise IllegalMoveError(f"{partial!r} does not start a legal move", "illegal_step",
                               move=partial)
    return {"view": session.view(partial)}


def op_play(session, req):
    move = req.get("move")
    check_person_may_move(session)
    session.play(move)
    return played(session, move)


def op_throw(session, req):
    check_person_may_move(session)
    if session.state.current_player != CHANCE:
        raise IllegalMoveError("nothing to throw now", "not_chance")
    move = sample_chance(session.state, session.rng)
    session.play(move)
    return {"view": session.view(), "played": move}


def op_bot(session, req):
    if session.scripted():  # a puzzle's prelude: the coach's next move
        move = session.coach.script[len(session.moves)]
        session.play(move)
        return {"view": session.view(), "played": move}
    player = session.state.current_player
    if player not in session.bots:
        raise IllegalMoveError("it is not a computer player's turn", "not_bot_turn")
    move = session.bots[player].choose(session.state, fields.budget(req))
    session.play(move)
    return {"view": session.view(), "played": move}


def op_react(session, req):
    """Let the computer seats act out of turn (a Bolonki challenge), in turn order
    starting with the player to move; the first that acts plays."""
    state = session.state
    if state.is_terminal or state.current_player == CHANCE:
        return {"view": session.view()}
    n = state.num_players
    for offset in range(n):
        player = (state.current_player + offset) % n
        bot = session.bots.get(player)
        move = bot.react(state) if bot else None
        if move is not None and state.is_legal(move):
            session.play(move)
            return {"view": session.view(), "played": move}
    return {"view": session.view()}


def op_undo(session, req):
    session.undo()
    return {"view": session.view()}


def op_redo(session, req):
    session.redo()
    return {"view": session.view()}


def op_goto(session, req):
    """Replay: the view after move ``ply``; the game stays as it is."""
    return {"view": session.view(ply=session.check_ply(req.get("ply")))}


def op_truncate(session, req):
    if session.coach is not None:
        raise IllegalMoveError("a lesson or a puzzle is tried again, not continued",
                               "coach_turn")
    session.truncate(req.get("ply"))
    return {"view": session.view()}


def op_history(session, req):
    """Every move with who made it and its events: for the log."""
    return {"history": [
        {"ply": i + 1, "move": move, "player": session.states[i].current_player,
         "events": session.states[i + 1].remembered(session.states[i + 1].events)}
        for i, move in enumerate(session.moves)]}


def op_link(session, req):
    return {"link": encode_link(session.record(), session.seats),
            "view": session.view()}


def op_analysis_data(engine, req):
    """A data file the page fetched (a game's, `GameSpec.data_files`), base64."""
    name, data = fields.text(req, "name"), fields.text(req, "data")
    spec = registry.data_owner(name)
    if spec is None:
        raise fields.bad_field("name", name, "the name of a game's data file")
    try:
        raw = base64.b64decode(data, validate=True)
    except binascii.Error:  # not base64
        raise fields.bad_field("data", "...", "a game's data file, base64") from None
    engine.data[name] = spec.load_data(name, raw)
    return {"loaded": name}


OPS = {  # op -> (the function that answers it, whether it is about a game being played)
    "analysis_data": (op_analysis_data, False),
    "new": (op_new, False), "load": (op_load, False), "levels": (op_levels, False),
    "view": (op_view, True), "step": (op_step, True), "play": (op_play, True),
    "throw": (op_throw, True), "bot": (op_bot, True), "react": (op_react, True),
    "undo": (op_undo, True), "redo": (op_redo, True), "goto": (op_goto, True),
    "truncate": (op_truncate, True), "history": (op_history, True), "link": (op_link, True),
}

ON_A_GAME = ("session",)  # what every request on a game being played reads
FIELDS = {  # op -> the request fields it reads (the fuzz test sends hostile ones to each)
    "analysis_data": ("name", "data"),
    "new": ("game", "options", "seats", "seed", "session"),
    "load": ("record", "link", "game", "seats", "seed", "session"),
    "levels": ("game",),
    "view": ON_A_GAME, "step": ("partial", *ON_A_GAME), "play": ("move", *ON_A_GAME),
    "throw": ON_A_GAME, "bot": ("budget", *ON_A_GAME), "react": ON_A_GAME,
    "undo": ON_A_GAME, "redo": ON_A_GAME, "goto": ("ply", *ON_A_GAME),
    "truncate": ("ply", *ON_A_GAME), "history": ON_A_GAME, "link": ON_A_GAME,
}
