"""Records and shared links: exact round trips, and damaged links refused in words."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.records import LINK_VERSION, decode_link, encode_link


def random_record(game_id, seed, **options):
    game = ludoteca.new_game(game_id, **options)
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while not state.is_terminal:
        move = (ludoteca.sample_chance(state, rng) if state.current_player == ludoteca.CHANCE
                else rng.choice(state.legal_moves()))
        moves.append(move)
        state = state.apply(move)
    return ludoteca.make_record(game, moves), state


def random_buku_record(seed):
    from ludoteca.games.buku.rules import random_move

    game = ludoteca.new_game("buku")
    state, rng, moves = game.initial_state(), random.Random(seed), []
    while not state.is_terminal:
        moves.append(random_move(state, rng))
        state = state.apply(moves[-1])
    return ludoteca.make_record(game, moves), state


@pytest.mark.parametrize("game_id, options", [
    ("bakuk", {"players": 2}), ("bakuk", {"players": 3}),
    ("bolonki", {"players": 4, "max_moves": 120}), ("bolonki", {"practice": True}),
    ("buku", {}),
    ("bul", {"variant": "puluc"}), ("bul", {"variant": "aj-sinaanil", "team_size": 2}),
    ("bul", {"variant": "a-kaakil", "length": 9}),
])
def test_a_link_carries_the_whole_game(game_id, options):
    record, final = (random_buku_record(5) if game_id == "buku"
                     else random_record(game_id, 5, **options))
    link = encode_link(record)
    assert link.startswith(LINK_VERSION + ".")
    assert decode_link(link) == record
    assert ludoteca.replay(decode_link(link))[-1].to_json() == final.to_json()


def test_links_are_short_enough_for_a_chat_message():
    longest = max(len(encode_link(random_record("bakuk", seed)[0])) for seed in range(30))
    assert longest < 400


@pytest.mark.parametrize("damage, reason", [
    (lambda link: "2" + link[1:], "version"),
    (lambda link: link[: len(link) // 2], "garbled"),
    (lambda link: link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:], "checksum"),
    (lambda link: link.replace(".", ""), "version"),
    (lambda link: "hello", "garbled"),
    (lambda link: "1.!!!!", "garbled"),
])
def test_a_damaged_link_is_refused_with_a_reason(damage, reason):
    link = encode_link(random_record("bakuk", 4)[0])
    with pytest.raises(ludoteca.OptionError) as error:
        decode_link(damage(link))
    assert error.value.code == "bad_link"
    assert error.value.params["reason"] in (reason, "garbled", "checksum")
    assert "link" in str(error.value)


def test_a_link_that_is_not_a_string_is_refused():
    for thing in (None, 3, ["1.abc"]):
        with pytest.raises(ludoteca.OptionError):
            decode_link(thing)


def test_a_link_with_an_illegal_move_fails_on_replay():
    record, _ = random_record("bakuk", 5)
    record["moves"][3] = "z"
    with pytest.raises(ludoteca.OptionError) as error:
        ludoteca.replay(decode_link(encode_link(record)))
    assert error.value.code == "corrupt_record" and error.value.params["ply"] == 4
