"""R9.11 (albansky, ``aces_first``): the deck lies aces first, then kings, queens and so on,
unshuffled. Only the deck order differs, and that is arranged before the deal, where the seed
shuffles it (``new.seeded_deck``, ``new.arrange_aces_first``: records check their deck there),
so neither the deal (``core.deal``) nor play has anything to call."""

from __future__ import annotations

from . import HousePart


class AcesFirst(HousePart):
    clause = "R9.11"
    values = {"aces_first": frozenset({False, True})}

    def active(self, rules: object) -> bool:
        """Never called in play: the deck order it arranges is ``new_game``'s."""
        return False
