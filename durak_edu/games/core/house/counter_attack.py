"""R9.39 (pribaltiysky, ``counter_attack``): a defender beating a lone, unbeaten attack card may
add cards of his beating card's rank (``beat 9♣ 10♣ add 10♠``): the beaten card goes to the
discard pile and the bout turns round — he attacks the main attacker with his beating card and
the added ones, at most as many as that player holds and the bout allows (R2.6).

No slots. Move kind 24 (``COUNTER``), payload ``target << 10 | card << 4 | added`` (the added
cards as a nibble of the beating card's rank: 58 bits hold no three card masks), listed last
(the reference's ``_gallery_options``): by beating card, lowest first, then the added cards by size
and ``combinations`` order.

Compiled with the core (``counter_attack.pxd``): its menu hook is asked at every defending move,
and ``_counters`` reads the state's own arrays, as the core does.
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

if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from ..bits import bitlen, lowest, popcount
from ....actions import Action, Beat, Counter
from ....cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION
from ..bits import MOVE_SHIFT, subsets
from . import ACCEPT, Event, HousePart, mine

if typing.TYPE_CHECKING:
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["CounterAttack", "COUNTER"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
COUNTER = 24
_PAYLOAD = (1 << SHIFT) - 1
_COUNTER = COUNTER << SHIFT
_ONE = 1  # (compiled: unsigned 64-bit, as the masks)
_NIBBLE = 0xF  # (the same: a rank's four positions)
#: ``moves.extended``, imported on first use (the core imports the parts)
_EXTENDED: typing.Any = None


#: ``_ADDED[nibble][most]``: the cards of one rank's ``nibble`` that may be added, at most
#: ``most`` of them, as the menu lists them (``bits.subsets``: by size, then combinations
#: order); the beating card's rank holds at most three others
_ADDED = [[tuple(subsets(nibble, most)) for most in range(4)] for nibble in range(16)]


def _limit(st: CoreState) -> int:
    return st.cfg.first_limit if st.bout == 0 else st.cfg.later_limit


def _counters(st: CoreState) -> list[int]:
    """The counters the seat to act may make, in the menu's order (none: an empty list)."""
    seat, foe = st.to_act, st.attacker
    extra: list[int] = []
    # asked at every defending move: the plain fields first (``nt``: ``len(st.ta)``)
    if (st.nt != 1 or seat != st.defender or st.taking or st.outm >> foe & 1
            or st.tdm[0] >= 0):
        return extra
    most = min(popcount(st.hm[foe]), _limit(st)) - 1  # cards he may add
    if most <= 0:
        return extra
    most = min(most, 3)  # (the beating card's rank holds at most three others)
    target = st.tam[0]
    h = st.hm[seat]
    x = h & st.cfg.beat[target]
    while x:
        b = x & ~(x - 1)
        x ^= b
        card = bitlen(b) - 1
        same = h >> (card & ~3) & 0xF & ~(_ONE << (card & 3))
        if same:
            head = _COUNTER | target << 10 | card << 4
            for g in _ADDED[same][most]:
                extra.append(head | g)
    return extra


def _verdict(st: CoreState, act: Counter, ctx: Context) -> tuple[str, str] | None:
    """Why the seat to act may not make this counter now (``None``: he may), in the
    reference's order (its ``_diagnose_counter``)."""
    seat = st.to_act
    if seat != st.defender or st.opening or st.taking:
        return ("R9.39", f"only the defender, beating, may add cards; {ctx.who(seat)} may not "
                "now")
    if len(st.ta) != 1:
        return ("R9.39", "add cards only when beating a lone attack card: the table holds "
                f"{len(st.ta)}")
    from ..refuse import refuse
    err = refuse(st, Beat(act.target, act.card), ctx)  # the beat itself, in R2.3's words
    if err:
        return ("R9.39", err[1])
    bad = [c for c in act.extra if c.rank != act.card.rank]
    if bad:
        return ("R9.39", f"the cards added are of the beating card's rank, {act.card.rank}; "
                f"{bad[0]} is not")
    h = st.hands[seat]
    for c in act.extra:
        if c.index >= 52 or not h >> RANK_MAJOR_POSITION[c.index] & 1:
            return ("R9.39", f"{c} is not in {ctx.who(seat)}'s hand")
    foe = st.attacker
    need, held, limit = 1 + len(act.extra), st.hands[foe].bit_count(), _limit(st)
    if st.outm >> foe & 1 or need > min(held, limit):
        return ("R9.39", f"{ctx.who(foe)} would have {need} cards to beat but holds {held} "
                f"(the bout allows {limit}, R2.6)")
    return None


