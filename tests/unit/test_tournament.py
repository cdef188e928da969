"""The class tournament: pairings (round robin and Swiss), standings and tie-breaks on
hand-checked examples, the match and result codes (which name the game and its options by a
stable number, and refuse a code of another version), and the facade's tournament
requests."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import registry, web
from ludoteca.classroom import codes, match_codes, tournament
from ludoteca.classroom.tournament import DRAW, FIRST_WON, SECOND_WON
from ludoteca.core import OptionError


def ask(**request) -> dict:
    return json.loads(web.Engine().handle(json.dumps(request)))


def play_round(t, results) -> dict:
    for game, result in enumerate(results):
        t = tournament.enter(t, len(t["rounds"]), game, result)
    return t


# --- round robin -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 17))
def test_round_robin_pairs_every_pair_exactly_once(n):
    met = []
    byes = []
    for r in range(tournament.round_robin_rounds(n)):
        pairs, bye = tournament.round_robin_round(n, r)
        seated = [p for pair in pairs for p in pair] + ([] if bye is None else [bye])
        assert sorted(seated) == list(range(n))  # everyone once a round
        met += [frozenset(pair) for pair in pairs]
        byes.append(bye)
    assert len(met) == len(set(met)) == n * (n - 1) // 2  # every pair, never twice
    if n % 2:
        assert sorted(byes) == list(range(n))  # each rests exactly once
    else:
        assert byes == [None] * (n - 1)


def test_round_robin_of_four_by_the_circle_method():
    rounds = [tournament.round_robin_round(4, r) for r in range(3)]
    assert rounds == [([(0, 3), (1, 2)], None), ([(3, 1), (2, 0)], None),
                      ([(2, 3), (0, 1)], None)]


# --- Swiss -----------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 14), st.randoms(use_true_random=False))
def test_swiss_never_repeats_a_game_and_gives_fair_byes(n, rng):
    t = tournament.new([f"P{i}" for i in range(n)], "bakuk", {}, tournament.SWISS, 4, 7,
                       rounds=n - 1)
    while True:
        t = play_round(t, [rng.choice([FIRST_WON, DRAW, SECOND_WON])
                           for _ in t["rounds"][-1]["pairs"]])
        try:
            t = tournament.next_round(t)
        except OptionError as refused:
            # only when no pairing without a rematch is left, never in the first rounds
            assert refused.code in ("tournament_over", "tournament_no_pairing")
            assert refused.code == "tournament_over" or len(t["rounds"]) > (n - 1) // 2
            break
    tournament.check(t)  # no pair twice, everyone seated once a round
    byes = [r["bye"] for r in t["rounds"] if r["bye"] is not None]
    assert len(byes) == len(set(byes))  # one bye each at most
    assert len(byes) == (len(t["rounds"]) if n % 2 else 0)


def test_the_swiss_bye_goes_to_the_lowest_ranked_without_one():
    t = tournament.new(["A", "B", "C", "D", "E"], "bakuk", {}, tournament.SWISS, 2, 1,
                       rounds=3)
    assert t["rounds"][0]["bye"] == 4  # all equal: the last in rank order
    # the top half meets the bottom half: A–C, B–D
    assert t["rounds"][0]["pairs"] == [[0, 2], [1, 3]]
    t = play_round(t, [FIRST_WON, FIRST_WON])  # A beats C, B beats D
    t = tournament.next_round(t)
    # A, B and E (its bye) on 1, C and D on 0: the lowest without a bye is D
    assert t["rounds"][1]["bye"] == 3
    # the group of 1 point (A, B, E): A–B, then E is floated down to meet C
    assert sorted(map(sorted, t["rounds"][1]["pairs"])) == [[0, 1], [2, 4]]


# --- standings -------------------------------------------------------------------------------
def test_round_robin_standings_hand_checked():
    # rounds (first, second): (0,3) (1,2) | (3,1) (2,0) | (2,3) (0,1)
    t = tournament.new(["Ana", "Beto", "Carla", "Dani"], "bakuk", {}, tournament.ROUND_ROBIN,
                       2, 5)
    t = tournament.next_round(play_round(t, [FIRST_WON, DRAW]))  # Ana beats Dani; Beto = Carla
    t = tournament.next_round(play_round(t, [SECOND_WON, FIRST_WON]))  # Beto, Carla beat Dani, Ana
    t = play_round(t, [SECOND_WON, SECOND_WON])  # Dani beats Carla; Beto beats Ana
    rows = {row["name"]: row for row in tournament.standings(t)}
    # Beto 2½, Carla 1½, Ana 1, Dani 1
    assert [(r["name"], r["points2"]) for r in tournament.standings(t)] == [
        ("Beto", 5), ("Carla", 3), ("Ana", 2), ("Dani", 2)]
    # Ana and Dani tied on 1: Ana beat Dani (direct encounter 1–0)
    assert (rows["Ana"]["direct2"], rows["Dani"]["direct2"]) == (2, 0)
    assert (rows["Ana"]["place"], rows["Dani"]["place"]) == (3, 4)
    # Sonneborn–Berger of Beto: ½ × Carla's 1½ + Dani's 1 + Ana's 1 = 2¾ (11 quarters)
    assert rows["Beto"]["sonneborn_berger4"] == 11
    # Sonneborn–Berger of Ana: Dani's 1 = 1, of Dani: Carla's 1½
    assert (rows["Ana"]["sonneborn_berger4"], rows["Dani"]["sonneborn_berger4"]) == (4, 6)
    assert (rows["Beto"]["wins"], rows["Beto"]["draws"], rows["Beto"]["losses"]) == (2, 1, 0)


def test_a_circle_of_wins_shares_first_place():
    # three pupils, each beats one: equal points, direct encounter, SB and wins
    t = tournament.new(["A", "B", "C"], "bakuk", {}, tournament.ROUND_ROBIN, 1, 5)
    assert [r["pairs"] for r in [t["rounds"][0]]] == [[[1, 2]]]
    t = tournament.next_round(play_round(t, [FIRST_WON]))  # B beats C
    assert t["rounds"][1]["pairs"] == [[2, 0]]
    t = tournament.next_round(play_round(t, [FIRST_WON]))  # C beats A
    assert t["rounds"][2]["pairs"] == [[0, 1]]
    t = play_round(t, [FIRST_WON])  # A beats B
    rows = tournament.standings(t)
    assert [r["place"] for r in rows] == [1, 1, 1]
    assert {r["points2"] for r in rows} == {2} and {r["byes"] for r in rows} == {1}


def test_swiss_standings_use_buchholz_before_sonneborn_berger():
    t = tournament.new(["A", "B", "C", "D"], "bakuk", {}, tournament.SWISS, 2, 1, rounds=2)
    assert t["rounds"][0]["pairs"] == [[0, 2], [1, 3]]
    t = tournament.next_round(play_round(t, [FIRST_WON, FIRST_WON]))  # A>C, B>D
    # round 2: A–B (1 point each), then C–D
    assert sorted(map(sorted, t["rounds"][1]["pairs"])) == [[0, 1], [2, 3]]
    t = play_round(t, [DRAW, DRAW])
    rows = {r["name"]: r for r in tournament.standings(t)}
    # A and B on 1½: A's opponents C (½) and B (1½) = 2; B's: D (½) and A (1½) = 2
    assert rows["A"]["buchholz2"] == rows["B"]["buchholz2"] == 4
    assert rows["A"]["points2"] == rows["B"]["points2"] == 3
    # Sonneborn–Berger: A beat C (½) and drew B (½ × 1½): 1¼, the same for B
    assert rows["A"]["sonneborn_berger4"] == rows["B"]["sonneborn_berger4"] == 5
    # direct encounter: drawn; wins: one each; nothing separates them
    assert rows["A"]["direct2"] == rows["B"]["direct2"] == 1
    assert rows["A"]["place"] == rows["B"]["place"] == 1
    assert tournament.tie_breaks("swiss")[0] == "buchholz"


# --- results typed in ------------------------------------------------------------------------
def test_a_result_is_entered_once_and_only_in_its_round():
    t = tournament.new(["A", "B", "C", "D"], "bakuk", {}, tournament.ROUND_ROBIN, 2, 1)
    t = tournament.enter(t, 1, 0, FIRST_WON)
    with pytest.raises(OptionError) as again:
        tournament.enter(t, 1, 0, SECOND_WON)
    assert again.value.code == "result_entered"
    with pytest.raises(OptionError) as other_round:
        tournament.enter(t, 2, 1, DRAW)
    assert other_round.value.code == "result_other_round"
    with pytest.raises(OptionError) as open_round:
        tournament.next_round(t)
    assert open_round.value.code == "tournament_round_open"
    cleared = tournament.clear(t, 0)
    assert cleared["rounds"][0]["results"] == [None, None]


@pytest.mark.parametrize("bad", [
    None, {}, {"version": 1}, "text",
    lambda t: {**t, "names": ["A", "A", "B", "C"]},
    lambda t: {**t, "rounds": [{**t["rounds"][0], "pairs": [[0, 1], [1, 2]]}]},
    lambda t: {**t, "rounds": [{**t["rounds"][0], "results": [7, None]}]},
    lambda t: {**t, "tag": 1 << 20},
])
def test_a_tampered_tournament_is_refused(bad):
    t = tournament.new(["A", "B", "C", "D"], "bakuk", {}, tournament.ROUND_ROBIN, 2, 1)
    with pytest.raises(OptionError) as refused:
        tournament.check(bad(t) if callable(bad) else bad)
    assert refused.value.code == "corrupt_tournament"


# --- codes -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game, options", [
    ("bakuk", {"players": 2}), ("buku", {}), ("bolonki", {"players": 2, "max_moves": 800,
                                                          "practice": True}),
    ("bul", {"variant": "aj-tiwil", "length": 11, "team_size": 1}),
])
def test_match_codes_round_trip(game, options):
    code = match_codes.match_code(4095, 31, 15, game, options)
    read = match_codes.read_match(code)
    full = registry.new_game(game, **options).options
    assert (read["tag"], read["round"], read["game"], read["game_id"]) == (4095, 31, 15, game)
    assert read["options"] == full
    assert len(codes.read(code)) == 11  # a kind letter, the format, eight symbols and a check


def test_three_player_games_cannot_be_a_tournament():
    with pytest.raises(OptionError) as refused:
        match_codes.match_code(1, 1, 0, "bakuk", {"players": 3})
    assert refused.value.code == "tournament_two_players"


@settings(deadline=None)  # no test is timed: a loaded machine is slow, not wrong
@given(st.integers(0, 4095), st.integers(1, 31), st.integers(0, 15),
       st.sampled_from([FIRST_WON, DRAW, SECOND_WON]))
def test_result_codes_round_trip(tag, round_number, game, result):
    returns = {FIRST_WON: [1, -1], DRAW: [0, 0], SECOND_WON: [-1, 1]}[result]
    code = match_codes.result_code({"tag": tag, "round": round_number, "game": game}, returns)
    assert match_codes.read_result(code) == {"tag": tag, "round": round_number, "game": game,
                                            "result": result}
    assert match_codes.read_result(code.lower().replace("-", " ")) == \
        match_codes.read_result(code)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4095), st.integers(1, 31), st.integers(0, 15), st.integers(0, 2),
       st.data())
def test_a_result_code_with_one_symbol_changed_is_refused(tag, round_number, game, result,
                                                          data):
    code = codes.read(codes.encode("T", [tag, round_number, game, result],
                                   match_codes.RESULT_WIDTHS))
    at = data.draw(st.integers(0, len(code) - 1))
    new = data.draw(st.sampled_from([c for c in codes.ALPHABET if c != code[at]]))
    with pytest.raises(codes.CodeError):
        match_codes.read_result(code[:at] + new + code[at + 1:])


# codes printed by Ludoteca before codes carried a format (the game as its place in the home
# page's order, the options as places in their lists): tag 4095, round 31, game 15, Bul
# aj-tiwil on a road of 11; tag 7, round 1, game 0, Bakuk; and two results
UNVERSIONED_MATCH_CODES = ["MFZZ-ZR1W-6", "M00W-4200-B"]
UNVERSIONED_RESULT_CODES = ["T00E-208", "T7ZZ-ZX0"]


@pytest.fixture(scope="module")
def playable() -> list:
    """Every game and options a tournament can play: what a match code may name."""
    return [(game_id, options) for game_id, options in match_codes.offered()
            if match_codes.playable(game_id, options)]


def test_no_two_combinations_offered_share_a_number():
    offered = list(match_codes.offered())
    numbers = {match_codes.combination_number(game_id, options) for game_id, options in offered}
    assert len(numbers) == len(offered)  # else: another salt (codes.FORMAT goes up)


@settings(max_examples=10, deadline=None)  # no test is timed: a loaded machine is slow
@given(st.data())
def test_every_combination_a_tournament_offers_round_trips(playable, data):
    assert {game_id for game_id, _ in playable} == set(registry.GAMES)
    for game_id, options in playable:
        tag, round_number, game = (data.draw(st.integers(0, 4095)),
                                   data.draw(st.integers(1, 31)), data.draw(st.integers(0, 15)))
        read = match_codes.read_match(match_codes.match_code(tag, round_number, game, game_id,
                                                             options))
        assert (read["tag"], read["round"], read["game"]) == (tag, round_number, game)
        assert read["game_id"] == game_id  # and the options as the game takes them
        assert read["options"] == registry.new_game(game_id, **options).options


def test_a_code_names_the_same_game_in_a_reordered_catalogue(monkeypatch):
    made = {(game_id, json.dumps(options)): match_codes.match_code(9, 2, 1, game_id, options)
            for game_id, options in [("bul", {"variant": "aj-tiwil", "length": 11,
                                              "team_size": 1}),
                                     ("bolonki", {"players": 2, "max_moves": 800,
                                                  "practice": True}),
                                     ("bakuk", {"players": 2}), ("buku", {})]}
    # the home page's order turned round; each option's values turned round, with one more
    # road added, and the options in the other order
    monkeypatch.setattr(registry, "GAMES", {g: registry.GAMES[g]
                                            for g in reversed(list(registry.GAMES))})
    for game_id in registry.GAMES:
        game_class = registry.game_class(game_id)
        described = game_class.describe_options()

        def reordered(cls, described=described):
            turned = {name: {**spec, "values": list(reversed(spec["values"]))}
                      for name, spec in reversed(described.items())}
            if "length" in turned:
                turned["length"]["values"].insert(0, 17)
            return turned
        monkeypatch.setattr(game_class, "describe_options", classmethod(reordered))
    assert list(registry.game_class("bul").describe_options()["length"]["values"])[:2] == \
        [17, 21]
    for (game_id, options), code in made.items():
        read = match_codes.read_match(code)
        assert (read["game_id"], read["options"]) == (game_id, json.loads(options))
        assert match_codes.match_code(9, 2, 1, game_id, json.loads(options)) == code


def test_a_code_of_this_format_reads_as_it_always_will():
    # a code printed now: any change to what it says needs another format (codes.FORMAT)
    assert match_codes.read_match("m1zz-zzxp-8fy") == {
        "tag": 4095, "round": 31, "game": 15, "game_id": "bul",
        "options": {"variant": "aj-tiwil", "length": 11, "team_size": 1},
        "code": "M1ZZ-ZZXP-8FY"}
    assert match_codes.read_result("T100-A680") == {"tag": 5, "round": 3, "game": 2,
                                                    "result": FIRST_WON}


def test_codes_of_another_version_are_refused_in_words(monkeypatch):
    monkeypatch.setattr(codes, "FORMAT", codes.FORMAT + 1)
    later = [match_codes.match_code(7, 1, 0, "bakuk", {"players": 2}),
             match_codes.result_code({"tag": 7, "round": 1, "game": 0}, [1, -1])]
    monkeypatch.undo()
    for code in [later[0], *UNVERSIONED_MATCH_CODES]:
        with pytest.raises(codes.CodeError) as refused:
            match_codes.read_match(code)
        assert refused.value.code == "code_version", code
    for code in [later[1], *UNVERSIONED_RESULT_CODES]:
        with pytest.raises(codes.CodeError) as refused:
            match_codes.read_result(code)
        assert refused.value.code == "code_version", code


def test_an_older_ludoteca_refuses_these_codes_by_their_length():
    # before codes carried a format, a code of the wrong length was refused before it was
    # read: every code now is longer than the same kind's codes were
    assert codes.length(match_codes.MATCH_WIDTHS) not in match_codes.UNVERSIONED_MATCH
    assert codes.length(match_codes.RESULT_WIDTHS) not in match_codes.UNVERSIONED_RESULT


def test_a_code_naming_a_game_this_version_lacks_is_refused_in_words():
    taken = {match_codes.combination_number(g, o) for g, o in match_codes.offered()}
    missing = next(n for n in range(1 << match_codes.OPTIONS_BITS) if n not in taken)
    code = codes.encode(match_codes.MATCH_KIND, [1, 1, 0, missing], match_codes.MATCH_WIDTHS)
    with pytest.raises(codes.CodeError) as refused:
        match_codes.read_match(code)
    assert refused.value.code == "code_unknown_game"
    # a combination the set-up form lists but a tournament cannot play: never written
    three = match_codes.combination_number("bakuk", {"players": 3})
    code = codes.encode(match_codes.MATCH_KIND, [1, 1, 0, three], match_codes.MATCH_WIDTHS)
    with pytest.raises(codes.CodeError) as refused:
        match_codes.read_match(code)
    assert refused.value.code == "code_unknown_game"


# --- the facade: the teacher's page and the pupils' devices ----------------------------------
def test_a_tournament_through_the_facade_refuses_tampered_and_replayed_codes():
    engine = web.Engine()

    def ask_engine(**request):
        return json.loads(engine.handle(json.dumps(request)))

    started = ask_engine(op="tournament_new", names=["1", "2", "3", "4"], game="bakuk",
                         options={}, system="round_robin", boards=2, seed=11)
    t = started["tournament"]
    assert len(started["match_codes"]) == 2
    # a pupil's device: the match code starts a two-person game of the tournament's options
    device = ask_engine(op="match_new", code=started["match_codes"][1], session="pupil")
    assert device["view"]["seats"] == ["human", "human"]
    assert device["view"]["match"]["result_code"] is None
    rng = random.Random(1)
    view = device["view"]
    while not view["terminal"]:
        view = ask_engine(op="play", session="pupil",
                          move=rng.choice(engine.sessions["pupil"].state.legal_moves()))["view"]
    result_code = view["match"]["result_code"]
    returns = view["returns"]
    entered = ask_engine(op="tournament_enter", tournament=t, code=result_code)
    assert entered["ok"] and entered["entered"]["game"] == 1
    expected = match_codes.result_of(returns)
    assert entered["tournament"]["rounds"][0]["results"] == [None, expected]
    # the same code again: replayed
    replayed = ask_engine(op="tournament_enter", tournament=entered["tournament"],
                          code=result_code)
    assert replayed["error"]["code"] == "result_entered"
    # one symbol changed: the check refuses it
    symbols = codes.read(result_code)
    tampered = symbols[:-2] + ("0" if symbols[-2] != "0" else "1") + symbols[-1]
    refused = ask_engine(op="tournament_enter", tournament=t, code=tampered)
    assert refused["error"]["code"] == "code_check"
    # a code of another tournament
    other = ask_engine(op="tournament_new", names=["a", "b"], game="bakuk", options={},
                       system="round_robin", boards=1, seed=12)["tournament"]
    assert other["tag"] != t["tag"]
    foreign = ask_engine(op="tournament_enter", tournament=other, code=result_code)
    assert foreign["error"]["code"] == "result_other_tournament"
    # a match code typed where a result code goes
    wrong_kind = ask_engine(op="tournament_enter", tournament=t, code=started["match_codes"][0])
    assert wrong_kind["error"]["code"] == "code_match"
    # a result code an older Ludoteca made, and a match code of one: another version
    for request in ({"op": "tournament_enter", "tournament": t,
                     "code": UNVERSIONED_RESULT_CODES[0]},
                    {"op": "match", "code": UNVERSIONED_MATCH_CODES[1]},
                    {"op": "match_new", "code": UNVERSIONED_MATCH_CODES[1]}):
        assert ask_engine(**request)["error"]["code"] == "code_version"


def test_a_match_resumes_its_own_game_only():
    engine = web.Engine()
    started = json.loads(engine.handle(json.dumps({
        "op": "tournament_new", "names": ["a", "b"], "game": "bakuk", "options": {},
        "system": "round_robin", "boards": 1, "seed": 1})))
    code = started["match_codes"][0]
    first = json.loads(engine.handle(json.dumps({"op": "match_new", "code": code})))
    move = engine.sessions["main"].state.legal_moves()[0]
    played = json.loads(engine.handle(json.dumps({"op": "play", "move": move})))["view"]
    resumed = json.loads(engine.handle(json.dumps(
        {"op": "match_new", "code": code, "record": played["record"]})))
    assert resumed["view"]["length"] == 1 and resumed["view"]["match"]["code"] == \
        first["view"]["match"]["code"]
    three = {**played["record"], "options": {"players": 3}}
    refused = json.loads(engine.handle(json.dumps(
        {"op": "match_new", "code": code, "record": three})))
    assert refused["error"]["code"] == "corrupt_save"
    elsewhere = json.loads(engine.handle(json.dumps({"op": "match_new", "code": code,
                                                     "game": "buku"})))
    assert elsewhere["error"]["code"] == "wrong_game_link"


def test_bad_tournament_requests_answer_in_words():
    for request, code in [
        ({"names": ["a"], "system": "swiss"}, "tournament_pupils"),
        ({"names": ["a", "A "], "system": "swiss"}, "tournament_same_name"),
        ({"names": ["a", "b"], "system": "knockout"}, "tournament_system"),
        ({"names": ["a", "b", "c"], "system": "swiss", "rounds": 3}, "tournament_rounds"),
        ({"names": ["a", "b"], "system": "swiss", "rounds": 1, "boards": 0},
         "tournament_boards"),
    ]:
        answer = ask(op="tournament_new", game="bakuk", options={},
                     **{"boards": 1, **request})
        assert answer["error"]["code"] == code


def _match_engine(game="bakuk"):
    """An engine with a tournament's first game on its table, the pupils named."""
    engine = web.Engine()

    def ask_engine(**request):
        return json.loads(engine.handle(json.dumps(request)))

    started = ask_engine(op="tournament_new", names=["Ana", "Beto"], game=game, options={},
                         system="round_robin", boards=1, seed=3)
    device = ask_engine(op="match_new", code=started["match_codes"][0],
                        names=[" Ana ", "Beto"])
    return engine, ask_engine, device["view"]


