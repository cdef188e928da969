"""Bolonki's set-up mode (`ludoteca.teaching.editor`): a click on a square places a piece of the
tool's colour there, or takes the piece off; beside the board the teacher chooses whose turn
it is. The draft is the teacher's own, so its colours are drawn face up.

A piece leaves the board only when it is brought out, so every piece of a colour that is not
on the board counts as out, and the scores follow from the board. A legal position has at
most 6 pieces of a colour, only the colours in play, and every player still has a piece on
the board (one who has none has won: the game would be over). The player to move always has
a move: a pass when no piece can move.

A position set up starts afresh: nobody is barred or loses a turn, there is no last move to
challenge, and no move counts toward the limit — but one when the board is not the rules'
set-up, since a game's move 0 shows everyone the set-up's colours (`rules.State`).

Reachability: anyone may move any piece one step in any direction, so pieces can be walked
from the start edges to any layout of at most 6 a colour; a piece stands on its own goal edge
when a player for whom that edge is no goal moved it there (no reveal). The pieces already
out follow from the board, and a player with none left on it has won. No further condition
is known to us; these are necessary. These conditions are the rules' own; the
property test over random clicks (tests/unit/test_setup_actions.py) holds every action
(play, hint, link, proof) to them."""

from __future__ import annotations

from ... import validate
from ...teaching.lessons import message
from .kernel import COLOURS, PIECES_PER_COLOUR, PLAYER_COLOURS, colours_in_play, start_layout
from .rules import SQUARE_INDEX, SQUARES

TOOLS = (*COLOURS, "remove")  # a piece of each colour, then "take it off"


def targets(game, draft) -> list:
    return list(SQUARES)


def edit(game, draft, tool, target) -> dict:
    pieces = dict(_pieces(game, draft))
    if tool == "remove":
        pieces.pop(target, None)
    else:
        pieces[target] = tool
    return position(game, {**draft, "pieces": pieces})


def choices(game, draft) -> dict:
    return {"to_move": list(range(game.num_players))}


def choose(game, draft, name, value) -> dict:
    return position(game, {**draft, name: value})


def position(game, draft) -> dict:
    """The position `draft` sets up, as a state's JSON (maybe not legal): its pieces and
    player to move; the pieces out and the scores from the board; no history."""
    n = game.num_players
    pieces = _pieces(game, draft)
    to_move = validate.whole(draft["to_move"])
    if not 0 <= to_move < n:
        raise ValueError(f"no player {to_move} to move")
    out = {c: max(0, PIECES_PER_COLOUR - _count(pieces, c)) for c in colours_in_play(n)}
    scored = [sum(out[c] for c in own) for own in PLAYER_COLOURS[n]]
    winners = _winners(game, pieces)
    winner = winners[0] if len(winners) == 1 else None
    layout = {SQUARES[i]: c for i, c in sorted(start_layout(n).items())}
    return {**game.initial_state().to_json(), "pieces": pieces, "out": out, "scored": scored,
            "to_move": to_move, "current_player": None if winners else to_move,
            "terminal": bool(winners), "winner": winner,
            "end_reason": "all_out" if winners else None,
            "move_count": 0 if pieces == layout else 1}


def _pieces(game, draft) -> dict:
    """The draft's pieces (square -> colour), in the order of the squares; a draft made
    with other options, or with anything else than pieces on squares, is corrupt."""
    if draft["players"] != game.num_players or draft["max_moves"] != game.options["max_moves"]:
        raise ValueError("the draft was made with other options")
    pieces = draft["pieces"]
    if not isinstance(pieces, dict) or any(
            square not in SQUARE_INDEX or colour not in set(COLOURS)
            for square, colour in pieces.items()):
        raise ValueError("pieces are colour letters on squares")
    return {square: pieces[square] for square in SQUARES if square in pieces}


def _count(pieces, colour) -> int:
    return sum(1 for c in pieces.values() if c == colour)


def _winners(game, pieces) -> list:
    """The players with no piece of their colours on the board: all brought out."""
    return [p for p, own in enumerate(PLAYER_COLOURS[game.num_players])
            if not any(c in own for c in pieces.values())]


def problems(game, draft) -> list:
    data = position(game, draft)
    pieces, n = data["pieces"], game.num_players
    found = []
    for colour in COLOURS:
        count = _count(pieces, colour)
        name = message(f"bolonki.colour.{colour}")
        if count and colour not in colours_in_play(n):
            found.append(message("bolonki.setup.problem.not_in_play", colour=name, players=n))
        elif count > PIECES_PER_COLOUR:
            found.append(message("bolonki.setup.problem.too_many", colour=name, count=count,
                                 total=PIECES_PER_COLOUR))
    facts = game.seat_facts()
    for p in _winners(game, pieces):
        found.append(message("bolonki.setup.problem.won", player=facts[p]["name"]))
    return found


def state(game, draft):
    return game.state_from_json(position(game, draft))


def observation(game, draft) -> dict:
    """The board of a draft that may not be legal, every colour face up; no set-up to
    memorise (that is for a game)."""
    data = position(game, draft)
    # loaded with nothing out, so that a draft with two winners is drawn too
    zero = {**data, "out": dict.fromkeys(data["out"], 0), "scored": [0] * game.num_players}
    drawn = game.State._from_json(game, zero)
    drawn.out, drawn.scored = dict(data["out"]), list(data["scored"])
    view = drawn.observation(None)
    view.pop("start_colours", None)
    view["pieces"] = dict(data["pieces"])
    return view
