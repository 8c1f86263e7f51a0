"""The one base of the widgets: how a widget shows itself without a front end, and how one
that draws a scene redraws it.

Every widget also renders as SVG (``to_svg``), which is what a notebook shows where no widget
front end runs (GitHub, nbconvert: ``_repr_svg_``), and has a one-line ``repr``. A widget that
draws a scene (``draw.prims.Scene``) on a canvas builds it in ``build`` and redraws it in
``refresh``; each writes only what it adds (its words beside the picture, its title).
"""

from __future__ import annotations

import ipywidgets as widgets

from ..draw.canvas import CanvasRenderer
from ..draw.prims import Scene
from ..draw.svg import scene_svg

__all__ = ["SvgWidget", "SceneWidget"]


class SvgWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type information
    """A widget with a static picture: ``to_svg()`` (each widget's own), shown by notebooks
    without a front end, and ``repr`` as ``Name(describe())``."""

    def to_svg(self) -> str:
        """The widget's current picture as SVG text."""
        raise NotImplementedError(f"{type(self).__name__} draws no picture")

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def describe(self) -> str:
        """What ``repr`` says inside ``Name(…)``: what the widget shows now."""
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.describe()})"


class SceneWidget(SvgWidget):
    """A widget that draws one scene: ``build()`` makes it, ``refresh()`` stores it in ``scene``
    and draws it on ``renderer`` (one canvas message) and then writes its words
    (``_refreshed``); ``to_svg()`` is the same scene as SVG, titled by ``svg_title()``."""

    scene: Scene
    #: the canvas renderer; until a widget has made its own, ``refresh`` only builds the scene
    renderer: CanvasRenderer | None = None

    def build(self) -> Scene:
        """The scene of what the widget shows now."""
        raise NotImplementedError(f"{type(self).__name__} builds no scene")

    def refresh(self) -> None:
        """Build the scene of the current state and draw it."""
        self.scene = self.build()
        if self.renderer is None:
            return
        self.renderer.draw(self.scene)
        self._refreshed()

    def _refreshed(self) -> None:
        """What the widget writes beside the picture once it is drawn (nothing by default)."""

    def svg_title(self) -> str | None:
        """The SVG's title (its tooltip and accessible name): none by default."""
        return None

    def to_svg(self) -> str:
        return scene_svg(self.scene, title=self.svg_title())
