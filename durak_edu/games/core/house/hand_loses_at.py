"""R9.21 (bolshoy, dvoynoy: ``hand_loses_at``) as a part of the core: a player who picks up the
table and so holds ``hand_loses_at`` cards or more loses at once.

Hooks: ``dealt`` (the limit, slot ``"r9.21"`` of ``st.extra``); ``bout_end`` (the
pick-up made, the table still laid: the game ends there, nobody draws — ``apply._end_bout``
stops); ``score`` (the ``Result``'s reason) and ``over_words`` (the game-over event), in the
reference's words. The pick-up is the only move that makes a hand grow past the hand size, so
it is the only point checked (docs/rules.md R9.21). Not with R5 (a team loses) or R9.28 (the
points decide): ``covers``.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable

from . import HousePart

if typing.TYPE_CHECKING:
    from ...base import Result
    from ..deal import Deal
    from ..state import CoreState

#: the slot: the limit, and (the game over by it) the seat and the cards he held
SLOT = "r9.21"
_OVER = "r9.21 over"


class HandLosesAt(HousePart):
    clause = "R9.21"
    not_with = ("R9.21's limit ends the game inside a bout: not with teams (R5), a scoring form "
                "(R9.28) or a house rule whose bout's end it would cut short (of those, R9.16's "
                "pick-up and R9.29 go with it)")
    values: dict[str, frozenset[object]] = {}  # every limit (state.COVERED["hand_loses_at"])
    wide = True

    def active(self, rules: object) -> bool:
        return getattr(rules, "hand_loses_at") is not None

    def covers(self, rules: object) -> bool:
        """Not with teams (R5) or a scoring form (R9.28); of the other parts, only those whose
        bout's end it cannot cut short (R9.16's pick-up, R9.29)."""
        from . import active_parts
        from .take_first_only import TakeFirstOnly
        from .twin_beats import TwinBeats
        return (not getattr(rules, "teams") and getattr(rules, "scoring") == "durak"
                and all(isinstance(p, (HandLosesAt, TakeFirstOnly, TwinBeats))
                        for p in active_parts(rules)))

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra = {**st.extra, SLOT: getattr(d.rules, "hand_loses_at")}

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """The taker holds the limit or more: he is the durak now (R2.12's epaulettes if the
        bout was sixes), everyone else wins, those out in their order."""
        most = typing.cast(int, st.extra[SLOT])
        if not took or st.hands[st.defender].bit_count() < most:
            return
        st.end = (st.defender, True, tuple(st.ta))
        st.to_act = -1
        st.extra = {**st.extra, _OVER: (st.defender, st.hands[st.defender].bit_count())}

    def score(self, st: CoreState, result: Result) -> Result:
        over = st.extra.get(_OVER)
        if over is None:
            return result
        seat, held = typing.cast("tuple[int, int]", over)
        return dataclasses.replace(result, reason=f"{_who(result, seat)} holds {held} cards, "
                                   f"{st.extra[SLOT]} or more (R9.21)")

    def over_words(self, st: CoreState, result: Result, who: Callable[[int], str]) -> str | None:
        over = st.extra.get(_OVER)
        if over is None:
            return None
        seat, held = typing.cast("tuple[int, int]", over)
        return (f"game over: {who(seat)} holds {held} cards, {st.extra[SLOT]} or more, and loses "
                f"at once (R9.21); {result}")


def _who(result: Result, seat: int) -> str:
    """A seat as the reference names it (``Game._who``), from the result's names."""
    name = result.names[seat] if seat < len(result.names) else f"seat {seat}"
    return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"
