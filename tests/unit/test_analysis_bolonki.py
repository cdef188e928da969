"""Bolonki's review: what the others could have known of every board move (``suspicion``),
and which challenges were right — from public facts only, never from a hidden colour."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance import play
from ludoteca import new_game, web
from ludoteca.analysis.review import Review
from ludoteca.games.bolonki.rules import PLAYER_COLOURS
from ludoteca.registry import analyst_for

# Two players: 0 owns Blue (b1-g1) and Yellow (a2-a7), 1 owns Red (b8-g8) and Green (h2-h7).
SHOWN_THEN_MOVED = [
    "d8-d7",        # 0 moves a red piece (not his); nobody challenges
    "e1-e2",        # 1 moves a blue piece (not his); 0 challenges it...
    "challenge:0",  # ...rightly: it goes back to e1; 0 moves on
    "c1-c2",        # 0 moves his own blue piece; 1 challenges it...
    "challenge:1",  # ...wrongly: it was shown blue, stays on c2; 1 loses his turn
    "c2-c3",        # 0 again: the piece just shown blue
    "b8-a8",        # 1 moves his red piece onto a8, Green's goal (file a): turned up, back
    "e8-e7",        # 0 moves a red piece
]


def line(moves, players=2):
    state = new_game("bolonki", players=players).initial_state()
    states = [state]
    for move in moves:
        state = state.apply(move)
        states.append(state)
    return states, list(moves)


def review_ply(states, moves, k):
    """Position `k` by a new review (its memory starts from the first move)."""
    return Review(analyst_for(states[0].game)).ply(states, moves, k, budget=0.01)


def rows(states, moves):
    review = Review(analyst_for(states[0].game))  # one review, forward through the game
    return [review.ply(states, moves, k, budget=0.01) for k in range(len(states))]


def test_every_board_move_says_what_could_have_been_known():
    states, moves = line(SHOWN_THEN_MOVED)
    got = rows(states, moves)
    assert got[0]["suspicion"] == {"mover": 0, "chance": 1.0, "challengeable": True,
                                   "challenger": None}
    assert got[1]["suspicion"] == {"mover": 1, "chance": 1.0, "challengeable": True,
                                   "challenger": 0}
    assert got[2]["challenge"] == {"player": 0, "right": True, "known": 1.0}
    assert got[3]["suspicion"] == {"mover": 0, "chance": 0.0, "challengeable": True,
                                   "challenger": 1}
    assert got[4]["challenge"] == {"player": 1, "right": False, "known": 0.0}
    # the piece shown blue by the failed challenge, moved again by its owner: 0; and 1,
    # barred by his failed challenge until he moves, may not challenge it
    assert got[5]["suspicion"] == {"mover": 0, "chance": 0.0, "challengeable": False,
                                   "challenger": None}
    assert got[6]["suspicion"] == {"mover": 1, "chance": 0.0, "challengeable": False,
                                   "challenger": None}  # settled by the reveal
    # the last move: nobody has challenged it yet, and someone still may
    assert got[7]["suspicion"] == {"mover": 0, "chance": 1.0, "challengeable": True,
                                   "challenger": None}
    assert "suspicion" not in got[8] and "played" not in got[8]
    for row in (got[2], got[4]):
        assert "suspicion" not in row


def test_a_piece_sent_back_by_a_reveal_is_known_afterwards():
    # 0 moves the red b8 piece to a8, his Blue goal: turned up, red, it goes back to b8.
    states, moves = line(["b8-a8", "c8-c7", "b8-b7"])
    reveal = [e for e in states[1].events if e["type"] == "reveal"]
    assert reveal and reveal[0]["result"] == "returned" and reveal[0]["colour"] == "R"
    got = rows(states, moves)
    assert got[0]["suspicion"]["challengeable"] is False  # settled by the reveal
    assert got[2]["suspicion"] == {"mover": 0, "chance": 1.0, "challengeable": True,
                                   "challenger": None}


def test_a_third_player_sees_the_same_chance():
    # 3 players: 0 Blue, 1 Yellow, 2 Red; 1 moves a blue piece, then 2 his own red one
    states, moves = line(["b1-b2", "c1-c2", "d8-d7"], players=3)
    got = rows(states, moves)
    assert [g["suspicion"]["chance"] for g in got[:3]] == [0.0, 1.0, 0.0]
    assert [g["suspicion"]["mover"] for g in got[:3]] == [0, 1, 2]


def random_line(seed, plies, players):
    """A random game that challenges now and then (a challenge is rarely drawn)."""
    rng = random.Random(seed)

    def choose(state):
        legal = state.legal_moves()
        challenges = [m for m in legal if m.startswith("challenge:")]
        if challenges and rng.random() < 0.4:
            return rng.choice(challenges)
        return rng.choice([m for m in legal if m not in challenges])

    return play(new_game("bolonki", players=players).initial_state(), choose, plies)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 40), st.sampled_from([2, 3, 4]))
def test_suspicion_is_the_challenge_knowledge_and_is_there_for_every_board_move(
        seed, plies, players):
    states, moves = random_line(seed, plies, players)
    got = rows(states, moves)
    for k, move in enumerate(moves):
        board = move != "pass" and not move.startswith("challenge:")
        assert ("suspicion" in got[k]) == board
        if not board:
            continue
        s = got[k]["suspicion"]
        assert 0.0 <= s["chance"] <= 1.0 and s["mover"] == states[k].to_move
        assert s["challengeable"] == bool(states[k + 1].can_challenge())
        if s["challenger"] is not None:
            c = got[k + 1]["challenge"]
            assert c["player"] == s["challenger"]
            assert c["known"] == pytest.approx(s["chance"])


def swap_against_mover(state, square, mover):
    """`state` with the piece on `square` swapped for a face-down piece on the other side of
    "is it the mover's?" — what the review would show if it read the hidden colours."""
    data = state.to_json()
    theirs = PLAYER_COLOURS[state.num_players][mover]
    colour = data["pieces"][square]
    other = next(sq for sq, c in sorted(data["pieces"].items())
                 if (c in theirs) != (colour in theirs))
    data["pieces"][square], data["pieces"][other] = data["pieces"][other], colour
    swapped = state.game.state_from_json(data)
    swapped.events = state.events  # the public events of the move that led here
    return swapped


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 30))
def test_the_review_never_reads_a_hidden_colour(seed, plies):
    """Swap the colour of the piece just moved, before and after the move, for one on the
    other side of "the mover's or not": every review answer stays the same."""
    states, moves = random_line(seed, plies, 2)
    k = next((i for i, m in enumerate(moves) if "-" in m and (
        i + 1 == len(moves) or not moves[i + 1].startswith("challenge:"))
        and states[i + 1].can_challenge()), None)
    if k is None:
        return
    path = moves[k].split("-")
    mover = states[k].to_move
    tampered = list(states)
    tampered[k] = swap_against_mover(states[k], path[0], mover)
    tampered[k + 1] = swap_against_mover(states[k + 1], path[-1], mover)
    assert tampered[k + 1].to_json()["pieces"] != states[k + 1].to_json()["pieces"]
    truth = review_ply(states, moves, k)
    assert review_ply(tampered, moves, k) == truth
    after = review_ply(states, moves, k + 1)
    assert review_ply(tampered, moves, k + 1) == after


def ask(**request):
    return json.loads(web.handle(json.dumps({"session": "bolonki-review", **request})))


def keys_in(node) -> set:
    if isinstance(node, dict):
        return set(node) | set().union(*(keys_in(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(keys_in(v) for v in node))
    return set()


def test_the_analyse_op_says_what_was_known_and_never_the_truth_of_an_unchallenged_move():
    assert ask(op="new", game="bolonki", seats=["human", "human"], seed=1)["ok"]
    for move in SHOWN_THEN_MOVED:
        assert ask(op="play", move=move)["ok"], move
    session = web.engine.sessions["bolonki-review"]
    for k in (0, 5, 7):  # board moves of player 0 nobody challenged
        answer = ask(op="analyse", ply=k, budget=0.01)
        assert answer["ok"]
        assert {"colour", "owner", "right"}.isdisjoint(keys_in(answer))
        suspicion = answer["analysis"]["suspicion"]
        assert suspicion["challenger"] is None and suspicion["mover"] == 0
        # the engine's hidden colours swapped for the opposite answer: the same reply
        states = list(session.states)
        path = SHOWN_THEN_MOVED[k].split("-")
        session.states[k] = swap_against_mover(states[k], path[0], suspicion["mover"])
        session.states[k + 1] = swap_against_mover(states[k + 1], path[-1],
                                                   suspicion["mover"])
        session.review = Review(analyst_for(session.game))  # no memory of the true game
        assert ask(op="analyse", ply=k, budget=0.01) == answer
        session.states[:] = states
    answer = ask(op="analyse", ply=0, budget=0.01)["analysis"]
    assert answer["suspicion"]["chance"] == 1.0  # a red piece moved by the owner of blue
    challenge = ask(op="analyse", ply=2, budget=0.01)["analysis"]["challenge"]
    assert challenge["right"] is True  # the piece was turned up for everyone: public
