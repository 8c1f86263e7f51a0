"""R9.12 (krugovoy, ``pass_hands_left``): after every bout and its drawing, each player still in
hands his whole hand to the next player still in (seat i+1); what was public about a hand (cards
picked up, the drawn trump card) stays public about its new holder.

Slot (``st.extra``): ``"drawn_hands"``, the hands as the drawing left them, before they went
round, so the facade tells who picked up and who drew what (``drawn_hands``). Hooks: ``draw``
(the passing), ``drawn_hands``, ``events`` (the reference's ``hands`` event).

Compiled with the core (``krugovoy.pxd``): the passing, after every bout, moves the state's own
arrays, as the core does.
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from . import HousePart

if typing.TYPE_CHECKING:
    from ....cards import Card
    from ..state import CoreState

WORDS = "every player passes his hand to the left (R9.12)"


def _pass_left(st: CoreState) -> tuple[int, ...]:
    """Pass the hands (and what is known of them) round; the hands as they were."""
    n, out = st.n, st.outm
    drawn = tuple([st.hm[p] for p in range(n)])
    last = -1
    count = 0
    for p in range(n):
        if not out >> p & 1:
            last = p
            count += 1
    if count < 2:
        return drawn
    carry_h, carry_k = st.hm[last], st.km[last]
    for p in range(n):  # seat p gets the hand of the seat still in before him
        if not out >> p & 1:
            h, k = st.hm[p], st.km[p]
            st.hm[p], st.km[p] = carry_h, carry_k
            carry_h, carry_k = h, k
    return drawn


class PassHandsLeft(HousePart):
    clause = "R9.12"
    values = {"pass_hands_left": frozenset({False, True})}
    piles_grow = True  # (the hands go round; talon and discard as the core leaves them)

    def draw(self, st: CoreState) -> None:
        """Every hand, and what is known of it, goes to the next seat still in."""
        st.extra = {**st.extra, "drawn_hands": _pass_left(st)}

    def drawn_hands(self, st: CoreState) -> tuple[int, ...] | None:
        """The hands before they went round (the bout just ended)."""
        return typing.cast("tuple[int, ...]", st.extra["drawn_hands"])

    def point_events(self, before: CoreState, after: CoreState, point: str,
               who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The passing, told after the draws and who went out."""
        if point != "out" or sum(1 for p in range(after.n) if not after.outm >> p & 1) < 2:
            return []
        return [("hands", WORDS, (), None)]
