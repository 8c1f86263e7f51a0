"""R9.27 (s peresdachey, ``redeal_five_of_a_suit``): a deal giving a hand five cards of one
suit is shuffled and dealt again.

It happens before play, in the deal: hook ``deal`` (``core.deal``) deals the order out, and
while a hand would hold five or more cards of one suit, shows them, shuffles again and deals
the new order — each shuffle seeded by the deck order given and the redeal's number, as the
reference does, so a record replays the same deals. Nothing to call at play (a game taken over
from the reference keeps its deal and its ``redeal`` events).
"""

from __future__ import annotations

import random
import typing

from ....cards import Card, Suit
from ...beating import by_rank_then_suit
from ...shuffling import shuffle
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal


class RedealFiveOfASuit(HousePart):
    clause = "R9.27"
    values = {"redeal_five_of_a_suit": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called at play: the deal is over before it."""
        return False

    def in_deal(self, rules: object) -> bool:
        return bool(getattr(rules, "redeal_five_of_a_suit"))

    def deal(self, d: Deal) -> None:
        """R9.27: deal again while a hand would hold five cards of one suit (seed 001)."""
        order, n, h = d.order, d.n, d.dealt
        key = " ".join(str(c.index) for c in order)
        while True:
            hands: list[list[Card]] = [[] for _ in range(n)]
            for i in range(n * h):  # R1.1: one at a time from the player after the dealer
                hands[(d.dealer + 1 + i) % n].append(order[i])
            five = next(((p, same) for p, hand in enumerate(hands) for suit in Suit
                         if len(same := [c for c in hand if c.suit == suit]) >= 5), None)
            if five is None:
                break
            seat, same = five
            d.redeals += (tuple(order),)
            shown = tuple(sorted(same, key=by_rank_then_suit))  # shown to all, then shuffled
            d.events.append(("redeal", f"{d.who(seat)} is dealt {len(same)} cards of one suit, "
                             f"{' '.join(map(str, shown))}: the cards go back and are shuffled "
                             "and dealt again (R9.27)", None, shown))
            order = order[:]
            shuffle(order, random.Random(f"{key}/redeal {len(d.redeals)}"))  # random's own
        d.order = order
