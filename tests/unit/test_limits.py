"""Limits on what comes from outside: links that inflate to gigabytes, endless
games, deep JSON, odd digits. Each test here fails without the limit it names."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

import ludoteca
from ludoteca import core, limits, registry
from ludoteca.games.bul import rules as bul
from ludoteca.records import decode_link, encode_link

ROOT = Path(__file__).resolve().parents[2]
PULUC_LOOP = "5,enter,5,enter,5,6,5,8,5,11,5,3".split(",")  # back to the opening position


def raw_link(payload: bytes, after_stream: bytes = b"") -> str:
    """A link as encode_link writes it, around any payload (a checksum that matches)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(payload) + packer.flush() + after_stream
    body += zlib.crc32(payload).to_bytes(4, "big")
    return "1." + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def refused(link) -> ludoteca.OptionError:
    with pytest.raises(ludoteca.OptionError) as error:
        decode_link(link)
    return error.value


# --- links -----------------------------------------------------------------------------
def test_an_inflation_bomb_is_stopped_while_inflating():
    bomb = raw_link(b'["bul",{},[]]' + b" " * 100_000_000)  # ~100 KB that inflate to 100 MB
    assert len(bomb) < limits.MAX_LINK_CHARS
    error = refused(bomb)
    assert error.code == "link_too_long" and error.params == {"limit": limits.MAX_LINK_CHARS}


def test_a_link_longer_than_the_limit_is_refused_before_decoding():
    assert refused("1." + "A" * limits.MAX_LINK_CHARS).code == "link_too_long"


@pytest.mark.parametrize("payload, after", [
    (b'["bul",{},[]]   ', b""),  # padding the JSON (valid JSON, not what encode_link writes)
    (b'["bul",{},[]]', b"trailing garbage"),  # bytes after the deflate stream
    (b"[" * 2000 + b"]" * 2000, b""),  # nesting deeper than any record
    (b'["bul",{},[],["human","human"],"more"]', b""),  # a start that is no state
    (b'["bul",{},[],null]', b""),  # seats left out where they are due
    (b'["bul",{},[],null,{},"more"]', b""),  # a sixth field
    (b'["bul",{},[NaN]]', b""),
])
def test_a_link_must_be_exactly_what_encode_link_writes(payload, after):
    error = refused(raw_link(payload, after))
    assert error.code == "bad_link" and error.params["reason"] == "garbled"


def test_a_link_of_too_many_moves_is_refused():
    payload = json.dumps(["bul", {}, ["1"] * (limits.MAX_GAME_MOVES + 1)],
                         separators=(",", ":")).encode()
    error = refused(raw_link(payload))
    assert error.code == "too_many_moves" and error.params == {"limit": limits.MAX_GAME_MOVES}


def test_a_record_of_too_many_moves_is_refused_before_replaying():
    record = {"game": "bul", "options": {}, "moves": ["1"] * (limits.MAX_GAME_MOVES + 1)}
    with pytest.raises(ludoteca.OptionError) as error:
        ludoteca.replay(record)
    assert error.value.code == "too_many_moves"


def test_a_link_keeps_its_seats_and_old_links_still_open():
    record = {"game": "bakuk", "options": {"players": 2}, "moves": ["a", "d"]}
    assert decode_link(encode_link(record, ["human", "strong"])) == {
        **record, "seats": ["human", "strong"]}
    assert decode_link(encode_link(record)) == record  # [game, options, moves]: no seats
    old = raw_link(b'["bakuk",{"players":2},["a","d"]]')  # a link of the first version
    assert decode_link(old) == record


def test_json_deeper_than_the_limit_is_seen_without_parsing():
    deep = "[" * (limits.MAX_JSON_DEPTH + 1) + "]" * (limits.MAX_JSON_DEPTH + 1)
    assert limits.json_depth_exceeds(deep)
    assert not limits.json_depth_exceeds(deep[1:-1])
    assert not limits.json_depth_exceeds('["[[[[[[[[[[[[[[[[[[[[[[", "\\"[[[[[[[[[[[[[[[[[["]')
    with pytest.raises(ValueError):
        limits.parse_json("[" * 100_000 + "]" * 100_000, 10**6)


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 300_000,  # one unterminated string full of escaped quotes
    '"' + '\\"' * 300_000 + "\\",  # ... ending in a lone backslash
    '"a\\' * 300_000,
])
def test_the_depth_check_reads_hostile_strings_in_one_pass(text):
    """A string pattern that can fail restarts at every later quote: 300,000 quotes would
    take hours. This one finishes at once (no timing asserted: a quadratic check hangs)."""
    assert not limits.json_depth_exceeds(text)
    with pytest.raises(ValueError):
        limits.parse_json(text, limits.MAX_REQUEST_CHARS)


# --- odd digits ------------------------------------------------------------------------
@pytest.mark.parametrize("text, number", [
    ("7", 7), ("21", 21), ("²", None), ("٣", None), ("", None), ("-1", None), ("1.0", None),
    ("9" * 5000, None), (" 7", None), (7, None),
])
def test_only_short_ascii_numbers_are_numbers(text, number):
    assert core.ascii_number(text) == number


