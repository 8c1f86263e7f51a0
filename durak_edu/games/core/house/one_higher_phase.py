"""R9.38's first phase (krestovy, ``one_higher_phase``): nothing is dealt; each round everyone
draws a card face up (from the round's first drawer), the highest starts a pile, and from the
next seat each in turn lays a card one rank higher (``play 9♥``) or, having none, takes the
pile and draws first in the next round. With the deck used up the attack–defence game begins:
a player holding nothing is out (R2.10), the lowest trump leads (R1.3), bout 0's limit holds.

Compiled with the core (``one_higher_phase.pxd``): the first phase's moves are a third of a
krestovy game's, and its menu, move and round (``_climb_moves``, ``_climb_apply``, ``_round``)
read and write the state's own arrays, as the core does.

Slots: ``st.extra["r9.38 climb"]`` (the first phase is on), ``"r9.38 lead"`` (the dealer and
``first_lead``, for R1.3 when the phase ends). The pile is the table (``st.ta``, unbeaten), as
the reference shows it. Move kind 25 (``PLAY``, the card's bit); the take is the core's
``TAKE``, played by this part while the phase is on. Not with the gallery's moves (``covers``:
the reference lists some of them in the first phase, which the core does not).
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
    from ..bits import bitlen
from ....actions import Action, Play, Take
from ....cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION, Rank
from ..bits import MOVE_SHIFT
from . import ACCEPT, Event, HousePart, listed, mine, retire

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["OneHigherPhase", "PLAY"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
PLAY, TAKE = 25, 5  # TAKE: moves.TAKE
CLIMB, LEAD = "r9.38 climb", "r9.38 lead"
_PLAY, _TAKE, _K_PLAY = PLAY << SHIFT, TAKE << SHIFT, PLAY
_ONE, _NIBBLE, _CARDS = 1, 0xF, (1 << 52) - 1  # (compiled: unsigned 64-bit, as the masks)
_NINE_OF_DIAMONDS = 4 * (9 - 2) + 2  # R9.16's first lead
#: the gallery's moves, which the reference lists in the first phase too
_MOVES = ("defender_throws_in", "defender_draws", "talon_attack", "defender_swaps",
          "trump_six_exchange", "counter_attack")


def climbing(st: CoreState) -> bool:
    """Is the first phase on?"""
    return st.extra.get(CLIMB) is True


_PAYLOAD, _SHIFT = (1 << SHIFT) - 1, SHIFT


def _plays(st: CoreState) -> int:
    """The cards of the seat to act one rank above the pile's top card (none above an ace)."""
    return st.hands[st.to_act] & 0xF << ((st.ta[-1] & ~3) + 4) & (1 << 52) - 1


def _first_attacker(st: CoreState) -> int:
    """R1.3 as the reference's ``_first_attacker``: the lowest trump leads; without one, the player
    after the dealer (R9.16: the 9♦'s holder, with ``first_lead="nine_of_diamonds"``)."""
    lead = st.extra.get(LEAD)
    dealer, first_lead = lead if isinstance(lead, tuple) else (0, "lowest_trump")
    after_dealer = (int(dealer) + 1) % st.n
    if first_lead == "nine_of_diamonds":
        for p in range(st.n):
            if st.hands[p] >> _NINE_OF_DIAMONDS & 1:
                return p
    if first_lead == "left_of_dealer" or not st.cfg.trump_mask:
        return after_dealer
    best = None
    for p in range(st.n):
        trumps = st.hands[p] & st.cfg.trump_mask
        if trumps:
            low = (trumps & -trumps).bit_length() - 1
            if best is None or low < best[0]:
                best = (low, p)
    return after_dealer if best is None else best[1]


def _round(st: CoreState, first: int) -> None:
    """A round: from ``first`` each draws a card face up; the highest starts the pile."""
    leader = card = -1
    for k in range(st.n):
        if st.tp == len(st.talon):
            break
        p, c = (first + k) % st.n, st.talon[st.tp]
        st.tp += 1
        st.hm[p] |= _ONE << c
        st.km[p] |= _ONE << c  # face up: everyone saw it
        if leader < 0 or c >> 2 > card >> 2:  # the highest rank; of equals, the first drawn
            leader, card = p, c
    if leader < 0:  # nothing left to draw
        _end(st)
        return
    st.hm[leader] &= ~(_ONE << card)
    st.km[leader] &= ~(_ONE << card)
    _set_table(st, card)
    st.to_act = (leader + 1) % st.n


