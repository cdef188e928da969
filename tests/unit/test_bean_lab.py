"""The bean lab (`ludoteca.labs.bean_lab`, Bul's `beans_lab`): the facts come from Bul's beans, the
verdict from the chi-square test, and result codes round-trip, name their class and the beans
they count, and are refused when mistyped, tampered with, of another version or contradicting
what was pooled."""

from __future__ import annotations

import json
import random
from math import comb
from types import SimpleNamespace

import pytest

from ludoteca import registry, web
from ludoteca.classroom import codes
from ludoteca.games.bul import beans_lab, kernel
from ludoteca.labs import bean_lab
from ludoteca.labs.stats import chi_square_test


def ask(**request):
    return json.loads(web.handle(json.dumps(request)))


def test_bul_faces_are_the_binomial_sixteenths():
    faces = beans_lab.faces()
    assert [f["marks"] for f in faces] == [0, 1, 2, 3, 4]
    assert [f["ways"] for f in faces] == [comb(4, k) for k in range(5)] == [1, 4, 6, 4, 1]
    assert [f["value"] for f in faces] == [5, 1, 2, 3, 4]  # none marked counts 5 steps
    assert sum(f["probability"] for f in faces) == pytest.approx(1)
    assert beans_lab.facts()["falls"] == len(kernel.FALLS) == 16


def test_biased_beans_are_binomial_with_the_bias():
    q = 0.6
    assert beans_lab.biased(q) == pytest.approx([comb(4, k) * q**k * (1 - q) ** (4 - k)
                                                 for k in range(5)])
    assert beans_lab.biased(0.5) == pytest.approx([f["probability"] for f in beans_lab.faces()])


def test_throws_on_screen_are_the_games_throws_and_seeded():
    first = ask(op="beans_throw", game="bul", count=400, seed=11)["throws"]
    assert first == ask(op="beans_throw", game="bul", count=400, seed=11)["throws"]
    rng = random.Random(11)
    assert first == [kernel.marks_up(int(kernel.draw_throw(rng))) for _ in range(400)]
    assert set(first) == {0, 1, 2, 3, 4}


def test_verdict_is_the_chi_square_test_of_the_pooled_tallies():
    tallies = [7, 24, 38, 22, 9]
    answer = ask(op="beans_verdict", game="bul", tallies=tallies)["verdict"]
    test = chi_square_test(tallies, [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16])
    assert answer["p_value"] == pytest.approx(test["p_value"])
    assert answer["verdict"] == "fair" and answer["total"] == 100
    assert [f["expected"] for f in answer["faces"]] == pytest.approx(test["expected"])
    assert answer["widest"] == {"marks": 4, "more": True}
    assert answer["enough"] == 80  # every count expected at least 5 (Cochran)
    assert "bias" not in answer  # asked for only with a bias
    biased = ask(op="beans_verdict", game="bul", tallies=tallies, bias=60)["verdict"]["bias"]
    assert biased["percent"] == 60 and biased["reached"] == (100 >= biased["throws"])


@pytest.mark.parametrize(("tallies", "verdict"), [
    ([0, 0, 0, 0, 0], "none"), ([1, 4, 6, 4, 1], "too_few"),
    ([12, 23, 30, 23, 12], "doubtful"), ([2, 24, 38, 22, 30], "unfair")])
def test_verdict_words(tallies, verdict):
    assert ask(op="beans_verdict", game="bul", tallies=tallies)["verdict"]["verdict"] == verdict


def test_a_pool_may_hold_more_than_a_groups_codes():
    many = [6250, 25000, 37500, 25000, 6250]
    assert ask(op="beans_verdict", game="bul", tallies=many)["verdict"]["verdict"] == "fair"
    answer = ask(op="beans_code", game="bul", group=1, tallies=many, **{"class": 1})
    assert answer["error"]["code"] == "beans_bad_tallies"  # more than 15 parts of 255


def test_bigger_bias_needs_fewer_throws():
    needed = [ask(op="beans_verdict", game="bul", tallies=[0] * 5, bias=b)["verdict"]["bias"]
              for b in (55, 60, 70)]
    assert needed[0]["throws"] > needed[1]["throws"] > needed[2]["throws"] > 0
    assert ask(op="beans_verdict", game="bul", tallies=[0] * 5,
               bias=50)["error"]["code"] == "beans_bad_bias"


def test_code_round_trip_and_split_parts():
    made = ask(op="beans_code", game="bul", group=3, tallies=[7, 24, 300, 22, 9],
               **{"class": 417})["codes"]
    assert [m["part"] for m in made] == [1, 2]
    assert [a + b for a, b in zip(*(m["tallies"] for m in made), strict=True)] == [
        7, 24, 300, 22, 9]
    for m in made:
        assert len(codes.read(m["code"])) == 16
        read = ask(op="beans_read", game="bul", code=m["code"].lower().replace("-", " "),
                   **{"class": 417})["read"]
        assert (read["group"], read["part"], read["tallies"], read["status"]) == (
            3, m["part"], m["tallies"], "new")


