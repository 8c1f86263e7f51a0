"""The beating house rules as parts (R9.2, R9.14, R9.15, R9.30, R9.32, R9.47): each one option of
``Rules`` that changes only what beats what. A part's one hook, ``beats``, adds its rule to the
``verdict.BeatRules`` the core reads, so the core's beater masks and the words of a refused beat
come from ``verdict.judge`` exactly as the reference's do; nothing else in play changes.

>>> from durak_edu.games.verdict import BeatRules
>>> sorted(Suitless().beats(BeatRules()).house)
['suitless']
"""

from __future__ import annotations

import dataclasses
import typing

from . import HousePart

if typing.TYPE_CHECKING:
    from ...verdict import BeatRules

__all__ = ["BeatingPart", "Suitless", "Tuzovy", "Korolevsky", "HighestOnlyByLowest",
           "SixBeatsAce", "TwoBeatsAce", "BEATING_PARTS"]


class BeatingPart(HousePart):
    """A beating house rule: its option's name is its name in ``BeatRules.house``."""

    option = ""
    piles_grow = True  # (beating only: no card moves but by the core)

    def __init__(self) -> None:
        self.values = {self.option: frozenset({False, True})}

    def beats(self, rules: BeatRules) -> BeatRules:
        """Adds this rule to the house rules of beating in force."""
        return dataclasses.replace(rules, house=rules.house | {self.option})


class Suitless(BeatingPart):
    """R9.2 (bezmastny): suits do not matter; a higher rank beats, a trump beats a plain card,
    a trump falls only to a higher trump."""

    clause, option = "R9.2", "suitless"


class Tuzovy(BeatingPart):
    """R9.14 (tuzovy): an ace is beaten only by a trump, and by any trump."""

    clause, option = "R9.14", "ace_beaten_by_any_trump"


class Korolevsky(BeatingPart):
    """R9.15 (korolevsky): the lowest rank is beaten only by an ace that would beat it."""

    clause, option = "R9.15", "lowest_only_by_ace"


class HighestOnlyByLowest(BeatingPart):
    """R9.30: an ace is beaten only by the lowest rank of its suit, or by a trump."""

    clause, option = "R9.30", "highest_only_by_lowest"


class SixBeatsAce(BeatingPart):
    """R9.32: a six also beats the ace of its suit."""

    clause, option = "R9.32", "six_beats_ace"


class TwoBeatsAce(BeatingPart):
    """R9.47 (estonsky): any two also beats any ace, the trump ace too."""

    clause, option = "R9.47", "two_beats_ace"


#: the beating parts, in the order of docs/rules.md
BEATING_PARTS: tuple[BeatingPart, ...] = (Suitless(), Tuzovy(), Korolevsky(),
                                          HighestOnlyByLowest(), SixBeatsAce(), TwoBeatsAce())
