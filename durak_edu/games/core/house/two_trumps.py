"""R9.35 (dvukhkozyrny, ``trump_per_seat``; ``opponents_trump``) as a part of the core: every
player has his own trump suit, and the trump that counts in a bout is the defender's own.

The trump lives in the state's ``Config``, as R9.36's does: the part keeps one ``Config`` per
seat (``state.with_trump``, the seat's suit as the trump and, with
``opponents_trump="as_trump"``, the others' suits as ``BeatRules.as_trump``) and puts the
defender's in ``st.cfg`` as each bout starts (hook ``bout_start``) and after each transfer
(hook ``transferred``), where the reference calls ``_defender_trump``; so R3.4's trump rules and
R2.12's plain six read the defender's trump, and a copy of the state (undo) keeps its own.

Slot (``st.extra``): ``"r9.35"``, ``(seat trumps, as_trump)`` — each seat's suit, and
whether the others' are beaten as trumps (plain values: the seats' ``Config``s are derived
from ``st.cfg``, cached, ``seat_config``); absent in a game without a trump (R9.35 then sets
none). Hooks: ``dealt`` (the deal: each seat's suit from the trump card's, the first lead — the lowest card of his own trump,
R1.3 — and the deal's words),
``bout_start``, ``transferred``, ``trump_reason`` (the reference's R9.35 words: an opponent's
trump is no trump for you; with ``"as_trump"`` it is beaten only by a higher card of its suit)
and ``view`` (``View.seat_trumps``, public like the trump card). ``covers``: not with teams
(R5: the defender's player and seat differ), jokers (R9.22: the reference's seat masks read
no joker rule), R9.23 (its deal words come first in the reference, after R9.35's in the
parts' order) or R9.38 (its first phase starts the game its own way); the options R9.35 excludes (R6, R9.24, R9.36) the rules refuse already.
"""

from __future__ import annotations

import dataclasses
import typing

from ...verdict import JOKER_DECKS
from . import HousePart

if typing.TYPE_CHECKING:
    from ....cards import Card, Suit
    from ...base import View
    from ..deal import Deal
    from ..refuse import Context
    from ..state import Config, CoreState

__all__ = ["SeatTrumps"]

_KEY = "r9.35"


def _slot(st: CoreState) -> tuple[tuple[Suit, ...], bool] | None:
    return typing.cast("tuple[tuple[Suit, ...], bool] | None", st.extra.get(_KEY))


def seat_config(st: CoreState, seat: int) -> Config:
    """The ``Config`` of a bout ``seat`` defends (R9.35: his own trump); ``st.cfg`` elsewhere."""
    slot = _slot(st)
    return st.cfg if slot is None else _configs(st.cfg, *slot)[seat]


