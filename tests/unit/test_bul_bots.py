"""Bul bots: legal choices in every rule set, and the obvious tactics."""

import random

import pytest

import ludoteca
from conformance import play
from ludoteca.games.bul.heuristics import evaluate, threats
from ludoteca.games.bul.rules import RULE_SETS
from ludoteca.registry import bot_for, levels


def test_levels_weakest_first():
    assert levels("bul") == ["beginner", "casual", "strong"]


@pytest.mark.parametrize("variant,team_size", [(v, 1) for v in RULE_SETS]
                         + [("aj-sinaanil", 2), ("a-kaakil", 2)])
@pytest.mark.parametrize("level", ["beginner", "casual", "strong"])
def test_bots_choose_legal_moves_in_every_rule_set(variant, team_size, level):
    game = ludoteca.new_game("bul", variant=variant, team_size=team_size, length=11)
    bots = [bot_for(game, p, level, seed=p) for p in range(game.num_players)]
    rng = random.Random(3)

    def choose(state):
        if state.current_player == ludoteca.CHANCE:
            return ludoteca.sample_chance(state, rng)
        before = state.to_json()
        move = bots[state.current_player].choose(state, budget=0.05)
        assert state.is_legal(move) and state.to_json() == before
        return move

    assert len(play(game.initial_state(), choose, 60)[1]) > 0


def position(variant, units, base, throws, to_move=0):
    game = ludoteca.new_game("bul", variant=variant)
    data = game.initial_state().to_json()
    data.update(units=[{"row": r, "pieces": list(p), "heading": h} for r, p, h in units],
                base=base, throws=throws, thrown=throws, throws_pending=0, to_move=to_move)
    return game.state_from_json(data)


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_searchers_take_a_capture(level):
    # puluc: A's man at row 4 throws 4: row 8 holds B's man; entering lands on row 5
    state = position("puluc", [(4, (0,), "out"), (8, (1,), "out")], [4, 4], [4])
    assert bot_for(state.game, 0, level, seed=1).choose(state, budget=0.5) == "4"


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_searchers_use_the_first_value_to_capture_then_run_home(level):
    state = position("aj-sayil", [(6, (0,), "out"), (10, (1,), "out")], [4, 4], [4, 1])
    assert bot_for(state.game, 0, level, seed=1).choose(state, budget=0.5) == "4:6"


def test_threats_follow_the_throw_odds():
    state = position("puluc", [(4, (0,), "out")], [4, 5], [1])
    seen_by_b = threats(state, 1)  # B enters on rows 12..8
    assert seen_by_b[11] == pytest.approx(6 / 16) and 4 not in seen_by_b
    assert threats(state, 0)[6] == pytest.approx(6 / 16 + 1 / 16)  # move 2 or enter 5


def test_evaluation_prefers_holding_captives():
    holding = position("boolik", [(5, (0, 1), "home")], [4, 4], [1], to_move=1)
    held = position("boolik", [(5, (1, 0), "home")], [4, 4], [1], to_move=1)
    assert evaluate(holding, 0) > 0 > evaluate(held, 0)
