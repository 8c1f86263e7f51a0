"""The coach's layer on a table picture: a chance on each card you could play, the recommended
move outlined, a strip of the cards still out by suit, and the coach's sentences underneath.

``coach_overlay(advice)`` turns a ``durak_edu.coach.Advice`` into a plain ``CoachOverlay``;
``build_scene(..., overlay=…)`` lays it out with the rest (``overlay_items``), so both renderers
and the static SVG show the same thing.

>>> from durak_edu import from_position
>>> from durak_edu.coach import advise
>>> ov = coach_overlay(advise(from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")))
>>> sorted((str(c), t) for c, t in ov.chances.items()), sorted(map(str, ov.best))
([('7♠', 'loss'), ('A♥', 'win')], ['A♥'])
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Callable, Iterable
from typing import Any

from ..cards import Card, Suit
from ..prob.simulate import Estimate
from ..rates import percent_text
from .prims import Badge, CardItem, Item, Mark, Rect, Text

__all__ = ["CoachOverlay", "coach_overlay", "thinking_overlay", "overlay_items", "chance_badge",
           "badge_width", "badge_box", "STRIP_H", "LEGEND"]

#: the height of the strip of cards still out, under the table
STRIP_H = 30
_VALUE_WORD = {1: "win", 0: "draw", -1: "loss"}
_VALUE_FILL = {1: "#1f7a3f", 0: "#5d6b63", -1: "#9b1c1c"}
_CHANCE_FILL = "#101820"
_THROW_FILL = "#23408e"
#: what each kind of badge means, written under the coach's sentences
LEGEND = {"p_beaten": "the chance the next player can beat the card",
          "p_follow": "the chance the next player can follow the card",
          "p_throw": "blue, on a card you could beat with: the chance a thrower holds a card to "
                     "add after it",
          "value": "win, draw or loss: the move's result with best play on both sides"}


@dataclass(frozen=True)
class CoachOverlay:
    """What the coach adds to a picture, as plain data: ``seat`` (whose hand), ``chances``
    (card → the words on its badge), ``best`` (cards of the recommended move), ``out`` (suit →
    the cards still out), ``lines`` (the sentences), ``thinking`` (still computing)."""

    seat: int
    chances: dict[Card, str] = field(default_factory=dict)
    best: frozenset[Card] = frozenset()
    out: tuple[tuple[Suit | None, tuple[Card, ...]], ...] = ()
    lines: tuple[str, ...] = ()
    thinking: bool = False
    #: card → the badge's fill colour (values: green win, grey draw, red loss)
    fills: dict[Card, str] = field(default_factory=dict)


def chance_badge(p: Fraction | Estimate) -> str:
    """A chance as a badge's words: ``"84%"`` exact, ``"≈79%"`` sampled, and a near certainty
    of either kind ``">99%"`` / ``"<1%"``, never ``"100%"`` (``durak_edu.rates``' one rule).

    >>> chance_badge(Fraction(19, 20)), chance_badge(Estimate(0.7912, 0.013))
    ('95%', '≈79%')
    >>> chance_badge(Fraction(1489, 1495)), chance_badge(Fraction(1))
    ('>99%', '100%')
    """
    return percent_text(p, compact=True)


def coach_overlay(advice: Any) -> CoachOverlay:
    """The overlay of an ``Advice``: one badge per card that can be played alone (its chance of
    being answered, or its value where the ending is solved), the cards of ``best[0]``."""
    chances: dict[Card, str] = {}
    fills: dict[Card, str] = {}
    kinds: list[str] = []
    best_actions = set(advice.best)
    ranked = sorted(advice.options, key=lambda o: o.action not in best_actions)  # best first
    for o in ranked:
        if len(o.cards) != 1:
            continue
        c = o.cards[0]
        if o.value is not None:
            if c not in chances or o.value > _worth(chances[c]):
                chances[c] = _VALUE_WORD[o.value]
                fills[c] = _VALUE_FILL[o.value]
                kinds.append("value")
        elif o.chance is not None and c not in chances:
            chances[c] = chance_badge(o.chance)
            fills[c] = _CHANCE_FILL
            kinds.append("p_beaten" if o.p_beaten is not None else "p_follow")
        elif getattr(o, "p_throw", None) is not None and c not in chances:
            chances[c] = chance_badge(o.p_throw)
            fills[c] = _THROW_FILL
            kinds.append("p_throw")
    best: frozenset[Card] = frozenset()
    if advice.best:
        first = next(o for o in advice.options if o.action == advice.best[0])
        best = frozenset(first.cards)
    out = tuple((s, tuple(cs)) for s, cs in advice.out_by_suit.items())
    said = [LEGEND[k] for k in LEGEND if k in kinds]
    lines = (advice.text,) + (("Numbers on your cards: " + "; ".join(said) + ".",) if said else ())
    return CoachOverlay(advice.seat, chances, best, out, lines, False, fills)


def _worth(word: str) -> int:
    return {w: v for v, w in _VALUE_WORD.items()}.get(word, -2)


def thinking_overlay(seat: int) -> CoachOverlay:
    """The overlay shown while the coach is computing."""
    return CoachOverlay(seat, lines=("coach: thinking…",), thinking=True)


def _ranks(cs: Iterable[Card]) -> str:
    """The ranks of one suit's cards, low to high; a card of no suit by its name (a joker, a
    wild card ``W1``-``W4``, the mega card: R9.22, R9.50, R9.51)."""
    return " ".join(c.rank.symbol if c.suit is not None else str(c)
                    for c in sorted(cs, key=lambda c: (c.rank, c.copy)))


BADGE_H = 14


def badge_width(words: str) -> float:
    """The width of a chance badge with ``words`` on it (9 px type): the scene spreads the
    coach's hand so that much of every card shows."""
    return 6 + 5.6 * len(words)


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def badge_box(it: CardItem, words: str, above: list[CardItem]) -> tuple[float, float, float,
                                                                         float]:
    """Where the badge of card ``it`` sits: on the part of the card that shows, never over
    another card — its bottom-left corner, or, where a card of the next row covers that, its
    top-left (over its own index, which the next card's would hide anyway: the top band shows
    the index of a card in a higher row only left of the badge). ``above``: the cards drawn
    over ``it``. A pure function of the layout.

    >>> from durak_edu.cards import Card
    >>> a = CardItem(0, 0, 48, 68, Card.parse("7♠"), True, "hand", 0, 0)
    >>> b = CardItem(30, 0, 48, 68, Card.parse("8♠"), True, "hand", 0, 1)
    >>> badge_box(a, "95%", [b])
    (1, 53, 22.799999999999997, 14)
    """
    w = badge_width(words)
    for x, y in ((it.x + 1, it.y + it.h - BADGE_H - 1), (it.x + 1, it.y + 1)):
        box = (x, y, w, BADGE_H)
        if not any(_meets(box, o.box) for o in above):
            return box
    return (it.x + 1, it.y + it.h - BADGE_H - 1, w, BADGE_H)


