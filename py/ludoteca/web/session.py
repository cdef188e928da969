"""A game being played (`Session`), the one object the table's requests work on, and the
helpers every area shares to put a game on the table (`keep`) and to answer a move a person
made (`played`).

A session holds the game's states, its public record, the bots at the table, the coach of a
lesson or puzzle, a class tournament's match and the review of the game (whose analyst's
caches last the game). It checks what it is given (`check_seats`, `check_ply`): a hostile
request cannot leave it half changed.
"""

from __future__ import annotations

import random

from .. import registry
from ..core import CHANCE, IllegalMoveError, OptionError
from ..limits import MAX_GAME_MOVES, MAX_SESSIONS
from ..records import make_record
from . import fields

HUMAN = "human"
# the requests on a tournament's game: while it is played, only its moves (and the log of
# them); once over, also the review (which changes nothing). Any other request (undo, redo,
# continue from an earlier move, a hint, a lesson's demonstration...) is refused.
MATCH_PLAYING = frozenset({"view", "step", "play", "throw", "bot", "react", "history"})
MATCH_OVER = MATCH_PLAYING | {"goto", "analyse", "why", "link"}


class Session:
    """One game being played: its states, the public record, the bots at the table and its
    review (whose analyst's caches last the game). `data`: the engine's data files."""

    match = None  # a class tournament's game (`match_codes.read_match`), else None

    def __init__(self, game, states, moves, seats, seed, data, coach=None, own_start=False):
        self.game, self.states, self.moves = game, states, moves
        self.coach = coach  # a lesson step or a puzzle on the table (`ludoteca.coach`)
        # whether the game began at a position of its own, kept in its record
        self.own_start = own_start or coach is not None
        self.spec = registry.spec_of(game.id)
        self.seed = seed
        self.data = data
        self.rng = random.Random(seed)
        self.seats = check_seats(game, seats)
        self.undone = []  # moves taken back (to redo), the next one last
        self.frames = []  # the frames of the last move played (see `view`)
        # True only while answering the request that made the last move: only then does
        # the view carry its frames (with a Bolonki colour seen for a moment)
        self.just_played = False
        self._review = None
        self._seat_bots()

    @property
    def review(self):
        """The game's review (`analysis.review.Review`), made when first asked for: the
        analysis is a room, not part of the table's start (builder/rooms.py)."""
        if self._review is None:
            from ..analysis.review import Review

            self._review = Review(registry.analyst_for(self.game, self.data))
        return self._review

    @review.setter
    def review(self, review) -> None:  # a review of one's own (a test's, without memory)
        self._review = review

    def _seat_bots(self):
        """(Re)build the bots and tell them the game so far: they remember what they saw."""
        seed = self.seed
        self.bots = {
            p: registry.bot_for(self.game, p, level,
                                seed=None if seed is None else seed * 31 + p, data=self.data)
            for p, level in enumerate(self.seats) if level != HUMAN
        }
        for i, move in enumerate(self.moves):
            self._tell_bots(move, self.states[i + 1].events)

    @property
    def state(self):
        return self.states[-1]

    def play(self, move, keep_redo=False):
        if len(self.moves) >= MAX_GAME_MOVES:
            raise IllegalMoveError(f"a game has at most {MAX_GAME_MOVES} moves",
                                   "too_many_moves", limit=MAX_GAME_MOVES)
        child, self.frames = self.state.apply_with_frames(move)
        self.states.append(child)
        self.moves.append(move)
        self._tell_bots(move, child.events)
        self.just_played = True
        if not keep_redo:
            self.undone.clear()

    def _tell_bots(self, move, events):
        for bot in self.bots.values():
            bot.observe(move, events)

    def scripted(self) -> bool:
        """Whether the next move is the coach's (a puzzle's prelude), not a person's."""
        return self.coach is not None and len(self.moves) < len(self.coach.script)

    def judged(self) -> bool:
        """Whether the coach has judged the person's answer: the game stops there."""
        return self.coach is not None and len(self.moves) > len(self.coach.script)

    def verdict(self):
        """The coach's verdict on the move just played, when it was the answer."""
        if self.coach is None or len(self.moves) != len(self.coach.script) + 1:
            return None
        return self.coach.judge(self.states[-2], self.moves[-1], self.state)

    def record(self) -> dict:
        return make_record(self.game, self.moves, self.states[0] if self.own_start else None)

    def _person_decides(self, state) -> bool:
        player = state.current_player
        return player is not None and player != CHANCE and self.seats[player] == HUMAN

    def _undo_target(self):
        """The index of the last earlier state where a person decided, or None."""
        return next((i for i in range(len(self.states) - 2, -1, -1)
                     if self._person_decides(self.states[i])), None)

    def undo(self):
        """Back to the last position where a person decided. Throws are never undone into
        other throws: undo stops just after a throw, never before it."""
        target = None if self.coach is not None else self._undo_target()
        if target is None:
            raise IllegalMoveError("nothing to undo", "nothing_to_undo")
        while len(self.states) > target + 1:
            self.states.pop()
            self.undone.append(self.moves.pop())
        self._seat_bots()

    def redo(self):
        """Forward again through the moves undone, up to the next decision of a person."""
        if not self.undone:
            raise IllegalMoveError("nothing to redo", "nothing_to_redo")
        while self.undone:
            self.play(self.undone.pop(), keep_redo=True)
            if self._person_decides(self.state):
                break
        self.just_played = False  # moves seen before: no flash of what they showed

    def truncate(self, ply):
        """Continue playing from move `ply` of the game (the later moves are dropped)."""
        self.check_ply(ply)
        del self.states[ply + 1:], self.moves[ply:]
        self.undone.clear()
        self._seat_bots()

    def check_ply(self, ply) -> int:
        if type(ply) is not int or not 0 <= ply <= len(self.moves):
            raise OptionError(f"no move {ply!r} in this game", "bad_ply", ply=repr(ply))
        return ply

    def needs(self, name):
        """``{name, path}`` of data file `name` when it is not loaded yet, else None."""
        if name is None or name in self.data:
            return None
        return {"name": name, "path": self.spec.data_files[name]}

    def view(self, partial="", ply=None, line=None) -> dict:
        """The page's view of the game now, or (replay) of the position after move `ply`,
        or of a position of a line that explains a move (`line`: ``{state, last_move}``,
        `ply` its step): shown as a replay is, nothing offered."""
        replaying = ply is not None
        state = line["state"] if line else self.states[ply] if replaying else self.state
        player = state.current_player
        frozen = replaying or self.judged() or (self.scripted() and ply is None)
        steps = state.extensions(partial) if player != CHANCE and not frozen else []
        ply = ply if replaying else len(self.moves)
        last_move = line["last_move"] if line else {
            "ply": ply, "player": self.states[ply - 1].current_player,
            "move": self.moves[ply - 1]} if ply else None
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "seats": list(self.seats),
            "observation": state.observation(None),
            # what the page may keep of the move (`State.remembered`): what it showed only
            # for a moment (a Bolonki piece turned up) is in its frames, sent once
            "events": state.remembered(state.events),
            "current_player": player,
            "terminal": state.is_terminal,
            "returns": state.returns() if state.is_terminal else None,
            "chance": [o for o, _ in state.chance_outcomes()] if player == CHANCE else [],
            "partial": partial,
            "partial_complete": bool(partial) and state.is_legal(partial),
            "partial_facts": state.partial_facts(partial) if partial else {},
            "steps": [[step, complete] for step, complete in steps],
            # what each step is (a value, a unit, a square...): no view parses notation
            "step_facts": state.step_facts(partial, steps) if steps else {},
            # what a click on each board element would ask, offered or not (`State.targets`);
            # at a throw too: a click there is answered with the rule (a throw is due)
            "targets": state.targets(partial) if player is not None and not frozen else {},
            # the move that led here: who made it (-1: a throw) and what it was
            "last_move": last_move,
            # the observation after each step of the move just played, to animate it
            "frames": self.frames if self.just_played and not replaying else [],
            "ply": ply,
            "length": len(self.moves),
            "replay": replaying,
            # nothing is taken back in a lesson, a puzzle or a tournament's game
            "can_undo": self.coach is None and self.match is None and
            self._undo_target() is not None,
            "can_redo": self.coach is None and self.match is None and bool(self.undone),
            # a coached game's record would show its start (a Bolonki puzzle's colours): the
            # page has no use for it (such a game is not saved, nor shared from there)
            "record": self.record() if self.coach is None else None,
            # a coached game: the coach plays the next move (a puzzle's prelude), or has
            # judged the answer (nothing more is offered)
            "scripted": self.scripted() and not replaying,
            "judged": self.judged(),
            # what a puzzle shows its person before its first move, to memorise (Bolonki's
            # colours, face up until the prelude is watched face down)
            "shown": self.coach.shown() if ply == 0 and self.coach is not None else None,
            # a data file a computer seat plays by, not loaded yet: the page fetches it
            "needs": self.needs(self.spec.seat_data(self.game, self.seats)),
            # a tournament's game: its round and number, and at its end the result code
            "match": self.match_view() if self.match else None,
        }

    def match_view(self) -> dict:
        from ..classroom import match_codes  # a room: only a tournament's game has a match

        state = self.state
        code = (match_codes.result_code(self.match, state.returns())
                if state.is_terminal else None)
        return {"round": self.match["round"], "game": self.match["game"],
                "code": self.match["code"], "result_code": code,
                "names": list(self.match.get("names") or ["", ""])}

    def check_match_allows(self, op: str) -> None:
        """A tournament's game is played as it falls, like a game over a real board: while
        it is played nothing helps or takes back (`MATCH_PLAYING`); once its result code is
        shown it may be reviewed but never changed (`MATCH_OVER`), so the code stays."""
        if self.match is None:
            return
        if self.state.is_terminal:
            if op not in MATCH_OVER:
                raise IllegalMoveError("the tournament game is over: its result code stays",
                                       "match_over")
        elif op not in MATCH_PLAYING:
            raise IllegalMoveError("no help, take-back or review in a tournament game "
                                   "before its result code", "match_playing")



