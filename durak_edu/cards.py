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
"""

from __future__ import annotations

from enum import IntEnum
from typing import Callable, Iterable, Iterator, Sequence

__all__ = [
    "Suit", "Rank", "Card", "cards", "deck", "DECK_SIZES",
    "SPADES", "CLUBS", "DIAMONDS", "HEARTS",
    "mask_of", "cards_of", "card_at", "cards_by_rank", "to_rank_major", "to_suit_major",
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

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.BLACK_JOKER

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS = {r: str(int(r)) for r in Rank if r <= 10}
_RANK_SYMBOLS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
                      Rank.BLACK_JOKER: "BJ", Rank.RED_JOKER: "RJ"})

_SUIT_TOKENS = {"S": SPADES, "C": CLUBS, "D": DIAMONDS, "H": HEARTS,
                "♠": SPADES, "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS,
                "♤": SPADES, "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS}
# Latin and Russian rank letters (R0): В(алет)=J, Д(ама)=Q, К(ороль)=K, Т(уз)=A.
_RANK_TOKENS = {str(int(r)): r for r in Rank if r <= 10}
_RANK_TOKENS.update({"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
                     "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE})

_CARD_HINT = "a card is a rank 2-10 J Q K A (or В Д К Т) then a suit S C D H (or ♠ ♣ ♦ ♥), e.g. 10♦, QS, Д♠; jokers are RJ and BJ"


class Card:
    """One playing card: ``rank`` and ``suit`` (``None`` for a joker).

    Cards are interned (one object per card), hashable and immutable. They sort by
    (suit, rank) -- for display only; which card *beats* which is a rule of the game.
    """

    __slots__ = ("rank", "suit", "index", "mask", "_text")
    _cache: dict[tuple[int, int | None], "Card"] = {}
    # the slots, declared for type checkers (set once, in __new__)
    rank: Rank
    suit: Suit | None  # None for a joker
    index: int  # 0..51 by suit, then rank; 52, 53 the jokers
    mask: int   # 1 << index: a hand is a bit set of these
    _text: str

    def __new__(cls, rank: Rank | int, suit: Suit | int | None = None) -> "Card":
        key = (int(rank), None if suit is None else int(suit))
        card = cls._cache.get(key)
        if card is not None:
            return card
        rank = Rank(rank)
        if rank.is_joker:
            if suit is not None:
                raise ValueError(f"a joker has no suit: {rank!r}, {suit!r}")
            index = 52 + (rank - Rank.BLACK_JOKER)
            text = rank.symbol
        else:
            if suit is None:
                raise ValueError(f"the {rank.name.lower()} needs a suit")
            suit = Suit(suit)
            index = suit * 13 + (rank - 2)
            text = rank.symbol + suit.symbol
        card = object.__new__(cls)
        for name, value in (("rank", rank), ("suit", suit), ("index", index),
                            ("mask", 1 << index), ("_text", text)):
            object.__setattr__(card, name, value)
        cls._cache[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int | None]]:
        return (Card, (int(self.rank), None if self.suit is None else int(self.suit)))

    @classmethod
    def parse(cls, token: "str | Card") -> "Card":
        """Read one card token (R0): ``10♦``, ``10D``, ``qs``, ``Д♠``, ``Т♣``, ``RJ``."""
        if isinstance(token, Card):
            return token
        if not isinstance(token, str):
            raise ValueError(f"not a card: {token!r} ({_CARD_HINT})")
        card = _PARSE_CACHE.get(token)
        if card is not None:
            return card
        text = token.strip().upper()
        if text in ("RJ", "BJ"):
            card = cls(Rank.RED_JOKER if text == "RJ" else Rank.BLACK_JOKER)
        else:
            rank = _RANK_TOKENS.get(text[:-1])
            suit = _SUIT_TOKENS.get(text[-1:])
            if rank is None or suit is None:
                raise ValueError(f"not a card: {token!r} ({_CARD_HINT})")
            card = cls(rank, suit)
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[token] = card
        return card

    @property
    def is_joker(self) -> bool:
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
        return self.index < other.index

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def _repr_svg_(self) -> str:
        from .draw.svg import card_svg
        return card_svg(self)


_PARSE_CACHE: dict[str, Card] = {}

_ALL: list[Card | None] = [None] * 54
for _s in Suit:
    for _r in range(2, 15):
        _c = Card(_r, _s)
        _ALL[_c.index] = _c
_ALL[52] = Card(Rank.BLACK_JOKER)
_ALL[53] = Card(Rank.RED_JOKER)
_BY_INDEX: tuple[Card, ...] = tuple(_ALL)  # type: ignore[arg-type]


def card_at(index: int) -> Card:
    """The card with this ``index`` (0..53)."""
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
    """The cards of a bit set, in display order (by suit, then rank)."""
    return tuple(_cards_at(mask, _BY_INDEX))


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
    if mask >> 52:
        out.extend(iter_mask(mask >> 52 << 52))  # black joker, then red
    return out


def iter_mask(mask: int) -> Iterator[Card]:
    by = _BY_INDEX
    while mask:
        low = mask & -mask
        yield by[low.bit_length() - 1]
        mask ^= low


#: rank-major position -> Card
RANK_MAJOR_CARDS = [_BY_INDEX[i] for i in sorted(range(52), key=RANK_MAJOR_POSITION.__getitem__)]


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
}


def deck(size: int = 36) -> list[Card]:
    """A fresh deck in canonical order: suit by suit (♠ ♣ ♦ ♥), ranks rising, jokers last.

    Sizes (R0): 36 (6..A, the default), 32 (7..A), 52 (2..A), 53 (one joker), 54 (two jokers);
    also 24 and 20 for small house variants.
    """
    order = _DECKS.get(size)
    if order is None:
        if size not in DECK_SIZES:
            raise ValueError(f"no {size}-card deck; choose one of {sorted(DECK_SIZES)}")
        out = [Card(r, s) for s in Suit for r in DECK_SIZES[size]]
        if size == 54:
            out.append(Card(Rank.BLACK_JOKER))
        if size >= 53:
            out.append(Card(Rank.RED_JOKER))
        order = _DECKS[size] = tuple(out)
    return list(order)


_DECKS: dict[int, tuple[Card, ...]] = {}  # size -> canonical order (cards are interned)
