"""Cards, suits, ranks, decks and the card notation of R0.

Every card is an interned, immutable object: ``Card.parse("10♦") is Card.parse("10D")``. Each
card also carries a small integer ``index`` and a bit ``mask`` so engines can hold hands as
integer bit sets (fast set arithmetic) and still hand out real ``Card`` objects.

>>> Card.parse("Д♠")
Card.parse('Q♠')
>>> cards("7s 10♦ тc")
(Card.parse('7♠'), Card.parse('10♦'), Card.parse('A♣'))
>>> len(deck(36)), deck(36)[0], deck(36)[-1]
(36, Card.parse('6♠'), Card.parse('A♥'))

Two-deck games (72 cards, R9.21, R9.29) hold two of every card: the second deck's copy is a
card of its own, written with a prime after it (*our decision*, R0), so the twins never merge:

>>> twin = Card.parse("7S'")
>>> twin, twin.copy, twin is Card.parse("7♠"), twin.twin is Card.parse("7♠")
(Card.parse("7♠'"), 1, False, True)
>>> sorted(cards("7♠' 8♠ 7♠"))
[Card.parse('7♠'), Card.parse("7♠'"), Card.parse('8♠')]
"""

from __future__ import annotations

from enum import IntEnum
from typing import Callable, Iterable, Iterator, Sequence

__all__ = [
    "Suit", "Rank", "Card", "cards", "deck", "DECK_SIZES",
    "SPADES", "CLUBS", "DIAMONDS", "HEARTS",
    "mask_of", "cards_of", "card_at", "cards_by_rank", "rank_order", "to_rank_major",
    "to_suit_major",
    "COPY_BASE", "COPY_MARKS", "WILD_BASE", "MEGA_INDEX", "SPECIAL_MASK",
]


class Suit(IntEnum):
    """The four suits, in the display order of R0 (♠ ♣ ♦ ♥)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return "♠♣♦♥"[self]

    @property
    def letter(self) -> str:
        return "SCDH"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def parse(cls, text: "str | Suit") -> "Suit":
        """``"H"``, ``"h"``, ``"♥"`` or ``"hearts"`` -> ``Suit.HEARTS``."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().upper()
        suit = _SUIT_TOKENS.get(key)
        if suit is None:
            for s in cls:
                if key == s.name or key == s.name[:-1]:
                    return s
            raise ValueError(f"not a suit: {text!r} (use S C D H or ♠ ♣ ♦ ♥)")
        return suit


SPADES, CLUBS, DIAMONDS, HEARTS = Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS


