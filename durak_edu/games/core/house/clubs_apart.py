"""R9.38's second phase (krestovy, ``clubs_apart``): clubs, not spades, are the suit apart — a
club is beaten only by a higher club and beats only lower clubs (R6 with clubs for spades).

Beating has one home: the part adds its rule to the ``verdict.BeatRules`` the core reads, so
the beater masks and the words of a refused beat come from ``verdict.judge`` as the
reference's do.
"""

from __future__ import annotations

from .beating import BeatingPart

__all__ = ["ClubsApart"]


class ClubsApart(BeatingPart):
    clause, option = "R9.38", "clubs_apart"
