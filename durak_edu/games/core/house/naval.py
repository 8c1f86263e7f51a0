"""R9.3 (naval, ``deal_all``) and R9.16 (kitaysky's 9♦, ``nine_of_diamonds_stops_throw_ins``).

Naval shares the whole deck out at the start and refills hands to the dealt size: hook
``deal`` (the dealt size, ``core.deal``); in play the core refills to ``Config.hand_size``,
which is the dealt size, so the part has no hook to call there. Kitaysky
adds the 9♦ block: once the defender has beaten with the 9♦, nobody throws in (a transfer
still may). Its pick-up (only the first card) is ``take_first_only.py``; its first lead (the
9♦'s holder) is the reference's deal.
"""

from __future__ import annotations

import typing

from ....cards import RANK_MAJOR_POSITION, Card, Rank, Suit
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..state import CoreState

#: the 9♦'s rank-major position
NINE = RANK_MAJOR_POSITION[Card(Rank.NINE, Suit.DIAMONDS).index]

_BLOCKED = ("R9.16", "the defender has beaten with the 9♦: nobody may throw in now (kitaysky)")


class DealAll(HousePart):
    clause = "R9.3"
    values = {"deal_all": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called at play: the dealt size is ``Config.hand_size`` already."""
        return False

    def in_deal(self, rules: object) -> bool:
        return bool(getattr(rules, "deal_all"))

    def deal(self, d: Deal) -> None:
        """R9.3: the whole deck is shared out evenly; the few left over are the talon."""
        d.size = len(d.order) // d.n


class NineStopsThrowIns(HousePart):
    clause = "R9.16"
    values = {"nine_of_diamonds_stops_throw_ins": frozenset({False, True})}

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        """Blocked while a defence card on the table is the 9♦ (a take does not lift it)."""
        return _BLOCKED if NINE in st.td else None
