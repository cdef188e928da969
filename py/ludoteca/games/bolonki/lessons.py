"""Bolonki's lesson: nine steps, from memorising the set-up to bringing out the last
piece. The person plays Blue and Yellow (player 0) against Red and Green in a 2-player game.

Most steps are practice games (`practice`: every colour shown), so that a rule is seen
working; two are played face down as in a real game: the first (the set-up, shown for a
few seconds before the pieces turn face down, as at the start of every game) and the
challenge made from memory alone. Each goal is checked on what the move did: the colour
of the piece it moved (the engine knows it), how far it went, what was turned up.
"""

from __future__ import annotations

from ...teaching.lessons import Step, message
from .kernel import GOAL_EDGES, PLAYER_COLOURS, SIZE, goal_distance
from .positions import position
from .rules import SQUARES, parse_path

PRACTICE = {"practice": True}
YOU = 0  # the person is player 0: Blue and Yellow
MINE = PLAYER_COLOURS[2][YOU]


# --- words -------------------------------------------------------------------------------
def _why(name: str, **params) -> dict:
    return message(f"lesson.bolonki.why.{name}", **params)


def _piece(colour: str) -> dict:
    return message(f"bolonki.piece.{colour}")


def _edge(colour: str) -> dict:
    """The goal edge of `colour`, in words ("the top edge (rank 8)")."""
    return message(f"lesson.bolonki.edge.{GOAL_EDGES[colour]}")


# --- what a move did ---------------------------------------------------------------------
def _moved(state, move):
    """(path, colour) of a board move: its squares and the colour of the piece it moved."""
    path = parse_path(move)
    return path, state.pieces[path[0]]


def _event(child, kind: str):
    return next((e for e in child.events if e["type"] == kind), None)


# --- goals ---------------------------------------------------------------------------------
def _toward_goal(colour: str):
    """Move a piece of `colour` closer to its goal edge."""
    def goal(state, move, child):
        path, moved = _moved(state, move)
        if moved != colour:
            return _why("wrong_colour", piece=_piece(moved), wanted=_piece(colour))
        if goal_distance(path[-1], colour) >= goal_distance(path[0], colour):
            return _why("not_closer", piece=_piece(moved), edge=_edge(colour))
        return None
    return goal


def _away_from_goal(colour: str):
    """Move a piece of `colour` (another player's) further from its goal edge."""
    def goal(state, move, child):
        path, moved = _moved(state, move)
        if moved != colour:
            return _why("wrong_colour", piece=_piece(moved), wanted=_piece(colour))
        if goal_distance(path[-1], colour) <= goal_distance(path[0], colour):
            return _why("not_further", piece=_piece(moved), edge=_edge(colour))
        return None
    return goal


def _rank(square: int) -> int:
    return square // SIZE + 1


def _highest(square: str):
    """Take the (blue) piece on `square` as far up the board as any of its moves can."""
    def goal(state, move, child):
        path = parse_path(move)
        if SQUARES[path[0]] != square:
            return _why("other_piece", square=square)
        best = max(_rank(p[-1]) for p in map(parse_path, state.legal_moves())
                   if p and SQUARES[p[0]] == square)
        if _rank(path[-1]) < best:
            return _why("not_far", square=SQUARES[path[-1]], rank=_rank(path[-1]), best=best)
        return None
    return goal


def _brings_out(state, move, child):
    """Bring one of your pieces out (it is turned up on its goal edge and leaves)."""
    reveal = _event(child, "reveal")
    if reveal is None:
        path, colour = _moved(state, move)
        if colour in MINE:
            return _why("no_reveal", piece=_piece(colour), edge=_edge(colour))
        return _why("not_yours", piece=_piece(colour))
    if reveal["result"] == "returned":
        return _why("returned", piece=_piece(reveal["colour"]), square=reveal["square"],
                    to=reveal["to"])
    return None


def _wins(state, move, child):
    """Bring out your last piece: the game is won."""
    if child.winner == YOU:
        return None
    return _brings_out(state, move, child) or _why("not_won")


