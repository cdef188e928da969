"""Bakuk bots: legal, sensible on obvious positions, and clearly better than random."""

import itertools
import random

import pytest

import ludoteca
from ludoteca.games.bakuk import bots as bakuk_ai
from ludoteca.games.bakuk.bots import _Search
from ludoteca.games.bakuk.kernel import OWNED, sow
from ludoteca.registry import bot_for, levels

LEVELS = ["beginner", "casual", "strong", "perfect"]
BUDGET = 0.01  # seconds: the tests measure choices, not the browser's 1 s budget


def position(holes, captured, to_move=0):
    key = ",".join(map(str, holes)) + "/" + str(to_move)
    game = ludoteca.new_game("bakuk", players=len(captured))
    return game.state_from_json({"game": "bakuk", "holes": holes, "captured": captured,
                                 "to_move": to_move, "seen": {key: 1}})


def test_levels_are_the_documented_ones():
    assert levels("bakuk") == LEVELS


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move_throughout_a_game(level, players):
    game = ludoteca.new_game("bakuk", players=players)
    bots = [bot_for(game, p, level, seed=p) for p in range(players)]
    rng = random.Random(players)
    state = game.initial_state()
    for _ in range(30):
        if state.is_terminal:
            break
        player = state.current_player
        before = state.to_json()
        move = bots[player].choose(state, BUDGET)
        assert isinstance(move, str) and move in state.legal_moves()
        assert state.to_json() == before  # choosing never changes the state
        # the other seats are random so the game sees varied positions
        if rng.random() < 0.5:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, state.events)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_forced_single_move(level):
    state = position([0, 0, 3, 1, 0, 0], [16, 16])
    assert bot_for(state.game, 0, level, seed=1).choose(state, BUDGET) == "c"


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_bot_takes_the_capture_that_wins(level):
    # c -> d=2, e=2 captured (4 seeds): North is left without seeds and South wins
    # 19-16; b instead loses the game
    state = position([0, 1, 1, 1, 2, 0], [15, 16])
    after = state.apply("c")
    assert after.is_terminal and after.winner == 0
    for seed in range(5):
        assert bot_for(state.game, 0, level, seed=seed).choose(state, BUDGET) == "c"


@pytest.mark.parametrize("level", ["casual", "strong"])
def test_bot_avoids_the_blunder_that_hands_over_a_capture(level):
    # c (2 seeds) would fill d and e so that North's d -> e=2, f=2 takes 4 and wins;
    # b is safe and South wins after it
    state = position([0, 1, 2, 0, 0, 2], [16, 15])
    reply = state.apply("c").apply("d")
    assert reply.events[-1]["type"] in ("capture", "end")
    assert reply.captured[1] == 19
    for seed in range(5):
        assert bot_for(state.game, 0, level, seed=seed).choose(state, BUDGET) == "b"


def test_strong_bot_plays_a_three_player_capture():
    # player 1 sows d into e (=2), then f (=2) is taken too: 4 seeds; c captures nothing
    state = position([1, 1, 3, 1, 1, 2], [9, 9, 9], to_move=1)
    assert state.apply("d").captured[1] == 13
    assert state.apply("c").captured[1] == 9
    assert bot_for(state.game, 1, "strong", seed=0).choose(state, BUDGET) == "d"


@pytest.mark.parametrize("level", ["expert", "", "Strong", None, 2])
def test_bot_for_rejects_an_unknown_level(level):
    game = ludoteca.new_game("bakuk")
    with pytest.raises(ludoteca.OptionError) as info:
        bot_for(game, 0, level)
    assert info.value.code == "bad_level"
    assert info.value.params["allowed"] == LEVELS
    assert "level" in str(info.value)


def test_strong_bot_respects_its_budget(monkeypatch):
    # a clock that runs a second per look: the deadline passes at once, and the search
    # must stop at its next look instead of deepening on (no wall-clock assertion)
    from ludoteca.games.bakuk import bots

    ticks = []

    def clock():
        ticks.append(None)
        return float(len(ticks))

    monkeypatch.setattr(bots.time, "perf_counter", clock)
    state = ludoteca.new_game("bakuk").initial_state()
    move = bot_for(state.game, 0, "strong", seed=0).choose(state, 0.5)
    assert state.is_legal(move)
    assert len(ticks) <= 3  # the deadline is set, looked at once, and the search gives up


def _match(level, games, seed_base, players=2):
    """Wins of `level` against beginners, the seat rotating every game."""
    wins = 0
    for i in range(games):
        game = ludoteca.new_game("bakuk", players=players)
        seat = i % players
        bots = [bot_for(game, p, level if p == seat else "beginner",
                        seed=seed_base * 1000 + 10 * i + p) for p in range(players)]
        state = game.initial_state()
        while not state.is_terminal:
            move = bots[state.current_player].choose(state, BUDGET)
            state = state.apply(move)
        wins += state.winner == seat
    return wins


def test_strong_beats_beginner(monkeypatch):
    # The budget counted in search steps, not seconds, so that a loaded machine plays the
    # same games: the clock moves half the budget per look (one look per 1,024 positions),
    # about as far as strong searches in a hundredth of a second on a laptop.
    looks = itertools.count()
    monkeypatch.setattr(bakuk_ai, "clock", lambda: next(looks) * BUDGET / 2)
    assert _match("strong", 10, seed_base=7) >= 8


def test_casual_beats_beginner():
    # casual searches to a fixed depth, so this match is fully deterministic
    assert _match("casual", 10, seed_base=3) >= 8


def _minimax(owned, me, players, holes, to_move, depth, scores):
    """The searcher's evaluation without pruning or memo: the reference it must equal."""
    reference = _Search(owned, me, players, float("inf"))
    moves = [i for i in owned[to_move] if holes[i]]
    if not moves:
        return reference._final(scores)
    if depth == 0:
        return reference._static(scores)
    values = []
    for origin in moves:
        board, taken = sow(holes, origin)
        new = scores[:to_move] + (scores[to_move] + taken,) + scores[to_move + 1:]
        values.append(_minimax(owned, me, players, board, (to_move + 1) % players,
                               depth - 1, new))
    return max(values) if to_move == me else min(values)


@pytest.mark.parametrize("holes, depth", [
    ((6, 4, 4, 5, 4, 4), 8),
    ((3, 5, 5, 3, 8, 3), 7),
])
def test_search_values_equal_plain_minimax(holes, depth):
    # the searcher evaluates every root move of one depth with one memo table; alpha-beta
    # cut-off values (bounds) must not be reused as exact values
    owned, me, players = OWNED[2], 1, 2
    search = _Search(owned, me, players, float("inf"))
    for move in owned[me]:
        board, taken = sow(holes, move)
        scores = tuple(taken if p == me else 0 for p in range(players))
        got = search.value(board, 0, depth - 1, -10**9, 10**9, scores)
        want = _minimax(owned, me, players, board, 0, depth - 1, scores)
        assert got == want, f"move {'abcdef'[move]}: searched {got}, minimax {want}"
