"""R9.50 (diky, ``joker_beat_ends_bout``) as a part of the core: when a joker beats, the bout
ends at once as bito — the cards still unbeaten go to the discard pile with the rest, and
nobody throws in.

The wild cards themselves (what they cover, what covers them) are ``verdict``'s (R9.50 there)
and their having no rank is the jokers' part's (``jokers.py``); this part only ends the bout.
It needs no hook of its own: ``played`` sees the joker's beat before the core applies it,
leaves one card to beat (``st.nub``), so the beat leaves none, and fills the bout's R2.6 limit
(``st.n_attack``), so nobody has room to throw in: R2.5's priority finds no thrower and the
core ends the bout as a bito (``apply._end_bout`` discards every card on the table, the
unbeaten ones too), in the same move. No position ever rests on a joker's beat, so no
throw-in is ever refused for it, and the part narrows no menu (``hooks.Hooks.menu_free``):
a playout counts diky's moves from numbers.
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


class JokerEndsBout(HousePart):
    clause = "R9.50"
    values = {"joker_beat_ends_bout": frozenset({False, True})}
    piles_grow = True  # (the joker's bito goes to the discard, as any bito)

    def active(self, rules: object) -> bool:
        return bool(getattr(rules, "joker_beat_ends_bout", False))

    def played(self, st: CoreState, move: int) -> None:
        """A joker's beat: leave only the beaten card to beat, and no room to throw in."""
        if move >> MOVE_SHIFT == _BEAT and move & _LOW in _JOKERS:
            st.nub = 1  # the core counts the beaten card off: nothing is left to beat
            # R2.6's limit reached (checks.room): the bout ends at once, nobody throws in
            st.n_attack = st.cfg.first_limit if st.bout == 0 else st.cfg.later_limit
