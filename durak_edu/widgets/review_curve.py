"""The review in the replay (issue 29): a seat's value over the game as a small curve, drawn
with the scene primitives (so the canvas and the static SVG show the same picture), and the
panel behind ``ReplayWidget``'s *Review* button.

``curve_scene(review, total, width, height, current=None)`` is the picture: the value before
each of the seat's decisions (``Review.moves[k].before``: the chance of not being the durak) as
a line over the action numbers ``0 … total``, one standard error as a band, and at every marked
move (``?!``, ``?``, ``??``, lichess's marks) a drop from the value before the move to the value
after it, a dot and the mark. ``curve_hit(scene, x, y)`` is the decision under a click (a pure
function of the layout, testable without a browser): the action index whose point is nearest
in ``x`` inside the plot.

>>> from durak_edu import new_game
>>> from durak_edu.bots import lowest_card_bot
>>> from durak_edu.coach import review
>>> g = new_game("podkidnoy", players=2, seed=3)
>>> for _ in range(8):
...     _ = g.play(lowest_card_bot(g, g.to_act))
>>> r = review(g, seat=0, effort=20)
>>> s = curve_scene(r, total=len(g.actions), width=280, height=120)
>>> [i for i, _x, _y in s.info["points"]] == [m.index for m in r.moves]
True
>>> i, x, y = s.info["points"][0]
>>> curve_hit(s, x + 1, 60) == i
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..draw.canvas import CanvasRenderer
from ..draw.prims import Item, Path, Rect, Scene, Text
from ..draw.svg import scene_svg
from ..progress import listen

if TYPE_CHECKING:
    from ..coach import Review
    from ..record import GameRecord

__all__ = ["curve_scene", "curve_hit", "ReviewPanel", "MARK_COLOURS", "CURVE_H", "value_of"]

#: the colour of each mark on the curve (as ``Review.plot`` draws them)
MARK_COLOURS = {"?!": "#d69e2e", "?": "#dd6b20", "??": "#c53030"}
LINE, BAND, INK, GRID, PAPER, HERE = "#2b6cb0", "#d6e4f5", "#1f2933", "#cbd2d9", "#ffffff", "#7b8794"
#: the curve's height in the widget (its width is the side column's)
CURVE_H = 124
_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 8, 18, 16


def value_of(chance: Any) -> float:
    """A ``Chance`` (an ``Estimate``, a ``Fraction``, ``None``) as a float (``nan`` for none)."""
    if chance is None:
        return math.nan
    return float(getattr(chance, "estimate", chance))


def _se(chance: Any) -> float:
    return float(getattr(chance, "standard_error", 0.0) or 0.0)


def curve_scene(review: Review, total: int, width: int, height: int, *,
                current: int | None = None) -> Scene:
    """The seat's value over the game (see the module's words); ``current`` (a position
    ``0 … total``) is drawn as a thin upright line. ``info``: ``points`` (action index, x, y of
    each decision), ``marks`` (action index → mark), ``plot`` (the plot's box), ``total``."""
    x0, y0 = _LEFT, _TOP
    x1, y1 = width - _RIGHT, height - _BOTTOM
    span = max(1, total)

    def px(i: float) -> float:
        return x0 + (x1 - x0) * i / span

    def py(v: float) -> float:
        return y1 - (y1 - y0) * min(1.0, max(0.0, v))

    items: list[Item] = [Rect(0, 0, width, height, r=6, fill=PAPER, stroke=GRID, layer=0)]
    for v, label in ((0.0, "0 %"), (0.5, "50 %"), (1.0, "100 %")):
        items.append(Path(f"M{x0:.1f} {py(v):.1f}H{x1:.1f}", stroke=GRID, width=1, layer=0))
        items.append(Text(x0 - 4, py(v) + 3.5, label, size=9, color=INK, anchor="end", layer=0))
    items.append(Text(x0, 12, f"seat {review.seat}: chance of not being the durak", size=10,
                      color=INK, layer=0))
    items.append(Text(x1, height - 4, f"action {total}", size=9, color=INK, anchor="end", layer=0))
    items.append(Text(x0, height - 4, "0", size=9, color=INK, layer=0))
    moves = [m for m in review.moves if not math.isnan(value_of(m.before))]
    points = [(m.index, px(m.index), py(value_of(m.before))) for m in moves]
    if len(points) > 1:
        top = [(px(m.index), py(value_of(m.before) + _se(m.before))) for m in moves]
        low = [(px(m.index), py(value_of(m.before) - _se(m.before))) for m in reversed(moves)]
        band = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in top + low) + "Z"
        items.append(Path(band, fill=BAND))
        items.append(Path("M" + "L".join(f"{x:.1f} {y:.1f}" for _i, x, y in points),
                          stroke=LINE, width=1.6))
    elif points:
        _i, x, y = points[0]
        items.append(Rect(x - 2, y - 2, 4, 4, r=2, fill=LINE))
    marks: dict[int, str] = {}
    for m in moves:
        if not m.mark:
            continue
        marks[m.index] = m.mark
        colour = MARK_COLOURS[m.mark]
        x, yb, ya = px(m.index), py(value_of(m.before)), py(value_of(m.after))
        items.append(Path(f"M{x:.1f} {yb:.1f}V{ya:.1f}", stroke=colour, width=2, layer=2))
        items.append(Rect(x - 3.5, ya - 3.5, 7, 7, r=3.5, fill=colour, layer=2))
        below = ya + 13 <= y1 + 6
        items.append(Text(x, ya + 13 if below else ya - 6, m.mark, size=10, color=colour,
                          anchor="middle", bold=True, layer=2))
    if current is not None:
        x = px(min(max(current, 0), span))
        items.append(Path(f"M{x:.1f} {y0 - 4:.1f}V{y1:.1f}", stroke=HERE, width=1, layer=2))
    return Scene(width, height, tuple(items), 0, 0,
                 info={"points": points, "marks": marks, "plot": (x0, y0, x1, y1),
                       "total": total, "seat": review.seat})