def _set_table(st: CoreState, card: int) -> None:
    """The pile: ``card`` alone, not beaten."""
    if cython.compiled:  # the C arrays (``ta`` and ``td`` as lists otherwise)
        st.tam[0] = card
        st.tdm[0] = -1
        st.nt = 1
    else:
        st.ta, st.td = [card], [-1]
    st.nub = 1


def _climb_moves(st: CoreState) -> list[int]:
    """The first phase's menu: each card one rank above the pile's top card, lowest first
    (none above an ace), or the take."""
    plays = st.hm[st.to_act] & _NIBBLE << ((st.tam[st.nt - 1] & ~3) + 4) & _CARDS
    out: list[int] = []
    while plays:
        b = plays & ~(plays - 1)
        plays ^= b
        out.append(_PLAY | b)
    return out or [_TAKE]


def _climb_apply(st: CoreState, move: int) -> None:
    """A move of the first phase: a card laid on the pile, or the take (he picks up the
    pile, seen by all, and draws first in the next round)."""
    seat = st.to_act
    if move >> _SHIFT == _K_PLAY:
        b = move & _PAYLOAD
        st.hm[seat] &= ~b
        st.km[seat] &= ~b
        if cython.compiled:
            st.tam[st.nt] = bitlen(b) - 1
            st.tdm[st.nt] = -1
            st.nt += 1
        else:
            st.ta = st.ta + [b.bit_length() - 1]
            st.td = st.td + [-1]
        st.nub += 1
        st.to_act = (seat + 1) % st.n
        return
    pile = 0
    for i in range(st.nt):
        pile |= _ONE << st.tam[i]
    st.hm[seat] |= pile
    st.km[seat] |= pile
    _round(st, seat)


def _end(st: CoreState) -> None:
    """The deck is used up: the attack–defence game begins (R2.10, R2.11, R1.3)."""
    from ..apply import settle, start_bout
    from ..seats import next_seat
    st.extra[CLIMB] = False
    for part in st.cfg.parts:  # nothing more to do: the core stops asking its moves and apply
        if isinstance(part, OneHigherPhase):
            retire(st, part)
    st.ta, st.td, st.nub = [], [], 0
    for p in range(st.n):
        if not st.hands[p]:
            st.out = st.out + (p,)
            st.outm |= 1 << p
    if settle(st, False, -1, ()):
        return
    attacker = _first_attacker(st)
    if st.outm >> attacker & 1:
        attacker = next_seat(attacker, st.n, st.outm)
    start_bout(st, attacker)


def _first_round(st: CoreState, d: Deal) -> None:
    """The game's start (``Deal.start``): from the player after the dealer (or ``lead``) each
    draws a card face up, the highest starts the pile; the reference's words of it."""
    from ..apply import start_bout
    first = d.lead if d.lead is not None else (d.dealer + 1) % st.n
    start_bout(st, first)
    _round(st, first)
    for k, c in enumerate(st.talon[:st.tp]):
        p = (first + k) % st.n
        d.events.append(("draw", f"{d.who(p)} draws {RANK_MAJOR_CARDS[c]} and lays it face up "
                         "(R9.38)", p, (RANK_MAJOR_CARDS[c],)))
    if climbing(st):
        st.opening = False  # the pile is laid: no bout to open (the reference's phase "climb")
        st.ranks = 0xF << (st.ta[0] & ~3)  # the table's ranks (st.ranks)
        card = RANK_MAJOR_CARDS[st.ta[0]]
        leader = (st.to_act - 1) % st.n
        d.events.append(("pile", f"{d.who(leader)} has the highest card, {card}: it starts the "
                         "pile, and each in turn lays a card one rank higher or takes the pile "
                         "(R9.38)", leader, (card,)))


