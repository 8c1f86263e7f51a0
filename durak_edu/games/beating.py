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
from ..cards import Card, Rank, Suit, SPADES, deck, mask_of, rank_order

__all__ = ["spade_rank", "beats", "house_beats", "HOUSE_RULES", "beater_masks", "joker_beats",
           "trump_suits", "seat_beater_masks",
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
               "highest_only_by_lowest", "six_beats_ace", "twin_beats", "clubs_apart")


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
    if "twin_beats" in house and card is target.twin:
        return True  # R9.29 (dvoynoy): an identical card beats its twin
    if "clubs_apart" in house and Suit.CLUBS in (card.suit, target.suit):
        return card.suit == target.suit and card.rank > target.rank  # R9.38: clubs apart
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


def trump_suits(trump: Suit | None, jokers: str, turned_joker: Card | None) -> frozenset[Suit]:
    """Every trump suit: ``trump``'s, none, or (R9.33, ``jokers="by_colour"``) both suits of
    the colour of a joker turned for trump.

    >>> from durak_edu.cards import Card, Rank
    >>> sorted(trump_suits(None, "by_colour", Card(Rank.BLACK_JOKER)))
    [Suit.SPADES, Suit.CLUBS]
    """
    if trump is not None:
        return frozenset((trump,))
    if jokers == "by_colour" and turned_joker is not None:
        return frozenset(s for s in Suit if s.is_red == turned_joker.is_red)
    return frozenset()


def joker_beats(card: Card, target: Card, trump: Suit | None, jokers: str,
                turned_joker: Card | None = None) -> bool | None:
    """R9.22, R9.33: does ``card`` beat ``target`` when a joker is one of them, or when a turned
    joker made two suits trumps (R9.33)? ``None``: no joker rule decides (R2.3 and the house
    rules do). ``turned_joker``: the joker turned for trump, if one was (then ``trump`` is
    ``None``). Why each reading is as it is: docs/rules.md R9.22, R9.33.

    >>> from durak_edu.cards import Card, Rank, Suit
    >>> red, ace = Card(Rank.RED_JOKER), Card.parse("A♥")
    >>> joker_beats(red, ace, Suit.HEARTS, "beat_all"), joker_beats(ace, red, Suit.HEARTS, "beat_all")
    (True, False)
    >>> joker_beats(Card.parse("7♠"), red, Suit.HEARTS, "novosibirsk")   # anything but an ace
    True
    """
    if card.suit is not None and target.suit is not None:
        trumps = trump_suits(trump, jokers, turned_joker)
        if len(trumps) < 2:
            return None  # one trump or none: R2.3 (and the house rules) decide
        if card.suit == target.suit:  # R9.33: two trump suits read as R2.3 says
            return card.rank > target.rank
        return card.suit in trumps and target.suit not in trumps
    if jokers == "novosibirsk":
        if card.suit is None and target.suit is None:
            return False  # a joker is not beaten by the other joker
        if card.suit is None:  # a joker beats only aces; after a joker was turned, any card
            return turned_joker is not None or target.rank == Rank.ACE
        return card.rank != Rank.ACE  # a joker falls to any card but an ace (or a joker)
    if jokers in ("by_colour", "by_colour_no_trump"):
        trumps = trump_suits(trump, jokers, turned_joker)
        colour_red = next(iter(trumps)).is_red if trumps else None

        def highest(joker: Card) -> bool:  # the joker of the trump's colour
            return colour_red is not None and joker.is_red == colour_red

        if card.suit is None:
            if highest(card):
                return True
            return target.suit is not None and target.is_red == card.is_red
        if target.suit is None:
            return not highest(target) and card.suit in trumps  # an off-colour joker is plain
        return None  # pragma: no cover - two suited cards were decided above
    # "beat_all": a joker beats any card; of two jokers the red is the higher (our decision)
    if card.suit is None:
        return target.suit is not None or card.rank > target.rank
    return False


# (deck size, trump, spades_apart, queen_high, house, jokers, turned joker)
#   -> {card index: mask of its beaters}
_BEATER_MASKS: dict[tuple[int, Suit | None, bool, bool, frozenset[str], str, Card | None],
                    dict[int, int]] = {}


def beater_masks(size: int, trump: Suit | None, spades_apart: bool,
                 queen_high: bool, house: frozenset[str] = frozenset(), jokers: str = "beat_all",
                 turned_joker: Card | None = None) -> dict[int, int]:
    """For each card of the ``size``-card deck, the mask of the cards that beat it; computed
    once per rule set (the engines' ``_beaters``, read by ``Game.beats`` and the rollout).
    ``house``: the R9 house rules of beating in force (``HOUSE_RULES``); ``jokers``: the joker
    reading (R9.22, R9.33) and ``turned_joker`` the joker turned for trump, if one was."""
    key = (size, trump, spades_apart, queen_high, house, jokers, turned_joker)
    masks = _BEATER_MASKS.get(key)
    if masks is None:
        full = deck(size)
        lowest = min(c.rank for c in full)

        def wins(c: Card, t: Card) -> bool:
            if size in (53, 54):
                j = joker_beats(c, t, trump, jokers, turned_joker)
                if j is not None:
                    return j
            return (house_beats(c, t, trump, spades_apart, queen_high, house, lowest) if house
                    else beats(c, t, trump, spades_apart, queen_high))

        masks = _BEATER_MASKS[key] = {
            t.index: mask_of(c for c in full if c is not t and wins(c, t)) for t in full}
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
