"""R9.26 (``trump_six_exchange``): the holder of the trump suit's lowest card may give it for the
turned trump card under the talon, while a card still lies over it. It does not use up his turn.

Slots: ``st.extra["r9.26 six"]``, the position of the trump suit's lowest card in this deck (-1:
no trump), read once from the reference; ``st.extra["trump_card"]``, the trump card's position
once an exchange has changed it (the facade shows it). The move is kind ``EXCHANGE``, its
payload the six's one-bit mask; it is listed after the core's moves (the reference's ``_legal``).

R9.46 (``trump_six_for_ace``, issue 27) narrows it to the source's own words: the six is given
only for the trump *ace* lying face up under the talon (``st.extra["r9.46 ace"]``: the option,
read at the deal).

Speed (issue 25): the part is asked at every move of every phase while a card lies over the
trump card, each time through a ``Menu``. Played alone (no other part, so the six comes into a
hand only by a bout's draw or pick-up), it is asked after each bout's draw only while no hand
holds the six (``house.rehook`` to ``draw``); its menu check is typed (``_offers``, compiled
with the core: ``trump_six_exchange.pxd``).
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from ....actions import Action, Exchange
from ....cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION, Card
from ..bits import MOVE_SHIFT
from . import ACCEPT, Event, HousePart, extended, mine, rehook, retire

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["TrumpSixExchange", "EXCHANGE"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
EXCHANGE = 20
SIX = "r9.26 six"
ACE_ONLY = "r9.46 ace"
_ACE = 12  # the ace's rank nibble (rank-major: 4 * (rank - 2) + suit)
_EXCHANGE = EXCHANGE << SHIFT
_ONE = 1  # compiled: unsigned 64-bit, so a shift of a card bit never overflows
#: the hot hooks the part is asked at while no hand holds the six (``_follow_six``)
_QUIET = ("draw",)


def _six(st: CoreState) -> int:
    six = st.extra.get(SIX, -1)
    return six if isinstance(six, int) else -1


def _open(st: CoreState) -> bool:
    """The trump card lies face up under the talon with a card over it."""
    return st.trump_pos >= 0 and len(st.talon) - st.tp >= 2


def _not_for(st: CoreState) -> bool:
    """R9.46: the exchange is only for the trump ace, and the trump card is another."""
    return bool(st.extra.get(ACE_ONLY)) and st.talon[-1] >> 2 != _ACE


def _offers(st: CoreState) -> int:
    """The exchange's move if the seat to act may make it now, else 0 (compiled: the state's
    C fields)."""
    six = _six(st)
    if six < 0 or not st.hm[st.to_act] >> six & 1 or not _open(st) or _not_for(st):
        return 0
    return _EXCHANGE | _ONE << six


def _held(st: CoreState, six: int) -> bool:
    """Does a hand hold the position ``six``?"""
    for p in range(st.n):
        if st.hm[p] >> six & 1:
            return True
    return False


def _follow_six(st: CoreState, part: HousePart) -> None:
    """After a bout's draw, with ``part`` the only one: asked at its every hot hook while a
    hand holds the six, after the draws only otherwise (the six comes into a hand only by a
    draw or a pick-up: ``house.rehook``)."""
    six = _six(st)
    if six < 0 or len(st.cfg.parts) != 1:
        return
    asked = part in st.cfg.hooks.moves
    if _held(st, six):
        if not asked:
            rehook(st, part, None)
    elif asked:
        rehook(st, part, _QUIET)


class TrumpSixExchange(HousePart):
    clause = "R9.26"
    values = {"trump_six_exchange": frozenset({False, True}),
              "trump_six_for_ace": frozenset({False, True})}
    kinds = (EXCHANGE,)
    apply_own_only = True

    def dealt(self, st: CoreState, d: Deal) -> None:
        """The six of trumps: the trump suit's lowest card in this deck (``_lowest_trump``);
        and whether only the trump ace is exchanged for it (R9.46)."""
        low = min(c.rank for c in d.given)
        st.extra[SIX] = -1 if d.trump is None else RANK_MAJOR_POSITION[Card(low, d.trump).index]
        st.extra[ACE_ONLY] = bool(getattr(d.rules, "trump_six_for_ace", False))
        if d.trump is None:
            retire(st, self)  # no trump: no six to give, ever
        else:
            _follow_six(st, self)

    def draw(self, st: CoreState) -> None:
        """After the bout's draw: with fewer than two cards left the trump card has none over
        it (or is drawn), and no card comes back to the talon (no part's ``bito`` puts the
        table there, R9.13): nothing is exchanged any more, and the core stops asking."""
        if len(st.talon) - st.tp < 2 and not st.cfg.hooks.bito:
            retire(st, self)
        else:
            _follow_six(st, self)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every move while a card lies over the trump card
        move = _offers(st)
        return extended(menu, [move]) if move else menu

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not isinstance(act, Exchange):
            return None
        six = _six(st)
        name = "None" if six < 0 else str(RANK_MAJOR_CARDS[six])
        if six < 0 or act.card.index >= 52 or RANK_MAJOR_POSITION[act.card.index] != six:
            return ("R9.26", f"only the trump suit's lowest card ({name}) is exchanged for the "
                    f"trump card, not {act.card}")
        if not st.hands[st.to_act] >> six & 1:
            return ("R9.26", f"{act.card} is not in {ctx.who(st.to_act)}'s hand")
        if not _open(st):
            return ("R9.26", "exchange only while the trump card lies face up under the talon "
                    "with a card over it")
        if _not_for(st):
            return ("R9.46", f"the trump six is exchanged only for the trump ace lying face up "
                    f"under the talon (trump_six_for_ace), not for "
                    f"{RANK_MAJOR_CARDS[st.talon[-1]]}")
        return ACCEPT

    def apply(self, st: CoreState, move: int) -> bool:
        if move >> SHIFT != EXCHANGE:
            return False
        seat, six = st.to_act, _six(st)
        old = st.talon[-1]
        st.hands[seat] = st.hands[seat] & ~(1 << six) | 1 << old
        st.known[seat] = st.known[seat] & ~(1 << six) | 1 << old  # both cards seen by all
        st.talon = st.talon[:-1] + [six]  # a new list: the old one is shared by copies
        st.trump_pos = six
        st.extra["trump_card"] = six
        return True

    def action(self, move: int) -> Action:
        m = move & ((1 << SHIFT) - 1)
        return Exchange(RANK_MAJOR_CARDS[m.bit_length() - 1])

    def encode(self, act: Action) -> int | None:
        if not isinstance(act, Exchange) or act.card.index >= 52:
            return None
        return EXCHANGE << SHIFT | 1 << RANK_MAJOR_POSITION[act.card.index]

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, Exchange):
            return None
        old = RANK_MAJOR_CARDS[before.talon[-1]]
        text = f"{who(before.to_act)} exchanges {act.card} for the trump card {old} (R9.26)"
        return [mine(before, act, "action", text, (act.card, old))]
