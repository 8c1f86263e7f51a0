"""The SVG renderer: a scene as deterministic SVG text (static notebook output, docs, tests).

Pure functions returning strings, identical on every run: numbers are rounded the same way and
nothing depends on time, ids or dict order. Suits are vector shapes, so the picture needs no
special font; the only text is ranks and labels.

>>> svg = card_svg(Card.parse("Q♥"))
>>> svg.startswith("<svg") and svg.count("<path") == 3
True
>>> from durak_edu import new_game
>>> game_svg(new_game("podkidnoy", players=2, seed=1)) == game_svg(new_game("podkidnoy", players=2, seed=1))
True
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from ..cards import Card
from .face import FONT, back_items, face_items
from .prims import Badge, CardItem, Group, Item, Mark, Path, Rect, Scene, Text
from .scene import CARD_H, CARD_W, build_scene, counter_scene

if TYPE_CHECKING:
    from ..games.base import Game

__all__ = ["card_svg", "cards_svg", "game_svg", "scene_svg", "counter_svg"]

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(v: float) -> str:
    """A number as short, stable text: 12, 12.5, 0.33."""
    r = round(float(v), 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0").rstrip(".")


def _s(v: float) -> str:
    """A scale factor, with the precision a scale needs."""
    return f"{round(float(v), 4):.4f}".rstrip("0").rstrip(".")


def _item(it: Item) -> str:
    if isinstance(it, Rect):
        attrs = [f'x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}"']
        if it.r:
            attrs.append(f'rx="{_n(it.r)}"')
        attrs.append(f'fill="{it.fill}"' if it.fill else 'fill="none"')
        if it.stroke:
            attrs.append(f'stroke="{it.stroke}" stroke-width="{_n(it.width)}"')
        if it.alpha != 1:
            attrs.append(f'opacity="{_n(it.alpha)}"')
        return f"<rect {' '.join(attrs)}/>"
    if isinstance(it, Text):
        weight = ' font-weight="bold"' if it.bold else ""
        return (f'<text x="{_n(it.x)}" y="{_n(it.y)}" font-size="{_n(it.size)}" fill="{it.color}"'
                f' text-anchor="{_ANCHOR[it.anchor]}"{weight}>{escape(it.text, quote=False)}</text>')
    if isinstance(it, Path):
        attrs = []
        if it.x or it.y or it.scale != 1:
            tf = f"translate({_n(it.x)} {_n(it.y)})" if it.x or it.y else ""
            if it.scale != 1:
                tf += (" " if tf else "") + f"scale({_s(it.scale)})"
            attrs.append(f'transform="{tf}"')
        attrs.append(f'fill="{it.fill}"' if it.fill else 'fill="none"')
        if it.stroke:
            w = it.width / it.scale if it.scale else it.width
            attrs.append(f'stroke="{it.stroke}" stroke-width="{_n(w)}"')
        return f'<path {" ".join(attrs)} d="{it.d}"/>'
    if isinstance(it, Group):
        inner = "".join(_item(x) for x in it.items)
        if not it.angle:
            return inner
        return f'<g transform="rotate({_n(it.angle)} {_n(it.cx)} {_n(it.cy)})">{inner}</g>'
    if isinstance(it, CardItem):
        return _card_at(it)
    if isinstance(it, Mark):
        return (f'<rect x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}" '
                f'rx="7" fill="none" stroke="{it.color}" stroke-width="2.5"/>')
    if isinstance(it, Badge):
        stroke = f' stroke="{it.stroke}" stroke-width="1.5"' if it.stroke else ""
        return (f'<rect x="{_n(it.x)}" y="{_n(it.y)}" width="{_n(it.w)}" height="{_n(it.h)}" '
                f'rx="{_n(it.h / 2)}" fill="{it.fill}"{stroke}/>'
                f'<text x="{_n(it.x + it.w / 2)}" y="{_n(it.y + it.h / 2 + it.size * 0.36)}" '
                f'font-size="{_n(it.size)}" fill="{it.color}" text-anchor="middle" '
                f'font-weight="bold">{escape(it.text, quote=False)}</text>')
    raise TypeError(f"cannot draw {type(it).__name__} as SVG")


@lru_cache(maxsize=512)
def _card_body(card: Card | None, face_up: bool, w: int, h: int) -> str:
    items = face_items(card, w, h) if (face_up and card is not None) else back_items(w, h)
    return "".join(_item(x) for x in items)


def _card_at(it: CardItem) -> str:
    w, h = (it.h, it.w) if it.rotated else (it.w, it.h)
    body = _card_body(it.card, it.face_up, int(w), int(h))
    if it.rotated:  # a quarter turn clockwise: the card's top-left lands at the box's top-right
        tf = f"translate({_n(it.x + it.w)} {_n(it.y)}) rotate(90)"
    else:
        tf = f"translate({_n(it.x)} {_n(it.y)})"
    dim = ' opacity="0.3"' if it.dim else ""
    return f'<g transform="{tf}"{dim}>{body}</g>'


def scene_svg(scene: Scene, *, title: str | None = None) -> str:
    """The whole scene as one ``<svg>`` element (layers in order, items in order)."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" '
            f'height="{scene.height}" viewBox="0 0 {scene.width} {scene.height}" '
            f'font-family="{FONT}">')
    parts = [head]
    if title:
        parts.append(f"<title>{escape(title, quote=False)}</title>")
    for layer in sorted({getattr(it, "layer", 1) for it in scene.items}):
        parts.extend(_item(it) for it in scene.items if getattr(it, "layer", 1) == layer)
    parts.append("</svg>")
    return "".join(parts)


def card_svg(card: Card | str, *, face_up: bool = True, width: int = CARD_W,
             height: int = CARD_H) -> str:
    """One card as a small SVG picture (what ``Card._repr_svg_`` shows)."""
    card = Card.parse(card)
    body = _card_body(card, face_up, width, height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 4}" height="{height + 4}" '
            f'viewBox="0 0 {width + 4} {height + 4}" font-family="{FONT}">'
            f'<g transform="translate(2 2)">{body}</g></svg>')


def cards_svg(cards: str | Iterable[Card | str], *, step: int = 30) -> str:
    """Several cards in a row, overlapping like a hand held in the fingers."""
    from ..cards import cards as _cards
    cs = _cards(cards) if isinstance(cards, str) else [Card.parse(c) for c in cards]
    width = CARD_W + 4 + step * max(0, len(cs) - 1)
    body = "".join(f'<g transform="translate({2 + i * step} 2)">'
                   f'{_card_body(c, True, CARD_W, CARD_H)}</g>' for i, c in enumerate(cs))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{CARD_H + 4}" '
            f'viewBox="0 0 {width} {CARD_H + 4}" font-family="{FONT}">{body}</svg>')


def game_svg(game: Game, perspective: int | None = None, **options: Any) -> str:
    """A position as SVG (what ``Game._repr_svg_`` shows): ``build_scene`` then ``scene_svg``.
    ``options`` go to ``build_scene`` (``highlight``, ``caption``, …)."""
    scene = build_scene(game, perspective, **options)
    title: str = scene.info["status"]
    return scene_svg(scene, title=title)


def counter_svg(game: Game, seat: int, **options: Any) -> str:
    """The card-counting grid of ``seat`` as SVG (see ``counter_scene``)."""
    return scene_svg(counter_scene(game, seat, **options))
