"""R9.37 (magadansky, ``dealt_locked``) as a part of the core: of his dealt cards a player may
play only the first dealt to him; one more unlocks (in the order dealt) with each bito he beats
off, one when he must open a bout holding only locked cards, and all of them once the talon is
used up. Drawn and picked-up cards are playable at once; locked cards still count as held
(R2.6, R2.10).

Slot (``st.extra``): ``"r9.37"``, ``(locked, order, log)`` — the locked cards per seat
(rank-major masks), every dealt card's position in the order dealt (which unlocks next), and
the unlocks of the last bout's end as ``(bout, ((why, seat, position), ...))`` for the
facade's words; ``None`` once nothing is locked, the log of that bout's end then kept in
``"r9.37 last"``, and the part retires (``house.retire``: the core asks its hot hooks no more).
Replaced, never changed in place, and always through ``put``, which keeps ``st.locked`` (every
seat's locked cards in one mask: a card is in one hand) with it: the core reads that mask where
a seat's playable cards are asked (``checks.playable``, the playout's counted moves), so the
part needs no hook at every menu and a magadansky playout counts its moves from numbers as
podkidnoy's does (issue 25).

Hooks: ``dealt`` (the deal: each seat's first dealt card open, the rest locked — nothing
with no talon, nor in a position set up by hand — and the deal's words); ``refuse`` (asked
first, as the reference's ``_locked_reason`` is: a move with a locked card is refused under
R9.37);
``bout_end`` (a bito unlocks one of the defender's), ``draw`` (the talon used up: all),
``bout_start`` (an opener holding only locked cards unlocks one, so the game cannot stall);
``point_events`` (the reference's words, private to the seat for his own card) and ``view``
(``View.locked``, ``locked_sizes``).

``covers``: the plain attack shape only (R4's and R9.7's shapes count the attacker's whole hand
in the reference), and none of the rules whose moves or events the reference interleaves with
the unlocking differently (the gallery's moves R9.10, R9.17–R9.19, R9.26, R9.39; R9.38's first
phase; R9.28's scores, R9.36's swap and R9.24's turn, told before the unlock; R9.40's reserve;
R5's teams). The part is first in ``PARTS``, as its refusal comes first in the reference: that
is why the rules whose events come before its own are left to the reference.
"""

from __future__ import annotations

import dataclasses
import typing

from ....actions import Attack, Beat, Counter, ThrowIn, Transfer
from ....cards import RANK_MAJOR_POSITION, cards_of, to_suit_major
from ...verdict import JOKER_DECKS
from . import HousePart, retire

if typing.TYPE_CHECKING:
    from collections.abc import Callable

    from ....actions import Action
    from ....cards import Card
    from ...base import View
    from ..deal import Deal
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["DealtLocked", "put"]

_KEY = "r9.37"
#: why a card unlocked, and where the facade tells it
_BEATEN, _ALL, _OPENS = 0, 1, 2
Log = tuple[int, tuple[tuple[int, int, int], ...]]
Slot = tuple[tuple[int, ...], tuple[int, ...], Log]

#: the rules whose moves or events the reference interleaves with R9.37's otherwise
_NOT_WITH = ("defender_throws_in", "defender_draws", "talon_attack", "defender_swaps",
             "trump_six_exchange", "counter_attack", "one_higher_phase", "bito_swaps_trump",
             "second_trump", "reserve", "teams", "trump_card_hidden", "attack_with_highest",
             "trump_per_seat")  # (R9.35's deal words come before R9.37's in the reference)


def _slot(st: CoreState) -> Slot | None:
    return st.extra.get(_KEY)  # type: ignore[return-value]  # (no typing.cast call: hot)


def put(st: CoreState, slot: Slot | None, last: Log | None = None) -> None:
    """The slot (and ``last``, the log kept once nothing is locked) into ``st.extra``, and its
    locked cards into the mask the core reads, ``st.locked`` (``checks.playable``)."""
    st.extra = ({**st.extra, _KEY: slot} if last is None
                else {**st.extra, _KEY: slot, "r9.37 last": last})
    m = 0
    if slot is not None:
        for x in slot[0]:
            m |= x
    st.locked = m


def _unlock(st: CoreState, slot: Slot, seat: int, why: int, bout: int) -> None:
    """``seat``'s next locked card, in the order dealt, may be played."""
    locked, order, log = slot
    m = locked[seat]
    pos = -1
    for pos in order:  # (loops, not generators: a bito of the locked phase asks it)
        if m >> pos & 1:
            break
    new = list(locked)
    new[seat] = m & ~(1 << pos)
    entries = log[1] if log[0] == bout else ()
    put(st, (tuple(new), order, (bout, entries + ((why, seat, pos),))))


def _stuck(st: CoreState) -> bool:
    """Does the attacker hold locked cards only (compiled: the state's C arrays)?"""
    h = st.hm[st.attacker]
    return h & st.locked != 0 and h & ~st.locked == 0


