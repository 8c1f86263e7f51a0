"""R9.18 (armyansky, ``talon_attack``): once a bout in all, an attacker — the opener, or a
thrower whose turn it is while the bout has room (R2.6) — may play the talon's top face-down
card (``attack talon``), unseen till turned: on an empty table it opens the bout; on a table
with its rank it is thrown in; otherwise it goes to his hand, seen by all, as his pass.

Slot: ``st.extra["r9.18"]``, the once-a-bout mark (``once.py``, seat -1: anyone). Move kind 21
(``TALON``, payload 0), listed after R9.26's exchange. Applied as the core's own attack, throw-in
or pass of the turned card, put in his hand first: those moves then do what the reference's
``_apply_talon_attack`` does.

Compiled with the core (``talon_attack.pxd``, issue 25): ``moves`` is asked at every opening and
throw-in while the talon has a face-down card (``_offers``, in C).
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from ....actions import Action, TalonAttack
from ....cards import RANK_MAJOR_CARDS
from ..bits import MOVE_SHIFT
from . import ACCEPT, Event, HousePart, mine, retire, room
from .once import made, mark

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["TalonAttackPart", "TALON"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
TALON = 21
SLOT = "r9.18"
_TALON = TalonAttack()


def _free(st: CoreState) -> int:
    """Face-down cards over the trump card."""
    left = len(st.talon) - st.tp
    return left - (1 if left and st.trump_pos >= 0 else 0)


def _verdict(st: CoreState, who: str) -> tuple[str, str] | None:
    if made(st, SLOT, -1):
        return ("R9.18", "the talon's top card has been played once in this bout already")
    if _free(st) < 1:
        return ("R9.18", "no face-down card lies over the trump card: nothing to attack with")
    if st.opening:
        return None
    if st.to_act == st.defender and not st.taking:
        return ("R9.18", f"{who} is defending: only an attacker plays the talon's top card")
    if room(st) < 1:
        return ("R9.18", "no more attack cards may join this bout (R2.6)")
    return None


#: ``moves.extended`` and ``checks.room``, imported on first use (the core imports the parts),
#: called straight from here: the menu asks at every opening and throw-in
_EXTENDED: typing.Any = None
_ROOM: typing.Any = None
#: the part's one move, as ``extended`` lists it (shared: a menu never changes its list)
_OWN = [TALON << SHIFT]


def _core() -> None:
    global _EXTENDED, _ROOM
    from ..checks import room as core_room
    from ..moves import extended as core_extended
    _EXTENDED, _ROOM = core_extended, core_room


def _offers(st: CoreState) -> bool:
    """May the seat to act play the talon's top card (``_verdict`` is ``None``)? Asked at
    every opening and throw-in: the plain fields first (with the talon used up, most of a
    game's moves), R2.6's room last; each only reads."""
    left = len(st.talon) - st.tp
    if left - (1 if left and st.trump_pos >= 0 else 0) < 1:  # _free(st) < 1
        return False
    if made(st, SLOT, -1):
        return False
    if st.opening:
        return True
    if st.to_act == st.defender and not st.taking:
        return False
    if _ROOM is None:
        _core()
    return bool(_ROOM(st) >= 1)


def _joins(st: CoreState, card: int) -> bool:
    """Does the turned card go on the table (it opens the bout, or its rank is there)?"""
    return st.opening or bool(st.ranks >> card & 1)


class TalonAttackPart(HousePart):
    clause = "R9.18"
    values = {"talon_attack": frozenset({False, True})}
    kinds = (TALON,)
    moves_in = frozenset({"opening", "throw"})  # (``_verdict``: never the defender defending)
    apply_own_only = True
    piles_grow = True  # (a draw from the talon)

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra[SLOT] = (st.bout, 0)  # nobody has made the move yet

    def draw(self, st: CoreState) -> None:
        """After the bout's draw: with no free card left in the talon (the trump card under it is not attacked with) and no card coming back to the talon (no part's
        ``bito`` puts the table there, R9.13), the move is never made again: the part retires,
        and the core stops asking it."""
        left = len(st.talon) - st.tp
        if left - (1 if left and st.trump_pos >= 0 else 0) < 1 and not st.cfg.hooks.bito:
            retire(st, self)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every attacker's move
        if not _offers(st):
            return menu
        if _EXTENDED is None:
            _core()
        out: Menu = _EXTENDED(menu, _OWN)
        return out

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not isinstance(act, TalonAttack):
            return None
        return _verdict(st, ctx.who(st.to_act)) or ACCEPT

    def apply(self, st: CoreState, move: int) -> bool:
        if move >> SHIFT != TALON:
            return False
        from ..apply import apply
        from ..moves import ATTACK, PASS, THROW
        seat = st.to_act
        mark(st, SLOT, -1)
        card = st.talon[st.tp]
        st.tp += 1
        st.hands[seat] |= 1 << card
        if st.opening:
            apply(st, ATTACK << SHIFT | 1 << card)
        elif st.ranks >> card & 1:
            apply(st, THROW << SHIFT | 1 << card)
        else:  # no card of its rank on the table: he keeps it, seen by all, and passes
            st.known[seat] |= 1 << card
            apply(st, PASS << SHIFT)
        return True

    def action(self, move: int) -> Action:
        return _TALON

    def encode(self, act: Action) -> int | None:
        return TALON << SHIFT if isinstance(act, TalonAttack) else None

    def laid(self, before: CoreState, act: Action) -> tuple[int, ...]:
        if not isinstance(act, TalonAttack):
            return ()
        card = before.talon[before.tp]
        return (card,) if _joins(before, card) else ()

    def talon_used(self, before: CoreState, act: Action) -> int:
        return 1 if isinstance(act, TalonAttack) else 0

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, TalonAttack):
            return None
        pos = before.talon[before.tp]
        card = RANK_MAJOR_CARDS[pos]
        if before.opening:
            text = f"{who(before.to_act)} attacks with the talon's top card, {card} (R9.18)"
        elif _joins(before, pos):
            text = f"{who(before.to_act)} throws in the talon's top card, {card} (R9.18)"
        else:
            text = (f"{who(before.to_act)} turns the talon's top card, {card}: no {card.rank} is "
                    "on the table, so he keeps it and passes (R9.18)")
        return [mine(before, act, "action", text, (card,), False)]
