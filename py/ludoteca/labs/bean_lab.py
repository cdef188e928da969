"""The bean lab: a class throws beans in groups, pools the tallies on the teacher's page and
asks whether the beans look fair. The game says what its beans are (`GameSpec.bean_lab`:
``facts()``, ``biased(marked_up)``, ``throw(rng)``); this module judges tallies (Pearson's
chi-square test, `ludoteca.stats`) and turns a group's tallies into short result codes
(`ludoteca.codes`) and back.

A result code (kind ``B``, 16 symbols for Bul's five counts) holds the lab's number (what
its tallies count: `lab_number`), a class number (so a code made for another class's lab is
recognised), a group number, a part number and the group's tally of each count of marked
faces (0 to 255). Bigger tallies are split over several parts: part 1 holds up to 255 of
each count, part 2 the next 255, and so on. A group's newer code for the same part holds at
least what the older one held, so it updates the pool; one that holds less is refused (a
mix-up). A code of another format (`codes.FORMAT`) is refused as such, never misread.
"""

from __future__ import annotations

import json
import math
import random
from urllib.parse import parse_qs, urlsplit

from .. import registry
from ..classroom import codes
from ..core import OptionError
from .stats import chi_square_test, throws_to_show

KIND = "B"
LAB_BITS, CLASS_BITS, GROUP_BITS, PART_BITS, TALLY_BITS = 5, 11, 5, 4, 8
MAX_CLASS = (1 << CLASS_BITS) - 1
MAX_GROUP = (1 << GROUP_BITS) - 1
MAX_PART = (1 << PART_BITS) - 1
MAX_TALLY = (1 << TALLY_BITS) - 1  # per count of marked faces, in one code
MAX_THROWS = 1000  # throws on screen in one request
ALPHA = 0.05  # the test's level: "fair beans would do this less than 5 times in 100"
CLEAR_ALPHA = 0.01
MIN_EXPECTED = 5
"""Cochran's rule: the chi-square test is sound when every count expected is at least 5
(W. G. Cochran, "Some methods for strengthening the common χ² tests", Biometrics 10, 1954)."""
POWER = 0.8  # "would show it": the test says "not fair" 8 times in 10


def lab_of(game_id):
    """The game's bean lab (its facts module); ``no_bean_lab`` when it has none."""
    spec = registry.spec_of(game_id)
    if spec.bean_lab is None:
        raise OptionError(f"{game_id} has no bean lab", "no_bean_lab", game=str(game_id))
    return spec.bean_lab


def facts(lab) -> dict:
    return {**lab.facts(), "max_group": MAX_GROUP, "max_class": MAX_CLASS,
            "min_expected": MIN_EXPECTED, "alpha": ALPHA}


MAX_POOLED = 10**9  # of each count in a class's pool: any class's, and no slow arithmetic


def check_tallies(lab, tallies, most=MAX_TALLY * MAX_PART) -> list:
    """A list of whole numbers from 0 to `most`, one per count of marked faces (by
    default what a group's codes can hold)."""
    size = len(lab.faces())
    if (not isinstance(tallies, list) or len(tallies) != size
            or any(type(n) is not int or not 0 <= n <= most for n in tallies)):
        raise OptionError("tallies are whole numbers, one per count of marked faces",
                          "beans_bad_tallies", faces=size, most=most)
    return tallies


def verdict(lab, tallies, bias=None) -> dict:
    """The pooled tallies judged: each count's observed and expected number, the chi-square
    test, the verdict (``none``, ``too_few``, ``fair``, ``doubtful``, ``unfair``) and, when
    `bias` is given (percent of throws a bean lands marked face up), how many throws would
    show beans biased that much (the slow part: asked for only when the bias changes)."""
    tallies = check_tallies(lab, tallies, MAX_POOLED)
    faces = lab.faces()
    fair = [f["probability"] for f in faces]
    total = sum(tallies)
    answer = {"total": total, "faces": [
        {**f, "observed": n, "expected": total * f["probability"]}
        for f, n in zip(faces, tallies, strict=True)]}
    if total:
        test = chi_square_test(tallies, fair)
        answer.update(statistic=test["statistic"], df=test["df"], p_value=test["p_value"])
        contributions = [(o - e) ** 2 / e for o, e in zip(tallies, test["expected"],
                                                          strict=True)]
        # the count that strayed furthest from what fair beans give, and which way
        widest = max(range(len(faces)), key=lambda i: contributions[i])
        answer["widest"] = {"marks": faces[widest]["marks"],
                            "more": tallies[widest] > test["expected"][widest]}
        answer["verdict"] = _verdict(test["p_value"], min(test["expected"]))
    else:
        answer["verdict"] = "none"
    answer["enough"] = math.ceil(MIN_EXPECTED / min(fair))  # throws for every count expected ≥ 5
    if bias is not None:
        answer["bias"] = bias_size(lab, bias, total)
    return answer


def _verdict(p_value, least_expected) -> str:
    if least_expected < MIN_EXPECTED:
        return "too_few"
    if p_value >= ALPHA:
        return "fair"
    return "doubtful" if p_value >= CLEAR_ALPHA else "unfair"


