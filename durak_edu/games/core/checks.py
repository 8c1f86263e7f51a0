"""The conditions of a bout (R2.4–R2.6, R3), shared by the move list and the refusals.

Each condition is written once: ``moves`` lists what passes it, ``refuse`` says in words why an
action fails it. The transfer's conditions return a *code* (``OK`` or one of ``T_*``), which
``refuse`` turns into the clause and its words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .. import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from .. import cython_shim as cython

from . import teams
from .bits import RANK_LOW, SUIT_SHIFT, SUITED
if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import popcount
from .seats import next_seat
from .state import CoreState

__all__ = ["playable", "limit", "unbeaten", "room", "table_ranks", "refusal_target", "transfer_goes_back",
           "transfer_blocked", "transfer_check", "OK"]

OK = 0
T_NONE = 1          # R3: no transfers in this game
T_FIRST_BOUT = 2    # R3.4
T_BEATEN = 3        # R3.2
T_RANKS = 4         # R3.1: the cards to beat are of different ranks
T_TRUMP_TABLE = 5   # R3.4
T_LIMIT = 6         # R3.2 (R2.6)
T_LAST_CARD = 7     # R3.4
T_REFUSAL_SHOW = 8  # R3.4
T_NOBODY = 9        # R3.1
T_BACK = 10         # R3.1: the transfer would come back round
T_HELD = 11         # R3.2: the next defender holds too few cards
T_NO_PROEZDNOY = 12  # R3.4
T_SHOW_ONE = 13     # R3.4
T_SHOWN = 14        # R3.4
_ONE = 1  # compiled: unsigned 64-bit, so a shift of a seat or card bit never overflows
# the layout of the positions (bits.py; the wide copy's two decks differ)
_LOW, _SUIT_SHIFT, _SUITED = RANK_LOW, SUIT_SHIFT, SUITED


def _any_beaten(st: CoreState) -> bool:
    """Is any attack card on the table beaten (R3.2, R3.4)?"""
    for i in range(st.nt):
        if st.tdm[i] >= 0:
            return True
    return False


def playable(st: CoreState, seat: int) -> int:
    """The cards of ``seat``'s hand he may play: all, but the dealt cards still locked (R9.37,
    ``st.locked``). Every phase's menu reads it (R2.5's priority and the playout's counted moves
    read the same mask inline)."""
    return st.hm[seat] & ~st.locked


def limit(st: CoreState) -> int:
    """R2.6: attack cards allowed in this bout (before the defender's hand is counted)."""
    return st.cfg.first_limit if st.bout == 0 else st.cfg.later_limit


def unbeaten(st: CoreState) -> list[int]:
    """The table places of the attack cards still to beat (R2.3; R3.4: not the settled ones)."""
    return [i for i in range(st.settled, st.nt) if st.tdm[i] < 0]


def room(st: CoreState) -> int:
    """How many more attack cards may join the bout (R2.6; none while a house part blocks
    throw-ins, R9.16)."""
    c = st.cfg
    if c.hooks.throw_block:
        for part in st.cfg.hooks.throw_block:
            if part.throw_block(st) is not None:
                return 0
    left = (c.later_limit if st.bout else c.first_limit) - st.n_attack  # (limit(st))
    held = popcount(st.hm[st.defender]) - st.nub  # (no min(): a call, in plain Python)
    return left if left < held else held


def table_ranks(st: CoreState) -> int:
    """The ranks on the table (R2.4), as full nibbles: the attack cards', and the defence
    cards' with ``throw_in_ranks="table"``. A joker has no rank (R9.22): its nibble (52-55)
    is never one."""
    return st.ranks & _SUITED  # kept by apply as cards are laid


def refusal_target(st: CoreState) -> int:
    """R3.4 refusal: the seat the cards may go back to (the last opponent went out by this
    attack), or -1."""
    if not st.cfg.refusal or st.refused or not st.outm >> st.attacker & 1:
        return -1
    if _any_beaten(st) or st.n - popcount(st.outm) != 1:
        return -1
    if next_seat(st.defender, st.n, st.outm) != st.defender:
        return -1
    return st.attacker


def transfer_goes_back(st: CoreState) -> bool:
    """R3.1: the opener went out by this bout and sits next after the defender: a transfer
    would pass his empty seat and come back round."""
    if st.cfg.teams or not st.outm >> st.opener & 1:  # R5: the seats stay: never back
        return False
    return next_seat(st.defender, st.n, st.outm & ~(_ONE << st.opener)) == st.opener


def transfer_blocked(st: CoreState) -> tuple[int, int]:
    """The conditions that do not depend on the cards chosen, in the reference's order:
    ``(code, rank)`` — ``rank`` the attacking rank's lowest position when ``code`` is ``OK``."""
    c = st.cfg
    if not c.transfer:
        return T_NONE, 0
    if st.bout == 0 and not c.in_first_bout:
        return T_FIRST_BOUT, 0
    if not c.after_beating and _any_beaten(st):
        return T_BEATEN, 0
    rank = -1  # the first unbeaten card's rank (R3.4: not the settled ones)
    for i in range(st.settled, st.nt):
        if st.tdm[i] < 0:
            a = st.tam[i]
            if rank < 0:
                rank = a & ~_LOW
            elif a & ~_LOW != rank:
                return T_RANKS, 0
    if rank < 0:
        return T_RANKS, 0
    if not _ONE << rank & _SUITED and c.beat_rules.jokers != "volshebny":
        # R9.22: a card of no rank (a joker, R9.50's wild cards, R9.51's mega card) is never
        # transferred; R9.49's jokers are, with the other joker (their nibble is their rank)
        return T_RANKS, 0
    return OK, rank


def transfer_check(st: CoreState, k: int, show: int, rank: int) -> int:
    """The conditions after the cards' rank (R3.4 trump on the table onwards), for ``k`` cards
    of the attacking rank, or ``show`` (a one-card mask: the trump shown, proezdnoy)."""
    c = st.cfg
    if not c.trump_on_table and c.trump_suit >= 0:
        for i in range(st.nt):
            a, d = st.tam[i], st.tdm[i]
            # (a joker, above the suited positions, is no trump: R9.22)
            if (_ONE << a & _SUITED and a >> _SUIT_SHIFT & 3 == c.trump_suit
                    or d >= 0 and _ONE << d & _SUITED and d >> _SUIT_SHIFT & 3 == c.trump_suit):
                return T_TRUMP_TABLE
    if show:
        if not c.proezdnoy:
            return T_NO_PROEZDNOY
        if k != 1 or not show & c.trump_mask:
            return T_SHOW_ONE
        if st.shown >> st.defender & 1:
            return T_SHOWN
    added = 0 if show else k
    if st.n_attack + added > limit(st):
        return T_LIMIT
    target = next_seat(st.defender, st.n, st.outm)
    if c.teams:  # R5: whoever plays the next seat
        target = teams.next_defender(st)
    n_unbeaten = st.nub
    need = max(added, 1) if c.only_new else n_unbeaten + added
    if (not c.by_last_card and not show and st.tp == len(st.talon)
            and k == popcount(st.hm[st.defender])):
        return T_LAST_CARD
    if refusal_target(st) >= 0:
        return T_REFUSAL_SHOW if show else OK
    if target == st.defender:
        return T_NOBODY
    if transfer_goes_back(st):
        return T_BACK
    if popcount(st.hm[target]) < need:
        return T_HELD
    return OK