def overlay_items(ov: CoachOverlay, cards: list[CardItem], y0: float, width: float,
                  pip: Callable[[Suit, float, float], Item]) -> tuple[list[Item], int]:
    """The overlay's primitives: badges and outlines on ``cards`` (the scene's card items, in
    drawing order), the strip and the sentences from ``y0`` down. Returns ``(items, height
    used below y0)``."""
    items: list[Item] = []
    for i, it in enumerate(cards):
        if it.zone != "hand" or it.seat != ov.seat or not it.face_up or it.card is None:
            continue
        words = ov.chances.get(it.card)
        if words is not None:
            bx, by, bw, bh = badge_box(it, words, cards[i + 1:])
            items.append(Badge(bx, by, bw, bh, words,
                               ov.fills.get(it.card, _CHANCE_FILL), "#ffffff", 9, "#ffffff"))
        if it.card in ov.best:
            items.append(Mark(it.x - 5, it.y - 5, it.w + 10, it.h + 10, "best", 2))
    y = y0
    items.append(Rect(8, y, width - 16, STRIP_H - 4, r=6, fill="#000000", alpha=0.25, layer=0))
    items.append(Text(16, y + 18, "still out:", 12, "#f2f2f2", "start", True))
    x = 90.0
    if ov.thinking:
        items.append(Text(x, y + 18, "…", 12, "#f2f2f2"))
    elif not ov.out:
        items.append(Text(x, y + 18, "nothing: every card's place is known", 12, "#f2f2f2"))
    # the ranks out, suit by suit; a big deck (52 cards and more) may not fit at 12 px: then a
    # smaller type, and at the last only the counts, so the strip never runs off the table
    texts = [f"{_ranks(cs)} ({len(cs)})" for _, cs in ov.out]
    room = width - 16 - x - 22 * sum(s is not None for s, _ in ov.out)  # less the suit pips
    need = sum(7.2 * len(text) + 14 for text in texts)
    scale = min(1.0, room / need) if need else 1.0
    if scale < 0.65:
        texts = [f"({len(cs)})" for _, cs in ov.out]
        scale = 1.0
    for (suit, cs), text in zip(ov.out, texts):
        if suit is not None:
            items.append(pip(suit, x + 8, y + 13))
            x += 22
        items.append(Text(x, y + 18, text, round(12 * scale, 1), "#f2f2f2"))
        x += (7.2 * len(text) + 14) * scale
    y += STRIP_H
    lines = [part for line in ov.lines for part in (textwrap.wrap(line, 118) or [""])]
    for i, line in enumerate(lines):
        items.append(Text(16, y + 14 + 17 * i, line, 12.5, "#ffd24a" if ov.thinking else "#f2f2f2"))
    return items, STRIP_H + 17 * len(lines) + (8 if lines else 0)
