"""The coach's worlds, dealt fast: the cards a seat cannot place dealt again on the core's state.

``SeatGame.redeal`` makes a whole sealed game for each world (a clone, the seat's view, the
house parts' slots, the repetition memory): about a third of the search's time (issue 29). Where
the preset has no house slot and nothing set aside (plain podkidnoy, perevodnoy, ...), a world
differs from the first one only in where the unplaced cards lie: ``Worlds`` deals the first by
``SeatGame.redeal``, then each further one on a copy of that world's core state — the unplaced
cards shuffled, each other hand its known cards (R0) and as many of them as it holds, the talon
the rest with the face-up trump card last (R1.2). Everything is read from the first, sealed world
and the seat's view, never from the live game (R0: the worlds depend on the view alone). Where
anything else may be hidden (R9's set-aside, locked or face-down trump cards), every world is
a ``SeatGame.redeal``.

``weights`` (``coach.reading``: how likely each unseen card is to be in the opponent's hand,
relative to ``1``; two players) deals the opponent's hand by weight instead of uniformly: each
unseen card gets the key ``u ** (1 / w)`` (``u`` uniform) and the highest keys go to his hand
(Efraimidis and Spirakis' weighted sampling without replacement), the rest to the talon in random
order. Every world, the first too, is then dealt so.

>>> import random
>>> from durak_edu import new_game
>>> from durak_edu.bots.seat import SeatGame
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> w = Worlds(SeatGame(g, g.to_act), random.Random(1))
>>> w.fast, w.deal().hands[g.to_act] == w.deal().hands[g.to_act]
(True, True)
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping

from ..bots.seat import SeatGame
from ..cards import Card
from ..games.core.game import AttackGame
from ..games.core.state import POSITIONS as _POS, CoreState

__all__ = ["Worlds"]


class Worlds:
    """``Worlds(me, rng)``: ``deal()`` returns a new world's core state (the search's own to play
    on), dealt from ``me``'s view with ``rng``."""

    def __init__(self, me: SeatGame, rng: random.Random,
                 weights: Mapping[Card, float] | None = None):
        self._me, self._rng = me, rng
        first = me.redeal(rng)
        assert isinstance(first, AttackGame)  # search.playable: a redealt copy is one too
        st = first._s.core
        self._first: CoreState | None = st  # the search plays on it: the others copy this
        self._st = st.copy()
        v = me.view()
        hidden = [_POS[c.index] for c in v.unknown]
        bottom = [st.talon[-1]] if v.in_talon and v.in_talon[-1] == first.trump_card else []
        others = [(p, sum(1 << _POS[c.index] for c in v.known.get(p, ())),
                   v.hand_sizes[p] - len(v.known.get(p, ()))) for p in range(st.n) if p != me.seat]
        slots = sum(need for _p, _k, need in others) + len(st.talon) - st.tp - len(bottom)
        #: each world dealt on the core (else by ``SeatGame.redeal``)
        self.fast = (not st.extra and not first.removed and first.secret is None
                     and len(v.in_talon) == len(bottom) and slots == len(hidden))
        self._hidden, self._others, self._bottom = hidden, others, bottom
        self._drawn = st.talon[:st.tp]  # drawn already: never read again
        self._unknown = sum(1 << x for x in hidden)
        #: each hidden card's weight (``None``: uniform); only where one other hand is dealt
        self._weights: list[float] | None = None
        if weights and self.fast and len(others) == 1:
            self._weights = [max(1e-6, float(weights.get(c, 1.0))) for c in v.unknown]
            self._first = None  # dealt by weight like every other

    def deal(self) -> CoreState:
        """The next world's core state."""
        if self._first is not None:
            st, self._first = self._first, None
            return st
        if not self.fast:
            world = self._me.redeal(self._rng)
            assert isinstance(world, AttackGame)
            return world._s.core
        st = self._st.copy()
        if self._weights is None:
            hidden = self._hidden[:]
            self._rng.shuffle(hidden)
        else:
            hidden = self._weighted()
        hands = list(st.hands)
        k = 0
        for p, known, need in self._others:
            m = known
            for x in hidden[k:k + need]:
                m |= 1 << x
            hands[p] = m
            k += need
        st.hands = hands
        st.talon = self._drawn + hidden[k:] + self._bottom
        if st.seen:  # R2.11: the positions that may come back, with this world's hands
            unknown = self._unknown
            seen = ~unknown
            now = [h & unknown for h in hands]
            st.seen = {(tuple((m & seen) | w for m, w in zip(_hands(key), now)),) + key[1:]: count
                       for key, count in st.seen.items()}
        return st

    def _weighted(self) -> list[int]:
        """The hidden positions, the opponent's share first (by weight), the talon's after."""
        rand = self._rng.random
        keyed = sorted(zip([rand() ** (1.0 / w) for w in self._weights or ()], self._hidden),
                       reverse=True)
        need = self._others[0][2]
        rest = [x for _k, x in keyed[need:]]
        self._rng.shuffle(rest)
        return [x for _k, x in keyed[:need]] + rest


def _hands(key: tuple[object, ...]) -> tuple[int, ...]:
    """The hands of a repetition key (R2.11, ``games.core.state.Key``)."""
    return typing.cast("tuple[int, ...]", key[0])
