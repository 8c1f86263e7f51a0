"""Exercise 05: expected trumps in a hand for other decks and hand sizes (R1.2, R10).

The trump card is turned (R1.2), so it lies in nobody's hand. Give the exact average number of
trumps in one hand for each (deck, hand size) in ``CASES``, then the general formula in the
symbols ``N`` (cards in the deck), ``K`` (trumps in it) and ``h`` (cards in a hand) of
``durak_edu.prob.symbolic``.

Before either, the student counts one case by hand: every six-card hand of the 24-card deck,
each equally likely, with their own ``P(event, space)`` (``check_counted_trumps``).

>>> expected(32, 6)
Fraction(42, 31)
>>> check_expected_trumps(...).status, check_trump_formula(...).status
('unanswered', 'unanswered')
>>> check_counted_trumps(Fraction(30, 23)).ok, check_counted_trumps(Fraction(36, 24)).ok
(True, False)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from .. import prob
from ..prob.exact import suit_size
from ._common import (BadAnswer, Verdict, checker, near_float, read_number, read_pair_answers,
                      same_number, show_number)

__all__ = ["CASES", "COUNTED", "expected", "check_counted_trumps", "check_expected_trumps",
           "check_trump_formula"]

#: (cards in the deck, cards in a hand)
CASES = ((32, 6), (52, 6), (36, 5), (24, 6))
#: the case counted hand by hand in Task 1: small enough to list every hand
COUNTED = (24, 6)


def expected(deck: int, hand: int) -> Fraction:
    """The right answer for one case, from the library (a turned trump)."""
    return prob.expected_trumps(hand_size=hand, deck=deck, given_turned_trump=True)


def _slips(deck: int, hand: int) -> dict[str, Fraction]:
    """Likely wrong answers → what went wrong."""
    n, k, h = deck, suit_size(deck), hand
    return {
        "h·K/N: that is the figure for a trump suit fixed in "
        "advance. Here the turned card is a trump lying in nobody's hand, so the hand comes from "
        "N − 1 cards holding K − 1 trumps (R1.2, R10)": Fraction(h * k, n),
        "h·(K−1)/N: the K − 1 trumps are right, but the hand comes from the N − 1 cards other "
        "than the turned one, not from N": Fraction(h * (k - 1), n),
        "h·K/(N−1): the hand comes from N − 1 cards, right, but only K − 1 of them are trumps "
        "(the turned card is one)": Fraction(h * k, n - 1),
        "(K−1)/(N−1): that is the chance that one card of the hand is a trump; the hand has h "
        "cards, and expectations add up": Fraction(k - 1, n - 1),
    }


@checker("Give the expected number of trumps in a six-card hand of the 24-card deck, counted "
         "over every hand with your P, as an exact Fraction.")
def check_counted_trumps(answer: object) -> Verdict:
    """Check Task 1: the expected trumps of the ``COUNTED`` case, counted over every hand."""
    deck, hand = COUNTED
    right, x = expected(deck, hand), read_number(answer)
    hands = comb(deck - 1, hand)
    if same_number(x, right):
        exact = "" if not isinstance(x, float) else " (a Fraction would keep it exact)"
        return Verdict.right(f"{show_number(right)}{exact}: your count over all {hands:,} hands "
                             f"agrees with the library's expected_trumps({hand}, {deck}). The next "
                             "task does the other decks with a formula instead of a list of hands.")
    slip = next((why for why, v in _slips(deck, hand).items() if same_number(x, v)), None)
    near = near_float(x, right)
    return Verdict.wrong(f"you gave {show_number(x)}, " + (
        f"which is {slip}." if slip else f"but {near}." if near else
        f"which is not it. Add up k · P(exactly k trumps) for k = 0 … {hand}, over the {hands:,} "
        "hands of six from the 23 cards other than the turned one."))


@checker("Give a dict (deck, hand size) → the expected number of trumps, as an exact Fraction, "
         "e.g. {(32, 6): Fraction(…), …}.")
def check_expected_trumps(answer: object) -> Verdict:
    """Check ``answer``: a dict ``{(deck, hand_size): expected trumps}`` for every case of
    ``CASES`` (``Fraction`` or sympy numbers; a float is accepted to 9 decimal places)."""
    given = read_pair_answers(answer, CASES, "(deck, hand size)", "(32, 6)", "number")
    problems, good, floats = [], [], []
    for deck, hand in CASES:
        label = f"{deck} cards, {hand} in a hand"
        right = expected(deck, hand)
        if (deck, hand) not in given:
            problems.append(f"{label}: no answer yet.")
            continue
        x = given[(deck, hand)]
        if same_number(x, right):
            good.append(f"{label}: {show_number(right)}")
            if isinstance(x, float):
                floats.append(label)
            continue
        slip = next((why for why, v in _slips(deck, hand).items() if same_number(x, v)), None)
        near = near_float(x, right)
        problems.append(f"{label}: you gave {show_number(x)}, "
                        + (f"which is {slip}." if slip else f"but {near}." if near else
                           "which is not it. Count the trumps one at a time: each trump that is "
                           "not the turned card lies in your hand with the same chance."))
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    note = (f"\n  (Given as decimals: {'; '.join(floats)} — a Fraction keeps them exact.)"
            if floats else "")
    return Verdict.right("\n  " + "\n  ".join(good)
                         + "\n  The next task asks for the formula that gives all of them." + note)


def _as_expr(answer: object) -> Any:
    import sympy as sp
    from ..prob import symbolic as sym

    names = {"N": sym.N, "K": sym.K, "h": sym.h}
    if isinstance(answer, str):
        try:
            expr = sp.sympify(answer, locals=names)
        except (sp.SympifyError, SyntaxError, TypeError) as exc:
            raise BadAnswer(f"cannot read {answer!r} as a formula: {exc}") from None
    elif isinstance(answer, sp.Basic):
        expr = answer
    else:
        raise BadAnswer(f"give a sympy expression in N, K and h (from durak_edu.prob.symbolic), "
                        f"not {type(answer).__name__}")
    # symbols made by the student (sp.Symbol("N")) stand for ours
    strange = sorted(str(s) for s in expr.free_symbols if str(s) not in names)
    if strange:
        raise BadAnswer(f"the formula uses {', '.join(strange)}; use only N, K and h")
    return expr.subs({s: names[str(s)] for s in expr.free_symbols}, simultaneous=True)


@checker("Give a sympy expression in N, K and h (import them from durak_edu.prob.symbolic).")
def check_trump_formula(answer: object) -> Verdict:
    """Check ``answer``: the expected number of trumps in a hand with a turned trump, as a
    sympy expression (or text) in ``N``, ``K``, ``h``."""
    import sympy as sp
    from ..prob import symbolic as sym

    expr = _as_expr(answer)
    right = sym.expected_trumps(given_turned_trump=True)
    if sp.simplify(expr - right) == 0:
        check = ", ".join(f"{show_number(expected(d, h))} for ({d}, {h})" for d, h in CASES)
        return Verdict.right(f"E[trumps] = {right}: each of the K − 1 trumps other than the "
                             f"turned card is in your hand with chance h/(N − 1), and "
                             f"expectations add up. It gives {check}.")
    if sp.simplify(expr - sym.expected_trumps(given_turned_trump=False)) == 0:
        return Verdict.wrong(f"your formula {expr} is the expectation for a trump suit fixed in advance. With "
                             "the trump turned, that card is in nobody's hand: the hand comes "
                             "from N − 1 cards with K − 1 trumps among them (R10).")
    wrong = [f"({d}, {h}): your formula gives {expr.subs(sym.values(d, h))}, the exact value "
             f"is {show_number(expected(d, h))}"
             for d, h in CASES if sp.simplify(expr.subs(sym.values(d, h)) - right.subs(sym.values(d, h))) != 0]
    if not wrong:
        return Verdict.wrong(f"your formula {expr} gives the right numbers for these decks, but it is not the "
                             f"same formula: it differs from the right one for other N, K, h.")
    return Verdict.wrong(f"your formula {expr} does not agree with the exact answers: "
                         + "; ".join(wrong) + ".")
