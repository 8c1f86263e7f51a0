"""Diagrams of a game's structure, drawn with the scene primitives: the flow of a bout, and the
seats round the table with the way an attack travels.

A lesson shows a structure once as a picture rather than in a paragraph: how a podkidnoy bout
runs from the attack to the drawing (R2.2–R2.9), which way play and transfers go round the table
(R0, R3.1), who sits with whom in teams (R5). The pictures are scenes like the table's, so they
render as the same deterministic SVG on GitHub, in nbconvert and in tests.

>>> s = bout_flow()
>>> [t for t in s.texts if t.startswith("Bito")]
['Bito · R2.8']
>>> seats(4, names=["Anna", "Boris", "Vera", "Gleb"]).info["order"]
[0, 1, 2, 3]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from dataclasses import dataclass

from .prims import Item, Path, Rect, Scene, Text
from .scene import CARD_H, CARD_W
from .svg import scene_svg

__all__ = ["Box", "flow_scene", "bout_flow", "seats", "bout_flow_svg", "seats_svg"]

INK, SOFT, PAPER = "#1f2933", "#52606d", "#ffffff"
ACCENT, TEAM_COLOURS = "#c0392b", ("#d6e4ff", "#ffe3c2")
_TITLE, _LINE, _PAD = 14, 11.5, 8


@dataclass(frozen=True)
class Box:
    """One step of a flow diagram: its box, a bold title and a few short lines under it."""

    x: float
    y: float
    w: float
    h: float
    title: str
    lines: tuple[str, ...] = ()
    fill: str = "#eef2f7"

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def edge(self, towards: tuple[float, float]) -> tuple[float, float]:
        """Where the line from the centre towards a point leaves the box."""
        cx, cy = self.centre
        dx, dy = towards[0] - cx, towards[1] - cy
        if dx == dy == 0:
            return (cx, cy)
        t = min(self.w / 2 / abs(dx) if dx else math.inf, self.h / 2 / abs(dy) if dy else math.inf)
        return (cx + dx * t, cy + dy * t)


def _n(v: float) -> str:
    return f"{round(v, 1):g}"


def _arrow(points: Sequence[tuple[float, float]], colour: str = SOFT, width: float = 1.6,
           label: str = "", label_at: float = 0.5, label_dy: float = -5) -> list[Item]:
    """A polyline with an arrowhead at its last point, and an optional label on its middle."""
    d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in points)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    head = [(x2, y2), (x2 - 10 * math.cos(a - 0.4), y2 - 10 * math.sin(a - 0.4)),
            (x2 - 10 * math.cos(a + 0.4), y2 - 10 * math.sin(a + 0.4))]
    items: list[Item] = [Path(d, stroke=colour, width=width),
                   Path("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in head) + "Z", fill=colour)]
    if label:
        seg = max(0, min(len(points) - 2, int(label_at * (len(points) - 1))))
        (ax, ay), (bx, by) = points[seg], points[seg + 1]
        items.append(Text((ax + bx) / 2, (ay + by) / 2 + label_dy, label, size=11, color=colour,
                          anchor="middle"))
    return items


def flow_scene(boxes: dict[str, Box], arrows: Sequence[tuple[Any, ...]], width: int, height: int,
               title: str = "") -> Scene:
    """A flow diagram: ``boxes`` by name, and ``arrows`` as ``(from, to, label)`` or
    ``(from, to, label, via[, label_dy])`` where ``via`` lists the corner points of a routed
    arrow (a corner on a box's edge is where it leaves or enters that box).

    >>> s = flow_scene({"a": Box(10, 10, 80, 40, "A"), "b": Box(150, 10, 80, 40, "B")},
    ...                [("a", "b", "then")], 240, 60)
    >>> s.texts
    ['A', 'B', 'then']
    """
    items: list[Item] = [Rect(0, 0, width, height, r=10, fill=PAPER, layer=0)]
    top = 0.0
    if title:
        items.append(Text(width / 2, 22, title, size=15, color=INK, anchor="middle", bold=True))
    for name, b in boxes.items():
        items.append(Rect(b.x, b.y + top, b.w, b.h, r=8, fill=b.fill, stroke=SOFT, width=1.2))
        items.append(Text(b.x + _PAD, b.y + top + _PAD + _TITLE - 2, b.title, size=_TITLE,
                          color=INK, bold=True))
        for i, line in enumerate(b.lines):
            items.append(Text(b.x + _PAD, b.y + top + _PAD + _TITLE + 4 + (i + 1) * _LINE + i * 2,
                              line, size=_LINE, color=SOFT))
    for arrow in arrows:
        src, dst, label = arrow[0], arrow[1], arrow[2]
        via = list(arrow[3]) if len(arrow) > 3 else []
        for end in (src, dst):
            if end not in boxes:
                raise ValueError(f"flow_scene: an arrow names the box {end!r}, which is not among "
                                 f"{sorted(boxes)}")
        a, b = boxes[src], boxes[dst]
        if via:  # a corner on a box's edge is where the arrow leaves or enters it
            pts = ([] if _on_edge(a, via[0]) else [a.edge(via[0])]) + via + (
                [] if _on_edge(b, via[-1]) else [b.edge(via[-1])])
        else:
            pts = [a.edge(b.centre), b.edge(a.centre)]
        items += _arrow(pts, label=label, label_dy=arrow[4] if len(arrow) > 4 else -5)
    return Scene(width, height, tuple(items), CARD_W, CARD_H,
                 info={"boxes": list(boxes), "arrows": [(a[0], a[1]) for a in arrows]})


def bout_flow() -> Scene:
    """One bout of podkidnoy, from the opening attack to the drawing and the next bout (R2).

    Each box cites its clause; the arrows are the only ways a bout can go on.
    """
    w, h = 224, 66
    boxes = {
        "attack": Box(16, 44, w, h, "Attack · R2.2",
                      ("the main attacker opens:", "one card, or several of one rank")),
        "defence": Box(308, 44, w, h, "Defence · R2.3",
                       ("the defender beats the attack", "cards one at a time, or takes")),
        "throw": Box(600, 44, w, h, "Throw-ins · R2.4–R2.6",
                     ("attacker first, then clockwise;", "only ranks already on the table")),
        "take": Box(308, 178, w, h, "Take · R2.7",
                    ("throwers may still add cards", "(vdogonku); he picks all up"), "#fdecea"),
        "bito": Box(600, 178, w, h, "Bito · R2.8",
                    ("all beaten and everyone passed:", "the table goes to the discard"),
                    "#e6f4ea"),
        "draw": Box(454, 300, w, h, "Drawing · R2.9",
                    ("up to a full hand: the main", "attacker first, the defender last")),
        "next": Box(16, 300, w, h, "Next bout · R2.7, R2.8",
                    ("after bito the defender attacks;", "after a take, the player after him")),
        "end": Box(600, 420, w, 50, "Game over · R2.11",
                   ("talon empty, at most one holds cards",)),
    }
    arrows = [
        ("attack", "defence", "attack cards"),
        ("defence", "throw", "all beaten", [(532, 62), (600, 62)]),
        ("throw", "defence", "thrown in", [(600, 96), (532, 96)], 16),
        ("defence", "take", "take"),
        ("throw", "take", "thrown in vdogonku", [(650, 110), (650, 150), (532, 196)]),
        ("throw", "bito", "everyone passes", [(776, 110), (776, 178)]),
        ("take", "draw", ""),
        ("bito", "draw", ""),
        ("draw", "next", "the game goes on"),
        ("next", "attack", "", [(128, 300), (128, 110)]),
        ("draw", "end", "", [(566, 366), (566, 445), (600, 445)]),
    ]
    return flow_scene(boxes, arrows, 840, 486)


def _on_edge(b: Box, p: tuple[float, float]) -> bool:
    x, y = p
    inside_x, inside_y = b.x - 0.5 <= x <= b.x + b.w + 0.5, b.y - 0.5 <= y <= b.y + b.h + 0.5
    return inside_x and inside_y


def seats(players: int, names: Sequence[str] | None = None, *,
          route: Sequence[tuple[int, int, str]] = (), teams: Sequence[int] | None = None,
          marks: dict[int, str] | None = None, title: str = "") -> Scene:
    """The seats round the table, seat 0 at the bottom and the others clockwise (R0), small
    arrows showing the direction of play, and optionally:

    * ``route``: arrows ``(from_seat, to_seat, label)`` drawn boldly and numbered in order,
      e.g. the way one attack travels by transfers (R3.1);
    * ``teams``: the team of each seat (0 or 1), shown by the seat's colour (R5);
    * ``marks``: a short word under a seat's name (``"out"``, ``"dealer"``…).

    >>> s = seats(3, route=[(0, 1, "attack"), (1, 2, "transfer")])
    >>> [t for t in s.texts if t[0].isdigit()]
    ['1. attack', '2. transfer']
    """
    if not isinstance(players, int) or not 2 <= players <= 8:
        raise ValueError(f"seats: a table has 2 to 8 seats, not {players!r}")
    names = [f"seat {i}" for i in range(players)] if names is None else [str(n) for n in names]
    if len(names) != players:
        raise ValueError(f"seats: {len(names)} names for {players} seats")
    if teams is not None and (len(teams) != players or any(t not in (0, 1) for t in teams)):
        raise ValueError(f"seats: teams must give 0 or 1 for each of the {players} seats, "
                         f"not {list(teams)!r}")
    for k, (a, b, _label) in enumerate(route):
        if not (0 <= a < players and 0 <= b < players) or a == b:
            raise ValueError(f"seats: route step {k + 1} goes from seat {a} to seat {b}; "
                             f"seats are 0..{players - 1} and a step joins two different seats")
    width, height = 560, 430 if title else 400
    top = 30 if title else 0
    cx, cy, rx, ry = width / 2, top + 195, 190, 140
    items: list[Item] = [Rect(0, 0, width, height, r=10, fill=PAPER, layer=0)]
    if title:
        items.append(Text(width / 2, 22, title, size=15, color=INK, anchor="middle", bold=True))
    items.append(Rect(cx - rx + 60, cy - ry + 50, 2 * rx - 120, 2 * ry - 100, r=60,
                      fill="#1d6b3a"))
    items.append(Text(cx, cy + 5, "table", size=13, color="#d9f2e1", anchor="middle"))

    def angle(i: float) -> float:  # seat 0 at the bottom, then clockwise on the screen
        return math.pi / 2 + 2 * math.pi * i / players

    def at(i: float, shrink: float = 1.0) -> tuple[float, float]:
        return (cx + rx * shrink * math.cos(angle(i)), cy + ry * shrink * math.sin(angle(i)))

    # the direction of play: a light arc from each seat to the next, just outside the table
    for i in range(players):
        pts = [at(i + t, 0.74) for t in (0.22, 0.4, 0.6, 0.78)]
        items += _arrow(pts, colour="#9aa5b1", width=1.2)
    # the route, in order, numbered
    for k, (a, b, label) in enumerate(route):
        ahead = (b - a) % players
        steps = max(2, 3 * ahead)
        pts = [at(a + ahead * (0.18 + 0.64 * t / steps), 0.93) for t in range(steps + 1)]
        items += _arrow(pts, colour=ACCENT, width=2.6)
        mx, my = at(a + ahead / 2, 1.0 if ahead == 1 else 1.06)
        items.append(Text(mx, my + 4, f"{k + 1}. {label}" if label else f"{k + 1}", size=12,
                          color=ACCENT, anchor="middle", bold=True))
    for i in range(players):
        x, y = at(i, 1.0 if players > 2 else 0.95)
        fill = TEAM_COLOURS[teams[i]] if teams is not None else "#eef2f7"
        items.append(Rect(x - 48, y - 22, 96, 44, r=10, fill=fill, stroke=SOFT, width=1.2))
        items.append(Text(x, y - 3, names[i], size=13, color=INK, anchor="middle", bold=True))
        sub = f"seat {i}" if names[i] != f"seat {i}" else ""
        if teams is not None:
            sub = (sub + " · " if sub else "") + "team " + "AB"[teams[i]]
        if sub:
            items.append(Text(x, y + 13, sub, size=10.5, color=SOFT, anchor="middle"))
        if marks and i in marks:  # under the box: it may be longer than the box is wide
            items.append(Text(x, y + 36, marks[i], size=11, color=ACCENT, anchor="middle"))
    items.append(Text(12, height - 8, "grey arrows: the direction of play (clockwise, R0)",
                      size=10.5, color=SOFT))
    return Scene(width, height, tuple(items), CARD_W, CARD_H,
                 info={"order": list(range(players)), "route": [(a, b) for a, b, _ in route],
                       "teams": None if teams is None else list(teams)})


def bout_flow_svg() -> str:
    """``bout_flow()`` as SVG text (for ``IPython.display.SVG``)."""
    return scene_svg(bout_flow(), title="the flow of a podkidnoy bout")


def seats_svg(players: int, names: Sequence[str] | None = None, **options: Any) -> str:
    """``seats(...)`` as SVG text (for ``IPython.display.SVG``)."""
    return scene_svg(seats(players, names, **options), title="the seats round the table")