class DealtLocked(HousePart):
    clause = "R9.37"
    piles_grow = True  # (cards locked in the hands: talon and discard as the core leaves them)
    not_with = ("the locked dealt cards are played with the rank attack and the durak's scoring "
                "only: not with R4's shapes, R9.28, jokers (R9.22), teams (R5), the gallery's "
                "own moves (R9.10, R9.17, R9.18, R9.19, R9.26, R9.39), R9.38's first phase, or "
                "the rules that change the trump or the hands (R9.6, R9.23, R9.24, R9.35, R9.36, "
                "R9.40)")
    values = {"dealt_locked": frozenset({False, True})}

    def covers(self, rules: object) -> bool:
        """The plain attack shape, and none of ``_NOT_WITH``, nor R9.28's scoring."""
        return (getattr(rules, "attack_shape") == "rank" and getattr(rules, "scoring") == "durak"
                and getattr(rules, "deck") not in JOKER_DECKS  # (the jokers, R9.22)
                and not any(getattr(rules, name) for name in _NOT_WITH))

    def dealt(self, st: CoreState, d: Deal) -> None:
        """R9.37: of each seat's dealt cards only the first dealt to him is open."""
        if d.position or not d.talon:
            return
        dealt = d.order[:d.n * d.dealt]
        hands = st.hands
        locked = list(hands)
        for c in dealt:  # the first card each seat was dealt stays playable
            pos = RANK_MAJOR_POSITION[c.index]
            p = next(q for q in range(d.n) if hands[q] >> pos & 1)
            if locked[p] == hands[p]:
                locked[p] &= ~(1 << pos)
        if not any(locked):
            return
        put(st, (tuple(locked), tuple(RANK_MAJOR_POSITION[c.index] for c in dealt), (-1, ())))
        d.events.append(("deal", "of his dealt cards each player may play only the first he "
                         "was dealt; one more unlocks with each bito he beats off (R9.37)", None,
                         ()))

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """R9.37: an action that would play (or show) a card still locked."""
        slot = _slot(st)
        if slot is None or not slot[0][st.to_act]:
            return None
        if isinstance(act, (Attack, ThrowIn, Transfer)):
            used: tuple[Card, ...] = act.cards
        elif isinstance(act, Beat):
            used = (act.card,)
        elif isinstance(act, Counter):  # R9.39 lays them too
            used = (act.card, *act.extra)
        else:
            return None
        locked = slot[0][st.to_act]
        for c in used:
            if c.index < 52 and locked >> RANK_MAJOR_POSITION[c.index] & 1:
                return ("R9.37", f"{c} is one of {ctx.who(st.to_act)}'s dealt cards not yet "
                        "unlocked: one more unlocks with each bito he beats off, all once the "
                        "talon is used up (magadansky)")
        return None

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """A bito unlocks one more of the defender's dealt cards (he beat it off)."""
        if took:
            return
        slot = _slot(st)
        if slot is not None and slot[0][st.defender]:
            _unlock(st, slot, st.defender, _BEATEN, st.bout)

    def draw(self, st: CoreState) -> None:
        """The talon used up: every dealt card may be played."""
        if st.tp < len(st.talon):
            return
        slot = _slot(st)
        if slot is None:
            return
        if any(slot[0]):  # (told only if some were still locked)
            log = slot[2]
            entries = log[1] if log[0] == st.bout else ()
            put(st, None, (st.bout, entries + ((_ALL, -1, -1),)))
        else:
            put(st, None)
        retire(st, self)  # nothing is locked any more: the core stops asking its hooks

    def bout_start(self, st: CoreState) -> None:
        """An opener who holds only locked cards unlocks the next one (the game goes on)."""
        if _stuck(st):  # (``st.locked`` is the slot's: ``put``)
            _unlock(st, typing.cast(Slot, _slot(st)), st.attacker, _OPENS,
                    st.bout - 1)  # told with the bout that just ended

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The reference's words for the unlocks of a bout's end: after the bito (the seat
        that beat it off), after the draws (all), at the end (the next opener)."""
        if point not in ("table", "draw", "out") or _slot(before) is None:
            return []
        slot = _slot(after)
        log = slot[2] if slot is not None else typing.cast(Log, after.extra.get("r9.37 last"))
        if log is None or log[0] != before.bout:
            return []
        want = {"table": _BEATEN, "draw": _ALL, "out": _OPENS}[point]
        from ..decode import card
        out: list[tuple[str, str, tuple[Card, ...], int | None]] = []
        for why, seat, pos in log[1]:
            if why != want:
                continue
            if why == _ALL:
                out.append(("unlock", "the talon is used up: every dealt card may be played "
                            "(R9.37)", (), None))
            else:
                reason = "he has beaten off" if why == _BEATEN else "he must open the bout"
                out.append(("unlock", f"{who(seat)} may play one more of his dealt cards: "
                            f"{reason} (R9.37)", (card(pos),), seat))
        return out

    private_events = frozenset({"unlock"})  # (a seat's own card; the facade keeps "all" public)

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """His own locked cards; of the others, how many (R9.37)."""
        slot = _slot(st)
        if slot is None or not any(slot[0]):
            return view
        locked = slot[0]
        return dataclasses.replace(view, locked=cards_of(to_suit_major(locked[seat])),
                                   locked_sizes=tuple(m.bit_count() for m in locked))
