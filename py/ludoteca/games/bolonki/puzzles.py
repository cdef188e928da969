"""Bolonki's memory puzzles: watch the colours, watch some moves face down, then answer
with one move — made from a seed each, deterministically, when the page asks for them.

A puzzle (a 2-player game; the person plays the seat to move at the question):
- ``start``: a position the person is shown face up (its colours, ``shown``) to memorise;
- ``prelude``: the moves then played face down, the last one the opponent's;
- ``state``: the question's position. Some pieces stand one step from a goal edge of the
  person's colours; the answer is either to bring out the one that is the person's right
  colour there, or to challenge the opponent's last move (question ``challenge``: the
  piece he moved was not his, and none of the pieces by a goal edge would score; or it was
  his, and one of them scores). Question ``which``: the opponent's last move was turned up
  at his goal edge and went back (it cannot be challenged): bring out your piece;
- ``answer`` (``"challenge"`` or ``"bring_out"``) and ``explain``: messages that say,
  after the answer, the colours that made it right.

The answer follows from what was shown alone: a perfect memory of the start's colours and
of the public moves (`belief.Memory`, as the analysis uses it) pins every colour, and the
values are the analysis' own (`BolonkiAnalyst.analyse` with that memory). A puzzle is kept
only if its best moves are one idea (the challenge, or the moves that bring out one piece)
ahead of every other move by at least `puzzle_draft.MARGIN` points. How the positions are
drawn: `puzzle_draft`.
"""

from __future__ import annotations

import random

from ...core import OptionError
from ...teaching.lessons import message
from .analysis import BolonkiAnalyst
from .belief import SCORE_VALUE, Memory
from .kernel import COLOURS, GOAL_EDGES, PIECES_PER_COLOUR, PLAYER_COLOURS, goal_colours
from .positions import position_json
from .puzzle_draft import MARGIN, PLAN, Draft
from .rules import SQUARES, Game, parse_path

COUNT = 60  # puzzles, a third of each difficulty
CASES = ("challenge", "score", "which")  # the answer: challenge; bring out (two kinds)
ATTEMPTS = 1000  # drafts of one puzzle before giving up (a few are enough)


# --- the proof -----------------------------------------------------------------------------
def perfect_memory(game, pieces: dict, viewer: int) -> Memory:
    """A memory that holds the colour of every piece of `pieces` (square -> colour, shown
    face up) and forgets nothing."""
    memory = Memory(game, viewer)
    memory.out = {c: PIECES_PER_COLOUR - list(pieces.values()).count(c) for c in memory.out}
    memory.belief = {sq: [1.0 if c == colour else 0.0 for c in COLOURS]
                     for sq, colour in pieces.items()}
    return memory


def prove(game, start_json: dict, prelude) -> dict:
    """``{"best", "values"}`` of the question after `prelude` from `start_json`, by the
    analysis with a perfect memory of the start's colours and of the moves watched."""
    state = game.state_from_json(start_json)
    memory = perfect_memory(game, state.pieces, 0)
    for move in prelude:
        state = state.apply(move)
        memory.observe(move, state.events)
    values = BolonkiAnalyst(game).analyse(state, memory=memory)["moves"]
    top = max(values.values())
    return {"best": sorted(m for m, v in values.items() if v >= top - 1e-9), "values": values}


def _draft_puzzle(game, rng, number: int, difficulty: int, case: str, person: int):
    """One attempt at puzzle `number`: the puzzle dict, or None if the draft fails."""
    plan = PLAN[difficulty - 1]
    draft = Draft(rng, person, case, plan)
    if not draft.question() or not draft.clear(perfect_memory(game, draft.board, person)):
        return None
    question_board = dict(draft.board)
    last = draft.last_move()
    if last is None:
        return None
    moves = draft.prelude(last, rng.randint(*plan["moves"]))
    if moves is None:
        return None
    opponent = 1 - person
    first = opponent if len(moves) % 2 else person
    start = position_json(game, {SQUARES[s]: c for s, c in draft.board.items()}, first,
                          move_count=rng.randint(20, 80))
    try:
        state = game.state_from_json(start)
        for move in moves:
            state = state.apply(move)
    except ValueError:  # an undone move that is not a move forward: draw again
        return None
    if {SQUARES[s]: c for s, c in question_board.items()} != state.to_json()["pieces"]:
        return None
    proof = prove(game, start, moves)
    if not _clear(proof, case, person):
        return None
    return {"id": f"bolonki-{number}", "game": "bolonki", "options": dict(game.options),
            "state": state.to_json(), **proof, "kind": "score", "difficulty": difficulty,
            **_words(state, moves[-1], case, proof["best"][0]), "line": [], "start": start,
            "prelude": moves, "shown": dict(start["pieces"]),
            "answer": "challenge" if case == "challenge" else "bring_out"}


