"""Every registered game and option set keeps the protocol's promises (tests/conformance.py:
apply never mutates, JSON and record round trips, extensions agree with is_legal and
legal_moves, frames end in the observation and step through the move as the game says, no
hidden fact shown); its bots play only legal moves; the facade sends what the page draws;
the build's catalogue derives from the registry."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import conformance  # tests/conformance.py: shared with the Pyodide run
import ludoteca
from ludoteca import registry, web
from ludoteca.core import CHANCE, sample_chance

CASES = conformance.all_cases()


@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in CASES])
def test_random_games_keep_every_promise(game_id, options):
    for seed in range(3 if not options else 1):  # the default game most, each option once
        conformance.simulate(game_id, options, seed)


def test_every_game_and_option_is_covered():
    assert {g for g, _ in CASES} == set(registry.GAMES) == set(ludoteca.GAMES)
    for game_id in registry.GAMES:
        described = registry.game_class(game_id).describe_options()
        for name, spec in described.items():
            used = {json.dumps(o.get(name, spec["default"])) for g, o in CASES if g == game_id}
            wanted = {json.dumps(v) for v in spec["values"] if v is not None}
            assert wanted <= used | {json.dumps(spec["default"])}, (game_id, name)


# --- bots ---------------------------------------------------------------------------------
BOT_CASES = [(g, o, level) for g, o in CASES if g == "buku" or not o or "players" in o
             or "team_size" in o for level in registry.levels(g)]


@pytest.mark.parametrize(("game_id", "options", "level"), BOT_CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}-{lv}"
                              for g, o, lv in BOT_CASES])
def test_bots_play_only_legal_moves(game_id, options, level):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(3)
    bots = [registry.bot_for(game, p, level, seed=p) for p in range(game.num_players)]
    state = game.initial_state()
    for _ in range(10):
        if state.is_terminal:
            break
        player = state.current_player
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            move = bots[player].choose(state, budget=0.02)
            assert state.is_legal(move), (level, move)
        state = state.apply(move)
        for bot in bots:
            bot.observe(move, state.events)
        for bot in bots:  # a move out of turn (a Bolonki challenge) must be legal too
            reaction = bot.react(state)
            assert reaction is None or state.is_legal(reaction)


@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in CASES])
def test_random_playouts_end_with_a_result(game_id, options):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(5)
    for _ in range(3):
        returns, plies = registry.spec_of(game_id).random_playout(game.initial_state(), rng)
        assert plies > 0 and len(returns) == game.num_players
        assert set(returns) <= {-1, 0, 1} and (sum(returns) <= 0 or returns.count(1) == 1)
        longest = registry.spec_of(game_id).max_moves  # the longest game its rules allow
        assert longest is None or plies <= longest, (plies, longest)


# --- the facade sends what the page draws ------------------------------------------------------
def call(**request):
    return json.loads(web.handle(json.dumps({"session": "conformance-web", **request})))


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_played_moves_come_with_frames_and_described_steps(game_id):
    players = len(call(op="new", game=game_id)["view"]["seats"])
    view = call(op="new", game=game_id, seed=5, seats=["beginner"] * players)["view"]
    assert view["frames"] == [] and view["last_move"] is None
    assert set(view["step_facts"]) == {step for step, _ in view["steps"]}
    assert all(isinstance(f["kind"], str) for f in view["step_facts"].values())
    observation = view["observation"]
    for name in ("end_reason", "scores", "score_counts", "seat_facts"):
        assert name in observation
    assert len(observation["scores"]) == len(observation["seat_facts"]) == len(view["seats"])
    answer = call(op="throw") if view["current_player"] == CHANCE else call(op="bot")
    played = answer["view"]
    assert played["frames"][-1]["observation"] == played["observation"]
    assert played["last_move"] == {"ply": 1, "player": view["current_player"],
                                   "move": answer["played"]}
    assert call(op="view")["view"]["frames"] == []  # sent once, with the move


# --- the build's catalogue and game lists derive from the registry --------------------------
def test_catalogue_and_page_lists_derive_from_the_registry():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from builder.catalogue import game_catalogue, game_lists

    catalogue = game_catalogue()
    assert list(catalogue) == list(registry.GAMES)
    lists = game_lists(catalogue)
    for game_id, entry in catalogue.items():
        assert f'from "./{game_id}/view.js";' in lists["games/index.js"].decode()
        assert f'@import url("{game_id}/style.css");' in lists["games/index.css"].decode()
        assert entry["rules_sections"] == list(registry.GAMES[game_id].rules_sections)
        rule_sets = entry["rule_set_option"]  # the rules panel's chooser: every rule set
        assert rule_sets == registry.GAMES[game_id].rule_set_option
        assert list(entry["rule_sets"]) == (
            entry["options"][rule_sets]["values"] if rule_sets else [])
        assert entry["preview"] == ludoteca.new_game(game_id).initial_state().observation()
        for seating in entry["seats"]:  # who sits at the table, per seating option
            options = seating["options"]
            extra = next(({**e, **options} for e in ({}, *registry.enablers(
                registry.game_class(game_id), entry["seat_option"] or ""))
                if _allowed(game_id, {**e, **options})), None)
            game = ludoteca.new_game(game_id, **extra)
            assert seating["list"] == game.seat_facts()
            assert len(seating["list"]) == game.num_players
        seat_option = entry["seat_option"]
        if seat_option:  # who sits there for every value of the option that seats them
            values = entry["options"][seat_option]["values"]
            assert [s["options"][seat_option] for s in entry["seats"]] == values


def _allowed(game_id, options) -> bool:
    try:
        ludoteca.new_game(game_id, **options)
    except ludoteca.OptionError:
        return False
    return True
