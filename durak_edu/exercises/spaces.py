"""The student's own ``P(event, space)``: probability by counting equally likely outcomes.

Exercises 05, 06 and 17 ask the student to write the probability of an event over an enumerated
sample space before any library helper is used — Norvig's rhythm: the outcomes first, then the
count, then the formula, and the library's answer only as the check. ``check_P`` tries the
student's function on small spaces whose answers anyone can see (a die, two dice, a few cards)
and says which one it gets wrong, and how.

>>> from fractions import Fraction
>>> def P(event, space):
...     return Fraction(sum(1 for outcome in space if event(outcome)), len(space))
>>> check_P(P).ok
True
>>> check_P(lambda event, space: sum(map(event, space)) / len(space)).status   # a float
'wrong'
>>> check_P(...).status
'unanswered'
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from itertools import combinations, product
from typing import Any, Callable, Sequence

from ..cards import Suit, cards as _cards
from ._common import Verdict, checker, shown

__all__ = ["CASES", "check_P"]

_DIE = list(range(1, 7))
_TWO_DICE = list(product(_DIE, repeat=2))
_HANDS = list(combinations(_cards("9♠ 10♠ J♥ Q♥ K♦"), 2))  # every 2-card hand of five cards

#: (what the case is, the event, the space, the right answer): the checker's examples
CASES: tuple[tuple[str, Callable[[Any], bool], Sequence[Any], Fraction], ...] = (
    ("an even number on one die", lambda x: x % 2 == 0, _DIE, Fraction(1, 2)),
    ("a six on one die", lambda x: x == 6, _DIE, Fraction(1, 6)),
    ("two dice adding up to 7", lambda d: d[0] + d[1] == 7, _TWO_DICE, Fraction(1, 6)),
    ("a hand of two with a heart, of the 10 hands from 9♠ 10♠ J♥ Q♥ K♦",
     lambda hand: any(c.suit is Suit.HEARTS for c in hand), _HANDS, Fraction(7, 10)),
    ("an event that never happens (a seven on a die)", lambda x: x == 7, _DIE, Fraction(0)),
    ("an event that always happens", lambda x: True, _DIE, Fraction(1)),
)


@checker("Give your function P(event, space): the chance that event(outcome) is true, each "
         "outcome of the list space equally likely, as an exact Fraction.")
def check_P(P: Any) -> Verdict:
    """Check the student's ``P(event, space)`` on the small spaces of ``CASES``: it must return
    the exact share (a ``Fraction``, or an ``int`` for 0 and 1) of the outcomes where the event
    is true. Never raises: an error inside ``P`` is reported as the verdict."""
    if not callable(P):
        return Verdict.wrong(f"P is {shown(P)}, not a function: write `def P(event, space):` "
                             "and return the share of the outcomes where event(outcome) is true.")
    for what, event, space, right in CASES:
        try:
            got = P(event, list(space))
        except Exception as exc:  # the student's code: report it, never raise
            hint = (" — here an event is a function of one outcome (call event(outcome)), not a "
                    "set" if isinstance(exc, TypeError) else "")
            return Verdict.wrong(f"P(event, space) raised {type(exc).__name__}: {exc} for "
                                 f"{what}{hint}.")
        if isinstance(got, float):
            exact = " — which is the right value, but" if abs(got - float(right)) < 1e-12 else ","
            return Verdict.wrong(f"for {what} your P gives the decimal {got!r}{exact} a decimal "
                                 f"is rounded: return Fraction(count, len(space)) to keep it exact "
                                 f"({right}).")
        if not isinstance(got, numbers.Rational) or isinstance(got, bool):
            return Verdict.wrong(f"for {what} your P returns {shown(got)}, not a number: return "
                                 "Fraction(count, len(space)).")
        if got != right:
            if right != 0 and got == 1 - right:
                why = "the chance that the event does NOT happen: count the outcomes where it is true"
            elif right != 0 and got == right * len(space):
                why = "the count itself: divide it by the number of outcomes, len(space)"
            else:
                why = "not the share of the outcomes where the event is true"
            return Verdict.wrong(f"for {what} your P gives {got}; the answer is {right} "
                                 f"({sum(map(event, space))} of {len(space)} outcomes). "
                                 f"{got} is {why}.")
    return Verdict.right(f"your P gives the exact share on all {len(CASES)} test spaces (one die, "
                         "two dice, hands of cards, and events that never or always happen).")

