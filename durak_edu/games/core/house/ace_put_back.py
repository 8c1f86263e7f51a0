"""R9.31 (``ace_put_back``): an ace may not be the turned trump card; it goes back into the
middle of the talon, seen by all, and the next card is turned.

It happens in the deal only, which the core takes from the reference (``state.from_game``),
and the ace put back is known to lie in the talon till drawn as R6's turned spade is (the
reference's ``reshuffled``, which ``CoreGame`` keeps): nothing to call at play.
"""

from __future__ import annotations

from . import HousePart


class AcePutBack(HousePart):
    clause = "R9.31"
    values = {"ace_put_back": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called at play: the deal is the reference's."""
        return False
