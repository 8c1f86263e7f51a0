"""Bit sets of rank-major card positions (``4 * (rank - 2) + suit``; two decks: ``WIDE``):
counting and unranking.

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

__all__ = ["COMB", "SUBSETS", "GROUPS", "RANK", "WIDE", "RANK_SHIFT", "SUIT_SHIFT", "RANK_LOW",
           "MOST_OF_RANK", "SUIT", "SUITED", "N_POSITIONS", "MOVE_SHIFT", "BEAT_SHIFT",
           "nth_bit", "nth_combination", "nth_subset",
           "combinations", "subsets", "rank_counts_multi", "popcount", "bitlen", "lowest"]

#: The layout of the positions. The compiled core (``durak_edu.games.core``) has one deck:
#: ``4 * (rank - 2) + suit``, a rank one nibble. The wide copy (``durak_edu.games.core_wide``,
#: plain Python, ``durak_edu.games.wide``) has two decks (R9.21, R9.29):
#: ``8 * (rank - 2) + 2 * suit + copy``, a rank one byte, a card's twin right after it, so the
#: lowest set bit is still the card ``legal_actions()`` lists first (by rank, suit, deck, R0).
WIDE = __name__.split(".")[2:3] == ["core_wide"]
#: a position's rank is ``pos >> RANK_SHIFT`` (rank - 2), its suit ``pos >> SUIT_SHIFT & 3``
RANK_SHIFT, SUIT_SHIFT = (3, 1) if WIDE else (2, 0)
RANK_LOW = (1 << RANK_SHIFT) - 1  # the bits of a position below its rank: ``pos & ~RANK_LOW``
RANK = (1 << (1 << RANK_SHIFT)) - 1  # the cards of a rank (0xF, wide 0xFF)
MOST_OF_RANK = 8 if WIDE else 4  # R2.2: the cards of one rank a deck holds (two decks: 8)
#: the positions of suit 0 (``SUIT << SUIT_SHIFT * suit``: a suit's); every suited position
SUIT = sum((1 << SUIT_SHIFT + 1) - 1 << (r << RANK_SHIFT) for r in range(13))
SUITED = (1 << (13 << RANK_SHIFT)) - 1
#: how many positions a card table indexes (the 52, the jokers at 52, 53, the wild cards at
#: 54-57 and the mega card at 58: R9.22, R9.50, R9.51; wide: 104)
N_POSITIONS = 13 << RANK_SHIFT if WIDE else 59
#: a move is ``kind << MOVE_SHIFT | payload``; a beat's payload ``target << BEAT_SHIFT | card``
MOVE_SHIFT = 110 if WIDE else 59
BEAT_SHIFT = 7 if WIDE else 6
_MOST_HELD = 72 if WIDE else 52  # the most cards a hand can hold
#: COMB[n][k]: the binomial coefficient (0 when k > n)
COMB: list[list[int]] = [[comb(n, k) for k in range(_MOST_HELD + 1)]
                         for n in range(_MOST_HELD + 1)]
#: SUBSETS[n][k]: the non-empty subsets of at most k of n cards
SUBSETS: list[list[int]] = [[sum(comb(n, i) for i in range(1, k + 1)) for k in range(n + 1)]
                            for n in range(_MOST_HELD + 1)]
#: GROUPS[c][most]: the attacks of two to ``most`` cards (R2.2) from ``c`` cards of one rank
GROUPS: list[list[int]] = [[sum(comb(c, k) for k in range(2, most + 1))
                            for most in range(MOST_OF_RANK + 1)] for c in range(MOST_OF_RANK + 1)]
_M1 = 0x5555555555555  # the low bit of each two
_M2 = 0x3333333333333  # the low two bits of each nibble
_M4 = 0x1111111111111  # the low bit of each nibble


_S1 = 0x5555555555555555  # SWAR popcount: the low bit of each two, ...
_S2 = 0x3333333333333333  # ... the low two bits of each four, ...
_S4 = 0x0F0F0F0F0F0F0F0F  # ... the low four bits of each byte, ...
_S8 = 0x0101010101010101  # ... the low bit of each byte (the sum of the bytes, times this)
_ALL64 = 0xFFFFFFFFFFFFFFFF  # (compiled, bits.pxd types these unsigned 64-bit: the arithmetic
# stays in C; a literal above 2**62 would make Cython do the whole sum on Python ints)


def popcount(m: int) -> int:
    """How many cards the mask ``m`` holds (``m.bit_count()``; compiled: SWAR, a popcount)."""
    m = m - ((m >> 1) & _S1)
    m = (m & _S2) + ((m >> 2) & _S2)
    m = (m + (m >> 4)) & _S4
    return (m * _S8 & _ALL64) >> 56


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
    if k == 1:  # (one card: the j-th, found without counting the subsets)
        return nth_bit(m, j)
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
    if j < n and room > 0:  # one card (the most frequent throw-in): no subsets to count
        while j > 0:  # (``nth_bit``, inline: a call less a throw-in, in plain Python)
            m &= m - 1
            j -= 1
        return m & (~m + 1)
    j -= n
    for k in range(2, room + 1):
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


if not cython.compiled and WIDE:  # two decks: a rank is a byte (the wide copy is never compiled)
    _W1, _W2, _W4, _W8 = (sum(m << 8 * r for r in range(13)) for m in (0x55, 0x33, 0x0F, 0x01))

    def rank_counts_multi(h: int) -> int:  # noqa: F811 - the same function, for two decks
        """One bit (the byte's lowest) per rank held two or more times."""
        x = (h & _W1) + ((h >> 1) & _W1)
        x = (x & _W2) + ((x >> 2) & _W2)
        x = (x & _W4) + ((x >> 4) & _W4)  # each byte: how many cards of that rank (0-8)
        return ((x >> 1) | (x >> 2) | (x >> 3)) & _W8
