"""R9.40 (s prikupom, ``reserve``): each player has a face-down reserve, unseen by all (its
owner too), which he takes up the moment his hand is empty with the talon empty — in the
middle of a bout too, where R2.10 would have put him out — and plays on.

Slot (``st.extra``, replaced, never changed in place): ``"reserves"``, per seat the rank-major
mask of his reserve not yet taken up (the reference's ``_State.reserves``). Hooks:
``emptied`` (asked by ``apply`` where R2.10 would put a seat out: he takes his
reserve up, privately, like a draw); ``set_aside`` and ``view`` (the reserves are unknown
cards outside the talon and the hands; ``reserve_sizes``); the facade's ``events``.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable

from ....cards import Card, cards_of, to_rank_major, to_suit_major
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ...base import View
    from ..state import CoreState

Reserves = tuple[int, ...]


class Reserve(HousePart):
    clause = "R9.40"
    values = {"reserve": frozenset({False, True})}
    private_events = frozenset({"reserve"})

    def active(self, rules: object) -> bool:
        return bool(getattr(rules, "reserve"))

    def deal(self, d: Deal) -> None:
        """After the hands, a reserve each, one card at a time as R1.1 deals."""
        d.reserve = d.rules.reserve_size

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra = {**st.extra, "reserves": tuple(to_rank_major(m) for m in d.reserves)}
        if any(d.reserves):
            d.events.append(("deal", f"each player is dealt a reserve of {d.reserve} cards face "
                             "down, which nobody sees until he takes it up (R9.40)", None, ()))

    def emptied(self, st: CoreState, seat: int) -> None:
        """His hand and the talon are empty: he takes up his reserve (nobody else sees it)."""
        reserves = typing.cast(Reserves, st.extra["reserves"])
        if reserves[seat]:
            st.hands[seat] |= reserves[seat]
            st.extra = {**st.extra, "reserves": tuple(
                0 if p == seat else m for p, m in enumerate(reserves))}

    def set_aside(self, st: CoreState) -> int:
        """The reserves lie outside the talon and the hands, unseen."""
        return sum(m.bit_count() for m in typing.cast(Reserves, st.extra["reserves"]))

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """How many cards each seat has face down."""
        reserves = typing.cast(Reserves, st.extra["reserves"])
        if not any(reserves):
            return view
        return dataclasses.replace(view, reserve_sizes=tuple(m.bit_count() for m in reserves))

    def point_events(self, before: CoreState, after: CoreState, point: str,
               who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The taking up, where the reference tells it: after the move that emptied the hand
        with the talon already empty, or after the draws."""
        old = typing.cast(Reserves, before.extra["reserves"])
        new = typing.cast(Reserves, after.extra["reserves"])
        mover = before.to_act
        by_move = before.tp == len(before.talon) and old[mover] and not new[mover]
        if point == "move":
            seats = [mover] if by_move else []
        elif point == "draw":
            from ..seats import draw_order  # (seats imports the state, which imports the parts)
            seats = [p for p in draw_order(before) if old[p] and not new[p]
                     and not (p == mover and by_move)]
        else:
            return []
        return [("reserve", f"{who(p)} has no cards left and the talon is empty: he takes up "
                 f"his reserve of {old[p].bit_count()} (R9.40)", _cards(old[p]), p)
                for p in seats]


def _cards(m: int) -> tuple[Card, ...]:
    """The cards of a rank-major mask, in the reference's (suit-major) order."""
    return cards_of(to_suit_major(m))
