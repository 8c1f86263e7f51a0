"""Exercise 07: who leads first? (R1.2, R1.3)

The lowest trump dealt leads the first game; if no hand holds a trump, seat 0 (the player after
the dealer) leads. With six players and 36 cards the whole deck is dealt, and the dealer (seat 5)
keeps the turned trump card. Give P[seat leads] for each (players, seat) in ``CASES``.

>>> answers()[(6, 5)]
Fraction(5, 21)
>>> check_p_leads(...).status, check_p_leads({(6, 5): Fraction(1, 6)}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from fractions import Fraction

from .. import prob
from ..prob.exact import suit_size
from ._common import (Verdict, checker, near_float, read_pair_answers, same_number,
                      show_number)

__all__ = ["CASES", "answers", "check_p_leads"]

#: (players, seat), with 36 cards and six in a hand
CASES = ((2, 0), (2, 1), (6, 5), (6, 0))
DECK, HAND = 36, 6


def answers() -> dict[tuple[int, int], Fraction]:
    """The right answers, from ``durak_edu.prob.p_leads``."""
    return {(n, s): prob.p_leads(n, s, deck=DECK, hand_size=HAND) for n, s in CASES}


def _slips(players: int, seat: int) -> dict[str, Fraction]:
    k = suit_size(DECK)
    out = {}
    if players * HAND < DECK:
        # R1.3: nobody dealt a trump (the turned card is in nobody's hand)
        none = prob.hypergeom_pmf(0, DECK - 1, k - 1, players * HAND)
        split = (1 - none) / players
        if seat == 0:
            out["1/players: but the seats are not alike — when no hand holds a trump, seat 0 "
                "leads (R1.3), which happens with chance "
                f"{show_number(none)}"] = Fraction(1, players)
            out["only the chance of holding the lowest trump dealt; add the deals where no "
                f"hand holds a trump ({show_number(none)}): then seat 0 leads (R1.3)"] = split
        else:
            out["1/players: but when no hand holds a trump seat 0 leads (R1.3), so the other "
                "seats lead a little less often"] = Fraction(1, players)
            out["the share of seat 0, who also leads when no hand holds a trump (R1.3)"] = \
                split + none
        # the turned card counted as if it were still to be dealt: 36 cards and 9 trumps
        none36 = prob.hypergeom_pmf(0, DECK, k, players * HAND)
        turned = ("the turned trump card is in nobody's hand (R1.2): the dealt cards come from "
                  f"the other {DECK - 1}, with {k - 1} trumps among them, not from {DECK} with {k}")
        if seat == 0:
            out[f"the right reasoning with the wrong pool — {turned}"] = (1 - none36) / players + none36
        else:
            out[f"the right reasoning with the wrong pool — {turned}"] = (1 - none36) / players
    else:
        dealer = players - 1
        turned_lowest = Fraction(1, k)
        rest = 1 - turned_lowest
        slip36 = (f"the 6/36 slip: you spread the lowest trump over all {DECK} cards, {HAND} per "
                  f"hand; but the turned card is already placed, in the dealer's hand (R1.2), so "
                  f"when it is not the lowest trump the lowest is one of the other {DECK - 1} "
                  f"cards — {HAND} of them in each other hand, {HAND - 1} in the dealer's")
        out[f"1/6 — but the six-player deal is not symmetric; it is also what you get if the lowest trump could be any of the {DECK} "
            f"cards, {HAND} of them yours ({HAND}/{DECK}); but the dealer keeps the turned trump "
            f"(R1.2), so the lowest trump is the turned card with chance 1/{k}, and otherwise one "
            f"of the other {DECK - 1} cards"] = Fraction(1, players)
        if seat == dealer:
            out[f"1/{k}: only the chance that the turned card itself is the lowest trump; if it "
                f"is not, the lowest may still be among the dealer's {HAND - 1} other cards"] = \
                turned_lowest
            out[slip36] = turned_lowest + rest * Fraction(HAND, DECK)
            out[f"{slip36} (you used {HAND - 1}/{DECK})"] = turned_lowest + rest * Fraction(HAND - 1, DECK)
            out[f"one card too many for the dealer: of the other {DECK - 1} cards he holds "
                f"{HAND - 1}, not {HAND} — his sixth card is the turned trump"] = \
                turned_lowest + rest * Fraction(HAND, DECK - 1)
        else:
            out[f"(1 − 1/{k})/{players - 1}: as if the dealer led only when the turned card is "
                f"the lowest trump; he may also hold the lowest among his {HAND - 1} other "
                "cards"] = rest / (players - 1)
            out[slip36] = rest * Fraction(HAND, DECK)
    return out


@checker("Give a dict (players, seat) → probability (a Fraction), e.g. {(2, 0): Fraction(…), …}.")
def check_p_leads(answer: object) -> Verdict:
    """Check ``answer``: a dict ``{(players, seat): P[seat leads]}`` for every case of
    ``CASES`` (``Fraction``; a float is accepted to 9 decimal places)."""
    right = answers()
    given = read_pair_answers(answer, CASES, "(players, seat)", "(6, 5)", "probability")
    problems, good = [], []
    for (n, s), p in right.items():
        label = f"{n} players, seat {s}" + (" (the dealer)" if s == n - 1 else "")
        if (n, s) not in given:
            problems.append(f"{label}: no answer yet.")
            continue
        x = given[(n, s)]
        if same_number(x, p):
            good.append(f"{label}: {show_number(p)}"
                        + (" (you gave a decimal: a Fraction keeps it exact)"
                           if isinstance(x, float) else ""))
            continue
        slip = next((w for w, v in _slips(n, s).items() if same_number(x, v)), None)
        near = near_float(x, p)
        problems.append(f"{label}: you gave {show_number(x)}"
                        + (f", which is {slip}." if slip else f": {near}." if near else
                           ". Condition on where the lowest trump in any hand lies."))
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    return Verdict.right("\n  " + "\n  ".join(good))
