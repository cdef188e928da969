"""Bolonki's kernel: its board moves are exactly the steps and jump chains of the rules (a
plain search written here from the rules' words), in the kernel's order, counted and
picked without listing; the random playouts' loop plays the beginners' game move for move
as `State.apply` does."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from conformance import play
from ludoteca.games.bolonki import SPEC, kernel
from ludoteca.games.bolonki.bots import RandomBot
from ludoteca.games.bolonki.rules import notation
from ludoteca.spec import GameSpec

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def plain_moves(occupied: set) -> set:
    """Every step and jump chain, searched square by square from the rules' words: a step
    to an empty neighbour; a jump over an adjacent piece to the empty square beyond, on and
    on, never landing twice on a square nor back on the start (which the piece has left)."""
    moves = set()
    for start in occupied:
        f, r = start % 8, start // 8
        for df, dr in kernel.DIRECTIONS:
            if 0 <= f + df < 8 and 0 <= r + dr < 8 and (f + df) + 8 * (r + dr) not in occupied:
                moves.add((start, (f + df) + 8 * (r + dr)))
        others = occupied - {start}
        paths = [(start,)]
        while paths:
            path = paths.pop()
            f, r = path[-1] % 8, path[-1] // 8
            for df, dr in kernel.DIRECTIONS:
                over, land = (f + df, r + dr), (f + 2 * df, r + 2 * dr)
                if not (0 <= land[0] < 8 and 0 <= land[1] < 8):
                    continue
                over, land = over[0] + 8 * over[1], land[0] + 8 * land[1]
                if over in others and land not in others and land not in path:
                    moves.add(path + (land,))
                    paths.append(path + (land,))
    return moves


def in_kernel_order(moves: set) -> list:
    """`moves` in the order the kernel promises: by start square, its steps by target, then
    its chains depth first, the landing squares of each hop in order."""
    def is_step(path):
        return len(path) == 2 and path[1] in kernel.NEIGHBOURS[path[0]]

    def chains_from(path):
        found = []
        for longer in sorted(m for m in moves if len(m) == len(path) + 1 and m[:-1] == path
                             and not is_step(m)):
            found += [longer, *chains_from(longer)]
        return found

    ordered = []
    for start in sorted({m[0] for m in moves}):
        ordered += sorted(m for m in moves if m[0] == start and is_step(m))
        ordered += chains_from((start,))
    return ordered


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 63), max_size=40))
def test_board_moves_are_the_steps_and_chains_of_the_rules_in_the_kernels_order(squares):
    occupied = kernel.mask_of(squares)
    moves = kernel.BoardMoves(occupied)
    listed = moves.paths()
    assert listed == in_kernel_order(plain_moves(squares))
    assert len(moves) == len(listed) and bool(moves) == bool(listed)
    assert [moves[i] for i in range(len(moves))] == listed  # picked without listing
    assert all(kernel.is_board_move(occupied, path) for path in listed)
    assert kernel.has_board_move(occupied) == bool(listed)


def test_jump_chains_are_listed_depth_first_landing_squares_in_order():
    # d4 (27) jumps over e4 to f4 (29), then over f5 to f6 (45) or over g4 to h4 (31)
    occupied = kernel.mask_of([27, 28, 37, 30])
    chains = [path for path in kernel.BoardMoves(occupied) if path[0] == 27 and len(path) > 2
              or path[0] == 27 and path[1] == 29]
    assert chains == [(27, 29), (27, 29, 31), (27, 29, 45)]


def test_the_count_is_the_list_for_a_full_and_an_empty_board():
    assert len(kernel.BoardMoves(kernel.ALL)) == 0 and not kernel.has_board_move(kernel.ALL)
    assert kernel.BoardMoves(0).paths() == []


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(0, 63), max_size=30), SEEDS, st.booleans())
def test_the_random_own_move_draws_as_a_choice_from_the_list(squares, seed, may_challenge):
    moves = kernel.BoardMoves(kernel.mask_of(squares))
    own = moves.paths() or [kernel.PASS]
    own += [kernel.CHALLENGE] if may_challenge else []
    assert kernel.random_own_move(random.Random(seed), moves, may_challenge) == random.Random(
        seed).choice(own)


def beginners_by_apply(state, seed) -> tuple:
    """The beginners' game from `state` played through `State.apply`, seeded as
    `GameSpec.random_playout` seeds them: (final state, moves)."""
    rng = random.Random(seed)
    bots = [RandomBot(state.game, p, rng.random()) for p in range(state.num_players)]
    states, moves = play(state, lambda s: bots[s.current_player].choose(s))
    return states[-1], moves


def beginners_by_kernel(state, seed) -> tuple:
    """The same game by the kernel's loop: (final position, moves in notation)."""
    rng = random.Random(seed)
    rngs = [random.Random(rng.random()) for _ in range(state.num_players)]
    position = kernel.Position(state.num_players, state.max_moves)
    state.copy_position(position)
    record = []
    kernel.random_playout(position, rngs, record)
    names = {kernel.PASS: lambda p: "pass", kernel.CHALLENGE: lambda p: f"challenge:{p}"}
    return position, [names[move](player) if move in names else notation(move)
                      for player, move in record]


def assert_same_game(state, seed) -> list:
    end, moves = beginners_by_apply(state, seed)
    position, kernel_moves = beginners_by_kernel(state, seed)
    assert kernel_moves == moves
    assert position.pieces == end.pieces and position.returns() == end.returns()
    assert (position.scored, position.barred, position.skip_next, position.move_count) == (
        end.scored, end.barred, end.skip_next, end.move_count)
    return moves


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(10, 120), SEEDS)
def test_the_kernels_playout_is_the_apply_paths_game_move_for_move(players, max_moves, seed):
    game = ludoteca.new_game("bolonki", players=players, max_moves=max_moves)
    assert_same_game(game.initial_state(), seed)


def test_the_same_game_with_challenges_lost_turns_and_pieces_brought_out():
    # few pieces left, each next to its goal: few moves, so challenges and scoring are drawn
    game = ludoteca.new_game("bolonki", players=4, max_moves=300)
    data = game.initial_state().to_json()
    data["pieces"] = {"c7": "B", "g2": "Y", "d2": "R", "b6": "G"}
    data["out"] = {"B": 5, "Y": 5, "R": 5, "G": 5}
    data["scored"] = [5, 5, 5, 5]
    state = game.state_from_json(data)
    seen = set()
    for seed in range(30):
        after = state
        for move in assert_same_game(state, seed):
            after = after.apply(move)
            seen |= {e.get("result") or e.get("reason") or e["type"] for e in after.events}
    assert {"scored", "returned", "succeeded", "failed", "skip", "all_out"} <= seen


@settings(max_examples=4, deadline=None)
@given(st.sampled_from([2, 4]), SEEDS)
def test_the_specs_playout_equals_the_default_one_through_apply(players, seed):
    game = ludoteca.new_game("bolonki", players=players)
    by_apply = GameSpec.random_playout(SPEC, game.initial_state(), random.Random(seed))
    assert SPEC.random_playout(game.initial_state(), random.Random(seed)) == by_apply


def test_a_playout_from_a_later_position_leaves_the_state_alone():
    state = ludoteca.new_game("bolonki").initial_state().apply("c1-c2").apply("challenge:1")
    before = state.to_json()
    returns, plies = SPEC.random_playout(state, random.Random(3))
    assert state.to_json() == before and plies > 0 and len(returns) == 2
