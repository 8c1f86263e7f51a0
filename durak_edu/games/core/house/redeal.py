"""R9.27 (s peresdachey, ``redeal_five_of_a_suit``): a deal giving a hand five cards of one
suit is shuffled and dealt again.

It happens before play, in the deal the core takes from the reference (``state.from_game``:
the hands of the deal that stood; the reference's ``redeal`` events stay in the history
``CoreGame.from_game`` keeps): nothing to call at play.
"""

from __future__ import annotations

from . import HousePart


class RedealFiveOfASuit(HousePart):
    clause = "R9.27"
    values = {"redeal_five_of_a_suit": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called at play: the deal is the reference's."""
        return False
