"""The beating rule (R2.3, R6, R7.1) and the interned actions the engines list by the thousand,
shared by the attack–defence and circle engines.

>>> from durak_edu.cards import Card, Suit
>>> beats(Card.parse("7♥"), Card.parse("A♠"), Suit.HEARTS, spades_apart=False, queen_high=False)
True
>>> beats(Card.parse("7♥"), Card.parse("A♠"), Suit.HEARTS, spades_apart=True, queen_high=False)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

from ..actions import Action, Attack, Beat, ThrowIn, Transfer
from ..cards import Card, Rank, Suit, SPADES, deck, mask_of

__all__ = ["spade_rank", "beats", "house_beats", "HOUSE_RULES", "beater_masks", "seat_beater_masks",
           "by_rank_then_suit", "beat_action", "group_action"]


def spade_rank(c: Card, queen_high: bool) -> int:
    """A spade's place among spades: with ``queen_high`` (R6) the queen is above the ace."""
    return 15 if queen_high and c.rank == Rank.QUEEN else c.rank


def beats(card: Card, target: Card, trump: Suit | None, spades_apart: bool, queen_high: bool) -> bool:
    """R2.3 (and R6): does ``card`` beat ``target``?"""
    if spades_apart and (card.suit == SPADES or target.suit == SPADES):
        return (card.suit == SPADES and target.suit == SPADES
                and spade_rank(card, queen_high) > spade_rank(target, queen_high))
    if card.suit == target.suit:
        return card.rank > target.rank
    return trump is not None and card.suit == trump


#: The R9 house rules of beating, as ``Rules`` option names (each ``True`` turns one on).
HOUSE_RULES = ("suitless", "ace_beaten_by_any_trump", "lowest_only_by_ace",
               "highest_only_by_lowest", "six_beats_ace")


def house_beats(card: Card, target: Card, trump: Suit | None, spades_apart: bool,
                queen_high: bool, house: frozenset[str], lowest: int) -> bool:
    """R2.3 changed by the R9 house rules in ``house`` (names from ``HOUSE_RULES``); ``lowest``
    is the deck's lowest rank. Why each reads as it does: docs/rules.md R9.2, R9.14, R9.15,
    R9.30, R9.32.

    >>> from durak_edu.cards import Card, Suit
    >>> house_beats(Card.parse("6♥"), Card.parse("A♥"), Suit.CLUBS, False, False,
    ...             frozenset({"six_beats_ace"}), 6)
    True
    """
    if "suitless" in house:  # R9.2: suits do not matter, except the trump suit
        if trump is not None and target.suit == trump:
            base = card.suit == trump and card.rank > target.rank
        else:
            base = card.rank > target.rank or (trump is not None and card.suit == trump)
    else:
        base = beats(card, target, trump, spades_apart, queen_high)
    if target.rank == Rank.ACE:
        if "ace_beaten_by_any_trump" in house:  # R9.14: only a trump, and any trump
            return trump is not None and card.suit == trump and card is not target
        if "highest_only_by_lowest" in house:  # R9.30: the lowest rank of its suit, or a trump
            return ((card.rank == lowest and card.suit == target.suit)
                    or (trump is not None and card.suit == trump != target.suit))
        if "six_beats_ace" in house and card.rank == Rank.SIX and card.suit == target.suit:
            return True  # R9.32
    if target.rank == lowest and "lowest_only_by_ace" in house:  # R9.15
        return base and card.rank == Rank.ACE
    return base


# (deck size, trump, spades_apart, queen_high, house) -> {card index: mask of its beaters}
_BEATER_MASKS: dict[tuple[int, Suit | None, bool, bool, frozenset[str]], dict[int, int]] = {}


