"""R9.28 (``scoring="ochkovy"|"pogonny"|"figurny"``): the game is won on points counted as play
goes; the points alone decide the ``Result``.

Slots (``st.extra``, replaced, never changed in place): ``"tally"``, per seat the ranks that
scored, highest first (the reference's ``_State.tally``), and ``"last_layer"``, who laid the
last attack card (pogonny). Hooks: ``played`` (who laid the last attack card);
``bout_end`` (what the bout scores: a bito scores for the defender the attack cards he beat,
all or the tens and above; a take of exactly two cards of one rank is an epaulette for whoever
laid the last); ``score`` (the points decide the result, as the reference's ``_scored``); and
the facade's ``events`` (the ``score`` event).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable

from ....cards import RANK_MAJOR_CARDS, Card
from ...base import Result
from ..bits import MOVE_SHIFT
from . import HousePart, rehook

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..state import CoreState

Tally = tuple[tuple[int, ...], ...]

_SHIFT = MOVE_SHIFT  # moves.SHIFT (the kind of a move: moves imports the parts)
_LAYS = (1, 3, 6)  # ATTACK, TRANSFER, THROW: the moves that lay attack cards (SHOW lays none)
_FIGURE = 10 - 2  # a figure card is a ten or higher (rank - 2 of a rank-major position)
_REPETITION = -2  # apply.REPETITION


def _rank(pos: int) -> int:
    return (pos >> 2) + 2


class Scoring(HousePart):
    clause = "R9.28"
    piles_grow = True  # (scores only: talon and discard as the core leaves them)
    values = {"scoring": frozenset({"durak", "ochkovy", "pogonny", "figurny"})}

    def active(self, rules: object) -> bool:
        return str(getattr(rules, "scoring")) != "durak"

    def dealt(self, st: CoreState, d: Deal) -> None:
        """No points yet, nobody has laid a card."""
        st.extra = {**st.extra, "tally": ((),) * st.n, "last_layer": -1,
                    "scoring": d.rules.scoring}
        if d.rules.scoring != "pogonny":  # only pogonny asks who laid: no ``played`` every move
            rehook(st, self, ("bout_end",))

    def played(self, st: CoreState, move: int) -> None:
        """Pogonny: remember who lays attack cards (a shown trump lays none)."""
        if (move >> _SHIFT in _LAYS and st.extra["scoring"] == "pogonny"
                and st.extra["last_layer"] != st.to_act):
            # (a new slot only when the layer changes: asked at every move, the dict copy was
            # a good part of pogonny's playout)
            st.extra = {**st.extra, "last_layer": st.to_act}

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """What the bout that ends scores (the table is still laid out)."""
        form = st.extra["scoring"]
        ranks: tuple[int, ...]
        laid: tuple[int, ...]
        if not took and form == "pogonny":
            return  # (pogonny scores a pick-up's epaulettes only, never a bito)
        if took:
            if form != "pogonny":
                return  # (only pogonny scores a pick-up: its epaulettes)
            last = typing.cast(int, st.extra["last_layer"])
            if (taken.bit_count() != 2 or last in (-1, st.defender)
                    or (taken & -taken).bit_length() - 1 >> 2
                    != taken.bit_length() - 1 >> 2):
                return
            seat, ranks = last, (_rank(taken.bit_length() - 1),)
            laid = tuple(x for a, d in zip(st.ta, st.td) for x in (a, d)
                         if x >= 0 and taken >> x & 1)
        else:
            seat = st.defender
            ranks = tuple(_rank(a) for a, d in zip(st.ta, st.td) if d >= 0 and (
                form == "ochkovy" or form == "figurny" and a >> 2 >= _FIGURE))
            if not ranks:
                return
            laid = ()
        tally = typing.cast(Tally, st.extra["tally"])
        st.extra = {**st.extra, "tally": tuple(
            tuple(sorted(t + ranks, reverse=True)) if p == seat else t
            for p, t in enumerate(tally)), "last_score": (seat, len(ranks), laid, st.defender)}

    def score(self, st: CoreState, result: Result) -> Result:
        """The points decide: the top scorers win (pogonny: level, the higher epaulettes), the
        rest lose, the one player with the fewest is the durak; everyone level is a draw. A
        repetition draw stays a draw, with the points."""
        form = typing.cast(str, st.extra["scoring"])
        tally = typing.cast(Tally, st.extra["tally"])
        n = st.n
        points = {p: len(t) for p, t in enumerate(tally)}
        scored = dict(enumerate(tally))
        if st.end is not None and st.end[0] == _REPETITION:
            return dataclasses.replace(result, scores=points, scoring=form, scored=scored)

        def key(p: int) -> tuple[int, tuple[int, ...]]:
            return points[p], tally[p] if form == "pogonny" else ()

        best = max(key(p) for p in range(n))
        winners = tuple(p for p in range(n) if key(p) == best)
        if len(winners) == n:
            return Result(None, result.out_order, True, 0, points, (), (),
                          reason="everyone has the same points", names=result.names,
                          scoring=form, scored=scored)
        worst = min(key(p) for p in range(n))
        bottom = [p for p in range(n) if key(p) == worst]
        return Result(bottom[0] if len(bottom) == 1 else None, result.out_order, False, 0, points,
                      winners, tuple(p for p in range(n) if p not in winners),
                      names=result.names, scoring=form, scored=scored)

    def point_events(self, before: CoreState, after: CoreState, point: str,
               who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """The ``score`` event, after the pick-up or bito, in the reference's words."""
        if point != "table" or after.extra["tally"] is before.extra["tally"]:
            return []
        seat, count, laid, taker = typing.cast("tuple[int, int, tuple[int, ...], int]",
                                               after.extra["last_score"])
        form = after.extra["scoring"]
        if laid:
            text = " ".join(str(RANK_MAJOR_CARDS[x]) for x in laid)
            words = (f"{who(seat)} hangs an epaulette, {text}, on {who(taker)} "
                     "(pogonny, R9.28)")
        else:
            what = "figure card" if form == "figurny" else "card"
            words = f"{who(seat)} has beaten {count} {what}{'s' if count > 1 else ''} ({form}, R9.28)"
        return [("score", words, (), seat)]

