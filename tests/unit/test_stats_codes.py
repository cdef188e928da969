"""The class experiments' arithmetic (ludoteca.labs.stats) against SciPy, and the short result
codes (ludoteca.classroom.codes): they round-trip and refuse mistakes, tampering and codes of
another format.

The expected figures were computed once with SciPy 1.17.1 (`scipy.stats.chisquare`,
`chi2.isf`, `ncx2.sf`, `binomtest(...).proportion_ci(method="wilson")`, `norm.ppf`,
and `optimize.brentq` on `ncx2.sf` for the sample size) and are written here as they came."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.classroom import codes
from ludoteca.labs import stats

FAIR_BEANS = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]


@pytest.mark.parametrize(("observed", "statistic", "p_value"), [
    ([7, 22, 41, 23, 7], 1.0266666666666666, 0.905725852355524),
    ([3, 30, 40, 20, 7], 3.9466666666666663, 0.4132718478121463),
    ([12, 25, 31, 22, 10], 9.026666666666667, 0.06043638635037018),
    ([1, 2, 3, 4, 0], 2.0, 0.7357588823428847),
])
def test_chi_square_matches_scipy(observed, statistic, p_value):
    result = stats.chi_square_test(observed, FAIR_BEANS)
    assert result["df"] == 4
    assert result["statistic"] == pytest.approx(statistic, rel=1e-12)
    assert result["p_value"] == pytest.approx(p_value, rel=1e-9)


def test_the_critical_value_and_the_power_match_scipy():
    assert stats.chi_square_critical(0.05, 4) == pytest.approx(9.487729036781158, rel=1e-9)
    assert stats.noncentral_chi_square_sf(9.487729036781158, 4, 11.94) == pytest.approx(
        0.8001775309147434, rel=1e-9)


def test_throws_needed_to_show_a_bias_match_scipy():
    # one throw in 16 moves from 1 marked face to 2: SciPy's noncentrality 11.9353 / 0.026042
    assert stats.throws_to_show(FAIR_BEANS, [1 / 16, 3 / 16, 7 / 16, 4 / 16, 1 / 16]) == 459
    with pytest.raises(ValueError):
        stats.throws_to_show(FAIR_BEANS, FAIR_BEANS)


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (520, 1000, 0.48901772465751897, 0.5508292050030588),
    (0, 10, 0.0, 0.27753279986288926),
    (10, 10, 0.7224672001371109, 1.0),
    (37, 200, 0.13730192800616045, 0.24457062761151752),
])
def test_wilson_interval_matches_scipy(successes, trials, low, high):
    got = stats.wilson_interval(successes, trials)
    assert got[0] == pytest.approx(low, abs=1e-12)
    assert got[1] == pytest.approx(high, abs=1e-12)


def test_the_normal_quantile_matches_scipy():
    assert stats.normal_quantile(0.975) == pytest.approx(1.959963984540054, rel=1e-12)


def test_tests_refuse_what_has_no_answer():
    for bad in (lambda: stats.chi_square_test([0, 0, 0, 0, 0], FAIR_BEANS),
                lambda: stats.chi_square_test([1, 2], FAIR_BEANS),
                lambda: stats.wilson_interval(3, 0), lambda: stats.wilson_interval(5, 4)):
        with pytest.raises(ValueError):
            bad()


WIDTHS = [4, 8, 8, 8, 8, 8]


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(st.lists(st.integers(0, 255), min_size=6, max_size=6))
def test_codes_round_trip(values):
    values[0] %= 16
    code = codes.encode("B", values, WIDTHS)
    assert codes.decode(code, "B", WIDTHS) == values
    # as people type it: small letters, spaces, O for 0 and I or L for 1
    typed = code.replace("-", " ").lower().replace("0", "o").replace("1", "l")
    assert codes.decode(typed, "B", WIDTHS) == values


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(st.lists(st.integers(0, 255), min_size=6, max_size=6), st.data())
def test_a_mistyped_symbol_is_refused(values, data):
    values[0] %= 16
    body = codes.read(codes.encode("B", values, WIDTHS))
    where = data.draw(st.integers(0, len(body) - 1))
    wrong = data.draw(st.sampled_from([s for s in codes.ALPHABET if s != body[where]]))
    with pytest.raises(codes.CodeError) as refused:
        codes.decode(body[:where] + wrong + body[where + 1:], "B", WIDTHS)
    assert refused.value.code in {"code_check", "code_kind"}


def test_codes_refuse_other_kinds_lengths_and_symbols():
    code = codes.encode("B", [1, 2, 3, 4, 5, 6], WIDTHS)
    cases = {"code_kind": lambda: codes.decode(code, "T", WIDTHS),
             "code_length": lambda: codes.decode(code[:-2], "B", WIDTHS),
             "code_symbol": lambda: codes.decode(code[:-1] + "U", "B", WIDTHS)}
    for error, attempt in cases.items():
        with pytest.raises(codes.CodeError) as refused:
            attempt()
        assert refused.value.code == error


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(st.lists(st.integers(0, 255), min_size=6, max_size=6))
def test_two_neighbours_swapped_are_refused(values):
    values[0] %= 16
    body = codes.read(codes.encode("B", values, WIDTHS))
    for i in range(len(body) - 1):
        if body[i] == body[i + 1] or {body[i], body[i + 1]} == {"0", "Z"}:
            continue  # the same code, or the one swap Luhn mod 32 cannot see
        with pytest.raises(codes.CodeError):
            codes.decode(body[:i] + body[i + 1] + body[i] + body[i + 2:], "B", WIDTHS)


def unversioned(kind, values, widths) -> str:
    """A code as Ludoteca made them before codes carried a format: the kind letter, the
    values, the check symbol."""
    number = 0
    for value, width in zip(values, widths, strict=True):
        number = number << width | value
    body = kind + codes._base32(number, codes.unversioned_length(widths) - 2)
    return body + codes._check_symbol(body)


def test_a_code_holds_its_format_after_its_kind():
    body = codes.read(codes.encode("B", [1, 2, 3, 4, 5, 6], WIDTHS))
    assert body[1] == codes.ALPHABET[codes.FORMAT]
    assert len(body) == codes.length(WIDTHS) != codes.unversioned_length(WIDTHS)


def test_a_code_of_another_format_is_refused_as_such(monkeypatch):
    monkeypatch.setattr(codes, "FORMAT", codes.FORMAT + 1)
    later = codes.encode("B", [1, 2, 3, 4, 5, 6], WIDTHS)
    longer = codes.encode("B", [1, 2, 3, 4, 5, 6, 7], [*WIDTHS, 8])  # and other widths
    monkeypatch.undo()
    older = unversioned("B", [1, 2, 3, 4, 5, 6], WIDTHS)
    older_length = [codes.unversioned_length(WIDTHS)]
    for code in (later, longer, older):
        with pytest.raises(codes.CodeError) as refused:
            codes.decode(code, "B", WIDTHS, older_length)
        assert refused.value.code == "code_version", code
    # an unversioned code of this kind's old length, mistyped: its check symbol says so
    typo = older[:3] + ("X" if older[3] != "X" else "Y") + older[4:]
    with pytest.raises(codes.CodeError) as refused:
        codes.decode(typo, "B", WIDTHS, older_length)
    assert refused.value.code == "code_check"


def test_a_whole_code_of_another_kind_and_length_is_of_another_kind():
    other = codes.encode("T", [1, 2], [4, 4])
    with pytest.raises(codes.CodeError) as refused:
        codes.decode(other, "B", WIDTHS)
    assert refused.value.code == "code_kind"


def test_stable_numbers_do_not_depend_on_the_run():
    # CRC-32: the same in CPython and Pyodide, in every run (never `hash()`)
    assert codes.stable_number("bakuk{\"players\":2}", 19) == 0x36A22
    assert 0 <= codes.stable_number("", 5) < 32
