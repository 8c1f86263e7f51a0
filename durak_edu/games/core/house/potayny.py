"""R9.24 (potayny, ``second_trump``) as a part of the core: a second card, set aside face down
at the deal, is turned when a bout's drawing takes the last card of the talon (trump card and
all), and its suit is the trump from the next bout on (a spade in a spades-apart game sets no
trump, R6). It stays face up beside the table, out of play.

The trump lives in the state's ``Config``, as R9.36's does (``state.with_trump``): the part
puts the new trump's copy in ``st.cfg`` after the draw, so a copy of the state, and undo, keep
the trump they had. Slots (``st.extra``): ``"r9.24"``, the second card's position (absent when
none was set aside: a deck used up by the deal, a ``from_position`` game); ``"r9.24 old"``, the
trump suit before it was turned (-1: none), present once it is turned; ``"trump_card"``, the
card that shows the trump from then on (the facade's ``trump_card``).

Hooks: ``deal`` and ``dealt`` (the deal sets the card after the trump card aside,
``Deal.aside``; the slot, and the deal's last words), ``draw`` (the turn), ``trump_reason`` (the reference's R9.24 words for a beat with the old trump), ``point_events``
(the turn's words, after the draws), ``set_aside`` and ``face_up`` (the view: unseen until
turned, then seen by all). ``covers``: not with R9.36 (kozyrny) or R9.26 (the six exchanged for
the trump card), which change the trump card too, R9.23 (the trump card face down), R9.40 (whose deal words come before
R9.24's in the reference, the parts' order puts them after) or the jokers
(a joker turned second would set two trump suits, R9.33): the reference's combinations are not
held to the core there.
"""

from __future__ import annotations

import typing

from ....cards import RANK_MAJOR_POSITION, Suit
from ...verdict import JOKER_DECKS
from . import HousePart

if typing.TYPE_CHECKING:
    from collections.abc import Callable

    from ....cards import Card
    from ..deal import Deal
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["SecondTrump"]

_KEY, _OLD = "r9.24", "r9.24 old"


def _suit(s: int) -> Suit | None:
    return None if s < 0 else Suit(s)


class SecondTrump(HousePart):
    clause = "R9.24"
    not_with = ("the second trump card is not played with the other rules that change the trump "
                "card (R9.36, R9.26), a face-down trump card (R9.23) or jokers (R9.22, R9.33)")
    values = {"second_trump": frozenset({False, True})}

    def covers(self, rules: object) -> bool:
        """Not with the other rules that change the trump card (R9.36, R9.26), a face-down
        trump card (R9.23) or jokers (R9.22, R9.33)."""
        return not (getattr(rules, "bito_swaps_trump") or getattr(rules, "trump_six_exchange")
                    or getattr(rules, "trump_card_hidden") or getattr(rules, "deck") in JOKER_DECKS)

    def deal(self, d: Deal) -> None:
        """The card after the turned trump is set aside face down (``Deal.aside``)."""
        d.aside = 1

    def dealt(self, st: CoreState, d: Deal) -> None:
        """The card set aside (none when the deal used the deck up, or in a position), and the
        reference's words for it, the deal's last."""
        if not d.set_aside:
            return
        st.extra = {**st.extra, _KEY: RANK_MAJOR_POSITION[d.set_aside[0].index]}
        d.last_events.append(("trump", "a second card is set aside face down: when the talon "
                              "runs out it is turned and becomes the trump (R9.24)", None, ()))

    def draw(self, st: CoreState) -> None:
        """After a bout's drawing that used the talon up: the second card is turned."""
        pos = st.extra.get(_KEY)
        if not isinstance(pos, int) or _OLD in st.extra or st.tp < len(st.talon):
            return
        from ..state import with_trump
        suit = pos & 3
        st.extra = {**st.extra, _OLD: st.cfg.trump_suit, "trump_card": pos}
        st.cfg = with_trump(st.cfg, -1 if st.cfg.spades_apart and suit == 0 else suit)

    def trump_reason(self, st: CoreState, card: Card, target: Card,
                     ctx: Context) -> tuple[str, str] | None:
        """A beat with a card of the old trump suit, once the second card is turned."""
        old = st.extra.get(_OLD)
        if not isinstance(old, int) or old < 0 or card.suit is None or int(card.suit) != old:
            return None
        trump = st.cfg.trump_suit
        if old == trump:
            return None
        from ..decode import card as card_at
        pos = typing.cast(int, st.extra[_KEY])
        return ("R9.24", f"the talon is used up and the second trump card {card_at(pos)} is "
                f"turned: {Suit(old)} is no trump any more, the trump is {_suit(trump)}")

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The reference's words for the turn (R9.24), after the draws."""
        if point != "draw" or _OLD not in after.extra or _OLD in before.extra:
            return []
        from ..decode import card as card_at
        new = card_at(typing.cast(int, after.extra[_KEY]))
        old = typing.cast(int, after.extra[_OLD])
        return [("trump", f"the talon is used up: the second trump card {new} is turned, and "
                 f"the trump is now {_suit(after.cfg.trump_suit)} (was {_suit(old)}) (R9.24)",
                 (new,), None)]

    def set_aside(self, st: CoreState) -> int:
        """The second card, face down until turned: unseen by all."""
        return int(_KEY in st.extra and _OLD not in st.extra)

    def face_up(self, st: CoreState) -> int:
        """The second card once turned: seen by all, beside the table."""
        pos = st.extra.get(_KEY)
        return 1 << pos if isinstance(pos, int) and _OLD in st.extra else 0
