"""Bolonki's set-up mode: a teacher places pieces of each colour and takes them off, and
chooses whose turn it is; the engine says in words why a position is not legal — exactly
when the rules would refuse it or the game would be over — and a legal one is a game to
play from, a link and a memory puzzle (its colours shown, then the question)."""

from __future__ import annotations

import copy
import random

import pytest

from ludoteca import registry
from ludoteca.core import OptionError
from ludoteca.games.bolonki import SPEC, editing
from ludoteca.games.bolonki.kernel import (
    COLOURS,
    PIECES_PER_COLOUR,
    PLAYER_COLOURS,
    colours_in_play,
)
from ludoteca.games.bolonki.rules import SQUARES
from ludoteca.records import decode_link, encode_link, make_record, replay
from ludoteca.teaching import editor

PLAYERS = (2, 3, 4)


def game_of(players: int):
    return registry.new_game("bolonki", players=players)


def start(game) -> dict:
    return editor.start(game, SPEC)


def with_pieces(game, pieces: dict, to_move: int = 0) -> dict:
    return editing.position(game, {**start(game), "pieces": pieces, "to_move": to_move})


def keys(game, draft) -> list:
    return [problem["key"].rpartition(".")[2] for problem in SPEC.setup_problems(game, draft)]


def random_drafts(game, rng, count: int, edits=(1, 30), tools=SPEC.setup_tools):
    """Drafts reached by random clicks (with `tools`) and choices from the opening
    position, or (every other one) from an empty board."""
    for _ in range(count):
        draft = start(game)
        if rng.random() < 0.5:
            for square in list(draft["pieces"]):
                draft = editor.edited(game, SPEC, draft, "remove", square)
        for _ in range(rng.randint(*edits)):
            if rng.random() < 0.1:
                draft = editor.chosen(game, SPEC, draft, "to_move",
                                      rng.randrange(game.num_players))
            else:
                tool = rng.choice(tools)
                draft = editor.edited(game, SPEC, draft, tool, rng.choice(SQUARES))
        yield draft


def refused(game, draft) -> bool:
    """Whether the rules refuse the position a draft sets up, or it is already over."""
    try:
        return game.state_from_json(editing.position(game, draft)).is_terminal
    except OptionError:
        return True


# --- the opening position and what a teacher may do ------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_a_draft_from_the_start_is_legal_and_plays_as_a_new_game(players):
    game = game_of(players)
    draft = start(game)
    assert SPEC.setup_problems(game, draft) == []
    state = editor.position(game, SPEC, draft)
    assert state.to_json() == game.initial_state().to_json()
    assert state.observation(None)["start_colours"] == draft["pieces"]  # to memorise


def test_the_tools_place_each_colour_and_take_a_piece_off_every_square():
    game = game_of(2)
    assert SPEC.setup_tools == ("B", "Y", "R", "G", "remove")
    assert SPEC.setup_targets(game, start(game)) == SQUARES
    draft = editor.edited(game, SPEC, start(game), "R", "d4")
    assert draft["pieces"]["d4"] == "R"
    draft = editor.edited(game, SPEC, draft, "G", "d4")  # another colour replaces it
    assert draft["pieces"]["d4"] == "G"
    draft = editor.edited(game, SPEC, draft, "remove", "b1")
    assert "b1" not in draft["pieces"] and draft["out"]["B"] == 1 and draft["scored"] == [1, 0]
    assert editor.edited(game, SPEC, draft, "remove", "d5") == draft  # nothing there
    with pytest.raises(OptionError):
        editor.edited(game, SPEC, draft, "X", "d4")
    with pytest.raises(OptionError):
        editor.edited(game, SPEC, draft, "B", "i9")


def test_whose_turn_is_the_one_choice():
    game = game_of(3)
    draft = start(game)
    assert SPEC.setup_choices(game, draft) == {"to_move": [0, 1, 2]}
    draft = editor.chosen(game, SPEC, draft, "to_move", 2)
    assert SPEC.setup_chosen(game, draft) == {"to_move": 2}
    assert editor.position(game, SPEC, draft).current_player == 2
    with pytest.raises(OptionError):
        editor.chosen(game, SPEC, draft, "to_move", 3)