class SeatTrumps(HousePart):
    clause = "R9.35"
    not_with = ("a trump for each seat is not played with teams (R5), jokers (R9.22), a "
                "face-down trump card (R9.23) or R9.38's first phase")
    values = {"trump_per_seat": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        return bool(getattr(rules, "trump_per_seat"))  # (opponents_trump alone changes nothing)

    def covers(self, rules: object) -> bool:
        """Not in team play (R5) nor with jokers (R9.22)."""
        return not (getattr(rules, "teams") or getattr(rules, "deck") in JOKER_DECKS
                    or getattr(rules, "trump_card_hidden") or getattr(rules, "one_higher_phase"))

    def dealt(self, st: CoreState, d: Deal) -> None:
        """R9.35: the player after the dealer has the trump card's suit (or the fixed suit),
        each next player the next suit of R0's order; the lowest of his own trump leads (R1.3);
        in a position set up by hand the seats' trumps follow its trump."""
        if d.trump is None:
            return
        from ....cards import Suit
        n = d.n
        suits = tuple(Suit((int(d.trump) + (p - d.dealer - 1) % n) % 4) for p in range(n))
        st.extra = {**st.extra, _KEY: (suits, d.rules.opponents_trump == "as_trump")}
        if d.position:
            return  # (the position's attacker is given; its words are the position's)
        d.events.append(("trump", "every player has his own trump: " + ", ".join(
            f"{d.who(p)} {suit}" for p, suit in enumerate(suits)) + " (R9.35)", None, ()))
        if d.rules.first_lead == "lowest_trump" and d.start is None:
            d.start = _lowest_own_trump


    def bout_start(self, st: CoreState) -> None:
        """R9.35: the new defender's own trump counts."""
        if _KEY in st.extra:
            st.cfg = seat_config(st, st.defender)

    def transferred(self, st: CoreState) -> None:
        """R9.35: after a transfer, the new defender beats with his own trump."""
        if _KEY in st.extra:
            st.cfg = seat_config(st, st.defender)

    def trump_reason(self, st: CoreState, card: Card, target: Card,
                     ctx: Context) -> tuple[str, str] | None:
        """The reference's words (``_seat_trump_reason``) for a beat refused by whose trump a
        suit is."""
        slot = _slot(st)
        if slot is None:
            return None
        suits = slot[0]
        own = suits[st.defender]
        owner = {suit: p for p, suit in enumerate(suits)}
        if card.suit != target.suit and card.suit != own and card.suit in owner:
            return ("R9.35", f"{card.suit} is {ctx.who(owner[card.suit])}'s trump, not yours: "
                    f"an opponent's trump is no trump for you; yours is {own}")
        if card.suit == own != target.suit and target.suit in owner and st.cfg.beat_rules.as_trump:
            return ("R9.35", f"{target.suit} is {ctx.who(owner[target.suit])}'s trump: an "
                    f"opponent's trump is beaten as a trump, only by a higher {target.suit} "
                    "(opponents_trump='as_trump')")
        return None

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """Every seat's trump, public like the trump card that set them."""
        slot = _slot(st)
        return view if slot is None else dataclasses.replace(view, seat_trumps=slot[0])


#: (a Config's id, the seats' trumps, as_trump) -> (it, one Config per seat): every seat's
#: Config maps to the same tuple
_SEATS: dict[tuple[int, tuple[Suit, ...], bool], tuple[Config, tuple[Config, ...]]] = {}


def _configs(cfg: Config, suits: tuple[Suit, ...], as_trump: bool) -> tuple[Config, ...]:
    """One ``Config`` per seat, from ``cfg`` (any of the game's): the seat's own trump and,
    with ``as_trump``, the others' suits beaten as trumps (``state.with_trump``). Cached: the
    deal's, a take-over's and every copy's are the same objects."""
    hit = _SEATS.get((id(cfg), suits, as_trump))
    if hit is not None and hit[0] is cfg:
        return hit[1]
    from ..state import with_trump
    cfgs = tuple(with_trump(cfg, int(own), frozenset(suits) - {own} if as_trump
                            else frozenset()) for own in suits)
    if len(_SEATS) > 4096:
        _SEATS.clear()
    for c in (cfg, *cfgs):
        _SEATS[(id(c), suits, as_trump)] = (c, cfgs)
    return cfgs


def _lowest_own_trump(st: CoreState, d: Deal) -> None:
    """R1.3 with R9.35: whoever holds the lowest card of his own trump leads (on a tie in rank,
    the first of them from the dealer's left); nobody: the player after the dealer. A lead
    given (a series' next game) leads."""
    from ..apply import start_bout
    after = (d.dealer + 1) % st.n
    lead = d.lead
    if lead is None:
        slot = _slot(st)
        assert slot is not None  # set by ``dealt``
        best: tuple[int, int] | None = None
        for k in range(st.n):
            seat = (after + k) % st.n
            own = st.hands[seat] & 0x1111111111111 << int(slot[0][seat])
            if own:
                low = ((own & -own).bit_length() - 1) >> 2  # rank-major: its rank
                if best is None or low < best[0]:
                    best = (low, seat)
        lead = after if best is None else best[1]
    start_bout(st, lead)

