"""R9.5 (pustoy, ``draw_only_when_empty``) and R9.25 (arifmeticheskiy, ``progressive_refill``):
how many cards a seat draws up to after a bout (the reference's ``refill_to``).

Both change only the refill target of R2.9's draw (``refill``, asked per seat as the draw
starts, in draw order); the draw itself, its order and a short talon's sharing stay the core's.
"""

from __future__ import annotations

import typing

from . import HousePart

if typing.TYPE_CHECKING:
    from ..state import CoreState


class ProgressiveRefill(HousePart):
    clause = "R9.25"
    values = {"progressive_refill": frozenset({False, True})}

    def refill(self, st: CoreState, seat: int, size: int) -> int:
        """One more than the deal per bout played: the bout that ends now counts (after the
        first bout, bout 0, hands fill to ``hand_size + 1``)."""
        return size + st.bout + 1


class DrawOnlyWhenEmpty(HousePart):
    clause = "R9.5"
    values = {"draw_only_when_empty": frozenset({False, True})}

    def refill(self, st: CoreState, seat: int, size: int) -> int:
        """Nothing while he holds a card; an empty hand draws up to the usual size."""
        return 0 if st.hands[seat] else size