@pytest.mark.parametrize("game_id, options, prelude, move, code", [
    ("bolonki", {}, ["b1-b2"], "challenge:²", "bad_notation"),
    ("bolonki", {}, ["b1-b2"], "challenge:" + "1" * 5000, "bad_notation"),
    ("bul", {"variant": "puluc"}, ["2"], "²", "bad_notation"),
    ("bul", {"variant": "puluc"}, ["2"], "9" * 5000, "bad_notation"),
    ("bul", {"variant": "aj-sayil"}, ["2", "3"], "²:enter", "bad_notation"),
    ("bul", {"variant": "aj-sayil"}, ["2", "3"], "2:²", "bad_notation"),
    ("bul", {"variant": "aj-sayil", "team_size": 2}, ["2", "3", "2:enter"], "3:3@²",
     "bad_notation"),
])
def test_odd_digits_are_illegal_moves_not_crashes(game_id, options, prelude, move, code):
    state = ludoteca.new_game(game_id, **options).initial_state()
    for step in prelude:
        state = state.apply(step)
    with pytest.raises(ludoteca.IllegalMoveError) as error:
        state.apply(move)
    assert error.value.code == code
    record = {"game": game_id, "options": options, "moves": [*prelude, move]}
    with pytest.raises(ludoteca.OptionError) as error:
        ludoteca.replay(record)
    assert error.value.code == "corrupt_record" and "int()" not in str(error.value)


# --- the longest game ------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_longest_game_of_every_game_fits_the_move_limit(game_id):
    """Each game's spec says the most moves its rules allow (`GameSpec.max_moves`, None for
    no bound); the engine accepts a game of that length."""
    longest = registry.spec_of(game_id).max_moves
    assert longest is None or 0 < longest <= limits.MAX_GAME_MOVES, (
        f"{game_id}'s longest game, {longest} moves (`GameSpec.max_moves`), is over "
        f"limits.MAX_GAME_MOVES ({limits.MAX_GAME_MOVES})")


# --- the Bul move limit ----------------------------------------------------------------
def play_loop(state, turns_wanted=None):
    while not state.is_terminal and (turns_wanted is None or state.turns < turns_wanted):
        for move in PULUC_LOOP:
            if state.is_terminal:
                break
            state = state.apply(move)
    return state


def test_a_bul_game_ends_after_the_turn_limit():
    state = play_loop(ludoteca.new_game("bul", variant="puluc").initial_state())
    assert state.is_terminal and state.turns == bul.MAX_TURNS == 1000
    assert state.events[-1] == {"type": "end", "winner": None, "reason": "turn_limit",
                                "taken": [0, 0]}
    assert state.returns() == [0, 0]
    view = state.observation(None)
    assert (view["end_reason"], view["max_turns"], view["turns"]) == ("turn_limit", 1000, 1000)
    assert view["terminal"] and not state.legal_moves()
    again = state.game.state_from_json(state.to_json())
    assert again.is_terminal and again.end_reason == "turn_limit"


def test_at_the_turn_limit_the_side_that_took_more_men_wins():
    game = ludoteca.new_game("bul", variant="puluc")
    state = play_loop(game.initial_state(), turns_wanted=bul.MAX_TURNS - 1)
    data = state.to_json()  # the same position, but side A has taken one of B's men
    data["dead"][1], data["base"][1] = 1, data["base"][1] - 1
    state = game.state_from_json(data)
    while not state.is_terminal:
        move = "1" if state.current_player == ludoteca.CHANCE else state.legal_moves()[0]
        state = state.apply(move)
    assert state.end_reason == "turn_limit" and state.winner == 0
    assert state.returns() == [1, -1]


def test_a_saved_bul_state_past_the_limit_is_corrupt():
    game = ludoteca.new_game("bul")
    data = game.initial_state().to_json()
    for turns in (-1, bul.MAX_TURNS, bul.MAX_TURNS + 1):
        with pytest.raises(ludoteca.OptionError):
            game.state_from_json({**data, "turns": turns})


def test_the_longest_bul_game_fits_every_limit():
    """A game at the turn limit: its record loads, its link and history stay small."""
    from ludoteca import web

    state, moves = ludoteca.new_game("bul", variant="aj-sayil", team_size=2).initial_state(), []
    while not state.is_terminal:  # throwing 3s, four moves a turn: the most a turn takes
        move = "3" if state.current_player == ludoteca.CHANCE else state.legal_moves()[0]
        state = state.apply(move)
        moves.append(move)
    assert state.end_reason == "turn_limit" and len(moves) == 4 * bul.MAX_TURNS
    assert len(moves) == registry.spec_of("bul").max_moves  # what its spec says
    assert len(moves) <= limits.MAX_GAME_MOVES
    record = ludoteca.make_record(state.game, moves)
    assert len(encode_link(record)) < limits.MAX_LINK_CHARS
    web.engine.sessions.clear()
    assert json.loads(web.handle(json.dumps({"op": "load", "record": record})))["ok"]
    history = web.handle(json.dumps({"op": "history"}))
    web.engine.sessions.clear()
    print(f"{len(moves)} moves; history answer {len(history) / 1e6:.2f} MB")
    assert len(history) < 10_000_000


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_rules_panel_and_readme_state_the_turn_limit(lang):
    strings = json.loads((ROOT / f"web/games/bul/strings.{lang}.json").read_text())
    assert re.search(rf"\b{bul.MAX_TURNS}\b", strings["rules.bul.goal.p2"])
    assert "{n}" in strings["bul.end.turn_limit"]
    readme = (ROOT / "README.md").read_text()
    assert f"{bul.MAX_TURNS:,} turns" in readme
