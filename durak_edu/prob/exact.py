"""Exact probabilities of the deal, as ``fractions.Fraction`` (no rounding anywhere).

Everything here is counting: the number of ways a thing can happen over the number of equally
likely deals. The hypergeometric distribution answers "how many of the ``successes`` marked
cards are among ``draws`` cards taken from ``population``"; the trump questions of the deal
(R1.2, R1.3, R10) are built on it.

R10: the sources' "one and a half trumps per hand" is exact only for a suit fixed in advance;
when the trump is turned the turned card is a trump in nobody's hand:

>>> expected_trumps(given_turned_trump=False), expected_trumps()
(Fraction(3, 2), Fraction(48, 35))
>>> unknown_at_start(players=2)
UnknownAtStart(to_everybody=23, to_seat=29, in_other_hands=6, in_talon=23)

Impossible arguments (more draws than cards, negative counts, a deck that does not exist)
raise ``ValueError`` naming the argument and saying why.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, perm
from typing import NamedTuple

from .checks import TRUMP_DECKS, deal_args, flag, hypergeom_args, suit_size, whole

__all__ = [
    "hypergeom_pmf", "hypergeom_cdf", "p_at_least_one",
    "expected_trumps", "trump_distribution",
    "lead_distribution", "p_leads",
    "UnknownAtStart", "unknown_at_start",
    "TRUMP_DECKS", "suit_size",  # from durak_edu.prob.checks
    "trump_pool",
]

# -- the hypergeometric distribution ------------------------------------------------------------

def hypergeom_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P[X = k]: exactly ``k`` marked cards among ``draws`` taken from ``population`` cards of
    which ``successes`` are marked. ``C(K, k)·C(N−K, n−k) / C(N, n)``.

    Exactly two trumps in a six-card hand from a 36-card deck with 9 trumps (a suit fixed in
    advance):

    >>> hypergeom_pmf(2, 36, 9, 6)
    Fraction(26325, 81158)
    >>> hypergeom_pmf(7, 36, 9, 6)   # more than the hand holds: impossible, not an error
    Fraction(0, 1)
    """
    population, successes, draws = hypergeom_args(population, successes, draws)
    k = whole("k", k)
    if k > successes or k > draws or draws - k > population - successes:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def hypergeom_cdf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P[X ≤ k] for the same X as ``hypergeom_pmf``. ``k`` is a threshold: any whole number
    (``k < 0`` gives 0, ``k ≥ draws`` gives 1).

    >>> hypergeom_cdf(1, 36, 9, 6) + (1 - hypergeom_cdf(1, 36, 9, 6))
    Fraction(1, 1)
    >>> hypergeom_cdf(0, 4, 2, 2)   # neither of 2 marked cards in 2 of 4: 1 way in 6
    Fraction(1, 6)
    """
    population, successes, draws = hypergeom_args(population, successes, draws)
    k = whole("k", k, None)
    top = min(k, successes, draws)
    return sum((hypergeom_pmf(j, population, successes, draws) for j in range(0, top + 1)),
               Fraction(0))


def p_at_least_one(population: int, successes: int, draws: int) -> Fraction:
    """P[X ≥ 1]: at least one marked card among ``draws``. ``1 − C(N−K, n) / C(N, n)``.

    At least one trump in a six-card hand when the trump is turned (8 trumps among the 35
    other cards):

    >>> p_at_least_one(35, 8, 6)
    Fraction(12065, 14756)
    """
    population, successes, draws = hypergeom_args(population, successes, draws)
    return 1 - Fraction(comb(population - successes, draws), comb(population, draws))


# -- trumps in one hand (R1.2, R10) ---------------------------------------------------------------

def trump_pool(hand_size: object, deck: object, given_turned_trump: object) -> tuple[int, int, int]:
    """(population, trumps in it, hand_size) for a hand dealt before the trump is known."""
    k = suit_size(deck)
    size = whole("deck", deck, 1)  # (suit_size checked it)
    hand = whole("hand_size", hand_size, 1)
    turned = flag("given_turned_trump", given_turned_trump)
    population, trumps = (size - 1, k - 1) if turned else (size, k)
    if hand > population:
        raise ValueError(f"hand_size={hand} is more than the {population} cards a hand "
                         f"can come from (deck={size}"
                         + (", less the turned trump)" if turned else ")"))
    return population, trumps, hand


def trump_distribution(hand_size: int = 6, deck: int = 36,
                       given_turned_trump: bool = True) -> dict[int, Fraction]:
    """P[a hand holds exactly k trumps] for every possible k (R1.2).

    ``given_turned_trump=True``: the trump suit is set by a turned card (R1.2), which lies in
    nobody's hand, so the hand comes from the ``deck − 1`` other cards with ``deck/4 − 1``
    trumps. ``False``: the suit is fixed in advance (``trump="fixed:D"``), ``deck/4`` trumps
    among ``deck`` cards.

    >>> d = trump_distribution()
    >>> d[0], sum(d.values())
    (Fraction(2691, 14756), Fraction(1, 1))
    >>> max(d, key=d.get)   # the most likely count
    1
    """
    population, trumps, hand_size = trump_pool(hand_size, deck, given_turned_trump)
    return {k: hypergeom_pmf(k, population, trumps, hand_size)
            for k in range(0, min(hand_size, trumps) + 1)}


def expected_trumps(hand_size: int = 6, deck: int = 36, given_turned_trump: bool = True) -> Fraction:
    """The average number of trumps in one hand: ``Σ k·P[k trumps]`` (R10).

    With a turned trump this is ``h·(K−1)/(N−1)`` = 6·8/35 = 48/35 ≈ 1.37, not the sources'
    1.5, which is ``h·K/N`` = 6·9/36 for a suit fixed in advance (``japanese_diamonds``).
    ``durak_edu.prob.symbolic.expected_trumps`` gives the formulas.

    >>> expected_trumps(), expected_trumps(given_turned_trump=False)
    (Fraction(48, 35), Fraction(3, 2))
    >>> expected_trumps(hand_size=6, deck=52)   # 12 trumps among 51 cards
    Fraction(24, 17)
    """
    return sum((k * p for k, p in trump_distribution(hand_size, deck, given_turned_trump).items()),
               Fraction(0))


# -- who leads the first game (R1.3) --------------------------------------------------------------

def _lowest_holder(trumps: int, slots: list[int], talon: int) -> tuple[list[Fraction], Fraction]:
    """``trumps`` given cards lie uniformly in ``sum(slots) + talon`` places (``slots[s]`` of
    them in seat ``s``'s hand). Return, per seat, P[the lowest of them that is in a hand is in
    that seat], and P[none is in a hand].

    The j-th lowest is the lowest in a hand when the j−1 below it are all in the talon and it
    is in a hand: ``talon·(talon−1)…/(S·(S−1)…)`` (j−1 factors) times ``slots[s]/(S−j+1)``.
    """
    total = sum(slots) + talon
    per_seat = [Fraction(0)] * len(slots)
    for j in range(1, trumps + 1):
        below_in_talon = Fraction(perm(talon, j - 1), perm(total, j - 1))
        for s, m in enumerate(slots):
            per_seat[s] += below_in_talon * Fraction(m, total - j + 1)
    return per_seat, Fraction(perm(talon, trumps), perm(total, trumps))


def lead_distribution(players: int, deck: int = 36, hand_size: int = 6,
                      given_turned_trump: bool = True) -> dict[int, Fraction]:
    """P[seat leads the first game] for every seat, by R1.3, counted exactly.

    Seat 0 is the player after the dealer, who is seat ``players − 1`` (R0). The lowest trump
    in any hand leads; if no hand holds a trump, seat 0 leads (R1.3). Two deals differ:

    - a talon is left (``players·hand_size < deck``): the turned card (R1.2) is in nobody's hand;
      the other ``deck/4 − 1`` trumps are spread over the hands and the talon;
    - the whole deck is dealt (six players, 36 cards): the dealer's last card is turned and
      stays in his hand (R1.2). He leads if it is the lowest trump (1 chance in 9) and
      otherwise holds the lowest trump only with his other five cards, so the deal is not
      symmetric: the dealer leads with 5/21, each other seat with 16/105.

    >>> lead_distribution(6)[5], lead_distribution(6)[0]
    (Fraction(5, 21), Fraction(16, 105))
    >>> d = lead_distribution(2)
    >>> d[0] - d[1] == trump_distribution(12)[0]   # nobody dealt a trump: seat 0 leads
    True
    """
    players, deck, hand_size, k = deal_args(players, deck, hand_size)
    turned = flag("given_turned_trump", given_turned_trump)
    dealt = players * hand_size
    dealer = players - 1
    out = [Fraction(0)] * players
    if turned and dealt == deck:
        # R1.2: the dealer keeps the turned card. Condition on its place t among the k trumps
        # (each 1/k); only the t−1 trumps below it can take the lead from him.
        slots = [hand_size] * players
        slots[dealer] -= 1
        for t in range(1, k + 1):
            per_seat, none = _lowest_holder(t - 1, slots, 0)
            for s in range(players):
                out[s] += Fraction(1, k) * per_seat[s]
            out[dealer] += Fraction(1, k) * none
    else:
        trumps, talon = (k - 1, deck - 1 - dealt) if turned else (k, deck - dealt)
        per_seat, none = _lowest_holder(trumps, [hand_size] * players, talon)
        out = per_seat
        out[0] += none  # R1.3: no trump in any hand, the player after the dealer leads
    return dict(enumerate(out))


def p_leads(players: int, seat: int, deck: int = 36, hand_size: int = 6,
            given_turned_trump: bool = True) -> Fraction:
    """P[``seat`` makes the first attack of the first game] (R1.3); see ``lead_distribution``.

    >>> p_leads(2, 0), p_leads(2, 1)
    (Fraction(64241, 125860), Fraction(61619, 125860))
    >>> p_leads(6, 5)   # the dealer keeps the turned trump (R1.2)
    Fraction(5, 21)
    """
    dist = lead_distribution(players, deck, hand_size, given_turned_trump)
    seat = whole("seat", seat)
    if seat >= len(dist):
        raise ValueError(f"seat={seat}: a {len(dist)}-player table has seats 0..{len(dist) - 1}")
    return dist[seat]


# -- what is unknown at the start (R10) -------------------------------------------------------------

class UnknownAtStart(NamedTuple):
    """Card counts right after the deal (R10).

    ``to_everybody``: cards nobody has seen (face down in the talon); ``to_seat``: cards whose
    place one seat cannot name, ``in_other_hands`` of them in the other hands and ``in_talon``
    in the talon.
    """

    to_everybody: int
    to_seat: int
    in_other_hands: int
    in_talon: int


def unknown_at_start(players: int = 2, deck: int = 36, hand_size: int = 6, seat: int = 0,
                     given_turned_trump: bool = True) -> UnknownAtStart:
    """How many cards are unknown right after the deal (R10, R0).

    With two players and 36 cards the talon holds 24 cards, the turned trump among them, so 23
    lie face down: nobody has seen them. One seat also cannot see the 6 in the other hand:
    36 − 6 − 1 = 29 (``durak_edu.prob.unknown_count`` gives the same on a real game). In the
    six-player deal the dealer keeps the turned card (R1.2), which all have seen. The joker
    decks (53, 54 cards, R9.22; 55 with the mega card, R9.51; 58 with the wild cards, R9.50)
    count the same way: each such card is one more card.

    >>> unknown_at_start(2)
    UnknownAtStart(to_everybody=23, to_seat=29, in_other_hands=6, in_talon=23)
    >>> unknown_at_start(6).to_seat, unknown_at_start(6, seat=5).to_seat
    (29, 30)
    """
    players, deck, hand_size, _ = deal_args(players, deck, hand_size, jokers=True)
    turned = flag("given_turned_trump", given_turned_trump)
    seat = whole("seat", seat)
    if seat >= players:
        raise ValueError(f"seat={seat}: a {players}-player table has seats 0..{players - 1}")
    talon = deck - players * hand_size
    face_down = talon - 1 if (turned and talon) else talon
    in_hands = (players - 1) * hand_size
    if turned and not talon and seat != players - 1:
        in_hands -= 1  # R1.2: everyone saw the turned card the dealer keeps
    return UnknownAtStart(face_down, in_hands + face_down, in_hands, face_down)
