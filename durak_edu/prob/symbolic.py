"""The formulas behind ``durak_edu.prob.exact``, as sympy expressions a lesson can show.

Symbols: ``N`` cards in the deck, ``K`` trumps in it (one suit: ``N/4``), ``h`` cards in a
hand, ``k`` trumps counted, ``P`` players. ``values(deck, hand_size, players)`` gives the
substitution for a real deck, and the expressions come out as the exact ``Fraction`` values:

>>> expected_trumps()
h*(K - 1)/(N - 1)
>>> expected_trumps().subs(values()), expected_trumps(given_turned_trump=False).subs(values())
(48/35, 3/2)
>>> print(derivation())                          # doctest: +ELLIPSIS
Expected trumps in a hand when the trump card is turned (R1.2, R10)
1. ...
"""

from __future__ import annotations

from dataclasses import dataclass
import sympy as sp

from .checks import deal_args, flag

__all__ = [
    "N", "K", "h", "k", "P",
    "values", "hypergeom_pmf", "trump_pmf", "p_at_least_one", "expected_trumps",
    "variance_trumps", "unknown_at_start", "Step", "Derivation", "derivation",
]

N, K, h, P = sp.symbols("N K h P", integer=True, positive=True)
k = sp.Symbol("k", integer=True, nonnegative=True)


def values(deck: int = 36, hand_size: int = 6, players: int = 2) -> dict[sp.Symbol, int]:
    """The substitution ``{N: deck, K: deck/4, h: hand_size, P: players}`` for ``.subs``.

    >>> values()
    {N: 36, K: 9, h: 6, P: 2}
    """
    players, deck, hand_size, trumps = deal_args(players, deck, hand_size)
    return {N: deck, K: trumps, h: hand_size, P: players}


def _unseen(given_turned_trump: bool) -> tuple[sp.Expr, sp.Expr]:
    """(cards a hand comes from, trumps among them): the turned card is in nobody's hand."""
    return (N - 1, K - 1) if flag("given_turned_trump", given_turned_trump) else (N, K)


def hypergeom_pmf() -> sp.Expr:
    """P[X = k] for ``h`` cards drawn from ``N`` with ``K`` marked: ``C(K,k)·C(N−K,h−k)/C(N,h)``.

    >>> hypergeom_pmf().subs({N: 36, K: 9, h: 6, k: 2})
    26325/81158
    """
    return sp.binomial(K, k) * sp.binomial(N - K, h - k) / sp.binomial(N, h)


def trump_pmf(given_turned_trump: bool = True) -> sp.Expr:
    """P[a hand holds k trumps] (``exact.trump_distribution``): the hypergeometric law over the
    cards the hand comes from.

    >>> trump_pmf()
    binomial(-K + N, h - k)*binomial(K - 1, k)/binomial(N - 1, h)
    """
    cards, trumps = _unseen(given_turned_trump)
    return hypergeom_pmf().subs({N: cards, K: trumps}, simultaneous=True)


def p_at_least_one(given_turned_trump: bool = True) -> sp.Expr:
    """P[a hand holds at least one trump]: one minus P[all ``h`` cards are plain].

    >>> p_at_least_one().subs(values())
    12065/14756
    """
    cards, trumps = _unseen(given_turned_trump)
    return 1 - sp.binomial(cards - trumps, h) / sp.binomial(cards, h)


def expected_trumps(given_turned_trump: bool = True) -> sp.Expr:
    """E[trumps in a hand] = ``h·(K−1)/(N−1)`` with a turned trump, ``h·K/N`` with a suit
    fixed in advance (R10): each of the unseen trumps is in the hand with probability
    ``h / (cards the hand comes from)``, and expectations add up.
    """
    cards, trumps = _unseen(given_turned_trump)
    return h * trumps / cards