def curve_hit(scene: Scene, x: float, y: float) -> int | None:
    """The action index of the decision nearest in ``x`` to a click at (``x``, ``y``), or
    ``None`` off the plot (or with no decisions)."""
    x0, y0, x1, y1 = scene.info["plot"]
    points = scene.info["points"]
    if not points or not (x0 - 6 <= x <= x1 + 6 and y0 - 12 <= y <= y1 + 12):
        return None
    index: int = min(points, key=lambda p: (abs(p[1] - x), p[0]))[0]
    return index


class ReviewPanel:
    """The *Review* button (``button``), what it says (``status``: "reviewing… 12/40", then the
    summary), and the curve (``canvas`` in ``box``; made with the first review, so that a replay
    nobody reviews shows one canvas, its table, as before). ``run`` reviews a record
    for a seat; ``draw(current)`` redraws the curve with the position shown; a click on the
    curve calls ``on_pick``'s callback with the decision's action index."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.button = widgets.Button(description="Review", icon="chart-line",
                                     tooltip="review the game: the coach judges every move of "
                                     "the seat in view (seat 0 when all hands are shown)",
                                     layout=widgets.Layout(width="96px"))
        self.status = widgets.HTML(layout=widgets.Layout(display="none", width=f"{width}px"))
        self.status.add_class("durak-review-status")
        self.box = widgets.VBox([])
        self.renderer: CanvasRenderer | None = None
        self.canvas: Any = None
        self.review: Review | None = None
        self.total = 0
        self.scene: Scene | None = None
        self._picks: list[Callable[[int], object]] = []

    def on_pick(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(action_index)`` when a decision on the curve is clicked."""
        self._picks.append(callback)

    def say(self, html: str) -> None:
        self.status.value = f"<div style='font-size:12px;line-height:1.3'>{html}</div>"
        self.status.layout.display = ""

    def run(self, record: GameRecord, seat: int, effort: str | int, who: str) -> Review:
        """Review ``record`` for ``seat`` (``who`` says which seat and why), saying how far it
        has got while it works ("reviewing seat 0… 12/40"); then draw the curve."""
        from ..coach import review

        def told(_desc: str, done: int, total: int | None) -> None:
            of = f"/{total}" if total is not None else ""
            self.say(f"<i>reviewing {escape(who)}… {done}{of}</i>")

        self.button.disabled = True
        self.say(f"<i>reviewing {escape(who)}…</i>")
        try:
            with listen(told):
                r = review(record, seat=seat, effort=effort)
        except Exception as exc:
            self.say(f"<span style='color:#b00'>Review failed: {escape(str(exc))}</span>")
            raise
        finally:
            self.button.disabled = False
        self.show(r, len(record.actions), who)
        return r

    def show(self, r: Review, total: int, who: str) -> None:
        """Show a review already made (of a game of ``total`` actions): its summary and curve."""
        self.review = r
        self.total = total
        self.say(summary(r, who))
        if self.renderer is None:
            self.renderer = CanvasRenderer(self.width, CURVE_H)
            self.canvas = self.renderer.canvas
            self.canvas.add_class("durak-review-curve")
            self.canvas.on_mouse_down(self._mouse_down)
            self.box.children = (self.canvas,)

    def draw(self, current: int | None) -> None:
        """Redraw the curve (if there is a review) with ``current`` marked."""
        if self.review is None or self.renderer is None:
            return
        self.scene = curve_scene(self.review, self.total, self.width, CURVE_H, current=current)
        self.renderer.draw(self.scene)

    def to_svg(self, width: int, current: int | None) -> str | None:
        """The curve as SVG, ``width`` wide (``None`` before a review)."""
        if self.review is None:
            return None
        return scene_svg(curve_scene(self.review, self.total, width, CURVE_H + 16,
                                     current=current),
                         title=f"review of seat {self.review.seat}")

    def _mouse_down(self, x: float, y: float) -> None:
        if self.scene is None:
            return
        i = curve_hit(self.scene, x, y)
        if i is not None:
            for cb in list(self._picks):
                cb(i)


def summary(r: Review, who: str) -> str:
    """What the panel says once a review is done: how many decisions and marks, the worst."""
    marked = r.marked()
    counts = ", ".join(f"{sum(1 for m in marked if m.mark == k)} {k}" for k in MARK_COLOURS
                       if any(m.mark == k for m in marked))
    head = (f"<b>Review of {escape(who)}</b>: {len(r.moves)} decisions, "
            f"{len(marked)} marked{f' ({counts})' if counts else ''}.")
    if not marked:
        return head + " No move gave away more than the search's noise."
    w = marked[0]
    return (head + f" Worst: move {w.index + 1}, <b>{escape(str(w.action))}</b> {w.mark}; "
            f"better {escape(str(w.best))} (a variation). Click the curve to go to a move.")
