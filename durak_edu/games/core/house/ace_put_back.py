"""R9.31 (``ace_put_back``): an ace may not be the turned trump card; it goes back into the
middle of the talon, seen by all, and the next card is turned.

It happens in the deal only (hook ``deal``: the core's turning, ``core.deal._turn``, puts a
turned ace back as it puts back R6's spade), and the ace put back is known to lie in the talon
till drawn as R6's turned spade is (``AttackGame.reshuffled``): nothing to call at play.
"""

from __future__ import annotations

import typing

from ....cards import Rank
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal


class AcePutBack(HousePart):
    clause = "R9.31"
    values = {"ace_put_back": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called at play: the deal is over before it."""
        return False

    def in_deal(self, rules: object) -> bool:
        return bool(getattr(rules, "ace_put_back"))

    def deal(self, d: Deal) -> None:
        """R9.31: a turned ace goes back into the talon's middle (its words before R6's)."""
        d.put_back.append((lambda c: c.rank == Rank.ACE, "an ace may not be the trump card",
                           "R9.31"))
