"""Exercise 17: a Bayesian update — what a take says about the defender's hand (lesson 12).

The curated game ``podkidnoy_two`` after move 16: Boris (seat 1) has led Q♦ and Anna (seat 0)
takes it. Model of Anna, stated: *a defender who can beat the attack beats it with probability
2/3, otherwise takes; one who cannot beat it takes.* From Boris's seat give, as exact fractions,

- ``"prior"``: P[Anna can beat Q♦] before her answer (the count, lesson 12),
- ``"posterior"``: the same chance after her take, under the model,
- ``"A♥"``: P[Anna holds A♥] after her take, under the model.

>>> answers()["prior"]
Fraction(605, 969)
>>> check_bayes_update(...).status
'unanswered'
"""

from __future__ import annotations

from fractions import Fraction

from ..prob import p_can_beat, p_holds
from ..games.base import View
from ..prob.bayes import HandBelief, belief, took
from ._common import BadAnswer, Verdict, checker, near_float, read_number, replay_at, show_number

__all__ = ["RECORD", "MOVE", "P_BEAT", "CARD", "view", "answers", "check_bayes_update"]

RECORD, MOVE, P_BEAT, ATTACK, CARD = "podkidnoy_two", 16, Fraction(2, 3), "Q♦", "A♥"
KEYS = ("prior", "posterior", CARD)


def view() -> View:
    """Boris's view with Q♦ on the table and Anna to answer."""
    return replay_at(RECORD, MOVE).game.view(1)


def _posterior(p_beat: Fraction | int) -> HandBelief:
    v = view()
    return belief(v, 0).update(took(ATTACK, v.beats, p_beat))


def answers() -> dict[str, Fraction]:
    """The right answers, computed with ``durak_edu.prob.bayes``."""
    v = view()
    post = _posterior(P_BEAT)
    return {"prior": p_can_beat(v, ATTACK, 0), "posterior": post.p_can_beat(ATTACK, v.beats),
            CARD: post.p_holds(CARD)}


def _slips(key: str) -> dict[str, Fraction]:
    v = view()
    prior = p_can_beat(v, ATTACK, 0)
    out = {}
    if key == "posterior":
        out["the prior itself: the take has not been used — multiply by the likelihood of a "
            "take (1 − 2/3 if she could beat, 1 if not) and normalise"] = prior
        out["1 − 2/3 times the prior, not normalised: divide by the total chance of a take, "
            f"{show_number(prior / 3 + 1 - prior)}"] = prior / 3
        out["the posterior for a defender who always beats (p_beat = 1): the model says 2/3"] = \
            _posterior(1).p_can_beat(ATTACK, v.beats)
    if key == CARD:
        out["the count, P[A♥ is hers] before the take: it ignores her choice"] = p_holds(v, CARD, 0)
        out["the answer for a defender who always beats (p_beat = 1): then A♥, a trump that "
            "beats Q♦, is impossible; the model says 2/3"] = _posterior(1).p_holds(CARD)
    if key == "prior":
        out["the chance from one unknown card: she has several unknown places — count the sets "
            "of her unknown cards that hold a beater"] = Fraction(5, len(v.unknown))
    return out


@checker("Give a dict {'prior': Fraction(…), 'posterior': Fraction(…), 'A♥': Fraction(…)}.")
def check_bayes_update(answer: object) -> Verdict:
    """Check ``answer`` against the exact update over every hand Anna could hold."""
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict with the keys {', '.join(map(repr, KEYS))}, not "
                        f"{type(answer).__name__}")
    extra = [k for k in answer if k not in KEYS]
    if extra:
        raise BadAnswer(f"{extra[0]!r} is not one of the keys {', '.join(map(repr, KEYS))}")
    right = answers()
    lines, ok = [], True
    for key in KEYS:
        if key not in answer:
            lines.append(f"{key}: no answer yet.")
            ok = False
            continue
        x = read_number(answer[key], f"the answer for {key!r}")
        p = right[key]
        if isinstance(x, Fraction) and x == p or isinstance(x, float) and abs(x - float(p)) < 1e-9:
            lines.append(f"{key}: {show_number(p)}"
                         + (" (a decimal: a Fraction keeps it exact)" if isinstance(x, float) else ""))
            continue
        ok = False
        slip = next((w for w, v in _slips(key).items() if x == v), None)
        near = near_float(x, p)
        lines.append(f"{key}: you gave {show_number(x)}"
                     + (f", which is {slip}." if slip else f": {near}." if near else
                        ". List the sets of her unknown cards (belief), weight each by the chance "
                        "of a take under the model, and normalise."))
    if ok:
        lines.append("The take moved P[she can beat] down and, with it, the chance of her high "
                     "trump: a defender who takes is short of beaters.")
    return (Verdict.right if ok else Verdict.wrong)("\n  " + "\n  ".join(lines))