def test_a_result_link_is_read_as_its_code():
    code = bean_lab.make_codes(beans_lab, 9, 2, [1, 2, 3, 4, 5])[0]["code"]
    read = ask(op="beans_read", game="bul", code=f"https://x.example/?lang=es#/bul/beans?code={code}",
               **{"class": 9})["read"]
    assert read["tallies"] == [1, 2, 3, 4, 5]


def test_duplicate_update_and_conflict():
    code = bean_lab.make_codes(beans_lab, 9, 2, [1, 2, 3, 4, 5])[0]["code"]

    def status(old):
        answer = ask(op="beans_read", game="bul", code=code, pooled=[
            {"group": 2, "part": 1, "tallies": old}], **{"class": 9})
        return answer["read"]["status"] if answer["ok"] else answer["error"]["code"]
    assert status([1, 2, 3, 4, 5]) == "duplicate"
    assert status([1, 2, 3, 4, 4]) == "update"
    assert status([1, 2, 3, 4, 6]) == "beans_conflict"


def test_another_class_and_every_mistyped_symbol_are_refused():
    code = codes.read(bean_lab.make_codes(beans_lab, 9, 2, [1, 2, 3, 4, 5])[0]["code"])
    assert ask(op="beans_read", game="bul", code=code,
               **{"class": 10})["error"]["code"] == "beans_other_class"
    for i in range(len(code)):
        for symbol in codes.ALPHABET:
            if symbol == code[i]:
                continue
            typo = code[:i] + symbol + code[i + 1:]
            answer = ask(op="beans_read", game="bul", code=typo, **{"class": 9})
            assert not answer["ok"], typo
            assert answer["error"]["code"].startswith("code_"), typo
    assert ask(op="beans_read", game="bul", code=code[:-1],
               **{"class": 9})["error"]["code"] == "code_length"


def test_a_code_of_another_version_is_refused_in_words(monkeypatch):
    monkeypatch.setattr(codes, "FORMAT", codes.FORMAT + 1)
    later = bean_lab.make_codes(beans_lab, 9, 2, [1, 2, 3, 4, 5])[0]["code"]
    monkeypatch.undo()
    older = "B04H-1041-0610-5M"  # group 2 of class 9, as Ludoteca made it before formats
    for code in (later, older):
        answer = ask(op="beans_read", game="bul", code=code, **{"class": 9})
        assert answer["error"]["code"] == "code_version", code
    # and an older Ludoteca, which read codes of 14 symbols, refuses these by their length
    assert len(codes.read(bean_lab.make_codes(beans_lab, 9, 2, [1] * 5)[0]["code"])) != 14


def test_a_code_of_a_lab_of_other_beans_is_refused():
    # another game's beans: as many counts, each coming up in other ways
    other = SimpleNamespace(faces=lambda: [{**f, "ways": 3} for f in beans_lab.faces()])
    assert bean_lab.lab_number(other) != bean_lab.lab_number(beans_lab)
    code = bean_lab.make_codes(other, 9, 2, [1, 2, 3, 4, 5])[0]["code"]
    answer = ask(op="beans_read", game="bul", code=code, **{"class": 9})
    assert answer["error"]["code"] == "code_kind"


def test_labs_of_other_beans_have_other_numbers():
    labs = [registry.spec_of(g).bean_lab for g in registry.GAMES
            if registry.spec_of(g).bean_lab is not None]
    beans = {}
    for lab in labs:
        counted = json.dumps([[f["marks"], f["ways"]] for f in lab.faces()])
        beans.setdefault(bean_lab.lab_number(lab), set()).add(counted)
    assert labs and all(len(counts) == 1 for counts in beans.values())


def test_a_code_of_this_format_reads_as_it_always_will():
    # a code made now: any change to what it says needs another format (codes.FORMAT)
    read = ask(op="beans_read", game="bul", code="B150-4H10-4106-1059", **{"class": 9})["read"]
    assert (read["group"], read["part"], read["tallies"]) == (2, 1, [1, 2, 3, 4, 5])


@pytest.mark.parametrize("request_fields", [
    {"op": "beans_verdict", "tallies": [1, 2, 3]},
    {"op": "beans_verdict", "tallies": [1, 2, 3, 4, -5]},
    {"op": "beans_verdict", "tallies": "12345"},
    {"op": "beans_throw", "count": 10**6},
    {"op": "beans_code", "class": 0, "group": 1, "tallies": [1] * 5},
    {"op": "beans_code", "class": 1, "group": 32, "tallies": [1] * 5},
    {"op": "beans_read", "class": 1, "code": 5},
    {"op": "beans_read", "class": 1, "code": "B", "pooled": "x"},
    {"op": "beans_facts", "game": "bakuk"},
])
def test_bad_requests_are_refused_with_a_code(request_fields):
    answer = ask(**{"game": "bul", **request_fields})
    assert not answer["ok"] and answer["error"]["code"] not in ("internal", "error")
