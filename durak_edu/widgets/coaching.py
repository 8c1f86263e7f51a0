"""``CoachPanel``: the coach inside a widget — a toggle button, the overlay on the table and the
coach's sentences under it — shared by ``PlayWidget(coach=True)`` and ``ReplayWidget(coach=True)``.

The widget calls ``before(seat)`` before it draws a position (the table then shows "thinking…")
and ``after(game, seat)`` once that frame has gone to the front end: the advice is computed
then, and the table is drawn again with it. The page never waits on a blank table. Advice is
remembered per position and seat, so stepping back and forth costs nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..coach import Advice, advise
from ..draw.overlay import coach_overlay, thinking_overlay
from .table import TableView

if TYPE_CHECKING:
    from ..games.base import Game

__all__ = ["CoachPanel"]

_REMEMBER = 256


class CoachPanel:
    """The coach's toggle (``toggle``), its one-line summary (``words``, under the table; the
    full sentences are drawn on the table) and the overlay it puts on ``table``. ``advice`` is
    the last advice shown (``None`` while off)."""

    def __init__(self, table: TableView, on: bool, redraw: Callable[[], object]) -> None:
        if not isinstance(on, bool):
            raise ValueError(f"coach must be True or False, not {on!r}")
        self.table = table
        self.toggle = widgets.ToggleButton(
            value=on, description="coach", icon="graduation-cap",
            tooltip="show the chances on your cards, the cards still out and the coach's advice",
            layout=widgets.Layout(width="90px"))
        self.words = widgets.HTML(layout=widgets.Layout(display="" if on else "none"))
        self.advice: Advice | None = None
        self._seen: OrderedDict[tuple[Hashable, ...], Advice] = OrderedDict()
        self.toggle.observe(lambda _c: redraw(), names="value")

    @property
    def on(self) -> bool:
        return bool(self.toggle.value)

    def _key(self, game: Game, seat: int) -> tuple[Hashable, ...]:
        return (game.variant, tuple(game.deck_order), tuple(map(str, game.actions)), seat,
                game.to_act)

    def before(self, seat: int | None) -> None:
        """Set the overlay for the frame about to be drawn: "thinking…", or nothing when off."""
        self.words.layout.display = "" if self.on else "none"
        if not self.on or seat is None:
            self.table.overlay = None
            self.words.value = ""
            return
        self.table.overlay = thinking_overlay(seat)
        self.words.value = "<i>coach: thinking…</i>"

    def after(self, game: Game, seat: int | None) -> Advice | None:
        """Compute the advice for ``seat`` (after the "thinking…" frame was sent) and draw it."""
        if not self.on or seat is None:
            self.advice = None
            return None
        key = self._key(game, seat)
        advice = self._seen.get(key)
        if advice is None:
            advice = advise(game, seat)
            self._seen[key] = advice
            if len(self._seen) > _REMEMBER:
                self._seen.popitem(last=False)
        self.advice = advice
        self.table.show(overlay=coach_overlay(advice))
        best = " or ".join(escape(str(a)) for a in advice.best[:3])
        verdict = {"solved": " · the ending is solved", "too big": " · the ending is too big to "
                   "search"}.get(advice.ending, "")
        # one line here; the coach's sentences are written on the table, under it
        self.words.value = (f"<div style='font-size:13px'><b>Coach</b> (seat {advice.seat}): "
                            + (f"suggests <b>{best}</b>" if best else "nothing to play now")
                            + f"{verdict}</div>")
        return advice