def _counter(st: CoreState, move: int) -> None:
    """Play the counter ``move``: the beaten card discarded, the beating card and the added
    ones laid as the new attack, the bout turned round (compiled: the state's C fields)."""
    m = move & _PAYLOAD
    card = m >> 4 & 63
    target = m >> 10
    added = (m & 0xF) << (card & ~3)
    seat, foe = st.to_act, st.attacker
    st.discard.append(target)  # the beaten card, seen by all
    new = [card]
    x = added
    while x:
        new.append(lowest(x))
        x &= x - 1
    st.ta = new  # (``ta`` before ``td``: state.py)
    st.td = [-1] * len(new)
    st.attacker = st.opener = seat  # the bout turned round (our decision)
    st.defender = foe
    st.n_attack = st.nub = len(new)
    st.ranks = _NIBBLE << (card & ~3)
    st.settled = st.shown = st.run = 0
    laid = _ONE << card | added
    st.hm[seat] &= ~laid
    st.km[seat] &= ~laid
    if not st.hm[seat] and st.tp == len(st.talon) and not st.outm >> seat & 1:
        st.out = st.out + (seat,)  # R2.10: out at once
        st.outm |= _ONE << seat
    st.to_act = foe


def _decode(move: int) -> tuple[int, int, int]:
    """The move's target, beating card and added cards (a mask)."""
    m = move & _PAYLOAD
    card = m >> 4 & 63
    return m >> 10, card, (m & 0xF) << (card & ~3)


class CounterAttack(HousePart):
    clause = "R9.39"
    values = {"counter_attack": frozenset({False, True})}
    kinds = (COUNTER,)
    moves_in = frozenset({"defence"})  # (only the defender, beating a lone card)
    apply_own_only = True
    piles_grow = True  # (the beaten card is discarded)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        global _EXTENDED
        extra = _counters(st)
        if not extra:
            return menu
        if _EXTENDED is None:  # (moves.extended called straight: imported once)
            from ..moves import extended as core_extended
            _EXTENDED = core_extended
        out: Menu = _EXTENDED(menu, extra)
        return out

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not isinstance(act, Counter):
            return None
        return _verdict(st, act, ctx) or ACCEPT

    def apply(self, st: CoreState, move: int) -> bool:
        if move >> SHIFT != COUNTER:
            return False
        _counter(st, move)
        return True

    def action(self, move: int) -> Action:
        target, card, added = _decode(move)
        extra = []
        while added:
            b = added & -added
            added ^= b
            extra.append(RANK_MAJOR_CARDS[b.bit_length() - 1])
        return Counter(RANK_MAJOR_CARDS[target], RANK_MAJOR_CARDS[card], tuple(extra))

    def encode(self, act: Action) -> int | None:
        if not isinstance(act, Counter):
            return None
        cs = (act.target, act.card) + act.extra
        if any(c.index >= 52 for c in cs):
            return None
        target, card = RANK_MAJOR_POSITION[act.target.index], RANK_MAJOR_POSITION[act.card.index]
        nibble = 0
        for c in act.extra:
            p = RANK_MAJOR_POSITION[c.index]
            if p & ~3 != card & ~3:
                return None  # not of the beating card's rank: refused, never played
            nibble |= 1 << (p & 3)
        return COUNTER << SHIFT | target << 10 | card << 4 | nibble

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, Counter):
            return None
        added = " ".join(map(str, act.extra))
        text = (f"{who(before.to_act)} beats {act.target} with {act.card} and adds {added}: "
                f"{who(before.attacker)} must beat them (R9.39)")
        return [mine(before, act, "action", text, (act.target, act.card) + act.extra)]
