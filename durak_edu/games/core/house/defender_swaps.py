"""R9.19 (pokerny, ``defender_swaps``): once a bout, before he has beaten anything and holding
no more than ``hand_size`` cards, the defender may swap one or two cards for as many from the
top of the talon; his go face down just over the trump card, to be drawn last. He knows they
are there (his view counts them in the talon).

Slots: ``st.extra["r9.19"]`` (the bout and the seats that swapped, ``once.py``),
``st.extra["r9.19 tucked"]`` (per seat, the cards he swapped in, a tuple of masks),
``st.extra["r9.19 size"]`` (``Rules.hand_size``). Move kind 23 (``SWAP``, the cards' mask),
after R9.17's draw: the singles, then the pairs, in ``combinations`` order, counted and
unranked by the core (``moves.extended_subsets``), not listed.

Compiled with the core (``defender_swaps.pxd``, issue 25): ``moves`` is asked at every defending
move while the talon lasts (``_offers``, in C on the state's arrays).
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

from ....actions import Action, Swap
from ....cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION
from ..bits import MOVE_SHIFT
if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from ..bits import lowest, popcount
from . import ACCEPT, Event, HousePart, mine, positions, retire
from .once import made, mark

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["DefenderSwaps", "SWAP"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
SWAP = 23
SLOT, TUCKED, SIZE = "r9.19", "r9.19 tucked", "r9.19 size"
_PAYLOAD = (1 << SHIFT) - 1
_SWAP = SWAP << SHIFT
_ONE = 1  # compiled: unsigned 64-bit, so a shift of a card bit never overflows


def _free(st: CoreState) -> int:
    """Face-down cards over the trump card (the talon's top cards a swap may take)."""
    left = len(st.talon) - st.tp
    return left - (1 if left and st.trump_pos >= 0 else 0)


def _size(st: CoreState) -> int:
    size = st.extra.get(SIZE)
    return size if isinstance(size, int) else st.cfg.hand_size


_OK, _NOT_DEFENDING, _BEATEN, _SWAPPED = 0, 1, 2, 3


def _blocked(st: CoreState) -> int:
    """The conditions that do not depend on the cards chosen, in the reference's order, as a
    code (``_OK``: none holds): the menu asks it every defending move, words only a refusal."""
    seat = st.to_act
    if seat != st.defender or st.opening or st.taking or not st.nub:
        return _NOT_DEFENDING
    for d in st.td:
        if d >= 0:
            return _BEATEN
    if made(st, SLOT, seat):
        return _SWAPPED
    return _OK


def _before_cards(st: CoreState, who: str) -> tuple[str, str] | None:
    """``_blocked``'s condition in the reference's words (``None``: none holds)."""
    code = _blocked(st)
    if code == _NOT_DEFENDING:
        return ("R9.19", f"only the defender, before defending, may swap; {who} may not now")
    if code == _BEATEN:
        return ("R9.19", "a card has been beaten already: swap only before defending")
    if code == _SWAPPED:
        return ("R9.19", f"{who} has swapped already in this bout")
    return None


#: ``moves.extended_subsets``, imported on first use (the core imports the parts), called
#: straight from here
_EXTENDED_SUBSETS: typing.Any = None


def _offers(st: CoreState) -> int:
    """How many cards the seat to act may swap now (0: no swap; ``_blocked`` and the hand's
    and the talon's conditions): asked at every defending move, the plain fields first (most
    moves are no defence before a beat), then the table, the hand (compiled: the state's
    arrays); the order does not matter, each only reads."""
    seat = st.to_act
    if seat != st.defender or st.opening or st.taking or not st.nub:
        return 0
    for i in range(st.nt):
        if st.tdm[i] >= 0:
            return 0
    if made(st, SLOT, seat):
        return 0
    free = _free(st)
    if free < 1:
        return 0
    h = st.hm[seat]
    if not h or popcount(h) > _size(st):
        return 0
    return 2 if free >= 2 else 1


def _hand(st: CoreState) -> int:
    """The hand of the seat to act (compiled: from the state's C array, no view made)."""
    return st.hm[st.to_act]


def _swap(st: CoreState, given: int) -> None:
    """The seat to act swaps ``given`` for as many of the talon's top cards; his go just over
    the trump card, lowest first (compiled: the hands and the talon's cards as C integers)."""
    seat = st.to_act
    mark(st, SLOT, seat)
    k = popcount(given)
    pos = st.tp
    talon = st.talon
    rest = talon[pos + k:]
    bottom = [rest.pop()] if rest and st.trump_pos >= 0 else []
    given_in = []  # ``positions(given)``: his cards, lowest first
    x = given
    while x:
        b = lowest(x)
        x &= x - 1
        given_in.append(b)
    talon = talon[:pos + k] + rest + given_in + bottom  # a new list
    st.talon = talon
    got = 0
    for i in range(pos, pos + k):
        p = talon[i]
        got |= _ONE << p
    st.tp = pos + k
    st.hm[seat] = st.hm[seat] & ~given | got
    st.km[seat] = st.km[seat] & ~given
    # what each seat tucked and is still in the talon: a card drawn since is forgotten, so
    # that one another seat swaps back in is not taken for his own (R0: he did not see it)
    left = 0
    for i in range(pos + k, len(talon)):
        p = talon[i]
        left |= _ONE << p
    left &= ~given
    tucked = st.extra.get(TUCKED)
    seats = [m & left for m in tucked] if isinstance(tucked, tuple) else [0] * st.n
    seats[seat] |= given
    st.extra[TUCKED] = tuple(seats)


class DefenderSwaps(HousePart):
    clause = "R9.19"
    values = {"defender_swaps": frozenset({False, True})}
    kinds = (SWAP,)
    moves_in = frozenset({"defence"})  # (``_blocked``: only the defender, before a beat)
    apply_own_only = True
    piles_grow = True  # (the cards given go under the drawn ones: ``tp`` only grows)

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra[SLOT] = (st.bout, 0)  # nobody has swapped, nothing is tucked in the talon
        st.extra[SIZE] = d.rules.hand_size

    def draw(self, st: CoreState) -> None:
        """After the bout's draw: with no face-down card left over the trump card and none
        coming back to the talon (no part's ``bito`` puts the table there, R9.13; a swap's
        cards go under the drawn ones), no swap is made again: the part retires, and the core
        stops asking it."""
        if _free(st) < 1 and not st.cfg.hooks.bito:
            retire(st, self)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every defending move
        global _EXTENDED_SUBSETS
        k = _offers(st)
        if not k:
            return menu
        # the singles, then the pairs, in ``combinations`` order: counted and unranked by
        # the core (a playout asks for one move), listed only when all are asked for
        if _EXTENDED_SUBSETS is None:
            from ..moves import extended_subsets as core_extended_subsets
            _EXTENDED_SUBSETS = core_extended_subsets
        out: Menu = _EXTENDED_SUBSETS(menu, _SWAP, _hand(st), k)
        return out

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not isinstance(act, Swap):
            return None
        seat = st.to_act
        who = ctx.who(seat)
        err = _before_cards(st, who)
        if err:
            return err
        if len(act.cards) > 2:
            return ("R9.19", "swap at most two cards")
        for c in act.cards:
            if c.index >= 52 or not st.hands[seat] >> RANK_MAJOR_POSITION[c.index] & 1:
                return ("R9.19", f"{c} is not in {who}'s hand")
        held, size = st.hands[seat].bit_count(), _size(st)
        if held > size:
            return ("R9.19", f"{who} holds {held} cards: swap only with no more than {size}")
        free = _free(st)
        if len(act.cards) > free:
            return ("R9.19", f"the talon has {free} face-down card{'s' if free != 1 else ''} "
                    f"over the trump card: too few to swap {len(act.cards)}")
        return ACCEPT

    def apply(self, st: CoreState, move: int) -> bool:
        if move >> SHIFT != SWAP:
            return False
        _swap(st, move & _PAYLOAD)
        return True

    def talon_known(self, st: CoreState, seat: int) -> int:
        tucked = st.extra.get(TUCKED)
        if not isinstance(tucked, tuple):
            return 0
        left = 0
        for p in st.talon[st.tp:]:
            left |= 1 << p
        return int(tucked[seat]) & left

    def action(self, move: int) -> Action:
        return Swap(tuple(RANK_MAJOR_CARDS[p] for p in positions(move & _PAYLOAD)))

    def encode(self, act: Action) -> int | None:
        if not isinstance(act, Swap) or any(c.index >= 52 for c in act.cards):
            return None
        m = 0
        for c in act.cards:
            m |= 1 << RANK_MAJOR_POSITION[c.index]
        return SWAP << SHIFT | m

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, Swap):
            return None
        k = len(act.cards)
        got = tuple(RANK_MAJOR_CARDS[p] for p in after.talon[before.tp:after.tp])
        text = f"{who(before.to_act)} swaps {k} card{'s' if k > 1 else ''} with the talon (R9.19)"
        return [mine(before, act, "action", text, act.cards + got, True)]
