"""The beating rule (R2.3, R6, R7.1) and the interned actions the engines list by the thousand,
shared by the attack–defence and circle engines.

>>> from durak_edu.cards import Card, Suit
>>> beats(Card.parse("7♥"), Card.parse("A♠"), Suit.HEARTS, spades_apart=False, queen_high=False)
True
>>> beats(Card.parse("7♥"), Card.parse("A♠"), Suit.HEARTS, spades_apart=True, queen_high=False)
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TypeVar, cast

from ..actions import Action, Attack, Beat, ThrowIn, Transfer
from ..cards import Card, Rank, Suit, deck, mask_of, rank_order
from .verdict import BeatRules, Verdict, judge, lowest_rank, spade_rank, trump_suits

__all__ = ["spade_rank", "beats", "house_beats", "HOUSE_RULES", "beater_masks", "joker_beats",
           "trump_suits", "seat_beater_masks", "BeatRules", "Verdict", "judge", "masks_of",
           "by_rank_then_suit", "beat_action", "group_action"]


def beats(card: Card, target: Card, trump: Suit | None, spades_apart: bool, queen_high: bool) -> bool:
    """R2.3 (and R6): does ``card`` beat ``target``? (``verdict.judge``'s verdict.)"""
    return judge(card, target, _plain_rules(trump, spades_apart, queen_high), words=False).beats


def _plain_rules(trump: Suit | None, spades_apart: bool, queen_high: bool) -> BeatRules:
    return BeatRules(size=52, trump=trump, spades_apart=spades_apart, queen_high=queen_high)


#: The R9 house rules of beating, as ``Rules`` option names (each ``True`` turns one on).
HOUSE_RULES = ("suitless", "ace_beaten_by_any_trump", "lowest_only_by_ace",
               "highest_only_by_lowest", "six_beats_ace", "twin_beats", "clubs_apart",
               "two_beats_ace")


def house_beats(card: Card, target: Card, trump: Suit | None, spades_apart: bool,
                queen_high: bool, house: frozenset[str], lowest: int) -> bool:
    """R2.3 changed by the R9 house rules in ``house`` (names from ``HOUSE_RULES``); ``lowest``
    is the deck's lowest rank. ``verdict.judge``'s verdict; why each reads as it does:
    docs/rules.md R9.2, R9.14, R9.15, R9.30, R9.32.

    >>> from durak_edu.cards import Card, Suit
    >>> house_beats(Card.parse("6♥"), Card.parse("A♥"), Suit.CLUBS, False, False,
    ...             frozenset({"six_beats_ace"}), 6)
    True
    """
    rules = dataclasses.replace(_plain_rules(trump, spades_apart, queen_high), house=house,
                                lowest=Rank(lowest))
    return judge(card, target, rules, words=False).beats


def joker_beats(card: Card, target: Card, trump: Suit | None, jokers: str,
                turned_joker: Card | None = None) -> bool | None:
    """R9.22, R9.33: does ``card`` beat ``target`` when a joker is one of them, or when a turned
    joker made two suits trumps (R9.33)? ``None``: no joker rule decides (R2.3 and the house
    rules do). ``turned_joker``: the joker turned for trump, if one was (then ``trump`` is
    ``None``). ``verdict.judge``'s verdict; why: docs/rules.md R9.22, R9.33.

    >>> from durak_edu.cards import Card, Rank, Suit
    >>> red, ace = Card(Rank.RED_JOKER), Card.parse("A♥")
    >>> joker_beats(red, ace, Suit.HEARTS, "beat_all"), joker_beats(ace, red, Suit.HEARTS, "beat_all")
    (True, False)
    >>> joker_beats(Card.parse("7♠"), red, Suit.HEARTS, "novosibirsk")   # anything but an ace
    True
    """
    v = judge(card, target, BeatRules(size=54, trump=trump, jokers=jokers,
                                      turned_joker=turned_joker), words=False)
    return v.beats if v.clause in ("R9.22", "R9.33") else None


# rules -> {card index: mask of its beaters}
_BEATER_MASKS: dict[BeatRules, dict[int, int]] = {}


def beater_masks(size: int, trump: Suit | None, spades_apart: bool,
                 queen_high: bool, house: frozenset[str] = frozenset(), jokers: str = "beat_all",
                 turned_joker: Card | None = None) -> dict[int, int]:
    """For each card of the ``size``-card deck, the mask of the cards that beat it; computed
    once per rule set (the engines' ``_beaters``, read by ``Game.beats`` and the playout).
    ``house``: the R9 house rules of beating in force (``HOUSE_RULES``); ``jokers``: the joker
    reading (R9.22, R9.33) and ``turned_joker`` the joker turned for trump, if one was."""
    return masks_of(BeatRules(size=size, trump=trump, spades_apart=spades_apart,
                              queen_high=queen_high, house=house, jokers=jokers,
                              turned_joker=turned_joker,
                              lowest=lowest_rank(size)))


def masks_of(rules: BeatRules) -> dict[int, int]:
    """The beater masks of ``rules`` (by card index), each bit ``judge``'s verdict."""
    masks = _BEATER_MASKS.get(rules)
    if masks is None:
        full = deck(rules.size)
        masks = _BEATER_MASKS[rules] = {
            t.index: mask_of(c for c in full if judge(c, t, rules, words=False).beats)
            for t in full}
    return masks


#: Order for listing choices: by rank, then suit (as the worked examples list them), a second
#: deck's copy after its twin (R0) -- ``cards.rank_order``, under the name the engines know.
by_rank_then_suit = rank_order


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
    return masks_of(BeatRules(size=size, trump=own, spades_apart=spades_apart,
                              queen_high=queen_high, house=house,
                              as_trump=others - {own} if as_trump else frozenset(),
                              lowest=lowest_rank(size)))