def _challenges(state, move, child):
    """Challenge the move just made (the piece moved is not the mover's)."""
    if move == f"challenge:{YOU}":
        return None
    last = state.last_path
    return _why("not_challenged", piece=_piece(state.pieces[last[-1]]),
                square=SQUARES[last[-1]], start=SQUARES[last[0]])


def _challenges_from_memory(state, move, child):
    """As `_challenges`, face down: the why says where the piece started."""
    if move == f"challenge:{YOU}":
        return None
    last = state.last_path
    return _why("missed", piece=_piece(state.pieces[last[-1]]), start=SQUARES[last[0]])


def _plays_on(state, move, child):
    """Do not challenge a move of the mover's own piece: bring a piece of yours nearer its
    goal instead."""
    if move == f"challenge:{YOU}":
        last = state.last_path
        return _why("wrong_challenge", piece=_piece(state.pieces[last[-1]]),
                    square=SQUARES[last[-1]])
    path, colour = _moved(state, move)
    if colour not in MINE:
        return _why("not_yours", piece=_piece(colour))
    return _toward_goal(colour)(state, move, child)


# --- positions -----------------------------------------------------------------------------
def _start(game):
    """The set-up of a new game (shown face up for a few seconds, then face down)."""
    return game.initial_state()


def _at(pieces: dict, to_move: int = YOU, then: tuple = ()):
    """A position with `pieces` on the board (the other pieces out), after `then` (moves
    played from it, e.g. the opponent's last move, open to a challenge)."""
    def setup(game):
        state = position(game, pieces, to_move, move_count=60)
        for move in then:
            state = state.apply(move)
        return state
    return setup


def _after(*moves):
    """The set-up, after `moves`."""
    def setup(game):
        state = game.initial_state()
        for move in moves:
            state = state.apply(move)
        return state
    return setup


STEPS = (
    Step("bolonki", "memorise", ("setup", "hidden", "move"), _start, _toward_goal("B"), "d1-d2"),
    Step("bolonki", "any_piece", ("move",),
         _at({"c3": "B", "e5": "B", "b4": "Y", "d6": "Y", "d3": "R", "f4": "R", "e2": "G",
              "g6": "G"}),
         _away_from_goal("R"), "d3-d4", PRACTICE),
    Step("bolonki", "jump", ("move",),
         _at({"d2": "B", "g5": "B", "c4": "Y", "b7": "Y", "d3": "R", "f6": "R", "d5": "G",
              "g3": "G"}),
         _highest("d2"), "d2-d4-d6", PRACTICE),
    Step("bolonki", "bring_out", ("reveal",),
         _at({"e7": "B", "b2": "B", "c7": "Y", "f4": "Y", "g7": "R", "e3": "R", "c4": "G",
              "h5": "G"}),
         _brings_out, "e7-e8", PRACTICE),
    Step("bolonki", "other_edge", ("reveal",),
         _at({"g6": "B", "d2": "B", "g3": "Y", "b4": "Y", "c6": "R", "e8": "R", "f5": "G",
              "b2": "G"}),
         _brings_out, "g3-h3", PRACTICE),
    Step("bolonki", "challenge", ("challenge",),
         _at({"d6": "B", "b2": "B", "c3": "Y", "f2": "Y", "e5": "R", "b6": "R", "f3": "G",
              "g7": "G"}, to_move=1, then=("d6-d5",)),
         _challenges, f"challenge:{YOU}", PRACTICE),
    Step("bolonki", "price", ("challenge",),
         _at({"c3": "B", "e6": "B", "b6": "Y", "e2": "Y", "d5": "R", "g6": "R", "f4": "G",
              "c7": "G"}, to_move=1, then=("d5-d4",)),
         _plays_on, "e6-e7", PRACTICE),
    Step("bolonki", "spot", ("hidden", "challenge"), _after("c1-c2", "a4-b5"),
         _challenges_from_memory, f"challenge:{YOU}"),
    Step("bolonki", "last_piece", ("end",),
         _at({"g4": "Y", "g6": "R", "c5": "R", "e3": "G", "b7": "G"}),
         _wins, "g4-h4", PRACTICE),
)
