"""R9.16 (kitaysky, ``take_first_only``): a defender who takes picks up only the first attack
card of the bout; every other card on the table goes to the discard pile."""

from __future__ import annotations

import typing

from . import HousePart

if typing.TYPE_CHECKING:
    from ..state import CoreState


class TakeFirstOnly(HousePart):
    clause = "R9.16"
    values = {"take_first_only": frozenset({False, True})}
    discard_words = "the rest go to the discard pile: {cards} (R9.16)"

    def pickup(self, st: CoreState, taken: int) -> int:
        """Only the first attack card is picked up; the rest, in table order, are discarded."""
        first = st.ta[0]
        for a, d in zip(st.ta, st.td):
            if a != first:
                st.discard.append(a)
            if d >= 0:
                st.discard.append(d)
        return 1 << first
