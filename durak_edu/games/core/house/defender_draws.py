"""R9.17 (vtoraya popytka, ``defender_draws``): once a bout the defender facing a card that no
card of his hand beats may draw one card from the talon (the move ``draw``), then defends on
with it or takes. The card is his secret, but for the trump card drawn last (seen by all, R0).

Slot: ``st.extra["r9.17"]``, the bout and the seats that drew (``once.py``). Move kind 22
(``DRAW``, payload 0), listed after R9.26's and R9.18's moves (the reference's ``_gallery_options``).

Compiled with the core (``defender_draws.pxd``, issue 25): ``moves`` is asked at every defending
move while the talon lasts (``_offers``, in C on the state's arrays).
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from ....actions import Action, Draw
from ....cards import RANK_MAJOR_CARDS
from ..bits import MOVE_SHIFT
from . import ACCEPT, Event, HousePart, mine, retire
from .once import made, mark

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["DefenderDraws", "DRAW"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
DRAW = 22
SLOT = "r9.17"
_DRAW = Draw()


def _verdict(st: CoreState, who: str) -> tuple[str, str] | None:
    """Why the seat to act may not draw a second try now (``None``: he may)."""
    seat = st.to_act
    defending = seat == st.defender and not st.opening and not st.taking
    if not defending or not st.nub:
        return ("R9.17", f"only the defender, facing a card, may draw a second try; {who} may "
                "not draw now")
    if made(st, SLOT, seat):
        return ("R9.17", f"{who} has had his second try in this bout already")
    if st.tp == len(st.talon):
        return ("R9.17", "the talon is empty: there is no card to draw")
    h, beat = st.hands[seat], st.cfg.beat
    if all(h & beat[st.ta[i]] for i in range(st.settled, len(st.ta)) if st.td[i] < 0):
        return ("R9.17", f"{who} can beat every card on the table: draw a second try only when "
                "some card cannot be beaten")
    return None


#: ``moves.extended``, imported on first use (the core imports the parts), called straight
#: from here: the menu asks at every defending move
_EXTENDED: typing.Any = None
#: the part's one move, as ``extended`` lists it (shared: a menu never changes its list)
_OWN = [DRAW << SHIFT]


def _offers(st: CoreState) -> bool:
    """May the seat to act draw a second try (``_verdict`` is ``None``)? Asked at every
    defending move: the plain fields first, then the table (compiled: the state's arrays);
    each only reads."""
    seat = st.to_act
    if (seat != st.defender or st.opening or st.taking or not st.nub
            or st.tp == len(st.talon) or made(st, SLOT, seat)):
        return False
    h, beat = st.hm[seat], st.cfg.beat
    for i in range(st.settled, st.nt):
        if st.tdm[i] < 0:
            b = beat[st.tam[i]]  # (compiled: a C mask)
            if not h & b:  # a card he cannot beat
                return True
    return False


class DefenderDraws(HousePart):
    clause = "R9.17"
    values = {"defender_draws": frozenset({False, True})}
    kinds = (DRAW,)
    moves_in = frozenset({"defence"})  # (``_verdict``: only the defender, facing a card)
    apply_own_only = True
    piles_grow = True  # (a draw from the talon)

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra[SLOT] = (st.bout, 0)  # nobody has made the move yet

    def draw(self, st: CoreState) -> None:
        """After the bout's draw: with the talon used up and no card coming back to the talon (no part's
        ``bito`` puts the table there, R9.13), the move is never made again: the part retires,
        and the core stops asking it."""
        if st.tp == len(st.talon) and not st.cfg.hooks.bito:
            retire(st, self)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every defending move
        global _EXTENDED
        if not _offers(st):
            return menu
        if _EXTENDED is None:
            from ..moves import extended as core_extended
            _EXTENDED = core_extended
        out: Menu = _EXTENDED(menu, _OWN)
        return out

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not isinstance(act, Draw):
            return None
        return _verdict(st, ctx.who(st.to_act)) or ACCEPT

    def apply(self, st: CoreState, move: int) -> bool:
        if move >> SHIFT != DRAW:
            return False
        seat = st.to_act
        mark(st, SLOT, seat)
        pos = st.talon[st.tp]
        st.tp += 1
        st.hands[seat] |= 1 << pos
        if pos == st.trump_pos:
            st.known[seat] |= 1 << pos  # the face-up trump card, seen by all (R0)
        return True

    def action(self, move: int) -> Action:
        return _DRAW

    def encode(self, act: Action) -> int | None:
        return DRAW << SHIFT if isinstance(act, Draw) else None

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, Draw):
            return None
        got = (RANK_MAJOR_CARDS[before.talon[before.tp]],)
        text = f"{who(before.to_act)} draws a second try (R9.17)"
        return [mine(before, act, "draw", text, got, True)]
