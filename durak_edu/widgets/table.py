"""``TableView``: a game position drawn on a canvas, with a status line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..draw.canvas import CanvasRenderer
from ..draw.overlay import CoachOverlay
from ..draw.prims import CardItem, Scene
from ..draw.scene import HEIGHT, WIDTH, Cards, build_scene, hit_test
from .base import SceneWidget

if TYPE_CHECKING:
    from ..games.base import Game

#: what ``on_click`` calls: ``callback(item, x, y)`` with the card item clicked (``None``: none)
Click = Callable[[CardItem | None, float, float], object]

__all__ = ["TableView", "body_box", "side_layout", "TABLE_MIN_W"]

#: the narrowest the table shrinks to beside a side column; narrower, the column goes under it
TABLE_MIN_W = 520


def side_layout(width: int) -> widgets.Layout:
    """The layout of a column ``width`` px wide beside a table (``body_box``).

    Its own height counts for little: a row is as high as the table, and the column is
    stretched to it, so the part of it that grows (``flex="1 1 0px"`` and a small
    ``min_height``: a move log, a move list) takes what is left and scrolls. Under the table (a
    narrow notebook) the column is only as high as its parts' least heights, not the table's:
    no empty block."""
    return widgets.Layout(flex=f"0 0 {width + 8}px", width=f"{width + 8}px",
                          padding="0 0 0 8px", align_self="stretch")


def body_box(table: "TableView", side: widgets.Widget) -> widgets.HBox:
    """The table and a side column in a row that adapts to the width it gets: the table shrinks
    (its canvas keeps its proportions, down to ``TABLE_MIN_W``) so the column stays beside it;
    only narrower does the column wrap under the table."""
    table.layout.flex = f"1 1 {TABLE_MIN_W}px"
    table.layout.min_width = "0"
    table.layout.max_width = f"{table.scene.width}px"
    table.add_class("durak-table")
    side.add_class("durak-side")
    box = widgets.HBox([table, side], layout=widgets.Layout(flex_flow="row wrap",
                                                            align_items="stretch"))
    box.add_class("durak-body")
    return box


class TableView(SceneWidget):
    """Shows a game on a canvas: ``TableView(game, perspective=None)``.

    ``perspective=None`` shows every hand face up; a seat shows the table as that seat sees it.
    Whose turn it is, each seat's role and the last event are written on the table. The view
    only reads the game: after the game changes, call ``refresh()`` (or assign
    ``view.game``). ``on_click(callback)`` calls ``callback(item, x, y)`` with the card item under
    a mouse click (``None`` off the cards). ``to_svg()`` gives the same picture as SVG, which is
    also what notebooks show where no widget front end runs (GitHub, nbconvert).
    """

    def __init__(self, game: Game, perspective: int | None = None, *, highlight: Cards = (),
                 playable: Cards = (), selected: Cards = (), last: Cards = ()) -> None:
        super().__init__()
        self._game = game
        self._perspective = perspective
        self._marks: dict[str, Any] = {"highlight": highlight, "playable": playable, "selected": selected,
                       "last": last}
        #: the coach's layer (``draw.overlay.CoachOverlay``) drawn with the table, or ``None``;
        #: setting it draws nothing until the next ``refresh``/``show``
        self.overlay: CoachOverlay | None = None
        self.renderer = CanvasRenderer(WIDTH, HEIGHT)
        self.canvas = self.renderer.canvas
        self._callbacks: list[Click] = []
        self.children = (self.canvas,)
        self.canvas.on_mouse_down(self._mouse_down)
        self.refresh()

    # -- what is shown -----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self.refresh()

    @property
    def perspective(self) -> int | None:
        return self._perspective

    @perspective.setter
    def perspective(self, seat: int | None) -> None:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self._game.players):
            raise ValueError(f"perspective must be None or a seat 0..{self._game.players - 1}")
        self._perspective = seat
        self.refresh()

    def show(self, game: Game | None = None, *, perspective: Any = ..., overlay: Any = ...,
             **marks: Cards) -> None:
        """Change the game, the perspective, the coach's ``overlay`` and/or the marks
        (``highlight``, ``playable``, ``selected``, ``last``) and draw once."""
        if game is not None:
            self._game = game
        if perspective is not ...:
            self._perspective = perspective
        if overlay is not ...:
            self.overlay = overlay
        for k, v in marks.items():
            if k not in self._marks:
                raise TypeError(f"unknown mark {k!r}; marks are {', '.join(self._marks)}")
            self._marks[k] = v
        self.refresh()

    def build(self, **extra: Any) -> Scene:
        """The scene of the current position (with ``extra`` options for ``build_scene``)."""
        if self.overlay is not None and "overlay" not in extra:
            extra["overlay"] = self.overlay
        return build_scene(self._game, self._perspective, **self._marks, **extra)

    @property
    def status(self) -> str:
        """Whose turn it is (or how the game ended), as the table shows it."""
        status: str = self.scene.info["status"]
        return status

    # -- clicks ------------------------------------------------------------------------------------
    def on_click(self, callback: Click, remove: bool = False) -> None:
        """Call ``callback(item, x, y)`` on a mouse click over the table."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def hit(self, x: float, y: float) -> CardItem | None:
        """The card item at (``x``, ``y``) of the current scene, or ``None``."""
        return hit_test(self.scene, x, y)

    def _mouse_down(self, x: float, y: float) -> None:
        item = self.hit(x, y)
        for cb in list(self._callbacks):
            cb(item, x, y)

    # -- static pictures ---------------------------------------------------------------------------
    def svg_title(self) -> str:
        return self.status

    def describe(self) -> str:
        g = self._game
        state = "over" if g.is_over else f"seat {g.to_act} to act"
        return f"{g.variant}, {g.players} players, {state}"
