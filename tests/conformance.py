"""The conformance checks every registered game passes, in the manner of OpenSpiel's
``random_sim_test``: seeded random games, with every protocol promise checked at each
position. Plain Python over `ludoteca` only (no pytest), so the very same checks also run
under Pyodide's Python (tests/pyodide/test_pyodide.py); tests/unit/test_conformance.py runs
them for every game and option set of the registry.

`simulate(game_id, options, seed, max_plies)` plays one game and raises AssertionError at
the first broken promise; it returns the record and final state, so two runtimes can be
compared. `play` and `random_move` are the test suite's one way to play a game on (each
test file chooses its moves with them).
"""

from __future__ import annotations

import json
import random

import ludoteca
from ludoteca import registry, web
from ludoteca.core import CHANCE, IllegalMoveError, sample_chance


def all_cases() -> list:
    """(game id, options) for every registered game and each of its option sets."""
    return [(g, o) for g in registry.GAMES for o in registry.option_sets(g)]


def random_move(state, rng) -> str:
    """A legal move built the way a person builds one: step by step through `extensions`
    (a throw is drawn with its odds). Checks each step against `is_legal` on the way."""
    if state.current_player == CHANCE:
        return sample_chance(state, rng)
    partial = ""
    while True:
        steps = state.extensions(partial)
        assert steps, f"{partial!r}: a partial move with no next step"
        for step, complete in steps:
            assert step.startswith(partial) and step != partial, (partial, step)
            assert complete == state.is_legal(step), f"{step!r}: complete={complete}"
        partial, complete = rng.choice(steps)
        if complete and (not state.extensions(partial) or rng.random() < 0.5):
            return partial


def uniform_move(state, rng) -> str:
    """A throw with its odds, else a legal move drawn uniformly (built step by step where
    the moves are too many to list)."""
    if state.current_player == CHANCE:
        return sample_chance(state, rng)
    moves = listed_moves(state)
    return rng.choice(moves) if moves is not None else random_move(state, rng)


def play(state, choose, max_plies: int = 10**6) -> tuple:
    """``(states, moves)`` of the game played on from `state` by ``choose(state) -> move``
    until it ends or `max_plies` moves are made; ``states[0]`` is `state`."""
    states, moves = [state], []
    while not state.is_terminal and len(moves) < max_plies:
        move = choose(state)
        state = state.apply(move)
        moves.append(move)
        states.append(state)
    return states, moves


def listed_moves(state):
    """legal_moves(), or None for a game whose moves are too many to list (Buku)."""
    try:
        return state.legal_moves()
    except IllegalMoveError as error:
        assert error.code == "use_extensions"
        return None


def moves_by_extensions(state, partial="", found=None) -> set:
    """Every complete move reachable by walking `extensions` from `partial`."""
    found = set() if found is None else found
    for step, complete in state.extensions(partial):
        if complete:
            found.add(step)
        moves_by_extensions(state, step, found)
    return found


def check_extensions(state) -> None:
    """The steps offered lead to exactly the legal moves, each of which `is_legal`."""
    moves = listed_moves(state)
    if moves is None:
        return  # Buku: `random_move` checks every step it walks against is_legal
    assert len(set(moves)) == len(moves), "a move listed twice"
    assert all(state.is_legal(m) for m in moves)
    if state.current_player != CHANCE:
        assert moves_by_extensions(state) == set(moves)


def check_json(game, state, rng) -> None:
    """`to_json` survives JSON text and gives back the same state and observations, which
    plays on identically; no move applied to the state changes it (a sample of them)."""
    data = state.to_json()
    again = game.state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert again.observation(None) == state.observation(None)
    assert again.current_player == state.current_player
    assert again.is_terminal == state.is_terminal
    assert again.returns() == state.returns()
    moves = listed_moves(state)
    if moves is None:  # Buku: a few moves built step by step
        moves = [random_move(state, rng) for _ in range(3)] if not state.is_terminal else []
    assert listed_moves(again) in (moves, None) or set(listed_moves(again)) == set(moves)
    events = list(state.events)
    for move in rng.sample(moves, min(8, len(moves))):
        child = state.apply(move)
        assert state.to_json() == data and state.events == events, "apply changed the state"
        twin = again.apply(move)
        assert twin.to_json() == child.to_json() and twin.events == child.events


