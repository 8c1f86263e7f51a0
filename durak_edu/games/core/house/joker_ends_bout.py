"""R9.50 (diky, ``joker_beat_ends_bout``) as a part of the core: when a joker beats, the bout
ends at once as bito — the cards still unbeaten go to the discard pile with the rest, and
nobody throws in.

The wild cards themselves (what they cover, what covers them) are ``verdict``'s (R9.50 there)
and their having no rank is the jokers' part's (``jokers.py``); this part only ends the bout.
It needs no hook of its own: ``played`` sees the joker's beat before the core applies it and
leaves one card to beat (``st.nub``), so the beat leaves none; ``throw_block`` then gives
nobody room, so R2.5's priority finds no thrower and the core ends the bout as a bito
(``apply._end_bout`` discards every card on the table, the unbeaten ones too). Slot
``st.extra["r9.50"]``: the bout in which a joker beat.
"""

from __future__ import annotations

import typing

from ..bits import BEAT_SHIFT, MOVE_SHIFT
from . import HousePart

if typing.TYPE_CHECKING:
    from ..state import CoreState

__all__ = ["JokerEndsBout"]

_BEAT = 2  # moves.BEAT (not imported: the core imports the parts)
_LOW = (1 << BEAT_SHIFT) - 1  # a beat's payload is ``target << BEAT_SHIFT | card``
_JOKERS = (52, 53)  # the jokers' positions (layout.py; the wide copy has none)
_SLOT = "r9.50"


class JokerEndsBout(HousePart):
    clause = "R9.50"
    values = {"joker_beat_ends_bout": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        return bool(getattr(rules, "joker_beat_ends_bout", False))

    def played(self, st: CoreState, move: int) -> None:
        """A joker's beat: note the bout, and leave only the beaten card to beat."""
        if move >> MOVE_SHIFT == _BEAT and move & _LOW in _JOKERS:
            st.extra[_SLOT] = st.bout
            st.nub = 1  # the core counts the beaten card off: nothing is left to beat

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        if st.extra.get(_SLOT) == st.bout and any(d in _JOKERS for d in st.td):
            return ("R9.50", "a joker has beaten: the bout ends as bito (diky)")
        return None
