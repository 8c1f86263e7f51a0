"""One way to write a rate: the lessons, the coach's sentences and its badges all use it.

A simulated rate is written "x ± s", s being ONE standard error (lesson 06), and to the digits
the error supports: the error keeps one significant digit (two when it starts with a 1) and the
rate stops at the same decimal place — "0.4400 ± 0.0496" claims digits nobody measured, so it is
written "0.44 ± 0.05". When nothing or everything happened there is no spread to measure, and a
standard error of 0 would claim certainty: the rate is bounded by the rule of three instead
(0 of n: the true rate is below 3/n with 95 % confidence; lessons 04 and 06). A value that is not exactly
0 or 1 is never written as 0, 1, "0 %" or "100 %": it is "< 1 %", "> 99 %" (or the same at the
digits in use). Exact 0 and 1 are written only for exact values (a ``Fraction`` or a plain
number, which the caller vouches is exact).

>>> rate_text(44, 100)
'0.44 ± 0.05'
>>> rate_text(0, 1000)
'< 0.003 (0 of 1000, rule of three)'
>>> percent_text(Fraction(1489, 1495)), percent_text(Fraction(1)), percent_text(Fraction(3, 4))
('> 99 %', '100 %', '75 %')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Union

from .prob.simulate import Estimate

__all__ = ["rate_text", "percent_text", "estimate_text", "supported_decimals", "coin_p_value"]

#: what the functions here accept: counts are given as two whole numbers instead
Rate = Union[Estimate, Fraction, float, int]


def supported_decimals(standard_error: float) -> int:
    """The decimal places a standard error supports: one significant digit, two when the
    first is a 1 (0.0496 → 2, 0.0153 → 3, 0.55 → 1, 3.2 → 0).

    >>> [supported_decimals(s) for s in (0.0496, 0.0153, 0.55, 3.2, 14.1)]
    [2, 3, 1, 0, 0]
    """
    s = float(standard_error)
    if not math.isfinite(s) or s <= 0:
        raise ValueError(f"supported_decimals: a standard error must be a number > 0, not {s!r}")
    exponent = math.floor(math.log10(s))
    first = s / 10 ** exponent
    if round(first) >= 10:  # 0.0996 rounds to 0.1: one place fewer
        exponent += 1
        first = 1.0
    return max(0, -exponent + (1 if round(first, 1) < 2 else 0))


def _near(value: float, decimals: int, scale: float, unit: str) -> str:
    """``value`` (a rate in [0, 1], times ``scale``) at ``decimals`` places, never shown as
    exactly 0 or the whole when it is neither: then "< smallest step" / "> whole − step"."""
    step = 10.0 ** -decimals
    shown = round(value * scale, decimals)
    if shown <= 0 < value:
        return f"< {step:.{decimals}f}{unit}"
    if shown >= scale and value < 1:
        return f"> {scale - step:.{decimals}f}{unit}"
    return f"{shown:.{decimals}f}{unit}"


def _rule_of_three(k: int, n: int, percent: bool, brief: bool = False) -> str:
    """0 of n: below 3/n; n of n: above 1 − 3/n — each rounded outwards, never inwards."""
    scale, unit = (100.0, " %") if percent else (1.0, "")
    bound = min(1.0, 3 / n) * scale
    decimals = supported_decimals(bound)
    step = 10 ** decimals
    up = math.ceil(bound * step - 1e-9) / step
    if k == 0:
        text = f"< {up:.{decimals}f}{unit}"
    else:
        text = f"> {max(0.0, scale - up):.{decimals}f}{unit}"
    return text if brief else f"{text} ({k} of {n}, rule of three)"


def estimate_text(value: float, standard_error: float, *, unit: str = "") -> str:
    """Any simulated number (not only a rate) with its standard error, to the digits the error
    supports: lesson 17's "63.9250 ± 0.5459" points is "63.9 ± 0.5".

    >>> estimate_text(63.9250, 0.5459), estimate_text(-0.0463, 0.0312)
    ('63.9 ± 0.5', '-0.05 ± 0.03')
    """
    if not math.isfinite(standard_error) or standard_error <= 0:
        raise ValueError(f"estimate_text: a standard error of {standard_error!r} measures no "
                         "spread (one sample, or all alike); give more samples, or for a rate "
                         "of 0 or 1 use rate_text(k, n), which applies the rule of three")
    d = supported_decimals(standard_error)
    return f"{value:.{d}f} ± {standard_error:.{d}f}{unit}"


def rate_text(rate: Rate, n: int | None = None, *, percent: bool = False,
              digits: int = 3, brief: bool = False) -> str:
    """A rate as the course writes it.

    ``rate_text(k, n)``: k successes in n trials, with its standard error ``sqrt(p(1−p)/n)``
    (the rule of three when k is 0 or n). ``rate_text(estimate)``: an ``Estimate``, to the digits
    its error supports (pass ``n`` too when its error may be 0: a rate of 0 or 1). An exact value
    (a ``Fraction`` or a plain number) is written to ``digits`` decimals (``percent``: to whole
    percents), never as 0 or 1 unless it is exactly that. ``percent=True`` writes percents;
    ``brief=True`` leaves out the "(0 of n, rule of three)" after a bound, for a table column
    (say the rule once under the table).

    >>> rate_text(Estimate(0.6234, 0.0153)), rate_text(Estimate(1.0, 0.0), n=200)
    ('0.623 ± 0.015', '> 0.985 (200 of 200, rule of three)')
    >>> rate_text(Fraction(1489, 1495)), rate_text(Fraction(5, 29)), rate_text(Fraction(0))
    ('0.996', '0.172', '0')
    >>> rate_text(0, 1000, brief=True), rate_text(1000, 1000, percent=True, brief=True)
    ('< 0.003', '> 99.7 %')
    >>> rate_text(1489, 1495, percent=True), rate_text(Fraction(1489, 1495), digits=1)
    ('99.60 ± 0.16 %', '> 0.9')
    """
    scale, unit = (100.0, " %") if percent else (1.0, "")
    if isinstance(rate, bool):
        raise ValueError(f"rate_text: a rate is a number or an Estimate, not {rate!r}")
    if isinstance(rate, int) and n is not None:
        if not isinstance(n, int) or isinstance(n, bool) or n <= 0 or not 0 <= rate <= n:
            raise ValueError(f"rate_text: counts need whole numbers 0 ≤ k ≤ n and n > 0, "
                             f"not k={rate!r}, n={n!r}")
        if rate in (0, n):
            return _rule_of_three(rate, n, percent, brief)
        p = rate / n
        rate = Estimate(p, math.sqrt(p * (1 - p) / n))
    if isinstance(rate, Estimate):
        p, se = float(rate.estimate), float(rate.standard_error)
        if not 0 <= p <= 1:
            raise ValueError(f"rate_text: a rate lies between 0 and 1, not {p!r}")
        if se == 0:
            if n is not None and p in (0.0, 1.0):
                return _rule_of_three(round(p * n), n, percent, brief)
            raise ValueError(f"rate_text: the estimate {p!r} has a standard error of 0, which "
                             "measures nothing (one sample, or every sample alike); for a rate "
                             "of 0 or 1 pass n (the number of trials) to get the rule of three")
        d = supported_decimals(se * scale)
        return f"{_near(p, d, scale, '')} ± {se * scale:.{d}f}{unit}"
    value = float(rate)
    if not 0 <= value <= 1:
        raise ValueError(f"rate_text: a rate lies between 0 and 1, not {rate!r}")
    if value in (0.0, 1.0):
        return f"{value * scale:.0f}{unit}"
    return _near(value, 0 if percent else digits, scale, unit)


def percent_text(rate: Rate, *, compact: bool = False) -> str:
    """A chance in whole percents, for a badge or a sentence: "84 %" exact, "≈ 79 %" simulated,
    "> 99 %" and "< 1 %" for near certainties of either kind (one rule for the lessons and the
    widgets); ``compact`` drops the spaces ("≈79%", ">99%"), for a badge.

    >>> percent_text(Estimate(0.7912, 0.013)), percent_text(Estimate(0.998, 0.001), compact=True)
    ('≈ 79 %', '>99%')
    """
    if isinstance(rate, Estimate):
        value = float(rate.estimate)
        text = _near(value, 0, 100.0, " %")
        if not text.startswith(("<", ">")):
            text = "≈ " + text
    else:
        value = float(rate)
        text = rate_text(rate, percent=True)
    if not 0 <= value <= 1:
        raise ValueError(f"percent_text: a chance lies between 0 and 1, not {rate!r}")
    return text.replace(" ", "") if compact else text


def coin_p_value(k: int, n: int) -> float:
    """The exact two-sided binomial test against a fair coin: the chance of a split at least as
    uneven as ``k`` of ``n`` if each were ½. For two bots, ``k`` is one bot's wins among the
    ``n`` decided games — one test, since the two win rates are the same games seen from both
    sides and their intervals are not independent.

    >>> round(coin_p_value(23, 37), 2), round(coin_p_value(92, 175), 2), coin_p_value(0, 0)
    (0.19, 0.55, 1.0)
    """
    if not (isinstance(k, int) and isinstance(n, int)) or n < 0 or not 0 <= k <= n:
        raise ValueError(f"coin_p_value: need whole numbers 0 ≤ k ≤ n, not k={k!r}, n={n!r}")
    far = abs(2 * k - n)
    tail = sum(math.comb(n, j) for j in range(n + 1) if abs(2 * j - n) >= far)
    p: float = min(1.0, tail / 2 ** n)
    return p
