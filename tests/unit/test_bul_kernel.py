"""Bul's kernel: its random playout is the beginners' game through `State.apply`, move for
move; the throw's odds come from the falls of the beans; the road's worked-out moves are
`Road.destination`'s."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play, uniform_move
from ludoteca.ai import RandomBot
from ludoteca.core import CHANCE, sample_chance
from ludoteca.games.bul import SPEC, kernel
from ludoteca.games.bul.rules import RULE_SETS

SETUPS = [(variant, length, team_size)
          for variant, rules in RULE_SETS.items()
          for length in (9, 13, 21)
          for team_size in ((1, 2) if rules.verbeeck else (1,))]


def beginners_game(state, rng):
    """The game played on by the beginner level through `State.apply`, as
    `GameSpec.random_playout` plays it: its last state and its plies."""
    bots = [RandomBot(state.game, p, rng.random()) for p in range(state.num_players)]

    def choose(s):
        return sample_chance(s, rng) if s.current_player == CHANCE else bots[s.to_move].choose(s)

    states, moves = play(state, choose)
    return states[-1], len(moves)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SETUPS), st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_the_kernels_playout_is_the_beginners_game_move_for_move(setup, seed, plies):
    variant, length, team_size = setup
    game = ludoteca.new_game("bul", variant=variant, length=length, team_size=team_size)
    rng = random.Random(seed)
    start = play(game.initial_state(), lambda s: uniform_move(s, rng), plies)[0][-1]
    before = start.to_json()
    position = start._copy()  # the kernel plays it in place: the final position is seen
    returns, kernel_plies = kernel.random_playout(position, game.road, random.Random(seed))
    final, apply_plies = beginners_game(start, random.Random(seed))
    assert position.to_json() == final.to_json()
    assert (returns, kernel_plies) == (final.returns(), apply_plies)
    assert SPEC.random_playout(start, random.Random(seed)) == (returns, kernel_plies)
    assert start.to_json() == before  # the spec's playout plays a copy


def test_the_throws_odds_are_the_falls_of_four_beans():
    assert kernel.BEANS == 4 and len(kernel.FALLS) == 16
    assert kernel.THROW_OUTCOMES == (("1", 4 / 16), ("2", 6 / 16), ("3", 4 / 16),
                                     ("4", 1 / 16), ("5", 1 / 16))
    assert kernel.throw_value((False,) * 4) == 5 and kernel.throw_value((True,) * 4) == 4


def test_draw_throw_draws_as_sample_chance():
    state = ludoteca.new_game("bul").initial_state()
    for seed in range(200):
        assert kernel.draw_throw(random.Random(seed)) == sample_chance(state,
                                                                       random.Random(seed))


def test_the_roads_ways_are_its_destinations():
    for variant, rules in RULE_SETS.items():
        road = kernel.Road(rules, 11, 1)
        for (row, side, heading, backward), ways in road.ways.items():
            d = road.distance(side, row)
            for value in range(1, 6):
                found = road.destination(side, d, heading, value, backward)
                way = ways[value]
                if found is None:
                    assert way is None, variant
                    continue
                outcome, end, new_heading, path = found
                assert (way.outcome, way.to, way.heading) == (
                    outcome, road.row_of(side, end), new_heading), variant
                assert way.path == tuple(road.row_of(side, x) for x in path)