def test_a_match_game_carries_its_pupils_names_round_and_board():
    engine, ask_engine, view = _match_engine()
    assert view["match"]["names"] == ["Ana", "Beto"]  # as the tournament cleans names
    assert view["match"]["round"] == 1 and view["match"]["game"] == 0
    code = view["match"]["code"]
    for names, error in ((["Ana"], "match_names"), ("Ana", "match_names"),
                         (["", "Beto"], "tournament_name"), (["A" * 31, "B"], "tournament_name"),
                         (["Ana", "ana"], "tournament_same_name")):
        answer = ask_engine(op="match_new", code=code, names=names, session="other")
        assert answer["error"]["code"] == error, names


def test_a_match_game_refuses_help_and_takebacks_while_played():
    engine, ask_engine, view = _match_engine()
    view = ask_engine(op="play", move=engine.sessions["main"].state.legal_moves()[0])["view"]
    assert view["length"] == 1
    for request in ({"op": "undo"}, {"op": "redo"}, {"op": "truncate", "ply": 0},
                    {"op": "hint"}, {"op": "analyse", "ply": 0}, {"op": "goto", "ply": 0},
                    {"op": "link"}, {"op": "lesson_demo"}):
        answer = ask_engine(**request)
        assert answer["error"]["code"] == "match_playing", request
        assert answer["view"]["length"] == 1  # the game as it was
    assert ask_engine(op="history")["ok"]  # the log of the moves stays


