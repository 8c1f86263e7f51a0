"""R9.23 (nevidimy, ``trump_card_hidden``): the trump card lies face down under the talon until
a bout's drawing leaves one card in it; a drawing that empties the talon in one go takes it
unseen, and then nobody but its holder knows it.

Slot (``st.extra``, replaced, never changed in place): ``"trump_hidden"``, the reference's
``not trump_shown``. Hooks: ``draw`` (turn it up, or keep a card drawn unseen
out of ``known``); ``view`` (``trump_card`` is ``None`` and the card is unknown while face
down); ``events`` (the turning up, in the reference's words). Not with R9.13 (``covers``).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable

from ....cards import RANK_MAJOR_CARDS, Card, cards_of, mask_of
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ...base import View
    from ..state import CoreState


class TrumpHidden(HousePart):
    clause = "R9.23"
    not_with = ("a face-down trump card is not played with R9.13's bitos shuffled back into the "
                "talon (they would take the face-down card into the talon's middle)")
    values = {"trump_card_hidden": frozenset({False, True})}

    def covers(self, rules: object) -> bool:
        """Not with R9.13: a bito shuffled back takes the face-down card into the talon's
        middle, where the reference still tracks it as "the trump card" (turned up with one card
        left, known when drawn); the core's ``trump_pos`` is the talon's bottom card."""
        return not getattr(rules, "every_second_bito_back")

    def deal(self, d: Deal) -> None:
        d.face_down = True

    def dealt(self, st: CoreState, d: Deal) -> None:
        """Face down while the talon holds more than the trump card (the reference's
        ``trump_shown``), and the deal's words say so."""
        hidden = len(st.talon) > 1
        st.extra = {**st.extra, "trump_hidden": hidden}
        if hidden and d.trump_card is not None:
            d.events.append(("trump", f"trump suit {d.trump}: the trump card lies face down "
                             "under the talon until one card is left (R9.23)", None, ()))

    def draw(self, st: CoreState) -> None:
        """One card left: it is turned up. The talon emptied while it lay face down: it was
        drawn unseen, so it is not known (the core's draw marked it) and ``trump_pos`` no
        longer names it (so no later draw marks it)."""
        if not st.extra["trump_hidden"] or st.trump_pos < 0:
            return
        left = len(st.talon) - st.tp
        if left == 1:
            st.extra = {**st.extra, "trump_hidden": False}
        elif not left:
            unseen = ~(1 << st.trump_pos)
            for p in range(st.n):
                st.known[p] &= unseen
            st.trump_pos = -1

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """Face down: no ``trump_card``, and while under the talon it is one of the unknown
        cards there."""
        if not st.extra["trump_hidden"]:
            return view
        if st.trump_pos < 0 or st.tp == len(st.talon):
            return dataclasses.replace(view, trump_card=None)
        card = RANK_MAJOR_CARDS[st.trump_pos]
        return dataclasses.replace(
            view, trump_card=None, unknown=cards_of(mask_of(view.unknown) | card.mask),
            in_talon=tuple(c for c in view.in_talon if c != card),
            unknown_in_talon=view.unknown_in_talon + 1)

    def point_events(self, before: CoreState, after: CoreState, point: str,
               who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The reference's words, after the draws, when the drawing turned the card up."""
        if point == "draw" and before.extra["trump_hidden"] and not after.extra["trump_hidden"]:
            card = RANK_MAJOR_CARDS[after.trump_pos]
            return [("trump", f"one card is left: the trump card {card} is turned face up "
                              "(R9.23)", (card,), None)]
        return []