def test_an_edit_or_a_choice_never_changes_its_draft():
    game = game_of(2)
    rng = random.Random(4)
    for draft in random_drafts(game, rng, 40):
        before = copy.deepcopy(draft)
        SPEC.setup_edit(game, draft, rng.choice(SPEC.setup_tools), rng.choice(SQUARES))
        SPEC.setup_choose(game, draft, "to_move", 1)
        SPEC.setup_problems(game, draft)
        SPEC.setup_observation(game, draft)
        assert draft == before


# --- the problems, in words -------------------------------------------------------------
def test_too_many_pieces_of_a_colour_is_said_with_its_count():
    game = game_of(2)
    draft = with_pieces(game, {**start(game)["pieces"], "d4": "B"})
    [problem] = SPEC.setup_problems(game, draft)
    assert problem == {"key": "bolonki.setup.problem.too_many", "params": {
        "colour": {"key": "bolonki.colour.B", "params": {}}, "count": 7, "total": 6}}


def test_a_colour_not_in_play_is_said():
    game = game_of(3)
    draft = editor.edited(game, SPEC, start(game), "G", "d4")
    [problem] = SPEC.setup_problems(game, draft)
    assert problem["key"] == "bolonki.setup.problem.not_in_play"
    assert problem["params"]["players"] == 3


def test_a_player_with_every_piece_out_has_won_and_the_game_is_over():
    game = game_of(2)
    pieces = {sq: c for sq, c in start(game)["pieces"].items() if c in "RG"}
    draft = with_pieces(game, pieces)
    [problem] = SPEC.setup_problems(game, draft)
    assert problem["key"] == "bolonki.setup.problem.won"
    assert problem["params"]["player"] == game.seat_facts()[0]["name"]
    four = game_of(4)  # two players out: both said (the rules refuse two winners)
    draft = with_pieces(four, {"d4": "R", "d5": "G"})
    assert keys(four, draft) == ["won", "won"]
    assert refused(four, draft)


@pytest.mark.parametrize("players", PLAYERS)
def test_each_problem_is_said_exactly_when_the_draft_has_it(players):
    game = game_of(players)
    rng = random.Random(players)
    seen = set()
    for draft in random_drafts(game, rng, 300, edits=(1, 60)):
        pieces = draft["pieces"]
        count = {c: list(pieces.values()).count(c) for c in COLOURS}
        expected = [*(("not_in_play" if c not in colours_in_play(players) else "too_many")
                      for c in COLOURS if count[c] and (
                          c not in colours_in_play(players) or count[c] > PIECES_PER_COLOUR)),
                    *("won" for own in PLAYER_COLOURS[players]
                      if not any(count[c] for c in own))]
        assert keys(game, draft) == expected, draft["pieces"]
        assert bool(expected) == refused(game, draft), draft["pieces"]
        seen.update(expected)
    assert seen >= {"too_many", "won"} | ({"not_in_play"} if players == 3 else set())


# --- a legal draft is a state --------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_draft_reached_by_random_edits_is_a_valid_state(players):
    game = game_of(players)
    legal = 0
    tools = [*colours_in_play(players), "remove"]
    for draft in random_drafts(game, random.Random(10 + players), 200, tools=tools):
        if SPEC.setup_problems(game, draft):
            continue
        legal += 1
        state = SPEC.setup_state(game, draft)
        data = state.to_json()
        assert game.state_from_json(data).to_json() == data
        assert data["pieces"] == draft["pieces"] and state.current_player == draft["to_move"]
        assert state.legal_moves()  # a pass at least: the player to move always has a move
        assert not state.barred.count(True) and not state.can_challenge()
        assert sum(state.scored) == PIECES_PER_COLOUR * len(colours_in_play(players)) - len(
            data["pieces"])
    assert legal > 50