def _words(state, last: str, case: str, best: str) -> dict:
    """The question (``question``) and, for after the answer, why it is right
    (``explain``: messages), from the question's position `state` (its colours: the
    answer shows them) after the opponent's move `last`."""
    person = state.current_player
    you = message("bolonki.pair", **{name: message(f"bolonki.colour.{c}") for name, c in
                                     zip("ab", PLAYER_COLOURS[2][person], strict=True)})
    path = parse_path(last)
    if case == "which":
        return {"question": message("puzzle.bolonki.which", you=you),
                "explain": [_brought_out(state, best)]}
    moved = {"square": SQUARES[path[-1]], "piece": _piece(state.pieces[path[-1]])}
    if case == "challenge":
        return {"question": message("puzzle.bolonki.challenge", you=you, square=moved["square"]),
                "explain": [message("puzzle.bolonki.explain.challenge", **moved,
                                    start=SQUARES[path[0]])]}
    return {"question": message("puzzle.bolonki.challenge", you=you, square=moved["square"]),
            "explain": [message("puzzle.bolonki.explain.own_piece", **moved),
                        _brought_out(state, best)]}


def _brought_out(state, best: str) -> dict:
    """Why `best` brings its piece out: its colour, and its goal edge."""
    square = parse_path(best)[0]
    colour = state.pieces[square]
    return message("puzzle.bolonki.explain.bring_out", square=SQUARES[square],
                   piece=_piece(colour), edge=message(f"lesson.bolonki.edge.{GOAL_EDGES[colour]}"))


def _piece(colour: str) -> dict:
    return message(f"bolonki.piece.{colour}")


def _clear(proof: dict, case: str, person: int) -> bool:
    """Whether the best moves are one idea, `case`'s, `MARGIN` ahead of every other."""
    best, values = proof["best"], proof["values"]
    top = values[best[0]]
    rest = max((v for m, v in values.items() if m not in best), default=None)
    if rest is None or top - rest < MARGIN:
        return False
    if case == "challenge":
        return best == [f"challenge:{person}"]
    return abs(top - SCORE_VALUE) < 1e-9 and len({m.split("-")[0] for m in best}) == 1


def make(count: int = COUNT) -> tuple:
    """The puzzles, made from their numbers as seeds: the same every time."""
    game = Game(players=2)
    found = []
    for number in range(1, count + 1):
        difficulty = 1 + (number - 1) * 3 // count
        case = CASES[(number - 1) % 3]
        person = (number - 1) // 3 % 2
        rng = random.Random(number)
        for _ in range(ATTEMPTS):
            puzzle = _draft_puzzle(game, rng, number, difficulty, case, person)
            if puzzle is not None:
                found.append(puzzle)
                break
        else:
            raise AssertionError(f"no draft of puzzle {number} is clear enough")
    return tuple(found)


def prove_puzzle(puzzle: dict) -> dict:
    """The proof of `puzzle` from scratch (`prove`), with what the person is shown first
    (``shown``). A teacher's position (no ``start``) is a puzzle of its own colours, shown
    face up, then the question at once — when its best moves bring a piece out: the worth
    of any other move is an estimate of progress, which proves nothing."""
    game = Game(**puzzle["options"])
    start = puzzle.get("start", puzzle["state"])
    proof = prove(game, start, puzzle.get("prelude", ()))
    if "start" not in puzzle:
        state = game.state_from_json(start)
        if not all(_brings_out(state, move) for move in proof["best"]):
            raise OptionError("the best move brings no piece out: its worth is an estimate",
                              "bolonki_no_piece_out")
    return {**proof, "shown": dict(start["pieces"])}


def _brings_out(state, move: str) -> bool:
    """Whether `move` takes a piece of the mover's onto its colour's goal edge."""
    path = parse_path(move)
    return path is not None and state.pieces[path[0]] in goal_colours(
        state.num_players, state.current_player, path[-1])
