"""Bolonki properties over random play: pieces conserved, hidden colours never shown,
states are values, JSON and records round-trip, games end; and the bots never read the
hidden colours."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play
from ludoteca.games.bolonki import belief
from ludoteca.games.bolonki import bots as bolonki_ai
from ludoteca.games.bolonki import rules as bolonki
from ludoteca.registry import bot_for

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])


def random_game(players, seed, max_moves=60):
    """All states of a random game (random legal moves, challenges included)."""
    game = ludoteca.new_game("bolonki", players=players, max_moves=max_moves)
    rng = random.Random(seed)

    def choose(state):
        legal = state.legal_moves()
        challenges = [m for m in legal if m.startswith("challenge")]
        # challenges are a few moves among many: give them a fair chance to happen
        return rng.choice(challenges if challenges and rng.random() < 0.3 else legal)

    states, moves = play(game.initial_state(), choose)
    return game, states, moves


def shuffled_twin(game, state, rng):
    """A state that differs from `state` only in the colours of the face-down pieces."""
    data = state.to_json()
    squares = list(data["pieces"])
    colours = [data["pieces"][sq] for sq in squares]
    rng.shuffle(colours)
    data["pieces"] = dict(zip(squares, colours, strict=True))
    return game.state_from_json(data)


@settings(max_examples=15, deadline=None)
@given(PLAYERS, SEEDS)
def test_pieces_are_conserved(players, seed):
    _, states, _ = random_game(players, seed)
    for state in states:
        view = state.to_json()
        for colour in bolonki.colours_in_play(players):
            on_board = list(view["pieces"].values()).count(colour)
            assert on_board + view["out"][colour] == 6
        assert view["scored"] == [sum(view["out"][c] for c in own)
                                  for own in bolonki.PLAYER_COLOURS[players]]


@settings(max_examples=15, deadline=None)
@given(PLAYERS, SEEDS)
def test_events_show_a_colour_only_for_a_piece_turned_up(players, seed):
    _, states, _ = random_game(players, seed)
    for before, after in zip(states, states[1:], strict=False):
        for event in after.events:
            if event["type"] == "reveal":  # the piece that moved, turned up
                start = after.events[0]["path"][0]
                assert event["colour"] == before.to_json()["pieces"][start]
            elif event["type"] == "challenge":  # the piece of the challenged move
                assert event["colour"] == before.to_json()["pieces"][event["square"]]
            else:
                assert "colour" not in event and "owner" not in event


@settings(max_examples=10, deadline=None)
@given(PLAYERS, SEEDS)
def test_is_legal_agrees_with_legal_moves(players, seed):
    _, states, _ = random_game(players, seed, max_moves=30)
    rng = random.Random(seed)
    for state in states:
        legal = set(state.legal_moves())
        for move in legal:
            assert state.is_legal(move)
        for move in rng.sample(sorted(legal), min(5, len(legal))):
            for near in (move + "-a1", move[:-1] + "8", move.rsplit("-", 1)[0],
                         "challenge:" + str(rng.randrange(5))):
                assert state.is_legal(near) == (near in legal)


@settings(max_examples=10, deadline=None)
@given(PLAYERS, SEEDS)
def test_random_games_end_within_max_moves(players, seed):
    _, states, moves = random_game(players, seed, max_moves=40)
    assert states[-1].is_terminal and len(moves) <= 40
    assert states[-1].legal_moves() == []


# --- bots never read hidden state -------------------------------------------------------
class ObservationOnly:
    """What a bot may look at: the observation of its own seat, nothing else."""

    def __init__(self, state, player):
        self._state, self._player = state, player

    def observation(self, player=None):
        assert player == self._player, "a bot looked at another seat's observation"
        return self._state.observation(player)

    def __getattr__(self, name):
        raise AssertionError(f"a bot read state.{name}")


def play_with_bots(players, levels, seed, max_moves, stop_at=None):
    """Play bots through observation-only proxies; returns (game, state, bots)."""
    game = ludoteca.new_game("bolonki", players=players, max_moves=max_moves)
    bots = [bot_for(game, p, level, seed=seed + p) for p, level in enumerate(levels)]
    state = game.initial_state()
    while not state.is_terminal and state.to_json()["move_count"] != stop_at:
        move = None
        for p in state.can_challenge():
            move = bots[p].challenge_decision(ObservationOnly(state, p))
            if move:
                break
        if move is None:
            player = state.current_player
            move = bots[player].choose(ObservationOnly(state, player), budget=1.0)
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, copy.deepcopy(state.events))
    return game, state, bots


@pytest.mark.parametrize("players,levels", [
    (2, ["strong", "casual"]), (3, ["casual", "beginner", "strong"]),
    (4, ["strong", "casual", "beginner", "strong"]),
])
def test_bots_play_from_the_observation_alone(players, levels):
    _, state, _ = play_with_bots(players, levels, seed=7, max_moves=150)
    assert state.is_terminal


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([2, 4]), SEEDS, st.integers(min_value=1, max_value=80),
       st.sampled_from(["casual", "strong"]))
def test_bot_choice_does_not_depend_on_hidden_colours(players, seed, stop_at, level):
    levels = [level] * players
    game, state, bots = play_with_bots(players, levels, seed % 1000, 200, stop_at=stop_at)
    if state.is_terminal:
        return
    twin = shuffled_twin(game, state, random.Random(seed))
    player = state.current_player
    bot = bots[player]
    choice = copy.deepcopy(bot).choose(state, 1.0)
    assert copy.deepcopy(bot).choose(twin, 1.0) == choice
    assert state.is_legal(choice)


def test_bot_choices_are_legal_and_only_its_own_seat():
    game = ludoteca.new_game("bolonki", players=4)
    state = game.initial_state().apply("c1-c2")  # players 1, 2, 3 may challenge
    for level in ("beginner", "casual", "strong"):
        for seed in range(20):
            bot = bot_for(game, 1, level, seed=seed)
            move = bot.choose(ObservationOnly(state, 1), budget=0.5)
            assert state.is_legal(move)
            assert not move.startswith("challenge:") or move == "challenge:1"


def test_bot_challenges_a_move_of_a_piece_it_knows_is_not_the_movers():
    game = ludoteca.new_game("bolonki", players=2)
    bot = bolonki_ai.StrongBot(game, 1, seed=1)
    state = game.initial_state().apply("c8-c7")  # player 0 moved a red piece
    bot.observe("c8-c7", state.events)
    assert bot.challenge_decision(ObservationOnly(state, 1)) == "challenge:1"
    state = game.initial_state().apply("c1-c2")  # his own blue piece: no challenge
    fresh = bolonki_ai.StrongBot(game, 1, seed=1)
    fresh.observe("c1-c2", state.events)
    assert fresh.challenge_decision(ObservationOnly(state, 1)) is None


def test_bot_values_scoring_a_remembered_piece_and_avoids_revealing_others():
    game = ludoteca.new_game("bolonki", players=2)
    state = game.initial_state()
    bot = bolonki_ai.StrongBot(game, 0, seed=3)
    for move in ("c1-c2", "d8-d7", "c2-c3", "e8-e7", "c3-c4", "f8-f7", "c4-c5", "b8-b7",
                 "c5-c6", "g8-g7", "c6-c7", "h3-g3"):
        state = state.apply(move)
        bot.observe(move, state.events)
    # the blue piece from c1 is on c7, next to the empty d8 and b8 (blue's goal)
    def value(move):
        return belief.move_value(bot.memory, bolonki.parse_path(move), 0)

    assert value("c7-d8") > 0.9 * belief.SCORE_VALUE
    assert value("d7-d8") < 0  # a red piece: sent back
    assert value("c8-d8") < 0
    assert state.apply("c7-d8").to_json()["out"]["B"] == 1
