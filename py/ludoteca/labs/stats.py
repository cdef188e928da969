"""The arithmetic of a class's experiments: is a set of beans fair (Pearson's chi-square
test), how sure is a win rate (Wilson's interval), and how many throws would show a bias.

Pure Python (the `math` module's `lgamma` and `erf`), so it runs in the browser's worker.
The formulas are the textbook ones: the regularized incomplete gamma function by its series
and continued fraction (Press et al., *Numerical Recipes*, 3rd ed., §6.2), Wilson's score
interval (E. B. Wilson, "Probable inference, the law of succession, and statistical
inference", JASA 22, 1927), and the power of the chi-square test from the noncentral
chi-square distribution (J. Cohen, *Statistical Power Analysis for the Behavioral
Sciences*, 2nd ed., 1988, ch. 7).
"""

from __future__ import annotations

import math

_EPSILON = 1e-15
_MAX_TERMS = 10_000


def chi_square_test(observed: list[int], probabilities: list[float]) -> dict:
    """Pearson's test of `observed` counts against the `probabilities` a fair process gives:
    ``{statistic, df, p_value, expected}``. The p-value is the chance that fair beans
    would look at least this far from the expected counts."""
    total = sum(observed)
    if total <= 0 or len(observed) != len(probabilities) or len(observed) < 2:
        raise ValueError("a chi-square test needs counts, one per probability, and a total")
    expected = [total * p for p in probabilities]
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    df = len(observed) - 1
    return {"statistic": statistic, "df": df, "p_value": chi_square_sf(statistic, df),
            "expected": expected}


def chi_square_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with `df` degrees of freedom."""
    if x <= 0:
        return 1.0
    return _upper_gamma(df / 2, x / 2)


def chi_square_critical(alpha: float, df: int) -> float:
    """The x with P(X ≥ x) = alpha: beyond it the test says "not fair" at level alpha."""
    low, high = 0.0, 1.0
    while chi_square_sf(high, df) > alpha:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if chi_square_sf(middle, df) > alpha:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def noncentral_chi_square_sf(x: float, df: int, noncentrality: float) -> float:
    """P(X ≥ x) for X noncentral chi-square: a Poisson mixture of central ones."""
    half = noncentrality / 2
    total = 0.0
    weight_log = -half
    for j in range(_MAX_TERMS):
        if j:
            weight_log += math.log(half) - math.log(j)
        term = math.exp(weight_log) * chi_square_sf(x, df + 2 * j)
        total += term
        if j > half and term < _EPSILON:
            break
    return min(total, 1.0)


def throws_to_show(probabilities: list[float], biased: list[float], alpha: float = 0.05,
                   power: float = 0.8) -> int:
    """How many throws a chi-square test at level `alpha` needs to say "not fair" with
    chance `power` when the true chances are `biased` instead of `probabilities`."""
    effect = sum((b - p) ** 2 / p for p, b in zip(probabilities, biased, strict=True))
    if effect <= 0:
        raise ValueError("the biased chances are the fair ones: no number of throws shows it")
    df = len(probabilities) - 1
    critical = chi_square_critical(alpha, df)
    low, high = 0.0, 1.0
    while noncentral_chi_square_sf(critical, df, high) < power:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if noncentral_chi_square_sf(critical, df, middle) < power:
            low = middle
        else:
            high = middle
    return math.ceil(high / effect)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple:
    """Wilson's score interval for a rate seen `successes` times in `trials`: (low, high).
    Unlike "rate ± 2 standard errors" it stays within 0–1 and is sound for few trials."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("an interval needs 0 ≤ successes ≤ trials and trials > 0")
    z = normal_quantile(1 - (1 - confidence) / 2)
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (
        1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def normal_quantile(p: float) -> float:
    """The z with P(Z ≤ z) = p for a standard normal Z (by bisection on `math.erf`)."""
    if not 0 < p < 1:
        raise ValueError("a quantile needs 0 < p < 1")
    low, high = -40.0, 40.0
    for _ in range(200):
        middle = (low + high) / 2
        if (1 + math.erf(middle / math.sqrt(2))) / 2 < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma Q(a, x)."""
    if x < a + 1:
        return 1.0 - _lower_series(a, x)
    return _upper_fraction(a, x)


def _lower_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_TERMS):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h
