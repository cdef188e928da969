"""Properties of Bakuk that hold in every position, checked on random playouts."""

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca

TOTAL = 36
MAX_PLIES = 2000  # far beyond any real game; the repetition guard ends cycles

# a playout is steered by a list of choices: choice i picks legal move (i mod n)
players_st = st.sampled_from([2, 3])
choices_st = st.lists(st.integers(min_value=0, max_value=5), min_size=0, max_size=80)


def playout(players, choices):
    """All states of a game played by `choices` (then move 0 when choices run out)."""
    state = ludoteca.new_game("bakuk", players=players).initial_state()
    states, moves = [state], []
    for ply in range(MAX_PLIES):
        if state.is_terminal:
            break
        legal = state.legal_moves()
        move = legal[choices[ply % len(choices)] % len(legal)] if choices else legal[0]
        state = state.apply(move)
        states.append(state)
        moves.append(move)
    return states, moves


@settings(max_examples=60, deadline=None)
@given(players_st, choices_st)
def test_seeds_are_always_accounted_for(players, choices):
    for state in playout(players, choices)[0]:
        assert sum(state.holes) + sum(state.captured) == TOTAL
        assert min(state.holes) >= 0
        assert len(state.captured) == players
        captured = sum(e["total"] for e in state.events if e["type"] == "capture")
        sown = [e for e in state.events if e["type"] == "sow"]
        assert len(sown) == (1 if state.events else 0)
        if sown:
            assert sown[0]["seeds"] == len(sown[0]["path"])
        assert captured <= sum(state.captured)


@settings(max_examples=40, deadline=None)
@given(players_st, choices_st)
def test_apply_never_mutates(players, choices):
    states, moves = playout(players, choices)
    for state in states:
        if state.is_terminal:
            continue
        before = state.to_json()
        events_before = list(state.events)
        for move in state.legal_moves():
            state.apply(move)
            assert state.to_json() == before
            assert state.events == events_before


@settings(max_examples=40, deadline=None)
@given(players_st, choices_st)
def test_json_round_trip(players, choices):
    states, _ = playout(players, choices)
    game = states[0].game
    for state in states:
        copy = game.state_from_json(state.to_json())
        assert copy.to_json() == state.to_json()
        assert copy.legal_moves() == state.legal_moves()
        assert copy.current_player == state.current_player
        assert copy.returns() == state.returns()
        for move in state.legal_moves():  # the loaded state plays on identically
            assert copy.apply(move).to_json() == state.apply(move).to_json()


@settings(max_examples=60, deadline=None)
@given(players_st, st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=400))
def test_every_game_ends(players, choices):
    states, moves = playout(players, choices)
    final = states[-1]
    assert final.is_terminal, f"no end after {len(moves)} plies"
    assert final.current_player is None
    assert final.legal_moves() == []
    assert final.events[-1]["type"] == "end"
    assert final.events[-1]["reason"] in ("no_seeds", "repetition")
    assert sorted(final.returns()) in ([-1, 1], [0, 0], [-1, -1, 1], [-1, 0, 0], [0, 0, 0])
    assert sum(1 for s in states if s.is_terminal) == 1


@settings(max_examples=40, deadline=None)
@given(players_st, choices_st)
def test_record_round_trip(players, choices):
    states, moves = playout(players, choices)
    record = ludoteca.make_record(states[0].game, moves)
    assert record == {"game": "bakuk", "options": {"players": players}, "moves": moves}
    replayed = ludoteca.replay(record)
    assert len(replayed) == len(states)
    for original, copy in zip(states, replayed, strict=True):
        assert copy.to_json() == original.to_json()
        assert copy.events == original.events
