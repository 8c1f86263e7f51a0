"""Bit sets of rank-major card positions (``4 * (rank - 2) + suit``): counting and unranking.

A set of cards is one integer; a rank is one nibble, so the lowest set bit is the card that
``legal_actions()`` lists first (by rank, then suit). Subsets are unranked in
``itertools.combinations`` order without being listed.

>>> nth_combination(0b1011, 2, 1)   # the subsets of {0, 1, 3} of two: 01, 03, 13
9
"""

from __future__ import annotations

from math import comb

__all__ = ["COMB", "SUBSETS", "RANK", "nth_bit", "nth_combination", "nth_subset",
           "combinations", "subsets", "rank_counts_multi"]

#: COMB[n][k]: the binomial coefficient (0 when k > n)
COMB: list[list[int]] = [[comb(n, k) for k in range(53)] for n in range(53)]
#: SUBSETS[n][k]: the non-empty subsets of at most k of n cards
SUBSETS: list[list[int]] = [[sum(comb(n, i) for i in range(1, k + 1)) for k in range(n + 1)]
                            for n in range(53)]
RANK = 0xF  # the four cards of a rank, as a nibble
_M1 = 0x5555555555555  # the low bit of each two
_M2 = 0x3333333333333  # the low two bits of each nibble
_M4 = 0x1111111111111  # the low bit of each nibble


def nth_bit(m: int, j: int) -> int:
    """The ``j``-th lowest set bit of ``m`` (0-based), as a one-bit mask."""
    while j > 0:
        m &= m - 1
        j -= 1
    return m & -m


def nth_combination(m: int, k: int, j: int) -> int:
    """The ``j``-th ``k``-card subset of ``m``, in ``itertools.combinations`` order."""
    n = m.bit_count()
    out = 0
    while k > 0:
        low = m & -m
        m ^= low
        n -= 1
        room = COMB[n][k - 1]  # the subsets that take this card
        if j < room:
            out |= low
            k -= 1
        else:
            j -= room
    return out


def nth_subset(m: int, room: int, j: int) -> int:
    """The ``j``-th non-empty subset of ``m`` of at most ``room`` cards, smallest first."""
    n = m.bit_count()
    for k in range(1, room + 1):
        c = COMB[n][k]
        if j < c:
            return nth_combination(m, k, j)
        j -= c
    raise IndexError("subset index out of range")


def combinations(m: int, k: int) -> list[int]:
    """Every ``k``-card subset of ``m``, in ``itertools.combinations`` order."""
    return [nth_combination(m, k, j) for j in range(COMB[m.bit_count()][k])]


def subsets(m: int, room: int) -> list[int]:
    """Every non-empty subset of ``m`` of at most ``room`` cards, by size, then combinations."""
    out: list[int] = []
    for k in range(1, min(room, m.bit_count()) + 1):
        out.extend(combinations(m, k))
    return out


def rank_counts_multi(h: int) -> int:
    """One bit (the nibble's lowest) per rank held two or more times."""
    x = (h & _M1) + ((h >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)  # each nibble: how many cards of that rank
    return ((x >> 1) | (x >> 2)) & _M4