class Rank(IntEnum):
    """Ranks low to high (R0). Jokers rank above the ace and have no suit."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    BLACK_JOKER = 15
    RED_JOKER = 16
    WILD = 17   # R9.50 diky: the four wild cards
    MEGA = 18   # R9.51 stolichny: the mega card

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        return self in (Rank.BLACK_JOKER, Rank.RED_JOKER)

    @property
    def is_special(self) -> bool:
        """A card with no suit and no rank to play by: a joker (R9.22), a wild card (R9.50) or
        the mega card (R9.51)."""
        return self >= Rank.BLACK_JOKER

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS = {r: str(int(r)) for r in Rank if r <= 10}
_RANK_SYMBOLS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
                      Rank.BLACK_JOKER: "BJ", Rank.RED_JOKER: "RJ", Rank.WILD: "W",
                      Rank.MEGA: "MJ"})

_SUIT_TOKENS = {"S": SPADES, "C": CLUBS, "D": DIAMONDS, "H": HEARTS,
                "♠": SPADES, "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS,
                "♤": SPADES, "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS}
# Latin and Russian rank letters (R0): В(алет)=J, Д(ама)=Q, К(ороль)=K, Т(уз)=A.
_RANK_TOKENS = {str(int(r)): r for r in Rank if r <= 10}
_RANK_TOKENS.update({"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
                     "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE})

_CARD_HINT = ("a card is a rank 2-10 J Q K A (or В Д К Т) then a suit S C D H (or ♠ ♣ ♦ ♥), e.g. "
              "10♦, QS, Д♠; jokers are RJ and BJ; a prime after a card, 7♠', is the second "
              "deck's copy in a 72-card game")
#: added to the hint for a token that looks like one of the cards with no suit (``W...``, ``M...``)
_SPECIAL_HINT = ("; W1, W2, W3, W4 are the wild cards (58 cards, R9.50), MJ the mega card (55 "
                 "cards, R9.51)")

#: the second deck's cards (R0, 72 cards) have index ``COPY_BASE + `` their twin's index
COPY_BASE = 54
#: the four wild cards (R9.50) have index ``WILD_BASE + `` 0..3, the mega card (R9.51)
#: ``MEGA_INDEX``: above every other card, so no older index moves
WILD_BASE = COPY_BASE + 52
MEGA_INDEX = WILD_BASE + 4
#: the bits of the wild cards and the mega card in ``Card.mask``
SPECIAL_MASK = 31 << WILD_BASE
#: the marks read as "the second deck's copy" after a card (R0): the ASCII apostrophe is the one
#: printed; the prime and the typographic apostrophe are accepted too, as editors type them
COPY_MARKS = ("'", "′", "’")


class Card:
    """One playing card: ``rank``, ``suit`` (``None`` for a joker) and ``copy`` (0; 1 for the
    second deck's twin in a 72-card game, R0).

    Cards are interned (one object per card), hashable and immutable. They sort by
    (suit, rank, copy) -- for display only; which card *beats* which is a rule of the game.
    """

    __slots__ = ("rank", "suit", "copy", "index", "mask", "_text", "_order")
    _cache: dict[tuple[int, int | None, int], "Card"] = {}
    # the slots, declared for type checkers (set once, in __new__)
    rank: Rank
    suit: Suit | None  # None for a joker
    copy: int   # 0, or 1 for the second deck's card (72 cards); a wild card: which, 0-3
    index: int  # 0..51 by suit, then rank; 52, 53 the jokers; COPY_BASE + i the copy of card i
    mask: int   # 1 << index: a hand is a bit set of these
    _text: str
    _order: int  # display order: a copy right after its twin

    def __new__(cls, rank: Rank | int, suit: Suit | int | None = None, copy: int = 0) -> "Card":
        key = (int(rank), None if suit is None else int(suit), copy)
        card = cls._cache.get(key)
        if card is not None:
            return card
        rank = Rank(rank)
        if rank == Rank.WILD:
            if suit is not None or copy not in range(4):
                raise ValueError(f"a wild card (R9.50) has no suit and a number 0-3, not "
                                 f"{suit!r}, {copy!r}")
            return cls._special(key, WILD_BASE + copy, f"W{copy + 1}", copy)
        if rank == Rank.MEGA:
            if suit is not None or copy:
                raise ValueError("there is one mega card (R9.51), with no suit")
            return cls._special(key, MEGA_INDEX, "MJ", 0)
        if copy not in (0, 1):
            raise ValueError(f"copy is 0 (the first deck) or 1 (the second), not {copy!r}")
        if rank.is_joker:
            if suit is not None:
                raise ValueError(f"a joker has no suit: {rank!r}, {suit!r}")
            if copy:
                raise ValueError("a two-deck game (R0, 72 cards) has no jokers to copy")
            index = 52 + (rank - Rank.BLACK_JOKER)
            text = rank.symbol
        else:
            if suit is None:
                raise ValueError(f"the {rank.name.lower()} needs a suit")
            suit = Suit(suit)
            index = suit * 13 + (rank - 2)
            text = rank.symbol + suit.symbol
        order = 2 * index + copy
        if copy:
            index += COPY_BASE
            text += COPY_MARKS[0]
        card = object.__new__(cls)
        for name, value in (("rank", rank), ("suit", suit), ("copy", copy), ("index", index),
                            ("mask", 1 << index), ("_text", text), ("_order", order)):
            object.__setattr__(card, name, value)
        cls._cache[key] = card
        return card

    @classmethod
    def _special(cls, key: tuple[int, int | None, int], index: int, text: str,
                 copy: int) -> "Card":
        """A wild card (``copy``: which of the four) or the mega card: no suit, an index above
        every other card's (``WILD_BASE``, ``MEGA_INDEX``)."""
        card = object.__new__(cls)
        for name, value in (("rank", Rank(key[0])), ("suit", None), ("copy", copy),
                            ("index", index), ("mask", 1 << index), ("_text", text),
                            ("_order", 2 * index)):
            object.__setattr__(card, name, value)
        cls._cache[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int | None, int]]:
        return (Card, (int(self.rank), None if self.suit is None else int(self.suit), self.copy))

    @property
    def twin(self) -> "Card | None":
        """The identical card of the other deck (R0, 72 cards); ``None`` for a joker."""
        if self.suit is None:
            return None
        return Card(self.rank, self.suit, 1 - self.copy)

    @classmethod
    def parse(cls, token: "str | Card") -> "Card":
        """Read one card token (R0): ``10♦``, ``10D``, ``qs``, ``Д♠``, ``Т♣``, ``RJ``; with a
        prime, ``7♠'`` or ``7S'``, the second deck's copy (72 cards)."""
        if isinstance(token, Card):
            return token
        if not isinstance(token, str):
            raise ValueError(f"not a card: {token!r} ({_CARD_HINT})")
        card = _PARSE_CACHE.get(token)
        if card is not None:
            return card
        text = token.strip().upper()
        copy = 0
        if text[-1:] in COPY_MARKS:
            text, copy = text[:-1], 1
        if text in _SPECIAL_TOKENS and copy:
            raise ValueError(f"not a card: {token!r} (a joker, a wild card or the mega card has "
                             "no second-deck copy)")
        if text in _SPECIAL_TOKENS:
            card = _SPECIAL_TOKENS[text]
        else:
            rank = _RANK_TOKENS.get(text[:-1])
            suit = _SUIT_TOKENS.get(text[-1:])
            if rank is None or suit is None:
                more = _SPECIAL_HINT if text[:1] in ("W", "M") else ""
                raise ValueError(f"not a card: {token!r} ({_CARD_HINT}{more})")
            card = cls(rank, suit, copy)
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[token] = card
        return card

    @property
    def is_joker(self) -> bool:
        """The red or the black joker (R9.22)."""
        return self.rank.is_joker

    @property
    def is_wild(self) -> bool:
        """One of the four wild cards of diky (R9.50)."""
        return self.rank == Rank.WILD

    @property
    def is_mega(self) -> bool:
        """The mega card of stolichny (R9.51)."""
        return self.rank == Rank.MEGA

    @property
    def is_special(self) -> bool:
        """No suit and no rank to play by: a joker, a wild card or the mega card."""
        return self.suit is None

    @property
    def is_red(self) -> bool:
        return self.rank == Rank.RED_JOKER if self.suit is None else self.suit.is_red

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order < other._order

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order <= other._order

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order > other._order

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order >= other._order

    def _repr_svg_(self) -> str:
        from .draw.svg import card_svg
        return card_svg(self)


