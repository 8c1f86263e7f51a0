"""R9.4 (chukotsky, ``talon_removed``): after the deal the rest of the deck, trump card and
all, leaves the game face down; everyone plays only what he was dealt.

The core plays it as a game with no talon (hook ``deal``: the deal removes the rest;
a position reads an empty talon), so a player who plays his last card is
out at once (R2.10). What differs is what a seat
knows (R0): the cards put away are unknown and in no hand, and the trump card, shown as it
went, is neither in a hand nor unknown. Slot: ``"removed"`` (``st.extra``), the rank-major mask
of the cards put away, and ``"shown"``, the trump card's mask among them.
"""

from __future__ import annotations

import dataclasses
import typing

from ....cards import RANK_MAJOR_POSITION, Card, cards_of, to_suit_major
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ...base import View
    from ..state import CoreState


class TalonRemoved(HousePart):
    clause = "R9.4"
    values = {"talon_removed": frozenset({False, True})}

    def deal(self, d: Deal) -> None:
        """After the trump is turned, the rest of the deck leaves the game (its words)."""
        d.remove = True
        d.trump_where = ", put out of the game with the rest of the deck (R9.4)"

    def dealt(self, st: CoreState, d: Deal) -> None:
        self._slots(st, d.removed, d.trump_card)

    @staticmethod
    def _slots(st: CoreState, out: tuple[Card, ...], tc: Card | None) -> None:
        removed = shown = 0
        for c in out:
            if c.index < 52:
                removed |= 1 << RANK_MAJOR_POSITION[c.index]
        if tc is not None and tc in out:
            shown = 1 << RANK_MAJOR_POSITION[tc.index]
        st.extra = {**st.extra, "removed": removed, "shown": shown}

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """As the reference's ``_view_with_removed``: the cards put away count as unknown cards
        outside the hands (``unknown_in_talon``), so nothing about the hands is deduced. With
        nothing put away (the whole deck dealt, or a set-up position) the view is the core's
        own, which deduces as it does everywhere (R0)."""
        removed = typing.cast(int, st.extra["removed"])
        if not removed:
            return view
        shown = typing.cast(int, st.extra["shown"])
        known = {p: st.known[p] for p in range(st.n) if p != seat}
        unknown = removed & ~shown
        for p in known:
            unknown |= st.hands[p] & ~st.known[p]
        return dataclasses.replace(
            view, known={p: cards_of(to_suit_major(m)) for p, m in known.items()},
            unknown=cards_of(to_suit_major(unknown)), talon_size=0, in_talon=(), set_aside=0,
            unknown_in_talon=(removed & ~shown).bit_count())
