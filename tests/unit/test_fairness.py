"""The fairness lab (`ludoteca.labs.fairness`, the facade's ``fairness_*`` requests): tallies add
up, seeded runs reproduce however they are sliced, the shipped results are what
``python3 build.py fairness`` makes, every game answers the lab's hooks, and the exact
Bakuk value is the solved table's."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from ludoteca import registry, web
from ludoteca.core import OptionError
from ludoteca.games.bakuk import table as bakuk_table
from ludoteca.games.bakuk.kernel import sow
from ludoteca.labs import fairness
from ludoteca.labs.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
# the games of the site (not the test suite's fixture game): their results ship
SHIPPING = [g for g in registry.GAMES if Path(importlib.import_module(
    type(registry.spec_of(g)).__module__).__file__).is_relative_to(ROOT / "py")]
BAKUK_TABLE = ROOT / "web" / "games" / "bakuk" / "data" / "bakuk2.bin.gz"


@pytest.fixture(scope="module")
def solved():
    return bakuk_table.read(BAKUK_TABLE.read_bytes())


def ask(**request):
    return json.loads(web.handle(json.dumps(request)))


# --- tallies ----------------------------------------------------------------------------
def test_a_tally_counts_wins_draws_and_lengths():
    tally = fairness.new_tally(3)
    fairness.add_game(tally, [1, -1, -1], 10)
    fairness.add_game(tally, [0, 0, -1], 4)  # a shared top: nobody wins, a draw
    fairness.add_game(tally, [-1, -1, 1], 7)
    assert tally == {"games": 3, "wins": [1, 0, 1], "draws": 1, "moves": 21,
                     "shortest": 4, "longest": 10}


def test_merging_two_slices_is_the_run_in_one_go():
    game = registry.new_game("bakuk")
    whole = fairness.play(game, ["casual", "beginner"], 5, 0, 60)
    first = fairness.play(game, ["casual", "beginner"], 5, 0, 25)
    rest = fairness.play(game, ["casual", "beginner"], 5, 25, 35)
    assert fairness.merge(first, rest) == whole
    assert fairness.merge(fairness.new_tally(2), whole) == whole
    assert whole["games"] == 60 and sum(whole["wins"]) + whole["draws"] == 60


def test_a_seeded_run_reproduces_and_another_seed_differs():
    game = registry.new_game("bul", variant="puluc")
    levels = ["casual", "casual"]
    a = fairness.play(game, levels, 11, 0, 30)
    assert fairness.play(game, levels, 11, 0, 30) == a
    assert fairness.play(game, levels, 12, 0, 30) != a


def test_merging_tallies_of_other_players_is_refused():
    with pytest.raises(ValueError):
        fairness.merge(fairness.new_tally(2), fairness.new_tally(3))


# --- what a tally says ----------------------------------------------------------------------
def test_the_summary_gives_wilsons_intervals_and_a_verdict():
    tally = {"games": 100, "wins": [70, 20], "draws": 10, "moves": 4000, "shortest": 20,
             "longest": 60}
    said = fairness.summary(tally, 0.5)
    # 70 of the 90 games somebody won, with Wilson's interval (checked against SciPy in
    # test_stats_codes.py)
    assert said["share"]["rate"] == pytest.approx(70 / 90)
    assert (said["share"]["low"], said["share"]["high"]) == wilson_interval(70, 90)
    assert (said["draws"]["low"], said["draws"]["high"]) == wilson_interval(10, 100)
    assert said["verdict"] == "first"
    assert said["length"] == 40
    fair = fairness.summary({**tally, "wins": [45, 45]}, 0.5)
    assert fair["verdict"] == "fair"
    assert fairness.summary({**tally, "wins": [20, 70]}, 0.5)["verdict"] == "others"


def test_a_change_is_fairer_only_when_the_intervals_say_so():
    def said(first, second):
        return fairness.summary({"games": first + second, "wins": [first, second], "draws": 0,
                                 "moves": 1, "shortest": 1, "longest": 1}, 0.5)

    unfair, fair = said(700, 300), said(505, 495)
    assert fairness.compare(unfair, fair) == "fairer"
    assert fairness.compare(fair, unfair) == "less_fair"
    assert fairness.compare(said(60, 40), said(55, 45)) == "unclear"  # too few games
    # the other player favoured just as much is no fairer
    assert fairness.compare(unfair, said(300, 700)) == "unclear"


# --- every game answers the lab's hooks ---------------------------------------------------------
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_plays_lab_games_and_ships_its_configurations(game_id):
    spec = registry.spec_of(game_id)
    assert spec.lab_level in spec.lab_levels
    assert set(spec.lab_levels) <= set(spec.levels)
    options = spec.Game.describe_options()
    assert set(spec.lab_option_names()) <= set(options)
    assert set(spec.lab_compare) <= set(spec.lab_option_names())
    for config, games in spec.lab_configs():
        game = registry.new_game(game_id, **config)  # every configuration is a game
        assert games > 0 and 0 < spec.lab_fair_share(game) < 1
    game = registry.new_game(game_id)
    tally = fairness.play(game, [spec.lab_level] * game.num_players, 1, 0, 2)
    assert tally["games"] == 2 and tally["moves"] > 0
    if game_id not in SHIPPING:
        return
    shipped = fairness.shipped(game_id)
    assert [r["key"] for r in shipped] == [
        fairness.config_of(game_id, config)["key"] for config, _ in spec.lab_configs()]


@pytest.mark.parametrize("game_id", SHIPPING)
def test_the_shipped_results_are_what_the_command_makes(game_id, solved):
    """The first shipped configuration of each game, its sample played again (the first
    games of the run, seeded as shipped): the same tally, game for game."""
    result = fairness.shipped(game_id)[0]
    game = registry.new_game(game_id, **result["options"])
    again = fairness.play(game, result["levels"], result["seed"], 0,
                          result["sample"]["games"], {"bakuk2": solved})
    assert again == result["sample"]
    assert result["sample"]["games"] == min(fairness.SAMPLE_GAMES, result["tally"]["games"])
    for field in ("games", "draws", "moves"):
        assert result["sample"][field] <= result["tally"][field]
    assert sum(result["tally"]["wins"]) >= result["tally"]["games"] - result["tally"]["draws"]


def test_a_whole_shipped_run_is_made_again_exactly(solved):
    """Bakuk's 2-player run is quick: all of it, as the command makes it."""
    result = fairness.shipped("bakuk")[0]
    game = registry.new_game("bakuk", **result["options"])
    again = fairness.play(game, result["levels"], result["seed"], 0, result["tally"]["games"])
    assert again == result["tally"]


