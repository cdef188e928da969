"""Buku: the facts the engine gives the page, so that the view writes and parses no notation
and works out no rule — what each step is, what any click would ask, the move being built,
the words' numbers in the events, the rules panel's example."""

from __future__ import annotations

import json
import random

import ludoteca
from conformance import play
from ludoteca import web
from ludoteca.games.buku import kernel
from ludoteca.games.buku import rules as buku

GAME = ludoteca.new_game("buku")
SQ = kernel.SQUARE_INDEX


def test_line_steps_say_the_line_its_orientation_squares_and_hand():
    state = GAME.initial_state()
    line = state.step_facts("", state.extensions(""))["3:"]
    assert line == {"kind": "line", "line": "3", "orientation": "rank",
                    "squares": [f + "3" for f in "abcdefgh"], "pieces": 8,
                    "hand": 9}  # and the 65th piece
    black = state.apply("3:c4-c5-d5-d6-e6-f6-g6-h6-h7")
    facts = black.step_facts("", black.extensions(""))
    assert {f["orientation"] for f in facts.values()} == {"file"}
    assert facts["c:"]["squares"] == ["c" + r for r in "12345678"]
    assert facts["c:"]["pieces"] == facts["c:"]["hand"] == 9  # c3 emptied, c4 and c5 raised


def test_square_steps_say_where_they_go_and_the_hand_before_and_after():
    state = GAME.initial_state()
    assert state.step_facts("3:", [("3:c4", False)]) == {
        "3:c4": {"kind": "square", "square": "c4", "start": True, "direction": None,
                 "hand": 9, "hand_after": 8}}
    facts = state.step_facts("3:c4", state.extensions("3:c4"))
    assert {step: f["direction"] for step, f in facts.items()} == {
        "3:c4-c5": "up", "3:c4-c3": "down", "3:c4-d4": "right", "3:c4-b4": "left"}
    assert all(not f["start"] and (f["hand"], f["hand_after"]) == (8, 7)
               for f in facts.values())


def test_targets_name_every_line_then_every_square_offered_or_not():
    state = GAME.initial_state()
    lines = state.targets("")
    assert lines == {line: line + ":" for line in "12345678abcdefgh"}
    refused = {line: step for line, step in lines.items()
               if (step, False) not in state.extensions("")}
    assert set(refused) == set("abcdefgh")  # Black's files, while White moves
    assert all(state._why_illegal(step).code == "wrong_line" for step in refused.values())

    starts = state.targets("3:")
    assert len(starts) == 64 and starts["c4"] == "3:c4" and starts["a3"] == "3:a3"
    squares = state.targets("3:c4-c5")
    assert squares["d5"] == "3:c4-c5-d5" and len(squares) == 64
    offered = {step for step, _ in state.extensions("3:c4-c5")}
    assert {s for s in squares.values() if s in offered} == offered
    assert state._why_illegal(squares["c4"]).code == "repeated_square"
    assert state._why_illegal(squares["h8"]).code == "not_adjacent"


def test_no_targets_at_the_end_or_for_what_is_not_a_partial():
    state = GAME.initial_state()
    assert state.targets("e:") == {} and state.targets("3:z9") == {}
    rng = random.Random(3)
    over = play(state, lambda s: buku.random_move(s, rng))[0][-1]
    assert over.is_terminal and over.targets("") == {}


def test_a_square_from_which_the_path_cannot_go_on_is_a_dead_end():
    state = GAME.initial_state()  # a hand of 9: after a2-b2-b1, a1 walls the path in
    error = state._why_illegal("3:a2-b2-b1-a1")
    assert (error.code, error.params["square"], error.params["hand"]) == ("dead_end", "a1", 9)
    assert state._why_illegal("3:a2-b2-b1-c1").code == "too_few_squares"  # it can go on


def test_the_move_being_built_says_hand_lifted_pieces_bonus_and_heading():
    state = GAME.initial_state()
    facts = state.partial_facts("3:c4-c5-d5")
    assert (facts["line"], facts["orientation"]) == ("3", "rank")
    assert (facts["lifted"], facts["bonus"], facts["hand"]) == (8, 1, 6)
    assert facts["path"] == ["c4", "c5", "d5"] and facts["heading"] == "right"
    assert facts["line_squares"] == [f + "3" for f in "abcdefgh"]
    assert facts["board"][2] == [0] * 8 and facts["board"][3][2] == 2
    assert state.partial_facts("3:c4")["heading"] is None
    black = state.apply("3:c4-c5-d5-d6-e6-f6-g6-h6-h7")
    facts = black.partial_facts("c:")
    assert (facts["orientation"], facts["lifted"], facts["bonus"], facts["hand"]) == (
        "file", 9, 0, 9)
    assert state.partial_facts("e:") == {}  # not White's line


def test_the_lift_says_the_orientation_and_the_65th_piece():
    first = GAME.initial_state().apply("4:a1-a2-a3-a4-a5-a6-a7-a8-b8").events[0]
    assert (first["orientation"], first["pieces"], first["bonus"], first["hand"]) == (
        "rank", 8, 1, 9)
    second = GAME.state_from_json(
        GAME.initial_state().apply("4:a1-a2-a3-a4-a5-a6-a7-a8-b8").to_json())
    lift = second.apply("c:c1-c2-c3-c4-c5-c6-c7").events[0]
    assert (lift["orientation"], lift["bonus"], lift["hand"]) == ("file", 0, 7)


def test_the_rules_panel_example_is_read_by_the_rules():
    facts = buku.Game.rules_facts()
    assert facts["colours"] == [seat["colours"][0] for seat in GAME.seat_facts()]
    assert facts["colours"][facts["owners"][0][0]] == "dark"  # a1 is dark
    example = facts["example"]
    line, path = buku._split_move(example["move"], kernel.WHITE)
    assert example["line_step"] == line + ":" and example["orientation"] == "rank"
    assert example["path"] == [kernel.SQUARE_NAMES[s] for s in path]
    assert GAME.initial_state().is_legal(example["move"] + "-h7")  # the 65th piece


def test_the_facade_sends_targets_and_names_a_refused_click():
    def call(**request):
        return json.loads(web.handle(json.dumps({"session": "buku-facts", **request})))

    view = call(op="new", game="buku")["view"]
    assert view["targets"]["e"] == "e:" and view["targets"]["3"] == "3:"
    assert call(op="step", partial=view["targets"]["e"])["error"]["code"] == "wrong_line"
    view = call(op="step", partial="3:")["view"]
    assert view["targets"]["c4"] == "3:c4"
    refused = call(op="step", partial="3:a2-b2-b1-a1")
    assert refused["error"]["code"] == "dead_end"
