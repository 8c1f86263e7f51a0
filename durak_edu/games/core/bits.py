"""Bit sets of rank-major card positions (``4 * (rank - 2) + suit``): counting and unranking.

A set of cards is one integer; a rank is one nibble, so the lowest set bit is the card that
``legal_actions()`` lists first (by rank, then suit). Subsets are unranked in
``itertools.combinations`` order without being listed.

>>> nth_combination(0b1011, 2, 1)   # the subsets of {0, 1, 3} of two: 01, 03, 13
9
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .. import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from .. import cython_shim as cython

__all__ = ["COMB", "SUBSETS", "RANK", "nth_bit", "nth_combination", "nth_subset",
           "combinations", "subsets", "rank_counts_multi", "popcount", "bitlen", "lowest"]

#: COMB[n][k]: the binomial coefficient (0 when k > n)
COMB: list[list[int]] = [[comb(n, k) for k in range(53)] for n in range(53)]
#: SUBSETS[n][k]: the non-empty subsets of at most k of n cards
SUBSETS: list[list[int]] = [[sum(comb(n, i) for i in range(1, k + 1)) for k in range(n + 1)]
                            for n in range(53)]
RANK = 0xF  # the four cards of a rank, as a nibble
_M1 = 0x5555555555555  # the low bit of each two
_M2 = 0x3333333333333  # the low two bits of each nibble
_M4 = 0x1111111111111  # the low bit of each nibble


def popcount(m: int) -> int:
    """How many cards the mask ``m`` holds (``m.bit_count()``; compiled: SWAR, a popcount)."""
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (m * 0x0101010101010101 & 0xFFFFFFFFFFFFFFFF) >> 56


def bitlen(m: int) -> int:
    """``m.bit_length()``: one more than the highest set bit's position (0 for 0)."""
    n = 0
    step = 32
    while step:
        if m >> step:
            m >>= step
            n += step
        step >>= 1
    return n + m


def lowest(m: int) -> int:
    """The position of the lowest set bit of ``m`` (a card's position; -1 for 0)."""
    return bitlen(m & (~m + 1)) - 1  # ~m + 1 is -m (compiled: in unsigned 64 bits)


if not cython.compiled:  # plain Python: the built-in methods are the fast way
    popcount = int.bit_count  # type: ignore[assignment]  # noqa: F811 - the same function
    bitlen = int.bit_length  # type: ignore[assignment]  # noqa: F811 - the same function

    def lowest(m: int) -> int:  # noqa: F811 - the same function
        """The position of the lowest set bit of ``m`` (a card's position; -1 for 0)."""
        return (m & -m).bit_length() - 1


def nth_bit(m: int, j: int) -> int:
    """The ``j``-th lowest set bit of ``m`` (0-based), as a one-bit mask."""
    while j > 0:
        m &= m - 1
        j -= 1
    return m & (~m + 1)


def nth_combination(m: int, k: int, j: int) -> int:
    """The ``j``-th ``k``-card subset of ``m``, in ``itertools.combinations`` order."""
    n = popcount(m)
    out = 0
    while k > 0:
        low = m & (~m + 1)
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
    n = popcount(m)
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