_PARSE_CACHE: dict[str, Card] = {}
#: the card tokens with no suit (R0): the jokers, the wild cards (R9.50), the mega card (R9.51)
_SPECIAL_TOKENS = {"RJ": Card(Rank.RED_JOKER), "BJ": Card(Rank.BLACK_JOKER),
                   "MJ": Card(Rank.MEGA), **{f"W{i + 1}": Card(Rank.WILD, None, i) for i in range(4)}}

_ALL: list[Card | None] = [None] * (MEGA_INDEX + 1)
for _s in Suit:
    for _r in range(2, 15):
        for _copy in (0, 1):
            _c = Card(_r, _s, _copy)
            _ALL[_c.index] = _c
_ALL[52] = Card(Rank.BLACK_JOKER)
_ALL[53] = Card(Rank.RED_JOKER)
for _i in range(4):
    _ALL[WILD_BASE + _i] = Card(Rank.WILD, None, _i)
_ALL[MEGA_INDEX] = Card(Rank.MEGA)
_BY_INDEX: tuple[Card, ...] = tuple(_ALL)  # type: ignore[arg-type]
#: the bits of the first deck's 52 suited cards; ``mask >> COPY_BASE & _SUITED`` are the copies
_SUITED = (1 << 52) - 1


def card_at(index: int) -> Card:
    """The card with this ``index`` (0..53; ``COPY_BASE`` + 0..51 for the second deck's copies;
    ``WILD_BASE`` + 0..3 the wild cards, ``MEGA_INDEX`` the mega card)."""
    return _BY_INDEX[index]


