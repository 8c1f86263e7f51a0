"""R9.29 (dvoynoy, ``twin_beats``) as a part of the core: a card beats its identical twin, and
once one has, nobody throws in for the rest of the bout (a transfer still may).

The beating itself is ``verdict``'s (hook ``beats``: the house rule in ``BeatRules``, so the
beater masks and their words are ``verdict.judge``'s). Hooks ``throw_block`` (the room is 0 while a defence card on the table is its attack card's twin, as
R9.16's 9♦) and ``out_of_turn`` (the words of a throw-in out of turn then), in the reference's
words. Two decks only: in the wide copy's layout a card's twin is the next position
(``layout.py``: ``pos ^ 1``).
"""

from __future__ import annotations

import dataclasses
import typing

from ....actions import Action, ThrowIn
from ..layout import CARDS
from . import HousePart

if typing.TYPE_CHECKING:
    from ...verdict import BeatRules
    from ..state import CoreState


class TwinBeats(HousePart):
    clause = "R9.29"
    values = {"twin_beats": frozenset({False, True})}
    wide = True

    def beats(self, rules: BeatRules) -> BeatRules:
        """A card beats its twin (``verdict``'s house rule ``twin_beats``)."""
        return dataclasses.replace(rules, house=rules.house | {"twin_beats"})

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        """Blocked while an attack card on the table is beaten by its twin (a take does not
        lift it)."""
        for a, d in zip(st.ta, st.td):
            if d >= 0 and d == a ^ 1:
                card = CARDS[a]
                return ("R9.29", f"{card} was beaten by its twin {card.twin}: nobody may throw "
                        "in now (dvoynoy)")
        return None

    def out_of_turn(self, st: CoreState, act: Action) -> tuple[str, str] | None:
        if isinstance(act, ThrowIn) and self.throw_block(st) is not None:
            return ("R9.29", "a card was beaten by its twin: nobody may throw in for the rest of "
                    "this bout (dvoynoy); ")
        return None
