"""Bolonki's lesson and memory puzzles, held to what they claim: each step's position is the
one it says (face down or shown), its why-messages name what the move did; each puzzle's
answer follows from the colours shown at its start and the moves watched after it (no
colour is read from anywhere else), is one idea clearly ahead of every other move, and
could not be found by remembering the start alone where the puzzle says so."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from ludoteca import web
from ludoteca.games.bolonki import kernel
from ludoteca.games.bolonki import puzzle_draft as draft
from ludoteca.games.bolonki import puzzles as making
from ludoteca.games.bolonki.rules import SQUARE_INDEX, Game
from ludoteca.registry import spec_of
from ludoteca.teaching.lessons import lesson, message
from ludoteca.teaching.puzzles import puzzles

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from builder.catalogue import game_catalogue, merged_strings  # noqa: E402 (after the path)

STEPS = {step.id: step for step in lesson("bolonki")}
STRINGS = {lang: merged_strings(lang, game_catalogue()) for lang in ("es", "en")}
SHELF = puzzles("bolonki")
GAME = Game(players=2)


def check_message(said) -> None:
    """A message both languages can say, every placeholder filled."""
    for strings in STRINGS.values():
        assert set(re.findall(r"{(\w+)}", strings[said["key"]])) <= set(said["params"])


def piece(colour):
    return message(f"bolonki.piece.{colour}")


def edge(colour):
    return message(f"lesson.bolonki.edge.{kernel.GOAL_EDGES[colour]}")


def why(step_id, move):
    step = STEPS[step_id]
    return step.why_not(step.state(), move)


# --- the lesson ----------------------------------------------------------------------------
def test_the_first_step_is_the_set_up_shown_to_memorise_then_face_down():
    step = STEPS["memorise"]
    state = step.state()
    assert state.to_json() == GAME.initial_state().to_json()
    view = state.observation(None)
    assert view["start_colours"] == state.to_json()["pieces"]  # the page's memorise phase
    after = state.apply(step.demo).observation(None)
    assert "start_colours" not in after and set(after["pieces"].values()) == {"?"}


def test_practice_steps_show_the_colours_and_the_others_are_face_down():
    face_down = []
    for step in STEPS.values():
        state = step.state()
        shown = state.observation(None)["pieces"]
        if step.options.get("practice"):
            assert shown == state.to_json()["pieces"], step.id
        else:
            assert set(shown.values()) == {"?"}, step.id
            face_down.append(step.id)
    assert face_down == ["memorise", "spot"]


def test_the_challenge_from_memory_is_the_set_up_after_two_moves_and_the_piece_is_yours():
    step = STEPS["spot"]
    state = step.state()
    assert state.to_json() == GAME.initial_state().apply("c1-c2").apply("a4-b5").to_json()
    assert state.pieces[SQUARE_INDEX["b5"]] == "Y" and state.current_player == 0
    challenged = state.apply("challenge:0").events[0]
    assert (challenged["result"], challenged["to"]) == ("succeeded", "a4")
    assert why("spot", "b1-b2") == message("lesson.bolonki.why.missed", piece=piece("Y"),
                                           start="a4")


@pytest.mark.parametrize(("step_id", "move", "name", "params"), [
    ("memorise", "a3-b4", "wrong_colour", {"piece": piece("Y"), "wanted": piece("B")}),
    ("memorise", "b1-a1", "not_closer", {"piece": piece("B"), "edge": edge("B")}),
    ("any_piece", "d3-d2", "not_further", {"piece": piece("R"), "edge": edge("R")}),
    ("any_piece", "c3-c4", "wrong_colour", {"piece": piece("B"), "wanted": piece("R")}),
    ("jump", "d2-d4", "not_far", {"square": "d4", "rank": 4, "best": 6}),
    ("jump", "d2-d4-b4", "not_far", {"square": "b4", "rank": 4, "best": 6}),
    ("jump", "g5-g6", "other_piece", {"square": "d2"}),
    ("bring_out", "c7-c8", "returned", {"piece": piece("Y"), "square": "c8", "to": "c7"}),
    ("bring_out", "g7-h8", "returned", {"piece": piece("R"), "square": "h8", "to": "g7"}),
    ("bring_out", "b2-b3", "no_reveal", {"piece": piece("B"), "edge": edge("B")}),
    ("bring_out", "e3-e4", "not_yours", {"piece": piece("R")}),
    ("other_edge", "g6-h6", "returned", {"piece": piece("B"), "square": "h6", "to": "g6"}),
    ("challenge", "b2-b3", "not_challenged", {"piece": piece("B"), "square": "d5",
                                              "start": "d6"}),
    ("price", "challenge:0", "wrong_challenge", {"piece": piece("R"), "square": "d4"}),
    ("price", "c3-b3", "not_closer", {"piece": piece("B"), "edge": edge("B")}),
    ("price", "d4-d3", "not_yours", {"piece": piece("R")}),
    ("last_piece", "g6-h6", "returned", {"piece": piece("R"), "square": "h6", "to": "g6"}),
    ("last_piece", "g4-g5", "no_reveal", {"piece": piece("Y"), "edge": edge("Y")}),
])
def test_a_why_message_names_what_the_move_did(step_id, move, name, params):
    assert why(step_id, move) == message(f"lesson.bolonki.why.{name}", **params)


def passing(step_id):
    step = STEPS[step_id]
    state = step.state()
    return state, [m for m in state.legal_moves() if step.passes(state, m)]


def test_a_move_passes_only_when_it_does_what_the_step_teaches():
    state, moves = passing("memorise")
    assert moves and all(state.pieces[SQUARE_INDEX[m[:2]]] == "B" and m[-1] == "2"
                         for m in moves)
    state, moves = passing("any_piece")
    assert all(state.pieces[SQUARE_INDEX[m[:2]]] == "R" and m[-1] > m[1] for m in moves)
    assert passing("jump")[1] == ["d2-d4-d6"]  # the only chain to rank 6
    for step_id, colour in (("bring_out", "B"), ("other_edge", "Y"), ("last_piece", "Y")):
        state, moves = passing(step_id)
        for move in moves:
            reveal = state.apply(move).events[1]
            assert (reveal["type"], reveal["colour"], reveal["result"]) == (
                "reveal", colour, "scored"), (step_id, move)
    state, moves = passing("last_piece")
    assert all(state.apply(m).winner == 0 for m in moves)
    for step_id in ("challenge", "spot"):
        assert passing(step_id)[1] == ["challenge:0"]


def test_a_wrong_challenge_costs_the_turn_and_the_mover_plays_again():
    state = STEPS["price"].state()
    assert state.last_move == "d5-d4" and state.pieces[SQUARE_INDEX["d4"]] == "R"
    child = state.apply("challenge:0")
    assert child.events[0]["result"] == "failed"
    assert child.current_player == 1 and child.barred[0]


# --- the puzzles ---------------------------------------------------------------------------
def follow(puzzle):
    """What a perfect memory holds after the prelude, worked out here from the colours
    shown at the start and the moves' public events alone: square -> (colour, the square
    the piece started on)."""
    held = {sq: (colour, sq) for sq, colour in puzzle["shown"].items()}
    state = GAME.state_from_json(puzzle["start"])
    for move in puzzle["prelude"]:
        state = state.apply(move)
        for event in state.remembered(state.events):
            if event["type"] == "move":
                held[event["path"][-1]] = held.pop(event["path"][0])
            elif event["type"] == "reveal" and event["result"] == "returned":
                held[event["to"]] = held.pop(event["square"])
    return held


def answer_square(puzzle):
    """The square the answer is about: the piece to bring out, or the one challenged."""
    if puzzle["answer"] == "bring_out":
        return puzzle["best"][0].split("-")[0]
    return puzzle["prelude"][-1].split("-")[-1]


def test_sixty_puzzles_a_third_of_each_difficulty_with_every_kind_of_answer():
    assert len(SHELF) == 60
    assert Counter(p["difficulty"] for p in SHELF) == {1: 20, 2: 20, 3: 20}
    for difficulty in (1, 2, 3):
        kinds = Counter((p["answer"], p["question"]["key"], p["state"]["to_move"])
                        for p in SHELF if p["difficulty"] == difficulty)
        assert len(kinds) == 6, kinds  # 3 kinds of question, each for both seats
    assert len({json.dumps(p["start"], sort_keys=True) for p in SHELF}) == 60


def test_puzzles_are_made_the_same_every_time_and_kept_by_the_spec():
    spec = spec_of("bolonki")
    assert spec.puzzles() is spec.puzzles()
    assert making.make() == tuple(SHELF)


def test_the_start_is_shown_and_the_prelude_is_watched_face_down():
    for puzzle in SHELF:
        start = GAME.state_from_json(puzzle["start"])
        assert puzzle["shown"] == puzzle["start"]["pieces"]
        view = start.observation(None)  # the page must show `shown`: the view does not
        assert "start_colours" not in view and set(view["pieces"].values()) == {"?"}
        low, high = draft.PLAN[puzzle["difficulty"] - 1]["moves"]
        assert low <= len(puzzle["prelude"]) <= high, puzzle["id"]
        person, movers, state = puzzle["state"]["to_move"], [], start
        for move in puzzle["prelude"]:
            movers.append(state.current_player)
            state = state.apply(move)
            kinds = [e["type"] for e in state.events]
            assert kinds == ["move"] or move == puzzle["prelude"][-1], (puzzle["id"], move)
        assert movers[-1] == 1 - person
        assert all(a != b for a, b in zip(movers, movers[1:], strict=False))
        last = [e for e in state.events if e["type"] == "reveal"]
        if puzzle["question"]["key"] == "puzzle.bolonki.which":
            assert last[0]["result"] == "returned" and not state.can_challenge()
        else:
            assert not last and state.can_challenge() == [person]
            assert puzzle["question"]["params"]["square"] == puzzle["prelude"][-1][-2:]


def test_the_colours_of_the_question_follow_from_what_was_shown():
    for puzzle in SHELF:
        held = follow(puzzle)
        assert {sq: colour for sq, (colour, _) in held.items()} == puzzle["state"]["pieces"]


def test_the_answer_is_one_idea_well_ahead_of_every_other_move():
    for puzzle in SHELF:
        state = GAME.state_from_json(puzzle["state"])
        person = state.current_player
        best, values = puzzle["best"], puzzle["values"]
        rest = max(v for m, v in values.items() if m not in best)
        assert min(values[m] for m in best) - rest >= draft.MARGIN, puzzle["id"]
        if puzzle["answer"] == "challenge":
            assert best == [f"challenge:{person}"]
            moved = state.pieces[SQUARE_INDEX[answer_square(puzzle)]]
            assert moved in kernel.PLAYER_COLOURS[2][person], puzzle["id"]  # not the mover's
        else:
            assert len({m.split("-")[0] for m in best}) == 1
            for move in best:
                reveal = state.apply(move).events[1]
                assert (reveal["result"], reveal["player"]) == ("scored", person)
            if f"challenge:{person}" in values:  # the piece moved last was the mover's
                assert values[f"challenge:{person}"] < 0


def test_the_answer_is_in_the_moves_watched_not_in_the_start_alone():
    for puzzle in SHELF:
        square = answer_square(puzzle)
        colour, began = follow(puzzle)[square]
        assert began != square, puzzle["id"]  # its piece came there during the prelude
        if puzzle["difficulty"] == 3:  # and the start put another colour there: remembering
            # the start alone misleads
            misled = puzzle["shown"].get(square)
            assert misled is not None and misled != colour, puzzle["id"]


def test_the_explanation_names_the_pieces_as_they_were():
    for puzzle in SHELF:
        state = GAME.state_from_json(puzzle["state"])
        last = puzzle["prelude"][-1].split("-")
        said = {m["key"].rpartition(".")[2]: m["params"] for m in puzzle["explain"]}
        for name, params in said.items():
            check_message({"key": f"puzzle.bolonki.explain.{name}", "params": params})
            colour = state.pieces[SQUARE_INDEX[params["square"]]]
            assert params["piece"] == piece(colour), puzzle["id"]
        if puzzle["answer"] == "challenge":
            assert list(said) == ["challenge"] and said["challenge"]["square"] == last[-1]
            assert said["challenge"]["start"] == last[0]
        else:
            assert said["bring_out"]["square"] == answer_square(puzzle)
            owned = "own_piece" in said
            assert owned == (puzzle["question"]["key"] == "puzzle.bolonki.challenge")


def test_the_proof_reads_the_colours_shown():
    puzzle = next(p for p in SHELF if p["answer"] == "challenge")
    proof = spec_of("bolonki").prove_puzzle(puzzle, {})
    assert proof["best"] == puzzle["best"] and proof["values"] == puzzle["values"]
    began = follow(puzzle)[answer_square(puzzle)][1]
    person = puzzle["state"]["to_move"]
    theirs = kernel.PLAYER_COLOURS[2][1 - person]
    other = next(sq for sq, c in puzzle["shown"].items() if c in theirs)
    start = json.loads(json.dumps(puzzle["start"]))  # the two colours swapped
    pieces = start["pieces"]
    pieces[began], pieces[other] = pieces[other], pieces[began]
    changed = making.prove(GAME, start, puzzle["prelude"])
    assert changed["values"][f"challenge:{person}"] < 0  # now the mover's own: no challenge


def call(**request):
    return json.loads(web.handle(json.dumps(request)))


def test_a_puzzle_is_played_through_the_facade_prelude_first():
    puzzle = SHELF[-1]
    opened = call(op="puzzle", id=puzzle["id"], session="bolonki-puzzle")
    assert opened["coach"]["prelude"] == len(puzzle["prelude"])
    for move in puzzle["prelude"]:
        assert call(op="bot", session="bolonki-puzzle")["played"] == move
    verdict = call(op="play", move=puzzle["best"][0], session="bolonki-puzzle")["verdict"]
    assert verdict["correct"] and verdict["kind"] == "score"
    web.engine.sessions.pop("bolonki-puzzle")
