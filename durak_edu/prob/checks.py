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


def whole(name: str, value, minimum: int | None = 0) -> int:
    """``value`` as an int, or ``ValueError`` naming ``name``; below ``minimum`` is refused."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise ValueError(f"{name}={value} is negative; a count cannot be negative")
        raise ValueError(f"{name}={value} must be at least {minimum}")
    return value


def flag(name: str, value) -> bool:
    """``value`` if it is ``True`` or ``False``, or ``ValueError`` naming ``name``."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value


def suit_size(deck: int) -> int:
    """Cards per suit (= trumps in the deck) of a jokerless deck (R0): ``deck // 4``.

    >>> suit_size(36), suit_size(52), suit_size(72)
    (9, 13, 18)
    """
    deck = whole("deck", deck, 1)
    if deck in (53, 54):
        raise ValueError(f"deck={deck}: the trump questions of the deal count a deck of four "
                         "equal suits, and the jokers (R9.22) have no suit; whether a joker "
                         "counts, and what it beats, depends on the reading (jokers=...). Ask "
                         "them of a real game's View instead (p_has_trump, p_can_beat, "
                         f"unknown_count), or use one of {', '.join(map(str, TRUMP_DECKS))} (R0)")
    if deck not in TRUMP_DECKS:
        raise ValueError(f"deck={deck}: there is no {deck}-card deck of four equal suits; "
                         f"choose one of {', '.join(map(str, TRUMP_DECKS))} (R0)")
    return deck // 4


def hypergeom_args(population, successes, draws) -> tuple[int, int, int]:
    """The counts of a hypergeometric question, checked to fit together."""
    population = whole("population", population)
    successes = whole("successes", successes)
    draws = whole("draws", draws)
    if successes > population:
        raise ValueError(f"successes={successes} is more than population={population}: "
                         "there are not that many marked cards")
    if draws > population:
        raise ValueError(f"draws={draws} is more than population={population}: "
                         "cannot draw more cards than there are")
    return population, successes, draws


def deal_args(players, deck, hand_size, minimum_players: int = 2,
              jokers: bool = False) -> tuple[int, int, int, int]:
    """Check a deal (R0, R1.1); return ``(players, deck, hand_size, suit_size)``. ``jokers``:
    a question that counts cards, not trumps, accepts the joker decks 53 and 54 too (R9.22; its
    suit size is then 13, the jokers apart)."""
    players = whole("players", players, minimum_players)
    if jokers and whole("deck", deck, 1) in (53, 54):
        k = 13
    else:
        k = suit_size(deck)
    hand_size = whole("hand_size", hand_size, 1)
    if players * hand_size > deck:
        raise ValueError(f"players={players} with hand_size={hand_size} need "
                         f"{players * hand_size} cards but deck={deck} has only {deck} (R1.1)")
    return players, deck, hand_size, k
