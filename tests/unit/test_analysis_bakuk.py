"""The solved Bakuk table against searches written separately from tools/bakuk_table.py.

Both checks play with the rules engine itself (`State.apply`, its own position history),
not with the table builder's sowing, and look positions up in the committed table.

- `literal_value`: minimax over the game exactly as the rules say, with the full position
  history (a third repetition ends the game), from a position reached the first time —
  exhaustive for every position with at most 4 seeds on the board (for more, the cycles
  of non-capturing moves make the tree of histories explode).
- `fixed_point_values`: for every position with at most 10 seeds, either mover, the value
  of the game in which endless play is worth 0, found by plain repeated sweeps of
  "can force >= k / cannot avoid <= -k" for each threshold k (no queues, no counters).
  The builder's docstring argues why this equals the value under the repetition rule;
  `literal_value` confirms it where it can be run.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from ludoteca import new_game
from ludoteca.analysis import analyse, grade
from ludoteca.games.bakuk import SPEC
from ludoteca.games.bakuk.kernel import TOTAL_SEEDS

ROOT = Path(__file__).resolve().parents[2]
TABLE_FILE = ROOT / "web" / SPEC.data_files["bakuk2"]
GAME = new_game("bakuk")


@pytest.fixture(scope="module")
def table():
    return SPEC.load_data("bakuk2", TABLE_FILE.read_bytes())


def position(board, to_move, captured=None):
    """A state with `board`, `to_move`, reached for the first time."""
    left = TOTAL_SEEDS - sum(board)
    captured = captured or [left // 2, left - left // 2]
    return GAME.state_from_json({
        "game": "bakuk", "players": 2, "holes": list(board), "captured": captured,
        "to_move": to_move,
        "seen": {",".join(map(str, board)) + f"/{to_move}": 1}})


def boards(n):
    if n == 0:
        yield (0,) * 6
        return
    for a in range(n + 1):
        for b in range(n + 1 - a):
            for c in range(n + 1 - a - b):
                for d in range(n + 1 - a - b - c):
                    for e in range(n + 1 - a - b - c - d):
                        yield (a, b, c, d, e, n - a - b - c - d - e)


def children(state):
    """[(seeds the mover captured, child state)] by the engine's own rules."""
    out = []
    for move in state.legal_moves():
        child = state.apply(move)
        out.append((child.captured[state.to_move] - state.captured[state.to_move], child))
    return out


def literal_value(state):
    """Mover's future captures minus the other's, best play, full history (small boards)."""
    seeds = sum(state.holes)

    @cache
    def solve(key, history):
        s = states[(key, history)]
        if s.is_terminal:
            return 0
        best = None
        for taken, child in children(s):
            if sum(child.holes) < seeds:  # a capture: the history can never matter again
                v = taken - fresh_value(child)
            else:
                h = tuple(sorted(child.seen.items()))
                states[((child.holes, child.to_move), h)] = child
                v = taken - solve((child.holes, child.to_move), h)
            best = v if best is None else max(best, v)
        return best

    states = {}
    h = tuple(sorted(state.seen.items()))
    states[((state.holes, state.to_move), h)] = state
    return solve((state.holes, state.to_move), h)


@cache
def _fresh(board, to_move):
    return literal_value(position(board, to_move))


def fresh_value(state):
    return _fresh(tuple(state.holes), state.to_move)


def fixed_point_values(max_seeds):
    """{(board, mover): value} of the endless-play-is-0 game, by naive sweeps."""
    values = {}
    for n in range(0, max_seeds + 1, 2):
        layer = [(b, p) for b in boards(n) for p in (0, 1)]
        exits, inner = {}, {}
        for b, p in layer:
            s = position(b, p)
            exits[(b, p)], inner[(b, p)] = [], []
            if s.is_terminal:
                continue
            for taken, child in children(s):
                c = (tuple(child.holes), child.to_move)
                if taken or child.is_terminal:
                    exits[(b, p)].append(taken - values.get(c, 0))
                else:
                    inner[(b, p)].append(c)
        result = {pos: 0 for pos in layer}
        for k in range(n, 0, -2):
            win = {pos for pos in layer if result[pos] >= k}
            lose = {pos for pos in layer if result[pos] <= -k}
            changed = True
            while changed:
                changed = False
                for pos in layer:
                    if pos in win or pos in lose or not (exits[pos] or inner[pos]):
                        continue
                    if any(v >= k for v in exits[pos]) or any(c in lose for c in inner[pos]):
                        win.add(pos)
                        result[pos] = k
                        changed = True
                    elif all(v <= -k for v in exits[pos]) and all(c in win for c in inner[pos]):
                        lose.add(pos)
                        result[pos] = -k
                        changed = True
        values.update(result)
    return values


def test_table_matches_the_literal_rules_with_full_history(table):
    for n in (0, 2, 4):
        for b in boards(n):
            for p in (0, 1):
                assert table.margin(b, p) == _fresh(b, p), (b, p)


def test_table_matches_a_separate_fixed_point_search_up_to_10_seeds(table):
    values = fixed_point_values(10)
    assert len(values) == 2 * sum(len(list(boards(n))) for n in range(0, 11, 2))
    wrong = [(pos, v, table.margin(*pos)) for pos, v in values.items()
             if table.margin(*pos) != v]
    assert wrong == []


def test_table_is_consistent_with_every_move_on_sampled_positions(table):
    """Bellman's equation, by the engine, on random positions of any size."""
    rng = random.Random(14)
    for _ in range(3000):
        n = rng.randrange(0, TOTAL_SEEDS + 1, 2)
        cuts = sorted(rng.randint(0, n) for _ in range(5))
        board = [b - a for a, b in zip([0] + cuts, cuts + [n], strict=True)]
        state = position(board, rng.randrange(2))
        if state.is_terminal:
            assert table.margin(board, state.to_move) == 0
            continue
        best = max(taken - table.margin(child.holes, child.to_move)
                   for taken, child in children(state))
        assert table.margin(board, state.to_move) == best


def test_analysis_protocol_on_the_table(table):
    state = GAME.initial_state()
    for _ in range(30):
        if state.is_terminal:
            break
        a = analyse(state, data={"bakuk2": table})
        assert a["kind"] == "margin" and a["exact"] and a["player"] == state.to_move
        assert set(a["moves"]) == set(state.legal_moves())
        assert a["value"] == max(a["moves"].values())
        state = state.apply(max(a["moves"], key=a["moves"].get))


def test_a_move_that_repeats_a_position_a_third_time_is_worth_nothing(table):
    state = position((1, 0, 0, 0, 0, 1), 0)  # a->b, then f->a ... cycles
    move = state.legal_moves()[0]
    child = state.apply(move)
    data = state.to_json()
    data["seen"][",".join(map(str, child.holes)) + f"/{child.to_move}"] = 2
    repeated = GAME.state_from_json(data)
    assert analyse(repeated, data={"bakuk2": table})["moves"][move] == 0


def test_grades_follow_the_stated_thresholds():
    assert [grade("margin", x) for x in (0, 2, 4, 6, 10)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]
    assert grade("win_chance", 0.5) == "blunder"