def variance_trumps(given_turned_trump: bool = True) -> sp.Expr:
    """Var[trumps in a hand], the hypergeometric variance ``h·p·(1−p)·(M−h)/(M−1)`` with
    ``M`` the cards the hand comes from and ``p`` the share of trumps among them.

    >>> variance_trumps().subs(values())
    18792/20825
    """
    cards, trumps = _unseen(given_turned_trump)
    share = trumps / cards
    return h * share * (1 - share) * (cards - h) / (cards - 1)


def unknown_at_start() -> tuple[sp.Expr, sp.Expr]:
    """(cards unknown to everybody, cards unknown to one seat) after a deal with a talon
    (R10): ``N − P·h − 1`` (the talon less the turned trump) and ``N − h − 1``.

    >>> [e.subs(values()) for e in unknown_at_start()]
    [23, 29]
    """
    return N - P * h - 1, N - h - 1


@dataclass(frozen=True)
class Step:
    """One line of a derivation: what is said, and the expression it arrives at."""

    text: str
    expr: sp.Expr | None = None


@dataclass(frozen=True)
class Derivation:
    """A short derivation: numbered steps, shown as plain text or Markdown with LaTeX."""

    title: str
    steps: tuple[Step, ...]
    result: sp.Expr

    def __str__(self) -> str:
        lines = [self.title]
        for i, s in enumerate(self.steps, 1):
            lines.append(f"{i}. {s.text}" + (f"   {s.expr}" if s.expr is not None else ""))
        return "\n".join(lines)

    def to_markdown(self) -> str:
        lines = [f"**{self.title}**", ""]
        for i, s in enumerate(self.steps, 1):
            math = f" $\\displaystyle {sp.latex(s.expr)}$" if s.expr is not None else ""
            lines.append(f"{i}. {s.text}{math}")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.to_markdown()


def derivation(given_turned_trump: bool = True, deck: int = 36, hand_size: int = 6) -> Derivation:
    """Why the average hand holds ``h·(K−1)/(N−1)`` trumps (48/35 for 36 cards), step by step,
    ending with the check by the full distribution and the R10 comparison with 3/2.

    >>> d = derivation()
    >>> d.result
    48/35
    >>> derivation(given_turned_trump=False).result
    3/2
    """
    turned = flag("given_turned_trump", given_turned_trump)
    subs = values(deck, hand_size)
    cards, trumps = _unseen(turned)
    exp = expected_trumps(turned)
    result = sp.nsimplify(exp.subs(subs))
    kmax = min(hand_size, int(trumps.subs(subs)))
    by_law = sum(kk * trump_pmf(turned).subs(subs).subs(k, kk) for kk in range(kmax + 1))
    steps = []
    if turned:
        title = "Expected trumps in a hand when the trump card is turned (R1.2, R10)"
        steps.append(Step("The turned card is a trump that lies in nobody's hand, so K − 1 "
                          "trumps hide among the N − 1 other cards:", trumps))
    else:
        title = "Expected trumps in a hand when the trump suit is fixed in advance (R10)"
        steps.append(Step("No card is turned: all K trumps are among the N cards:", trumps))
    last = "(K−1)" if turned else "K"
    steps += [
        Step(f"Count them one at a time: X = I₁ + … + I_{last}, with Iⱼ = 1 if the j-th of "
             "those trumps is in your hand.", None),
        Step("Your h cards are a random choice among those cards, so each trump is in your "
             "hand with probability", h / cards),
        Step("Expectations add up, even though the Iⱼ depend on each other:",
             sp.Eq(sp.Symbol("E[X]"), exp)),
        Step(f"With N = {deck}, K = {subs[K]}, h = {hand_size}:", sp.Eq(sp.Symbol("E[X]"), result)),
        Step("Check with the whole distribution, Σ k·P[X = k]:", sp.nsimplify(by_law)),
    ]
    if turned:
        fixed = sp.nsimplify(expected_trumps(False).subs(subs))
        steps.append(Step(f"The sources' 'one and a half trumps' is h·K/N = {fixed}: true only "
                          "for a suit fixed in advance (R10).", None))
    return Derivation(title, tuple(steps), result)