def check_illegal(state, rng) -> None:
    """Garbage and near-misses are refused with IllegalMoveError; the state is unchanged."""
    before = state.to_json()
    for bad in ("", "zz", "9:99", "-", "a1-a1", "challenge:9", "\u00b2", "pass:"):
        if state.is_legal(bad):
            continue
        try:
            state.apply(bad)
        except IllegalMoveError as error:
            assert error.code
        else:
            raise AssertionError(f"{bad!r} was applied though is_legal said no")
    assert state.to_json() == before


def check_move(state, move):
    """`apply` leaves the state alone; `apply_with_frames` is the same transition and its
    frames end in the new observation and step through the move as the game says
    (`GameSpec.check_frames`). Returns the new state."""
    before, events = state.to_json(), list(state.events)
    child = state.apply(move)
    assert state.to_json() == before and state.events == events, "apply changed the state"
    twin, frames = state.apply_with_frames(move)
    assert state.to_json() == before
    assert twin.to_json() == child.to_json() and twin.events == child.events
    assert frames, "a move without frames"
    final = child.observation(None)
    assert frames[-1]["observation"] == final, "the last frame is not the new observation"
    for frame in frames:
        assert isinstance(frame["kind"], str)
        assert set(final) <= set(frame["observation"]), "a frame lacks observation fields"
        json.dumps(frame)
    spec = registry.spec_of(state.game.id)
    spec.check_frames(state, move, child, frames)
    spec.check_observations(state.game, [f["observation"] for f in frames])
    return child


def check_hidden(game, state, rng) -> None:
    """No observation shows a hidden fact (`GameSpec.check_observations`), and the same
    position with its hidden facts shuffled looks the same to everyone."""
    spec = registry.spec_of(game.id)
    viewers = (None, *range(game.num_players))
    spec.check_observations(game, [state.observation(p) for p in viewers])
    twin = spec.shuffled_hidden(state, rng)
    if twin is not None:
        for player in viewers:
            assert twin.observation(player) == state.observation(player)


def check_history(game, moves) -> None:
    """The facade's history (the move log) keeps no hidden fact seen only for a moment
    (`GameSpec.check_remembered`), and the record it gives back replays to the same game."""
    web.handle(json.dumps({"op": "load", "session": "conformance",
                           "record": ludoteca.make_record(game, moves)}))
    answer = json.loads(web.handle(json.dumps({"op": "history", "session": "conformance"})))
    assert [entry["move"] for entry in answer["history"]] == moves
    spec = registry.spec_of(game.id)
    for entry in answer["history"]:
        spec.check_remembered(entry["events"])


def simulate(game_id: str, options: dict, seed: int, max_plies: int = 60,
             deep_every: int = 4) -> dict:
    """One seeded random game with every check; the costly ones (the whole extension
    tree, JSON, illegal moves) at every `deep_every`-th position."""
    game = ludoteca.new_game(game_id, **options)
    rng = random.Random(seed)
    state = game.initial_state()
    states, moves = [state], []
    while not state.is_terminal and len(moves) < max_plies:
        if len(moves) % deep_every == 0:
            check_json(game, state, rng)
            check_extensions(state)
            check_illegal(state, rng)
            check_hidden(game, state, rng)
        else:
            registry.spec_of(game_id).check_observations(
                game, [state.observation(p) for p in (None, *range(game.num_players))])
        move = random_move(state, rng)
        state = check_move(state, move)
        moves.append(move)
        states.append(state)
    check_json(game, state, rng)
    assert state.extensions("") == [] or not state.is_terminal
    record = ludoteca.make_record(game, moves)
    replayed = ludoteca.replay(json.loads(json.dumps(record)))
    assert [s.to_json() for s in replayed] == [s.to_json() for s in states]
    assert [s.events for s in replayed] == [s.events for s in states]
    check_history(game, moves)
    return {"moves": moves, "final": state.to_json()}