def check_seats(game, seats):
    if seats is None:
        return [HUMAN] * game.num_players
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise OptionError(
            f"seats must list {game.num_players} players", "bad_seats",
            players=game.num_players,
        )
    levels = registry.levels(game.id)
    for seat in seats:
        if seat != HUMAN and seat not in levels:
            raise OptionError(f"unknown seat {seat!r}", "bad_level", level=repr(seat))
    return list(seats)



def keep(engine, req, session) -> dict:
    """Keep a new game under the request's session name, once it is sound."""
    name = fields.session_name(req)
    if name not in engine.sessions and len(engine.sessions) >= MAX_SESSIONS:
        raise fields.bad_field("session", name, f"at most {MAX_SESSIONS} games at once")
    engine.sessions[name] = session
    return {"view": session.view()}


def check_person_may_move(session) -> None:
    """In a coached game a person moves only to answer, and only once."""
    if session.judged() or session.scripted():
        raise IllegalMoveError("the answer is given, or the lesson is showing a move",
                               "coach_turn")


def played(session, move) -> dict:
    """The answer to a move a person made: with the coach's verdict when it answered."""
    answer = {"view": session.view(), "played": move}
    verdict = session.verdict()
    if verdict is not None:
        answer["verdict"] = verdict
    return answer
