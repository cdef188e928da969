"""Buku's set-up mode (`ludoteca.games.buku.editing`): a teacher adds and takes away pieces,
chooses whose turn it is and the captures; the engine says in words why a draft is not a
legal position — exactly when the rules would refuse it — and a legal one is played from,
or proven as a capture puzzle."""

from __future__ import annotations

import copy
import random

import pytest

import ludoteca
from ludoteca.core import OptionError
from ludoteca.games.buku import SPEC, position_puzzle
from ludoteca.games.buku.kernel import SQUARE_NAMES, TOTAL_PIECES, position_key
from ludoteca.games.buku.puzzles import MOST_BEST
from ludoteca.games.buku.rules import random_move
from ludoteca.teaching import editor
from ludoteca.teaching.puzzles import puzzles

GAME = ludoteca.new_game("buku")


def start() -> dict:
    return editor.start(GAME, SPEC)


def keys(draft) -> list:
    return [problem["key"].removeprefix("buku.setup.problem.")
            for problem in SPEC.setup_problems(GAME, draft)]


def drafted(squares: dict, to_move=0, captured=None) -> dict:
    """A draft with `squares` ({name: pieces}) and nothing elsewhere; the captures make the
    total 65 unless given."""
    board = [[0] * 8 for _ in range(8)]
    for name, n in squares.items():
        board[int(name[1]) - 1]["abcdefgh".index(name[0])] = n
    if captured is None:
        off = TOTAL_PIECES - sum(squares.values())
        captured = [off // 2, off - off // 2]
    return {**start(), "board": board, "captured": captured, "to_move": to_move,
            "hand_bonus": 0}


def refused(draft) -> bool:
    """Whether the rules refuse the draft as a position seen once."""
    board = [n for row in draft["board"] for n in row]
    data = {**draft, "seen": {position_key(board, draft["to_move"]): 1}}
    try:
        GAME.state_from_json(data)
    except OptionError:
        return True
    return False


# --- the draft from the opening, and what a click does -------------------------------------
def test_the_opening_is_a_legal_draft_with_the_65th_piece_in_hand():
    draft = start()
    assert keys(draft) == []
    state = SPEC.setup_state(GAME, draft)
    assert state.hand_bonus == 1 and state.seen == GAME.initial_state().seen
    described = editor.described(GAME, SPEC, draft)
    assert described["targets"] == SQUARE_NAMES and described["tools"] == ["add", "remove"]
    assert [c["name"] for c in described["choices"]] == ["to_move", "captured.0", "captured.1"]


def test_one_piece_more_on_the_opening_board_is_legal_the_65th_piece_laid():
    draft = editor.edited(GAME, SPEC, start(), "add", "c4")
    assert draft["hand_bonus"] == 0 and keys(draft) == []
    assert SPEC.setup_state(GAME, draft).board[SQUARE_NAMES.index("c4")] == 2
    back = editor.edited(GAME, SPEC, draft, "remove", "c4")
    assert back["hand_bonus"] == 1 and keys(back) == []  # the opening again


def test_an_edit_or_a_choice_never_changes_the_draft_it_is_given():
    draft = start()
    kept = copy.deepcopy(draft)
    for tool in SPEC.setup_tools:
        editor.edited(GAME, SPEC, draft, tool, "a1")
    editor.chosen(GAME, SPEC, draft, "captured.1", 3)
    editor.chosen(GAME, SPEC, draft, "to_move", 1)
    assert draft == kept


def test_a_square_never_goes_below_zero():
    draft = editor.edited(GAME, SPEC, drafted({"c4": 2}), "remove", "a1")
    assert draft["board"][0][0] == 0


def test_unknown_tools_squares_and_choices_are_refused():
    for tool, target in (("add", "i9"), ("paint", "a1"), ("add", 3)):
        with pytest.raises(OptionError) as info:
            editor.edited(GAME, SPEC, start(), tool, target)
        assert info.value.code == "bad_setup_edit"
    for name, value in (("to_move", 2), ("captured.0", 66), ("hand_bonus", 1)):
        with pytest.raises(OptionError):
            editor.chosen(GAME, SPEC, start(), name, value)


# --- the problems, each in words, exactly when the rules refuse ---------------------------
def test_each_problem_is_said_on_a_draft_that_has_it_and_only_then():
    legal = drafted({"c4": 2, "d4": 2, "a1": 1})
    assert keys(legal) == [] and not refused(legal)
    cases = {
        "pieces": drafted({"c4": 2}, captured=[0, 0]),
        "over": drafted({"c4": 1, "d4": 1}),
        # White to move: Black has just moved, so a dark square holds at most 2
        "mover_high": drafted({"d4": 3}),
        # White's own light squares hold at most 3
        "too_high": drafted({"c4": 4}),
    }
    for key, draft in cases.items():
        assert keys(draft) == [key] and refused(draft), key
    assert keys(drafted({"d4": 3}, to_move=1)) == []  # Black to move: his own 3 waits
    assert keys(drafted({"c4": 1}, captured=[0, 0])) == ["pieces", "over"]


@pytest.mark.parametrize("captured", [1, 2, 5])
def test_captures_no_capture_can_make_are_said_in_words(captured):
    draft = {**start(), "captured": [captured, 0], "to_move": 1}
    problems = SPEC.setup_problems(GAME, draft)
    said = [m for m in problems if m["key"] == "buku.setup.problem." + REACH]
    assert said and said[0]["params"]["n"] == captured


def test_the_problems_name_the_squares_and_the_count_in_words():
    [pieces] = SPEC.setup_problems(GAME, drafted({"c4": 2}, captured=[0, 0]))
    assert pieces["params"] == {"n": 2, "total": 65}
    [high] = SPEC.setup_problems(GAME, drafted({"d4": 3, "f4": 3}))
    assert high["params"]["squares"] == "d4, f4" and high["params"]["n"] == 2
    assert high["params"]["name"] == {"key": "buku.player.1", "params": {}}


def test_a_finished_games_position_is_a_draft_that_is_not_over():
    state = GAME.initial_state()
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(random_move(state, rng))
    draft = editor.start(GAME, SPEC, state)
    described = editor.described(GAME, SPEC, draft)
    assert described["problems"]  # its pieces were handed out: they count twice
    assert described["observation"]["end_reason"] is None


def _random_drafts(seed: int, count: int):
    """Drafts reached by random clicks and choices from the opening (again every 150),
    piles mostly of 0 to 3 as in play, now and then more; the captures often set to make 65."""
    rng = random.Random(seed)
    add_odds = (0.3, 0.4, 0.15, 0.05)  # by what the square holds
    for i in range(count):
        if i % 150 == 0:
            draft = start()
        if rng.random() < 0.9:
            square = rng.choice(SQUARE_NAMES)
            pile = draft["board"][int(square[1]) - 1]["abcdefgh".index(square[0])]
            tool = "add" if rng.random() < add_odds[min(pile, 3)] else "remove"
            draft = editor.edited(GAME, SPEC, draft, tool, square)
        else:
            draft = editor.chosen(GAME, SPEC, draft, "to_move", rng.randrange(2))
        value = TOTAL_PIECES - sum(n for row in draft["board"] for n in row) - draft["captured"][1]
        if rng.random() < 0.5 and 0 <= value <= TOTAL_PIECES:
            draft = editor.chosen(GAME, SPEC, draft, "captured.0", value)
        yield draft


REACH = "captured"  # a count no capture makes: the state is valid


def test_random_drafts_have_problems_exactly_when_the_rules_refuse_them():
    """Besides what a state refuses, the set-up refuses captures no sum of 3s and 4s makes
    (never refused by the rules, which trust a state's counts)."""
    legal = 0
    for draft in _random_drafts(1, 3000):
        assert bool([k for k in keys(draft) if k != REACH]) == refused(draft), draft
        assert (REACH in keys(draft)) == any(n in (1, 2, 5) for n in draft["captured"])
        assert editor.described(GAME, SPEC, draft)["observation"]["board"] == draft["board"]
        legal += not keys(draft)
    assert legal > 100


def test_every_legal_draft_is_a_valid_state_its_player_can_move_from():
    rng = random.Random(2)
    checked = 0
    for draft in _random_drafts(3, 3000):
        if keys(draft):
            continue
        state = editor.position(GAME, SPEC, draft)
        again = GAME.state_from_json(state.to_json())
        assert again.seen == {position_key(state.board, state.to_move): 1}
        assert state.current_player == draft["to_move"] and state.extensions("")
        state.apply(random_move(state, rng))
        checked += 1
    assert checked > 100


def test_an_illegal_draft_is_no_position_and_says_why():
    with pytest.raises(OptionError) as info:
        editor.position(GAME, SPEC, drafted({"c4": 1, "d4": 1}))
    assert info.value.code == "illegal_setup"
    assert info.value.params["why"]["key"] == "buku.setup.problem.over"


# --- a teacher's position as a puzzle -------------------------------------------------------
def proof_of(draft) -> dict:
    return editor.proof(SPEC, editor.position(GAME, SPEC, draft), {})


def test_a_position_with_one_best_capture_is_proven_a_clear_puzzle():
    # White to move: rank 2's hand of 3 laid c4-d4-e4 (or back) makes his two 2s 3s;
    # rank 8's hand of 2 reaches only one of them
    draft = drafted({"a2": 1, "b2": 2, "c4": 2, "e4": 2, "h8": 2})
    proof = proof_of(draft)
    assert proof["kind"] == "score" and proof["clear"]
    assert proof["best"] == ["2:c4-d4-e4", "2:e4-d4-c4"]
    assert proof["values"]["2:c4-d4-e4"] == 6 and proof["gap"] == 3


def test_the_shipped_capture_puzzles_are_proven_the_same_way():
    for puzzle in [p for p in puzzles("buku") if p["theme"] == "capture"][:6]:
        found = position_puzzle.prove(puzzle["state"])
        assert found["best"] == puzzle["best"], puzzle["id"]


def test_a_position_where_nothing_can_be_captured_is_refused_in_words():
    with pytest.raises(OptionError) as info:
        proof_of(drafted({"d4": 2, "a1": 1}))  # White's hand can reach no 2 of his
    assert info.value.code == "buku_nothing_captured"


def test_a_position_with_too_many_best_moves_is_refused_in_words():
    # any path of rank 2's 4 pieces through c4 captures 3: hundreds of them
    with pytest.raises(OptionError) as info:
        proof_of(drafted({"a2": 2, "b2": 2, "c4": 2, "h8": 2}))
    assert info.value.code == "buku_too_many_best"
    assert info.value.params == {"most": 3, "limit": MOST_BEST}


def test_every_position_of_a_game_is_proven_or_refused_in_words():
    """Crowded positions too (how long each takes: bench/buku_proof.py, never a timed test)."""
    rng = random.Random(4)
    state = GAME.initial_state()
    proven = 0
    for _ in range(40):
        state = state.apply(random_move(state, rng))
        if state.is_terminal:
            break
        try:
            proof = editor.proof(SPEC, state, {})
        except OptionError as refusal:
            assert refusal.code in ("buku_nothing_captured", "buku_too_many_best")
            continue
        assert proof["best"]
        proven += 1
    assert proven > 0
