"""R9.48 (bez nazvaniya, ``rest_passes_on``): kitaysky's take (R9.16, only the first attack card
is picked up), but the other attack cards still unbeaten pass to the next player in play, who
must beat them or take in the same way; the beaten pairs go to the discard pile.

One hook does it: ``hold_bout``, asked where a bout would end (R2.5's last pass). When the
defender has taken and unbeaten cards other than the first lie on the table, the part picks the
first card up for him, discards the beaten pairs and leaves the rest on the table against the
next defender; the bout goes on. When the next player is the bout's opener (so always with two
players in play) the chain stops: the bout ends as kitaysky's, the rest discarded. Slot
``st.extra["passed_on"]``: how many times this bout's cards passed on (while it is above 0
nobody throws in: only the cards passed are to be beaten).
"""

from __future__ import annotations

import typing

from ....cards import RANK_MAJOR_CARDS, Card
from . import HousePart

if typing.TYPE_CHECKING:
    from collections.abc import Callable

    from ..state import CoreState

__all__ = ["RestPassesOn", "passed_on"]

_BLOCKED = ("R9.48", "the cards passed on are only to be beaten: nobody throws in against them "
            "(bez nazvaniya)")


def passed_on(st: CoreState) -> int:
    """How many times this bout's cards have passed on (R9.48)."""
    n = st.extra.get("passed_on", 0) if st.extra else 0
    return n if isinstance(n, int) else 0


def _next_in_play(st: CoreState, seat: int) -> int:
    n = st.n
    for k in range(1, n):
        p = (seat + k) % n
        if not st.outm >> p & 1:
            return p
    return seat


class RestPassesOn(HousePart):
    clause = "R9.48"
    values = {"rest_passes_on": frozenset({False, True})}
    not_with = ("the cards pass on round the table without transfers (R3), teams (R5), the "
                "gallery's own moves (R9.10, R9.17, R9.18, R9.19, R9.26, R9.39) or R4's shapes")

    def covers(self, rules: object) -> bool:
        """Kitaysky's plain bout only: no transfers, teams, R4's shapes or the gallery's moves,
        whose turns a passed-on bout would have to read."""
        if getattr(rules, "attack_shape", "rank") != "rank":
            return False
        return not any(getattr(rules, name, False) for name in (
            "transfer", "teams", "defender_throws_in", "defender_draws", "talon_attack",
            "defender_swaps", "trump_six_exchange", "counter_attack", "one_higher_phase"))

    def hold_bout(self, st: CoreState) -> bool:
        """The taker picks up the first card; the unbeaten rest go on to the next player."""
        if not st.taking or st.refused or not st.ta:
            return False
        rest = [a for a, d in zip(st.ta[1:], st.td[1:]) if d < 0]
        taker = st.defender
        nxt = _next_in_play(st, taker)
        if not rest or nxt == taker or nxt == st.opener:
            return False  # nothing to pass, or it would come back to its opener: R9.16's end
        first = st.ta[0]
        for a, d in zip(st.ta, st.td):
            if d >= 0:
                if a != first:
                    st.discard.append(a)
                st.discard.append(d)
        st.hands[taker] |= 1 << first
        st.known[taker] |= 1 << first  # R0: a card picked up is public
        st.ta, st.td = rest, [-1] * len(rest)
        st.nub = st.n_attack = len(rest)
        ranks = 0
        for a in rest:
            ranks |= 0xF << (a & ~3)
        st.ranks = ranks
        st.settled = st.shown = st.run = 0
        st.taking = False
        st.attacker = taker  # he passed them on (our decision: as a transfer's R3.3)
        st.defender = nxt
        st.extra = {**st.extra, "passed_on": passed_on(st) + 1}
        st.to_act = nxt
        return True

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        return _BLOCKED if passed_on(st) else None

    def bout_start(self, st: CoreState) -> None:
        if passed_on(st):
            st.extra = {**st.extra, "passed_on": 0}

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The pass-on, after the move (the last pass) that caused it."""
        if point != "move" or after.bout != before.bout or passed_on(after) <= passed_on(before):
            return []
        taker = before.defender
        first = RANK_MAJOR_CARDS[before.ta[0]]
        rest = tuple(RANK_MAJOR_CARDS[a] for a in after.ta)
        text = (f"{who(taker)} takes only {first}; {' '.join(map(str, rest))} pass on to "
                f"{who(after.defender)}, who must beat them (R9.48)")
        return [("pickup", text, (first,), taker)]  # the cards he picks up (R0: public)
