"""R9.38's second phase (krestovy, ``clubs_apart``): clubs, not spades, are the suit apart — a
club is beaten only by a higher club and beats only lower clubs (R6 with clubs for spades).

The verdict is the core's own: the beater masks are the reference's (``Config.beat``, read from
``AttackGame._beaters``). The part gives the reason of a refused beat (the ``beats`` hook), in
the reference's words, before R2.3's."""

from __future__ import annotations

import typing

from ....cards import Card, Suit
from . import HousePart

if typing.TYPE_CHECKING:
    from ..state import CoreState

__all__ = ["ClubsApart"]


class ClubsApart(HousePart):
    clause = "R9.38"
    values = {"clubs_apart": frozenset({False, True})}

    def beat_reason(self, st: CoreState, target: Card, card: Card) -> tuple[str, str] | None:
        if Suit.CLUBS in (target.suit, card.suit):
            return ("R9.38", "clubs stand apart (krestovy): a club is beaten only by a higher "
                    "club, and a club beats only a lower club")
        return None
