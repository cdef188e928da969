"""Buku's lesson and puzzles, beyond the generic checks of test_lessons_puzzles.py: each
step's why-messages name what really happened on the board, and each shipped puzzle's
claims (one line, the same captured squares, the trap of an exchange) hold — checked
through the rules engine and, for a few puzzles, against a brute force that plays every
path without the search's bounds and shortcuts."""

from __future__ import annotations

import pytest

import ludoteca
from conformance import moves_by_extensions
from ludoteca.games.buku import kernel, search
from ludoteca.games.buku import puzzles as buku_puzzles
from ludoteca.games.buku.lessons import STEPS
from ludoteca.teaching.lessons import lesson
from ludoteca.teaching.puzzles import puzzles

GAME = ludoteca.new_game("buku")
SQ = kernel.SQUARE_INDEX
SHELF = puzzles("buku")
CAPTURES = [p for p in SHELF if p["theme"] == "capture"]
EXCHANGES = [p for p in SHELF if p["theme"] == "exchange"]


def by_id(step_id):
    return next(step for step in lesson("buku") if step.id == step_id)


def every_move(state) -> set:
    """Every legal move, built from the rules' own pieces: each line of the player to
    move, and every path its hand can be laid along (`search.walks`)."""
    moves = set()
    for line in kernel.player_lines(state.to_move):
        for path in search.walks(state.hand(line)):
            moves.add(line + ":" + "-".join(kernel.SQUARE_NAMES[s] for s in path))
    return moves


def line_of(move: str) -> str:
    return move.partition(":")[0]


def path_of(move: str) -> list:
    return [SQ[square] for square in move.partition(":")[2].split("-") if square]


# --- the lesson ---------------------------------------------------------------------------


def test_path_counts_are_the_board_s_own():
    """Paths of 2 are the ordered pairs of neighbours; paths of 3 turn at a middle square
    between two of its neighbours: sum of deg·(deg−1)."""
    degrees = [len(kernel.NEIGHBOURS[s]) for s in range(64)]
    assert len(search.walks(1)) == 64
    assert len(search.walks(2)) == sum(degrees) == 224
    assert len(search.walks(3)) == sum(d * (d - 1) for d in degrees) == 584
    assert search.walks(0) == [()]


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.id)
def test_a_step_is_a_legal_position_whose_moves_are_few_and_all_listed(step):
    state = step.state()
    assert not state.is_terminal
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()
    assert sum(state.board) + sum(state.captured) == 65 and state.hand_bonus == 0
    listed = sorted(moves_by_extensions(state))  # as a person builds them, step by step
    assert set(listed) == every_move(state)
    assert len(listed) < 1500, "a step's moves should be few"
    assert all(state.is_legal(move) for move in listed[::25])


WHYS = [
    ("line", "2:d3-d4", "not_fullest", {"line": "2", "n": 2, "best": "5", "most": 3}),
    ("line", "5:h6-h7-h8", None, None),
    ("path", "6:f6-f7", "light_count", {"n": 1}),
    ("path", "3:a1-a2-a3", "light_count", {"n": 1}),
    ("path", "3:b1-b2-c2", None, None),
    ("colour", "1:e5", "dark_three", {"square": "e5", "n": 3}),
    ("colour", "1:a1", "no_capture", {}),
    ("colour", "5:e4-f4", None, None),
    ("chain", "2:b4-c4", "one_square", {"square": "c4"}),
    ("chain", "4:h1-h2", "dark_three", {"square": "h2", "n": 3}),
    ("chain", "8:d5-c5-c4", None, None),
    ("four", "1:", "only_three", {"square": "c4"}),
    ("four", "4:a1-a2-a3", "lifted_three", {"line": "4", "square": "c4"}),
    ("four", "6:c5-c4", None, None),
    ("black", "d:b6-c6", "light_three", {"square": "c6", "n": 3}),
    ("black", "c:d6-d7", None, None),
    ("gift", "7:e4-e5", "gift", {"square": "e5", "n": 3}),
    ("gift", "7:d3-e3", "gift", {"square": "e3", "n": 3}),
    ("gift", "7:a1-a2", "no_capture", {}),
    ("gift", "7:d4-e4", None, None),
    ("empty", "2:a1-a2", "laid", {"n": 2}),
    ("empty", "5:a1-a2-a3", "lifted_three", {"line": "5", "square": "f5"}),
    ("empty", "8:", None, None),
    ("unchanged", "3:c3", "unchanged", {"n": 3}),  # a piece put back where it stood
    ("unchanged", "5:", "unchanged", {"n": 3}),
    ("unchanged", "3:c4", None, None),
    ("no_twos", "2:f5", "still_two", {"square": "d4", "n": 2}),
    ("no_twos", "4:a1-a2", "still_two", {"square": "f5", "n": 2}),
    ("no_twos", "1:", "unchanged", {"n": 6}),
    ("no_twos", "4:g5-f5", None, None),
    ("sixty_five", "7:c5-c4-c3", "lost", {"mine": 32, "theirs": 33}),
    ("sixty_five", "4:e7-e6", "still_two", {"square": "e7", "n": 3}),
    ("sixty_five", "1:h1", "unchanged", {"n": 7}),
    ("sixty_five", "8:", "unchanged", {"n": 7}),
    ("sixty_five", "7:b5-c5-c4", None, None),
]


