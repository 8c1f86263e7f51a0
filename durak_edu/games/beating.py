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

__all__ = ["spade_rank", "beats", "beater_masks", "by_rank_then_suit", "beat_action",
           "group_action"]


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


# (deck size, trump, spades_apart, queen_high) -> {card index: mask of the cards that beat it}
_BEATER_MASKS: dict[tuple[int, Suit | None, bool, bool], dict[int, int]] = {}


def beater_masks(size: int, trump: Suit | None, spades_apart: bool,
                 queen_high: bool) -> dict[int, int]:
    """For each card of the ``size``-card deck, the mask of the cards that beat it; computed
    once per rule set (the engines' ``_beaters``, read by ``Game.beats`` and the rollout)."""
    key = (size, trump, spades_apart, queen_high)
    masks = _BEATER_MASKS.get(key)
    if masks is None:
        full = deck(size)
        masks = _BEATER_MASKS[key] = {
            t.index: mask_of(c for c in full if c is not t and beats(
                c, t, trump, spades_apart, queen_high))
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
