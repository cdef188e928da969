"""The shared protocol (core, records, registry, bot registry) on Bakuk: bad input of
every kind raises the right error, with a readable message and a code, and changes nothing."""

import json
import random

import pytest

import ludoteca
from ludoteca import CHANCE, IllegalMoveError, LudotecaError, OptionError
from ludoteca.registry import bot_for, levels


def bakuk(players=2):
    return ludoteca.new_game("bakuk", players=players)


def position(holes, captured, to_move=0):
    key = ",".join(map(str, holes)) + "/" + str(to_move)
    return bakuk(len(captured)).state_from_json({
        "game": "bakuk", "holes": holes, "captured": captured, "to_move": to_move,
        "seen": {key: 1},
    })


def assert_readable(error: LudotecaError, code: str):
    assert isinstance(error, ValueError)
    assert error.code == code
    assert isinstance(str(error), str) and len(str(error)) > 5
    assert json.loads(json.dumps(error.to_json()))["code"] == code


# --- bad moves --------------------------------------------------------------------

@pytest.mark.parametrize("move", [None, 3, ["a"], b"a", 1.5, {"a": 1}])
def test_non_string_moves_raise_and_change_nothing(move):
    state = bakuk().initial_state()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert_readable(info.value, "not_a_string")
    assert not state.is_legal(move)
    assert state.to_json() == before


@pytest.mark.parametrize("move", ["", "g", "A", "a ", " a", "ab", "aa", "1", "é", "a\n", "-"])
def test_garbage_strings_raise_and_change_nothing(move):
    state = bakuk().initial_state()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert_readable(info.value, "bad_notation")
    assert repr(move) in str(info.value)
    assert info.value.params == {"move": move}
    assert state.to_json() == before


@pytest.mark.parametrize("players, move", [(2, "d"), (2, "f"), (3, "c"), (3, "e")])
def test_moves_of_another_player_raise_and_change_nothing(players, move):
    state = bakuk(players).initial_state()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert_readable(info.value, "not_your_hole")
    assert state.to_json() == before


def test_sowing_an_empty_own_hole_raises():
    state = position([0, 1, 0, 1, 0, 0], [17, 17])
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply("a")
    assert_readable(info.value, "empty_hole")
    assert state.to_json() == before


@pytest.mark.parametrize("move", ["a", "b", "d", "z", None])
def test_moves_after_the_end_raise_and_change_nothing(move):
    state = position([1, 0, 0, 0, 0, 0], [17, 18]).apply("a")
    assert state.is_terminal
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert_readable(info.value, "not_a_string" if move is None else "game_over")
    assert state.to_json() == before
    assert state.extensions("") == []


def test_illegal_move_error_is_a_value_error_with_params():
    with pytest.raises(ValueError) as info:
        bakuk().initial_state().apply("x")
    assert isinstance(info.value, ludoteca.IllegalMoveError)
    assert (info.value.code, info.value.params) == ("bad_notation", {"move": "x"})


# --- extensions -------------------------------------------------------------------

def test_extensions_for_bakuk_are_the_holes_in_one_step():
    state = bakuk().initial_state()
    assert state.extensions() == [("a", True), ("b", True), ("c", True)]
    assert state.extensions("a") == []
    assert state.extensions("d") == []
    state = bakuk(3).initial_state().apply("a")
    assert state.extensions("") == [("c", True), ("d", True)]
    state = position([0, 2, 0, 1, 0, 0], [17, 16])
    assert state.extensions("") == [("b", True)]


def test_extensions_reject_a_non_string_partial():
    with pytest.raises(IllegalMoveError) as info:
        bakuk().initial_state().extensions(None)
    assert_readable(info.value, "not_a_string")


# --- options and games --------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 1, 0, -2, "2", True, False, None, [2]])
def test_bad_players_option_raises(players):
    with pytest.raises(OptionError) as info:
        ludoteca.new_game("bakuk", players=players)
    assert_readable(info.value, "bad_option")
    assert info.value.params["option"] == "players"
    assert info.value.params["allowed"] == [2, 3]


@pytest.mark.parametrize("players", [2.0, 3.0])
def test_players_option_must_be_an_integer_not_a_float(players):
    # a record read from JSON may say "players": 2.0; it must fail cleanly, never later
    # with a TypeError when a state is built
    with pytest.raises(OptionError) as info:
        ludoteca.new_game("bakuk", players=players).initial_state()
    assert_readable(info.value, "bad_option")