# --- the exact answer: 2-player Bakuk, from the solved table ---------------------------
def test_the_exact_bakuk_value_is_the_solved_tables(solved):
    shipped = fairness.shipped("bakuk")[0]
    assert shipped["options"] == {"players": 2}
    start = (6,) * 6
    margin = solved.margin(start, 0)
    # the table's value of the start, and the best of South's moves by one ply of it
    best = max(taken - solved.margin(board, 1)
               for board, taken in (sow(start, origin) for origin in range(3)))
    assert best == margin
    assert shipped["exact"] == {"kind": "margin", "value": margin,
                                "winner": 0 if margin > 0 else 1 if margin < 0 else None}
    spec = registry.spec_of("bakuk")
    assert spec.lab_exact(registry.new_game("bakuk"), {"bakuk2": solved}) == shipped["exact"]
    assert spec.lab_exact(registry.new_game("bakuk"), {}) is None  # no table: no answer
    assert spec.lab_exact(registry.new_game("bakuk", players=3), {"bakuk2": solved}) is None


# --- the facade ----------------------------------------------------------------------------------
def test_a_run_sliced_through_the_facade_adds_up():
    request = {"op": "fairness_run", "game": "bakuk", "options": {"players": 2},
               "levels": ["casual", "casual"], "seed": 9}
    first = ask(**request, first=0, games=20)
    second = ask(**request, first=20, games=30, tally=first["tally"])
    whole = ask(**request, first=0, games=50)
    assert second["ok"] and second["tally"] == whole["tally"]
    assert second["summary"]["games"] == 50 and second["played"] == 30