def mask_of(cs: Iterable[Card]) -> int:
    """The bit set of some cards."""
    m = 0
    for c in cs:
        m |= c.mask
    return m


def _cards_at(bits: int, table: Sequence[Card]) -> list[Card]:
    """The cards ``table[i]`` for every set bit ``i`` of ``bits``, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(table[low.bit_length() - 1])
        bits ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit set, in display order (by suit, then rank; a copy after its twin)."""
    out = _cards_at(mask, _BY_INDEX)
    if mask >> COPY_BASE:
        out.sort()  # R0, 72 cards: the copies' bits lie above the jokers'
    return tuple(out)


# -- rank-major bit sets --------------------------------------------------------------------------
# ``Card.index`` is suit-major (suit * 13 + rank - 2), so a mask's lowest bit is the lowest spade.
# Listing actions wants rank first: in the *rank-major* position 4 * (rank - 2) + suit the lowest
# bit is the lowest card by rank, then suit, and each rank is one nibble.

#: Card.index -> rank-major position (the 52 suited cards)
RANK_MAJOR_POSITION = [4 * (i % 13) + i // 13 for i in range(52)]


def _chunk_tables(target: Callable[[int], int]) -> list[list[int]]:
    """For each 13-bit chunk of a 52-bit mask (bits 0-12, 13-25, 26-38, 39-51): every value of
    the chunk -> the OR of ``1 << target(i)`` over its set bits ``i`` (counted in the whole mask).
    Four lookups then move every card of a mask at once."""
    tables = []
    for c in range(4):
        table = [0] * 8192
        for chunk in range(1, 8192):
            low = chunk & -chunk
            table[chunk] = table[chunk ^ low] | 1 << target(13 * c + low.bit_length() - 1)
        tables.append(table)
    return tables


_T0, _T1, _T2, _T3 = _chunk_tables(RANK_MAJOR_POSITION.__getitem__)
#: the inverse: rank-major position 4 * rank + suit -> suit-major index 13 * suit + rank
_U0, _U1, _U2, _U3 = _chunk_tables(lambda pos: 13 * (pos % 4) + pos // 4)


def to_rank_major(mask: int) -> int:
    """The suited cards of a mask (``Card.mask`` bits) as rank-major bits."""
    return (_T0[mask & 8191] | _T1[(mask >> 13) & 8191] | _T2[(mask >> 26) & 8191]
            | _T3[(mask >> 39) & 8191])


def to_suit_major(rm: int) -> int:
    """The inverse of ``to_rank_major``."""
    return (_U0[rm & 8191] | _U1[(rm >> 13) & 8191] | _U2[(rm >> 26) & 8191]
            | _U3[(rm >> 39) & 8191])


def cards_by_rank(mask: int) -> list[Card]:
    """The cards of a bit set by rank, then suit (jokers last): the order choices are listed in.

    >>> cards_by_rank(mask_of(cards("9♠ 7♥ 7♣ A♦")))
    [Card.parse('7♣'), Card.parse('7♥'), Card.parse('9♠'), Card.parse('A♦')]
    """
    out = _cards_at(to_rank_major(mask), RANK_MAJOR_CARDS)
    if mask >> COPY_BASE & _SUITED:  # R0, 72 cards: the copies, each right after its twin
        out.extend(_cards_at(to_rank_major(mask >> COPY_BASE & _SUITED), RANK_MAJOR_COPIES))
        out.sort(key=rank_order)
    if mask >> 52 & 3:
        out.extend(iter_mask(mask & 3 << 52))  # black joker, then red
    if mask & SPECIAL_MASK:
        out.extend(iter_mask(mask & SPECIAL_MASK))  # the wild cards, then the mega card
    return out


def rank_order(c: Card) -> tuple[int, int, int]:
    """The key of the listing order: by rank, then suit (a joker before no suit of its rank,
    having none), then deck (a second deck's copy right after its twin, R0). Actions, choices
    and R1.3's "lowest trump" all read cards in this order.

    >>> sorted(cards("9♠ 7♥' 7♥ 7♣"), key=rank_order)
    [Card.parse('7♣'), Card.parse('7♥'), Card.parse("7♥'"), Card.parse('9♠')]
    """
    return (c.rank, -1 if c.suit is None else c.suit, c.copy)


def iter_mask(mask: int) -> Iterator[Card]:
    by = _BY_INDEX
    while mask:
        low = mask & -mask
        yield by[low.bit_length() - 1]
        mask ^= low


#: rank-major position -> Card
RANK_MAJOR_CARDS = [_BY_INDEX[i] for i in sorted(range(52), key=RANK_MAJOR_POSITION.__getitem__)]
#: rank-major position -> the second deck's copy of that card (R0, 72 cards)
RANK_MAJOR_COPIES = [_BY_INDEX[COPY_BASE + c.index] for c in RANK_MAJOR_CARDS]


def cards(text: "str | Iterable[str | Card]") -> tuple[Card, ...]:
    """Several cards from text separated by spaces or commas: ``cards("7♠ 9♠ Q♦")``.

    A bad token raises ``ValueError`` naming it and its position.
    """
    tokens: list[str | Card] = []
    if isinstance(text, str):
        tokens.extend(text.replace(",", " ").split())
    else:
        tokens.extend(text)
    out = []
    for i, tok in enumerate(tokens, 1):
        try:
            out.append(Card.parse(tok))
        except ValueError as exc:
            raise ValueError(f"card {i} of {len(tokens)}: {exc}") from None
    return tuple(out)


DECK_SIZES = {
    20: range(10, 15),
    24: range(9, 15),
    32: range(7, 15),
    36: range(6, 15),
    52: range(2, 15),
    53: range(2, 15),
    54: range(2, 15),
    55: range(2, 15),  # 54 and the mega card (R9.51)
    58: range(2, 15),  # 54 and four wild cards (R9.50)
    72: range(6, 15),  # two 36-card decks (R0, R9.21, R9.29)
}


def deck(size: int = 36) -> list[Card]:
    """A fresh deck in canonical order: suit by suit (♠ ♣ ♦ ♥), ranks rising, jokers last.

    Sizes (R0): 36 (6..A, the default), 32 (7..A), 52 (2..A), 53 (one joker), 54 (two jokers),
    55 (two jokers and the mega card, R9.51), 58 (two jokers and four wild cards, R9.50),
    72 (two 36-card decks, each copy right after its twin); also 24 and 20 for small house
    variants.

    >>> deck(58)[-6:], deck(55)[-1]
    ([Card.parse('BJ'), Card.parse('RJ'), Card.parse('W1'), Card.parse('W2'), Card.parse('W3'), Card.parse('W4')], Card.parse('MJ'))

    >>> deck(72)[:3]
    [Card.parse('6♠'), Card.parse("6♠'"), Card.parse('7♠')]
    """
    order = _DECKS.get(size)
    if order is None:
        if size not in DECK_SIZES:
            raise ValueError(f"no {size}-card deck; choose one of {sorted(DECK_SIZES)}")
        copies = (0, 1) if size == 72 else (0,)
        out = [Card(r, s, k) for s in Suit for r in DECK_SIZES[size] for k in copies]
        if size in (54, 55, 58):
            out.append(Card(Rank.BLACK_JOKER))
        if size in (53, 54, 55, 58):
            out.append(Card(Rank.RED_JOKER))
        if size == 58:
            out.extend(Card(Rank.WILD, None, i) for i in range(4))
        if size == 55:
            out.append(Card(Rank.MEGA))
        order = _DECKS[size] = tuple(out)
    return list(order)


_DECKS: dict[int, tuple[Card, ...]] = {}  # size -> canonical order (cards are interned)