def test_unknown_option_raises():
    with pytest.raises(OptionError) as info:
        ludoteca.new_game("bakuk", variant="puluc")
    assert_readable(info.value, "unknown_option")
    assert info.value.params["option"] == "variant"


@pytest.mark.parametrize("game_id", ["chess", "", "BAKUK", None, 3])
def test_unknown_game_raises(game_id):
    with pytest.raises(OptionError) as info:
        ludoteca.new_game(game_id)
    assert_readable(info.value, "unknown_game")


def test_good_options_are_kept():
    assert bakuk().options == {"players": 2}
    assert bakuk(3).options == {"players": 3}
    assert ludoteca.new_game("bakuk").num_players == 2
    assert "bakuk" in ludoteca.GAMES


# --- corrupt JSON states ----------------------------------------------------------

def good_json():
    return bakuk().initial_state().apply("b").to_json()


def corrupt(**changes):
    data = good_json()
    for key, value in changes.items():
        if value is DELETE:
            del data[key]
        else:
            data[key] = value
    return data


DELETE = object()

CORRUPT_STATES = {
    "not a dict": "bakuk",
    "a list": [],
    "None": None,
    "wrong game": corrupt(game="bul"),
    "no game": corrupt(game=DELETE),
    "no holes": corrupt(holes=DELETE),
    "no captured": corrupt(captured=DELETE),
    "no to_move": corrupt(to_move=DELETE),
    "no seen": corrupt(seen=DELETE),
    "seeds add up to 35": corrupt(holes=[7, 0, 7, 7, 7, 7]),
    "seeds add up to 37": corrupt(holes=[7, 2, 7, 7, 7, 7]),
    "captures add seeds": corrupt(captured=[1, 0]),
    "negative hole": corrupt(holes=[-1, 9, 7, 7, 7, 7]),
    "negative capture": corrupt(holes=[7, 2, 7, 7, 7, 7], captured=[-1, 0]),
    "five holes": corrupt(holes=[7, 8, 7, 7, 7]),
    "seven holes": corrupt(holes=[7, 1, 7, 7, 7, 7, 0]),
    "three scores in a 2-player game": corrupt(captured=[0, 0, 0]),
    "holes not a list": corrupt(holes=None),
    "holes of words": corrupt(holes=["six"] * 6),
    "holes of None": corrupt(holes=[None] * 6),
    "holes as a string": corrupt(holes="717777"),
    "holes of strings": corrupt(holes=["7", "1", "7", "7", "7", "7"]),
    "holes of fractions": corrupt(holes=[7.5, 0.5, 7, 7, 7, 7]),
    "captured as a string": corrupt(captured="00"),
    "to_move as a string": corrupt(to_move="1"),
    "to_move None": corrupt(to_move=None),
    "to_move a boolean": corrupt(to_move=True),
    "to_move a fraction": corrupt(to_move=1.5),
    "to_move out of range": corrupt(to_move=2),
    "to_move negative": corrupt(to_move=-1),
    "seen not a dict": corrupt(seen=5),
    "seen without this position": corrupt(seen={"6,6,6,6,6,6/0": 1}),
    "seen with a zero count": corrupt(seen={"7,1,7,7,7,7/1": 1, "6,6,6,6,6,6/0": 0}),
    "seen with a word count": corrupt(seen={"7,1,7,7,7,7/1": "once"}),
}


def test_the_uncorrupted_state_loads():
    # every corrupt example below changes this one in a single way
    data = good_json()
    assert data["holes"] == [7, 1, 7, 7, 7, 7]
    assert bakuk().state_from_json(data).to_json() == data


@pytest.mark.parametrize("name", list(CORRUPT_STATES))
def test_corrupt_json_state_raises(name):
    with pytest.raises(OptionError) as info:
        bakuk().state_from_json(CORRUPT_STATES[name])
    assert_readable(info.value, "corrupt_state")


def test_state_of_another_player_count_is_corrupt():
    data = bakuk(3).initial_state().to_json()
    with pytest.raises(OptionError) as info:
        bakuk(2).state_from_json(data)
    assert_readable(info.value, "corrupt_state")


def test_state_from_json_does_not_change_its_input():
    data = good_json()
    before = json.dumps(data, sort_keys=True)
    bakuk().state_from_json(data).apply("d")
    assert json.dumps(data, sort_keys=True) == before


def test_state_from_json_survives_a_json_text_round_trip():
    state = bakuk(3).initial_state().apply("b").apply("c")
    text = json.dumps(state.to_json())
    assert bakuk(3).state_from_json(json.loads(text)).to_json() == state.to_json()