@pytest.mark.parametrize(("step_id", "move", "why", "params"), WHYS)
def test_a_why_message_names_what_happened(step_id, move, why, params):
    step = by_id(step_id)
    verdict = step.why_not(step.state(), move)
    if why is None:
        assert verdict is None
    else:
        assert verdict == {"key": f"lesson.buku.why.{why}", "params": params}


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.id)
def test_every_why_of_every_move_is_true_of_the_board_after_it(step):
    """Whatever the move, a square a message names holds what it says, of the owner it
    says; a move that passes did what its goal asks."""
    state = step.state()
    me, other = state.to_move, 1 - state.to_move
    for move in sorted(moves_by_extensions(state)):
        child = state.apply(move)
        why = step.why_not(state, move)
        if why is None:
            continue
        key, params = why["key"].rpartition(".")[2], why["params"]
        if key in ("dark_three", "light_three", "gift"):
            square = SQ[params["square"]]
            assert child.board[square] == params["n"] >= 3
            assert kernel.owner(square) == other
            assert params["square"] in move
        elif key == "still_two":
            assert child.board[SQ[params["square"]]] == params["n"] >= 2
            assert not child.is_terminal
        elif key == "unchanged":
            assert child.end_reason == "unchanged" and child.board == state.board
            assert child.captured[other] - state.captured[other] == params["n"]
        elif key == "no_capture":
            assert child.captured[me] == state.captured[me]
        elif key == "lost":
            assert child.is_terminal and child.winner == other
            assert params["mine"] + params["theirs"] == 65


def test_the_sixty_fifth_piece_step_is_won_only_by_a_loose_piece_on_a_light_square():
    step = by_id("sixty_five")
    state = step.state()
    for move in sorted(moves_by_extensions(state)):
        child = state.apply(move)
        if step.passes(state, move):
            assert child.end_reason == "no_twos" and child.captured == [33, 32]
            light = [s for s in path_of(move) if child.board[s] and kernel.owner(s) == 0]
            assert len(light) == 1


def test_lesson_steps_teach_white_in_ranks_and_black_in_files():
    for step in STEPS:
        state = step.state()
        assert line_of(step.demo) in kernel.player_lines(state.to_move)
    assert {step.state().to_move for step in STEPS} == {0, 1}


# --- the puzzles --------------------------------------------------------------------------


def start_of(puzzle):
    return GAME.state_from_json(puzzle["state"])


def margin(state, child) -> int:
    me, other = state.to_move, 1 - state.to_move
    return ((child.captured[me] - state.captured[me])
            - (child.captured[other] - state.captured[other]))


def captured_by(state, move) -> tuple:
    """(pieces the move captures, the squares), played by the rules."""
    child = state.apply(move)
    capture = next((e for e in child.events if e["type"] == "capture"), None)
    return (0, frozenset()) if capture is None else (capture["total"],
                                                     frozenset(capture["squares"]))


def test_the_shelf_spreads_over_themes_and_difficulties():
    assert len(SHELF) >= 60
    kinds = {(p["theme"], p["difficulty"]) for p in SHELF}
    assert {d for _, d in kinds} == {1, 2, 3}
    assert {t for t, _ in kinds} == {"capture", "exchange"}
    boards = {(str(p["state"]["board"]), p["state"]["to_move"]) for p in SHELF}
    assert len(boards) == len(SHELF), "every puzzle has a position of its own"
    assert {p["state"]["to_move"] for p in SHELF} == {0, 1}


@pytest.mark.parametrize("puzzle", SHELF, ids=lambda p: p["id"])
def test_a_puzzle_has_one_best_line_and_a_best_move_for_every_line(puzzle):
    state = start_of(puzzle)
    assert state.hand_bonus == 0 and list(state.seen.values()) == [1]
    limit = (buku_puzzles.CAPTURE_HAND if puzzle["theme"] == "capture"
             else buku_puzzles.EXCHANGE_HAND)
    assert max(state.hand(line) for line in kernel.player_lines(state.to_move)) <= limit
    best = puzzle["best"]
    assert len({line_of(move) for move in best}) == 1
    assert len(best) <= buku_puzzles.MOST_BEST
    top = puzzle["values"][best[0]]
    assert all(puzzle["values"][move] == top for move in best)
    others = {line_of(m): v for m, v in puzzle["values"].items() if m not in best}
    assert set(others) | {line_of(best[0])} == set(kernel.player_lines(state.to_move))
    assert all(value < top for value in others.values())


