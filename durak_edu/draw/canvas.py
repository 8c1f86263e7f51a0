"""The ipycanvas renderer: a scene drawn on a three-layer ``MultiCanvas``, one message per frame.

* Every frame is drawn inside one ``hold_canvas()``: the whole frame leaves the kernel as a single
  batched message (unbatched drawing is slow and the server's rate limit drops commands).
* Each card face (and the back) is drawn once to its own off-screen ``Canvas`` and then stamped
  with ``draw_image`` wherever that card lies; the faces are shared by every renderer.
* Layers: 0 the felt (drawn again only when it changes), 1 the cards and words, 2 highlights
  and anything a scene lays above them (layers 3 and up are drawn on canvas 2, in order: a
  drill's shade over the cards outside its level is one).
* The canvas keeps the scene's proportions and is at most its size, but shrinks with the room it
  gets (CSS ``width: 100%`` up to ``max-width``, ``height: auto``): a table beside a side column
  fits a narrow notebook; ipycanvas scales mouse coordinates back to the scene's.
* Every frame begins by re-targeting the canvas manager, so a front end that reloaded (and lost
  track of the current canvas) still draws it; ``redraw()`` repaints everything, faces included,
  and runs whenever a new front end says it is ready (``on_client_ready``).

Positions come from the scene; this module only draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ..cards import Card

from ipycanvas import Canvas, MultiCanvas, Path2D, hold_canvas
from ipywidgets import Layout

from .face import FONT, back_items, face_items
from .prims import Badge, CardItem, Group, Item, Mark, Path, Rect, Scene, Text

__all__ = ["CanvasRenderer", "FaceCache", "FACES", "draw_items"]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}

try:  # ipycanvas's command table (0.13, 0.14): lets _Pen.set skip traitlets
    from ipycanvas.canvas import COMMANDS as _COMMANDS
    _SET = _COMMANDS.get("set")
    _ATTRS = dict(Canvas.ATTRS)
except (ImportError, AttributeError):  # pragma: no cover - other ipycanvas versions
    _SET, _ATTRS = None, {}


def _manager() -> Any:
    from ipycanvas import canvas as _ic
    return getattr(_ic, "_CANVAS_MANAGER", None)


def _retarget() -> None:
    """Make the next command name its canvas again (see the module notes on reloads)."""
    m = _manager()
    if m is not None and hasattr(m, "_current_canvas"):
        m._current_canvas = None


class _Pen:
    """Draws primitives on one canvas, skipping style settings that would change nothing."""

    def __init__(self, canvas: Canvas, paths: dict[str, Any]):
        self.cv = canvas
        self.paths = paths
        self.state: dict[str, Any] = {}

    def set(self, name: str, value: object) -> None:
        """Set a drawing attribute (``fill_style``, ``font``, …) unless it already has that value.

        The command goes straight into the frame (ipycanvas's own ``set`` command) instead of
        through the traitlets machinery of ``Canvas.__setattr__``, which costs ~20 µs a call.
        """
        if self.state.get(name) != value:
            if _SET is not None and name in _ATTRS:
                self.cv._canvas_manager.send_command(self.cv, [_SET, [_ATTRS[name], value]])
            else:  # an ipycanvas without the command table: the public, slower way
                setattr(self.cv, name, value)
            self.state[name] = value

    def save(self) -> None:
        self.cv.save()

    def restore(self) -> None:
        self.cv.restore()
        self.state.clear()  # the front end restored its own state: forget what we set

    def round_rect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        cv = self.cv
        cv.begin_path()
        if r <= 0:
            cv.rect(x, y, w, h)
            return
        r = min(r, w / 2, h / 2)
        cv.move_to(x + r, y)
        cv.arc_to(x + w, y, x + w, y + h, r)
        cv.arc_to(x + w, y + h, x, y + h, r)
        cv.arc_to(x, y + h, x, y, r)
        cv.arc_to(x, y, x + w, y, r)
        cv.close_path()

    def path2d(self, d: str) -> Path2D:
        p = self.paths.get(d)
        if p is None:
            p = self.paths[d] = Path2D(d)
        return p


def draw_items(pen: _Pen, items: Iterable[Item], faces: "FaceCache") -> None:
    """Draw primitives in order on ``pen``'s canvas."""
    cv = pen.cv
    for it in items:
        if isinstance(it, CardItem):
            face = faces.get(it.card, it.face_up, int(it.h if it.rotated else it.w),
                             int(it.w if it.rotated else it.h))
            if it.dim:
                pen.set("global_alpha", 0.3)
            if it.rotated:
                pen.save()
                cv.translate(it.x + it.w, it.y)
                cv.rotate(math.pi / 2)
                cv.draw_image(face, 0, 0)
                pen.restore()
            else:
                cv.draw_image(face, it.x, it.y)
            if it.dim:
                pen.set("global_alpha", 1.0)
        elif isinstance(it, Rect):
            pen.round_rect(it.x, it.y, it.w, it.h, it.r)
            if it.alpha != 1:
                pen.set("global_alpha", it.alpha)
            if it.fill:
                pen.set("fill_style", it.fill)
                cv.fill()
            if it.stroke:
                pen.set("stroke_style", it.stroke)
                pen.set("line_width", it.width)
                cv.stroke()
            if it.alpha != 1:
                pen.set("global_alpha", 1.0)
        elif isinstance(it, Mark):
            pen.round_rect(it.x, it.y, it.w, it.h, 7)
            pen.set("stroke_style", it.color)
            pen.set("line_width", 2.5)
            cv.stroke()
        elif isinstance(it, Badge):
            pen.round_rect(it.x, it.y, it.w, it.h, it.h / 2)
            pen.set("fill_style", it.fill)
            cv.fill()
            if it.stroke:
                pen.set("stroke_style", it.stroke)
                pen.set("line_width", 1.5)
                cv.stroke()
            pen.set("font", f"bold {it.size:g}px {FONT}")
            pen.set("text_align", "center")
            pen.set("fill_style", it.color)
            cv.fill_text(it.text, it.x + it.w / 2, it.y + it.h / 2 + it.size * 0.36)
        elif isinstance(it, Text):
            pen.set("font", f"{'bold ' if it.bold else ''}{it.size:g}px {FONT}")
            pen.set("text_align", _ALIGN[it.anchor])
            pen.set("fill_style", it.color)
            cv.fill_text(it.text, it.x, it.y)
        elif isinstance(it, Path):
            p = pen.path2d(it.d)
            pen.save()
            cv.translate(it.x, it.y)
            if it.scale != 1:
                cv.scale(it.scale)
            if it.fill:
                pen.set("fill_style", it.fill)
                cv.fill(p)
            if it.stroke:
                pen.set("stroke_style", it.stroke)
                pen.set("line_width", it.width / (it.scale or 1))
                cv.stroke(p)
            pen.restore()
        elif isinstance(it, Group):
            if it.angle:
                pen.save()
                cv.translate(it.cx, it.cy)
                cv.rotate(math.radians(it.angle))
                cv.translate(-it.cx, -it.cy)
                draw_items(pen, it.items, faces)
                pen.restore()
            else:
                draw_items(pen, it.items, faces)
        else:
            raise TypeError(f"cannot draw {type(it).__name__} on a canvas")


class FaceCache:
    """Off-screen canvases, one per card face (and one back) and size, each drawn once."""

    def __init__(self) -> None:
        self._faces: dict[tuple[Card | None, int, int], Canvas] = {}
        self._paths: dict[str, Path2D] = {}

    def __len__(self) -> int:
        return len(self._faces)

    def get(self, card: Card | None, face_up: bool, w: int, h: int) -> Canvas:
        """The canvas holding this face; drawn now (into the current frame) if it is new."""
        key = (card if face_up and card is not None else None, w, h)
        cv = self._faces.get(key)
        if cv is None:
            cv = self._faces[key] = Canvas(width=w, height=h)
            self._draw(cv, key)
        return cv

    def _draw(self, cv: Canvas, key: tuple[Card | None, int, int]) -> None:
        card, w, h = key
        items = back_items(w, h) if card is None else face_items(card, w, h)
        cv.clear()
        draw_items(_Pen(cv, self._paths), items, self)

    def redraw(self) -> None:
        """Draw every face again (a new front end starts with blank off-screen canvases)."""
        for key, cv in self._faces.items():
            self._draw(cv, key)

    def warm(self, cards: Iterable[Card], w: int, h: int) -> None:
        """Draw the faces of ``cards`` (and the back) ahead of the first frame."""
        with hold_canvas():
            _retarget()
            self.get(None, False, w, h)
            for c in cards:
                self.get(c, True, w, h)


#: the faces every renderer in this kernel shares
FACES = FaceCache()


class CanvasRenderer:
    """Draws scenes on a ``MultiCanvas`` (``self.canvas``) sized to the scene.

    >>> r = CanvasRenderer(880, 600)
    >>> r.canvas.width, len(r.canvas._canvases)
    (880, 3)
    """

    def __init__(self, width: int, height: int, faces: FaceCache | None = None):
        self.faces = FACES if faces is None else faces
        self.canvas = MultiCanvas(3, width=width, height=height,
                                  layout=Layout(width="100%", max_width=f"{width}px",
                                                height="auto"))
        self.scene: Scene | None = None
        self.frames = 0
        self._felt: tuple[Item, ...] | None = None
        self._warmed: object = None
        self.canvas.on_client_ready(self.redraw)

    def _resize(self, scene: Scene) -> None:
        if (self.canvas.width, self.canvas.height) != (scene.width, scene.height):
            self.canvas.width, self.canvas.height = scene.width, scene.height
            self.canvas.layout.max_width = f"{scene.width}px"
            self._felt = None

    def draw(self, scene: Scene, *, full: bool = False) -> None:
        """Draw ``scene`` as one frame (one message to the front end)."""
        self._resize(scene)
        layers: dict[int, list[Item]] = {0: [], 1: [], 2: []}
        for it in scene.items:
            layers.setdefault(getattr(it, "layer", 1), []).append(it)
        felt = tuple(layers[0])
        with hold_canvas():
            _retarget()
            if full:
                self.faces.redraw()
            deck = scene.info.get("deck")
            if deck is not None and deck is not self._warmed:
                # every face of the game's deck now, so later frames never open a new widget
                self.faces.get(None, False, scene.card_w, scene.card_h)
                for c in deck:
                    self.faces.get(c, True, scene.card_w, scene.card_h)
                self._warmed = deck
            if full or felt != self._felt:
                pen = _Pen(self.canvas[0], self.faces._paths)
                self.canvas[0].clear()
                draw_items(pen, felt, self.faces)
                self._felt = felt
            top = [it for k in sorted(layers) if k >= 2 for it in layers[k]]
            for k, its in ((1, layers[1]), (2, top)):
                layer = self.canvas[k]
                layer.clear()
                draw_items(_Pen(layer, self.faces._paths), its, self.faces)
        self.scene = scene
        self.frames += 1

    def redraw(self, *_args: object) -> None:
        """Repaint everything (faces, felt, frame): for a front end that has just connected."""
        if self.scene is not None:
            self.draw(self.scene, full=True)