def test_a_match_games_result_code_never_changes_once_shown():
    engine, ask_engine, view = _match_engine()
    rng = random.Random(5)
    while not view["terminal"]:
        view = ask_engine(op="play",
                          move=rng.choice(engine.sessions["main"].state.legal_moves()))["view"]
    code, length = view["match"]["result_code"], view["length"]
    assert code
    for request in ({"op": "undo"}, {"op": "redo"}, {"op": "truncate", "ply": 0},
                    {"op": "truncate", "ply": length - 1}, {"op": "hint"},
                    {"op": "play", "move": "a"}, {"op": "lesson_demo"}):
        answer = ask_engine(**request)
        assert not answer["ok"], request
        assert answer["view"]["match"]["result_code"] == code
        assert answer["view"]["length"] == length
    assert ask_engine(op="undo")["error"]["code"] == "match_over"
    # the review changes nothing: it opens now
    assert ask_engine(op="goto", ply=0)["ok"]
    assert ask_engine(op="analyse", ply=0)["ok"]
    assert ask_engine(op="view")["view"]["match"]["result_code"] == code


def test_an_ordinary_game_still_takes_back():
    engine = web.Engine()
    engine.handle(json.dumps({"op": "new", "game": "bakuk"}))
    move = engine.sessions["main"].state.legal_moves()[0]
    engine.handle(json.dumps({"op": "play", "move": move}))
    assert json.loads(engine.handle(json.dumps({"op": "undo"})))["ok"]
