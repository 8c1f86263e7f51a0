"""R9.10 (amerikansky, ``defender_throws_in``): when the bout would end in bito — every attacker
has passed or has nothing to throw, and every card is beaten — the defender gets a turn: he
throws in cards of the ranks on the table against himself (R2.4), at most the bout's room (R2.6)
and half his hand, or passes, which ends the bout in bito.

No slots and no move kinds of its own: his turn is the core's state with the defender to act
and nothing to beat (``hold_bout`` gives it him), his menu the core's throw-in menu with his
room, and the core's own throw-in and pass play it (a throw-in gives the turn back to the
defender, who now beats; a pass adds him to the passes, so the bout ends). Refusals and events
carry R9.10's words.

Compiled with the core (``defender_throws_in.pxd``): ``hold_bout`` is asked at every bout's
would-be end and ``moves`` at every defending move, each a typed check on the state's C fields.
"""

from __future__ import annotations

import typing
from collections.abc import Callable

if typing.TYPE_CHECKING:
    from ... import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from ... import cython_shim as cython

if not cython.compiled:  # compiled: the C builtin of cbits.pxd, inlined
    from ..bits import popcount
from ....actions import Action, Draw, Exchange, Pass, TalonAttack, ThrowIn
from ....cards import RANK_MAJOR_POSITION
from . import ACCEPT, Event, HousePart, core_moves, mine

if typing.TYPE_CHECKING:
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["DefenderThrowsIn"]


def turn(st: CoreState) -> bool:
    """Is it the defender's turn to throw in against himself (R9.10)? (Its likeliest "no"
    first: ``moves`` asks it at every defending move.)"""
    return not (st.nub or st.to_act != st.defender or st.opening or st.taking
                or st.to_act < 0)


def self_room(st: CoreState) -> int:
    """R9.10: the bout's limit (R2.6), and never more than half his hand (he beats each)."""
    limit = st.cfg.first_limit if st.bout == 0 else st.cfg.later_limit
    limit -= st.n_attack
    half = popcount(st.hm[st.defender]) // 2
    return limit if limit < half else half


def _hold(st: CoreState) -> bool:
    """``hold_bout``: the defender gets his turn (``st.to_act``) if he may throw in."""
    d = st.defender
    if st.taking or st.nub or st.run >> d & 1 or st.outm >> d & 1:
        return False
    if self_room(st) < 1 or not st.hm[d] & st.ranks:
        return False
    st.to_act = d
    return True


def _room(st: CoreState) -> int:
    room = self_room(st)
    return min(room, 1) if st.cfg.one_at_a_time else room


def _draws(st: CoreState) -> bool:
    """Is R9.17 on (its ``draw`` is then judged as one of the gallery's moves)?"""
    return any(p.clause == "R9.17" for p in st.cfg.parts)


class DefenderThrowsIn(HousePart):
    clause = "R9.10"
    values = {"defender_throws_in": frozenset({False, True})}
    moves_in = frozenset({"defence"})  # (``turn``: the defender to act, nothing to beat)
    piles_grow = True

    def hold_bout(self, st: CoreState) -> bool:
        return _hold(st)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every defending move
        if not turn(st):
            return menu
        moves = core_moves()
        throwable = st.hands[st.to_act] & st.ranks
        out: Menu = moves.Menu(moves.THROW, throwable,
                               room=max(0, min(_room(st), throwable.bit_count())))
        return out

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not turn(st) or isinstance(act, (Exchange, TalonAttack)):
            return None
        if isinstance(act, Draw) and not _draws(st):
            return None  # not one of the gallery's moves here: the core says why (R2.5)
        who = ctx.who(st.to_act)
        if isinstance(act, Pass):
            return ACCEPT
        if not isinstance(act, ThrowIn):
            return ("R9.10", f"every attacker has passed: {who}, the defender, may throw in "
                    f"against himself or pass — not '{act}'")
        h = st.hands[st.to_act]
        for c in act.cards:
            if c.index >= 52 or not h >> RANK_MAJOR_POSITION[c.index] & 1:
                return ("R9.10", f"{c} is not in {who}'s hand")
        for c in act.cards:
            if not st.ranks >> RANK_MAJOR_POSITION[c.index] & 1:
                return ("R9.10", f"no {c.rank} is on the table, so {c} cannot be thrown in "
                        "(R2.4)")
        room = self_room(st)
        if len(act.cards) > room:
            return ("R9.10", f"{who} may throw in {room} card{'s' if room != 1 else ''} "
                    f"against himself: the bout's limit (R2.6) and no more than half his "
                    f"hand, as he must beat each; he throws {len(act.cards)}")
        if st.cfg.one_at_a_time and len(act.cards) > 1:
            return ("R9.10", "throwers other than the main attacker add one card at a time")
        return ACCEPT

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not turn(before) or not isinstance(act, (ThrowIn, Pass)):
            return None
        if isinstance(act, ThrowIn):
            cards = " ".join(map(str, act.cards))
            text = f"{who(before.to_act)} throws in {cards} against himself (R9.10)"
            return [mine(before, act, "action", text, act.cards)]
        text = f"{who(before.to_act)} throws nothing in against himself (R9.10)"
        return [mine(before, act, "action", text)]