# --- records ------------------------------------------------------------------------

def test_record_round_trip():
    game = bakuk()
    moves = ["a", "d", "b"]
    record = ludoteca.make_record(game, moves)
    assert record == {"game": "bakuk", "options": {"players": 2}, "moves": moves}
    states = ludoteca.replay(json.loads(json.dumps(record)))
    assert [s.to_json() for s in states] == [
        s.to_json() for s in _play(game.initial_state(), moves)]


def _play(state, moves):
    states = [state]
    for move in moves:
        states.append(states[-1].apply(move))
    return states


@pytest.mark.parametrize("record", [
    None, "bakuk", ["a"], 3,
    {"game": "bakuk", "options": {}, "moves": "abc"},
    {"game": "bakuk", "options": {}, "moves": None},
    {"game": "bakuk", "options": {}},
    {"game": "bakuk", "options": [], "moves": []},
    {"options": {}, "moves": []},
])
def test_corrupt_record_raises(record):
    with pytest.raises(OptionError) as info:
        ludoteca.replay(record)
    assert_readable(info.value, "corrupt_record")


@pytest.mark.parametrize("bad", ["x", "e", None, 7])
def test_corrupt_record_names_the_bad_ply(bad):
    record = {"game": "bakuk", "options": {"players": 2}, "moves": ["a", "d", bad, "e"]}
    with pytest.raises(OptionError) as info:
        ludoteca.replay(record)
    assert_readable(info.value, "corrupt_record")
    assert info.value.params["ply"] == 3
    assert "move 3" in str(info.value)


def test_record_with_moves_after_the_end_is_corrupt():
    # play a real game to its end, then append one more move
    rng = random.Random(5)
    state, moves = bakuk().initial_state(), []
    while not state.is_terminal:
        moves.append(rng.choice(state.legal_moves()))
        state = state.apply(moves[-1])
    record = ludoteca.make_record(bakuk(), moves + ["a"])
    with pytest.raises(OptionError) as info:
        ludoteca.replay(record)
    assert_readable(info.value, "corrupt_record")
    assert info.value.params["ply"] == len(moves) + 1


@pytest.mark.parametrize("record, code", [
    ({"game": "chess", "options": {}, "moves": []}, "unknown_game"),
    ({"game": "bakuk", "options": {"players": 5}, "moves": []}, "bad_option"),
    ({"game": "bakuk", "options": {"speed": 1}, "moves": []}, "unknown_option"),
])
def test_record_with_bad_game_or_options_raises_option_error(record, code):
    with pytest.raises(OptionError) as info:
        ludoteca.replay(record)
    assert_readable(info.value, code)


def test_record_options_default():
    states = ludoteca.replay({"game": "bakuk", "moves": ["a"]})
    assert states[-1].num_players == 2


# --- chance and errors ------------------------------------------------------------

def test_sample_chance_raises_at_a_non_chance_node():
    state = bakuk().initial_state()
    assert state.current_player != CHANCE
    with pytest.raises(IllegalMoveError) as info:
        ludoteca.sample_chance(state, random.Random(0))
    assert_readable(info.value, "not_chance")


def test_sample_chance_follows_the_outcomes():
    class Coin(ludoteca.State):
        def chance_outcomes(self):
            return [("heads", 0.25), ("tails", 0.75)]

    coin = Coin(bakuk())
    rng = random.Random(1)
    draws = [ludoteca.sample_chance(coin, rng) for _ in range(2000)]
    assert set(draws) == {"heads", "tails"}
    assert 350 < draws.count("heads") < 650


def test_ludoteca_error_to_json():
    error = IllegalMoveError("'x' is not a legal move here", "illegal_move", move="x")
    assert error.to_json() == {"code": "illegal_move",
                               "message": "'x' is not a legal move here",
                               "params": {"move": "x"}}
    assert LudotecaError("plain").to_json() == {"code": "error", "message": "plain",
                                                "params": {}}
    assert issubclass(OptionError, LudotecaError)
    assert issubclass(IllegalMoveError, ValueError)


# --- the bot registry ---------------------------------------------------------------

def test_bot_levels_are_named_weakest_first():
    assert levels("bakuk")[0] == "beginner"
    assert {"beginner", "strong"} <= set(levels("bakuk"))


def test_bot_for_an_unknown_game_raises():
    class Fake:
        id = "chess"

    with pytest.raises(OptionError) as info:
        bot_for(Fake(), 0, "beginner")
    assert_readable(info.value, "unknown_game")
    with pytest.raises(OptionError):
        levels("chess")