class OneHigherPhase(HousePart):
    clause = "R9.38"
    not_with = ("R9.38's first phase is not played with the gallery's own moves (R9.10, R9.17, "
                "R9.18, R9.19, R9.26, R9.39)")
    values = {"one_higher_phase": frozenset({False, True})}
    kinds = (PLAY,)
    piles_grow = True  # (each round draws from the talon)

    def covers(self, rules: object) -> bool:
        return not any(getattr(rules, name) for name in _MOVES)

    def deal(self, d: Deal) -> None:
        """Nothing is dealt; the game starts with the first phase's first round."""
        d.deals = False
        d.deal_words = "nothing is dealt: the first phase draws the deck card by card (R9.38)"
        d.start = _first_round

    def dealt(self, st: CoreState, d: Deal) -> None:
        st.extra[CLIMB] = not d.position  # a position set up by hand is of the second phase
        st.extra[LEAD] = (d.dealer, d.rules.first_lead)

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        if st.extra.get(CLIMB) is not True:  # climbing(st), inlined: asked every move
            return menu
        return listed(_climb_moves(st))

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        if not climbing(st):
            return None
        who = ctx.who(st.to_act)
        plays = _plays(st)
        if isinstance(act, Take) and not plays:
            return ACCEPT
        if isinstance(act, Play) and act.call is None:
            p = RANK_MAJOR_POSITION[act.card.index] if act.card.index < 52 else -1
            if p >= 0 and plays >> p & 1:
                return ACCEPT
        top = RANK_MAJOR_CARDS[st.ta[-1]]
        if isinstance(act, Play) and act.call is None:
            if p < 0 or not st.hands[st.to_act] >> p & 1:
                return ("R9.38", f"{act.card} is not in {who}'s hand")
            return ("R9.38", f"lay a card one rank higher than {top}"
                    + (f", not {act.card}" if top.rank < Rank.ACE else
                       ": nothing is higher than an ace, so take the pile"))
        if isinstance(act, Take):
            return ("R9.38", f"{who} holds a card one rank higher than {top} and must lay it; "
                    "only a player who has none takes the pile")
        return ("R9.38", "in krestovy's first phase you lay a card one rank higher ('play X') or "
                f"take the pile ('take'), not '{act}'")

    def apply(self, st: CoreState, move: int) -> bool:
        if st.extra.get(CLIMB) is not True:  # climbing(st), inlined: asked every move
            return False
        _climb_apply(st, move)
        return True

    def action(self, move: int) -> Action:
        return Play(RANK_MAJOR_CARDS[(move & (1 << SHIFT) - 1).bit_length() - 1])

    def encode(self, act: Action) -> int | None:
        if not isinstance(act, Play) or act.call is not None or act.card.index >= 52:
            return None
        return PLAY << SHIFT | 1 << RANK_MAJOR_POSITION[act.card.index]

    def role(self, st: CoreState, seat: int) -> str | None:
        if not climbing(st):
            return None
        return "to lay" if seat == st.to_act else ""

    def whole(self, before: CoreState, act: Action) -> bool:
        return climbing(before)

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not climbing(before):
            return None
        seat = before.to_act
        if isinstance(act, Play):
            return [mine(before, act, "action", f"{who(seat)} lays {act.card} on the pile",
                         (act.card,))]
        pile = tuple(RANK_MAJOR_CARDS[c] for c in before.ta)
        out: list[Event] = [mine(before, act, "action", f"{who(seat)} takes"),
                            ("pickup", f"{who(seat)} picks up {' '.join(map(str, pile))}", seat,
                             None, pile, False)]
        drawn = after.talon[before.tp:after.tp]
        for k, c in enumerate(drawn):
            p = (seat + k) % after.n
            out.append(("draw", f"{who(p)} draws {RANK_MAJOR_CARDS[c]} and lays it face up "
                        "(R9.38)", p, None, (RANK_MAJOR_CARDS[c],), False))
        if climbing(after):
            card = RANK_MAJOR_CARDS[after.ta[0]]
            leader = (after.to_act - 1) % after.n
            out.append(("pile", f"{who(leader)} has the highest card, {card}: it starts the "
                        "pile, and each in turn lays a card one rank higher or takes the pile "
                        "(R9.38)", leader, None, (card,), False))
            return out
        out.append(("phase", "the deck is used up: the second phase, the attack–defence game, "
                    "begins (R9.38)", None, None, (), False))
        for p in after.out:
            if p not in before.out:
                out.append(("out", f"{who(p)} is out", p, None, (), False))
        return out
