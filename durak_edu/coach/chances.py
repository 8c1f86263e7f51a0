"""The coach's one probability: can a seat answer some cards, seen from another seat (R0)?

"Answer" means: beat every card with a different card of his hand (R2.3: one card beats one
attack card), or, with a single card, follow it (mau-mau, R8.1). What the asking seat cannot
see is placed uniformly at random in the places it may be (``View.unknown_in_hand``), exactly as
``durak_edu.prob.knowledge`` counts.

* One card to answer: exact, the hypergeometric ``p_at_least_one``.
* Several cards: a hand can beat them all iff Hall's condition holds — every set ``T`` of the
  cards has at least ``|T|`` cards in hand that beat some card of ``T`` — so a hand is judged
  by a few bit counts. Exact by enumerating the relevant unknown cards where that is cheap,
  else sampled (numpy, seeded by the caller) with a standard error.

>>> from durak_edu import from_position, cards
>>> g = from_position("podkidnoy", ["7♠ 7♣", "6♥ 8♠"], trump="H", talon="9♦ 10♦")
>>> v = g.view(0)     # seat 1 holds 2 of the 4 unknown cards; 6♥ and 8♠ beat 7♠, only 6♥ 7♣
>>> cover(v, 1, [beaters_mask(v, c) for c in cards("7♠ 7♣")])
Fraction(1, 6)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from ..cards import Card, mask_of
from ..games.base import View
from ..prob.exact import p_at_least_one
from ..prob.simulate import Estimate
from ..prob.views import game_cards

__all__ = ["cover", "beaters_mask", "EXACT_LIMIT", "SAMPLES"]

#: enumerate at most this many hands' worth of relevant cards for an exact answer
EXACT_LIMIT = 800
#: worlds sampled otherwise (standard error at most 0.5/sqrt(SAMPLES) ≈ 0.016)
SAMPLES = 1000


def beaters_mask(view: View, card: Card) -> int:
    """The bit set (``Card.mask``) of the cards of the game that beat ``card`` (R2.3, R6, R7.1)."""
    return mask_of(c for c in game_cards(view) if c != card and view.beats(c, card))


def _hall_sets(masks: list[int]) -> list[tuple[int, int]]:
    """For every non-empty set ``T`` of the cards to answer: (union of their answers, ``|T|``)."""
    out = []
    m = len(masks)
    for bits in range(1, 1 << m):
        u = 0
        for i in range(m):
            if bits >> i & 1:
                u |= masks[i]
        out.append((u, bits.bit_count()))
    return out


def _ok(hand: int, sets: list[tuple[int, int]]) -> bool:
    return all((hand & u).bit_count() >= size for u, size in sets)


def cover(view: View, seat: int, masks: list[int],
          rng: np.random.Generator | int | None = None) -> Fraction | Estimate:
    """P[``seat`` can answer every card], where ``masks[i]`` is the bit set of the cards that
    answer card ``i`` (each card of the hand answers one card at most), seen from ``view``.

    A ``Fraction`` when exact, an ``Estimate`` (value ± one standard error) when sampled with
    ``rng`` (a seed or a numpy ``Generator``).
    """
    own = view.hand if seat == view.seat else view.known.get(seat, ())
    known = mask_of(own)
    sets = _hall_sets(masks)
    union = sets[-1][0] if sets else 0
    if seat == view.seat:
        return Fraction(int(_ok(known, sets)))
    unknown = view.unknown
    slots = view.unknown_in_hand(seat)
    relevant = [c.mask for c in unknown if c.mask & union]
    n, r = len(unknown), len(relevant)
    if _ok(known, sets):
        return Fraction(1)
    if slots == 0 or r == 0:
        return Fraction(0)
    if len(masks) == 1:  # one card: at least one of its r answers among the unknown slots
        return p_at_least_one(n, r, slots)
    top = min(slots, r)
    if sum(comb(r, j) for j in range(top + 1)) <= EXACT_LIMIT:
        total = comb(n, slots)
        good = 0
        for j in range(top + 1):
            rest = comb(n - r, slots - j)
            if rest == 0:
                continue
            for pick in combinations(relevant, j):
                h = known
                for b in pick:
                    h |= b
                if _ok(h, sets):
                    good += rest
        return Fraction(good, total)
    return _sampled(known, relevant, n, slots, sets, rng)


def _sampled(known: int, relevant: list[int], n: int, slots: int,
             sets: list[tuple[int, int]], rng: np.random.Generator | int | None) -> Estimate:
    """Sample which of the ``n`` unknown cards fill the ``slots``; the first ``len(relevant)``
    of them stand for the relevant cards (the rest cannot answer anything)."""
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    r = len(relevant)
    # local bits: relevant card i is bit i; the known cards' relevant part is added per set
    keys = gen.random((SAMPLES, n)).argsort(axis=1)[:, :slots]
    bits = np.where(keys < r, np.left_shift(np.uint64(1), np.minimum(keys, 63).astype(np.uint64)),
                    np.uint64(0))
    hands = np.bitwise_or.reduce(bits, axis=1)
    ok = np.ones(SAMPLES, dtype=bool)
    for u, size in sets:
        local = np.uint64(sum(1 << i for i, b in enumerate(relevant) if b & u))
        have = (known & u).bit_count()
        ok &= np.bitwise_count(hands & local) + have >= size
    mean = float(ok.mean())
    se = float(ok.std(ddof=1)) / np.sqrt(SAMPLES)
    return Estimate(mean, float(se))
