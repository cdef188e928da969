"""Every registered game and option set keeps the protocol's promises (tests/conformance.py:
apply never mutates, JSON and record round trips, extensions agree with is_legal and
legal_moves, frames end in the observation, no hidden fact shown); its bots play only legal
moves; and every copy of a rule inside a bot agrees with `apply` on random positions."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import ai, registry, web
from ludoteca.core import CHANCE, sample_chance

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import conformance  # noqa: E402  (tests/conformance.py: shared with the Pyodide run)

CASES = conformance.all_cases()


@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in CASES])
def test_random_games_keep_every_promise(game_id, options):
    for seed in range(3 if not options else 1):  # the default game most, each option once
        conformance.simulate(game_id, options, seed)


def test_every_game_and_option_is_covered():
    assert {g for g, _ in CASES} == set(registry.GAMES) == set(ludoteca.GAME_MODULES)
    for game_id in registry.GAMES:
        described = registry.game_class(game_id).describe_options()
        for name, spec in described.items():
            used = {json.dumps(o.get(name, spec["default"])) for g, o in CASES if g == game_id}
            wanted = {json.dumps(v) for v in spec["values"] if v is not None}
            assert wanted <= used | {json.dumps(spec["default"])}, (game_id, name)


# --- bots ---------------------------------------------------------------------------------
BOT_CASES = [(g, o, level) for g, o in CASES if g == "buku" or not o or "players" in o
             or "team_size" in o for level in ai.levels(g)]


@pytest.mark.parametrize(("game_id", "options", "level"), BOT_CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}-{lv}"
                              for g, o, lv in BOT_CASES])
def test_bots_play_only_legal_moves(game_id, options, level):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(3)
    bots = [ai.bot_for(game, p, level, seed=p) for p in range(game.num_players)]
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


# --- copies of the rules inside the bots ------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(holes=st.lists(st.integers(0, 12), min_size=6, max_size=6).filter(lambda h: sum(h) <= 36),
       players=st.sampled_from([2, 3]), to_move=st.integers(0, 2))
def test_bakuk_bot_sowing_agrees_with_the_rules(holes, players, to_move):
    from ludoteca.ai.bakuk import sow
    from ludoteca.games.bakuk import HOLES

    to_move %= players
    game = ludoteca.new_game("bakuk", players=players)
    captured = [0] * players
    captured[(to_move + 1) % players] = 36 - sum(holes)
    key = ",".join(map(str, holes)) + "/" + str(to_move)
    state = game.state_from_json({"game": "bakuk", "players": players, "holes": holes,
                                  "captured": captured, "to_move": to_move, "seen": {key: 1}})
    for move in state.legal_moves():
        child = state.apply(move)
        board, taken = sow(tuple(holes), HOLES.index(move))
        assert board == tuple(child.holes)
        assert taken == child.captured[to_move] - captured[to_move]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 12))
def test_buku_bot_play_out_agrees_with_the_rules(seed, plies):
    from ludoteca.ai.buku import play_out
    from ludoteca.games import buku

    rng = random.Random(seed)
    state = ludoteca.new_game("buku").initial_state()
    for _ in range(plies):
        if state.is_terminal:
            return
        state = state.apply(buku.random_move(state, rng))
    if state.is_terminal:
        return
    move = buku.random_move(state, rng)
    line, _, rest = move.partition(":")
    path = [buku.SQUARE_INDEX[s] for s in rest.split("-")] if rest else []
    board, captured, end = play_out(state.board, state.captured, state.to_move, line, path)
    child = state.apply(move)
    assert board == child.board
    if end is None:  # the bot leaves the repetition safeguard out
        assert child.end_reason in (None, "repetition")
        assert captured == child.captured or child.end_reason == "repetition"
    else:
        reason, shares = end
        assert child.end_reason == reason
        assert [c + s for c, s in zip(captured, shares, strict=True)] == child.captured


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


# --- frames step through the move as the rules do -------------------------------------------
@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in CASES])
def test_frames_follow_the_events_of_the_move(game_id, options):
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(9)
    state = game.initial_state()
    for _ in range(40):
        if state.is_terminal:
            break
        move = conformance.random_move(state, rng)
        child, frames = state.apply_with_frames(move)
        kinds = [f["kind"] for f in frames]
        events = {e["type"]: e for e in child.events}
        if game_id == "bakuk":  # the hole emptied, then one frame per seed sown
            sow = events["sow"]
            assert kinds[:1 + sow["seeds"]] == ["lift"] + ["sow"] * sow["seeds"]
            assert [f["at"] for f in frames[1:1 + sow["seeds"]]] == sow["path"]
            counts = [sum(f["observation"]["holes"]) + f["observation"].get("hand", 0)
                      for f in frames[:sow["seeds"]]]
            assert len(set(counts)) == 1  # seeds in the holes and in the hand: all there
        elif game_id == "buku":  # the line lifted, then one frame per piece laid
            path = events["place"]["path"]
            assert kinds[:1 + len(path)] == ["lift"] + ["place"] * len(path)
            assert [f["at"] for f in frames[1:1 + len(path)]] == path
        elif game_id == "bul" and ("move" in events or "enter" in events):
            walk = events.get("move") or events["enter"]
            rows = [f["at"] for f in frames if f["kind"] == "pass-row"]
            assert rows == walk["path"]
            assert all(f["observation"]["moving"] for f in frames if f["kind"] == "pass-row")
        elif game_id == "bolonki" and "move" in events:
            path = events["move"]["path"]
            assert [f["at"] for f in frames if f["kind"] == "hop"] == path[1:-1]
            assert ("reveal" in kinds) == ("reveal" in events)
        state = child


def test_step_facts_say_what_each_step_is():
    state = ludoteca.new_game("bul", variant="aj-sayil").initial_state().apply("3").apply("3")
    steps = state.extensions("")
    assert state.step_facts("", steps) == {"3:": {"kind": "value", "value": 3}}
    facts = state.step_facts("3:", state.extensions("3:"))
    assert facts == {"3:enter": {"kind": "enter", "value": 3, "player": 0, "to": 4}}
    after = state.apply("3:enter")
    facts = after.step_facts("3:", after.extensions("3:"))
    assert facts["3:4"] == {"kind": "unit", "value": 3, "row": 4, "controller": 0,
                            "backward": False, "to": 7, "outcome": "land"}
    bolonki = ludoteca.new_game("bolonki").initial_state().apply("c1-c2")
    jump = bolonki.step_facts("b1", bolonki.extensions("b1"))
    assert jump["b1-d3"] == {"kind": "jump", "from": "b1", "to": "d3", "over": "c2"}
    assert jump["b1-a1"] == {"kind": "step", "from": "b1", "to": "a1"}
    buku = ludoteca.new_game("buku").initial_state()
    line = buku.step_facts("", buku.extensions(""))["3:"]
    assert (line["kind"], line["pieces"], line["hand"]) == ("line", 8, 9)  # and the 65th
    assert buku.step_facts("3:", [("3:c4", False)]) == {
        "3:c4": {"kind": "square", "square": "c4", "hand_after": 8}}


def test_an_answer_searches_buku_paths_once(monkeypatch):
    from ludoteca.games import buku

    calls = []
    search = buku.path_steps
    monkeypatch.setattr(buku, "path_steps", lambda *a: calls.append(a) or search(*a))
    call(op="new", game="buku")
    call(op="step", partial="3:")
    calls.clear()
    answer = call(op="step", partial="3:c4")
    assert answer["view"]["steps"] and len(calls) == 1


# --- the build's catalogue and game lists derive from the registry --------------------------
def test_catalogue_and_page_lists_derive_from_the_registry():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import build

    catalogue = build.game_catalogue()
    assert list(catalogue) == list(registry.GAMES)
    lists = build.game_lists(catalogue)
    for game_id, entry in catalogue.items():
        assert f'import {game_id} from "./{game_id}.js";' in lists["games/index.js"].decode()
        assert f'@import url("{game_id}.css");' in lists["games/index.css"].decode()
        assert entry["rules_sections"] == list(registry.GAMES[game_id].rules_sections)
        assert entry["preview"] == ludoteca.new_game(game_id).initial_state().observation()
        for seating in entry["seats"]:  # who sits at the table, per seating option
            options = seating["options"]
            extra = next(({**e, **options} for e in ({}, *registry.enablers(
                registry.game_class(game_id), entry["seat_option"] or ""))
                if _allowed(game_id, {**e, **options})), None)
            game = ludoteca.new_game(game_id, **extra)
            assert seating["list"] == game.seat_facts()
            assert len(seating["list"]) == game.num_players
    values = catalogue["bul"]["options"]["team_size"]["values"]
    assert [s["options"]["team_size"] for s in catalogue["bul"]["seats"]] == values


def _allowed(game_id, options) -> bool:
    try:
        ludoteca.new_game(game_id, **options)
    except ludoteca.OptionError:
        return False
    return True
