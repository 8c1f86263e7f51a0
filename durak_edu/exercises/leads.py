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
from ._common import Verdict, checker, read_pair_answers, same_number, show_number

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
    else:
        dealer = players - 1
        turned_lowest = Fraction(1, k)
        out["1/6: but the six-player deal is not symmetric — the dealer keeps the turned trump "
            "card (R1.2), a trump everyone else lacks"] = Fraction(1, players)
        if seat == dealer:
            out[f"1/{k}: only the chance that the turned card itself is the lowest trump; if it "
                f"is not, the lowest may still be among the dealer's {HAND - 1} other cards"] = \
                turned_lowest
        else:
            out[f"(1 − 1/{k})/{players - 1}: as if the dealer led only when the turned card is "
                f"the lowest trump; he may also hold the lowest among his {HAND - 1} other "
                "cards"] = (1 - turned_lowest) / (players - 1)
    return out


@checker("Give a dict (players, seat) → probability (a Fraction), e.g. {(2, 0): Fraction(…), …}.")
def check_p_leads(answer) -> Verdict:
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
            good.append(f"{label}: {show_number(p)}")
            continue
        slip = next((w for w, v in _slips(n, s).items() if same_number(x, v)), None)
        problems.append(f"{label}: you gave {show_number(x)}"
                        + (f", which is {slip}." if slip else
                           ". Condition on where the lowest trump in any hand lies."))
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    return Verdict.right("\n  " + "\n  ".join(good))
