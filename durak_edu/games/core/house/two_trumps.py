"""R9.35 (dvukhkozyrny, ``trump_per_seat``; ``opponents_trump``) as a part of the core: every
player has his own trump suit, and the trump that counts in a bout is the defender's own.

The trump lives in the state's ``Config``, as R9.36's does: the part keeps one ``Config`` per
seat (``state.with_trump``, the seat's suit as the trump and, with
``opponents_trump="as_trump"``, the others' suits as ``BeatRules.as_trump``) and puts the
defender's in ``st.cfg`` as each bout starts (hook ``bout_start``) and after each transfer
(hook ``transferred``), where the reference calls ``_defender_trump``; so R3.4's trump rules and
R2.12's plain six read the defender's trump, and a copy of the state (undo) keeps its own.

Slot (``st.extra``): ``"r9.35"``, ``(seat trumps, configs)`` — each seat's suit and its
``Config``; absent in a game without a trump (R9.35 then sets none). Hooks: ``take_over``,
``bout_start``, ``transferred``, ``trump_reason`` (the reference's R9.35 words: an opponent's
trump is no trump for you; with ``"as_trump"`` it is beaten only by a higher card of its suit)
and ``view`` (``View.seat_trumps``, public like the trump card). ``covers``: not with teams
(R5: the defender's player and seat differ) or jokers (R9.22: the reference's seat masks read
no joker rule); the options R9.35 excludes (R6, R9.24, R9.36) the rules refuse already.
"""

from __future__ import annotations

import dataclasses
import typing

from . import HousePart

if typing.TYPE_CHECKING:
    from ....cards import Card, Suit
    from ...attack import AttackGame
    from ...base import View
    from ..deal import Deal
    from ..refuse import Context
    from ..state import Config, CoreState

__all__ = ["SeatTrumps"]

_KEY = "r9.35"


def _lowest_own_trump(st: CoreState, d: Deal) -> int:
    """R1.3 with R9.35: whoever holds the lowest card of his own trump leads (on a tie, the
    first of them from the dealer's left); nobody: the player after the dealer."""
    slot = _slot(st)
    after = (d.dealer + 1) % st.n
    if slot is None:
        return after
    best: tuple[int, int] | None = None
    for k in range(st.n):
        seat = (after + k) % st.n
        own = st.hands[seat] & 0x1111111111111 << int(slot[0][seat])
        if own:
            low = ((own & -own).bit_length() - 1) >> 2
            if best is None or low < best[0]:
                best = (low, seat)
    return after if best is None else best[1]


def _slot(st: CoreState) -> tuple[tuple[Suit, ...], tuple[Config, ...]] | None:
    return typing.cast("tuple[tuple[Suit, ...], tuple[Config, ...]] | None", st.extra.get(_KEY))


class SeatTrumps(HousePart):
    clause = "R9.35"
    values = {"trump_per_seat": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        return bool(getattr(rules, "trump_per_seat"))  # (opponents_trump alone changes nothing)

    def covers(self, rules: object) -> bool:
        """Not in team play (R5) nor with jokers (R9.22)."""
        return not (getattr(rules, "teams") or getattr(rules, "deck") in (53, 54))

    def dealt(self, st: CoreState, d: Deal) -> None:
        """R9.35 (``AttackGame._set_seat_trumps``): the player after the dealer has the trump
        card's suit, each next player the next suit (♠ ♣ ♦ ♥); R1.3 by one's own trump."""
        if d.trump is None:
            return
        from ....cards import Suit
        n = st.n
        suits = tuple(Suit((d.trump + (p - d.dealer - 1) % n) % 4) for p in range(n))
        self._slots(st, suits, d.rules.opponents_trump == "as_trump")
        if d.rules.first_lead == "lowest_trump":
            d.leads = _lowest_own_trump
        if not d.position:
            d.events.append(("trump", "every player has his own trump: " + ", ".join(
                f"{d.who(p)} {suit}" for p, suit in enumerate(suits)) + " (R9.35)", None, ()))

    @staticmethod
    def _slots(st: CoreState, suits: tuple[Suit, ...], as_trump: bool) -> None:
        from ..state import with_trump
        cfgs = tuple(with_trump(st.cfg, int(own), frozenset(suits) - {own} if as_trump
                                else frozenset()) for own in suits)
        st.extra = {**st.extra, _KEY: (suits, cfgs)}

    def take_over(self, st: CoreState, game: AttackGame) -> None:
        """Each seat's trump and its ``Config``; the defender's is the state's."""
        suits = game.seat_trumps
        if not suits:
            return
        from ..state import with_trump
        as_trump = game.rules.opponents_trump == "as_trump"
        cfgs = tuple(with_trump(st.cfg, int(own), frozenset(suits) - {own} if as_trump
                                else frozenset()) for own in suits)
        st.extra = {**st.extra, _KEY: (suits, cfgs)}
        st.cfg = cfgs[st.defender]

    def bout_start(self, st: CoreState) -> None:
        """R9.35: the new defender's own trump counts."""
        slot = _slot(st)
        if slot is not None:
            st.cfg = slot[1][st.defender]

    def transferred(self, st: CoreState) -> None:
        """R9.35: after a transfer, the new defender beats with his own trump."""
        slot = _slot(st)
        if slot is not None:
            st.cfg = slot[1][st.defender]

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