def test_a_position_shows_the_sets_up_colours_only_when_it_is_the_rules_set_up():
    """Move 0 is a game's set-up, whose colours everyone is shown to memorise: any other
    board counts one move made, so that the page never shows the set-up's colours on it."""
    game = game_of(2)
    other = editor.edited(game, SPEC, start(game), "remove", "b1")
    state = SPEC.setup_state(game, other)
    assert state.move_count == 1 and "start_colours" not in state.observation(None)
    back = editor.edited(game, SPEC, other, "B", "b1")
    assert SPEC.setup_state(game, back).move_count == 0


def test_a_draft_of_a_games_last_position_starts_afresh():
    game = game_of(2)
    state = game.initial_state()
    for move in ["b1-b2", "challenge:1", "c1-c2"]:  # a wrong challenge: 1 is barred
        state = state.apply(move)
    assert state.barred == [False, True] and state.last_move == "c1-c2"
    draft = editor.start(game, SPEC, state)
    fresh = SPEC.setup_state(game, draft)
    assert fresh.to_json()["pieces"] == state.to_json()["pieces"]
    assert fresh.last_move is None and not fresh.challengeable and fresh.move_count == 1
    assert fresh.barred == [False, False] and fresh.skip_next == [False, False]


# --- what the page draws -------------------------------------------------------------------
def test_the_board_of_any_draft_is_drawn_face_up_with_nothing_to_memorise():
    four = game_of(4)
    for game, draft in [(four, with_pieces(four, {"d4": "R", "d5": "G"})),
                        *((game_of(2), d) for d in random_drafts(game_of(2), random.Random(7),
                                                                 30, edits=(1, 80)))]:
        view = SPEC.setup_observation(game, draft)
        assert view["pieces"] == draft["pieces"] and "start_colours" not in view
        assert view["out"] == draft["out"] and view["scores"] == draft["scored"]


def test_a_draft_that_is_no_draft_is_refused():
    game = game_of(2)
    for bad in [{**start(game), "pieces": {"d4": ""}}, {**start(game), "pieces": {"d4": "BY"}},
                {**start(game), "pieces": {"z9": "B"}}, {**start(game), "pieces": ["d4"]},
                {**start(game), "players": 3}, {**start(game), "to_move": 2},
                {**start(game), "to_move": True}]:
        with pytest.raises((ValueError, TypeError, KeyError)):
            SPEC.setup_problems(game, bad)


# --- from a legal position -------------------------------------------------------------------
def test_a_link_of_a_position_holds_it_and_plays_on():
    game = game_of(2)
    draft = editor.edited(game, SPEC, start(game), "Y", "d4")
    draft = editor.edited(game, SPEC, draft, "remove", "a2")
    draft = editor.chosen(game, SPEC, draft, "to_move", 1)
    state = editor.position(game, SPEC, draft)
    [opened] = replay(decode_link(encode_link(make_record(game, [], state))))
    assert opened.to_json() == state.to_json() and opened.current_player == 1


def test_a_position_is_a_memory_puzzle_of_its_own_colours():
    """The proof reads the colours shown: a blue piece by the top edge goes out, whichever
    way it steps there; the person is shown the position's colours first."""
    game = game_of(2)
    state = editor.position(game, SPEC, with_pieces(game, {
        "d7": "B", "b3": "Y", "g5": "R", "e2": "G"}))
    puzzle = {"id": "bolonki-0", "game": "bolonki", "options": dict(game.options),
              "state": state.to_json()}
    found = SPEC.prove_puzzle(puzzle, {})
    assert found["best"] == ["d7-c8", "d7-d8", "d7-e8"]
    assert found["shown"] == state.to_json()["pieces"]
    proof = editor.proof(SPEC, state, {})
    assert proof["clear"] and proof["best"] == found["best"]


def test_a_position_whose_best_move_brings_nothing_out_is_no_puzzle_and_says_why():
    """Only a piece brought out is a sure gain: the worth of a step forward is an estimate."""
    game = game_of(2)
    state = editor.position(game, SPEC, start(game))
    with pytest.raises(OptionError) as refusal:
        editor.proof(SPEC, state, {})
    assert refusal.value.code == "bolonki_no_piece_out"