def test_a_run_with_a_baseline_says_whether_the_change_helped():
    baseline = ask(op="fairness_config", game="bakuk", options={})["config"]["shipped"]
    answer = ask(op="fairness_run", game="bakuk", options={}, levels=["beginner", "casual"],
                 seed=3, games=200, baseline={"tally": baseline["tally"],
                                              "fair": baseline["fair"]})
    assert answer["summary"]["verdict"] == "others"  # a beginner who starts loses
    assert answer["verdict"] == "less_fair"
    # the seats' levels differ: what wins is the stronger level (seat 1), not the first move
    assert answer["summary"]["levels"] == {"leader": 1, "level": "casual", "stronger": True}


def test_the_verdict_speaks_of_levels_only_when_the_seats_levels_differ():
    ranks = ("beginner", "casual")
    said = fairness.summary({"games": 100, "wins": [70, 30], "draws": 0, "moves": 900,
                             "shortest": 5, "longest": 20}, 0.5)
    assert fairness.levels_verdict(said, ["casual", "casual"], ranks) is None  # who starts
    assert fairness.levels_verdict(said, ["beginner", "casual"], ranks) == {
        "leader": 0, "level": "beginner", "stronger": False}  # the weaker level wins more
    assert fairness.levels_verdict(said, ["casual", "beginner"], ranks)["stronger"] is True
    even = fairness.summary({"games": 100, "wins": [48, 52], "draws": 0, "moves": 900,
                             "shortest": 5, "longest": 20}, 0.5)
    assert fairness.levels_verdict(even, ["casual", "beginner"], ranks) == {
        "leader": None, "level": None, "stronger": None}
    same = ask(op="fairness_run", game="bakuk", options={}, levels=["casual", "casual"],
               seed=3, games=20)
    assert same["summary"]["levels"] is None


def test_the_lab_lists_levels_options_and_the_shipped_results():
    lab = ask(op="fairness_lab", game="bul")["lab"]
    assert lab["compare"] == ["variant", "length"]
    assert "beginner" in lab["levels"] and "strong" not in lab["levels"]
    variants = {r["options"]["variant"] for r in lab["shipped"]}
    assert len(variants) == 8
    assert all("summary" in r and "sample" not in r for r in lab["shipped"])
    assert lab["baseline"]["options"] == {"variant": "puluc", "length": 13, "team_size": 1}
    config = ask(op="fairness_config", game="bul", options={"variant": "boolik"})["config"]
    assert config["options"]["length"] == 13 and config["shipped"]["tally"]["games"] > 0


@pytest.mark.parametrize("request_fields, code", [
    ({"levels": ["strong", "casual"]}, "bad_lab_levels"),  # a level that thinks by the clock
    ({"levels": ["casual"]}, "bad_lab_levels"),
    ({"games": -1}, "bad_request"),
    ({"games": 10**9}, "bad_request"),
    ({"seed": "x"}, "bad_request"),
    ({"seconds": "soon"}, "bad_request"),
    ({"tally": {"games": 1}}, "bad_tally"),
    ({"tally": {"games": 1, "wins": [5, 0], "draws": 0, "moves": 1, "shortest": 1,
                "longest": 1}}, "bad_tally"),
    ({"baseline": {"tally": None}}, "bad_tally"),
    ({"options": {"players": 7}}, "bad_option"),
])
def test_bad_lab_requests_are_refused_in_words(request_fields, code):
    request = {"op": "fairness_run", "game": "bakuk", "options": {}, "games": 1,
               "levels": ["casual", "casual"], **request_fields}
    answer = ask(**request)
    assert not answer["ok"]
    assert answer["error"]["code"] == code


def test_a_slice_stops_when_its_time_is_up():
    answer = ask(op="fairness_run", game="bolonki", options={}, levels=["casual", "casual"],
                 games=5000, seconds=0.05)
    assert answer["ok"] and 1 <= answer["played"] < 5000


def test_the_lab_refuses_a_level_it_cannot_seat():
    spec = registry.spec_of("bakuk")
    with pytest.raises(OptionError):
        spec.lab_player(registry.new_game("bakuk"), 0, "strong", 1, {})
