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
