"""What a card looks like: its face and its back, as primitives in the card's own box.

Both renderers draw a card from these items: the SVG renderer writes them inside a translated
group, the canvas renderer draws each face once to an off-screen canvas and stamps it. Suits are
vector shapes (not font glyphs), so a card looks the same in every browser, on GitHub and in a
headless test.

>>> items = face_items(Card.parse("10♦"), 48, 68)
>>> [it.text for it in items if isinstance(it, Text)][:1]
['10']
>>> isinstance(back_items(48, 68)[0], Rect)
True

The second deck's copy in a 72-card game (R0) carries a prime beside its rank, in both corners:

>>> [it.text for it in face_items(Card.parse("7♠'"), 48, 68) if isinstance(it, Text)][:2]
['7', '′']

A card with no suit has a mark in its corners and a word in the middle: a joker ★ and JOKER, a
wild card (R9.50) its name and WILD, the mega card (R9.51) M and MEGA:

>>> [[it.text for it in face_items(Card.parse(c), 48, 68) if isinstance(it, Text)][-1]
...  for c in ("RJ", "W2", "MJ")]
['JOKER', 'WILD', 'MEGA']
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card, Rank, Suit
from .prims import Group, Item, Path, Rect, Text

__all__ = ["face_items", "back_items", "SUIT_PATHS", "RED", "BLACK", "FONT", "pip"]

RED, BLACK = "#c8102e", "#151515"
#: the cards with no suit (R9.22, R9.50, R9.51): the corner mark and the word in the middle of
#: the face; a joker is red or black, a wild card purple, the mega card green (seed 001 calls it
#: «зелёный джокер», the green joker)
WILD_COLOUR, MEGA_COLOUR = "#6a3d9a", "#1b7a3a"
FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
BACK_BLUE = "#1d3f8a"

#: each suit as an SVG path in a 100×100 box (clockwise sub-paths, so the non-zero rule unites them)
SUIT_PATHS = {
    Suit.SPADES: ("M50 4C62 18 96 40 96 64C96 78 85 86 73 86C64 86 57 82 53 76C54 86 58 93 66 97"
                  "L34 97C42 93 46 86 47 76C43 82 36 86 27 86C15 86 4 78 4 64C4 40 38 18 50 4Z"),
    Suit.CLUBS: ("M29 27A21 21 0 1 1 71 27A21 21 0 1 1 29 27Z"
                 "M6 60A21 21 0 1 1 48 60A21 21 0 1 1 6 60Z"
                 "M52 60A21 21 0 1 1 94 60A21 21 0 1 1 52 60Z"
                 "M40 40L60 40L60 64L40 64Z"
                 "M50 50C52 72 56 87 66 97L34 97C44 87 48 72 50 50Z"),
    Suit.DIAMONDS: "M50 2L88 50L50 98L12 50Z",
    Suit.HEARTS: ("M50 92C38 80 4 58 4 30C4 14 16 4 29 4C39 4 46 10 50 20"
                  "C54 10 61 4 71 4C84 4 96 14 96 30C96 58 62 80 50 92Z"),
}

_COURT = {Rank.JACK, Rank.QUEEN, Rank.KING}
#: the mark of the second deck's copy (R0, 72 cards), drawn beside the corner rank
COPY_MARK = "′"


def _copy_mark(card: Card, cx: float, baseline: float, fs: float, color: str,
               left: bool = False) -> list[Item]:
    """R0: a twin of the second deck shows a prime just beside its corner rank (right of it;
    ``left`` where the corner sits at the card's right edge), so the two identical cards of a
    72-card game can be told apart on the table; nothing for the first deck's cards."""
    if not card.copy:
        return []
    half = fs * (0.62 if card.rank == Rank.TEN else 0.36)  # half the rank's width, roughly
    x, anchor = (cx - half, "end") if left else (cx + half, "start")
    return [Text(x, baseline - fs * 0.1, COPY_MARK, round(fs * 0.9), color, anchor, True)]


def pip(suit: Suit, cx: float, cy: float, size: float, color: str | None = None,
        layer: int = 1) -> Path:
    """A suit shape ``size`` pixels across, centred on (``cx``, ``cy``)."""
    if color is None:
        color = RED if suit.is_red else BLACK
    return Path(SUIT_PATHS[suit], cx - size / 2, cy - size / 2, size / 100, fill=color, layer=layer)


@lru_cache(maxsize=None)
def face_items(card: Card, w: int, h: int) -> tuple[Item, ...]:
    """The face of ``card`` in a ``w``×``h`` box: rounded white card, rank and suit in two
    opposite corners, a large suit (or a framed court letter) in the middle.

    A box wider than it is tall is a card lying crosswise (the trump card under the talon): its
    index stands upright in the top-right corner — the end that sticks out from under the talon —
    so rank and suit read without turning the head.
    """
    if w > h:
        return _crosswise(card, w, h)
    color = RED if card.is_red else BLACK
    r = max(3, round(w / 9))
    items: list[Item] = [Rect(0, 0, w, h, r=r, fill="#ffffff", stroke="#8a8a8a", width=1)]
    fs = round(w * 0.27)                     # corner rank size: 13 px on a 48 px card
    cx = round(w * 0.2, 1)                   # corner column centre
    if card.suit is None:
        mark, word, color = _special(card)
        corner: list[Item] = [Text(cx, fs + 2, mark, fs if len(mark) == 1 else round(fs * 0.8),
                                   color, "middle", True)]
        items += corner
        items.append(Group(180, w / 2, h / 2, tuple(corner)))
        items.append(Text(w / 2, h / 2 + 4, word, max(7, round(w * 0.18)), color, "middle", True))
        return tuple(items)
    corner = [Text(cx, fs + 2, card.rank.symbol, fs, color, "middle", True),
              *_copy_mark(card, cx, fs + 2, fs, color),
              pip(card.suit, cx, fs + 2 + w * 0.14, w * 0.2, color)]
    items += corner
    items.append(Group(180, w / 2, h / 2, tuple(corner)))
    if card.rank in _COURT:
        fx, fy, fw, fh = w * 0.3, h * 0.2, w * 0.4, h * 0.6
        items.append(Rect(fx, fy, fw, fh, r=2, fill="#fbf3df", stroke=color, width=1))
        items.append(Text(w / 2, h / 2 + w * 0.06, card.rank.symbol, round(w * 0.36), color,
                          "middle", True))
        items.append(pip(card.suit, w / 2, fy + fh - w * 0.1, w * 0.14, color))
    else:
        size = w * (0.58 if card.rank == Rank.ACE else 0.44)
        items.append(pip(card.suit, w / 2 + w * 0.06, h / 2 + h * 0.04, size, color))
    return tuple(items)


def _special(card: Card) -> tuple[str, str, str]:
    """A card with no suit: its corner mark, the word in its middle and its colour."""
    if card.is_wild:
        return str(card), "WILD", WILD_COLOUR  # four of them: the corner says which (W1-W4)
    if card.is_mega:
        return "M", "MEGA", MEGA_COLOUR
    return "★", "JOKER", RED if card.is_red else BLACK


def _crosswise(card: Card, w: int, h: int) -> tuple[Item, ...]:
    """A card lying crosswise, drawn with upright writing: the index (a little larger than on an
    upright card) in the top-right and bottom-left corners, a suit in the middle."""
    color = RED if card.is_red else BLACK
    r = max(3, round(h / 9))
    items: list[Item] = [Rect(0, 0, w, h, r=r, fill="#ffffff", stroke="#8a8a8a", width=1)]
    fs = round(h * 0.31)                     # 15 px on a 68×48 card
    cx = w - round(h * 0.24, 1)              # corner column centre, from the right edge
    if card.suit is None:
        mark, word, color = _special(card)
        corner: list[Item] = [Text(cx, fs + 2, mark, fs if len(mark) == 1 else round(fs * 0.8),
                                   color, "middle", True)]
        mid: list[Item] = [Text(w / 2, h / 2 + 4, word, max(7, round(h * 0.18)), color, "middle",
                          True)]
    else:
        corner = [Text(cx, fs + 2, card.rank.symbol, fs, color, "middle", True),
                  *_copy_mark(card, cx, fs + 2, fs, color, left=True),
                  pip(card.suit, cx, fs + 2 + h * 0.17, h * 0.22, color)]
        mid = [pip(card.suit, w / 2, h / 2, h * 0.42, color)]
    items += corner
    items.append(Group(180, w / 2, h / 2, tuple(corner)))
    items += mid
    return tuple(items)


@lru_cache(maxsize=None)
def back_items(w: int, h: int) -> tuple[Item, ...]:
    """The back of a card: blue, a white frame and a diagonal lattice."""
    r = max(3, round(w / 9))
    inset = max(3, round(w / 12))
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    segs = []
    step = 8
    # lines x + y = c and x - y = c, clipped to the inner frame
    for c in range(int(x0 + y0) + step, int(x1 + y1), step):
        ax = max(x0, c - y1)
        bx = min(x1, c - y0)
        if bx > ax:
            segs.append(f"M{ax:g} {c - ax:g}L{bx:g} {c - bx:g}")
    for c in range(int(x0 - y1) + step, int(x1 - y0), step):
        ax = max(x0, c + y0)
        bx = min(x1, c + y1)
        if bx > ax:
            segs.append(f"M{ax:g} {ax - c:g}L{bx:g} {bx - c:g}")
    return (Rect(0, 0, w, h, r=r, fill=BACK_BLUE, stroke="#ffffff", width=1),
            Path("".join(segs), stroke="#8fa8e0", width=1),
            Rect(x0, y0, x1 - x0, y1 - y0, r=max(2, r - 2), stroke="#ffffff", width=1.5))
