"""R9.22, R9.33, R9.44, R9.47 and R9.49, the jokers (``deck=53`` or ``54``, ``jokers=...``) as a part of the core.

A joker's position is its ``Card.index`` (52 the black, 53 the red): after every suited card,
as the listing order has it, and inside a 64-bit mask. Its beating (every reading) is
``verdict.judge``'s, so the beater masks need nothing here. A joker has no rank: it opens a bout
only alone (``bits.rank_counts_multi`` never counts the joker nibble), is never thrown in
(``checks.table_ranks`` never holds its nibble), never transfers, and an attack with a joker
cannot be transferred (the ``moves`` hook); the ``refuse`` hook says so in the reference's words.
R9.49 (volshebny) gives the two jokers a rank of their own for leading and transferring only:
both may be led together, and a joker led is transferred with the other joker (the core's own
transfer of the joker nibble, which the other readings take away); the cards that change hands
then are ``joker_gives.py``'s.
"""

from __future__ import annotations

import typing

from ....actions import Action, Attack, ThrowIn, Transfer
from ....cards import card_at
from . import HousePart

if typing.TYPE_CHECKING:
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["JOKERS", "Jokers"]

#: the two jokers' positions, as a mask
JOKERS = 3 << 52
_COLOUR = ("by_colour", "by_colour_no_trump")
_BEAT = 2  # moves.BEAT (not imported: the core imports the parts)
_WHAT = {Attack: "opens a bout only alone", ThrowIn: "is never thrown in",
         Transfer: "never transfers an attack"}


class Jokers(HousePart):
    clause = "R9.22"
    not_with = ("jokers are played with the rank attack only (not R4's shapes), and R9.33's "
                "colour jokers not with transfers (R3) or R2.12's plain six, which read one "
                "trump")
    values = {"deck": frozenset({53, 54}),
              "jokers": frozenset({"beat_all", "novosibirsk", "by_colour", "by_colour_no_trump",
                                   "own_colour", "estonsky", "volshebny"})}

    def active(self, rules: object) -> bool:
        """On with a deck that holds jokers."""
        return getattr(rules, "deck", 36) in (53, 54)

    def covers(self, rules: object) -> bool:
        """The rank attack only (R4's shapes count a joker as an odd card: not played here);
        R9.33's two trump suits without transfers or R2.12's plain six, which read one trump."""
        if getattr(rules, "attack_shape", "rank") != "rank":
            return False
        return getattr(rules, "jokers", "") not in _COLOUR or not (
            getattr(rules, "transfer", False) or getattr(rules, "epaulettes_need_plain_six", False))

    def defence(self, st: CoreState, menu: Menu) -> Menu:
        """No transfer while a joker is to be beaten. (No joker is thrown in: its nibble is
        never a table rank, ``checks.table_ranks``.)"""
        if menu.kind != _BEAT or not menu.same:
            return menu  # no transfer listed: nothing to take away
        if st.cfg.beat_rules.jokers == "volshebny":
            return menu  # R9.49: a joker is transferred with the other (the joker nibble)
        for a, _ in menu.targets:
            if a >= 52:
                menu.same = menu.sizes = menu.show = 0
                break
        return menu

    def refuse_held(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """R9.22's refusals, asked where the reference asks them (after "not held")."""
        if not isinstance(act, (Attack, ThrowIn, Transfer)):
            return None
        if st.cfg.beat_rules.jokers == "volshebny" and not isinstance(act, ThrowIn):
            return _volshebny(st, act)
        joker = next((c for c in act.cards if c.is_joker), None)
        if isinstance(act, Transfer) and joker is None:
            table = next((a for a, d in zip(st.ta, st.td) if d < 0 and a >= 52), None)
            if table is not None:
                return ("R9.22", f"{card_at(table)} has no rank: an attack with a joker cannot "
                        "be transferred")  # a joker's position is its index
        if joker is None or (isinstance(act, Attack) and len(act.cards) == 1):
            return None
        return ("R9.22", f"{joker} has no rank: a joker {_WHAT[type(act)]}")


def _volshebny(st: CoreState, act: Attack | Transfer) -> tuple[str, str] | None:
    """R9.49: the jokers lead alone or together, never with a suited card, and a joker led is
    transferred only with the other joker (the rank checks that follow are the core's)."""
    jokers = [c for c in act.cards if c.is_joker]
    if jokers and len(jokers) < len(act.cards):
        return ("R9.49", f"{jokers[0]} has no rank: the jokers go alone or together, never with "
                "a suited card (volshebny)")
    if isinstance(act, Transfer) and not jokers:
        table = next((a for a, d in zip(st.ta, st.td) if d < 0 and a >= 52), None)
        if table is not None:
            return ("R9.49", f"{card_at(table)} is transferred only with the other joker "
                    "(volshebny)")
    return None
