"""Bul's set-up mode: a teacher places men of either side on the road, takes them off,
turns them round and fills or empties the bases; chooses whose turn it is and the values
thrown. Every reason the rules refuse a position is said in words, only when it holds; a
legal draft is a valid state to play from; a small endgame after the throw is proven as a
puzzle, anything else is refused in words."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from ludoteca import web
from ludoteca.core import OptionError
from ludoteca.games.bul import SPEC, editing
from ludoteca.games.bul.kernel import RULE_SETS
from ludoteca.teaching import editor

OPTIONS = [{"variant": v} for v in RULE_SETS] + [
    {"variant": "aj-sayil", "team_size": 2}, {"variant": "aj-tiwil", "team_size": 2},
    {"variant": "puluc", "length": 9}, {"variant": "a-kaakil", "length": 9}]


def game_of(**options):
    return editor.game_and_spec("bul", options)[0]


def keys(game, draft) -> list:
    return [m["key"] for m in SPEC.setup_problems(game, draft)]


def refused(game, draft) -> bool:
    """Whether the rules refuse the draft as a live position (the turn under way)."""
    try:
        game.state_from_json(editing._live(game, editing._read(game, draft)).to_json())
    except OptionError:
        return True
    return False


def draft_of(game, units=(), base=None, **fields) -> dict:
    """A draft from the opening one: `units` as ``(row, pieces, heading)``, `base` per
    player, then `fields`; every man not placed, waiting or retired is dead, unless
    `fields` say how many are."""
    draft = {**editor.start(game, SPEC), **fields}
    draft["units"] = [{"row": r, "pieces": list(p), "heading": h} for r, p, h in units]
    if base is not None:
        draft["base"] = list(base)
    if "dead" not in fields:
        on_road = [sum(q == p for _, pieces, _ in units for q in pieces)
                   for p in range(game.num_players)]
        draft["dead"] = [max(0, 5 - b - n - r) for b, n, r in zip(
            draft["base"], on_road, draft["retired"], strict=True)]
    return draft


def edit(game, draft, tool, target):
    return editor.edited(game, SPEC, draft, tool, target)


def units(draft) -> list:
    return [(u["row"], tuple(u["pieces"]), u["heading"]) for u in draft["units"]]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_opening_draft_is_legal_and_is_the_opening_position(options):
    game = game_of(**options)
    draft = editor.start(game, SPEC)
    assert SPEC.setup_problems(game, draft) == []
    state = editor.position(game, SPEC, draft)
    assert state.to_json() == game.initial_state().to_json()
    described = editor.described(game, SPEC, draft)
    assert described["tools"] == ["red", "black", "remove", "turn"]
    assert {c["name"]: c["value"] for c in described["choices"]}["throws"] == "?"


def problem_drafts():
    """(options, draft fields, the one problem it has): each built on a legal position."""
    puluc = {"variant": "puluc"}
    return [
        (puluc, {"base": [6, 5]}, "men"),
        (puluc, {"base": [-1, 5], "dead": [6, 0]}, "negative"),
        (puluc, {"base": [4, 5], "retired": [1, 0]}, "retired"),
        (puluc, {"units": [(1, (0,), "out")], "base": [4, 5]}, "row"),
        ({"variant": "a-kaakil"}, {"units": [(11, (0,), "out")], "base": [4, 5]}, "fire"),
        (puluc, {"units": [(5, (0,), "home")], "base": [4, 5]}, "heading"),
        ({"variant": "aj-sayil"}, {"units": [(5, (0, 1), "out")], "base": [4, 4]}, "heading"),
        ({"variant": "aj-sayil"}, {"units": [(21, (0,), "out")], "base": [4, 5]}, "heading"),
        ({"variant": "boolik"}, {"units": [(12, (0,), "out")], "base": [4, 5]}, "heading"),
        ({"variant": "aj-tiwil"}, {"units": [(5, (0, 1), "home")], "base": [4, 4]}, "pile"),
        (puluc, {"units": [(5, (0,), "out"), (5, (1,), "out")], "base": [4, 4]}, "enemies"),
        (puluc, {"units": [(5, (0,), "out"), (5, (0,), "out")], "base": [3, 5]}, "twice"),
        ({"variant": "aj-sayil"}, {"units": [(3, (0,), "out"), (6, (0,), "out")],
                                   "base": [3, 5]}, "movable"),
        (puluc, {"to_move": 2}, "to_move"),
        (puluc, {"throws": [7], "thrown": [7], "throws_pending": 0}, "throws"),
        (puluc, {"throws": [3, 4], "thrown": [3, 4], "throws_pending": 0}, "throws"),
        (puluc, {"base": [0, 5]}, "over"),
        ({"variant": "aj-sayil"}, {"units": [(5, (1, 0), "home")], "base": [0, 4]}, "over"),
    ]


@pytest.mark.parametrize("options, fields, problem", problem_drafts(),
                         ids=[f"{p}-{i}" for i, (_, _, p) in enumerate(problem_drafts())])
def test_every_problem_is_said_on_a_draft_that_has_it_and_only_then(options, fields, problem):
    game = game_of(**options)
    fields = dict(fields)
    draft = draft_of(game, fields.pop("units", ()), fields.pop("base", None), **fields)
    assert keys(game, draft) == [f"bul.setup.problem.{problem}"]
    assert refused(game, draft)
    with pytest.raises(OptionError) as error:
        editor.position(game, SPEC, draft)
    assert error.value.code == "illegal_setup"


def test_every_problem_has_a_draft_that_shows_it():
    source = Path(editing.__file__).read_text(encoding="utf-8")
    named = set(re.findall(r'"bul\.setup\.problem\.(\w+)"', source))
    assert named == {problem for _, _, problem in problem_drafts()}


def test_a_man_placed_on_an_enemy_pile_is_its_captor_and_taking_him_off_frees_it():
    game = game_of(variant="aj-sayil")
    draft = edit(game, editor.start(game, SPEC), "red", "row:5")
    draft = edit(game, draft, "black", "row:5")
    assert units(draft) == [(5, (1, 0), "home")]  # a capture turns the captor home
    assert draft["base"] == [4, 4] and draft["dead"] == [0, 0]
    draft = edit(game, draft, "remove", "row:5")
    assert units(draft) == [(5, (0,), "out")] and draft["base"] == [4, 5]
    puluc = game_of(variant="puluc")
    draft = edit(puluc, edit(puluc, editor.start(puluc, SPEC), "black", "row:4"), "red", "row:4")
    assert units(draft) == [(4, (0, 1), "out")]  # Puluc's piles always move on


def test_edits_the_rules_never_allow_are_refused_in_words():
    tiwil = game_of(variant="aj-tiwil")
    draft = edit(tiwil, editor.start(tiwil, SPEC), "red", "row:5")
    refusals = [
        (tiwil, draft, "black", "row:5", "bul_setup_no_piles"),
        (tiwil, draft, "red", "row:5", "bul_setup_own_row"),
        (tiwil, draft, "red", "row:1", "bul_setup_own_base"),  # Red's base, Black's camp
        (tiwil, draft, "remove", "row:6", "bul_setup_nothing"),
        (tiwil, draft, "turn", "base:0", "bul_setup_nothing"),
        (tiwil, draft, "black", "base:0", "bul_setup_wrong_base"),
        (tiwil, draft_of(tiwil, base=[0, 5]), "remove", "base:0", "bul_setup_base_empty"),
        (tiwil, edit(tiwil, draft, "red", "row:21"), "turn", "row:21", "bul_setup_stays_home"),
    ]
    puluc = game_of(variant="puluc")
    refusals.append((puluc, edit(puluc, editor.start(puluc, SPEC), "red", "row:5"), "turn",
                     "row:5", "bul_setup_no_turn"))
    for game, before, tool, target, code in refusals:
        with pytest.raises(OptionError) as error:
            edit(game, before, tool, target)
        assert error.value.code == code, (tool, target)


def test_a_lone_man_turns_round_and_the_far_camp_holds_a_man_heading_home():
    game = game_of(variant="aj-sayil")
    draft = edit(game, editor.start(game, SPEC), "red", "row:5")
    draft = edit(game, draft, "turn", "row:5")
    assert units(draft) == [(5, (0,), "home")]
    draft = edit(game, draft, "black", "row:1")  # Black's far camp is Red's base row
    assert units(draft)[0] == (1, (1,), "home")
    assert "row:1" not in SPEC.setup_targets(game_of(variant="puluc"), draft)


def test_a_base_click_adds_a_waiting_man_or_lets_one_die():
    game = game_of(variant="puluc")
    draft = edit(game, editor.start(game, SPEC), "remove", "base:1")
    assert draft["base"] == [5, 4] and draft["dead"] == [0, 1]
    draft = edit(game, draft, "black", "base:1")
    assert draft["base"] == [5, 5] and draft["dead"] == [0, 0]
    draft = edit(game, draft, "red", "base:0")  # a sixth man: said, not hidden
    assert keys(game, draft) == ["bul.setup.problem.men"]
    assert SPEC.setup_problems(game, draft)[0]["params"]["n"] == 6


def test_with_teams_each_placed_man_goes_to_a_player_who_has_none_in_play():
    game = game_of(variant="aj-sayil", team_size=2)
    draft = edit(game, editor.start(game, SPEC), "red", "row:5")
    draft = edit(game, draft, "red", "row:5")  # his teammate, beside him
    draft = edit(game, draft, "black", "row:9")
    assert units(draft) == [(5, (0,), "out"), (5, (2,), "out"), (9, (1,), "out")]
    assert keys(game, draft) == []
    draft = edit(game, draft, "black", "row:5")  # captures both, the latest arrival on top
    assert units(draft) == [(5, (3, 2, 0), "home"), (9, (1,), "out")]


def test_the_throws_are_chosen_and_a_links_turn_between_two_throws_is_kept():
    game = game_of(variant="aj-sakalil")
    draft = editor.start(game, SPEC)
    choices = {c["name"]: c["values"] for c in editor.described(game, SPEC, draft)["choices"]}
    assert choices["throws"][:3] == ["?", "1, 1", "1, 2"] and len(choices["throws"]) == 16
    draft = editor.chosen(game, SPEC, draft, "throws", "2, 5")
    state = editor.position(game, SPEC, draft)
    assert state.current_player == 0 and state.legal_moves() == ["2:enter", "5:enter"]
    between = state.apply("5:enter").to_json()  # one value used, the 2 still to use
    described = editor.described(game, SPEC, between)
    throws = next(c for c in described["choices"] if c["name"] == "throws")
    assert throws["value"] == "2" and "2" in throws["values"]
    assert editor.position(game, SPEC, between).throws == [2]
    draft = editor.chosen(game, SPEC, between, "throws", "?")
    assert editor.position(game, SPEC, draft).current_player == -1
    assert editor.chosen(game, SPEC, between, "throws", "2") == between


def test_in_aj_tiwil_the_retired_captors_are_chosen_and_the_rest_are_dead():
    game = game_of(variant="aj-tiwil")
    draft = editor.chosen(game, SPEC, editor.start(game, SPEC), "retired.0", 2)
    assert keys(game, draft) == ["bul.setup.problem.men"]  # 5 waiting and 2 retired
    draft = edit(game, edit(game, draft, "remove", "base:0"), "remove", "base:0")
    assert keys(game, draft) == [] and draft["retired"] == [2, 0] and draft["dead"] == [0, 0]
    puluc = game_of(variant="puluc")
    assert "retired.0" not in SPEC.setup_chosen(puluc, editor.start(puluc, SPEC))


def random_action(game, draft, rng):
    if rng.random() < 0.15:
        choices = SPEC.setup_choices(game, draft)
        name = rng.choice(list(choices))
        return editor.chosen, name, rng.choice(choices[name])
    tool = rng.choices(SPEC.setup_tools, weights=(4, 4, 3, 1))[0]
    return editor.edited, tool, rng.choice(SPEC.setup_targets(game, draft))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_edits_never_change_their_draft_and_every_legal_draft_is_a_valid_state(
        options):
    game = game_of(**options)
    rng = random.Random(json.dumps(options))
    legal = 0
    for _ in range(20):
        draft = editor.start(game, SPEC)
        for _ in range(40):
            before = copy.deepcopy(draft)
            change, name, value = random_action(game, draft, rng)
            try:
                after = change(game, SPEC, draft, name, value)
            except OptionError as error:
                assert error.code.startswith("bul_setup_"), error
                after = draft
            assert draft == before  # an edit makes a new draft
            draft = after
            SPEC.setup_observation(game, draft)  # always drawable
            problems = SPEC.setup_problems(game, draft)
            assert bool(problems) == refused(game, draft), problems
            if not problems:
                legal += 1
                state = editor.position(game, SPEC, draft)
                again = game.state_from_json(json.loads(json.dumps(state.to_json())))
                assert not again.is_terminal and again.legal_moves()
    assert legal > 50


def endgame(options, units_, base, throws, to_move=0):
    game = game_of(**options)
    draft = draft_of(game, units_, base, to_move=to_move)
    if throws:
        draft = editor.chosen(game, SPEC, draft, "throws", throws)
    return game, editor.position(game, SPEC, draft)


@pytest.mark.parametrize("options, units_, base, throws", [
    ({"variant": "aj-sakalil", "length": 9}, [(3, (0,), "out"), (6, (1,), "out")], [0, 0], "2, 3"),
    ({"variant": "aj-sayil", "length": 11}, [(8, (0,), "home")], [0, 1], "1, 4"),
    ({"variant": "aj-sayil", "length": 9, "team_size": 2}, [(4, (0,), "out")], [0, 1, 0, 0],
     "2, 3"),
    ({"variant": "puluc"}, [(4, (0,), "out"), (7, (1,), "out")], [1, 0], "3"),
])
def test_a_small_endgame_after_the_throw_is_proven(options, units_, base, throws):
    game, state = endgame(options, units_, base, throws)
    proof = editor.proof(SPEC, state, {})
    assert set(proof["values"]) == set(state.legal_moves()) and proof["kind"] == "win_chance"
    assert proof["best"] and all(0 <= v <= 1 for v in proof["values"].values())


@pytest.mark.parametrize("options, units_, base, throws, code", [
    ({"variant": "aj-sakalil", "length": 9}, [(3, (0,), "out")], [0, 1], "", "throw_first"),
    ({"variant": "puluc"}, [(4, (0,), "out")], [1, 2], "3", "too_big"),
    ({"variant": "puluc", "length": 15}, [(4, (0,), "out")], [1, 1], "3", "too_big"),
    ({"variant": "aj-sayil", "length": 9, "team_size": 2}, [(4, (0,), "out")], [0, 1, 1, 0],
     "2, 3", "too_big"),
])
def test_any_other_position_is_refused_as_a_puzzle_in_words(options, units_, base, throws,
                                                             code):
    game, state = endgame(options, units_, base, throws)
    with pytest.raises(OptionError) as error:
        editor.proof(SPEC, state, {})
    assert error.value.code == f"bul_puzzle_{code}"


def test_the_page_edits_a_draft_and_hears_why_it_is_no_puzzle_yet():
    call = lambda **request: json.loads(web.handle(json.dumps(request)))  # noqa: E731
    fields = {"game": "bul", "options": {"variant": "aj-sakalil", "length": 9}}
    editing_ = call(op="edit", **fields)["editing"]
    assert "row:5" in editing_["targets"] and "base:1" in editing_["targets"]
    draft = call(op="edit", **fields, draft=editing_["draft"], tool="red", target="row:5")
    answer = call(op="edit_prove", **fields, draft=draft["editing"]["draft"])
    assert not answer["ok"] and answer["error"]["code"] == "bul_puzzle_throw_first"
    answer = call(op="edit", **fields, draft=draft["editing"]["draft"], tool="turn",
                  target="row:7")
    assert not answer["ok"] and answer["error"]["code"] == "bul_setup_nothing"
