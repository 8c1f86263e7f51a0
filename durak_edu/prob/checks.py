"""Checks of the arguments the probability helpers are given (counts, flags, deals), shared by
``exact``, ``knowledge``, ``simulate`` and ``symbolic``: each names the argument it refuses.

>>> deal_args(2, 36, 6)
(2, 36, 6, 9)
"""

from __future__ import annotations

import numbers

__all__ = ["TRUMP_DECKS", "suit_size", "whole", "flag", "hypergeom_args", "deal_args"]


#: deck sizes with four equal suits and no joker: the decks the trump questions are asked of (R0)
TRUMP_DECKS = (20, 24, 32, 36, 52, 72)  # 72: two decks, 18 cards a suit (twins, R9.21)


def whole(name: str, value: object, minimum: int | None = 0) -> int:
    """``value`` as an int, or ``ValueError`` naming ``name``; below ``minimum`` is refused."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    number = int(value)
    if minimum is not None and number < minimum:
        if minimum == 0:
            raise ValueError(f"{name}={number} is negative; a count cannot be negative")
        raise ValueError(f"{name}={number} must be at least {minimum}")
    return number


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False``, or ``ValueError`` naming ``name``."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value


#: the decks whose cards are not four equal suits (R0), and the cards with no suit they add
SUITLESS_CARDS = {53: "the joker (R9.22)", 54: "the jokers (R9.22)",
                  55: "the jokers (R9.22) and the mega card (R9.51)",
                  58: "the jokers (R9.22) and the wild cards (R9.50)"}


def suit_size(deck: object) -> int:
    """Cards per suit (= trumps in the deck) of a jokerless deck (R0): ``deck // 4``.

    >>> suit_size(36), suit_size(52), suit_size(72)
    (9, 13, 18)
    """
    size = whole("deck", deck, 1)
    if size in SUITLESS_CARDS:
        raise ValueError(f"deck={size}: the trump questions of the deal count a deck of four "
                         f"equal suits, and {SUITLESS_CARDS[size]} have no suit; whether such "
                         "a card counts, and what it beats, depends on the rules. Ask "
                         "them of a real game's View instead (p_has_trump, p_can_beat, "
                         f"unknown_count), or use one of {', '.join(map(str, TRUMP_DECKS))} (R0)")
    if size not in TRUMP_DECKS:
        raise ValueError(f"deck={size}: there is no {size}-card deck of four equal suits; "
                         f"choose one of {', '.join(map(str, TRUMP_DECKS))} (R0)")
    return size // 4


def hypergeom_args(population: object, successes: object,
                   draws: object) -> tuple[int, int, int]:
    """The counts of a hypergeometric question, checked to fit together."""
    pop, marked, drawn = (whole("population", population), whole("successes", successes),
                          whole("draws", draws))
    if marked > pop:
        raise ValueError(f"successes={marked} is more than population={pop}: "
                         "there are not that many marked cards")
    if drawn > pop:
        raise ValueError(f"draws={drawn} is more than population={pop}: "
                         "cannot draw more cards than there are")
    return pop, marked, drawn


def deal_args(players: object, deck: object, hand_size: object, minimum_players: int = 2,
              jokers: bool = False) -> tuple[int, int, int, int]:
    """Check a deal (R0, R1.1); return ``(players, deck, hand_size, suit_size)``. ``jokers``:
    a question that counts cards, not trumps, accepts the decks with cards of no suit too (53,
    54, 55, 58: R9.22, R9.50, R9.51; its suit size is then 13, those cards apart)."""
    seats = whole("players", players, minimum_players)
    size = whole("deck", deck, 1)
    k = 13 if jokers and size in SUITLESS_CARDS else suit_size(size)
    hand = whole("hand_size", hand_size, 1)
    if seats * hand > size:
        raise ValueError(f"players={seats} with hand_size={hand} need "
                         f"{seats * hand} cards but deck={size} has only {size} (R1.1)")
    return seats, size, hand, k
