"""How a Bolonki memory puzzle is drawn (`puzzles`): the question's board first — the
pieces by the person's goal edges, one to bring out or none, the others harmless — then the
prelude backward from it. A move undone is a legal move of the board before it (a step or
a chain of jumps played backward is one, over the same pieces), so the start is where the
undone moves lead. Pieces stay off the edges until the question, so that no move of the
prelude is turned up (but the last, in a ``which`` puzzle).
"""

from __future__ import annotations

from .analysis import RIGHT_GAIN
from .belief import SCORE_VALUE, move_value
from .kernel import (
    COLOURS,
    GOAL,
    NEIGHBOURS,
    PIECES_PER_COLOUR,
    PLAYER_COLOURS,
    SIZE,
    BoardMoves,
    goal_distance,
    mask_of,
)
from .rules import notation

MARGIN = 0.5  # points the answer is ahead of any other idea
FAR = 3  # the person's other pieces stand at least this far from their goal edges
LONGEST = 3  # squares of a prelude's move: a step, or a chain of at most two jumps
PLAN = (  # per difficulty: prelude lengths, pieces on the board, decoys (and how many of them
    # move in the prelude), the chance of a trap (a piece of a misleading colour leaves the
    # square the answer's piece holds at the question) and whether one is required, the
    # chance of a jump where a step would do
    {"moves": (2, 3), "pieces": (6, 7), "decoys": (1, 1), "moved": 0, "trap": 0.2, "jump": 0.2,
     "trapped": False},
    {"moves": (4, 6), "pieces": (8, 9), "decoys": (2, 2), "moved": 1, "trap": 0.5, "jump": 0.4,
     "trapped": False},
    {"moves": (7, 9), "pieces": (10, 12), "decoys": (2, 3), "moved": 2, "trap": 0.8, "jump": 0.6,
     "trapped": True},
)
CHALLENGE_WORTH = RIGHT_GAIN  # a right challenge, by the analysis
INNER = [i for i in range(SIZE * SIZE) if 0 < i % SIZE < SIZE - 1 and 0 < i // SIZE < SIZE - 1]


# --- the question --------------------------------------------------------------------------
def _near_goal(colour: str) -> list:
    """The inner squares one step from `colour`'s goal edge."""
    return [i for i in INNER if any(n in GOAL[colour] for n in NEIGHBOURS[i])]


def _scores_from(colour: str, square: int) -> bool:
    return any(n in GOAL[colour] for n in NEIGHBOURS[square])


class Draft:
    """A puzzle being made: the question's board, then the prelude undone from it."""

    def __init__(self, rng, person: int, case: str, plan: dict):
        self.rng, self.person, self.case, self.plan = rng, person, case, plan
        self.mine, self.theirs = PLAYER_COLOURS[2][person], PLAYER_COLOURS[2][1 - person]
        self.board = {}  # square -> colour
        self.key = set()  # squares of the pieces the question is about
        self.scorer = None  # the square of the piece to bring out, if any
        self.decoys = []  # the squares of the other pieces by the person's goal edges
        self.traps = {}  # answer square -> colours that mislead one who remembers the start
        self.tracked = {}  # watched piece's question square -> its square now (backward)
        self.set_traps = set()  # squares where a trap is laid: their pieces stay there
        self.last = None  # the path of the opponent's last move

    def place(self, square: int, colour: str) -> None:
        self.board[square] = colour

    def free(self, squares) -> list:
        return [s for s in squares if s not in self.board]

    def count(self, colour: str) -> int:
        return sum(1 for c in self.board.values() if c == colour)

    def harmless_colour(self, square: int, far=False):
        """A colour for a piece on `square` that does not score from there for the person
        (`far`: nor come near its goal soon), with pieces of that colour to spare, the
        rarer colours more likely (a board of one colour tests no memory); None if there
        is none."""
        choices = [c for c in self.theirs] + [
            c for c in self.mine if goal_distance(square, c) >= (FAR if far else 2)]
        spare = [PIECES_PER_COLOUR - self.count(c) for c in choices]
        if not any(spare):
            return None
        return self.rng.choices(choices, weights=[n * n for n in spare])[0]

    def question(self) -> bool:
        """Lay the pieces of the question; False if they do not fit."""
        rng, plan = self.rng, self.plan
        near = sorted({s for c in self.mine for s in _near_goal(c)})
        if self.case != "challenge":  # one piece of the person's by its goal edge
            colour = rng.choice(self.mine)
            self.scorer = rng.choice(_near_goal(colour))
            self.place(self.scorer, colour)
            self.traps[self.scorer] = {c for c in COLOURS if c not in self.mine or (
                not _scores_from(c, self.scorer))}
            self.key.add(self.scorer)
        for _ in range(rng.randint(*plan["decoys"])):
            free = self.free(near)
            square = rng.choice(free)
            colour = self.harmless_colour(square)
            if colour is None:
                return False
            self.place(square, colour)
            self.key.add(square)
            self.decoys.append(square)
        total = rng.randint(*plan["pieces"])
        while len(self.board) < total:
            square = rng.choice(self.free(INNER))
            colour = self.harmless_colour(square, far=True)
            if colour is None:
                return False
            self.place(square, colour)
        for colour in self.theirs:  # the opponent has pieces of each colour left
            if not self.count(colour):
                self.place(self.rng.choice(self.free(INNER)), colour)
        return True

    def clear(self, memory) -> bool:
        """Whether the board moves of the question leave its answer `MARGIN` ahead, by
        `memory` (holding the question's colours): no board move near the challenge's
        worth, or only the scorer's bringing it out."""
        values = {p: move_value(memory, list(p), self.person)
                  for p in BoardMoves(mask_of(self.board)).paths()}
        if self.case == "challenge":
            return max(values.values()) <= CHALLENGE_WORTH - MARGIN
        scoring = {p[0] for p, v in values.items() if v >= SCORE_VALUE - 1e-9}
        rest = max(v for v in values.values() if v < SCORE_VALUE - 1e-9)
        return scoring == {self.scorer} and rest <= SCORE_VALUE - MARGIN

    def answer(self):
        """The question's square the answer is about: the piece to bring out, else the
        piece moved last (to challenge)."""
        return self.scorer if self.case != "challenge" else self.last[-1]

    # --- the last move ---------------------------------------------------------------
    def last_move(self):
        """The opponent's last move as undone on the board: a path (forward), or None."""
        if self.case == "which":
            return self.turned_back()
        theirs = self.case == "score"  # he moved his own piece: a challenge is wrong
        pieces = [s for s, c in self.board.items() if (c in self.theirs) == theirs and not (
            c in self.mine and _scores_from(c, s))]
        self.rng.shuffle(pieces)
        for square in pieces:
            # one who reads the start's colour there is misled: he takes it for the other
            # side's piece
            self.traps[square] = set(self.mine if theirs else self.theirs)
            path = self.undo(square)
            if path:
                self.key.add(path[-1])
                self.last = path
                return path
            del self.traps[square]
        return None

    def turned_back(self):
        """A move of the opponent's onto one of his goal edges with a piece that is not of
        that edge's colour: turned up, it goes back where it was (the board is as before)."""
        moves = []
        for square, colour in self.board.items():
            for to in NEIGHBOURS[square]:
                goals = [c for c in self.theirs if to in GOAL[c]]
                if to not in self.board and to not in INNER and len(goals) == 1 and (
                        colour != goals[0]):
                    moves.append((square, to))
        return list(self.rng.choice(sorted(moves))) if moves else None

    # --- the prelude, backward ---------------------------------------------------------
    def paths(self, square=None, avoid=None) -> list:
        """The moves of the piece on `square` (None: of every piece) that a prelude may
        undo: on inner squares, at most `LONGEST` squares, not ending on `avoid`."""
        return [p for p in BoardMoves(mask_of(self.board)).paths() if square in (None, p[0])
                and len(p) <= LONGEST and all(s in INNER for s in p) and p[-1] != avoid]

    def undo(self, square: int, avoid=None, path=None):
        """Undo a move that brought the piece on `square` there (`path`, or one drawn):
        move it back (the board changes) and return the forward path; None if it has no
        move on inner squares."""
        if path is None:
            paths = self.paths(square, avoid)
            if not paths:
                return None
            steps = [p for p in paths if len(p) == 2 and p[1] in NEIGHBOURS[p[0]]]
            jumps = [p for p in paths if p not in steps]
            use = jumps if jumps and (not steps or self.rng.random() < self.plan["jump"]) else (
                steps)
            path = self.rng.choice(use)
        self.board[path[-1]] = self.board.pop(square)
        for watched, at in self.tracked.items():
            if at == square:
                self.tracked[watched] = path[-1]
        return tuple(reversed(path))

    def trap(self):
        """Undo a move that left a square the answer's piece holds at the question, with a
        piece whose colour misleads one who remembers the start alone: its path, or None."""
        for square, misleading in sorted(self.traps.items()):
            if square in self.board:
                continue
            found = [p for p in self.paths() if p[-1] == square
                     and self.board[p[0]] in misleading]
            if found:
                del self.traps[square]
                self.set_traps.add(square)
                path = self.rng.choice(found)
                return self.undo(path[0], path=path)
        return None

    def prelude(self, last, length: int):
        """The moves before `last` undone, the earliest first; None if stuck. The piece to
        bring out and (`plan["moved"]`) decoys get there during the prelude: the answer
        is in what was watched, not in the start alone."""
        rng = self.rng
        undone = [last]
        watched = ([self.scorer] if self.scorer is not None else []) + rng.sample(
            self.decoys, min(self.plan["moved"], len(self.decoys)))
        if len(watched) > length - 1:
            return None
        self.tracked = {q: q for q in watched}  # question square -> where it is now
        if self.case != "which":  # the piece moved last
            self.tracked[last[-1]] = last[0]
        # the watched pieces move late in the prelude, so that earlier moves may leave
        # their squares to other pieces (traps)
        early = max(len(watched), (length - 1) // 2)
        turns = dict(zip(rng.sample(range(early), len(watched)), watched, strict=True))
        back = None  # a piece is not moved straight back where it came from
        for turn in range(length - 1):
            path = None
            if turn in turns and self.tracked[turns[turn]] == turns[turn]:
                square = turns[turn]
            elif rng.random() < self.plan["trap"] and (path := self.trap()):
                square = None
            else:
                free = sorted(set(self.board) - self.set_traps)
                busy = sorted(self.key.intersection(free))
                square = rng.choice(busy) if busy and rng.random() < 0.6 else rng.choice(free)
            if path is None:
                path = self.undo(square, avoid=back[-1] if back and back[0] == square else None)
            if path is None:
                return None
            back = path
            undone.append(path)
        if any(at == q for q, at in self.tracked.items()):
            return None  # a watched piece is back where it started
        if self.plan["trapped"] and self.answer() not in self.set_traps:
            return None
        return [notation(path) for path in reversed(undone)]