def bias_size(lab, bias, total) -> dict:
    """How many throws a test at level ALPHA needs to say "not fair" with chance POWER when
    each bean lands marked face up `bias` percent of the time."""
    if type(bias) is not int or not 1 <= bias <= 99 or bias == 50:
        raise OptionError(f"bias {bias!r}", "beans_bad_bias", bias=repr(bias))
    fair = [f["probability"] for f in lab.faces()]
    needed = throws_to_show(fair, lab.biased(bias / 100), ALPHA, POWER)
    return {"percent": bias, "throws": needed, "power": POWER, "reached": total >= needed}


def throws(lab, count, seed) -> list:
    """`count` throws on screen, drawn as the game draws them: the marked faces up each."""
    if type(count) is not int or not 1 <= count <= MAX_THROWS:
        raise OptionError(f"count {count!r}", "beans_bad_count", most=MAX_THROWS)
    if seed is not None and type(seed) is not int:
        raise OptionError("a seed is a whole number", "bad_request", op="beans_throw")
    rng = random.Random(seed)
    return [lab.throw(rng) for _ in range(count)]


def _check_number(value, most, code):
    if type(value) is not int or not 1 <= value <= most:
        raise OptionError(f"{value!r} is not a number from 1 to {most}", code, most=most)
    return value


def widths(lab) -> list:
    return [LAB_BITS, CLASS_BITS, GROUP_BITS, PART_BITS] + [TALLY_BITS] * len(lab.faces())


def unversioned_lengths(lab) -> list:
    """The length this lab's codes had before codes carried a format (no lab number)."""
    return [codes.unversioned_length([CLASS_BITS, GROUP_BITS, PART_BITS]
                                     + [TALLY_BITS] * len(lab.faces()))]


def lab_number(lab) -> int:
    """The number that names what a lab's tallies count: each count of marked faces and in
    how many of the equally likely falls it comes up. A code of a lab whose beans differ
    (another game's) is refused; two labs of the same beans read each other's codes."""
    counted = [[face["marks"], face["ways"]] for face in lab.faces()]
    return codes.stable_number("beans" + json.dumps(counted, separators=(",", ":")),
                               LAB_BITS)


def make_codes(lab, class_number, group, tallies) -> list:
    """The result codes of a group's tallies: one per part, each holding up to MAX_TALLY of
    each count (``[{part, tallies, code}]``)."""
    _check_number(class_number, MAX_CLASS, "beans_bad_class")
    _check_number(group, MAX_GROUP, "beans_bad_group")
    tallies = check_tallies(lab, tallies)
    parts = max(1, -(-max(tallies) // MAX_TALLY))
    made = []
    for part in range(1, parts + 1):
        held = [min(max(n - (part - 1) * MAX_TALLY, 0), MAX_TALLY) for n in tallies]
        made.append({"part": part, "tallies": held,
                     "code": codes.encode(KIND, [lab_number(lab), class_number, group,
                                                 part, *held], widths(lab))})
    return made


def code_in(text):
    """The code in `text`: a code as typed, or a result link holding one (``code=…``)."""
    if isinstance(text, str) and "code=" in text:
        split = urlsplit(text.strip())
        for query in (split.fragment.partition("?")[2], split.query):
            found = parse_qs(query).get("code")
            if found:
                return found[0]
    return text


def read_code(lab, text, class_number, pooled) -> dict:
    """What a result code (or a result link) holds, checked against this class's lab:
    ``{class, group, part, tallies, code, status}`` where `status` is ``new``,
    ``duplicate`` (already pooled: nothing changes) or ``update`` (the group's newer count
    of a part pooled before). `pooled`: ``[{group, part, tallies}]`` of codes pooled so far.
    A code of another class, or one that holds less than the part pooled before, is refused
    in words (``beans_other_class``, ``beans_conflict``), as is one of a lab of other beans
    (``code_kind``) or of another version (``code_version``)."""
    _check_number(class_number, MAX_CLASS, "beans_bad_class")
    values = codes.decode(code_in(text), KIND, widths(lab), unversioned_lengths(lab))
    counted, made_for, group, part, *tallies = values
    if counted != lab_number(lab):
        raise codes.CodeError("the code counts other beans", "code_kind")
    if not (group and part):  # numbers from 1: a zero was never encoded
        raise codes.CodeError("the code holds a group or part 0", "code_check")
    if made_for != class_number:
        raise OptionError(f"a code of class {made_for}, not {class_number}",
                          "beans_other_class", made_for=made_for, expected=class_number)
    status = "new"
    for entry in _pooled(pooled):
        if (entry["group"], entry["part"]) != (group, part):
            continue
        if entry["tallies"] == tallies:
            status = "duplicate"
        elif all(n >= old for n, old in zip(tallies, entry["tallies"], strict=True)):
            status = "update"
        else:
            raise OptionError("the group sent a code for this part that held more",
                              "beans_conflict", group=group, part=part)
    normal = codes.encode(KIND, values, widths(lab))
    return {"class": made_for, "group": group, "part": part, "tallies": tallies,
            "code": normal, "status": status}


def _pooled(pooled) -> list:
    """The codes pooled so far, as the page keeps them: anything malformed is refused."""
    if pooled is None:
        return []
    ok = isinstance(pooled, list) and all(
        isinstance(e, dict) and type(e.get("group")) is int and type(e.get("part")) is int
        and isinstance(e.get("tallies"), list) for e in pooled)
    if not ok:
        raise OptionError("pooled codes are [{group, part, tallies}]", "bad_request",
                          op="beans_read")
    return pooled