def beater_masks(size: int, trump: Suit | None, spades_apart: bool,
                 queen_high: bool, house: frozenset[str] = frozenset()) -> dict[int, int]:
    """For each card of the ``size``-card deck, the mask of the cards that beat it; computed
    once per rule set (the engines' ``_beaters``, read by ``Game.beats`` and the rollout).
    ``house``: the R9 house rules of beating in force (``HOUSE_RULES``)."""
    key = (size, trump, spades_apart, queen_high, house)
    masks = _BEATER_MASKS.get(key)
    if masks is None:
        full = deck(size)
        lowest = min(c.rank for c in full)
        masks = _BEATER_MASKS[key] = {
            t.index: mask_of(c for c in full if c is not t and (
                house_beats(c, t, trump, spades_apart, queen_high, house, lowest) if house
                else beats(c, t, trump, spades_apart, queen_high)))
            for t in full}
    return masks


def by_rank_then_suit(c: Card) -> tuple[int, Suit | None]:
    """Order for listing choices: by rank, then suit (as the worked examples list them)."""
    return (c.rank, c.suit)


# Interned actions: legal_actions() builds thousands per game, so reuse the objects.
_BEATS: dict[tuple[int, int], Beat] = {}
_GROUPS: dict[tuple[type, int, bool], Action] = {}


def beat_action(a: Card, d: Card) -> Beat:
    """``Beat(a, d)``, the same object every time."""
    act = _BEATS.get((a.index, d.index))
    if act is None:
        act = _BEATS[(a.index, d.index)] = Beat(a, d)
    return act


_G = TypeVar("_G", Attack, ThrowIn, Transfer)


def group_action(cls: type[_G], cs: Sequence[Card], show: bool = False) -> _G:
    """``cls(cards)`` (``Attack``, ``ThrowIn``, ``Transfer``; ``show``: a shown transfer) with
    the cards in listing order, the same object every time."""
    key = (cls, mask_of(cs), show)
    act = _GROUPS.get(key)
    if act is None:
        ordered = tuple(sorted(cs, key=by_rank_then_suit))
        act = _GROUPS[key] = Transfer(ordered, show=True) if show else cls(ordered)
    return cast(_G, act)  # the key holds ``cls``: the object cached under it is a ``cls``


# (deck size, own trump, opponents' trumps, as_trump, spades_apart, queen_high, house) -> masks
_SEAT_MASKS: dict[tuple[int, Suit, frozenset[Suit], bool, bool, bool, frozenset[str]],
                  dict[int, int]] = {}


def seat_beater_masks(size: int, own: Suit, others: frozenset[Suit], as_trump: bool,
                      spades_apart: bool, queen_high: bool,
                      house: frozenset[str] = frozenset()) -> dict[int, int]:
    """R9.35 (dvukhkozyrny): the beater masks of a defender whose own trump is ``own``; the
    opponents' trump suits (``others``) are plain suits for him. With ``as_trump`` (the seed's
    other reading) a card of an opponent's trump must be beaten as a trump: only by a higher
    card of its suit. Computed once per rule set, like ``beater_masks``.

    >>> from durak_edu.cards import Card
    >>> plain = seat_beater_masks(36, Suit.HEARTS, frozenset({Suit.CLUBS}), False, False, False)
    >>> bool(plain[Card.parse("A♣").index] & Card.parse("6♥").mask)  # clubs are no trump for him
    True
    >>> strict = seat_beater_masks(36, Suit.HEARTS, frozenset({Suit.CLUBS}), True, False, False)
    >>> bool(strict[Card.parse("A♣").index] & Card.parse("6♥").mask)  # ... but beaten as one
    False
    """
    key = (size, own, others, as_trump, spades_apart, queen_high, house)
    masks = _SEAT_MASKS.get(key)
    if masks is None:
        masks = dict(beater_masks(size, own, spades_apart, queen_high, house))
        if as_trump:
            for t in deck(size):
                if t.suit in others and t.suit != own:
                    masks[t.index] &= mask_of(c for c in deck(size) if c.suit == t.suit)
        _SEAT_MASKS[key] = masks
    return masks
