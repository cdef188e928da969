"""A puzzle set is chosen by the engine alone (`teaching.puzzles.puzzle_set`): the page's
``?puzzle=set`` address asks it (op ``puzzle_set``) and the SCORM maker counts with it, so a
package can never promise N puzzles the site would not play."""

from __future__ import annotations

import pytest
from web_calls import call

from ludoteca.classroom import scorm
from ludoteca.core import OptionError
from ludoteca.registry import GAMES, spec_of
from ludoteca.teaching.puzzles import LEVELS, SET_SIZE, puzzle_set, shelf

NAMES = {level: name for name, level in scorm.LEVELS.items()}


def rule_sets(game):
    option = spec_of(game).rule_set_option
    values = spec_of(game).Game.describe_options()[option]["values"] if option else []
    return [None, *values]


@pytest.mark.parametrize("game", GAMES)
def test_a_level_gives_that_levels_puzzles_in_the_games_order(game):
    for level in (None, *LEVELS):
        ids = puzzle_set(game, level=level, count=100)
        expected = [p["id"] for p in shelf(game) if level is None or p["difficulty"] == level]
        assert ids == expected
        assert puzzle_set(game, level=level) == expected[:SET_SIZE]


def test_ids_keep_their_order_and_unknown_or_other_rule_sets_are_left_out():
    puluc = [p["id"] for p in shelf("bul", "puluc")]
    other = next(p["id"] for p in shelf("bul") if p["options"].get("variant") != "puluc")
    asked = [puluc[-1], "bul-999", other, puluc[0], 7]
    assert puzzle_set("bul", "puluc", ids=asked) == [puluc[-1], puluc[0]]
    assert puzzle_set("bul", ids=asked) == [puluc[-1], other, puluc[0]]
    assert puzzle_set("bul", ids=asked, count=1) == [puluc[-1]]


def test_the_page_asks_the_engine_and_gets_the_same_set():
    answer = call(op="puzzle_set", game="bul", rule_set="puluc", level=1, count=3)
    assert answer["ok"] and answer["ids"] == puzzle_set("bul", "puluc", 1, None, 3)
    for bad, code in (({"level": 4}, "bad_level"), ({"count": 0}, "bad_option"),
                      ({"count": 101}, "bad_option"), ({"ids": "bul-1"}, "unknown_puzzle"),
                      ({"rule_set": "chess"}, "bad_rule_set")):
        refused = call(op="puzzle_set", game="bul", **bad)
        assert not refused["ok"] and refused["error"]["code"] == code


def make(activity, count):
    return scorm.settings("2004", "linked", "https://a.example/", {**activity, "count": count},
                          "T")


@pytest.mark.parametrize("game", GAMES)
def test_a_package_holds_exactly_the_puzzles_the_site_will_play(game):
    """For every rule set and level: the maker takes the count the site's set has, and
    refuses one more, in words with that number."""
    option = spec_of(game).rule_set_option
    for rule_set in rule_sets(game):
        for level in (None, *LEVELS):
            there = len(puzzle_set(game, rule_set, level, count=100))
            activity = {"type": "puzzles", "game": game,
                        "level": None if level is None else NAMES[level],
                        "options": {option: rule_set} if rule_set else {}}
            if there:
                assert make(activity, there)["activity"]["count"] == there
            with pytest.raises(OptionError) as refused:
                make(activity, there + 1)
            assert refused.value.code == "scorm_few_puzzles"
            assert refused.value.params["n"] == there


def test_a_package_listing_a_puzzle_of_another_rule_set_is_refused():
    other = next(p["id"] for p in shelf("bul") if p["options"].get("variant") != "puluc")
    with pytest.raises(OptionError) as refused:
        scorm.settings("2004", "linked", "https://a.example/",
                       {"type": "puzzles", "game": "bul", "ids": [other],
                        "options": {"variant": "puluc"}}, "T")
    assert refused.value.code == "bad_request"
