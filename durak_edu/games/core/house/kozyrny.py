"""R9.36 (kozyrny, ``bito_swaps_trump``) as a part of the core: after every bito its last card
(the one covering the last attack card) changes places with the trump card under the talon and
becomes the trump, while the trump card lies there (as in R6, a spade in a spades-apart game
sets no trump).

The trump lives in the state's ``Config`` (its trump fields and beater masks): the part puts a
``state.with_trump`` copy in ``st.cfg``, so a copy of the state, and undo, keep the trump they
had. Its slot ``st.extra["trump_card"]``: the position of the card that shows the trump now
(the facade's ``trump_card``), once a swap has been made.
"""

from __future__ import annotations

import typing

from . import HousePart

if typing.TYPE_CHECKING:
    from collections.abc import Callable

    from ....cards import Card
    from ..state import Config, CoreState

__all__ = ["Kozyrny", "swapped"]

#: ``id`` of a ``Config`` a swap made -> (that Config, the game's own it was made from)
_FIRST: dict[int, tuple[Config, Config]] = {}


def swapped(c: Config, trump: int) -> Config:
    """``state.with_trump(c, trump)``, made from the game's own ``Config`` rather than from the
    last swap's: the same fields (a swap changes only the trump's), but a game's swaps make at
    most one ``Config`` per suit, which ``with_trump`` remembers, instead of a new one (its
    beater masks built again) at every bito of every playout."""
    from ..state import with_trump
    hit = _FIRST.get(id(c))
    first = hit[1] if hit is not None and hit[0] is c else c
    new = with_trump(first, trump)
    if new is not first:
        if len(_FIRST) > 1024:
            _FIRST.clear()
        _FIRST[id(new)] = (new, first)
    return new


class Kozyrny(HousePart):
    clause = "R9.36"
    values = {"bito_swaps_trump": frozenset({False, True})}

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """After a bito: swap its last card with the trump card lying under the talon."""
        old = st.trump_pos
        if took or old < 0 or st.tp >= len(st.talon) or st.talon[-1] != old or not st.discard:
            return
        new = st.discard[-1]
        st.discard[-1] = old
        st.talon = st.talon[:-1] + [new]  # a new list: the old one is shared with copies
        st.trump_pos = new
        st.extra = {**st.extra, "trump_card": new}
        suit = new & 3
        st.cfg = swapped(st.cfg, -1 if st.cfg.spades_apart and suit == 0 else suit)

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The reference's words for the swap (R9.36), after the bito."""
        new = after.extra.get("trump_card")
        if point != "table" or new is None or new == before.extra.get("trump_card"):
            return []
        from ....cards import Suit
        from ..decode import card
        assert isinstance(new, int)
        old = before.trump_pos
        trump = None if after.cfg.trump_suit < 0 else Suit(after.cfg.trump_suit)
        return [("trump", f"{card(new)}, the last card of the bito, changes places with the "
                 f"trump card {card(old)}: the trump is now {trump} (R9.36)",
                 (card(new), card(old)), None)]
