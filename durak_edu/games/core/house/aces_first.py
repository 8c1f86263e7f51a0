"""R9.11 (albansky, ``aces_first``): the deck lies aces first, then kings, queens and so on,
unshuffled. Only the deal differs, and the core takes the deal from the reference
(``state.from_game`` reads its hands and talon), so in play the part has nothing to do."""

from __future__ import annotations

from . import HousePart


class AcesFirst(HousePart):
    clause = "R9.11"
    values = {"aces_first": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called in play: the deal it changes is the reference's."""
        return False
