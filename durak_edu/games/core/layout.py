"""Cards and positions: the one place the core turns ``Card``s into positions and back.

A position is rank-major (``bits``): one deck ``4 * (rank - 2) + suit``, the jokers at 52 and 53
(R9.22), the four wild cards at 54-57 (R9.50), the mega card at 58 (R9.51); in the wide copy (two decks, R9.21, R9.29: ``bits.WIDE``) ``8 * (rank - 2) + 2 * suit +
copy`` — twice the one-deck position, plus one for the second deck's card, so a card's twin
lies right after it. ``Card.mask`` bits are suit-major (``durak_edu.cards``; the copies at
``COPY_BASE`` and above).

>>> from durak_edu.cards import Card
>>> POSITIONS[Card.parse("7♥").index], CARDS[POSITIONS[Card.parse("7♥").index]]
(23, Card.parse('7♥'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import (COPY_BASE, MEGA_INDEX, RANK_MAJOR_CARDS, RANK_MAJOR_COPIES,
                      RANK_MAJOR_POSITION, SPECIAL_MASK, WILD_BASE, Card, card_at, to_rank_major,
                      to_suit_major)
from .bits import WIDE

__all__ = ["POSITIONS", "CARDS", "rank_major", "suit_major", "position", "JOKERS", "SPECIALS"]

_SUITED = (1 << 52) - 1
#: the jokers' bits (R9.22), the same in ``Card.mask`` and positions (one deck only)
JOKERS = 0 if WIDE else 3 << 52
#: the wild cards (R9.50) lie at positions 54-57, the mega card (R9.51) at 58 (one deck only):
#: ``Card.mask`` bits ``WILD_BASE``.. shifted down by ``_SPECIAL_SHIFT``
_SPECIAL_SHIFT = WILD_BASE - 54
SPECIALS = 0 if WIDE else SPECIAL_MASK >> _SPECIAL_SHIFT

if WIDE:
    #: a card's position by ``Card.index`` (-1: none, the jokers: two decks have none)
    POSITIONS: list[int] = ([2 * p for p in RANK_MAJOR_POSITION] + [-1, -1]
                            + [2 * p + 1 for p in RANK_MAJOR_POSITION] + [-1] * 5)
    #: the card at a position
    CARDS: list[Card] = [c for pair in zip(RANK_MAJOR_CARDS, RANK_MAJOR_COPIES) for c in pair]
else:
    POSITIONS = (RANK_MAJOR_POSITION + [52, 53] + [-1] * 52  # no place for a second deck's card
                 + list(range(54, 59)))  # the wild cards, the mega card
    CARDS = RANK_MAJOR_CARDS + [card_at(i) for i in (52, 53, *range(WILD_BASE, MEGA_INDEX + 1))]


def position(c: Card) -> int:
    """The position of ``c`` (-1 if this layout has none for it)."""
    return POSITIONS[c.index]


def _spread_table() -> list[int]:
    """Every byte, its bit ``i`` moved to bit ``2 * i``."""
    return [sum((b >> i & 1) << 2 * i for i in range(8)) for b in range(256)]


_SPREAD = _spread_table()
_GATHER = {s: b for b, s in enumerate(_SPREAD)}
_EVEN = sum(1 << 2 * i for i in range(52))


def _remap(x: int, table: Sequence[int] | Mapping[int, int], width: int, mask: int,
           out_width: int) -> int:
    """``x`` chunk by chunk (``width`` bits, ``& mask``) through ``table``, each result
    ``out_width`` bits wide: ``_spread`` and ``_gather``."""
    out = shift = 0
    while x:
        out |= table[x & mask] << shift
        x >>= width
        shift += out_width
    return out


def _spread(x: int) -> int:
    """Bit ``i`` of ``x`` moved to bit ``2 * i``."""
    return _remap(x, _SPREAD, 8, 255, 16)


def _gather(x: int) -> int:
    """The inverse of ``_spread`` (``x``: even bits only)."""
    return _remap(x, _GATHER, 16, 0x5555, 8)


if WIDE:
    def rank_major(m: int) -> int:
        """A mask of ``Card.mask`` bits as positions (each second deck's copy beside its twin)."""
        return (_spread(to_rank_major(m & _SUITED))
                | _spread(to_rank_major(m >> COPY_BASE & _SUITED)) << 1)

    def suit_major(m: int) -> int:
        """The inverse of ``rank_major``: positions as ``Card.mask`` bits."""
        return (to_suit_major(_gather(m & _EVEN))
                | to_suit_major(_gather(m >> 1 & _EVEN)) << COPY_BASE)
else:
    def rank_major(m: int) -> int:
        """A mask of ``Card.mask`` bits as rank-major positions, the jokers kept (R9.22), the
        wild and mega cards moved down (R9.50, R9.51)."""
        return to_rank_major(m) | m & JOKERS | m >> _SPECIAL_SHIFT & SPECIALS

    def suit_major(m: int) -> int:
        """The inverse of ``rank_major``: rank-major positions as ``Card.mask`` bits."""
        return to_suit_major(m) | m & JOKERS | (m & SPECIALS) << _SPECIAL_SHIFT