@pytest.mark.parametrize("puzzle", CAPTURES, ids=lambda p: p["id"])
def test_a_capture_puzzle_s_values_are_what_the_rules_capture(puzzle):
    state = start_of(puzzle)
    for move, value in puzzle["values"].items():
        assert captured_by(state, move)[0] == value, move
    taken = {captured_by(state, move)[1] for move in puzzle["best"]}
    assert len(taken) == 1, "every best move captures the same squares"
    assert puzzle["line"] == []


def brute_captures(state) -> dict:
    """{line: (most captured, {every move capturing it})}: every path of every line
    played out, with no bound."""
    found = {}
    for line in kernel.player_lines(state.to_move):
        scores = {}
        for path in search.walks(state.hand(line)):
            played = kernel.play_out(state.board, state.captured, state.to_move, line,
                                     list(path))
            move = line + ":" + "-".join(kernel.SQUARE_NAMES[s] for s in path)
            scores[move] = played.captured[state.to_move] - state.captured[state.to_move]
        most = max(scores.values())
        found[line] = (most, {m for m, v in scores.items() if v == most})
    return found


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_capture_puzzle_agrees_with_playing_every_path(difficulty):
    puzzle = next(p for p in CAPTURES if p["difficulty"] == difficulty)
    state = start_of(puzzle)
    found = brute_captures(state)
    top = max(most for most, _ in found.values())
    assert set(puzzle["best"]) == {m for most, ms in found.values() if most == top for m in ms}
    for move, value in puzzle["values"].items():
        assert found[line_of(move)][0] == value


@pytest.mark.parametrize("puzzle", EXCHANGES, ids=lambda p: p["id"])
def test_an_exchange_puzzle_s_value_is_its_two_moves_played(puzzle):
    """The best move, then the answer of the line: the margin they make is the value; and
    capturing the most is a trap: a move that does gains 2 pieces less or worse."""
    state = start_of(puzzle)
    best = puzzle["best"][0]
    answered = state.apply(best)
    assert len(puzzle["line"]) == (0 if answered.is_terminal else 1)
    for answer in puzzle["line"]:
        answered = answered.apply(answer)
    assert margin(state, answered) == puzzle["values"][best]
    board, captured, me = state.board, state.captured, state.to_move
    most = max(value for value, _ in search.best_captures(board, me).values())
    assert most >= max(captured_by(state, move)[0] for move in puzzle["values"])
    greedy = search.best_captures(board, me, ties_at=most)
    traps = [search.exchange_value(board, captured, me, line, path)[0]
             for line, (value, paths) in greedy.items() if value == most for path in paths]
    assert min(traps) <= puzzle["values"][best] - 2


def brute_answer(state) -> int:
    """The most the player to move gains on the margin with one move: every path of
    every line played by the kernel, with no bound."""
    best = None
    for line in kernel.player_lines(state.to_move):
        for squares in {frozenset(p): p for p in search.walks(state.hand(line))}.values():
            played = kernel.play_out(state.board, state.captured, state.to_move, line,
                                     list(squares))
            value = search.margin_gain(state.captured, played, state.to_move)
            best = value if best is None else max(best, value)
    return best


def test_the_answer_searched_agrees_with_playing_every_answer():
    """For the exchange puzzles whose answers are quickest to play out: after the best
    move, no answer gains more than the one the search found, and that one is real."""
    def answer_size(puzzle):
        after = start_of(puzzle).apply(puzzle["best"][0])
        return max(after.hand(line) for line in kernel.player_lines(after.to_move))

    for puzzle in sorted(EXCHANGES, key=answer_size)[:3]:
        state = start_of(puzzle)
        after = state.apply(puzzle["best"][0])
        answered = after.apply(puzzle["line"][0])
        assert brute_answer(after) == margin(after, answered), puzzle["id"]


def test_a_wrong_answer_is_judged_with_every_line_s_value_once_the_answer_is_asked_for():
    puzzle = EXCHANGES[0]
    wrong = next(move for move in puzzle["values"] if move not in puzzle["best"])
    tried = ludoteca.teaching.puzzles.judge(puzzle, wrong)
    assert tried == {"correct": False, "move": wrong}  # the person may try again
    verdict = ludoteca.teaching.puzzles.answer(puzzle, wrong)
    assert not verdict["correct"] and verdict["value"] < puzzle["values"][puzzle["best"][0]]
