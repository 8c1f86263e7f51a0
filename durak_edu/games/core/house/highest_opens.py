"""R9.6 (zanudny, ``attack_with_highest``): a bout is opened only with cards of the opener's
highest rank (a trump counts by its rank like any card); throwing in and beating are as usual."""

from __future__ import annotations

import typing

from ....actions import Attack
from ....cards import RANK_MAJOR_POSITION
from . import HousePart

if typing.TYPE_CHECKING:
    from ....actions import Action
    from ..refuse import Context
    from ..state import CoreState

_POS = RANK_MAJOR_POSITION


def highest(hand: int) -> int:
    """The cards of ``hand``'s highest rank (a rank-major mask: the top nibble held)."""
    if not hand:
        return 0
    return hand & 0xF << ((hand.bit_length() - 1) & ~3)


class HighestOpens(HousePart):
    clause = "R9.6"
    not_with = ("the highest card opens as a single card: not with R4 D's pairs "
                "(attack_shape='pair_only') nor R9.7's threes (attack_shape='three')")
    values = {"attack_with_highest": frozenset({False, True})}

    def covers(self, rules: object) -> bool:
        """The reference narrows the singles but not R4 D's pairs nor R9.7's size: those
        shapes stay on the reference with this rule."""
        return getattr(rules, "attack_shape", "rank") not in ("pair_only", "three")

    def opening(self, st: CoreState, hand: int) -> int:
        return highest(hand)

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """An opening attack with a card below the highest rank (once every card is held: the
        core says first which is not)."""
        if not st.opening or not isinstance(act, Attack):
            return None
        h = st.hands[st.to_act]
        if any(c.index >= 52 or not h >> _POS[c.index] & 1 for c in act.cards):
            return None
        top = highest(h)
        low = [c for c in act.cards if not top >> _POS[c.index] & 1]
        if low:
            return ("R9.6", f"open only with your highest rank (zanudny); {low[0]} is not of it")
        return None
