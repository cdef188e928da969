"""Analysis of Buku and Bolonki (scores), and the dispatcher's protocol for every game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance import play, uniform_move
from ludoteca import new_game
from ludoteca.analysis import analyse
from ludoteca.analysis.review import Review
from ludoteca.games.bolonki.analysis import belief_not_movers
from ludoteca.games.bolonki.belief import Memory
from ludoteca.games.buku.rules import random_move
from ludoteca.registry import analyst_for


def test_buku_values_the_candidates_and_the_included_move():
    rng = random.Random(5)
    state = new_game("buku").initial_state()
    for _ in range(4):
        state = state.apply(random_move(state, rng))
    move = random_move(state, rng)
    a = analyse(state, budget=0.1, include=[move])
    assert a["kind"] == "score" and not a["exact"] and a["player"] == state.to_move
    assert move in a["moves"] and len(a["moves"]) > 1
    assert all(state.is_legal(m) for m in a["moves"])
    assert a["value"] == max(a["moves"].values())


def bolonki_game(seed, plies):
    rng = random.Random(seed)
    game = new_game("bolonki")
    state, memory = game.initial_state(), Memory(game, 0)
    for _ in range(plies):
        if state.is_terminal:
            break
        move = rng.choice(state.legal_moves())
        child = state.apply(move)
        memory.observe(move, child.events)
        state = child
    return state, memory


def swap_hidden(state, rng):
    """The same state with two face-down pieces of different colours swapped."""
    data = state.to_json()
    squares = sorted(data["pieces"])
    a, b = rng.sample(squares, 2)
    while data["pieces"][a] == data["pieces"][b]:
        a, b = rng.sample(squares, 2)
    data["pieces"][a], data["pieces"][b] = data["pieces"][b], data["pieces"][a]
    return state.game.state_from_json(data)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_bolonki_analysis_never_reads_a_hidden_colour(seed, plies):
    state, memory = bolonki_game(seed, plies)
    if state.is_terminal:
        return
    other = swap_hidden(state, random.Random(seed))
    assert other.to_json()["pieces"] != state.to_json()["pieces"]
    assert analyse(other) == analyse(state)
    assert analyse(other, memory=memory) == analyse(state, memory=memory)
    if state.can_challenge():
        p = state.can_challenge()[0]
        assert belief_not_movers(other, p, memory) == belief_not_movers(state, p, memory)


def test_bolonki_perfect_memory_knows_what_was_shown():
    """Perfect memory of public facts tracks every colour: a challenge is judged right."""
    state, memory = bolonki_game(3, 0)
    move = next(m for m in state.legal_moves() if m.startswith("d1-"))  # a blue piece
    child = state.apply(move)
    memory.observe(move, child.events)
    assert belief_not_movers(child, 1, memory) < 0.01
    a = analyse(child, memory=memory)
    assert a["moves"]["challenge:1"] < 0 < a["value"]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["bakuk", "bul", "bolonki"]), st.integers(0, 10**6),
       st.integers(0, 40))
def test_every_game_keeps_the_protocol(game_id, seed, plies):
    rng = random.Random(seed)
    state = new_game(game_id).initial_state()
    state = play(state, lambda s: uniform_move(s, rng), plies)[0][-1]
    a = analyse(state, budget=0.02)
    assert set(a) >= {"player", "kind", "exact", "value", "moves"}
    if state.is_terminal:
        assert a["value"] is None and a["moves"] == {}
    elif "chances" in a:
        assert abs(a["value"] - sum(a["chances"][o] * v for o, v in a["moves"].items())) < 1e-9
    else:
        assert a["value"] == max(a["moves"].values())


def test_bolonki_review_memory_carried_forward_is_the_fresh_one():
    def game_line(seed):
        rng = random.Random(seed)
        return play(new_game("bolonki").initial_state(), lambda s: uniform_move(s, rng), 25)

    def fresh():
        return Review(analyst_for(new_game("bolonki")))

    states, moves = game_line(1)
    review = fresh()
    forward = [review.ply(states, moves, k) for k in range(len(states))]
    assert forward == [fresh().ply(states, moves, k) for k in range(len(states))]
    # the same first state, another game after some moves (an undo, other moves)
    other_states, other_moves = game_line(2)
    other_states[0] = states[0]
    review.ply(states, moves, 20)
    assert review.ply(other_states, other_moves, 22) == fresh().ply(other_states, other_moves, 22)
