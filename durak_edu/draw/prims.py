"""The primitives a scene is made of: plain, frozen values in table coordinates.

Renderers (``svg.py``, ``canvas.py``) turn them into pixels or text; they never decide where
anything goes. Coordinates are pixels, ``y`` grows downwards, text ``y`` is the baseline.

>>> Rect(0, 0, 10, 10, r=2, fill="#fff").contains(5, 5)
True
>>> CardItem(10, 20, 48, 68, None, False, "talon").contains(9, 30)
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from ..cards import Card

__all__ = ["Rect", "Text", "Path", "Group", "CardItem", "Mark", "Badge", "Item", "Scene", "MARK_COLORS"]

#: outline colour of each kind of card mark
MARK_COLORS = {
    "playable": "#3ddc84",   # a card the player to act may use now
    "to_beat": "#ff9f1a",    # an attack card (or the top of the pile) waiting to be beaten
    "highlight": "#ff4fd8",  # an annotation's highlighted card
    "last": "#6ec6ff",       # a card of the last action
    "selected": "#ffd24a",   # the card a player has picked (e.g. a target to beat)
    "top": "#ff9f1a",        # the top card of a pile (the card to match or beat)
    "known": "#b9a5ff",      # another hand's card this seat knows (R0)
    "wrong": "#ff3b3b",      # quiz: marked but not out / out but not marked
    "right": "#2ee6e6",      # quiz: marked and really out
    "marked": "#ffd24a",     # quiz: the student's mark
    "best": "#ffffff",       # the coach's recommended move
}


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle with rounded corners (``r``), filled and/or outlined."""

    x: float
    y: float
    w: float
    h: float
    r: float = 0
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    layer: int = 1

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``anchor`` is ``start``, ``middle`` or ``end``; ``y`` is the baseline."""

    x: float
    y: float
    text: str
    size: float = 12
    color: str = "#ffffff"
    anchor: str = "start"
    bold: bool = False
    layer: int = 1


@dataclass(frozen=True, slots=True)
class Path:
    """An SVG path ``d`` drawn in a box at (``x``, ``y``) scaled by ``scale`` (suit pips, lattices)."""

    d: str
    x: float = 0
    y: float = 0
    scale: float = 1.0
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    layer: int = 1


@dataclass(frozen=True, slots=True)
class Group:
    """Items turned by ``angle`` degrees (clockwise) about (``cx``, ``cy``)."""

    angle: float
    cx: float
    cy: float
    items: tuple[Item, ...]
    layer: int = 1


@dataclass(frozen=True, slots=True)
class CardItem:
    """A card on the table: its box, the card (``None`` if unknown), face up or down.

    ``zone`` says where it lies (``hand``, ``table``, ``pile``, ``talon``, ``trump``, ``discard``,
    ``grid``), ``seat`` whose hand it is in, ``index`` its place in the zone, ``role`` its part in
    the zone (``attack``/``defence`` on an attack–defence table, ``top`` of a pile). A ``rotated``
    card is drawn turned a quarter clockwise inside its box (its writing then runs sideways); a
    card in a box wider than tall is drawn crosswise with upright writing instead (the trump card
    under the talon, see ``face.face_items``).
    """

    x: float
    y: float
    w: float
    h: float
    card: Card | None
    face_up: bool
    zone: str
    seat: int | None = None
    index: int = 0
    role: str = ""
    rotated: bool = False
    dim: bool = False
    layer: int = 1

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Mark:
    """An outline drawn round a card's box to draw attention to it (see ``MARK_COLORS``)."""

    x: float
    y: float
    w: float
    h: float
    kind: str
    layer: int = 1

    @property
    def color(self) -> str:
        return MARK_COLORS.get(self.kind, "#ffffff")


@dataclass(frozen=True, slots=True)
class Badge:
    """A small label on a filled pill: the box (``x``, ``y``, ``w``, ``h``), its ``text`` centred
    in it (the coach's chance on a card, a count). Drawn above the cards unless ``layer`` says.

    >>> Badge(0, 0, 30, 14, "84%").contains(29, 13)
    True
    """

    x: float
    y: float
    w: float
    h: float
    text: str
    fill: str = "#101820"
    color: str = "#ffffff"
    size: float = 10
    stroke: str | None = None
    layer: int = 2

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


#: one primitive of a scene
Item = Union[Rect, Text, Path, Group, CardItem, Mark, Badge]


@dataclass(frozen=True)
class Scene:
    """A finished picture: its size and its items in drawing order (later items on top).

    ``seats`` maps each seat to its box ``(x, y, w, h)``; ``info`` holds what the scene shows in
    words (whose turn, roles, counts) so tests and widgets can read it without parsing text.
    """

    width: int
    height: int
    items: tuple[Item, ...]
    card_w: int
    card_h: int
    seats: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def cards(self) -> list[CardItem]:
        """The card items, in drawing order."""
        return [it for it in self.items if isinstance(it, CardItem)]

    @property
    def marks(self) -> list[Mark]:
        return [it for it in self.items if isinstance(it, Mark)]

    @property
    def texts(self) -> list[str]:
        return [it.text for it in self.items if isinstance(it, Text)]

    @property
    def badges(self) -> list[Badge]:
        return [it for it in self.items if isinstance(it, Badge)]

    def find(self, card: Card | str) -> list[CardItem]:
        """The items showing ``card`` face up."""
        c = Card.parse(card)
        return [it for it in self.cards if it.card is c and it.face_up]

